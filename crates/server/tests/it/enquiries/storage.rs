//! The storage interface against real databases: an SQLite file and a PostgreSQL server that the
//! test starts. Every case runs on both.

use std::collections::HashSet;
use std::sync::OnceLock;
use std::time::Duration;

use onespace_store::{now_ms, Inserted, NewEnquiry, Store};

use crate::harness::postgres::Postgres;
use crate::harness::TempDir;

fn postgres() -> &'static Postgres {
    static SERVER: OnceLock<Postgres> = OnceLock::new();
    SERVER.get_or_init(Postgres::start)
}

async fn sqlite() -> (Store, TempDir) {
    let dir = TempDir::new("store");
    (Store::open(None, dir.path()).await.unwrap(), dir)
}

async fn pg(name: &str) -> (Store, TempDir) {
    let url = tokio::task::spawn_blocking({
        let name = name.to_owned();
        move || postgres().database(&name)
    })
    .await
    .unwrap();
    let dir = TempDir::new("pgstore");
    (Store::open(Some(&url), dir.path()).await.unwrap(), dir)
}

fn enquiry(n: usize, received_at: i64) -> NewEnquiry {
    NewEnquiry {
        id: format!("{received_at:013}-{n:05}"),
        received_at,
        form: "contact",
        payload: format!(r#"{{"formType":"contact","firstName":"Jo","message":"{n}"}}"#),
        idempotency_key: None,
        earlier_keys: Vec::new(),
    }
}

/// [`enquiry`] posted with idempotency key `key`.
fn keyed(n: usize, key: &str) -> NewEnquiry {
    NewEnquiry {
        idempotency_key: Some(key.to_owned()),
        ..enquiry(n, now_ms())
    }
}

/// Defines the SQLite and the PostgreSQL variant of a case.
macro_rules! on_both {
    ($case:ident) => {
        mod $case {
            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn sqlite() {
                let (store, _dir) = super::sqlite().await;
                super::$case(store).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn postgres() {
                let (store, _dir) = super::pg(stringify!($case)).await;
                super::$case(store).await;
            }
        }
    };
}

on_both!(claims_deliver_each_mail_once_and_retries_come_back);
async fn claims_deliver_each_mail_once_and_retries_come_back(store: Store) {
    let now = now_ms();
    for n in 0..3 {
        store.insert(&enquiry(n, now)).await.unwrap();
    }
    let lease = Duration::from_secs(60);
    let claimed = store.claim_mail(10, lease).await.unwrap();
    assert_eq!(claimed.len(), 3);
    assert!(claimed.iter().all(|mail| mail.attempts == 1));
    assert!(claimed[0].payload.contains("\"formType\":\"contact\""));
    assert!(
        store.claim_mail(10, lease).await.unwrap().is_empty(),
        "leased rows are not claimed twice"
    );
    store.mark_sent(&claimed[0].enquiry_id).await.unwrap();
    store.mark_sent(&claimed[1].enquiry_id).await.unwrap();
    store
        .retry_later(&claimed[2], Duration::ZERO, "SMTP down")
        .await
        .unwrap();
    assert_eq!(store.pending_mail().await.unwrap(), 1);
    let again = store.claim_mail(10, lease).await.unwrap();
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].enquiry_id, claimed[2].enquiry_id);
    assert_eq!(again[0].attempts, 2);
    store.mark_sent(&again[0].enquiry_id).await.unwrap();
    assert_eq!(store.pending_mail().await.unwrap(), 0);
    let all = store.all().await.unwrap();
    assert_eq!(all.len(), 3);
    assert!(all.iter().all(|stored| stored.mailed_at.is_some()));
}

on_both!(an_expired_lease_is_claimed_again_and_the_old_claim_cannot_release_it);
async fn an_expired_lease_is_claimed_again_and_the_old_claim_cannot_release_it(store: Store) {
    store.insert(&enquiry(1, now_ms())).await.unwrap();
    let first = store
        .claim_mail(1, Duration::from_millis(300))
        .await
        .unwrap();
    assert_eq!(first.len(), 1);
    tokio::time::sleep(Duration::from_millis(400)).await;
    let second = store.claim_mail(1, Duration::from_secs(60)).await.unwrap();
    assert_eq!(second.len(), 1, "the dead worker's claim expired");
    assert_eq!(second[0].attempts, 2);
    store
        .retry_later(&first[0], Duration::ZERO, "late")
        .await
        .unwrap();
    assert!(
        store
            .claim_mail(1, Duration::from_secs(60))
            .await
            .unwrap()
            .is_empty(),
        "a stale claim does not release the new holder's row"
    );
}

on_both!(concurrent_claimers_never_share_a_row);
async fn concurrent_claimers_never_share_a_row(store: Store) {
    let now = now_ms();
    for n in 0..200 {
        store.insert(&enquiry(n, now)).await.unwrap();
    }
    let mut workers = Vec::new();
    for _ in 0..6 {
        let store = store.clone();
        workers.push(tokio::spawn(async move {
            let mut mine = Vec::new();
            loop {
                let batch = store.claim_mail(7, Duration::from_secs(60)).await.unwrap();
                if batch.is_empty() {
                    break mine;
                }
                for mail in batch {
                    store.mark_sent(&mail.enquiry_id).await.unwrap();
                    mine.push(mail.enquiry_id);
                }
            }
        }));
    }
    let mut seen = HashSet::new();
    let mut total = 0;
    for worker in workers {
        for id in worker.await.unwrap() {
            total += 1;
            assert!(seen.insert(id), "a row was claimed twice");
        }
    }
    assert_eq!(total, 200);
    assert_eq!(store.pending_mail().await.unwrap(), 0);
}

on_both!(retention_deletes_only_old_enquiries_and_their_mail);
async fn retention_deletes_only_old_enquiries_and_their_mail(store: Store) {
    let now = now_ms();
    let old = now - 731 * 86_400_000;
    store.insert(&enquiry(1, old)).await.unwrap();
    store.insert(&enquiry(2, old + 1)).await.unwrap();
    store.insert(&enquiry(3, now)).await.unwrap();
    let deleted = store
        .delete_received_before(now - 730 * 86_400_000)
        .await
        .unwrap();
    assert_eq!(deleted, 2);
    let left = store.all().await.unwrap();
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].received_at, now);
    assert_eq!(store.pending_mail().await.unwrap(), 1);
}

#[tokio::test]
async fn reopening_runs_no_migration_twice_and_keeps_the_data() {
    let dir = TempDir::new("reopen");
    let store = Store::open(None, dir.path()).await.unwrap();
    store.insert(&enquiry(1, now_ms())).await.unwrap();
    store.close().await;
    let again = Store::open(None, dir.path()).await.unwrap();
    assert_eq!(again.all().await.unwrap().len(), 1);
    again.ping().await.unwrap();
}

#[tokio::test]
async fn an_unknown_database_url_names_the_variable() {
    let dir = TempDir::new("badurl");
    let error = Store::open(Some("mysql://u:secret@h/db"), dir.path())
        .await
        .err()
        .unwrap()
        .to_string();
    assert!(error.contains("DATABASE_URL"), "{error}");
    assert!(!error.contains("secret"), "{error}");
}

on_both!(the_schedule_copy_is_replaced_and_read_back);
async fn the_schedule_copy_is_replaced_and_read_back(store: Store) {
    assert_eq!(store.load_schedule().await.unwrap(), None);
    store
        .save_schedule(1_000, r#"{"classes":[1]}"#)
        .await
        .unwrap();
    store
        .save_schedule(2_000, r#"{"classes":[2]}"#)
        .await
        .unwrap();
    assert_eq!(
        store.load_schedule().await.unwrap(),
        Some((2_000, r#"{"classes":[2]}"#.to_owned()))
    );
}

on_both!(a_key_already_stored_stores_nothing_new_and_names_the_first);
async fn a_key_already_stored_stores_nothing_new_and_names_the_first(store: Store) {
    let first = keyed(1, "k-1");
    assert_eq!(store.insert(&first).await.unwrap(), Inserted::New);
    let again = keyed(2, "k-1");
    assert_eq!(
        store.insert(&again).await.unwrap(),
        Inserted::Existing(first.id.clone())
    );
    let by_earlier = NewEnquiry {
        earlier_keys: vec!["k-1".to_owned()],
        ..keyed(3, "k-3")
    };
    assert_eq!(
        store.insert(&by_earlier).await.unwrap(),
        Inserted::Existing(first.id.clone()),
        "an earlier key finds the first copy"
    );
    // Posts without a key never collide.
    assert_eq!(
        store.insert(&enquiry(4, now_ms())).await.unwrap(),
        Inserted::New
    );
    assert_eq!(
        store.insert(&enquiry(5, now_ms())).await.unwrap(),
        Inserted::New
    );
    let all = store.all().await.unwrap();
    assert_eq!(all.len(), 3, "{all:?}");
    assert_eq!(
        store.pending_mail().await.unwrap(),
        3,
        "one mail per stored enquiry"
    );
}

on_both!(copies_of_one_post_at_once_store_one_enquiry);
async fn copies_of_one_post_at_once_store_one_enquiry(store: Store) {
    let mut copies = tokio::task::JoinSet::new();
    for n in 0..16 {
        let store = store.clone();
        copies.spawn(async move { store.insert(&keyed(n, "same-post")).await.unwrap() });
    }
    let mut outcomes = Vec::new();
    while let Some(outcome) = copies.join_next().await {
        outcomes.push(outcome.unwrap());
    }
    let stored = store.all().await.unwrap();
    assert_eq!(stored.len(), 1, "{outcomes:?}");
    assert_eq!(
        outcomes.iter().filter(|o| **o == Inserted::New).count(),
        1,
        "{outcomes:?}"
    );
    assert!(outcomes
        .iter()
        .all(|o| *o == Inserted::New || *o == Inserted::Existing(stored[0].id.clone())));
    assert_eq!(store.pending_mail().await.unwrap(), 1);
}

on_both!(posts_at_once_are_each_answered_with_their_own_outcome);
/// Many posts and mail marks at once: on SQLite they share group commits, and one post whose
/// statement fails (an id already stored) is refused alone while the rest of its group is stored.
async fn posts_at_once_are_each_answered_with_their_own_outcome(store: Store) {
    let now = now_ms();
    let taken = enquiry(0, now);
    store.insert(&taken).await.unwrap();
    let mut posts = tokio::task::JoinSet::new();
    for n in 1..=200 {
        let store = store.clone();
        let post = if n == 100 {
            NewEnquiry {
                payload: "a second enquiry under a stored id".to_owned(),
                ..taken.clone()
            }
        } else {
            enquiry(n, now)
        };
        posts.spawn(async move { (n, store.insert(&post).await) });
    }
    let mut refused = Vec::new();
    while let Some(outcome) = posts.join_next().await {
        match outcome.unwrap() {
            (_, Ok(inserted)) => assert_eq!(inserted, Inserted::New),
            (n, Err(error)) => refused.push((n, error.to_string())),
        }
    }
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(refused[0].0, 100, "{refused:?}");
    let stored = store.all().await.unwrap();
    assert_eq!(stored.len(), 200, "the 199 others and the first are stored");
    assert!(stored.iter().all(|row| row.payload.starts_with('{')));

    let mut marks = tokio::task::JoinSet::new();
    for row in stored.iter().step_by(2) {
        let (store, id) = (store.clone(), row.id.clone());
        marks.spawn(async move { store.mark_sent(&id).await });
    }
    while let Some(marked) = marks.join_next().await {
        marked.unwrap().unwrap();
    }
    assert_eq!(store.pending_mail().await.unwrap(), 100);
}

on_both!(a_post_after_the_store_closed_is_refused_not_lost);
async fn a_post_after_the_store_closed_is_refused_not_lost(store: Store) {
    store.insert(&enquiry(1, now_ms())).await.unwrap();
    store.close().await;
    let error = store.insert(&enquiry(2, now_ms())).await.err();
    assert!(
        error.is_some(),
        "a closed store must not acknowledge a post"
    );
}

/// The schema as migrations 1 and 2 left it, before idempotency keys, with one mailed enquiry.
const OLD_SCHEMA: &str = r#"CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY, applied_at BIGINT NOT NULL);
CREATE TABLE enquiries (id TEXT PRIMARY KEY, received_at BIGINT NOT NULL, form TEXT NOT NULL, payload TEXT NOT NULL);
CREATE INDEX enquiries_received_at ON enquiries (received_at);
CREATE TABLE mail_outbox (enquiry_id TEXT PRIMARY KEY REFERENCES enquiries (id) ON DELETE CASCADE,
  attempts BIGINT NOT NULL DEFAULT 0, next_attempt_at BIGINT NOT NULL, claimed_until BIGINT,
  claimed_by TEXT, sent_at BIGINT, last_error TEXT);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL;
CREATE TABLE schedule_copy (id BIGINT PRIMARY KEY, fetched_at BIGINT NOT NULL, payload TEXT NOT NULL);
INSERT INTO schema_migrations VALUES (1, 0), (2, 0);
INSERT INTO enquiries VALUES ('old-1', 1000, 'contact', '{"formType":"contact"}');
INSERT INTO mail_outbox (enquiry_id, next_attempt_at, sent_at) VALUES ('old-1', 1000, 2000);"#;

/// Opening a database made before idempotency keys adds the keyed column and its unique index,
/// and keeps the enquiries it has.
async fn upgraded_keeps_its_enquiries_and_gains_keys(url: &str, dir: &TempDir) {
    let store = Store::open(Some(url), dir.path()).await.unwrap();
    let all = store.all().await.unwrap();
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].id, "old-1");
    assert!(all[0].mailed_at.is_some());
    assert_eq!(store.insert(&keyed(1, "k")).await.unwrap(), Inserted::New);
    assert!(matches!(
        store.insert(&keyed(2, "k")).await.unwrap(),
        Inserted::Existing(_)
    ));
    assert_eq!(store.all().await.unwrap().len(), 2);
    assert_eq!(store.pending_mail().await.unwrap(), 1);
}

#[tokio::test]
async fn an_older_sqlite_database_gains_keys_and_keeps_its_enquiries() {
    let dir = TempDir::new("upgrade");
    let url = format!(
        "sqlite:{}?mode=rwc",
        dir.path().join("old.sqlite3").display()
    );
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    sqlx::raw_sql(OLD_SCHEMA).execute(&pool).await.unwrap();
    pool.close().await;
    upgraded_keeps_its_enquiries_and_gains_keys(&url, &dir).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_older_postgres_database_gains_keys_and_keeps_its_enquiries() {
    let url = tokio::task::spawn_blocking(|| postgres().database("upgrade"))
        .await
        .unwrap();
    let pool = sqlx::PgPool::connect(&url).await.unwrap();
    sqlx::raw_sql(OLD_SCHEMA).execute(&pool).await.unwrap();
    pool.close().await;
    let dir = TempDir::new("pgupgrade");
    upgraded_keeps_its_enquiries_and_gains_keys(&url, &dir).await;
}
