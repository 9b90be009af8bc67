//! A real database outage: PostgreSQL is crashed (immediate shutdown) under a running release
//! server in the middle of a burst of enquiry posts, and started again. Every post carries an
//! idempotency key, as the islands send one; every post not answered 201 is sent again with its
//! key once the database is back, as a visitor does. Every enquiry is then stored exactly once
//! (including one that was stored though its answer was lost), 503 answers carry Retry-After,
//! posts are answered 201 again after, and every stored enquiry is mailed once. The second case
//! also stops the server with SIGTERM in the middle of the burst and starts a new one.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex as StdMutex, RwLock};
use std::time::{Duration, Instant};

use tokio::sync::Mutex;

use crate::harness::postgres::{Postgres, Stop};
use crate::harness::{
    contact_json, enquiry_id, export, request, wait_for, Server, SmtpSink, TempDir,
};

/// The two cases take turns: each runs a PostgreSQL server, an SMTP server, the release server
/// and a burst of posts.
static HEAVY: Mutex<()> = Mutex::const_new(());

/// Posts at once during the burst.
const POSTERS: usize = 8;

/// The mail claims' lease in these tests (see `outage`).
const MAIL_LEASE_SECONDS: u64 = 20;

/// One post of the burst and its first answer.
#[derive(Debug, Clone)]
struct Post {
    key: String,
    tag: String,
    /// 0: no answer (connection refused or cut).
    status: u16,
    id: Option<String>,
    retry_after: Option<String>,
    /// Whether the database was known to be down when the answer came.
    during_outage: bool,
}

struct Burst {
    /// Where the posters post (a restarted server has a new address).
    addr: RwLock<String>,
    posts: StdMutex<Vec<Post>>,
    stop: AtomicBool,
    database_down: AtomicBool,
}

impl Burst {
    fn count(&self, what: impl Fn(&Post) -> bool) -> usize {
        self.posts
            .lock()
            .unwrap()
            .iter()
            .filter(|p| what(p))
            .count()
    }
}

async fn post_keyed(addr: &str, key: &str, tag: &str) -> (u16, Option<String>, Option<String>) {
    let body = contact_json(tag);
    match request(
        addr,
        "POST",
        "/api/enquiries",
        &[
            ("Content-Type", "application/json"),
            ("Idempotency-Key", key),
        ],
        body.as_bytes(),
    )
    .await
    {
        Ok(response) => (
            response.status,
            response.json()["id"].as_str().map(str::to_owned),
            response.header("Retry-After").map(str::to_owned),
        ),
        Err(_) => (0, None, None),
    }
}

/// Posts until told to stop, each post with a fresh key and tag.
async fn poster(burst: Arc<Burst>, n: usize) {
    let mut sequence = 0;
    while !burst.stop.load(Ordering::SeqCst) {
        let key = uuid::Uuid::now_v7().to_string();
        let tag = format!("outage {n}-{sequence}");
        sequence += 1;
        let addr = burst.addr.read().unwrap().clone();
        let (status, id, retry_after) = post_keyed(&addr, &key, &tag).await;
        let during_outage = burst.database_down.load(Ordering::SeqCst);
        burst.posts.lock().unwrap().push(Post {
            key,
            tag,
            status,
            id,
            retry_after,
            during_outage,
        });
        if status == 0 {
            // The server is restarting: do not spin on a refused port.
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

async fn wait_until(limit: Duration, what: &str, burst: &Burst, ready: impl Fn(&Burst) -> bool) {
    wait_for(limit, what, || ready(burst)).await;
}

/// Deliveries per enquiry id.
fn deliveries(sink: &SmtpSink) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for message in sink.messages() {
        *counts.entry(enquiry_id(&message).unwrap()).or_insert(0) += 1;
    }
    counts
}

async fn outage(sigterm_mid_burst: bool) {
    let _turn = HEAVY.lock().await;
    let mut postgres = tokio::task::spawn_blocking(Postgres::start).await.unwrap();
    let url = postgres.database("outage");
    let mail = TempDir::new("pgoutage-mail");
    let sink = SmtpSink::start(mail.path());
    let data = TempDir::new("pgoutage");
    let env = [
        ("DATABASE_URL", url.clone()),
        ("ONESPACE_SMTP_URL", sink.url()),
        ("ONESPACE_RATE_LIMIT_PER_MINUTE", "0".to_owned()),
        ("ONESPACE_MAIL_RETRY_MAX_SECONDS", "1".to_owned()),
        // A mail the stopped server had claimed but could not mark or release stays claimed for
        // its lease (at least once, never lost); the new server takes it once the lease ends,
        // which the default 120 s would put past the wait for every mail below.
        (
            "ONESPACE_MAIL_LEASE_SECONDS",
            MAIL_LEASE_SECONDS.to_string(),
        ),
    ];
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let mut server = Some(Server::start(data.path(), &env).await);
    let burst = Arc::new(Burst {
        addr: RwLock::new(server.as_ref().unwrap().addr.clone()),
        posts: StdMutex::new(Vec::new()),
        stop: AtomicBool::new(false),
        database_down: AtomicBool::new(false),
    });
    let posters: Vec<_> = (0..POSTERS)
        .map(|n| tokio::spawn(poster(burst.clone(), n)))
        .collect();

    wait_until(
        Duration::from_secs(60),
        "30 acknowledgements",
        &burst,
        |b| b.count(|p| p.status == 201) >= 30,
    )
    .await;
    burst.database_down.store(true, Ordering::SeqCst);
    postgres = tokio::task::spawn_blocking(move || {
        postgres.stop(Stop::Crash);
        postgres
    })
    .await
    .unwrap();
    wait_until(
        Duration::from_secs(90),
        "503s while the database is down",
        &burst,
        |b| b.count(|p| p.status == 503) >= 3,
    )
    .await;
    postgres = tokio::task::spawn_blocking(move || {
        postgres.start_again();
        postgres
    })
    .await
    .unwrap();
    let acked_before = burst.count(|p| p.status == 201);
    burst.database_down.store(false, Ordering::SeqCst);
    wait_until(
        Duration::from_secs(90),
        "201s again after the restart",
        &burst,
        |b| b.count(|p| p.status == 201) >= acked_before + 20,
    )
    .await;

    let mut stopped_log = String::new();
    if sigterm_mid_burst {
        let running = server.take().unwrap();
        let log_path = running.log.clone();
        let exited =
            tokio::task::spawn_blocking(move || running.terminate_within(Duration::from_secs(60)))
                .await
                .unwrap();
        let log = std::fs::read_to_string(log_path).unwrap();
        stopped_log.clone_from(&log);
        assert_eq!(exited, Some(true), "the server did not stop cleanly: {log}");
        let restarted = Server::start(data.path(), &env).await;
        *burst.addr.write().unwrap() = restarted.addr.clone();
        server = Some(restarted);
        let acked = burst.count(|p| p.status == 201);
        wait_until(
            Duration::from_secs(90),
            "201s from the new server",
            &burst,
            |b| b.count(|p| p.status == 201) >= acked + 20,
        )
        .await;
    }
    burst.stop.store(true, Ordering::SeqCst);
    for poster in posters {
        poster.await.unwrap();
    }
    let server = server.unwrap();
    let posts = burst.posts.lock().unwrap().clone();

    // While the database was down, the answer was 503 with Retry-After.
    let unavailable: Vec<&Post> = posts.iter().filter(|p| p.status == 503).collect();
    assert!(!unavailable.is_empty());
    assert!(
        unavailable.iter().all(|p| p.retry_after.is_some()),
        "a 503 without Retry-After"
    );
    assert!(
        posts.iter().all(|p| matches!(p.status, 0 | 201 | 503)),
        "{:?}",
        posts.iter().map(|p| p.status).collect::<HashSet<_>>()
    );
    assert!(posts
        .iter()
        .filter(|p| p.status == 503)
        .any(|p| p.during_outage));

    // The visitor sends every unanswered or refused post again, with its key.
    let mut answered: HashMap<String, String> = posts
        .iter()
        .filter_map(|p| Some((p.key.clone(), p.id.clone().filter(|_| p.status == 201)?)))
        .collect();
    let deadline = Instant::now() + Duration::from_secs(120);
    for post in posts.iter().filter(|p| p.status != 201) {
        loop {
            let (status, id, _) = post_keyed(&server.addr, &post.key, &post.tag).await;
            if status == 201 {
                answered.insert(post.key.clone(), id.unwrap());
                break;
            }
            assert!(
                Instant::now() < deadline,
                "a resend was never accepted ({status})"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
    // A 201 sent again is answered as the first, with the same id.
    for post in posts.iter().filter(|p| p.status == 201).take(5) {
        let (status, id, _) = post_keyed(&server.addr, &post.key, &post.tag).await;
        assert_eq!((status, id), (201, post.id.clone()));
    }

    // Every post is stored exactly once, under the id its (last) 201 named.
    let stored = export(data.path(), Some(&url));
    let mut by_tag: HashMap<String, Vec<String>> = HashMap::new();
    for row in &stored {
        let message = row["enquiry"]["message"].as_str().unwrap_or_default();
        by_tag
            .entry(message.to_owned())
            .or_default()
            .push(row["id"].as_str().unwrap().to_owned());
    }
    assert_eq!(stored.len(), posts.len(), "stored rows against posts");
    for post in &posts {
        let ids = by_tag
            .get(&format!("Hello {}", post.tag))
            .cloned()
            .unwrap_or_default();
        assert_eq!(ids.len(), 1, "{post:?} stored {} times", ids.len());
        assert_eq!(Some(&ids[0]), answered.get(&post.key), "{post:?}");
    }
    let found_again = server
        .log()
        .matches("answered as the first, not stored again")
        .count();

    // Every stored enquiry is mailed once.
    let expected: HashSet<String> = stored
        .iter()
        .map(|row| row["id"].as_str().unwrap().to_owned())
        .collect();
    let deadline = Instant::now() + Duration::from_secs(120);
    while deliveries(&sink).len() < expected.len() {
        if Instant::now() >= deadline {
            let delivered = deliveries(&sink);
            let missing: Vec<_> = expected
                .iter()
                .filter(|id| !delivered.contains_key(*id))
                .collect();
            let mail_lines = |log: &str| {
                log.lines()
                    .filter(|line| line.contains("mail"))
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            panic!(
                "timed out waiting for every enquiry's mail; not mailed: {missing:?}\n\
                 the stopped server's mail lines:\n{}\nthe running server's:\n{}",
                mail_lines(&stopped_log),
                mail_lines(&server.log())
            );
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let counts = deliveries(&sink);
    assert_eq!(counts.keys().cloned().collect::<HashSet<_>>(), expected);
    let twice: Vec<_> = counts.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.is_empty(), "mailed more than once: {twice:?}");
    println!(
        "{} posts: {} answered 201 at once, {} 503, {} unanswered; {found_again} resends found \
         their first copy",
        posts.len(),
        posts.iter().filter(|p| p.status == 201).count(),
        unavailable.len(),
        posts.iter().filter(|p| p.status == 0).count(),
    );
    drop(server);
    drop(postgres);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_crashed_mid_burst_stores_each_post_once_and_mails_it_once() {
    outage(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_same_across_a_sigterm_of_the_server_mid_burst() {
    outage(true).await;
}
