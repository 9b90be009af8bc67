//! Pages follow the calendar without a restart: a background thread sleeps until the next start
//! or end of a dated offer, or the New Year (the footer's copyright year), and then renders the
//! whole site again for the new instant (through [`LiveSite::update`], which reads the clock
//! again), so the pages, the sitemap and their ETags change at the boundary.
//!
//! The boundaries are a plain function of the content served ([`boundaries`]), read again on
//! every wake-up; a content reload wakes the thread ([`LiveSite::wait_for_update`]), so moving
//! an offer's dates in `offers.toml` re-schedules at once.
//!
//! The thread runs on the real clock and on a preview clock that runs (`--preview-from`), which
//! is how the studio (and the tests) watch a boundary pass without waiting for the real date.
//! With a fixed clock (`--preview-date`) nothing ever passes, so no thread is started.
//!
//! While no live copy of the provider's timetable exists, the pages show the studio's typical
//! week instead, and the home page its next classes: the thread then also wakes when one of
//! those classes ends and at UK midnight ([`next_render`]), so 'Classes today' never lists a
//! class that is over. A live copy renders the pages itself, with each fetch.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use onespace_core::calendar::{london_midnight, next_new_year};
use onespace_core::content::Content;
use onespace_core::offers::Campaign;
use onespace_core::timetable::typical_next_change;

use onespace_site::clock::RenderClock;
use onespace_site::render::RenderContext;
use onespace_site::site::LiveSite;

/// The longest single sleep: the thread wakes at least this often to read the clock again, so a
/// system clock that is corrected or a machine that was suspended is noticed within the hour.
const LONGEST_SLEEP: Duration = Duration::from_secs(3600);

/// Every instant at which something the pages show changes with the calendar, for `content`:
/// each campaign's start and end, and the end of the retreat's day (after it the page stops
/// naming the date). Unordered; instants already past are kept (the caller picks what is ahead).
pub fn boundaries(content: &Content) -> Vec<DateTime<Utc>> {
    let offers = &content.offers;
    let mut instants: Vec<DateTime<Utc>> = Campaign::ALL
        .iter()
        .flat_map(|campaign| {
            let window = campaign.window(offers);
            [window.start_instant(), window.end_instant()]
        })
        .collect();
    if let Some(after) = offers
        .retreat
        .date
        .and_then(|date| date.naive())
        .and_then(|day| day.succ_opt())
    {
        instants.push(london_midnight(after));
    }
    instants
}

/// The earliest of `content`'s [`boundaries`] after `now`, or the next New Year in the UK (the
/// footer's copyright year) if that comes first: when the pages must be rendered again.
pub fn next_boundary(content: &Content, now: DateTime<Utc>) -> DateTime<Utc> {
    boundaries(content)
        .into_iter()
        .filter(|instant| *instant > now)
        .fold(next_new_year(now), DateTime::min)
}

/// When the pages rendered from `context` must be rendered again after `now`: the content's
/// [`next_boundary`], or sooner the next change of the typical week's next classes while no
/// live copy of the timetable exists.
pub fn next_render(context: &RenderContext, now: DateTime<Utc>) -> DateTime<Utc> {
    let boundary = next_boundary(&context.content, now);
    match context.timetable {
        Some(_) => boundary,
        None => typical_next_change(&context.content.schedule.typical_week, now)
            .map_or(boundary, |change| change.min(boundary)),
    }
}

/// Starts the thread that renders `site` again at every boundary of its content, for a clock
/// that runs (the real one or `--preview-from`'s).
pub fn render_at_boundaries(site: Arc<LiveSite>, clock: RenderClock) {
    if !clock.runs() {
        return;
    }
    let spawned = std::thread::Builder::new()
        .name("calendar".to_owned())
        .spawn(move || loop {
            let seen = site.updates();
            let now = clock.now();
            let next = next_render(site.current().context(), now);
            let wait = (next - now)
                .to_std()
                .unwrap_or_default()
                .min(LONGEST_SLEEP);
            if site.wait_for_update(seen, wait) {
                // The content (or the clock's instant) changed: read the boundaries again.
                continue;
            }
            if clock.now() >= next {
                site.update(|_| {});
                tracing::info!(boundary = %next, "a dated offer, the year or the typical week's next classes changed: pages rendered again");
            }
        });
    if let Err(error) = spawned {
        tracing::error!(%error, "cannot start the calendar thread: offers change only on restart");
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use onespace_core::calendar::instant_from_ms;
    use onespace_core::calendar::Date;

    #[test]
    fn the_next_boundary_is_the_earliest_start_or_end_still_ahead_in_the_content() {
        let mut content = crate::content_source::default_content().unwrap();
        // 15 August 2025: back to school and the challenge sign-up end at midnight BST after
        // 31 August; the year-end campaign starts on 1 November (midnight GMT).
        let august = instant_from_ms(1_755_259_200_000);
        let next = |content: &Content, now| next_boundary(content, now).timestamp_millis();
        assert_eq!(next(&content, august), 1_756_681_200_000);
        let september = instant_from_ms(1_756_681_200_000);
        assert_eq!(next(&content, september), 1_761_955_200_000);
        // After the year-end campaign only the next New Year is ahead (the footer's year): 1
        // January 2027, midnight GMT.
        assert_eq!(
            next(&content, instant_from_ms(1_767_225_600_000)),
            1_798_761_600_000
        );
        // Moving back to school's end to 20 August moves the boundary (midnight BST after it),
        // and a retreat day adds the midnight after it.
        content.offers.back_to_school.ends = Date::new(2025, 8, 20);
        assert_eq!(next(&content, august), 1_755_730_800_000);
        content.offers.retreat.date = Some(Date::new(2026, 1, 10));
        assert_eq!(
            next(&content, instant_from_ms(1_767_225_600_000)),
            1_768_089_600_000
        );
    }
}
