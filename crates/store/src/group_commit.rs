//! Group commit for the embedded SQLite database: one writer task takes every enquiry to store,
//! every claim of due mails and every "mail sent" mark, and commits whatever has queued while
//! the previous commit was being synced as one transaction.
//!
//! Why: SQLite has one write lock. With each post committing on its own pool connection, the
//! connections that lose the race sleep in SQLite's busy handler, whose back-off grows to 100 ms
//! a try, and every commit pays its own `fsync`; under 64 concurrent posts that made the p99
//! hundreds of milliseconds (docs/performance.md). One writer never waits for another of ours,
//! and one `fsync` covers the whole group. The mail worker's claims queue in the same line, so a
//! flood of posts delays the studio's mail by a group, not by however long SQLite's back-off
//! takes to let a second writer in.
//!
//! Durability is unchanged: a post is answered only after the transaction holding its row has
//! committed with `synchronous = FULL` (see `super::sqlite`). Each job runs inside its own
//! savepoint, so one job's failing statement rolls back that job only; a failed commit fails
//! every job of the group, and none of them was acknowledged.
//!
//! The task runs on the runtime that opened the store and is independent of the requests: a
//! visitor who hangs up mid-post does not cancel the commit that carries other visitors' posts.

use std::sync::Arc;
use std::time::{Duration, Instant};

use sqlx::{Acquire, SqliteConnection, SqlitePool};
use tokio::sync::{mpsc, oneshot, Mutex};

use super::sqlite;
use super::visitors::{self, Batch};
use super::ClaimedMail;
use super::Inserted;
use super::MailClaim;
use super::NewEnquiry;
use super::StorageError;

/// The most jobs one transaction carries: enough for any burst a studio sees, small enough that
/// the first job of a group does not wait long for the last.
const MOST_PER_COMMIT: usize = 256;
/// Jobs that may wait for the writer before a sender has to wait for room.
const QUEUE: usize = 4 * MOST_PER_COMMIT;

/// Where a write's outcome goes once its group is decided.
type Reply<T> = oneshot::Sender<Result<T, StorageError>>;

/// What the writer's queue carries.
enum Job {
    /// A write to make in the next group.
    Write(Write),
    /// Commit what is queued, then stop.
    Stop(oneshot::Sender<()>),
}

/// A write, with where to send its outcome.
enum Write {
    /// Store an enquiry with its outbox row ([`super::Store::insert`]).
    Insert(Box<NewEnquiry>, Reply<Inserted>),
    /// Claim due mails for the mail worker ([`super::Store::claim_mail`]).
    Claim(Box<MailClaim>, Reply<Vec<ClaimedMail>>),
    /// Record that the mail server accepted an enquiry's mail at a time (Unix ms).
    MarkSent(String, i64, Reply<()>),
    /// Add a batch of visitor counts and steps ([`super::visitors::write`]).
    Visitors(Box<Batch>, Reply<()>),
}

/// The handle every clone of the store shares.
#[derive(Debug, Clone)]
pub struct GroupCommit {
    jobs: mpsc::Sender<Job>,
    writer: Arc<Mutex<Option<tokio::task::JoinHandle<()>>>>,
}

impl GroupCommit {
    /// Starts the writer on the current Tokio runtime.
    pub fn start(pool: SqlitePool) -> Self {
        let (jobs, queue) = mpsc::channel(QUEUE);
        let writer = tokio::spawn(write(pool, queue));
        Self {
            jobs,
            writer: Arc::new(Mutex::new(Some(writer))),
        }
    }

    /// Stores the enquiry once its group has committed.
    pub async fn insert(&self, enquiry: &NewEnquiry) -> Result<Inserted, StorageError> {
        self.submit(|reply| Write::Insert(Box::new(enquiry.clone()), reply))
            .await
    }

    /// Claims due mails once the claim's group has committed.
    pub async fn claim(&self, claim: MailClaim) -> Result<Vec<ClaimedMail>, StorageError> {
        self.submit(|reply| Write::Claim(Box::new(claim), reply))
            .await
    }

    /// Marks the enquiry's mail sent at `now` once its group has committed.
    pub async fn mark_sent(&self, enquiry_id: &str, now: i64) -> Result<(), StorageError> {
        self.submit(|reply| Write::MarkSent(enquiry_id.to_owned(), now, reply))
            .await
    }

    /// Adds a batch of visitor counts once its group has committed.
    pub async fn visitors(&self, batch: Batch) -> Result<(), StorageError> {
        self.submit(|reply| Write::Visitors(Box::new(batch), reply))
            .await
    }

    /// Commits what is queued and stops the writer; later writes fail with
    /// [`StorageError::WriterStopped`]. Waits for the writer's last commit.
    pub async fn stop(&self) {
        let Some(writer) = self.writer.lock().await.take() else {
            return;
        };
        let (done, stopped) = oneshot::channel();
        if self.jobs.send(Job::Stop(done)).await.is_ok() {
            let _ = stopped.await;
        }
        let _ = writer.await;
    }

    /// Queues the write made with its reply channel and waits for its group's outcome.
    async fn submit<T>(&self, write: impl FnOnce(Reply<T>) -> Write) -> Result<T, StorageError> {
        let (reply, outcome) = oneshot::channel();
        self.jobs
            .send(Job::Write(write(reply)))
            .await
            .map_err(|_| StorageError::WriterStopped)?;
        outcome.await.map_err(|_| StorageError::WriterStopped)?
    }
}

/// What the writer did over its life, logged when it stops: how well the groups formed.
#[derive(Debug, Default)]
struct Tally {
    writes: usize,
    commits: usize,
    largest: usize,
    failed_commits: usize,
    syncing: Duration,
}

/// The writer's loop: waits for a first job, takes everything queued behind it (up to
/// [`MOST_PER_COMMIT`]) and commits it as one transaction. No timer holds a lone job back: a
/// group forms from what arrives while the previous commit is on its way to disk.
async fn write(pool: SqlitePool, mut queue: mpsc::Receiver<Job>) {
    let mut tally = Tally::default();
    let mut stop = None;
    while stop.is_none() {
        let Some(first) = queue.recv().await else {
            break;
        };
        let mut group = Vec::with_capacity(MOST_PER_COMMIT);
        for job in std::iter::once(first).chain(std::iter::from_fn(|| queue.try_recv().ok())) {
            match job {
                Job::Stop(done) => {
                    stop = Some(done);
                    break;
                }
                Job::Write(write) => group.push(write),
            }
            if group.len() == MOST_PER_COMMIT {
                break;
            }
        }
        if group.is_empty() {
            continue;
        }
        let began = Instant::now();
        tally.writes += group.len();
        tally.commits += 1;
        tally.largest = tally.largest.max(group.len());
        if !commit(&pool, group).await {
            tally.failed_commits += 1;
        }
        tally.syncing += began.elapsed();
    }
    queue.close();
    if tally.commits > 0 {
        tally.log();
    }
    if let Some(done) = stop {
        let _ = done.send(());
    }
}

impl Tally {
    fn log(&self) {
        let per_commit = |total: f64| total / self.commits.max(1) as f64;
        tracing::info!(
            writes = self.writes,
            commits = self.commits,
            mean_group = format!("{:.1}", per_commit(self.writes as f64)),
            largest_group = self.largest,
            failed_commits = self.failed_commits,
            mean_commit_ms = format!("{:.2}", per_commit(self.syncing.as_secs_f64() * 1000.0)),
            "SQLite group-commit writer stopped"
        );
    }
}

/// A write's outcome, held until the group's commit decides it: whether its own statements
/// succeeded (else its savepoint is rolled back), and how to answer it once the commit has
/// succeeded (its outcome) or failed (the commit's error in its place).
struct Done {
    succeeded: bool,
    answer: Answer,
}

/// Answers a write, given the commit's failure if it failed.
type Answer = Box<dyn FnOnce(Option<&Arc<sqlx::Error>>) + Send>;

impl Done {
    fn new<T: Send + 'static>(outcome: Result<T, StorageError>, reply: Reply<T>) -> Self {
        Self {
            succeeded: outcome.is_ok(),
            answer: Box::new(move |failure| {
                let answer = match failure {
                    Some(error) => Err(StorageError::Commit(Arc::clone(error))),
                    None => outcome,
                };
                drop(reply.send(answer));
            }),
        }
    }
}

/// Runs the group in one `BEGIN IMMEDIATE` transaction (the write lock is taken at the start,
/// waiting on the busy timeout for the mail worker's or studio's writes, never failing on a
/// stale read) and answers every write: with its own outcome once committed, with the commit's
/// error otherwise, including the writes a failed transaction never reached. Returns whether
/// the commit succeeded.
async fn commit(pool: &SqlitePool, group: Vec<Write>) -> bool {
    let mut writes = group.into_iter();
    let mut done = Vec::with_capacity(writes.len());
    let failure = apply(pool, &mut writes, &mut done)
        .await
        .err()
        .map(Arc::new);
    if let Some(error) = &failure {
        tracing::error!(%error, writes = done.len() + writes.len(), "SQLite group commit failed");
    }
    for write in done {
        (write.answer)(failure.as_ref());
    }
    if let Some(error) = &failure {
        writes.for_each(|write| write.fail(error));
    }
    failure.is_none()
}

/// Runs each write in its own savepoint (a write whose statement fails is rolled back alone and
/// answered with its error), then commits.
async fn apply(
    pool: &SqlitePool,
    writes: &mut std::vec::IntoIter<Write>,
    done: &mut Vec<Done>,
) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
    for write in writes.by_ref() {
        let mut savepoint = tx.begin().await?;
        let outcome = write.run(&mut savepoint).await;
        if outcome.succeeded {
            savepoint.commit().await?;
        } else {
            savepoint.rollback().await?;
        }
        done.push(outcome);
    }
    tx.commit().await
}

impl Write {
    async fn run(self, connection: &mut SqliteConnection) -> Done {
        match self {
            Self::Insert(enquiry, reply) => {
                Done::new(sqlite::store_enquiry(connection, &enquiry).await, reply)
            }
            Self::Claim(claim, reply) => Done::new(sqlite::claim(connection, &claim).await, reply),
            Self::MarkSent(enquiry_id, now, reply) => {
                Done::new(sqlite::mark_sent(connection, &enquiry_id, now).await, reply)
            }
            Self::Visitors(batch, reply) => Done::new(
                visitors::on_sqlite::write_batch(connection, &batch).await,
                reply,
            ),
        }
    }

    /// Answers a write the failed transaction did not reach.
    fn fail(self, failure: &Arc<sqlx::Error>) {
        let error = || StorageError::Commit(Arc::clone(failure));
        match self {
            Self::Insert(_, reply) => drop(reply.send(Err(error()))),
            Self::Claim(_, reply) => drop(reply.send(Err(error()))),
            Self::MarkSent(_, _, reply) => drop(reply.send(Err(error()))),
            Self::Visitors(_, reply) => drop(reply.send(Err(error()))),
        }
    }
}
