//! The published content in the database, on SQLite and PostgreSQL: the versions' store (one
//! of two changes from the same version is stored, the other refused), and the release binary
//! serving the database's live version, following `content import` without a restart (every
//! node of one PostgreSQL within 5 s), refusing an import with a mistake whole, keeping the
//! studio's version across a restart, and leaving a `--content` folder the source while named;
//! a version stored in an older content format served migrated (and stored again as a
//! migration), and one in a newer format refused at start rather than misread.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output};
use std::sync::OnceLock;
use std::time::Duration;

use onespace_store::published::versions::{self, Added, Kind, NewVersion};
use onespace_store::Store;

use crate::harness::postgres::Postgres;
use crate::harness::{
    self, binary, content_command, lite_price_at, root, said, wait_for_async, with_lite_price,
    Server, TempDir,
};

fn postgres() -> &'static Postgres {
    static SERVER: OnceLock<Postgres> = OnceLock::new();
    SERVER.get_or_init(Postgres::start)
}

async fn database_url(name: &str) -> String {
    let name = name.to_owned();
    tokio::task::spawn_blocking(move || postgres().database(&name))
        .await
        .unwrap()
}

/// The Lite plan's price as `prices.toml` writes it.
const DEFAULT_LITE: &str = "price = 49";

/// Exports the live content into a fresh folder, with the Lite price changed to `price`.
fn exported_with_lite(data: &Path, database_url: Option<&str>, price: &str) -> TempDir {
    let dir = TempDir::new("export");
    let out = dir.path().join("content");
    let exported = content_command(&["export"], &out, data, database_url);
    assert!(exported.status.success(), "{}", said(&exported));
    let prices = out.join("prices.toml");
    let before = std::fs::read_to_string(&prices).unwrap();
    std::fs::write(&prices, with_lite_price(&before, price)).unwrap();
    dir
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_serves_the_database_and_follows_an_import_without_a_restart() {
    let data = TempDir::new("versions-sqlite");
    let server = Server::start(data.path(), &[]).await;
    assert_eq!(lite_price_at(&server.addr).await, "£49");

    // The export is the built-in content, stored as version 1 when the server started.
    let edited = exported_with_lite(data.path(), None, "55");
    let folder = edited.path().join("content");
    for name in ["prices.toml", "studio.toml", "faq.toml"] {
        let exported = std::fs::read_to_string(folder.join(name)).unwrap();
        let built_in = std::fs::read_to_string(root().join("content").join(name)).unwrap();
        if name == "prices.toml" {
            assert_eq!(exported.replacen("price = 55", DEFAULT_LITE, 1), built_in);
        } else {
            assert_eq!(exported, built_in, "{name}");
        }
    }

    let imported = content_command(
        &["import", "--note", "Lite up to £55"],
        &folder,
        data.path(),
        None,
    );
    assert!(imported.status.success(), "{}", said(&imported));
    assert!(
        said(&imported).contains("stored as content version 2, now live"),
        "{}",
        said(&imported)
    );
    wait_for_async(harness::REACH, "the import served", || async {
        lite_price_at(&server.addr).await == "£55"
    })
    .await;

    // The same folder again stores nothing.
    let again = content_command(&["import"], &folder, data.path(), None);
    assert!(again.status.success(), "{}", said(&again));
    assert!(
        said(&again).contains("the same as content version 2"),
        "{}",
        said(&again)
    );

    // A mistake refuses the import whole, with the check's message, and the site keeps £55.
    let prices = folder.join("prices.toml");
    let good = std::fs::read_to_string(&prices).unwrap();
    std::fs::write(&prices, good.replacen("price = 55", "price = \"£5x\"", 1)).unwrap();
    std::fs::write(
        folder.join("studio.toml"),
        std::fs::read_to_string(folder.join("studio.toml"))
            .unwrap()
            .replacen("\nopens = \"06:00\"", "\nopens = \"6am\"", 1),
    )
    .unwrap();
    let refused = content_command(&["import"], &folder, data.path(), None);
    assert_eq!(refused.status.code(), Some(1), "{}", said(&refused));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr
            .contains("prices.toml line 41: monthly[0].price: must be in pounds, like 49 or 62.50"),
        "{stderr}"
    );
    assert!(
        stderr.contains("studio.toml line 47: opening_hours[0].opens:"),
        "{stderr}"
    );
    assert!(
        stderr.contains("2 mistake(s); nothing was imported"),
        "{stderr}"
    );
    tokio::time::sleep(versions::POLL * 2).await;
    assert_eq!(lite_price_at(&server.addr).await, "£55");

    // A restart serves the studio's version, not the built-in content.
    server.terminate();
    let server = Server::start(data.path(), &[]).await;
    assert_eq!(lite_price_at(&server.addr).await, "£55");
    assert!(
        server.log().contains("serving the database's live version"),
        "{}",
        server.log()
    );

    // A named folder is the source while it is named: its £49, not the database's £55.
    let own = TempDir::new("own-folder");
    let init = Command::new(binary())
        .args(["content", "init"])
        .arg(own.path().join("content"))
        .output()
        .unwrap();
    assert!(init.status.success(), "{init:?}");
    let folder_server = Server::start(
        data.path(),
        &[(
            "ONESPACE_CONTENT_DIR",
            own.path().join("content").to_str().unwrap(),
        )],
    )
    .await;
    assert_eq!(lite_price_at(&folder_server.addr).await, "£49");
    assert_eq!(lite_price_at(&server.addr).await, "£55");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_import_on_one_postgresql_reaches_every_node() {
    let _turn = harness::several_nodes_turn().await;
    let url = database_url("content_nodes").await;
    let data_a = TempDir::new("versions-node-a");
    let data_b = TempDir::new("versions-node-b");
    let env = [("DATABASE_URL", url.as_str())];
    let (a, b) = tokio::join!(
        Server::start(data_a.path(), &env),
        Server::start(data_b.path(), &env)
    );
    assert_eq!(lite_price_at(&a.addr).await, "£49");
    assert_eq!(lite_price_at(&b.addr).await, "£49");

    let edited = exported_with_lite(data_a.path(), Some(&url), "57.50");
    let imported = content_command(
        &["import"],
        &edited.path().join("content"),
        data_a.path(),
        Some(&url),
    );
    assert!(imported.status.success(), "{}", said(&imported));
    // Two nodes started together store the built-in content once: the import is version 2.
    assert!(
        said(&imported).contains("stored as content version 2"),
        "{}",
        said(&imported)
    );
    for node in [&a, &b] {
        wait_for_async(harness::REACH, "the import on every node", || async {
            lite_price_at(&node.addr).await == "£57.50"
        })
        .await;
    }
}

/// Defines the SQLite and the PostgreSQL variant of a store case.
macro_rules! on_both {
    ($case:ident) => {
        mod $case {
            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn sqlite() {
                let dir = super::TempDir::new("versions-store");
                let store = super::Store::open(None, dir.path()).await.unwrap();
                super::$case(store).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn postgres() {
                let url = super::database_url(stringify!($case)).await;
                let dir = super::TempDir::new("versions-store-pg");
                let store = super::Store::open(Some(&url), dir.path()).await.unwrap();
                super::$case(store).await;
            }
        }
    };
}

fn files(price: &str) -> BTreeMap<String, String> {
    let mut files = versions::release_files();
    let prices = files.get_mut("prices.toml").unwrap();
    *prices = with_lite_price(prices, price);
    files
}

on_both!(of_two_changes_from_one_version_only_one_is_stored);
async fn of_two_changes_from_one_version_only_one_is_stored(store: Store) {
    let first = files("50");
    fn new(files: &BTreeMap<String, String>) -> NewVersion<'_> {
        NewVersion {
            kind: Kind::Publish,
            author: Some("owner@example.com"),
            note: "",
            files,
        }
    }
    assert_eq!(
        versions::add(&store, None, new(&first)).await.unwrap(),
        Added::Stored(1)
    );
    // A change that started before version 1 existed.
    assert_eq!(
        versions::add(&store, None, new(&first)).await.unwrap(),
        Added::Conflict { live: Some(1) }
    );
    // Twenty changes started from version 1 at once: one becomes version 2.
    let changes: Vec<_> = (0..20)
        .map(|n| {
            let store = store.clone();
            tokio::spawn(async move {
                let files = files(&format!("{}", 60 + n));
                versions::add(&store, Some(1), new(&files)).await.unwrap()
            })
        })
        .collect();
    let mut stored = 0;
    for change in changes {
        match change.await.unwrap() {
            Added::Stored(number) => {
                assert_eq!(number, 2);
                stored += 1;
            }
            Added::Conflict { live } => assert_eq!(live, Some(2)),
        }
    }
    assert_eq!(stored, 1);
    let live = versions::live(&store).await.unwrap().unwrap();
    assert_eq!(live.number, 2);
    assert_eq!(live.kind, Kind::Publish);
    assert_eq!(live.author.as_deref(), Some("owner@example.com"));
    assert!(live.content().is_ok());
    store.close().await;
}

on_both!(a_release_stores_its_content_once_and_the_studios_version_outlives_it);
async fn a_release_stores_its_content_once_and_the_studios_version_outlives_it(store: Store) {
    let (number, _) = versions::at_start(&store).await.unwrap();
    assert_eq!(number, 1);
    // Started again, the same release finds its content there.
    let (number, _) = versions::at_start(&store).await.unwrap();
    assert_eq!(number, 1);
    let imported = files("55");
    let new = NewVersion {
        kind: Kind::Import,
        author: None,
        note: "",
        files: &imported,
    };
    assert_eq!(
        versions::add(&store, Some(1), new).await.unwrap(),
        Added::Stored(2)
    );
    let (number, content) = versions::at_start(&store).await.unwrap();
    assert_eq!(number, 2);
    assert_eq!(content.prices.monthly[0].price.0, 5500);
    store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_version_that_does_not_read_is_never_served() {
    let data = TempDir::new("versions-unreadable");
    let server = Server::start(data.path(), &[]).await;
    assert_eq!(lite_price_at(&server.addr).await, "£49");
    // Stored past the check, as a version written by a release whose content types differ.
    let store = Store::open(None, data.path()).await.unwrap();
    let broken = files("\"£5x\"");
    let new = NewVersion {
        kind: Kind::Import,
        author: None,
        note: "",
        files: &broken,
    };
    assert_eq!(
        versions::add(&store, Some(1), new).await.unwrap(),
        Added::Stored(2)
    );
    store.close().await;

    // The running server logs each mistake and keeps serving the last good content.
    let log_path = server.log.clone();
    wait_for_async(harness::REACH, "the refusal logged", || {
        let log = std::fs::read_to_string(&log_path).unwrap_or_default();
        async move { log.contains("content: version not served") }
    })
    .await;
    assert!(
        server
            .log()
            .contains("prices.toml line 41: monthly[0].price: must be in pounds, like 49 or 62.50"),
        "{}",
        server.log()
    );
    assert_eq!(lite_price_at(&server.addr).await, "£49");
    server.terminate();

    // A server starting on it refuses to serve a guess, and says how to mend it. (A server
    // that started anyway is stopped after a while, failing the test rather than holding it.)
    let mut child = Command::new(binary())
        .args(["serve", "--addr", "127.0.0.1:0", "--data"])
        .arg(data.path())
        .env_remove("DATABASE_URL")
        .env_remove("ONESPACE_CONTENT_DIR")
        .env("RUST_LOG", "warn")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let started = child.wait_with_output().unwrap();
    assert!(!started.status.success(), "{}", said(&started));
    let said = said(&started);
    assert!(
        said.contains("content version 2 in the database does not read"),
        "{said}"
    );
    assert!(
        said.contains("prices.toml line 41: monthly[0].price: must be in pounds"),
        "{said}"
    );
    assert!(
        said.contains("'onespace content export DIR', edit, 'onespace content import DIR'"),
        "{said}"
    );
}

/// Stores a version straight into the database, as an older or newer release would have
/// written it: `files` in content format `format`, as version `number`.
async fn store_raw(store: &Store, number: i64, format: i64, files: &BTreeMap<String, String>) {
    let sql = "INSERT INTO content_versions (number, created_at, kind, author, note, files, \
               format) VALUES ($1, 0, 'import', NULL, 'from another release', $2, $3)";
    let files = serde_json::to_string(files).unwrap();
    match store {
        Store::Sqlite(pool, ..) => sqlx::query(sql)
            .bind(number)
            .bind(&files)
            .bind(format)
            .execute(pool)
            .await
            .map(drop),
        Store::Postgres(pool) => sqlx::query(sql)
            .bind(number)
            .bind(&files)
            .bind(format)
            .execute(pool)
            .await
            .map(drop),
    }
    .unwrap();
}

/// A format 0 in which `[trial]`'s `intro_discount` was called `online_discount`, and the
/// migration to format 1 a release would bring: what a rename in the content types needs.
mod format_zero {
    use std::collections::BTreeMap;

    use onespace_core::content::check::form;
    use onespace_core::content::File;
    use onespace_store::published::formats::{Formats, Migration};

    type Files = BTreeMap<String, String>;

    fn rename(files: &Files) -> Result<Files, String> {
        let mut files = files.clone();
        let text = files["prices.toml"].clone();
        let mut values = form::read(File::Prices, &text).map_err(|error| error.to_string())?;
        let trial = values["trial"].as_object_mut().ok_or("no [trial]")?;
        if let Some(discount) = trial.remove("online_discount") {
            trial.insert("intro_discount".to_owned(), discount);
        }
        files.insert("prices.toml".to_owned(), form::write(&text, &values));
        Ok(files)
    }

    const STEPS: [Migration; 1] = [Migration {
        from: 0,
        what: "prices.toml: [trial] online_discount is now intro_discount",
        run: rename,
    }];

    pub const FORMATS: Formats<'static> = Formats {
        current: 1,
        migrations: &STEPS,
    };

    /// The built-in files with the Lite price `lite`, as format 0 wrote them.
    pub fn files(lite: &str) -> Files {
        let mut files = super::files(lite);
        let prices = files.get_mut("prices.toml").unwrap();
        *prices = prices.replacen("\nintro_discount = 10\n", "\nonline_discount = 10\n", 1);
        assert!(prices.contains("online_discount"));
        files
    }
}

on_both!(a_version_in_an_older_format_is_served_migrated_and_stored_as_a_migration);
async fn a_version_in_an_older_format_is_served_migrated_and_stored_as_a_migration(store: Store) {
    // An import by a release of format 0, the Lite at £55.
    store_raw(&store, 1, 0, &format_zero::files("55")).await;
    let (number, content) = versions::at_start_with(&store, &format_zero::FORMATS)
        .await
        .unwrap();
    // Served migrated: the discount read under its new name, the studio's £55 kept.
    assert_eq!(number, 2);
    assert_eq!(content.prices.trial.intro_discount.0, 1000);
    assert_eq!(content.prices.monthly[0].price.0, 5500);
    // And stored migrated, as a version the history shows, so the next start has nothing to do.
    let migrated = versions::version_in(&store, 2, &format_zero::FORMATS)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(migrated.kind, Kind::Migration);
    assert_eq!(migrated.format, 1);
    assert!(
        migrated
            .note
            .starts_with("version 1 in content format 0 brought to format 1 by release "),
        "{}",
        migrated.note
    );
    assert!(
        migrated
            .note
            .ends_with(": prices.toml: [trial] online_discount is now intro_discount"),
        "{}",
        migrated.note
    );
    assert!(migrated.files["prices.toml"].contains("intro_discount = 10"));
    let history = versions::history(&store, 10, 0).await.unwrap();
    assert_eq!(
        history[0].kind.describe(),
        "Migrated to this release's content format"
    );
    let (number, _) = versions::at_start_with(&store, &format_zero::FORMATS)
        .await
        .unwrap();
    assert_eq!(number, 2);
    // The format-0 version itself reads migrated too (to open, restore or merge from).
    let old = versions::version_in(&store, 1, &format_zero::FORMATS)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(old.format, 0);
    assert_eq!(old.files, migrated.files);
    // This release has no step from format 0: it refuses the version rather than misread it.
    let error = versions::version(&store, 1).await.unwrap_err().to_string();
    assert!(
        error.contains("content version 1: it is in content format 0, older than this release"),
        "{error}"
    );
    store.close().await;
}

on_both!(a_release_copy_in_an_older_format_is_replaced_by_this_releases_copy);
async fn a_release_copy_in_an_older_format_is_replaced_by_this_releases_copy(store: Store) {
    // The built-in content of a release of format 0 stays a release's copy: replaced by this
    // release's own, never frozen as a migration the next release would no longer replace.
    let sql = "UPDATE content_versions SET kind = 'release'";
    store_raw(&store, 1, 0, &format_zero::files("49")).await;
    match &store {
        Store::Sqlite(pool, ..) => sqlx::query(sql).execute(pool).await.map(drop),
        Store::Postgres(pool) => sqlx::query(sql).execute(pool).await.map(drop),
    }
    .unwrap();
    let (number, _) = versions::at_start_with(&store, &format_zero::FORMATS)
        .await
        .unwrap();
    assert_eq!(number, 2);
    let live = versions::live(&store).await.unwrap().unwrap();
    assert_eq!(live.kind, Kind::Release);
    assert_eq!(live.files, versions::release_files());
    store.close().await;
}

/// Starts the release binary on `data` (and `database_url`) and waits for it to stop: a server
/// that starts anyway is stopped after a while, failing the test rather than holding it.
async fn start_expecting_refusal(data: &Path, database_url: Option<&str>) -> Output {
    let mut command = Command::new(binary());
    command
        .args(["serve", "--addr", "127.0.0.1:0", "--data"])
        .arg(data)
        .env_remove("DATABASE_URL")
        .env_remove("ONESPACE_CONTENT_DIR")
        .env("RUST_LOG", "warn")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    if let Some(url) = database_url {
        command.env("DATABASE_URL", url);
    }
    let mut child = command.spawn().unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    child.wait_with_output().unwrap()
}

async fn a_version_in_a_newer_format_is_never_misread(database_url: Option<&str>, name: &str) {
    let data = TempDir::new(name);
    let env: Vec<(&str, &str)> = database_url
        .map(|url| vec![("DATABASE_URL", url)])
        .unwrap_or_default();
    let server = Server::start(data.path(), &env).await;
    assert_eq!(lite_price_at(&server.addr).await, "£49");
    // A newer release stores the Lite at £55 in its format 2.
    let store = Store::open(database_url, data.path()).await.unwrap();
    store_raw(&store, 2, 2, &files("55")).await;
    store.close().await;

    // The running server leaves it unserved and says why.
    let log_path = server.log.clone();
    wait_for_async(harness::REACH, "the newer format logged", || {
        let log = std::fs::read_to_string(&log_path).unwrap_or_default();
        async move { log.contains("newer than this release reads") }
    })
    .await;
    assert_eq!(lite_price_at(&server.addr).await, "£49");
    server.terminate();

    // Started on it, this release refuses, and says what to run instead.
    let started = start_expecting_refusal(data.path(), database_url).await;
    assert!(!started.status.success(), "{}", said(&started));
    let said = said(&started);
    assert!(
        said.contains(
            "content version 2 in the database cannot be served: it is in content format 2, \
             newer than this release reads (format 1)"
        ),
        "{said}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_version_in_a_newer_format_is_never_misread_on_sqlite() {
    a_version_in_a_newer_format_is_never_misread(None, "versions-newer").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_version_in_a_newer_format_is_never_misread_on_postgresql() {
    let url = database_url("content_newer_format").await;
    a_version_in_a_newer_format_is_never_misread(Some(&url), "versions-newer-pg").await;
}
