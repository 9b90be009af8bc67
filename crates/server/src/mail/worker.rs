//! The background worker: claims due mails, delivers them, marks them sent or schedules a retry
//! with exponential backoff; once a day it deletes enquiries older than the retention period that
//! the privacy notice promises. One worker runs in every server process; the claims' leases keep
//! the workers of several nodes off each other's rows.

use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use onespace_core::forms::Enquiry;
use tokio::sync::{watch, Notify};

use super::config::{MailConfig, SMTP_TIMEOUT};
use super::message::compose;
use super::transport::{Deliverer, MailError};
use onespace_store::{now_ms, ClaimedMail, Store};

/// Mails claimed at once.
const BATCH: i64 = 8;
/// How often the worker looks for due mails when nothing woke it.
const POLL: Duration = Duration::from_secs(1);
/// First retry delay; each further failure doubles it up to the configured maximum.
const FIRST_RETRY: Duration = Duration::from_secs(5);
/// How often retention runs.
const RETENTION_EVERY: Duration = Duration::from_secs(24 * 60 * 60);
/// How long a delivery in progress may go on once the server is stopping: a working relay
/// answers in well under a second, so only a relay that hangs is cut short, and a stop is never
/// held for the whole [`SMTP_TIMEOUT`].
const STOP_GRACE: Duration = Duration::from_secs(2);
/// The longest pause between two tries to record a sent mail while the database is away.
const MARK_RETRY_MAX: Duration = Duration::from_secs(2);

/// The mail and retention worker.
#[derive(Debug)]
pub struct Worker {
    store: Store,
    deliverer: Deliverer,
    config: MailConfig,
    wake: Arc<Notify>,
    retention: Duration,
}

impl Worker {
    /// A worker delivering `store`'s outbox through `deliverer`; `wake` is notified after each
    /// stored enquiry so that its mail goes out at once.
    pub fn new(
        store: Store,
        deliverer: Deliverer,
        config: MailConfig,
        wake: Arc<Notify>,
        retention: Duration,
    ) -> Self {
        Self {
            store,
            deliverer,
            config,
            wake,
            retention,
        }
    }

    /// Runs until `stop` turns true (the server is shutting down): the batch in hand is finished
    /// and marked first, so a clean stop never leaves a sent mail to be sent again, except a
    /// delivery the relay has not answered within [`STOP_GRACE`] of the stop: that one is given
    /// up and released for the next start. The mails of a claimed batch are delivered
    /// concurrently, each over its own connection: an SMTP conversation is mostly waiting on
    /// the network.
    pub async fn run(self, mut stop: watch::Receiver<bool>) {
        let this = Arc::new(self);
        tracing::info!(to = %this.deliverer.describe(), "mail worker started");
        let mut next_retention = Instant::now();
        while !*stop.borrow() {
            if Instant::now() >= next_retention {
                this.apply_retention().await;
                next_retention = Instant::now() + RETENTION_EVERY;
            }
            match this.store.claim_mail(BATCH, this.config.lease).await {
                Ok(batch) if !batch.is_empty() => {
                    let mut sending = tokio::task::JoinSet::new();
                    for mail in batch {
                        let worker = Arc::clone(&this);
                        let stop = stop.clone();
                        sending.spawn(async move { worker.deliver(mail, stop).await });
                    }
                    while sending.join_next().await.is_some() {}
                    continue;
                }
                Ok(_) => {}
                Err(error) => tracing::warn!(%error, "cannot claim mail from the outbox"),
            }
            tokio::select! {
                () = this.wake.notified() => {}
                () = tokio::time::sleep(POLL) => {}
                changed = stop.changed() => if changed.is_err() { break },
            }
        }
        tracing::info!("mail worker stopped");
    }

    /// Time a delivery may take: a claim with less lease left is released, not delivered, so
    /// that no other worker can claim the row while this one is still talking to the server.
    fn guard(&self) -> Duration {
        (SMTP_TIMEOUT + Duration::from_secs(2)).min(self.config.lease / 2)
    }

    async fn deliver(&self, mail: ClaimedMail, stop: watch::Receiver<bool>) {
        let left = mail.claimed_until.saturating_sub(now_ms());
        if u128::try_from(left).unwrap_or(0) < self.guard().as_millis() {
            self.retry(&mail, Duration::ZERO, "the claim's lease ran short")
                .await;
            return;
        }
        let sending = self.send(&mail);
        tokio::pin!(sending);
        let sent = tokio::select! {
            sent = &mut sending => sent,
            () = stopping(stop.clone()) => match tokio::time::timeout(STOP_GRACE, &mut sending).await {
                Ok(sent) => sent,
                Err(_) => {
                    tracing::warn!(
                        enquiry = %mail.enquiry_id,
                        "the server is stopping and the SMTP server has not answered: delivery given up, the mail goes at the next start"
                    );
                    self.retry(&mail, Duration::ZERO, "given up when the server stopped").await;
                    return;
                }
            },
        };
        match sent {
            Ok(()) => self.mark_sent(&mail, stop).await,
            Err(error) => {
                let delay = backoff(mail.attempts, self.config.retry_max);
                tracing::warn!(
                    enquiry = %mail.enquiry_id,
                    attempts = mail.attempts,
                    retry_in_seconds = delay.as_secs(),
                    %error,
                    "enquiry mail not delivered"
                );
                self.retry(&mail, delay, &error.to_string()).await;
            }
        }
    }

    /// Records the accepted mail as sent. While the database is away this keeps trying, as long
    /// as the claim's lease holds (no other worker can take the row until then) and the server
    /// is not stopping, so a short database outage does not make a second delivery.
    async fn mark_sent(&self, mail: &ClaimedMail, stop: watch::Receiver<bool>) {
        let mut pause = Duration::from_millis(100);
        let mut stopped_at: Option<Instant> = None;
        loop {
            let error = match self.store.mark_sent(&mail.enquiry_id).await {
                Ok(()) => {
                    tracing::info!(enquiry = %mail.enquiry_id, attempts = mail.attempts, "enquiry mail sent");
                    return;
                }
                Err(error) => error,
            };
            let lease_left = Duration::from_millis(
                u64::try_from(mail.claimed_until.saturating_sub(now_ms())).unwrap_or(0),
            );
            if *stop.borrow() {
                stopped_at.get_or_insert_with(Instant::now);
            }
            let out_of_time = lease_left <= pause + Duration::from_secs(1)
                || stopped_at.is_some_and(|at| at.elapsed() >= STOP_GRACE);
            if out_of_time {
                tracing::error!(
                    enquiry = %mail.enquiry_id, %error,
                    "mail accepted but not marked sent: it will be delivered again with the same Message-ID"
                );
                return;
            }
            tracing::warn!(enquiry = %mail.enquiry_id, %error, "mail accepted; recording it as sent failed, trying again");
            tokio::time::sleep(pause).await;
            pause = (pause * 2).min(MARK_RETRY_MAX);
        }
    }

    async fn send(&self, mail: &ClaimedMail) -> Result<(), MailError> {
        let enquiry: Enquiry = serde_json::from_str(&mail.payload)?;
        let message = compose(
            &mail.enquiry_id,
            mail.received_at,
            &enquiry,
            &self.config.from,
            &self.config.to,
        )?;
        self.deliverer.deliver(&mail.enquiry_id, &message).await
    }

    async fn retry(&self, mail: &ClaimedMail, delay: Duration, why: &str) {
        if let Err(error) = self.store.retry_later(mail, delay, why).await {
            tracing::warn!(enquiry = %mail.enquiry_id, %error, "cannot release a claimed mail; its lease will expire");
        }
    }

    async fn apply_retention(&self) {
        let age = i64::try_from(self.retention.as_millis()).unwrap_or(i64::MAX);
        let cutoff = now_ms().saturating_sub(age);
        match self.store.delete_received_before(cutoff).await {
            Ok(0) => {}
            Ok(deleted) => tracing::info!(deleted, "deleted enquiries past the retention period"),
            Err(error) => tracing::warn!(%error, "cannot apply the retention period"),
        }
        if let Deliverer::Folder(dir) = &self.deliverer {
            prune_folder(dir, self.retention).await;
        }
    }
}

/// Returns once `stop` is true (or its sender is gone).
async fn stopping(mut stop: watch::Receiver<bool>) {
    while !*stop.borrow_and_update() {
        if stop.changed().await.is_err() {
            return;
        }
    }
}

/// The delay before attempt `attempts + 1`: 5 s, 10 s, 20 s ... up to `max`.
pub fn backoff(attempts: i64, max: Duration) -> Duration {
    let doublings = u32::try_from(attempts.saturating_sub(1).clamp(0, 30)).unwrap_or(30);
    FIRST_RETRY
        .checked_mul(1u32 << doublings)
        .unwrap_or(max)
        .min(max)
}

/// Deletes `.eml` files older than the retention period: they hold the same personal data.
async fn prune_folder(dir: &std::path::Path, retention: Duration) {
    let Ok(mut entries) = tokio::fs::read_dir(dir).await else {
        return;
    };
    let mut deleted = 0u64;
    while let Ok(Some(entry)) = entries.next_entry().await {
        let old = entry
            .metadata()
            .await
            .and_then(|meta| meta.modified())
            .ok()
            .and_then(|modified| SystemTime::now().duration_since(modified).ok())
            .is_some_and(|age| age > retention);
        if old && tokio::fs::remove_file(entry.path()).await.is_ok() {
            deleted += 1;
        }
    }
    if deleted > 0 {
        tracing::info!(deleted, "deleted mail files past the retention period");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_the_maximum() {
        let max = Duration::from_secs(60);
        let delays: Vec<u64> = (1..=6).map(|n| backoff(n, max).as_secs()).collect();
        assert_eq!(delays, [5, 10, 20, 40, 60, 60]);
        assert_eq!(backoff(1_000, max), max);
        assert_eq!(backoff(1, Duration::from_secs(1)), Duration::from_secs(1));
    }
}
