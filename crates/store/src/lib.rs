//! The database: every table and its SQL, on SQLite or PostgreSQL. No other crate of the site
//! names sqlx; each module here is the one place its tables are read and written.
//!
//! - This module: enquiries and the mail outbox ([`Store`]), group commit, migrations.
//! - [`staff`]: staff accounts, set-up links, sessions, the sign-in throttle's failures and the
//!   inbox's view of enquiries; [`audit`]: the staff area's audit log; [`drafts`]: each staff
//!   member's content draft.
//! - [`published`]: the published content's versions, scheduled changes and their merge, and
//!   the content formats; [`photos`]: the originals of photos uploaded in the staff area.
//! - [`visitors`]: the visitors' daily totals and consented visits' steps.
//! - [`clock`]: the staff area's clock ([`StaffClock`]), which tests move.
//!
//! Enquiries and the mail outbox:
//!
//! One interface, two databases: an embedded SQLite file in the data folder by default (created
//! and migrated at start), or PostgreSQL when `DATABASE_URL` names one, so that several server
//! nodes can share the enquiries and the outbox.
//!
//! An accepted enquiry and its outbox row are written in one transaction ([`Store::insert`]), and
//! the visitor is told it was sent only after that transaction commits. The mail worker then
//! claims outbox rows with a lease ([`Store::claim_mail`]), delivers them and marks them sent
//! ([`Store::mark_sent`]) or schedules a retry ([`Store::retry_later`]). See `crate::mail` for why
//! this delivers every mail once, with a recognisable duplicate only after a crash between the
//! SMTP server's acceptance and the mark.

mod group_commit;

/// Runs `$body` with `$pool` bound to the store's pool, whichever database it is: for
/// statements written once with `$N` placeholders, which SQLite and PostgreSQL both take.
macro_rules! on_pool {
    ($store:expr, $pool:ident => $body:expr) => {
        match $store {
            $crate::Store::Sqlite($pool, _) => $body,
            $crate::Store::Postgres($pool) => $body,
        }
    };
}

pub mod audit;
pub mod backup;
pub mod clock;
pub mod drafts;
mod migrations;
pub mod passkeys;
/// The newest migration: the schema version this release brings a database to.
pub use migrations::LATEST as LATEST_MIGRATION;
pub mod photos;
mod postgres;
pub mod published;
mod shared;
mod sqlite;
pub mod staff;
pub mod visitors;

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

pub use clock::StaffClock;
use group_commit::GroupCommit;
use sqlx::{PgPool, SqlitePool};

/// File name of the embedded database inside the data folder.
pub const SQLITE_FILE: &str = "onespace.sqlite3";

/// A storage failure. None of these is the visitor's fault: the forms answer 503 and ask them to
/// try again, and the worker retries.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    /// `DATABASE_URL` is neither a PostgreSQL nor an SQLite URL.
    #[error(
        "DATABASE_URL (--database-url): '{0}' is not a postgres://, postgresql:// or sqlite: URL"
    )]
    Url(String),
    /// The database could not be opened or reached.
    #[error("cannot open the database ({target}): {source}")]
    Open {
        /// The SQLite file or the PostgreSQL host, never the password.
        target: String,
        /// What the driver said.
        source: sqlx::Error,
    },
    /// A schema migration failed.
    #[error("database migration {version} failed: {source}")]
    Migrate {
        /// Migration number.
        version: i64,
        /// What the driver said.
        source: sqlx::Error,
    },
    /// A query failed (connection lost, disk full, timeout).
    #[error("database query failed: {0}")]
    Query(#[from] sqlx::Error),
    /// The group commit carrying this write failed, so nothing of the group was stored.
    #[error("database commit failed: {0}")]
    Commit(Arc<sqlx::Error>),
    /// The copy taken before a migration failed, so the database was not migrated.
    #[error("the database was not migrated: its backup failed first: {0}")]
    Backup(#[from] backup::BackupError),
    /// The SQLite writer has stopped: the server is shutting down.
    #[error("the database writer has stopped (the server is shutting down)")]
    WriterStopped,
}

impl StorageError {
    /// A stored row that does not read (`what`, e.g. "content version 3", and `why`): reported
    /// as the driver reports a value it cannot decode.
    pub fn unreadable(what: &str, why: impl std::fmt::Display) -> Self {
        Self::Query(sqlx::Error::Decode(format!("{what}: {why}").into()))
    }
}

/// An enquiry to store, already validated and trimmed.
#[derive(Debug, Clone)]
pub struct NewEnquiry {
    /// Time-ordered unique id (UUID v7), also the mail's Message-ID part.
    pub id: String,
    /// Receipt time, Unix milliseconds.
    pub received_at: i64,
    /// The core's form name (`contact`, `investmentInterest`, ...).
    pub form: &'static str,
    /// The enquiry as SPEC section 7 JSON.
    pub payload: String,
    /// The post's idempotency key, stored with the enquiry (unique): a later post with the same
    /// key, or with this key among its [`Self::earlier_keys`], finds this enquiry instead of
    /// storing another.
    pub idempotency_key: Option<String>,
    /// Keys that mean the same post but are not stored with it (the previous window of a key
    /// derived from the content, `crate::enquiries::idempotency`): an enquiry stored under one of
    /// them is this post's first copy.
    pub earlier_keys: Vec<String>,
}

/// What [`Store::insert`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Inserted {
    /// The enquiry and its mail are stored.
    New,
    /// An enquiry with the same idempotency key was stored before, under this id: nothing new
    /// was stored or queued.
    Existing(String),
}

/// A stored enquiry, for the export.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredEnquiry {
    /// Id.
    pub id: String,
    /// Receipt time, Unix milliseconds.
    pub received_at: i64,
    /// The core's form name.
    pub form: String,
    /// SPEC section 7 JSON.
    pub payload: String,
    /// When the studio's mail was accepted by the mail server, Unix milliseconds.
    pub mailed_at: Option<i64>,
}

impl StoredEnquiry {
    /// A row of the export's query, from either database.
    fn from_row<'r, R>(row: &'r R) -> Result<Self, sqlx::Error>
    where
        R: sqlx::Row,
        &'static str: sqlx::ColumnIndex<R>,
        String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
        i64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    {
        Ok(Self {
            id: row.try_get("id")?,
            received_at: row.try_get("received_at")?,
            form: row.try_get("form")?,
            payload: row.try_get("payload")?,
            mailed_at: row.try_get("sent_at")?,
        })
    }
}

/// An outbox row claimed by this worker until `claimed_until`.
#[derive(Debug, Clone)]
pub struct ClaimedMail {
    /// The enquiry.
    pub enquiry_id: String,
    /// Receipt time of the enquiry, Unix milliseconds.
    pub received_at: i64,
    /// SPEC section 7 JSON of the enquiry.
    pub payload: String,
    /// Delivery attempts including this one.
    pub attempts: i64,
    /// End of the lease, Unix milliseconds: after it another worker may claim the row.
    pub claimed_until: i64,
    /// The claim's token: only its holder may release the row for a retry.
    pub token: String,
}

/// A claim of due mails: at `now` (Unix ms), up to `limit` rows, leased to `token` until `until`.
#[derive(Debug, Clone)]
pub struct MailClaim {
    now: i64,
    until: i64,
    token: String,
    limit: i64,
}

/// The database: embedded SQLite or shared PostgreSQL.
#[derive(Debug, Clone)]
pub enum Store {
    /// A file in the data folder (or a `sqlite:` URL), with the writer that stores enquiries,
    /// mail claims and "sent" marks in groups.
    Sqlite(SqlitePool, GroupCommit),
    /// A PostgreSQL server shared by several nodes.
    Postgres(PgPool),
}

impl Store {
    /// Opens the database named by `database_url`, or the SQLite file in `data_dir`, and runs the
    /// migrations, an SQLite database backed up first into the data folder's
    /// [`backup::BACKUPS_DIR`] when it has any to run.
    pub async fn open(database_url: Option<&str>, data_dir: &Path) -> Result<Self, StorageError> {
        Self::open_with_backups(database_url, data_dir, &data_dir.join(backup::BACKUPS_DIR)).await
    }

    /// [`Store::open`], an SQLite database backed up into `backups` before a migration.
    pub async fn open_with_backups(
        database_url: Option<&str>,
        data_dir: &Path,
        backups: &Path,
    ) -> Result<Self, StorageError> {
        let store = match database_url.map(str::trim).filter(|url| !url.is_empty()) {
            Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
                Self::Postgres(postgres::connect(url).await?)
            }
            Some(url) if url.starts_with("sqlite:") => {
                Self::sqlite(sqlite::connect_url(url).await?, backups).await?
            }
            Some(url) => return Err(StorageError::Url(redact(url))),
            None => {
                let pool = sqlite::connect_file(&data_dir.join(SQLITE_FILE)).await?;
                Self::sqlite(pool, backups).await?
            }
        };
        if let Self::Postgres(pool) = &store {
            migrations::run_postgres(pool).await?;
        }
        Ok(store)
    }

    /// The migrated SQLite store with its writer started on the current runtime; backed up into
    /// `backups` first when a migration is due.
    async fn sqlite(pool: SqlitePool, backups: &Path) -> Result<Self, StorageError> {
        if let Some(applied) = migrations::pending_sqlite(&pool).await? {
            backup::before_migration(&pool, backups, applied).await?;
        }
        migrations::run_sqlite(&pool).await?;
        let writer = GroupCommit::start(pool.clone());
        Ok(Self::Sqlite(pool, writer))
    }

    /// Which kind of database this is, for logs.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Sqlite(..) => "sqlite",
            Self::Postgres(_) => "postgres",
        }
    }

    /// Stores the enquiry and queues the studio's mail in one transaction, unless an enquiry
    /// with one of its idempotency keys is already stored: then nothing is written and the
    /// stored enquiry's id is returned. The key's unique index settles two copies of one post
    /// arriving at once: the second waits for the first's transaction and finds its row.
    pub async fn insert(&self, enquiry: &NewEnquiry) -> Result<Inserted, StorageError> {
        match self {
            Self::Sqlite(_, writer) => writer.insert(enquiry).await,
            Self::Postgres(pool) => postgres::insert(pool, enquiry).await,
        }
    }

    /// Claims up to `limit` due, unsent mails for `lease`: no other worker, on this node or
    /// another, claims them until the lease ends.
    pub async fn claim_mail(
        &self,
        limit: i64,
        lease: Duration,
    ) -> Result<Vec<ClaimedMail>, StorageError> {
        let now = now_ms();
        let claim = MailClaim {
            now,
            until: now.saturating_add(millis(lease)),
            token: uuid::Uuid::now_v7().to_string(),
            limit,
        };
        match self {
            Self::Sqlite(_, writer) => writer.claim(claim).await,
            Self::Postgres(pool) => postgres::claim(pool, &claim).await,
        }
    }

    /// Records that the mail server accepted the enquiry's mail.
    pub async fn mark_sent(&self, enquiry_id: &str) -> Result<(), StorageError> {
        let now = now_ms();
        match self {
            Self::Sqlite(_, writer) => writer.mark_sent(enquiry_id, now).await,
            Self::Postgres(pool) => postgres::mark_sent(pool, enquiry_id, now).await,
        }
    }

    /// Releases a claimed mail for another attempt after `delay`, recording why it failed.
    pub async fn retry_later(
        &self,
        mail: &ClaimedMail,
        delay: Duration,
        error: &str,
    ) -> Result<(), StorageError> {
        let next = now_ms().saturating_add(millis(delay));
        match self {
            Self::Sqlite(pool, _) => sqlite::retry_later(pool, mail, next, error).await,
            Self::Postgres(pool) => postgres::retry_later(pool, mail, next, error).await,
        }
    }

    /// Deletes enquiries received before `cutoff_ms` with their outbox rows; returns how many.
    pub async fn delete_received_before(&self, cutoff_ms: i64) -> Result<u64, StorageError> {
        match self {
            Self::Sqlite(pool, _) => sqlite::delete_before(pool, cutoff_ms).await,
            Self::Postgres(pool) => postgres::delete_before(pool, cutoff_ms).await,
        }
    }

    /// Every stored enquiry, oldest first.
    pub async fn all(&self) -> Result<Vec<StoredEnquiry>, StorageError> {
        match self {
            Self::Sqlite(pool, _) => sqlite::all(pool).await,
            Self::Postgres(pool) => postgres::all(pool).await,
        }
    }

    /// Unsent mails in the outbox.
    pub async fn pending_mail(&self) -> Result<i64, StorageError> {
        let sql = "SELECT COUNT(*) FROM mail_outbox WHERE sent_at IS NULL";
        Ok(match self {
            Self::Sqlite(pool, _) => sqlx::query_scalar(sql).fetch_one(pool).await?,
            Self::Postgres(pool) => sqlx::query_scalar(sql).fetch_one(pool).await?,
        })
    }

    /// Replaces the stored copy of the class schedule (JSON) fetched at `fetched_at` (Unix ms).
    pub async fn save_schedule(&self, fetched_at: i64, payload: &str) -> Result<(), StorageError> {
        const UPSERT: &str = "INSERT INTO schedule_copy (id, fetched_at, payload) VALUES (1, {1}, {2}) \
             ON CONFLICT (id) DO UPDATE SET fetched_at = excluded.fetched_at, payload = excluded.payload";
        match self {
            Self::Sqlite(pool, _) => {
                let sql = UPSERT.replace("{1}", "?").replace("{2}", "?");
                let query = sqlx::query(&sql).bind(fetched_at).bind(payload);
                query.execute(pool).await.map(drop)?;
            }
            Self::Postgres(pool) => {
                let sql = UPSERT.replace("{1}", "$1").replace("{2}", "$2");
                let query = sqlx::query(&sql).bind(fetched_at).bind(payload);
                query.execute(pool).await.map(drop)?;
            }
        }
        Ok(())
    }

    /// The stored copy of the class schedule: when it was fetched (Unix ms) and its JSON.
    pub async fn load_schedule(&self) -> Result<Option<(i64, String)>, StorageError> {
        let sql = "SELECT fetched_at, payload FROM schedule_copy WHERE id = 1";
        Ok(match self {
            Self::Sqlite(pool, _) => sqlx::query_as(sql).fetch_optional(pool).await?,
            Self::Postgres(pool) => sqlx::query_as(sql).fetch_optional(pool).await?,
        })
    }

    /// Answers when the database answers a trivial query.
    pub async fn ping(&self) -> Result<(), StorageError> {
        match self {
            Self::Sqlite(pool, _) => sqlx::query("SELECT 1").execute(pool).await.map(drop)?,
            Self::Postgres(pool) => sqlx::query("SELECT 1").execute(pool).await.map(drop)?,
        }
        Ok(())
    }

    /// Commits SQLite's queued writes, then closes every connection (checkpointing SQLite's
    /// write-ahead log).
    pub async fn close(&self) {
        match self {
            Self::Sqlite(pool, writer) => {
                writer.stop().await;
                pool.close().await;
            }
            Self::Postgres(pool) => pool.close().await,
        }
    }
}

/// The current time in Unix milliseconds.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| {
            i64::try_from(elapsed.as_millis()).unwrap_or(i64::MAX)
        })
}

fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

/// A database URL without its password, for messages and logs.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            let credentials = &url[scheme_end + 3..at];
            let user = credentials.split(':').next().unwrap_or_default();
            format!("{}{user}:***{}", &url[..scheme_end + 3], &url[at..])
        }
        _ => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::redact;

    #[test]
    fn redacts_passwords_only() {
        assert_eq!(
            redact("postgres://studio:secret@db.example:5432/onespace"),
            "postgres://studio:***@db.example:5432/onespace"
        );
        assert_eq!(redact("sqlite:data/x.db"), "sqlite:data/x.db");
    }
}

/// Unix milliseconds as an RFC 3339 UTC timestamp (`2025-06-03T09:30:00Z`).
pub fn format_utc(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3_600,
        rest % 3_600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod time_tests {
    #[test]
    fn formats_utc() {
        assert_eq!(super::format_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(super::format_utc(1_748_943_000_000), "2025-06-03T09:30:00Z");
        assert_eq!(super::format_utc(951_782_400_000), "2000-02-29T00:00:00Z");
    }
}
