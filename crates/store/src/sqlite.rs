//! The embedded SQLite database: one file in the data folder, in write-ahead-log mode with full
//! synchronisation (`synchronous = FULL`: every commit syncs the log, so an acknowledged enquiry
//! survives a power cut as well as a crash; `NORMAL` would only survive a crash). Enquiries, mail
//! claims and "mail sent" marks are written by one writer in groups (`super::group_commit`), so
//! one sync covers many posts; the other writers (the mail worker's retries, retention, the
//! studio) queue on the busy timeout rather than failing.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePool, SqlitePoolOptions,
    SqliteSynchronous,
};
use sqlx::Row;

use super::shared::shared_statements;
use super::ClaimedMail;
use super::MailClaim;
use super::StorageError;

/// How long a writer waits for another writer's transaction.
const BUSY_TIMEOUT: Duration = Duration::from_secs(15);

/// Opens (creating if missing) the database file at `path`.
pub async fn connect_file(path: &Path) -> Result<SqlitePool, StorageError> {
    let options = SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true);
    connect(options, path.display().to_string()).await
}

/// Opens a `sqlite:` URL.
pub async fn connect_url(url: &str) -> Result<SqlitePool, StorageError> {
    let options = SqliteConnectOptions::from_str(url).map_err(|source| StorageError::Open {
        target: url.to_owned(),
        source,
    })?;
    connect(options.create_if_missing(true), url.to_owned()).await
}

async fn connect(
    options: SqliteConnectOptions,
    target: String,
) -> Result<SqlitePool, StorageError> {
    let options = options
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Full)
        .busy_timeout(BUSY_TIMEOUT)
        .foreign_keys(true);
    SqlitePoolOptions::new()
        .max_connections(4)
        .acquire_timeout(Duration::from_secs(30))
        .connect_with(options)
        .await
        .map_err(|source| StorageError::Open { target, source })
}

/// One UPDATE claims the rows: SQLite has a single writer, so two claimers never take the same
/// row. Runs in the group-commit writer's transaction (`super::group_commit`).
pub async fn claim(
    connection: &mut SqliteConnection,
    MailClaim {
        now,
        until,
        token,
        limit,
    }: &MailClaim,
) -> Result<Vec<ClaimedMail>, StorageError> {
    let claimed = sqlx::query(
        "UPDATE mail_outbox SET claimed_until = ?1, claimed_by = ?2, attempts = attempts + 1
         WHERE enquiry_id IN (
             SELECT enquiry_id FROM mail_outbox
             WHERE sent_at IS NULL AND next_attempt_at <= ?3
               AND (claimed_until IS NULL OR claimed_until <= ?3)
             ORDER BY next_attempt_at LIMIT ?4)
         RETURNING enquiry_id",
    )
    .bind(until)
    .bind(token)
    .bind(now)
    .bind(limit)
    .fetch_all(&mut *connection)
    .await?;
    if claimed.is_empty() {
        return Ok(Vec::new());
    }
    let rows = sqlx::query(
        "SELECT o.enquiry_id, o.attempts, o.claimed_until, e.received_at, e.payload
         FROM mail_outbox o JOIN enquiries e ON e.id = o.enquiry_id
         WHERE o.claimed_by = ? AND o.sent_at IS NULL ORDER BY o.next_attempt_at",
    )
    .bind(token)
    .fetch_all(&mut *connection)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(ClaimedMail {
                enquiry_id: row.try_get("enquiry_id")?,
                attempts: row.try_get("attempts")?,
                claimed_until: row.try_get("claimed_until")?,
                received_at: row.try_get("received_at")?,
                payload: row.try_get("payload")?,
                token: token.clone(),
            })
        })
        .collect()
}

shared_statements!(SqlitePool, SqliteConnection, sqlx::Sqlite);
