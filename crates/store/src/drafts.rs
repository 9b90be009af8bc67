//! Each staff member's content draft: the whole set of content files as they are editing it,
//! and the version it started from, saved on the server as they work (a closed tab loses
//! nothing). One draft per person; publishing or discarding ends it. Statements on the site's
//! database, `$N` placeholders as in `store`; the table is created by migration 6.

use crate::published::formats;
use crate::published::versions::{self, Files};
use crate::{StorageError, Store};

/// A saved draft.
#[derive(Debug, Clone)]
pub struct Draft {
    /// The version it started from.
    pub base: i64,
    /// Every content file as edited.
    pub files: Files,
    /// When it was last saved, Unix ms.
    pub updated_at: i64,
}

/// `account_id`'s draft, if they have one, in this release's content format.
pub async fn get(store: &Store, account_id: &str) -> Result<Option<Draft>, StorageError> {
    let row: Option<(i64, String, i64, i64)> = on_pool!(store, pool => {
        sqlx::query_as(
            "SELECT base_number, files, updated_at, format FROM content_drafts \
             WHERE account_id = $1",
        )
        .bind(account_id)
        .fetch_optional(pool)
        .await?
    });
    let Some((base, files, updated_at, format)) = row else {
        return Ok(None);
    };
    let what = format!("content draft of {account_id}");
    let files =
        serde_json::from_str(&files).map_err(|error| StorageError::unreadable(&what, error))?;
    // Saved by a release before the content's format changed: read in this release's.
    let files = versions::in_current_format(files, format, &what)?;
    Ok(Some(Draft {
        base,
        files,
        updated_at,
    }))
}

/// Saves `account_id`'s draft (replacing any), in this release's content format.
pub async fn save(store: &Store, account_id: &str, draft: &Draft) -> Result<(), StorageError> {
    let files = serde_json::to_string(&draft.files)
        .map_err(|error| StorageError::Query(sqlx::Error::Encode(error.into())))?;
    on_pool!(store, pool => {
        sqlx::query(
            "INSERT INTO content_drafts (account_id, base_number, files, updated_at, format) \
             VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (account_id) DO UPDATE SET base_number = excluded.base_number, \
             files = excluded.files, updated_at = excluded.updated_at, format = excluded.format",
        )
        .bind(account_id)
        .bind(draft.base)
        .bind(files)
        .bind(draft.updated_at)
        .bind(formats::CURRENT)
        .execute(pool)
        .await
        .map(drop)?
    });
    Ok(())
}

/// Ends `account_id`'s draft.
pub async fn discard(store: &Store, account_id: &str) -> Result<(), StorageError> {
    on_pool!(store, pool => {
        sqlx::query("DELETE FROM content_drafts WHERE account_id = $1")
            .bind(account_id)
            .execute(pool)
            .await
            .map(drop)?
    });
    Ok(())
}
