//! Backups that restore: the restore drill (enquiries posted all through a backup taken while
//! the site serves; restored into a new data folder, every enquiry acknowledged before the
//! backup began is there and the server starts from it with the same content version and staff
//! accounts), the nightly backup taken at start, the restore refused while a server runs, and
//! the upgrade drill (a data folder of the previous schema migrated with its automatic backup,
//! then rolled back from it).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use onespace_store::LATEST_MIGRATION as LATEST;
use sqlx::{Connection, SqliteConnection};

use super::onespace;
use crate::harness::{
    contact_json_with, content_command, content_folder, lite_price_at, prices_with_lite, said,
    wait_for, Server, TempDir,
};

/// The server's settings in these drills: no rate limit (one client posts all the enquiries).
const UNLIMITED: (&str, &str) = ("ONESPACE_RATE_LIMIT_PER_MINUTE", "0");

/// The site's SQLite database in `data`, opened read-only by the test.
async fn open(data: &Path) -> SqliteConnection {
    let url = format!("sqlite:{}?mode=ro", data.join("onespace.sqlite3").display());
    SqliteConnection::connect(&url).await.unwrap()
}

/// Every stored enquiry's message in `data`, through `onespace enquiries export`.
fn stored_messages(data: &Path) -> Vec<String> {
    let output = onespace(&["enquiries", "export", "--format", "json"], data, &[]);
    assert!(output.status.success(), "{}", said(&output));
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&output.stdout).unwrap();
    rows.iter()
        .filter_map(|row| {
            let payload = row.get("enquiry").or_else(|| row.get("payload"))?;
            let payload = match payload {
                serde_json::Value::String(text) => serde_json::from_str(text).ok()?,
                other => other.clone(),
            };
            payload.get("message")?.as_str().map(str::to_owned)
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_restore_drill() {
    let folder = content_folder("restore-drill");
    let data = folder.path().join("data");
    let backups = TempDir::new("restore-drill-backups");
    let backups_text = backups.path().display().to_string();
    let env = [UNLIMITED, ("ONESPACE_BACKUP_DIR", backups_text.as_str())];
    let server = Server::start(&data, &env).await;
    // The nightly backups are on by default: with none yet, the first is taken at start.
    server
        .wait_for_log_line(Duration::from_secs(30), "the first backup", |line| {
            line.contains("backup: written and checked")
        })
        .await;

    // A content version and a staff account the restored site must have.
    let content = folder.path().join("content");
    std::fs::write(content.join("prices.toml"), prices_with_lite("57")).unwrap();
    let imported = content_command(&["import"], &content, &data, None);
    assert!(imported.status.success(), "{}", said(&imported));
    let added = onespace(
        &[
            "studio",
            "add-user",
            "owner@onespace.test",
            "--role",
            "owner",
        ],
        &data,
        &[],
    );
    assert!(added.status.success(), "{}", said(&added));

    // A visitor posting enquiries one after another for the whole drill.
    let acknowledged = Arc::new(Mutex::new(Vec::<String>::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let poster = {
        let (acknowledged, stop, addr) = (acknowledged.clone(), stop.clone(), server.addr.clone());
        tokio::spawn(async move {
            let mut number = 0;
            while !stop.load(Ordering::SeqCst) {
                number += 1;
                let message = format!("Restore drill enquiry number {number}");
                let answer = crate::harness::request(
                    &addr,
                    "POST",
                    "/api/enquiries",
                    &[("Content-Type", "application/json")],
                    contact_json_with(&message).as_bytes(),
                )
                .await;
                if answer.is_ok_and(|answer| answer.status == 201) {
                    acknowledged.lock().unwrap().push(message);
                }
            }
        })
    };
    wait_for(Duration::from_secs(60), "20 acknowledged enquiries", || {
        acknowledged.lock().unwrap().len() >= 20
    })
    .await;
    let before_backup = acknowledged.lock().unwrap().clone();
    let backup = {
        let (data, env) = (data.clone(), backups_text.clone());
        tokio::task::spawn_blocking(move || {
            onespace(&["backup"], &data, &[("ONESPACE_BACKUP_DIR", env.as_str())])
        })
        .await
        .unwrap()
    };
    let during = acknowledged.lock().unwrap().len();
    assert!(backup.status.success(), "{}", said(&backup));
    let out = String::from_utf8_lossy(&backup.stdout).into_owned();
    let file = PathBuf::from(out.lines().next().unwrap());
    assert!(file.starts_with(backups.path()), "{out}");
    assert!(
        out.contains(&format!("checked: integrity ok, schema {LATEST};")),
        "{out}"
    );
    // The visitor kept posting while it ran, and afterwards.
    wait_for(
        Duration::from_secs(60),
        "enquiries after the backup",
        || acknowledged.lock().unwrap().len() >= during + 5,
    )
    .await;
    stop.store(true, Ordering::SeqCst);
    poster.await.unwrap();

    // Not into the data folder of a running server.
    let refused = onespace(&["restore", file.to_str().unwrap()], &data, &[]);
    assert_eq!(refused.status.code(), Some(1), "{}", said(&refused));
    assert!(said(&refused).contains("a server is running on this data folder"));

    let restored_dir = TempDir::new("restore-drill-new");
    let restored = onespace(
        &["restore", file.to_str().unwrap()],
        restored_dir.path(),
        &[],
    );
    assert!(restored.status.success(), "{}", said(&restored));
    let messages = stored_messages(restored_dir.path());
    for message in &before_backup {
        assert!(messages.contains(message), "lost: {message}");
    }

    // The server starts from it: the same content version and staff accounts.
    let live = |data: &Path| {
        let out = folder
            .path()
            .join(format!("export-{}", crate::harness::free_port()));
        let exported = content_command(&["export"], &out, data, None);
        assert!(exported.status.success(), "{}", said(&exported));
        String::from_utf8_lossy(&exported.stdout)
            .lines()
            .find(|line| line.starts_with("content version"))
            .unwrap()
            .to_owned()
    };
    let original_version = live(&data);
    drop(server);
    let from_backup = Server::start(restored_dir.path(), &[UNLIMITED]).await;
    assert_eq!(lite_price_at(&from_backup.addr).await, "£57");
    assert_eq!(live(restored_dir.path()), original_version);
    let accounts = |data: PathBuf| async move {
        let mut db = open(&data).await;
        let emails: Vec<String> =
            sqlx::query_scalar("SELECT email || ':' || role FROM studio_accounts ORDER BY email")
                .fetch_all(&mut db)
                .await
                .unwrap();
        emails
    };
    assert_eq!(
        accounts(restored_dir.path().to_owned()).await,
        accounts(data.clone()).await
    );
    assert_eq!(accounts(data.clone()).await, ["owner@onespace.test:owner"]);
}

/// On PostgreSQL the commands name pg_dump's route instead of copying, before connecting.
#[test]
fn on_postgresql_backup_and_restore_say_to_use_pg_dump() {
    let data = TempDir::new("backup-postgres");
    let url = (
        "DATABASE_URL",
        "postgres://onespace:secret@127.0.0.1:9/onespace",
    );
    for args in [&["backup"][..], &["restore", "onespace.sqlite3"][..]] {
        let output = onespace(args, data.path(), &[url]);
        assert_eq!(output.status.code(), Some(1), "{}", said(&output));
        let said = said(&output);
        assert!(
            said.contains("the database is PostgreSQL") && said.contains("pg_dump --format=custom"),
            "{said}"
        );
        assert!(!said.contains("secret"), "{said}");
    }
}

/// The schema of an earlier release: this release's migrations 9 (the content format columns),
/// 10 (the throttle's keys, a failure's id, an audit line's repeats), 11 (the visitor counts)
/// and 12 (passkeys, ceremonies, settings and devices) only added tables and columns, so a database migrated by this release with them undone is,
/// table for table, what that release left (the store has no older data folder to ship).
async fn make_previous_release(data: &Path) {
    let url = format!("sqlite:{}", data.join("onespace.sqlite3").display());
    let mut db = SqliteConnection::connect(&url).await.unwrap();
    sqlx::raw_sql(
        "DELETE FROM schema_migrations WHERE version IN (9, 10, 11, 12);
         DROP TABLE studio_passkeys;
         DROP TABLE studio_ceremonies;
         DROP TABLE studio_settings;
         DROP TABLE studio_devices;
         DROP TABLE visitor_counts;
         DROP TABLE visit_steps;
         DROP TABLE studio_throttle_keys;
         DROP INDEX studio_failures_id;
         ALTER TABLE studio_failures DROP COLUMN id;
         ALTER TABLE studio_audit DROP COLUMN repeats;
         ALTER TABLE content_versions DROP COLUMN format;
         ALTER TABLE content_drafts DROP COLUMN format;
         ALTER TABLE content_schedules DROP COLUMN format;",
    )
    .execute(&mut db)
    .await
    .unwrap();
    db.close().await.unwrap();
}

/// The newest migration applied to the database in `data` and whether its versions carry a
/// content format.
async fn schema_of(data: &Path) -> (i64, bool) {
    let mut db = open(data).await;
    let version: i64 = sqlx::query_scalar("SELECT MAX(version) FROM schema_migrations")
        .fetch_one(&mut db)
        .await
        .unwrap();
    let format: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM pragma_table_info('content_versions') WHERE name = 'format'",
    )
    .fetch_one(&mut db)
    .await
    .unwrap();
    (version, format == 1)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_upgrade_drill() {
    let data = TempDir::new("upgrade-drill");
    let off = ("ONESPACE_NIGHTLY_BACKUPS", "false");
    let server = Server::start(data.path(), &[UNLIMITED, off]).await;
    let answer = server
        .post_json(&contact_json_with("Sent before the upgrade"))
        .await;
    assert_eq!(answer.status, 201);
    assert!(server.terminate());
    make_previous_release(data.path()).await;
    assert_eq!(schema_of(data.path()).await, (8, false));

    // The new release migrates it, backing it up first.
    let server = Server::start(data.path(), &[UNLIMITED, off]).await;
    assert_eq!(schema_of(data.path()).await, (LATEST, true));
    assert!(
        server.log().contains("database backed up before migrating"),
        "{}",
        server.log()
    );
    let backups: Vec<PathBuf> = std::fs::read_dir(data.path().join("backups"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    assert_eq!(backups.len(), 1, "{backups:?}");
    let before_migration = &backups[0];
    let name = before_migration.file_name().unwrap().to_string_lossy();
    assert!(
        name.starts_with(&format!("onespace-before-migration-8-to-{LATEST}-")),
        "{name}"
    );
    let answer = server
        .post_json(&contact_json_with("Sent after the upgrade"))
        .await;
    assert_eq!(answer.status, 201);

    // Rolled back: the stopped server's data folder is the previous release's again.
    assert!(server.terminate());
    let restored = onespace(
        &["restore", before_migration.to_str().unwrap()],
        data.path(),
        &[],
    );
    assert!(restored.status.success(), "{}", said(&restored));
    assert!(
        said(&restored).contains("(schema 8;"),
        "{}",
        said(&restored)
    );
    assert_eq!(schema_of(data.path()).await, (8, false));
    // The enquiries are as they were at the upgrade; the one sent after it is in the copy the
    // restore kept of the database it replaced.
    let mut db = open(data.path()).await;
    let messages: Vec<String> = sqlx::query_scalar("SELECT payload FROM enquiries")
        .fetch_all(&mut db)
        .await
        .unwrap();
    assert_eq!(messages.len(), 1);
    assert!(messages[0].contains("Sent before the upgrade"));
    let kept = std::fs::read_dir(data.path().join("backups"))
        .unwrap()
        .filter(|entry| {
            let entry = entry.as_ref().unwrap();
            entry
                .file_name()
                .to_string_lossy()
                .starts_with("onespace-before-restore-")
        })
        .count();
    assert_eq!(kept, 1);
}
