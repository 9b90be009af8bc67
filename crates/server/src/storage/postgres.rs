//! PostgreSQL, for several server nodes sharing one database. Claims use
//! `FOR UPDATE SKIP LOCKED`, so nodes claiming at the same moment take different rows instead of
//! waiting for each other.

use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions, PgRow};
use sqlx::Row;

use super::{ClaimedMail, NewEnquiry, StorageError, StoredEnquiry, ALL_ENQUIRIES};

/// Connects to `url` (TLS as its `sslmode` says).
pub async fn connect(url: &str) -> Result<PgPool, StorageError> {
    let target = super::redact(url);
    let options = PgConnectOptions::from_str(url).map_err(|source| StorageError::Open {
        target: target.clone(),
        source,
    })?;
    PgPoolOptions::new()
        .max_connections(10)
        .acquire_timeout(Duration::from_secs(10))
        .connect_with(options.application_name("onespace"))
        .await
        .map_err(|source| StorageError::Open { target, source })
}

pub async fn insert(pool: &PgPool, enquiry: &NewEnquiry) -> Result<(), StorageError> {
    let mut tx = pool.begin().await?;
    sqlx::query("INSERT INTO enquiries (id, received_at, form, payload) VALUES ($1, $2, $3, $4)")
        .bind(&enquiry.id)
        .bind(enquiry.received_at)
        .bind(enquiry.form)
        .bind(&enquiry.payload)
        .execute(&mut *tx)
        .await?;
    sqlx::query("INSERT INTO mail_outbox (enquiry_id, next_attempt_at) VALUES ($1, $2)")
        .bind(&enquiry.id)
        .bind(enquiry.received_at)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

pub async fn claim(
    pool: &PgPool,
    now: i64,
    until: i64,
    token: &str,
    limit: i64,
) -> Result<Vec<ClaimedMail>, StorageError> {
    let rows = sqlx::query(
        "WITH claimed AS (
             UPDATE mail_outbox SET claimed_until = $1, claimed_by = $2, attempts = attempts + 1
             WHERE enquiry_id IN (
                 SELECT enquiry_id FROM mail_outbox
                 WHERE sent_at IS NULL AND next_attempt_at <= $3
                   AND (claimed_until IS NULL OR claimed_until <= $3)
                 ORDER BY next_attempt_at LIMIT $4
                 FOR UPDATE SKIP LOCKED)
             RETURNING enquiry_id, attempts, claimed_until, next_attempt_at)
         SELECT c.enquiry_id, c.attempts, c.claimed_until, e.received_at, e.payload
         FROM claimed c JOIN enquiries e ON e.id = c.enquiry_id
         ORDER BY c.next_attempt_at",
    )
    .bind(until)
    .bind(token)
    .bind(now)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    rows.iter().map(|row| claimed(row, token)).collect()
}

fn claimed(row: &PgRow, token: &str) -> Result<ClaimedMail, StorageError> {
    Ok(ClaimedMail {
        enquiry_id: row.try_get("enquiry_id")?,
        attempts: row.try_get("attempts")?,
        claimed_until: row.try_get("claimed_until")?,
        received_at: row.try_get("received_at")?,
        payload: row.try_get("payload")?,
        token: token.to_owned(),
    })
}

pub async fn mark_sent(pool: &PgPool, enquiry_id: &str, now: i64) -> Result<(), StorageError> {
    sqlx::query(
        "UPDATE mail_outbox SET sent_at = $1, claimed_until = NULL, last_error = NULL
         WHERE enquiry_id = $2 AND sent_at IS NULL",
    )
    .bind(now)
    .bind(enquiry_id)
    .execute(pool)
    .await?;
    Ok(())
}

pub async fn retry_later(
    pool: &PgPool,
    mail: &ClaimedMail,
    next: i64,
    error: &str,
) -> Result<(), StorageError> {
    sqlx::query(
        "UPDATE mail_outbox SET claimed_until = NULL, claimed_by = NULL, next_attempt_at = $1,
         last_error = $2 WHERE enquiry_id = $3 AND claimed_by = $4 AND sent_at IS NULL",
    )
    .bind(next)
    .bind(error)
    .bind(&mail.enquiry_id)
    .bind(&mail.token)
    .execute(pool)
    .await?;
    Ok(())
}

pub async fn delete_before(pool: &PgPool, cutoff: i64) -> Result<u64, StorageError> {
    let mut tx = pool.begin().await?;
    sqlx::query(
        "DELETE FROM mail_outbox WHERE enquiry_id IN
         (SELECT id FROM enquiries WHERE received_at < $1)",
    )
    .bind(cutoff)
    .execute(&mut *tx)
    .await?;
    let deleted = sqlx::query("DELETE FROM enquiries WHERE received_at < $1")
        .bind(cutoff)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    tx.commit().await?;
    Ok(deleted)
}

pub async fn all(pool: &PgPool) -> Result<Vec<StoredEnquiry>, StorageError> {
    let rows = sqlx::query(ALL_ENQUIRIES).fetch_all(pool).await?;
    Ok(rows
        .iter()
        .map(StoredEnquiry::from_row)
        .collect::<Result<_, _>>()?)
}
