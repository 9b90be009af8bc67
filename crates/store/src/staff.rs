//! The staff area's statements, on the site's database (SQLite or PostgreSQL, see
//! `crate`): written once with `$N` placeholders, which both take, and run on
//! whichever pool the store holds. The tables are created by migration 4.

use crate::{StorageError, Store};

/// What a staff member may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Everything: staff, the audit log, exports and erasure too.
    Owner,
    /// The inbox (read, answer, mark) and the content (edit, publish, restore).
    Editor,
}

impl Role {
    /// As stored and typed on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Owner => "owner",
            Self::Editor => "editor",
        }
    }

    /// From its stored or typed name.
    pub fn parse(value: &str) -> Option<Self> {
        match value {
            "owner" => Some(Self::Owner),
            "editor" => Some(Self::Editor),
            _ => None,
        }
    }
}

/// A staff account.
#[derive(Debug, Clone)]
pub struct Account {
    /// Id (UUID v7).
    pub id: String,
    /// E-mail address, lower case: the sign-in name.
    pub email: String,
    /// Role.
    pub role: Role,
    /// argon2id PHC string; `None` until the set-up link is used.
    pub password_hash: Option<String>,
    /// Base32 TOTP secret; `None` until set up.
    pub totp_secret: Option<String>,
    /// The last TOTP step accepted, so a code is used once.
    pub totp_last_step: Option<i64>,
    /// When it was added, Unix ms.
    pub created_at: i64,
}

impl Account {
    /// Whether the set-up link has been used (a password and a second factor exist).
    pub fn is_set_up(&self) -> bool {
        self.password_hash.is_some() && self.totp_secret.is_some()
    }
}

type AccountRow = (
    String,
    String,
    String,
    Option<String>,
    Option<String>,
    Option<i64>,
    i64,
);

fn account(row: AccountRow) -> Account {
    let (id, email, role, password_hash, totp_secret, totp_last_step, created_at) = row;
    Account {
        id,
        email,
        // An unknown stored role gets the lesser rights.
        role: Role::parse(&role).unwrap_or(Role::Editor),
        password_hash,
        totp_secret,
        totp_last_step,
        created_at,
    }
}

const ACCOUNT_COLUMNS: &str =
    "id, email, role, password_hash, totp_secret, totp_last_step, created_at";

/// A set-up link.
#[derive(Debug, Clone)]
pub struct Invite {
    /// The account it sets up.
    pub account_id: String,
    /// When it stops working, Unix ms.
    pub expires_at: i64,
    /// When it was used, if it was.
    pub used_at: Option<i64>,
    /// The TOTP secret shown on its page, kept so that reloading the page shows the same one.
    pub totp_secret: Option<String>,
}

/// How far a session has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// The password was right; the second factor is awaited (a few minutes at most).
    SecondFactor,
    /// Signed in.
    SignedIn,
}

impl Stage {
    fn as_str(self) -> &'static str {
        match self {
            Self::SecondFactor => "second-factor",
            Self::SignedIn => "signed-in",
        }
    }
}

/// A session, as stored.
#[derive(Debug, Clone)]
pub struct Session {
    /// SHA-256 of the cookie's id.
    pub id_hash: String,
    /// Whose.
    pub account_id: String,
    /// How far it has come.
    pub stage: Stage,
    /// The form token every state-changing request of this session must carry.
    pub csrf: String,
    /// Created, Unix ms.
    pub created_at: i64,
    /// Last request, Unix ms.
    pub last_seen_at: i64,
    /// Client address at sign-in.
    pub address: String,
}

type SessionRow = (String, String, String, String, i64, i64, String);

fn session(row: SessionRow) -> Session {
    let (id_hash, account_id, stage, csrf, created_at, last_seen_at, address) = row;
    Session {
        id_hash,
        account_id,
        stage: if stage == Stage::SignedIn.as_str() {
            Stage::SignedIn
        } else {
            Stage::SecondFactor
        },
        csrf,
        created_at,
        last_seen_at,
        address,
    }
}

const SESSION_COLUMNS: &str = "id_hash, account_id, stage, csrf, created_at, last_seen_at, address";

/// The statement that appends a line to the audit log (id, at, actor, action, detail, address
/// as `$1`..`$6`; `crate::audit::INSERT_LINE` for callers writing inside their own
/// transaction).
pub const INSERT_AUDIT_LINE: &str =
    "INSERT INTO studio_audit (id, at, actor, action, detail, address) VALUES ($1, $2, $3, $4, $5, $6)";

/// A line of the audit log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditEntry {
    /// When, Unix ms.
    pub at: i64,
    /// Who (their e-mail address), when someone was signed in or named.
    pub actor: Option<String>,
    /// What happened (`sign-in`, `sign-in-failed`, `enquiry-erased`...).
    pub action: String,
    /// Details: which enquiry, which account, how many rows; never a secret.
    pub detail: String,
    /// Client address.
    pub address: String,
    /// How many times it happened: repeated refusals are one line (`record_repeat`).
    pub repeats: i64,
}

/// An enquiry as the inbox shows it: the stored enquiry (as the export writes it) and its state.
#[derive(Debug, Clone)]
pub struct InboxRow {
    /// The enquiry.
    pub enquiry: crate::StoredEnquiry,
    /// `new`, `answered` or `closed`.
    pub state: String,
    /// The note given with the last change of state.
    pub state_note: Option<String>,
    /// When the state last changed.
    pub state_changed_at: Option<i64>,
    /// Who changed it.
    pub state_changed_by: Option<String>,
}

type InboxTuple = (
    String,
    i64,
    String,
    String,
    String,
    Option<String>,
    Option<i64>,
    Option<String>,
    Option<i64>,
);

fn inbox_row(row: InboxTuple) -> InboxRow {
    let (
        id,
        received_at,
        form,
        payload,
        state,
        state_note,
        state_changed_at,
        state_changed_by,
        mailed_at,
    ) = row;
    InboxRow {
        enquiry: crate::StoredEnquiry {
            id,
            received_at,
            form,
            payload,
            mailed_at,
        },
        state,
        state_note,
        state_changed_at,
        state_changed_by,
    }
}

const INBOX_SELECT: &str = "SELECT e.id, e.received_at, e.form, e.payload, e.state, e.state_note, \
     e.state_changed_at, e.state_changed_by, o.sent_at \
     FROM enquiries e LEFT JOIN mail_outbox o ON o.enquiry_id = e.id";

/// How many accounts exist (set up or not): with none, the area answers 404.
pub async fn account_count(store: &Store) -> Result<i64, StorageError> {
    let sql = "SELECT COUNT(*) FROM studio_accounts";
    Ok(on_pool!(store, pool => sqlx::query_scalar(sql).fetch_one(pool).await?))
}

/// The account with this (lower-case) e-mail address.
pub async fn account_by_email(store: &Store, email: &str) -> Result<Option<Account>, StorageError> {
    let sql = format!("SELECT {ACCOUNT_COLUMNS} FROM studio_accounts WHERE email = $1");
    let row: Option<AccountRow> =
        on_pool!(store, pool => sqlx::query_as(&sql).bind(email).fetch_optional(pool).await?);
    Ok(row.map(account))
}

/// The account with this id.
pub async fn account_by_id(store: &Store, id: &str) -> Result<Option<Account>, StorageError> {
    let sql = format!("SELECT {ACCOUNT_COLUMNS} FROM studio_accounts WHERE id = $1");
    let row: Option<AccountRow> =
        on_pool!(store, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await?);
    Ok(row.map(account))
}

/// Every account, oldest first.
pub async fn accounts(store: &Store) -> Result<Vec<Account>, StorageError> {
    let sql = format!("SELECT {ACCOUNT_COLUMNS} FROM studio_accounts ORDER BY created_at, email");
    let rows: Vec<AccountRow> =
        on_pool!(store, pool => sqlx::query_as(&sql).fetch_all(pool).await?);
    Ok(rows.into_iter().map(account).collect())
}

/// Within `tx`, deletes the account's recovery codes and stores `hashes` as its new ones.
macro_rules! put_recovery_codes {
    ($tx:expr, $account_id:expr, $hashes:expr) => {{
        sqlx::query("DELETE FROM studio_recovery_codes WHERE account_id = $1")
            .bind($account_id)
            .execute(&mut *$tx)
            .await?;
        for hash in $hashes {
            sqlx::query(
                "INSERT INTO studio_recovery_codes (account_id, code_hash) VALUES ($1, $2)",
            )
            .bind($account_id)
            .bind(hash)
            .execute(&mut *$tx)
            .await?;
        }
    }};
}

/// Adds an account that is not set up yet; `false` if the address already has one.
pub async fn insert_account(
    store: &Store,
    id: &str,
    email: &str,
    role: Role,
    now: i64,
) -> Result<bool, StorageError> {
    let sql = "INSERT INTO studio_accounts (id, email, role, created_at) VALUES ($1, $2, $3, $4) \
               ON CONFLICT (email) DO NOTHING";
    let added = on_pool!(store, pool => sqlx::query(sql)
        .bind(id).bind(email).bind(role.as_str()).bind(now)
        .execute(pool).await?.rows_affected());
    Ok(added == 1)
}

/// Gives the account `role` and a new set-up link, ending any earlier one: what an invitation
/// of someone not set up yet does, whatever an earlier invitation said. Returns the role the
/// account had and whether an earlier link that still worked at `now` was ended.
pub async fn replace_invite(
    store: &Store,
    account_id: &str,
    role: Role,
    token_hash: &str,
    expires_at: i64,
    now: i64,
) -> Result<(Option<Role>, bool), StorageError> {
    let (was, ended) = on_pool!(store, pool => {
        let mut tx = pool.begin().await?;
        // A write first: on SQLite it takes the write lock before anything is read.
        let ended = sqlx::query(
            "DELETE FROM studio_invites WHERE account_id = $1 AND used_at IS NULL AND expires_at > $2",
        )
        .bind(account_id).bind(now).execute(&mut *tx).await?.rows_affected();
        sqlx::query("DELETE FROM studio_invites WHERE account_id = $1")
            .bind(account_id).execute(&mut *tx).await?;
        let was: Option<String> = sqlx::query_scalar("SELECT role FROM studio_accounts WHERE id = $1")
            .bind(account_id).fetch_optional(&mut *tx).await?;
        sqlx::query("UPDATE studio_accounts SET role = $1 WHERE id = $2")
            .bind(role.as_str()).bind(account_id).execute(&mut *tx).await?;
        sqlx::query("INSERT INTO studio_invites (token_hash, account_id, expires_at) VALUES ($1, $2, $3)")
            .bind(token_hash).bind(account_id).bind(expires_at).execute(&mut *tx).await?;
        tx.commit().await?;
        (was, ended)
    });
    Ok((was.as_deref().and_then(Role::parse), ended > 0))
}

/// The set-up link with this token hash.
pub async fn invite(store: &Store, token_hash: &str) -> Result<Option<Invite>, StorageError> {
    let sql = "SELECT account_id, expires_at, used_at, totp_secret FROM studio_invites WHERE token_hash = $1";
    let row: Option<(String, i64, Option<i64>, Option<String>)> =
        on_pool!(store, pool => sqlx::query_as(sql).bind(token_hash).fetch_optional(pool).await?);
    Ok(
        row.map(|(account_id, expires_at, used_at, totp_secret)| Invite {
            account_id,
            expires_at,
            used_at,
            totp_secret,
        }),
    )
}

/// Keeps the TOTP secret the set-up page showed first (only if none is kept yet); returns the
/// one kept.
pub async fn keep_invite_secret(
    store: &Store,
    token_hash: &str,
    secret: &str,
) -> Result<Option<String>, StorageError> {
    let sql =
        "UPDATE studio_invites SET totp_secret = $1 WHERE token_hash = $2 AND totp_secret IS NULL";
    on_pool!(store, pool => sqlx::query(sql).bind(secret).bind(token_hash).execute(pool).await.map(drop)?);
    Ok(invite(store, token_hash)
        .await?
        .and_then(|invite| invite.totp_secret))
}

/// What a used set-up link stores.
pub struct SetUp<'a> {
    /// The link's token hash.
    pub token_hash: &'a str,
    /// The account it sets up.
    pub account_id: &'a str,
    /// The chosen password's argon2id hash.
    pub password_hash: &'a str,
    /// The TOTP secret the page showed.
    pub totp_secret: &'a str,
    /// The step of the code that proved it (so that code is not accepted again).
    pub totp_step: i64,
    /// The recovery codes' hashes.
    pub recovery_hashes: &'a [String],
}

/// Uses a set-up link: in one transaction the link is marked used (only if it was unused and
/// unexpired at `now`), the account gets its password, second factor and recovery codes.
/// `false` if the link could not be used (used meanwhile, expired).
pub async fn complete_set_up(
    store: &Store,
    set_up: &SetUp<'_>,
    now: i64,
) -> Result<bool, StorageError> {
    on_pool!(store, pool => {
        let mut tx = pool.begin().await?;
        let used = sqlx::query(
            "UPDATE studio_invites SET used_at = $1 \
             WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1",
        )
        .bind(now).bind(set_up.token_hash).execute(&mut *tx).await?.rows_affected();
        if used != 1 {
            return Ok(false);
        }
        sqlx::query(
            "UPDATE studio_accounts SET password_hash = $1, totp_secret = $2, totp_last_step = $3 \
             WHERE id = $4",
        )
        .bind(set_up.password_hash).bind(set_up.totp_secret).bind(set_up.totp_step).bind(set_up.account_id)
        .execute(&mut *tx).await?;
        put_recovery_codes!(tx, set_up.account_id, set_up.recovery_hashes);
        tx.commit().await?;
    });
    Ok(true)
}

/// A stored TOTP secret, of an account or of a set-up link not used yet.
#[derive(Debug, Clone)]
pub struct StoredSecret {
    /// The account it belongs to.
    pub account_id: String,
    /// The set-up link's token hash when it is a link's, `None` for the account's own.
    pub invite: Option<String>,
    /// The value as stored.
    pub value: String,
}

/// Every stored TOTP secret: the accounts' and the set-up links'.
pub async fn stored_totp_secrets(store: &Store) -> Result<Vec<StoredSecret>, StorageError> {
    let accounts = "SELECT id, totp_secret FROM studio_accounts WHERE totp_secret IS NOT NULL";
    let invites = "SELECT account_id, token_hash, totp_secret FROM studio_invites \
                   WHERE totp_secret IS NOT NULL";
    let own: Vec<(String, String)> =
        on_pool!(store, pool => sqlx::query_as(accounts).fetch_all(pool).await?);
    let links: Vec<(String, String, String)> =
        on_pool!(store, pool => sqlx::query_as(invites).fetch_all(pool).await?);
    let own = own.into_iter().map(|(account_id, value)| StoredSecret {
        account_id,
        invite: None,
        value,
    });
    let links = links
        .into_iter()
        .map(|(account_id, token_hash, value)| StoredSecret {
            account_id,
            invite: Some(token_hash),
            value,
        });
    Ok(own.chain(links).collect())
}

/// Replaces a stored TOTP secret with `value` if it is still as `stored` read it; `false` if
/// it changed meanwhile.
pub async fn replace_totp_secret(
    store: &Store,
    stored: &StoredSecret,
    value: &str,
) -> Result<bool, StorageError> {
    let replaced = match &stored.invite {
        None => on_pool!(store, pool => sqlx::query(
            "UPDATE studio_accounts SET totp_secret = $1 WHERE id = $2 AND totp_secret = $3")
            .bind(value).bind(&stored.account_id).bind(&stored.value)
            .execute(pool).await?.rows_affected()),
        Some(token_hash) => on_pool!(store, pool => sqlx::query(
            "UPDATE studio_invites SET totp_secret = $1 WHERE token_hash = $2 AND totp_secret = $3")
            .bind(value).bind(token_hash).bind(&stored.value)
            .execute(pool).await?.rows_affected()),
    };
    Ok(replaced == 1)
}

/// Records `step` as the account's last TOTP step if it is later than the one stored: `false`
/// when another request used this code (or a later one) first.
pub async fn claim_totp_step(
    store: &Store,
    account_id: &str,
    step: i64,
) -> Result<bool, StorageError> {
    let sql = "UPDATE studio_accounts SET totp_last_step = $1 \
               WHERE id = $2 AND (totp_last_step IS NULL OR totp_last_step < $1)";
    let claimed = on_pool!(store, pool => sqlx::query(sql).bind(step).bind(account_id)
        .execute(pool).await?.rows_affected());
    Ok(claimed == 1)
}

/// Replaces every recovery code of the account (used or not, salted or from before codes
/// were) with `hashes`, in one transaction: the old codes stop working as the new ones start.
pub async fn replace_recovery_codes(
    store: &Store,
    account_id: &str,
    hashes: &[String],
) -> Result<(), StorageError> {
    on_pool!(store, pool => {
        let mut tx = pool.begin().await?;
        put_recovery_codes!(tx, account_id, hashes);
        tx.commit().await?;
    });
    Ok(())
}

/// Uses one recovery code: `false` if the account has no such unused code.
pub async fn use_recovery_code(
    store: &Store,
    account_id: &str,
    code_hash: &str,
    now: i64,
) -> Result<bool, StorageError> {
    let sql = "UPDATE studio_recovery_codes SET used_at = $1 \
               WHERE account_id = $2 AND code_hash = $3 AND used_at IS NULL";
    let used = on_pool!(store, pool => sqlx::query(sql).bind(now).bind(account_id).bind(code_hash)
        .execute(pool).await?.rows_affected());
    Ok(used == 1)
}

/// The hashes of the account's unused recovery codes.
pub async fn unused_recovery_codes(
    store: &Store,
    account_id: &str,
) -> Result<Vec<String>, StorageError> {
    let sql =
        "SELECT code_hash FROM studio_recovery_codes WHERE account_id = $1 AND used_at IS NULL";
    Ok(on_pool!(store, pool => sqlx::query_scalar(sql).bind(account_id).fetch_all(pool).await?))
}

/// Unused recovery codes of the account.
pub async fn recovery_codes_left(store: &Store, account_id: &str) -> Result<i64, StorageError> {
    let sql =
        "SELECT COUNT(*) FROM studio_recovery_codes WHERE account_id = $1 AND used_at IS NULL";
    Ok(on_pool!(store, pool => sqlx::query_scalar(sql).bind(account_id).fetch_one(pool).await?))
}

/// Replaces the account's password and ends its sessions other than `keep` (its id hash).
pub async fn change_password(
    store: &Store,
    account_id: &str,
    password_hash: &str,
    keep: &str,
) -> Result<(), StorageError> {
    on_pool!(store, pool => {
        let mut tx = pool.begin().await?;
        sqlx::query("UPDATE studio_accounts SET password_hash = $1 WHERE id = $2")
            .bind(password_hash).bind(account_id).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM studio_sessions WHERE account_id = $1 AND id_hash <> $2")
            .bind(account_id).bind(keep).execute(&mut *tx).await?;
        tx.commit().await?;
    });
    Ok(())
}

/// Removes an account with its sessions, links and codes.
pub async fn delete_account(store: &Store, account_id: &str) -> Result<bool, StorageError> {
    let sql = "DELETE FROM studio_accounts WHERE id = $1";
    let deleted = on_pool!(store, pool => sqlx::query(sql).bind(account_id).execute(pool).await?.rows_affected());
    Ok(deleted == 1)
}

/// Stores a new session.
pub async fn insert_session(store: &Store, session: &Session) -> Result<(), StorageError> {
    let sql = format!(
        "INSERT INTO studio_sessions ({SESSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)"
    );
    on_pool!(store, pool => sqlx::query(&sql)
        .bind(&session.id_hash).bind(&session.account_id).bind(session.stage.as_str())
        .bind(&session.csrf).bind(session.created_at).bind(session.last_seen_at)
        .bind(&session.address)
        .execute(pool).await.map(drop)?);
    Ok(())
}

/// The session with this id hash.
pub async fn session_by_hash(
    store: &Store,
    id_hash: &str,
) -> Result<Option<Session>, StorageError> {
    let sql = format!("SELECT {SESSION_COLUMNS} FROM studio_sessions WHERE id_hash = $1");
    let row: Option<SessionRow> =
        on_pool!(store, pool => sqlx::query_as(&sql).bind(id_hash).fetch_optional(pool).await?);
    Ok(row.map(session))
}

/// The account's signed-in sessions, newest first.
pub async fn sessions_of(store: &Store, account_id: &str) -> Result<Vec<Session>, StorageError> {
    let sql = format!(
        "SELECT {SESSION_COLUMNS} FROM studio_sessions WHERE account_id = $1 AND stage = 'signed-in' \
         ORDER BY created_at DESC"
    );
    let rows: Vec<SessionRow> =
        on_pool!(store, pool => sqlx::query_as(&sql).bind(account_id).fetch_all(pool).await?);
    Ok(rows.into_iter().map(session).collect())
}

/// Records a request of the session at `now`.
pub async fn touch_session(store: &Store, id_hash: &str, now: i64) -> Result<(), StorageError> {
    let sql = "UPDATE studio_sessions SET last_seen_at = $1 WHERE id_hash = $2";
    on_pool!(store, pool => sqlx::query(sql).bind(now).bind(id_hash).execute(pool).await.map(drop)?);
    Ok(())
}

/// Ends one session.
pub async fn delete_session(store: &Store, id_hash: &str) -> Result<(), StorageError> {
    let sql = "DELETE FROM studio_sessions WHERE id_hash = $1";
    on_pool!(store, pool => sqlx::query(sql).bind(id_hash).execute(pool).await.map(drop)?);
    Ok(())
}

/// Ends every session of the account; returns how many.
pub async fn delete_sessions_of(store: &Store, account_id: &str) -> Result<u64, StorageError> {
    let sql = "DELETE FROM studio_sessions WHERE account_id = $1";
    Ok(
        on_pool!(store, pool => sqlx::query(sql).bind(account_id).execute(pool).await?.rows_affected()),
    )
}

/// Deletes sessions idle since `idle_before` or created before `created_before`, failures
/// before `failures_before`, used or expired set-up links and expired device cookies.
pub async fn tidy(
    store: &Store,
    idle_before: i64,
    created_before: i64,
    failures_before: i64,
    now: i64,
) -> Result<(), StorageError> {
    on_pool!(store, pool => {
        sqlx::query("DELETE FROM studio_sessions WHERE last_seen_at < $1 OR created_at < $2")
            .bind(idle_before).bind(created_before).execute(pool).await?;
        sqlx::query("DELETE FROM studio_failures WHERE at < $1")
            .bind(failures_before).execute(pool).await?;
        sqlx::query("DELETE FROM studio_throttle_keys WHERE touched_at < $1")
            .bind(failures_before).execute(pool).await?;
        sqlx::query("DELETE FROM studio_invites WHERE expires_at < $1")
            .bind(now).execute(pool).await?;
        sqlx::query("DELETE FROM studio_devices WHERE expires_at < $1")
            .bind(now).execute(pool).await?;
    });
    Ok(())
}

/// The throttle's keys of an attempt: the e-mail address's and the client network's.
#[derive(Debug, Clone)]
pub struct AttemptKeys<'a> {
    /// The SHA-256 of the e-mail address typed (or of the signed-in account's).
    pub email_key: &'a str,
    /// The client's network (its address, or its IPv6 /64).
    pub address: &'a str,
}

/// Locks the throttle rows named `keys` for the rest of `tx`, in a fixed order so that two
/// transactions never wait for each other in a circle. Writing a row is what locks it: on
/// PostgreSQL the upsert holds the row until commit; on SQLite the first write takes the
/// database's write lock, so the reads after it see every earlier reservation.
macro_rules! lock_keys {
    ($tx:expr, $keys:expr, $now:expr) => {{
        let mut keys: Vec<&str> = $keys.to_vec();
        keys.sort_unstable();
        keys.dedup();
        for key in keys {
            sqlx::query(
                "INSERT INTO studio_throttle_keys (key, touched_at) VALUES ($1, $2) \
                 ON CONFLICT (key) DO UPDATE SET touched_at = excluded.touched_at",
            )
            .bind(key)
            .bind($now)
            .execute(&mut *$tx)
            .await?;
        }
    }};
}

/// Reserves an attempt at a secret, atomically across requests and nodes: with the attempt's
/// keys locked, `decide` is given the times of the failures (and pending reservations) since
/// `since`, for the e-mail key and for the address; if it admits the attempt, a failure row is
/// written at `now` and its id returned (the attempt counts as failed unless
/// [`release_attempt`] deletes it); otherwise its refusal is returned and nothing is written.
pub async fn reserve_attempt<R>(
    store: &Store,
    keys: &AttemptKeys<'_>,
    now: i64,
    since: i64,
    decide: impl Fn(&[i64], &[i64]) -> Result<(), R>,
) -> Result<Result<String, R>, StorageError> {
    let email_lock = format!("email {}", keys.email_key);
    let address_lock = format!("address {}", keys.address);
    let by_email = "SELECT at FROM studio_failures WHERE email_key = $1 AND at > $2";
    let by_address = "SELECT at FROM studio_failures WHERE address = $1 AND at > $2";
    let id = uuid::Uuid::now_v7().to_string();
    on_pool!(store, pool => {
        let mut tx = pool.begin().await?;
        lock_keys!(tx, [email_lock.as_str(), address_lock.as_str()], now);
        let email_times: Vec<i64> = sqlx::query_scalar(by_email)
            .bind(keys.email_key).bind(since).fetch_all(&mut *tx).await?;
        let address_times: Vec<i64> = sqlx::query_scalar(by_address)
            .bind(keys.address).bind(since).fetch_all(&mut *tx).await?;
        if let Err(refusal) = decide(&email_times, &address_times) {
            tx.commit().await?;
            return Ok(Err(refusal));
        }
        sqlx::query("INSERT INTO studio_failures (id, at, email_key, address) VALUES ($1, $2, $3, $4)")
            .bind(&id).bind(now).bind(keys.email_key).bind(keys.address)
            .execute(&mut *tx).await?;
        tx.commit().await?;
    });
    Ok(Ok(id))
}

/// Remembers a browser that signed in to the account of `email_key` (the device cookie's
/// SHA-256, `token_hash`) until `expires_at`.
pub async fn insert_device(
    store: &Store,
    token_hash: &str,
    email_key: &str,
    expires_at: i64,
) -> Result<(), StorageError> {
    let sql = "INSERT INTO studio_devices (token_hash, email_key, expires_at) VALUES ($1, $2, $3) \
               ON CONFLICT (token_hash) DO NOTHING";
    on_pool!(store, pool => sqlx::query(sql).bind(token_hash).bind(email_key).bind(expires_at)
        .execute(pool).await.map(drop)?);
    Ok(())
}

/// The e-mail key of the account the browser with this device cookie signed in to, if it has
/// not expired at `now`.
pub async fn device_email_key(
    store: &Store,
    token_hash: &str,
    now: i64,
) -> Result<Option<String>, StorageError> {
    let sql = "SELECT email_key FROM studio_devices WHERE token_hash = $1 AND expires_at > $2";
    Ok(
        on_pool!(store, pool => sqlx::query_scalar(sql).bind(token_hash).bind(now)
        .fetch_optional(pool).await?),
    )
}

/// Deletes a reservation: its attempt succeeded (or was never checked), so it is no failure.
pub async fn release_attempt(store: &Store, id: &str) -> Result<(), StorageError> {
    let sql = "DELETE FROM studio_failures WHERE id = $1";
    on_pool!(store, pool => sqlx::query(sql).bind(id).execute(pool).await.map(drop)?);
    Ok(())
}

/// Counts `entry` into the line of the same action and detail written since `since` for the
/// same actor (any address) or, without an actor, from the same address; writes it as a new
/// line when there is none. Returns how many times the line now counts (1: a new line). The
/// line's key is locked first, so refusals arriving at once count into one line.
pub async fn record_repeat(
    store: &Store,
    entry: &AuditEntry,
    since: i64,
) -> Result<i64, StorageError> {
    let lock = match &entry.actor {
        Some(actor) => format!("audit {} {} actor {actor}", entry.action, entry.detail),
        None => format!(
            "audit {} {} address {}",
            entry.action, entry.detail, entry.address
        ),
    };
    let update = "UPDATE studio_audit SET repeats = repeats + 1 WHERE id = ( \
         SELECT id FROM studio_audit WHERE action = $1 AND detail = $2 AND at > $3 AND \
         (($4 IS NOT NULL AND actor = $4) OR ($4 IS NULL AND actor IS NULL AND address = $5)) \
         ORDER BY at DESC LIMIT 1) RETURNING repeats";
    let id = uuid::Uuid::now_v7().to_string();
    on_pool!(store, pool => {
        let mut tx = pool.begin().await?;
        lock_keys!(tx, [lock.as_str()], entry.at);
        let repeats: Option<i64> = sqlx::query_scalar(update)
            .bind(&entry.action).bind(&entry.detail).bind(since)
            .bind(&entry.actor).bind(&entry.address)
            .fetch_optional(&mut *tx).await?;
        if let Some(repeats) = repeats {
            tx.commit().await?;
            return Ok(repeats);
        }
        sqlx::query(INSERT_AUDIT_LINE)
            .bind(&id).bind(entry.at).bind(&entry.actor).bind(&entry.action)
            .bind(&entry.detail).bind(&entry.address)
            .execute(&mut *tx).await?;
        tx.commit().await?;
    });
    Ok(1)
}

/// Appends a line to the audit log.
pub async fn record_audit(store: &Store, entry: &AuditEntry) -> Result<(), StorageError> {
    let sql = INSERT_AUDIT_LINE;
    let id = uuid::Uuid::now_v7().to_string();
    on_pool!(store, pool => sqlx::query(sql)
        .bind(&id).bind(entry.at).bind(&entry.actor).bind(&entry.action)
        .bind(&entry.detail).bind(&entry.address)
        .execute(pool).await.map(drop)?);
    Ok(())
}

/// The newest `limit` lines of the audit log, skipping `offset`.
pub async fn audit_entries(
    store: &Store,
    limit: i64,
    offset: i64,
) -> Result<Vec<AuditEntry>, StorageError> {
    let sql = "SELECT at, actor, action, detail, address, repeats FROM studio_audit \
               ORDER BY at DESC, id DESC LIMIT $1 OFFSET $2";
    let rows: Vec<(i64, Option<String>, String, String, String, i64)> = on_pool!(store, pool => sqlx::query_as(sql).bind(limit).bind(offset).fetch_all(pool).await?);
    Ok(rows
        .into_iter()
        .map(|(at, actor, action, detail, address, repeats)| AuditEntry {
            at,
            actor,
            action,
            detail,
            address,
            repeats,
        })
        .collect())
}

/// Deletes audit lines older than `cutoff`; returns how many.
pub async fn delete_audit_before(store: &Store, cutoff: i64) -> Result<u64, StorageError> {
    let sql = "DELETE FROM studio_audit WHERE at < $1";
    Ok(on_pool!(store, pool => sqlx::query(sql).bind(cutoff).execute(pool).await?.rows_affected()))
}

/// Every stored enquiry with its state, newest first.
pub async fn inbox(store: &Store) -> Result<Vec<InboxRow>, StorageError> {
    let sql = format!("{INBOX_SELECT} ORDER BY e.received_at DESC, e.id DESC");
    let rows: Vec<InboxTuple> =
        on_pool!(store, pool => sqlx::query_as(&sql).fetch_all(pool).await?);
    Ok(rows.into_iter().map(inbox_row).collect())
}

/// One enquiry with its state.
pub async fn inbox_item(store: &Store, id: &str) -> Result<Option<InboxRow>, StorageError> {
    let sql = format!("{INBOX_SELECT} WHERE e.id = $1");
    let row: Option<InboxTuple> =
        on_pool!(store, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await?);
    Ok(row.map(inbox_row))
}

/// Sets an enquiry's state; `false` if it no longer exists.
pub async fn set_state(
    store: &Store,
    id: &str,
    state: &str,
    note: Option<&str>,
    at: i64,
    by: &str,
) -> Result<bool, StorageError> {
    let sql = "UPDATE enquiries SET state = $1, state_note = $2, state_changed_at = $3, \
               state_changed_by = $4 WHERE id = $5";
    let changed = on_pool!(store, pool => sqlx::query(sql)
        .bind(state).bind(note).bind(at).bind(by).bind(id)
        .execute(pool).await?.rows_affected());
    Ok(changed == 1)
}

/// Erases an enquiry and its mail in the outbox; `false` if it no longer exists.
pub async fn erase_enquiry(store: &Store, id: &str) -> Result<bool, StorageError> {
    on_pool!(store, pool => {
        let mut tx = pool.begin().await?;
        sqlx::query("DELETE FROM mail_outbox WHERE enquiry_id = $1").bind(id).execute(&mut *tx).await?;
        // The visit it was sent in, when the visitor consented (`crate::visitors`).
        sqlx::query(crate::visitors::ERASE_VISIT_OF_ENQUIRY).bind(id).execute(&mut *tx).await?;
        let erased = sqlx::query("DELETE FROM enquiries WHERE id = $1")
            .bind(id).execute(&mut *tx).await?.rows_affected();
        tx.commit().await?;
        Ok(erased == 1)
    })
}
