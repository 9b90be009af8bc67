//! Writes what was counted in memory to the database: every [`EVERY_MS`] in one batch, and once
//! more when the server stops (after it has stopped answering, so the last page counted is in
//! it). A batch the database refuses is kept and added to the next, so a database outage loses
//! nothing that the server's memory still holds. Once an hour, the consented visits' steps
//! older than the retention period are deleted; the daily totals stay.

use std::sync::Arc;
use std::time::{Duration, Instant};

use onespace_store::visitors::{self, Batch};
use onespace_store::Store;
use tokio::sync::watch;

use super::Visitors;

/// Milliseconds between two writes of the counts: often enough that the Visitors page is
/// current, seldom enough that a busy site writes one small transaction every few seconds.
pub const EVERY_MS: u64 = 5_000;
/// How often the retention period is applied.
const TIDY_EVERY: Duration = Duration::from_secs(3600);

/// Writes the counts until `stop` turns true, then writes what is left and returns.
pub async fn run(visitors: Arc<Visitors>, store: Store, mut stop: watch::Receiver<bool>) {
    let mut unwritten = Batch::default();
    let mut tidied: Option<Instant> = None;
    loop {
        let stopping = *stop.borrow();
        if !stopping {
            tokio::select! {
                _ = tokio::time::sleep(visitors.settings.write_every) => {}
                _ = stop.changed() => {}
            }
        }
        let stopping = *stop.borrow();
        let mut batch = visitors.tally().take();
        if !unwritten.is_empty() {
            let earlier = std::mem::take(&mut unwritten);
            batch.counts.extend(earlier.counts);
            batch.steps.extend(earlier.steps);
        }
        if !batch.is_empty() {
            let (counts, steps) = (batch.counts.len(), batch.steps.len());
            match visitors::write(&store, batch.clone()).await {
                Ok(()) => tracing::debug!(counts, steps, "visitors: counts written"),
                Err(error) => {
                    tracing::error!(%error, counts, steps, "visitors: counts not written, kept for the next write");
                    unwritten = batch;
                }
            }
        }
        if stopping {
            if !unwritten.is_empty() {
                tracing::error!(
                    "visitors: the database refused the last counts at stop; they are lost"
                );
            }
            return;
        }
        if tidied.is_none_or(|at| at.elapsed() >= TIDY_EVERY) {
            tidied = Some(Instant::now());
            let retention =
                i64::try_from(visitors.settings.retention.as_millis()).unwrap_or(i64::MAX);
            let cutoff = onespace_store::now_ms().saturating_sub(retention);
            match visitors::delete_steps_before(&store, cutoff).await {
                Ok(0) => {}
                Ok(deleted) => {
                    tracing::info!(deleted, "visitors: steps past the retention period deleted")
                }
                Err(error) => tracing::warn!(%error, "visitors: retention not applied"),
            }
        }
    }
}
