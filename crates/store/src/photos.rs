//! Photos uploaded in the studio: the originals in the database, so every node serves the same
//! photos without a shared folder. Each is stored once under the SHA-256 of its bytes, and the
//! content names it by that hash (`uploads/<hash>.jpg`, see
//! [`onespace_core::content::photos::upload_name`]): a version stays plain text, and a photo
//! kept across a hundred versions is stored once.
//!
//! An upload is reachable by visitors only once a published version names it: the photo
//! library ([`crate::images::uploads`]) prepares the originals the live content names, and
//! `/images/` serves only the library's variants. An original no version names is kept (a draft
//! may still name it) and never served.

use crate::{StorageError, Store};

/// An original to store.
#[derive(Debug, Clone, Copy)]
pub struct NewOriginal<'a> {
    /// SHA-256 of `bytes`, 64 lower-case hex digits.
    pub hash: &'a str,
    /// The file as uploaded.
    pub bytes: &'a [u8],
    /// `image/jpeg`, `image/png` or `image/webp`, sniffed from the bytes.
    pub media_type: &'a str,
    /// Width as displayed (orientation applied), in pixels.
    pub width: u32,
    /// Height as displayed, in pixels.
    pub height: u32,
    /// Who uploaded it first (an e-mail address, like the versions' authors).
    pub uploaded_by: &'a str,
    /// When, Unix ms.
    pub uploaded_at: i64,
}

/// The SHA-256 of `bytes` in lower-case hex: an original's key and name.
pub fn hash(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes)
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// Stores `original` unless one with its hash is stored already (the same bytes uploaded
/// again, by anyone): true when it was new.
pub async fn store(store: &Store, original: NewOriginal<'_>) -> Result<bool, StorageError> {
    let inserted: u64 = on_pool!(store, pool => {
        sqlx::query(
            "INSERT INTO content_photos \
             (hash, bytes, media_type, width, height, uploaded_by, uploaded_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (hash) DO NOTHING",
        )
        .bind(original.hash)
        .bind(original.bytes)
        .bind(original.media_type)
        .bind(i64::from(original.width))
        .bind(i64::from(original.height))
        .bind(original.uploaded_by)
        .bind(original.uploaded_at)
        .execute(pool)
        .await?
        .rows_affected()
    });
    Ok(inserted == 1)
}

/// The original stored under `hash`, if any.
pub async fn original(store: &Store, hash: &str) -> Result<Option<Vec<u8>>, StorageError> {
    let bytes: Option<Vec<u8>> = on_pool!(store, pool => {
        sqlx::query_scalar("SELECT bytes FROM content_photos WHERE hash = $1")
            .bind(hash)
            .fetch_optional(pool)
            .await?
    });
    Ok(bytes)
}

/// [`original`] as the photo pipeline reads an upload (`onespace_images::uploads::prepare`):
/// by an owned hash, with why it cannot be read as text for its log.
pub async fn original_for_pipeline(store: &Store, hash: String) -> Result<Option<Vec<u8>>, String> {
    original(store, &hash)
        .await
        .map_err(|error| error.to_string())
}
