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
use onespace_core::countdown::{self, CountdownState, Revisit};
use serde_json::json;

use crate::render::{page_styled_island, Load};

/// The intro-offer countdown (intro page, service pages) with `label` before the time;
/// `revisit` is the studio's choice for a visitor whose window has ended (`regularMs` when it is
/// a period of the regular price).
pub fn intro(label: &str, revisit: Revisit) -> Markup {
    let regular_ms = match revisit {
        Revisit::NewWindow => None,
        Revisit::RegularFor(period) => Some(period),
    };
    countdown_island(
        "IntroCountdown",
        label,
        &countdown::intro_offer(0, None, revisit),
        countdown::INTRO_OFFER_EXPIRED,
        countdown::INTRO_OFFER_STORAGE_KEY,
        regular_ms,
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
        None,
    )
}

/// The class the island adds to the countdown's box at zero (frontend/src/islands/countdown):
/// its only markup beyond the server's, so the page's own rules style it.
const EXPIRED_CLASS: &str = "countdown-expired";

fn countdown_island(
    component: &str,
    label: &str,
    initial: &CountdownState,
    expired_message: &str,
    storage_key: &str,
    regular_ms: Option<u64>,
) -> Markup {
    let mut props = json!({
        "label": label,
        "initialDisplay": initial.display,
        "expiredMessage": expired_message,
        "storageKey": storage_key,
    });
    if let (Some(period), Some(fields)) = (regular_ms, props.as_object_mut()) {
        fields.insert("regularMs".to_owned(), json!(period));
    }
    page_styled_island(
        component,
        Load::Eager,
        &props,
        &[EXPIRED_CLASS],
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

    fn intro_once(label: &str) -> String {
        intro(label, Revisit::RegularFor(86_400_000)).into_string()
    }

    #[test]
    fn countdowns_start_from_a_fresh_window_with_the_cores_storage_keys() {
        let intro = intro("£10 off ends in", Revisit::NewWindow).into_string();
        assert!(!intro.contains("regularMs"));
        let once = intro_once("£10 off ends in");
        assert!(
            once.contains("&quot;regularMs&quot;:86400000")
                || once.contains("\"regularMs\":86400000"),
            "{once}"
        );
        assert!(intro.contains("data-pending>10:00</span>"));
        assert!(intro.contains(countdown::INTRO_OFFER_STORAGE_KEY));
        let timed = timed("Offer ends in").into_string();
        assert!(timed.contains(
            r#"data-island="TimedOfferCountdown" data-load="load" data-island-classes="countdown-expired""#
        ));
        assert!(timed.contains(">05:00</span>"));
        assert!(timed.contains(countdown::TIMED_OFFER_STORAGE_KEY));
    }
}
