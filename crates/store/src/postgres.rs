//! PostgreSQL, for several server nodes sharing one database. Claims use
//! `FOR UPDATE SKIP LOCKED`, so nodes claiming at the same moment take different rows instead of
//! waiting for each other.

use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions, PgRow};
use sqlx::Row;

use super::shared::shared_statements;
use super::ClaimedMail;
use super::MailClaim;
use super::StorageError;

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

pub async fn claim(
    pool: &PgPool,
    MailClaim {
        now,
        until,
        token,
        limit,
    }: &MailClaim,
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

shared_statements!(PgPool, sqlx::PgConnection, sqlx::Postgres);

/// Stores the enquiry and queues its mail in one transaction of its own: PostgreSQL takes
/// concurrent writers without a single lock, and groups their syncs itself.
pub async fn insert(
    pool: &PgPool,
    enquiry: &super::NewEnquiry,
) -> Result<super::Inserted, StorageError> {
    let mut tx = pool.begin().await?;
    let inserted = store_enquiry(&mut tx, enquiry).await?;
    tx.commit().await?;
    Ok(inserted)
}
