//! Staff passkeys (migration 12): the credentials each staff member registered, the challenge of
//! a WebAuthn ceremony under way, and the staff area's settings. The credentials and challenges
//! are stored as the WebAuthn library serialises them; this crate does not read them.

use crate::{StorageError, Store};

/// One registered passkey.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredPasskey {
    /// The credential id, base64url.
    pub id: String,
    /// Whose it is.
    pub account_id: String,
    /// The credential (public key, counter...) as the WebAuthn library serialised it.
    pub credential: String,
    /// Registered, Unix ms.
    pub created_at: i64,
    /// Last signed in with, Unix ms.
    pub last_used_at: Option<i64>,
}

type PasskeyRow = (String, String, String, i64, Option<i64>);

fn passkey((id, account_id, credential, created_at, last_used_at): PasskeyRow) -> StoredPasskey {
    StoredPasskey {
        id,
        account_id,
        credential,
        created_at,
        last_used_at,
    }
}

const PASSKEY_COLUMNS: &str = "id, account_id, credential, created_at, last_used_at";

/// Adds a passkey; `false` when a passkey with its id is already registered (to anyone).
pub async fn insert(store: &Store, stored: &StoredPasskey) -> Result<bool, StorageError> {
    let sql = "INSERT INTO studio_passkeys (id, account_id, credential, created_at) \
               VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING";
    let added = on_pool!(store, pool => sqlx::query(sql)
        .bind(&stored.id).bind(&stored.account_id).bind(&stored.credential).bind(stored.created_at)
        .execute(pool).await?.rows_affected());
    Ok(added == 1)
}

/// The account's passkeys, oldest first.
pub async fn of_account(
    store: &Store,
    account_id: &str,
) -> Result<Vec<StoredPasskey>, StorageError> {
    let sql = format!(
        "SELECT {PASSKEY_COLUMNS} FROM studio_passkeys WHERE account_id = $1 ORDER BY created_at, id"
    );
    let rows: Vec<PasskeyRow> =
        on_pool!(store, pool => sqlx::query_as(&sql).bind(account_id).fetch_all(pool).await?);
    Ok(rows.into_iter().map(passkey).collect())
}

/// The passkey with this credential id.
pub async fn by_id(store: &Store, id: &str) -> Result<Option<StoredPasskey>, StorageError> {
    let sql = format!("SELECT {PASSKEY_COLUMNS} FROM studio_passkeys WHERE id = $1");
    let row: Option<PasskeyRow> =
        on_pool!(store, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await?);
    Ok(row.map(passkey))
}

/// Records a sign-in with the passkey: its credential as updated (the signature counter) and
/// when.
pub async fn used(store: &Store, id: &str, credential: &str, now: i64) -> Result<(), StorageError> {
    let sql = "UPDATE studio_passkeys SET credential = $1, last_used_at = $2 WHERE id = $3";
    on_pool!(store, pool => sqlx::query(sql).bind(credential).bind(now).bind(id)
        .execute(pool).await.map(drop)?);
    Ok(())
}

/// Removes every passkey of the account (an owner's reset); how many there were.
pub async fn delete_all_of(store: &Store, account_id: &str) -> Result<u64, StorageError> {
    let sql = "DELETE FROM studio_passkeys WHERE account_id = $1";
    Ok(
        on_pool!(store, pool => sqlx::query(sql).bind(account_id).execute(pool).await?.rows_affected()),
    )
}

/// Stores the state of a ceremony under way under `key` (replacing any earlier one there),
/// until `expires_at`.
pub async fn put_ceremony(
    store: &Store,
    key: &str,
    state: &str,
    expires_at: i64,
) -> Result<(), StorageError> {
    let sql = "INSERT INTO studio_ceremonies (key, state, expires_at) VALUES ($1, $2, $3) \
               ON CONFLICT (key) DO UPDATE SET state = excluded.state, expires_at = excluded.expires_at";
    on_pool!(store, pool => sqlx::query(sql).bind(key).bind(state).bind(expires_at)
        .execute(pool).await.map(drop)?);
    Ok(())
}

/// Takes the ceremony stored under `key`: deleted in the same statement, so only one request
/// ever gets it; `None` when there is none or it expired before `now`.
pub async fn take_ceremony(
    store: &Store,
    key: &str,
    now: i64,
) -> Result<Option<String>, StorageError> {
    let sql = "DELETE FROM studio_ceremonies WHERE key = $1 RETURNING state, expires_at";
    let row: Option<(String, i64)> =
        on_pool!(store, pool => sqlx::query_as(sql).bind(key).fetch_optional(pool).await?);
    Ok(row
        .filter(|(_, expires_at)| *expires_at >= now)
        .map(|(state, _)| state))
}

/// Deletes ceremonies that expired before `now`.
pub async fn tidy(store: &Store, now: i64) -> Result<(), StorageError> {
    let sql = "DELETE FROM studio_ceremonies WHERE expires_at < $1";
    on_pool!(store, pool => sqlx::query(sql).bind(now).execute(pool).await.map(drop)?);
    Ok(())
}

/// The staff area's setting `name`, if set.
pub async fn setting(store: &Store, name: &str) -> Result<Option<String>, StorageError> {
    let sql = "SELECT value FROM studio_settings WHERE name = $1";
    Ok(on_pool!(store, pool => sqlx::query_scalar(sql).bind(name).fetch_optional(pool).await?))
}

/// Sets the staff area's setting `name`.
pub async fn set_setting(store: &Store, name: &str, value: &str) -> Result<(), StorageError> {
    let sql = "INSERT INTO studio_settings (name, value) VALUES ($1, $2) \
               ON CONFLICT (name) DO UPDATE SET value = excluded.value";
    on_pool!(store, pool => sqlx::query(sql).bind(name).bind(value).execute(pool).await.map(drop)?);
    Ok(())
}
