//! Offer countdowns as pure functions of the current time and the stored end time.
//!
//! The browser keeps the end time (milliseconds since the Unix epoch) in its storage; these
//! functions decide what to show and whether a new window starts, so the server's first render
//! and the island agree.

use serde::{Deserialize, Serialize};

/// Length of the intro-offer window (SPEC: 10 minutes). The service pages use the same rule.
pub const INTRO_OFFER_WINDOW_MS: u64 = 10 * 60 * 1000;

/// Shown when the intro-offer countdown reaches zero.
pub const INTRO_OFFER_EXPIRED: &str = "Offer Expired - Regular Price Applies";

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

/// The intro-offer rule: keep a stored end that is still in the future, otherwise (missing or
/// expired, as on a revisit after expiry) start a new 10-minute window at `now_ms`.
pub fn intro_offer(now_ms: u64, stored_end_ms: Option<u64>) -> CountdownState {
    let end_ms = match stored_end_ms {
        Some(end) if end > now_ms => end,
        _ => now_ms + INTRO_OFFER_WINDOW_MS,
    };
    state_at(now_ms, end_ms)
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }

    #[test]
    fn state_reaches_zero_at_the_end() {
        let state = state_at(5_000, 5_000);
        assert!(state.expired);
        assert_eq!(state.display, "00:00");
        assert_eq!(state_at(4_001, 5_000).display, "00:01");
    }
}
