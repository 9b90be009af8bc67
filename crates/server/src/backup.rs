//! Backups of the site's SQLite database: `onespace backup` (a checked copy taken while the
//! site serves), the nightly backups with their retention ([`KEEP_DAILY`] days, [`KEEP_WEEKLY`]
//! weeks), `onespace restore FILE` into a stopped server's data folder, and the data folder's
//! lock that tells the two apart: every server holds it shared, a restore needs it alone. The
//! copy itself, its check and the backup before a migration are `onespace_store::backup`'s; a
//! PostgreSQL database is backed up with `pg_dump` (docs/deploy.md).

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context;
use chrono::{DateTime, Datelike, NaiveDateTime, Utc};
use onespace_store::backup::{self, BackupError, Verified};
use onespace_store::{Store, SQLITE_FILE};

/// Backups kept, one a day, for the newest days that have one.
pub const KEEP_DAILY: usize = 7;

/// Backups kept, one a week (ISO weeks), for the newest weeks that have one.
pub const KEEP_WEEKLY: usize = 4;

/// The hour, UK time, of the nightly backup: the studio is closed and the site quiet.
pub const NIGHTLY_HOUR: u32 = 3;

/// The lock file in the data folder.
pub const LOCK_FILE: &str = "onespace.lock";

/// Where the backups go, as given on the command line or in the environment.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct BackupDir {
    /// Folder of the backups (nightly, `onespace backup`, and those taken before a migration or
    /// a restore). Unset: `backups` in the data folder; another disk is safer.
    #[arg(long, env = "ONESPACE_BACKUP_DIR")]
    pub backup_dir: Option<PathBuf>,
}

impl BackupDir {
    /// The backups' folder for the data folder `data_dir`.
    pub fn resolve(&self, data_dir: &Path) -> PathBuf {
        self.backup_dir
            .clone()
            .filter(|dir| !dir.as_os_str().is_empty())
            .unwrap_or_else(|| data_dir.join(backup::BACKUPS_DIR))
    }
}

/// The backups' settings of `serve`.
#[derive(Debug, Clone, clap::Args)]
pub struct BackupArgs {
    /// Where they go.
    #[command(flatten)]
    pub dir: BackupDir,
    /// Back the database up every night at 03:00 UK time (and at start when the newest backup
    /// is more than a day old), keeping 7 daily and 4 weekly backups; `false` turns it off.
    #[arg(
        long,
        env = "ONESPACE_NIGHTLY_BACKUPS",
        default_value_t = true,
        action = clap::ArgAction::Set,
        value_parser = clap::builder::BoolishValueParser::new()
    )]
    pub nightly_backups: bool,
}

impl Default for BackupArgs {
    fn default() -> Self {
        Self {
            dir: BackupDir::default(),
            nightly_backups: true,
        }
    }
}

/// The data folder's lock, held until dropped.
#[derive(Debug)]
pub struct DataLock(#[allow(dead_code)] std::fs::File);

fn lock_file(data_dir: &Path) -> anyhow::Result<std::fs::File> {
    let path = data_dir.join(LOCK_FILE);
    std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .with_context(|| format!("cannot open {}", path.display()))
}

/// The lock a server holds while it runs: several servers may share it, a restore cannot take
/// it from them.
pub fn hold_shared(data_dir: &Path) -> anyhow::Result<DataLock> {
    let file = lock_file(data_dir)?;
    fs4::FileExt::try_lock_shared(&file).map_err(|_| {
        anyhow::anyhow!(
            "{}: a restore is under way in this data folder; start the server once it ends",
            data_dir.display()
        )
    })?;
    Ok(DataLock(file))
}

/// The lock a restore holds: refused while any server runs on the data folder.
pub fn hold_alone(data_dir: &Path) -> anyhow::Result<DataLock> {
    let file = lock_file(data_dir)?;
    fs4::FileExt::try_lock(&file).map_err(|_| {
        anyhow::anyhow!(
            "{}: a server is running on this data folder (it holds {LOCK_FILE}); stop it first \
             (systemctl stop onespace), then restore",
            data_dir.display()
        )
    })?;
    Ok(DataLock(file))
}

/// A backup's file name: `onespace-20261127T030000Z.sqlite3`.
pub fn file_name(ms: i64) -> String {
    format!("onespace-{}.sqlite3", backup::stamp(ms))
}

/// When the backup named `name` was taken, if it is one of ours (nightly or `onespace backup`;
/// the copies before a migration or a restore are kept until removed by hand).
fn taken_at(name: &str) -> Option<DateTime<Utc>> {
    let stamp = name.strip_prefix("onespace-")?.strip_suffix(".sqlite3")?;
    NaiveDateTime::parse_from_str(stamp, "%Y%m%dT%H%M%SZ")
        .ok()
        .map(|time| time.and_utc())
}

/// Writes a checked backup of `store` into `dir`: copied under a temporary name, reopened and
/// checked, then renamed, so a file with a backup's name is always a whole, checked copy.
pub async fn take(store: &Store, dir: &Path) -> anyhow::Result<(PathBuf, Verified)> {
    std::fs::create_dir_all(dir)
        .with_context(|| format!("ONESPACE_BACKUP_DIR: cannot create {}", dir.display()))?;
    let name = file_name(onespace_store::now_ms());
    let done = dir.join(&name);
    let partial = dir.join(format!("{name}.partial"));
    let _ = std::fs::remove_file(&partial);
    let checked = async {
        backup::copy_to(store, &partial).await?;
        backup::verify(&partial).await
    }
    .await;
    match checked {
        Ok(verified) => {
            std::fs::rename(&partial, &done)
                .with_context(|| format!("cannot name the backup {}", done.display()))?;
            Ok((done, verified))
        }
        Err(error) => {
            let _ = std::fs::remove_file(&partial);
            Err(error.into())
        }
    }
}

/// Which of `backups` (name, when taken) the retention lets go: walking from the newest, a
/// backup is kept when it is the newest of one of the [`KEEP_DAILY`] newest days (UTC) or of the
/// [`KEEP_WEEKLY`] newest ISO weeks that have a backup.
pub fn to_remove(backups: &[(String, DateTime<Utc>)]) -> Vec<String> {
    let mut newest_first: Vec<&(String, DateTime<Utc>)> = backups.iter().collect();
    newest_first.sort_by_key(|backup| std::cmp::Reverse(backup.1));
    let (mut days, mut weeks) = (Vec::new(), Vec::new());
    let mut removed = Vec::new();
    for (name, at) in newest_first {
        let day = at.date_naive();
        let week = (at.iso_week().year(), at.iso_week().week());
        let mut keep = false;
        if days.len() < KEEP_DAILY && !days.contains(&day) {
            days.push(day);
            keep = true;
        }
        if weeks.len() < KEEP_WEEKLY && !weeks.contains(&week) {
            weeks.push(week);
            keep = true;
        }
        if !keep {
            removed.push(name.clone());
        }
    }
    removed
}

/// Removes the backups in `dir` the retention lets go; returns their paths.
pub fn prune(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut backups = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let name = entry?.file_name().to_string_lossy().into_owned();
        if let Some(at) = taken_at(&name) {
            backups.push((name, at));
        }
    }
    let mut removed = Vec::new();
    for name in to_remove(&backups) {
        let path = dir.join(name);
        std::fs::remove_file(&path)?;
        removed.push(path);
    }
    Ok(removed)
}

/// When the newest backup in `dir` was taken.
fn newest(dir: &Path) -> Option<DateTime<Utc>> {
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .filter_map(|entry| taken_at(&entry.file_name().to_string_lossy()))
        .max()
}

/// The next [`NIGHTLY_HOUR`] o'clock, UK time, after `now`.
fn next_night(now: DateTime<Utc>) -> DateTime<Utc> {
    let today = onespace_core::calendar::london_date(now);
    [today, today.succ_opt().unwrap_or(today)]
        .into_iter()
        .filter_map(|day| day.and_hms_opt(NIGHTLY_HOUR, 0, 0))
        .map(onespace_core::calendar::london_instant)
        .find(|instant| *instant > now)
        .unwrap_or(now + chrono::Duration::days(1))
}

/// One nightly round: a backup, checked, then the retention; logged either way.
async fn nightly_round(store: &Store, dir: &Path) {
    match take(store, dir).await {
        Ok((path, verified)) => {
            tracing::info!(
                file = %path.display(),
                tables = %verified.summary(),
                "backup: written and checked"
            );
            match prune(dir) {
                Ok(removed) => {
                    for path in removed {
                        tracing::info!(file = %path.display(), "backup: removed by the retention");
                    }
                }
                Err(error) => tracing::error!(%error, "backup: cannot apply the retention"),
            }
        }
        Err(error) => tracing::error!(error = %format!("{error:#}"), "backup: failed"),
    }
}

/// The nightly backups of `store` into `dir`, until the server stops: one at once when the
/// newest is more than a day old (or there is none), then one every night.
pub async fn nightly(store: Store, dir: PathBuf) {
    if matches!(store, Store::Postgres(_)) {
        tracing::info!("{}", BackupError::Postgres);
        return;
    }
    let stale = newest(&dir).is_none_or(|at| Utc::now() - at > chrono::Duration::days(1));
    if stale {
        nightly_round(&store, &dir).await;
    }
    loop {
        let now = Utc::now();
        let wait = (next_night(now) - now)
            .to_std()
            .unwrap_or(Duration::from_secs(60));
        tokio::time::sleep(wait).await;
        nightly_round(&store, &dir).await;
    }
}

/// What a restore did.
#[derive(Debug)]
pub struct Restored {
    /// The restored copy's check.
    pub verified: Verified,
    /// Where the database it replaced was copied first, if there was one.
    pub previous: Option<PathBuf>,
}

/// Restores the backup `file` as the data folder's database: refused while a server runs on the
/// folder, or when the file is damaged or from a newer release. The database it replaces is
/// copied into `backups` first.
pub async fn restore(file: &Path, data_dir: &Path, backups: &Path) -> anyhow::Result<Restored> {
    std::fs::create_dir_all(data_dir).with_context(|| {
        format!(
            "ONESPACE_DATA_DIR (--data): cannot create {}",
            data_dir.display()
        )
    })?;
    let _alone = hold_alone(data_dir)?;
    let verified = backup::verify(file).await?;
    if verified.schema_version > backup::schema_version() {
        anyhow::bail!(
            "{} was made by a newer release (database schema {}, this release knows up to {}): \
             restore it with that release",
            file.display(),
            verified.schema_version,
            backup::schema_version()
        );
    }
    let database = data_dir.join(SQLITE_FILE);
    let previous = if database.exists() {
        std::fs::create_dir_all(backups)
            .with_context(|| format!("ONESPACE_BACKUP_DIR: cannot create {}", backups.display()))?;
        let copy = backups.join(format!(
            "onespace-before-restore-{}.sqlite3",
            backup::stamp(onespace_store::now_ms())
        ));
        backup::copy_file(&database, &copy).await?;
        Some(copy)
    } else {
        None
    };
    let incoming = data_dir.join(format!("{SQLITE_FILE}.restoring"));
    std::fs::copy(file, &incoming)
        .with_context(|| format!("cannot copy {} into {}", file.display(), data_dir.display()))?;
    std::fs::File::open(&incoming)
        .and_then(|copy| copy.sync_all())
        .with_context(|| format!("cannot write {}", incoming.display()))?;
    // The replaced database's log must not be replayed into the restored one.
    for suffix in ["-wal", "-shm"] {
        let path = data_dir.join(format!("{SQLITE_FILE}{suffix}"));
        match std::fs::remove_file(&path) {
            Ok(()) => {}
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
            Err(error) => {
                return Err(error).with_context(|| format!("cannot remove {}", path.display()))
            }
        }
    }
    std::fs::rename(&incoming, &database)
        .with_context(|| format!("cannot replace {}", database.display()))?;
    Ok(Restored { verified, previous })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .map(|instant| instant.with_timezone(&Utc))
            .unwrap_or_default()
    }

    #[test]
    fn names_read_back_and_others_are_left_alone() {
        let ms = at("2026-11-27T03:00:05Z").timestamp_millis();
        assert_eq!(file_name(ms), "onespace-20261127T030005Z.sqlite3");
        assert_eq!(taken_at(&file_name(ms)), Some(at("2026-11-27T03:00:05Z")));
        for other in [
            "onespace-before-migration-8-to-9-20261127T030005Z.sqlite3",
            "onespace-before-restore-20261127T030005Z.sqlite3",
            "onespace-20261127T030005Z.sqlite3.partial",
            "notes.txt",
        ] {
            assert_eq!(taken_at(other), None, "{other}");
        }
    }

    #[test]
    fn the_retention_keeps_seven_days_and_four_weeks() {
        // Two backups a night for 60 nights, the newest on Friday 27 November 2026.
        let last = at("2026-11-27T03:00:00Z");
        let mut backups = Vec::new();
        for day in 0..60 {
            for hour in [0, 1] {
                let when = last - chrono::Duration::days(day) + chrono::Duration::hours(hour);
                backups.push((file_name(when.timestamp_millis()), when));
            }
        }
        let removed = to_remove(&backups);
        let mut kept: Vec<DateTime<Utc>> = backups
            .iter()
            .filter(|(name, _)| !removed.contains(name))
            .map(|(_, when)| *when)
            .collect();
        kept.sort();
        let kept: Vec<String> = kept.iter().map(|when| when.to_rfc3339()).collect();
        // The newest of each of the last 7 days, and the newest of the 4 newest weeks (the
        // three weeks before this one end on the Sundays 22, 15 and 8 November).
        assert_eq!(
            kept,
            [
                "2026-11-08T04:00:00+00:00",
                "2026-11-15T04:00:00+00:00",
                "2026-11-21T04:00:00+00:00",
                "2026-11-22T04:00:00+00:00",
                "2026-11-23T04:00:00+00:00",
                "2026-11-24T04:00:00+00:00",
                "2026-11-25T04:00:00+00:00",
                "2026-11-26T04:00:00+00:00",
                "2026-11-27T04:00:00+00:00",
            ]
        );
    }

    #[test]
    fn the_night_is_three_in_the_morning_uk_time() {
        assert_eq!(
            next_night(at("2026-11-27T10:00:00Z")),
            at("2026-11-28T03:00:00Z")
        );
        assert_eq!(
            next_night(at("2026-07-01T01:00:00Z")),
            at("2026-07-01T02:00:00Z")
        );
    }
}
