//! Offer countdowns. Each island's fallback is its first render (a fresh window), so the
//! countdown takes over without the layout moving; the times come from the core's rules. The
//! fallback's time is marked `data-pending`: with scripts on it stays hidden in its box until the
//! island's first tick has read the end time kept in the browser (no '10:00' that jumps on a
//! revisit); without scripts it shows.
//!
//! - [`intro`]: the 10-minute £10-off window of the intro page and the six service pages.
//! - [`timed`]: the timed 10%-off page's 5 minutes; at zero the page's coupon and checkout give
//!   way to 'Time's Up!' and the regular offer.

use maud::{html, Markup};
use onespace_core::countdown::{self, CountdownState};
use serde_json::json;

use crate::render::{island, Load};

/// The intro-offer countdown (intro page, service pages) with `label` before the time.
pub fn intro(label: &str) -> Markup {
    countdown_island(
        "IntroCountdown",
        label,
        &countdown::intro_offer(0, None),
        countdown::INTRO_OFFER_EXPIRED,
        countdown::INTRO_OFFER_STORAGE_KEY,
    )
}

/// The timed 10%-off page's countdown with `label` before the time. The page marks its running
/// offer `data-offer-running` and its 'Time's Up!' panel `data-offer-expired` (hidden); the
/// island swaps them at zero.
pub fn timed(label: &str) -> Markup {
    countdown_island(
        "TimedOfferCountdown",
        label,
        &countdown::timed_offer(0, None),
        countdown::TIMED_OFFER_EXPIRED,
        countdown::TIMED_OFFER_STORAGE_KEY,
    )
}

fn countdown_island(
    component: &str,
    label: &str,
    initial: &CountdownState,
    expired_message: &str,
    storage_key: &str,
) -> Markup {
    island(
        component,
        Load::Eager,
        &json!({
            "label": label,
            "initialDisplay": initial.display,
            "expiredMessage": expired_message,
            "storageKey": storage_key,
        }),
        html! {
            div class="countdown" role="timer" aria-live="off" {
                span class="countdown-label" { (label) }
                span class="countdown-time" data-countdown-time data-pending { (initial.display) }
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn countdowns_start_from_a_fresh_window_with_the_cores_storage_keys() {
        let intro = intro("£10 off ends in").into_string();
        assert!(intro.contains("data-pending>10:00</span>"));
        assert!(intro.contains(countdown::INTRO_OFFER_STORAGE_KEY));
        let timed = timed("Offer ends in").into_string();
        assert!(timed.contains(r#"data-island="TimedOfferCountdown" data-load="load""#));
        assert!(timed.contains(">05:00</span>"));
        assert!(timed.contains(countdown::TIMED_OFFER_STORAGE_KEY));
    }
}
