//! The background task that keeps the timetable fresh: at start it serves the stored copy (if
//! any), then reads the provider every refresh interval. A failed read keeps the last good copy
//! and is retried after a growing pause ([`backoff`]); a good copy is stored, then rendered into
//! the pages.

use std::sync::Arc;
use std::time::{Duration, Instant};

use actix_web::web;
use chrono::{DateTime, Utc};

use crate::timetable::provider;
use crate::timetable::Credentials;
use crate::timetable::ScheduleConfig;
use onespace_core::timetable::Timetable;
use onespace_site::site::LiveSite;
use onespace_store::Store;

/// First pause after a failed read.
const FIRST_RETRY: Duration = Duration::from_secs(30);

/// The pause before the next read after `failures` failed reads in a row: 30 s, 1, 2, 4 ...
/// minutes, never more than six refresh intervals (half an hour by default) and never less than
/// one second; with no failure, the refresh interval.
pub fn backoff(refresh: Duration, failures: u32) -> Duration {
    if failures == 0 {
        return refresh;
    }
    let first = FIRST_RETRY.min(refresh).max(Duration::from_secs(1));
    let grown = first.saturating_mul(2u32.saturating_pow(failures.saturating_sub(1).min(16)));
    grown.min(refresh.saturating_mul(6))
}

/// The stored copy, if one was ever fetched and it still reads.
pub async fn stored(store: &Store) -> Option<Timetable> {
    match store.load_schedule().await {
        Ok(Some((_, payload))) => match serde_json::from_str(&payload) {
            Ok(copy) => Some(copy),
            Err(error) => {
                tracing::warn!(%error, "the stored class schedule does not read; ignored");
                None
            }
        },
        Ok(None) => None,
        Err(error) => {
            tracing::warn!(%error, "cannot read the stored class schedule");
            None
        }
    }
}

/// Serves `copy` from now on (renders every page on a blocking thread).
async fn show(site: &web::Data<LiveSite>, copy: Option<Arc<Timetable>>) {
    let site = site.clone();
    let _ = web::block(move || {
        site.update(|context| {
            if copy.is_some() {
                context.timetable = copy;
            }
        });
    })
    .await;
}

/// Loads the stored copy into the site before the first request is served.
pub async fn restore(site: &web::Data<LiveSite>, store: &Store) {
    if let Some(copy) = stored(store).await {
        tracing::info!(
            classes = copy.classes.len(),
            fetched_at = %copy.fetched_at,
            "class schedule restored from the database"
        );
        show(site, Some(Arc::new(copy))).await;
    }
}

/// One read of the provider, on a blocking thread.
async fn read(
    agent: &ureq::Agent,
    config: &ScheduleConfig,
    credentials: &Credentials,
    provider_id: u64,
    now: DateTime<Utc>,
) -> Result<Timetable, provider::ProviderError> {
    let agent = agent.clone();
    let api_url = config.api_url.clone();
    let credentials = credentials.clone();
    web::block(move || {
        provider::fetch(
            &agent,
            &api_url,
            &credentials,
            provider_id,
            provider::window_start(now),
            provider::DAYS,
        )
    })
    .await
    .map_err(|error| provider::ProviderError::Unreachable(error.to_string()))?
    .map(|fetched| Timetable {
        fetched_at: Utc::now(),
        classes: fetched.classes,
    })
}

/// The pause before the next read after a failure: the [`backoff`], or longer when the provider
/// asked for longer (`Retry-After`, capped in [`provider`]).
pub fn pause_after(
    refresh: Duration,
    failures: u32,
    error: Option<&provider::ProviderError>,
) -> Duration {
    let pause = backoff(refresh, failures);
    match error.and_then(provider::ProviderError::retry_after) {
        Some(asked) => pause.max(asked),
        None => pause,
    }
}

/// Reads the provider until `stop` turns true. Without a key it never asks (and says so once):
/// the pages keep their fallback, re-rendered each interval so "today" stays right.
pub async fn run(
    config: ScheduleConfig,
    site: web::Data<LiveSite>,
    store: Store,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    let agent = provider::agent();
    let mut failures = 0u32;
    let mut rendered = Instant::now();
    if config.credentials.is_none() {
        tracing::warn!(
            "no TeamUp API key (ONESPACE_TEAMUP_API_KEY or ONESPACE_TEAMUP_API_KEY_FILE): the \
             class schedule is not read; the timetable links to the provider's schedule page"
        );
    }
    loop {
        let mut last_error = None;
        if let Some(credentials) = &config.credentials {
            // The provider id is content (`schedule.toml`): read at each refresh, so an edit of
            // the studio's account takes effect at the next one.
            let provider_id = site.current().context().content.schedule.provider_id;
            match read(&agent, &config, credentials, provider_id, Utc::now()).await {
                Ok(copy) => {
                    failures = 0;
                    tracing::info!(classes = copy.classes.len(), "class schedule fetched");
                    match serde_json::to_string(&copy) {
                        Ok(payload) => {
                            let at = copy.fetched_at.timestamp_millis();
                            if let Err(error) = store.save_schedule(at, &payload).await {
                                tracing::warn!(%error, "cannot store the class schedule");
                            }
                        }
                        Err(error) => {
                            tracing::warn!(%error, "cannot encode the class schedule")
                        }
                    }
                    show(&site, Some(Arc::new(copy))).await;
                    rendered = Instant::now();
                }
                Err(error) => {
                    failures = failures.saturating_add(1);
                    tracing::warn!(%error, failures, "class schedule not fetched; keeping the last copy");
                    last_error = Some(error);
                }
            }
        }
        // Keep "today" and past classes right while no new copy comes.
        let stale = failures > 0 || config.credentials.is_none();
        if stale && rendered.elapsed() >= config.refresh {
            show(&site, None).await;
            rendered = Instant::now();
        }
        let pause = pause_after(config.refresh, failures, last_error.as_ref());
        tokio::select! {
            () = tokio::time::sleep(pause) => {}
            _ = stop.changed() => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pauses_grow_after_failures_up_to_six_intervals() {
        let five = Duration::from_secs(300);
        let seconds = |failures| backoff(five, failures).as_secs();
        assert_eq!(seconds(0), 300);
        assert_eq!(seconds(1), 30);
        assert_eq!(seconds(2), 60);
        assert_eq!(seconds(4), 240);
        assert_eq!(seconds(7), 1_800);
        assert_eq!(seconds(u32::MAX), 1_800);
        let one = Duration::from_secs(1);
        assert_eq!(backoff(one, 1).as_secs(), 1);
        assert_eq!(backoff(one, 9).as_secs(), 6);
    }

    #[test]
    fn a_retry_after_longer_than_the_backoff_is_honoured() {
        let five = Duration::from_secs(300);
        let busy = |seconds| provider::ProviderError::Busy {
            status: 429,
            retry_after: Some(Duration::from_secs(seconds)),
        };
        assert_eq!(pause_after(five, 1, Some(&busy(120))).as_secs(), 120);
        assert_eq!(pause_after(five, 1, Some(&busy(5))).as_secs(), 30);
        assert_eq!(pause_after(five, 1, None).as_secs(), 30);
    }
}
