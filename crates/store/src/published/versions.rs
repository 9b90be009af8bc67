//! The published content in the database, so every node serves the same site: each version is
//! the nine files whole, numbered from 1, with what made it, who and why.
//!
//! Where the live content comes from (one source of truth at a time):
//!
//! - `serve --content DIR`: the folder, as before (watched, SIGHUP). The database's versions are
//!   left alone.
//! - `serve` without a folder: the database. At start, with no version yet, or while the newest
//!   version is a release's built-in copy, the running release's built-in content is stored as
//!   the next version (so a new release's content still goes live with it); once the studio has
//!   imported or published, its version is served and a release no longer replaces it.
//!   `onespace content import DIR` publishes a folder as a new version and `content export DIR`
//!   writes the live one out, with the same `--data` / `DATABASE_URL` as `serve`.
//!
//! Each version records the content format its files are written in (`super::formats`):
//! reading one in an older format brings its files to this release's in memory, at start the
//! live one is stored again migrated (a version of [`Kind::Migration`]), and one in a newer
//! format is refused rather than misread.
//!
//! Every node polls the newest version's number every [`POLL`]; a node that finds a newer one
//! checks it and renders every page from it, so a publish on one node is served by all of them
//! within a few seconds, on SQLite (one node, and the command line beside it) and PostgreSQL
//! alike. Polling rather than PostgreSQL's LISTEN/NOTIFY: one query every two seconds is nothing
//! to either database, and it needs no connection held open per node.

use std::collections::BTreeMap;
use std::time::Duration;

use onespace_core::content::check::{check_texts, ContentError};
use onespace_core::content::{Content, File};

use super::formats::{self, FormatError, Formats};
use crate::{StorageError, Store};

/// How often a node looks for a newer version.
pub const POLL: Duration = Duration::from_secs(2);

/// A version's files: name (`prices.toml`) to text.
pub type Files = BTreeMap<String, String>;

/// What made a version.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A release's built-in content, stored at start.
    Release,
    /// A folder imported with `onespace content import`.
    Import,
    /// A draft published in the studio.
    Publish,
    /// An earlier version restored in the studio.
    Restore,
    /// A change scheduled in the studio, published at its time (`super::schedules`).
    Scheduled,
    /// The live version brought to a new release's content format at start
    /// (`super::formats`).
    Migration,
}

impl Kind {
    /// As stored.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Release => "release",
            Self::Import => "import",
            Self::Publish => "publish",
            Self::Restore => "restore",
            Self::Scheduled => "scheduled",
            Self::Migration => "migration",
        }
    }

    /// What it was, as the studio's history says it.
    pub fn describe(self) -> &'static str {
        match self {
            Self::Release => "The release's built-in content",
            Self::Import => "Imported from a folder",
            Self::Publish => "Published in the studio",
            Self::Restore => "An earlier version restored",
            Self::Scheduled => "Scheduled change",
            Self::Migration => "Migrated to this release's content format",
        }
    }

    fn parse(value: &str) -> Option<Self> {
        [
            Self::Release,
            Self::Import,
            Self::Publish,
            Self::Restore,
            Self::Scheduled,
            Self::Migration,
        ]
        .into_iter()
        .find(|kind| kind.as_str() == value)
    }
}

/// One stored version.
#[derive(Debug, Clone)]
pub struct Version {
    /// Its number, from 1.
    pub number: i64,
    /// When it was stored, Unix ms.
    pub created_at: i64,
    /// What made it.
    pub kind: Kind,
    /// Who (a staff member's e-mail); none for a release's copy or the command line.
    pub author: Option<String>,
    /// Why, as its author wrote it; may be empty.
    pub note: String,
    /// The content format it was stored in (`super::formats`).
    pub format: i64,
    /// The files, always in this release's content format: migrated as they are read when
    /// stored in an older one.
    pub files: Files,
}

impl Version {
    /// The content the files hold, checked; every mistake otherwise.
    pub fn content(&self) -> Result<Content, Vec<ContentError>> {
        checked(&self.files)
    }
}

/// A version to store.
#[derive(Debug, Clone, Copy)]
pub struct NewVersion<'a> {
    /// What makes it.
    pub kind: Kind,
    /// Who, if a person.
    pub author: Option<&'a str>,
    /// Why; may be empty.
    pub note: &'a str,
    /// The files, already checked.
    pub files: &'a Files,
}

/// The outcome of [`add`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Added {
    /// Stored as this number: it is the live version.
    Stored(i64),
    /// Not stored: the live version is no longer the one the change started from.
    Conflict {
        /// The live version's number (none if there is none).
        live: Option<i64>,
    },
}

/// The files checked as the server reads them: the content, or every mistake.
pub fn checked(files: &Files) -> Result<Content, Vec<ContentError>> {
    match check_texts(
        files
            .iter()
            .map(|(name, text)| (name.as_str(), text.as_str())),
    ) {
        (Some(content), errors) if errors.is_empty() => Ok(content),
        (_, errors) => Err(errors),
    }
}

/// The built-in content's files, as this release embeds them.
pub fn release_files() -> Files {
    onespace_core::content::embedded::FILES
        .iter()
        .map(|(file, text)| (file.name().to_owned(), (*text).to_owned()))
        .collect()
}

type VersionRow = (i64, i64, String, Option<String>, String, i64, String);

/// The columns a [`VersionRow`] reads.
const COLUMNS: &str = "number, created_at, kind, author, note, format, files";

fn corrupt(number: i64, why: impl std::fmt::Display) -> StorageError {
    StorageError::unreadable(&format!("content version {number}"), why)
}

/// The version as stored: its files in the format it was written in.
fn stored_version(row: VersionRow) -> Result<Version, StorageError> {
    let (number, created_at, kind, author, note, format, files) = row;
    Ok(Version {
        number,
        created_at,
        kind: Kind::parse(&kind)
            .ok_or_else(|| corrupt(number, format_args!("unknown kind '{kind}'")))?,
        author,
        note,
        format,
        files: serde_json::from_str(&files).map_err(|error| corrupt(number, error))?,
    })
}

/// `files`, stored in content format `format`, in `formats`' current one; `what` names them
/// (a version, a draft, a schedule) when they cannot be.
fn in_format(
    files: Files,
    format: i64,
    formats: &Formats<'_>,
    what: &str,
) -> Result<Files, StorageError> {
    if format == formats.current {
        return Ok(files);
    }
    formats
        .migrate(&files, format)
        .map(|migrated| migrated.files)
        .map_err(|error| StorageError::unreadable(what, error))
}

/// The version as stored, its files in `formats`' current format.
fn version_in_format(row: VersionRow, formats: &Formats<'_>) -> Result<Version, StorageError> {
    let mut version = stored_version(row)?;
    let what = format!("content version {}", version.number);
    version.files = in_format(version.files, version.format, formats, &what)?;
    Ok(version)
}

/// The version as read to use: its files in this release's format, or why they cannot be.
fn version_of(row: VersionRow) -> Result<Version, StorageError> {
    version_in_format(row, &formats::RELEASE)
}

/// The live version's number, if any version is stored: one small query, for polling.
pub async fn live_number(store: &Store) -> Result<Option<i64>, StorageError> {
    let number: Option<i64> = on_pool!(store, pool => {
        sqlx::query_scalar("SELECT MAX(number) FROM content_versions")
            .fetch_one(pool)
            .await?
    });
    Ok(number)
}

async fn live_row(store: &Store) -> Result<Option<VersionRow>, StorageError> {
    let sql = format!("SELECT {COLUMNS} FROM content_versions ORDER BY number DESC LIMIT 1");
    Ok(on_pool!(store, pool => {
        sqlx::query_as(&sql).fetch_optional(pool).await?
    }))
}

/// The live version (the newest), if any, in this release's content format.
pub async fn live(store: &Store) -> Result<Option<Version>, StorageError> {
    live_row(store).await?.map(version_of).transpose()
}

async fn version_row(store: &Store, number: i64) -> Result<Option<VersionRow>, StorageError> {
    let sql = format!("SELECT {COLUMNS} FROM content_versions WHERE number = $1");
    Ok(on_pool!(store, pool => {
        sqlx::query_as(&sql).bind(number).fetch_optional(pool).await?
    }))
}

/// Version `number`, if there is one, in this release's content format.
pub async fn version(store: &Store, number: i64) -> Result<Option<Version>, StorageError> {
    version_row(store, number)
        .await?
        .map(version_of)
        .transpose()
}

/// Version `number` in `formats`' current format, as a build with those formats reads it.
pub async fn version_in(
    store: &Store,
    number: i64,
    formats: &Formats<'_>,
) -> Result<Option<Version>, StorageError> {
    version_row(store, number)
        .await?
        .map(|row| version_in_format(row, formats))
        .transpose()
}

/// `files` of a change in progress (a draft, a schedule: `what`), stored in content format
/// `format`, in this release's format.
pub fn in_current_format(files: Files, format: i64, what: &str) -> Result<Files, StorageError> {
    in_format(files, format, &formats::RELEASE, what)
}

/// Inserts the next version if the live version is still `$6` (0: none yet), binding created
/// at, kind, author, note, the files' JSON and their content format as `$1`..`$5` and `$7`:
/// one row, or none on a conflict. Shared with `super::schedules`, which runs it inside the
/// transaction that claims a schedule.
pub(crate) const INSERT_NEXT: &str =
    "INSERT INTO content_versions (number, created_at, kind, author, note, files, format) \
     SELECT COALESCE(MAX(number), 0) + 1, $1, $2, $3, $4, $5, $7 FROM content_versions \
     HAVING COALESCE(MAX(number), 0) = $6";

/// Stores `new` (in this release's content format) as the next version if the live version is
/// still `base` (none: no version yet). The check and the insert are one statement, and the
/// number is the primary key, so of two changes started from the same version only one is
/// stored; the other is a conflict.
pub async fn add(
    store: &Store,
    base: Option<i64>,
    new: NewVersion<'_>,
) -> Result<Added, StorageError> {
    add_in(store, base, new, formats::CURRENT).await
}

/// [`add`], with the files in content format `format`.
async fn add_in(
    store: &Store,
    base: Option<i64>,
    new: NewVersion<'_>,
    format: i64,
) -> Result<Added, StorageError> {
    let files = serde_json::to_string(new.files)
        .map_err(|error| StorageError::Query(sqlx::Error::Encode(error.into())))?;
    let inserted: Result<u64, sqlx::Error> = on_pool!(store, pool => {
        sqlx::query(INSERT_NEXT)
            .bind(crate::now_ms())
            .bind(new.kind.as_str())
            .bind(new.author)
            .bind(new.note)
            .bind(&files)
            .bind(base.unwrap_or(0))
            .bind(format)
            .execute(pool)
            .await
            .map(|done| done.rows_affected())
    });
    match inserted {
        Ok(1) => Ok(Added::Stored(base.unwrap_or(0) + 1)),
        Ok(_) => Ok(Added::Conflict {
            live: live_number(store).await?,
        }),
        Err(sqlx::Error::Database(error)) if error.is_unique_violation() => Ok(Added::Conflict {
            live: live_number(store).await?,
        }),
        Err(error) => Err(error.into()),
    }
}

/// A version without its files, for the studio's history.
#[derive(Debug, Clone)]
pub struct Summary {
    /// Its number.
    pub number: i64,
    /// When it was stored, Unix ms.
    pub created_at: i64,
    /// What made it.
    pub kind: Kind,
    /// Who, if a person.
    pub author: Option<String>,
    /// Why.
    pub note: String,
}

/// Up to `limit` versions, newest first, after skipping `offset`.
pub async fn history(store: &Store, limit: i64, offset: i64) -> Result<Vec<Summary>, StorageError> {
    let rows: Vec<(i64, i64, String, Option<String>, String)> = on_pool!(store, pool => {
        sqlx::query_as(
            "SELECT number, created_at, kind, author, note FROM content_versions \
             ORDER BY number DESC LIMIT $1 OFFSET $2",
        )
        .bind(limit)
        .bind(offset)
        .fetch_all(pool)
        .await?
    });
    rows.into_iter()
        .map(|(number, created_at, kind, author, note)| {
            let kind = Kind::parse(&kind)
                .ok_or_else(|| corrupt(number, format_args!("unknown kind '{kind}'")))?;
            Ok(Summary {
                number,
                created_at,
                kind,
                author,
                note,
            })
        })
        .collect()
}

/// Why the live content could not be read from the database at start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The database failed.
    #[error(transparent)]
    Storage(#[from] StorageError),
    /// The live version no longer reads: the server will not serve a guess in its place.
    #[error(
        "content version {number} in the database does not read:\n  {}\nfix it with \
         'onespace content export DIR', edit, 'onespace content import DIR'",
        .errors.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n  ")
    )]
    Unreadable {
        /// The version.
        number: i64,
        /// Its mistakes.
        errors: Vec<ContentError>,
    },
    /// The live version is in a content format this release cannot read (a newer release's,
    /// or one older than it migrates from): served as it is, it would be misread.
    #[error("content version {number} in the database cannot be served: {error}")]
    Format {
        /// The version.
        number: i64,
        /// Why.
        error: FormatError,
    },
}

/// The content to serve from the database at start, and its number: the studio's live version,
/// or this release's built-in content (stored as the next version unless the live version is
/// already the same). A live version in an older content format is migrated and stored again
/// as a version of [`Kind::Migration`] (see `super::formats` for why it is stored).
pub async fn at_start(store: &Store) -> Result<(i64, Content), StartError> {
    at_start_with(store, &formats::RELEASE).await
}

/// [`at_start`] for a build whose content formats are `formats` (the tests' own migrations).
pub async fn at_start_with(
    store: &Store,
    formats: &Formats<'_>,
) -> Result<(i64, Content), StartError> {
    loop {
        let live = live_row(store).await?.map(stored_version).transpose()?;
        let base = live.as_ref().map(|version| version.number);
        let (files, kind, note) = match live {
            Some(version) => {
                let number = version.number;
                let steps = formats
                    .migrate(&version.files, version.format)
                    .map_err(|error| StartError::Format { number, error })?;
                let current = version.format == formats.current;
                // A release's copy that is not this release's (or not in its format) is
                // replaced by this release's own content, still as a release's copy, so the
                // next release replaces it in turn.
                let replace =
                    version.kind == Kind::Release && !(current && version.files == release_files());
                if !replace {
                    let content = checked(&steps.files)
                        .map_err(|errors| StartError::Unreadable { number, errors })?;
                    if current {
                        return Ok((number, content));
                    }
                    let note = format!(
                        "version {number} in content format {} brought to format {} by release \
                         {}: {}",
                        version.format,
                        formats.current,
                        env!("CARGO_PKG_VERSION"),
                        steps.steps.join("; ")
                    );
                    (steps.files, Kind::Migration, note)
                } else {
                    (release_files(), Kind::Release, release_note())
                }
            }
            None => (release_files(), Kind::Release, release_note()),
        };
        let new = NewVersion {
            kind,
            author: None,
            note: &note,
            files: &files,
        };
        // Another node starting at the same moment may store it first: read again.
        if let Added::Stored(number) = add_in(store, base, new, formats.current).await? {
            tracing::info!(
                number,
                kind = kind.as_str(),
                "content: stored as the live version at start"
            );
        }
    }
}

/// The note of a release's copy.
fn release_note() -> String {
    concat!("built-in content of release ", env!("CARGO_PKG_VERSION")).to_owned()
}

/// Every file of `File::ALL` read from `dir` as text (for an import, after the folder checked).
pub fn read_folder(dir: &std::path::Path) -> std::io::Result<Files> {
    File::ALL
        .into_iter()
        .map(|file| {
            let text = std::fs::read_to_string(dir.join(file.name()))?;
            Ok((file.name().to_owned(), text))
        })
        .collect()
}
