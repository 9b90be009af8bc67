//! Offer countdowns as pure functions of the current time and the stored end time.
//!
//! The browser keeps the end time (milliseconds since the Unix epoch) in its storage; these
//! functions decide what to show and whether a new window starts, so the server's first render
//! and the island agree.
//!
//! Two rules:
//! - [`intro_offer`] (intro page and service pages): a 10-minute window that starts again when the
//!   stored end is missing or has passed, so a revisit after expiry gets a new window.
//! - [`timed_offer`] (the timed 10%-off page): a 5-minute window that never renews; once run out
//!   it stays at 'Time's Up!'.
//!
//! A stored end further ahead than one window cannot come from these functions (storage edited by
//! hand, or a clock moved back); it is treated as missing.

use serde::{Deserialize, Serialize};

/// Length of the intro-offer window (SPEC: 10 minutes). The service pages use the same rule.
pub const INTRO_OFFER_WINDOW_MS: u64 = 10 * 60 * 1000;

/// Shown when the intro-offer countdown reaches zero.
pub const INTRO_OFFER_EXPIRED: &str = "Offer Expired - Regular Price Applies";

/// Length of the timed 10%-off page's window (SPEC: 300 seconds).
pub const TIMED_OFFER_WINDOW_MS: u64 = 300 * 1000;

/// Shown when the timed page's countdown reaches zero.
pub const TIMED_OFFER_EXPIRED: &str = "Time's Up!";

/// Browser storage key of the intro-offer end time.
pub const INTRO_OFFER_STORAGE_KEY: &str = "onespace-intro-offer-end";

/// Browser storage key of the timed page's end time.
pub const TIMED_OFFER_STORAGE_KEY: &str = "onespace-timed-offer-end";

/// What a countdown island shows at one instant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CountdownState {
    /// The end time to keep in storage (unchanged unless a new window started).
    pub end_ms: u64,
    /// Whole seconds left, rounded up so the display reaches 00:00 exactly at the end.
    pub remaining_seconds: u64,
    /// `mm:ss` of the remaining time.
    pub display: String,
    /// True once the window has run out.
    pub expired: bool,
}

/// `mm:ss` for a number of seconds (minutes are not wrapped at 60).
pub fn format_mm_ss(seconds: u64) -> String {
    format!("{:02}:{:02}", seconds / 60, seconds % 60)
}

/// The countdown state at `now_ms` for a window that ends at `end_ms`.
pub fn state_at(now_ms: u64, end_ms: u64) -> CountdownState {
    let remaining_ms = end_ms.saturating_sub(now_ms);
    let remaining_seconds = remaining_ms.div_ceil(1000);
    CountdownState {
        end_ms,
        remaining_seconds,
        display: format_mm_ss(remaining_seconds),
        expired: remaining_seconds == 0,
    }
}

/// A stored end that these functions could have written for a window of `window_ms`.
fn plausible(now_ms: u64, stored_end_ms: Option<u64>, window_ms: u64) -> Option<u64> {
    stored_end_ms.filter(|end| *end <= now_ms.saturating_add(window_ms))
}

/// The intro-offer rule: keep a stored end that is still in the future, otherwise (missing or
/// expired, as on a revisit after expiry) start a new 10-minute window at `now_ms`.
pub fn intro_offer(now_ms: u64, stored_end_ms: Option<u64>) -> CountdownState {
    let end_ms = match plausible(now_ms, stored_end_ms, INTRO_OFFER_WINDOW_MS) {
        Some(end) if end > now_ms => end,
        _ => now_ms.saturating_add(INTRO_OFFER_WINDOW_MS),
    };
    state_at(now_ms, end_ms)
}

/// The timed-page rule: start a 5-minute window when nothing is stored, and otherwise keep the
/// stored end, even once it has passed (no renewal: the page then shows 'Time's Up!' and the
/// regular-price link).
pub fn timed_offer(now_ms: u64, stored_end_ms: Option<u64>) -> CountdownState {
    let end_ms = plausible(now_ms, stored_end_ms, TIMED_OFFER_WINDOW_MS)
        .unwrap_or_else(|| now_ms.saturating_add(TIMED_OFFER_WINDOW_MS));
    state_at(now_ms, end_ms)
}

/// The text a countdown shows: the time left, or the page's message once expired.
pub fn label(state: &CountdownState, expired_message: &str) -> String {
    if state.expired {
        expired_message.to_owned()
    } else {
        state.display.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_missing_end_starts_a_ten_minute_window() {
        let state = intro_offer(1_000, None);
        assert_eq!(state.end_ms, 1_000 + INTRO_OFFER_WINDOW_MS);
        assert_eq!(state.display, "10:00");
        assert!(!state.expired);
    }

    #[test]
    fn a_stored_future_end_is_kept_and_an_expired_one_renewed() {
        assert_eq!(intro_offer(0, Some(61_000)).display, "01:01");
        assert_eq!(intro_offer(70_000, Some(61_000)).display, "10:00");
        assert_eq!(intro_offer(61_000, Some(61_000)).display, "10:00");
    }

    #[test]
    fn state_reaches_zero_at_the_end() {
        let state = state_at(5_000, 5_000);
        assert!(state.expired);
        assert_eq!(state.display, "00:00");
        assert_eq!(state_at(4_001, 5_000).display, "00:01");
        assert_eq!(label(&state, INTRO_OFFER_EXPIRED), INTRO_OFFER_EXPIRED);
    }

    #[test]
    fn the_timed_page_runs_five_minutes_and_never_renews() {
        let first = timed_offer(1_000, None);
        assert_eq!(first.display, "05:00");
        let later = timed_offer(1_000 + TIMED_OFFER_WINDOW_MS + 60_000, Some(first.end_ms));
        assert!(later.expired);
        assert_eq!(later.end_ms, first.end_ms);
        assert_eq!(label(&later, TIMED_OFFER_EXPIRED), "Time's Up!");
    }

    #[test]
    fn an_implausibly_distant_end_is_treated_as_missing() {
        assert_eq!(intro_offer(0, Some(u64::MAX)).display, "10:00");
        assert_eq!(
            timed_offer(0, Some(10 * TIMED_OFFER_WINDOW_MS)).display,
            "05:00"
        );
    }

    proptest! {
        #[test]
        fn intro_never_shows_more_than_ten_minutes_or_expired(
            now in 0u64..u64::MAX / 2,
            stored in proptest::option::of(any::<u64>()),
        ) {
            let state = intro_offer(now, stored);
            prop_assert!(state.remaining_seconds >= 1);
            prop_assert!(state.remaining_seconds <= INTRO_OFFER_WINDOW_MS / 1000);
            prop_assert!(!state.expired);
            prop_assert!(state.end_ms > now);
            prop_assert_eq!(state.display.len(), 5);
        }

        #[test]
        fn intro_is_stable_when_its_own_end_is_fed_back(now in 0u64..u64::MAX / 2, later in 0u64..INTRO_OFFER_WINDOW_MS) {
            let first = intro_offer(now, None);
            let again = intro_offer(now + later, Some(first.end_ms));
            prop_assert_eq!(again.end_ms, first.end_ms);
        }

        #[test]
        fn timed_counts_down_monotonically(
            now in 0u64..u64::MAX / 2,
            a in 0u64..2 * TIMED_OFFER_WINDOW_MS,
            b in 0u64..2 * TIMED_OFFER_WINDOW_MS,
        ) {
            let (early, late) = (a.min(b), a.max(b));
            let end = timed_offer(now, None).end_ms;
            let first = timed_offer(now + early, Some(end));
            let second = timed_offer(now + late, Some(end));
            prop_assert!(second.remaining_seconds <= first.remaining_seconds);
            prop_assert_eq!(second.expired, now + late >= end);
        }
    }
}
