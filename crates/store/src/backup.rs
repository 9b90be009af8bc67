//! Backups of the embedded SQLite database: a consistent copy taken while the site serves
//! (`VACUUM INTO`, which reads one snapshot of the database, write-ahead log included, while
//! writers carry on), and its check by reopening it (`PRAGMA integrity_check` and every table's
//! count). The photos uploaded in the studio are in the database (`crate::photos`), so a copy
//! carries their originals. A shared PostgreSQL database is backed up with its own tool,
//! `pg_dump` (docs/deploy.md): [`BackupError::Postgres`] says so.

use std::path::Path;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode};
use sqlx::{ConnectOptions, Connection, SqliteConnection, SqlitePool};

use crate::Store;

/// The backups' folder inside the data folder, unless the server is told another.
pub const BACKUPS_DIR: &str = "backups";

/// Why a backup could not be made, checked or restored.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// The store is PostgreSQL: its backups are `pg_dump`'s.
    #[error(
        "the database is PostgreSQL (DATABASE_URL): back it up with pg_dump, e.g. \
         pg_dump --format=custom --file=onespace.dump \"$DATABASE_URL\", and restore with \
         pg_restore (docs/deploy.md, 'Backups on PostgreSQL')"
    )]
    Postgres,
    /// SQLite refused (the file is not a database, the disk is full, ...).
    #[error("{path}: {source}")]
    Sqlite {
        /// The file.
        path: String,
        /// What SQLite said.
        source: sqlx::Error,
    },
    /// The copy does not pass the integrity check or lacks the site's tables.
    #[error("{path} is damaged: {reason}")]
    Damaged {
        /// The file.
        path: String,
        /// What the check found.
        reason: String,
    },
}

/// What reopening a copy found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// The newest migration the copy has (`schema_migrations`).
    pub schema_version: i64,
    /// Every table with its number of rows, by name.
    pub tables: Vec<(String, i64)>,
}

impl Verified {
    /// The rows of `table`, 0 when it has none or is missing.
    pub fn count(&self, table: &str) -> i64 {
        self.tables
            .iter()
            .find(|(name, _)| name == table)
            .map_or(0, |(_, count)| *count)
    }

    /// `enquiries 12, content_versions 3, ...`, for the logs and the commands.
    pub fn summary(&self) -> String {
        self.tables
            .iter()
            .map(|(name, count)| format!("{name} {count}"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn sqlite_error(path: &Path) -> impl FnOnce(sqlx::Error) -> BackupError + '_ {
    move |source| BackupError::Sqlite {
        path: path.display().to_string(),
        source,
    }
}

/// Writes a consistent copy of the SQLite store to `dest`, which must not exist, while the site
/// keeps serving: every write committed before the copy starts is in it.
pub async fn copy_to(store: &Store, dest: &Path) -> Result<(), BackupError> {
    match store {
        Store::Sqlite(pool, _) => vacuum_into(pool, dest).await,
        Store::Postgres(_) => Err(BackupError::Postgres),
    }
}

async fn vacuum_into(pool: &SqlitePool, dest: &Path) -> Result<(), BackupError> {
    sqlx::query("VACUUM INTO ?")
        .bind(dest.display().to_string())
        .execute(pool)
        .await
        .map(drop)
        .map_err(sqlite_error(dest))
}

/// Copies the SQLite file `source` (not opened by a server; its write-ahead log, if a crash left
/// one, included) to `dest`, without migrating it: before a migration, and before a restore
/// replaces it.
pub async fn copy_file(source: &Path, dest: &Path) -> Result<(), BackupError> {
    let mut connection = SqliteConnectOptions::new()
        .filename(source)
        .connect()
        .await
        .map_err(sqlite_error(source))?;
    let copied = sqlx::query("VACUUM INTO ?")
        .bind(dest.display().to_string())
        .execute(&mut connection)
        .await
        .map(drop)
        .map_err(sqlite_error(dest));
    let _ = connection.close().await;
    copied
}

/// Reopens the copy at `path` read-only: SQLite's integrity check must say `ok` and the site's
/// tables must be there; returns the schema version and every table's count.
pub async fn verify(path: &Path) -> Result<Verified, BackupError> {
    if !path.is_file() {
        return Err(BackupError::Damaged {
            path: path.display().to_string(),
            reason: "no such file".to_owned(),
        });
    }
    let mut connection = SqliteConnectOptions::new()
        .filename(path)
        .read_only(true)
        .journal_mode(SqliteJournalMode::Delete)
        .connect()
        .await
        .map_err(sqlite_error(path))?;
    let verified = read_checks(&mut connection, path).await;
    let _ = connection.close().await;
    verified
}

async fn read_checks(
    connection: &mut SqliteConnection,
    path: &Path,
) -> Result<Verified, BackupError> {
    let damaged = |reason: String| BackupError::Damaged {
        path: path.display().to_string(),
        reason,
    };
    let integrity: Vec<String> = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_all(&mut *connection)
        .await
        .map_err(sqlite_error(path))?;
    if integrity != ["ok"] {
        return Err(damaged(format!(
            "integrity check: {}",
            integrity.join("; ")
        )));
    }
    let names: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
         ORDER BY name",
    )
    .fetch_all(&mut *connection)
    .await
    .map_err(sqlite_error(path))?;
    if !names.iter().any(|name| name == "schema_migrations") {
        return Err(damaged(
            "it is not the site's database (no schema_migrations table)".to_owned(),
        ));
    }
    let schema_version: Option<i64> =
        sqlx::query_scalar("SELECT MAX(version) FROM schema_migrations")
            .fetch_one(&mut *connection)
            .await
            .map_err(sqlite_error(path))?;
    let mut tables = Vec::with_capacity(names.len());
    for name in names {
        // The names come from sqlite_master; quoted, any of them reads.
        let sql = format!("SELECT COUNT(*) FROM \"{}\"", name.replace('"', "\"\""));
        let count: i64 = sqlx::query_scalar(&sql)
            .fetch_one(&mut *connection)
            .await
            .map_err(sqlite_error(path))?;
        tables.push((name, count));
    }
    Ok(Verified {
        schema_version: schema_version.unwrap_or(0),
        tables,
    })
}

/// A file name's time stamp for `ms` (Unix ms): `20261127T030000Z`, which sorts as time does.
pub fn stamp(ms: i64) -> String {
    crate::format_utc(ms).replace(['-', ':'], "")
}

/// Before migrating the SQLite database in `pool` from `applied` to this release's schema,
/// writes and checks a copy in `dir` named after both (`onespace-before-migration-8-to-9-...`):
/// the way back if the new release must be rolled back.
pub(crate) async fn before_migration(
    pool: &SqlitePool,
    dir: &Path,
    applied: i64,
) -> Result<std::path::PathBuf, BackupError> {
    let dest = dir.join(format!(
        "onespace-before-migration-{applied}-to-{}-{}.sqlite3",
        schema_version(),
        stamp(crate::now_ms())
    ));
    std::fs::create_dir_all(dir).map_err(|error| BackupError::Damaged {
        path: dir.display().to_string(),
        reason: format!("cannot create the folder: {error}"),
    })?;
    vacuum_into(pool, &dest).await?;
    let verified = verify(&dest).await?;
    tracing::info!(
        file = %dest.display(),
        from = applied,
        to = schema_version(),
        tables = %verified.summary(),
        "database backed up before migrating"
    );
    Ok(dest)
}

/// The newest migration this release knows: a copy with a newer one was made by a newer
/// release, and this one must not restore it.
pub fn schema_version() -> i64 {
    crate::migrations::LATEST
}
