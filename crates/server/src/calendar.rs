//! Pages follow the calendar without a restart: a background thread sleeps until the next start
//! or end of a dated offer and then renders the whole site again for the new instant (through
//! [`LiveSite::update`], which reads the clock again), so the pages, the sitemap and their ETags
//! change at the boundary.
//!
//! With a fixed clock (`--preview-date`) nothing ever passes, so no thread is started.

use std::sync::Arc;
use std::time::Duration;

use onespace_core::offers::Campaign;

use crate::config::Clock;
use crate::site::LiveSite;

/// The longest single sleep: the thread wakes at least this often to read the clock again, so a
/// system clock that is corrected or a machine that was suspended is noticed within the hour.
const LONGEST_SLEEP: Duration = Duration::from_secs(3600);

/// Starts the thread that renders `site` again at every offer boundary, for the real clock.
pub fn render_at_boundaries(site: Arc<LiveSite>, clock: Clock) {
    if clock != Clock::Real {
        return;
    }
    let spawned = std::thread::Builder::new()
        .name("calendar".to_owned())
        .spawn(move || loop {
            let now = clock.now();
            let Some(boundary) = Campaign::next_boundary(now) else {
                tracing::info!("no offer starts or ends from now on: calendar re-renders stop");
                return;
            };
            let wait = (boundary - now).to_std().unwrap_or_default();
            std::thread::sleep(wait.min(LONGEST_SLEEP));
            if clock.now() >= boundary {
                site.update(|_| {});
                tracing::info!(%boundary, "an offer started or ended: pages rendered again");
            }
        });
    if let Err(error) = spawned {
        tracing::error!(%error, "cannot start the calendar thread: offers change only on restart");
    }
}
