//! The embedded SQLite database: one file in the data folder, in write-ahead-log mode with full
//! synchronisation, so a commit is on disk before the visitor hears that their enquiry was sent.
//! Writers queue on the busy timeout rather than failing.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::Row;

use super::{ClaimedMail, NewEnquiry, StorageError, StoredEnquiry, ALL_ENQUIRIES};

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

pub async fn insert(pool: &SqlitePool, enquiry: &NewEnquiry) -> Result<(), StorageError> {
    let mut tx = pool.begin().await?;
    sqlx::query("INSERT INTO enquiries (id, received_at, form, payload) VALUES (?, ?, ?, ?)")
        .bind(&enquiry.id)
        .bind(enquiry.received_at)
        .bind(enquiry.form)
        .bind(&enquiry.payload)
        .execute(&mut *tx)
        .await?;
    sqlx::query("INSERT INTO mail_outbox (enquiry_id, next_attempt_at) VALUES (?, ?)")
        .bind(&enquiry.id)
        .bind(enquiry.received_at)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// One UPDATE claims the rows: SQLite has a single writer, so two claimers never take the same
/// row.
pub async fn claim(
    pool: &SqlitePool,
    now: i64,
    until: i64,
    token: &str,
    limit: i64,
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
    .fetch_all(pool)
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
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(ClaimedMail {
                enquiry_id: row.try_get("enquiry_id")?,
                attempts: row.try_get("attempts")?,
                claimed_until: row.try_get("claimed_until")?,
                received_at: row.try_get("received_at")?,
                payload: row.try_get("payload")?,
                token: token.to_owned(),
            })
        })
        .collect()
}

pub async fn mark_sent(pool: &SqlitePool, enquiry_id: &str, now: i64) -> Result<(), StorageError> {
    sqlx::query(
        "UPDATE mail_outbox SET sent_at = ?, claimed_until = NULL, last_error = NULL
         WHERE enquiry_id = ? AND sent_at IS NULL",
    )
    .bind(now)
    .bind(enquiry_id)
    .execute(pool)
    .await?;
    Ok(())
}

pub async fn retry_later(
    pool: &SqlitePool,
    mail: &ClaimedMail,
    next: i64,
    error: &str,
) -> Result<(), StorageError> {
    sqlx::query(
        "UPDATE mail_outbox SET claimed_until = NULL, claimed_by = NULL, next_attempt_at = ?,
         last_error = ? WHERE enquiry_id = ? AND claimed_by = ? AND sent_at IS NULL",
    )
    .bind(next)
    .bind(error)
    .bind(&mail.enquiry_id)
    .bind(&mail.token)
    .execute(pool)
    .await?;
    Ok(())
}

pub async fn delete_before(pool: &SqlitePool, cutoff: i64) -> Result<u64, StorageError> {
    let mut tx = pool.begin().await?;
    sqlx::query(
        "DELETE FROM mail_outbox WHERE enquiry_id IN
         (SELECT id FROM enquiries WHERE received_at < ?)",
    )
    .bind(cutoff)
    .execute(&mut *tx)
    .await?;
    let deleted = sqlx::query("DELETE FROM enquiries WHERE received_at < ?")
        .bind(cutoff)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    tx.commit().await?;
    Ok(deleted)
}

pub async fn all(pool: &SqlitePool) -> Result<Vec<StoredEnquiry>, StorageError> {
    let rows = sqlx::query(ALL_ENQUIRIES).fetch_all(pool).await?;
    Ok(rows
        .iter()
        .map(StoredEnquiry::from_row)
        .collect::<Result<_, _>>()?)
}
