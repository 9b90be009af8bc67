//! Offer countdowns as pure functions of the current time and the stored end time.
//!
//! The browser keeps the end time (milliseconds since the Unix epoch) in its storage; these
//! functions decide what to show and whether a new window starts, so the server's first render
//! and the island agree.
//!
//! Two rules:
//! - [`intro_offer`] (intro page and service pages): a 10-minute window. What a revisit after it
//!   ran out shows is the studio's choice ([`IntroCountdown`], in prices.toml): SPEC's new window
//!   on every visit, or the regular price for a number of days before a new window; or no
//!   countdown at all (the intro price shown plainly, decided by the pages, not here).
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

/// How the intro price is offered: the studio's choice (`intro_countdown`).
///
/// The UK's Competition and Markets Authority treats a countdown whose offer is still there when
/// it runs out (or that restarts on every visit) as false urgency, which the DMCC Act 2024 lets it
/// fine; SPEC's behaviour is the default, and docs/content.md says what each choice means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum IntroCountdown {
    /// A new 10-minute countdown whenever a visitor comes back after the last one ran out (the
    /// website's original behaviour).
    #[default]
    EveryVisit,
    /// One window per visitor (per browser): after it runs out the regular price shows for
    /// `intro_regular_days` days, then a new window starts.
    OncePerVisitor,
    /// No countdown: the intro price is simply the online price.
    #[serde(rename = "none")]
    NoCountdown,
}

/// What a visitor who comes back after their intro window ran out is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Revisit {
    /// A new window (SPEC).
    NewWindow,
    /// The regular price for this many milliseconds after the window's end, then a new window.
    RegularFor(u64),
}

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

/// The intro-offer rule: keep a stored end that is still in the future; a missing end starts a
/// new 10-minute window at `now_ms`; an end that has passed starts one too with
/// [`Revisit::NewWindow`], and with [`Revisit::RegularFor`] only once that period after it is
/// over (until then the state stays expired: the regular price).
pub fn intro_offer(now_ms: u64, stored_end_ms: Option<u64>, revisit: Revisit) -> CountdownState {
    let new_window = now_ms.saturating_add(INTRO_OFFER_WINDOW_MS);
    let end_ms = match (
        plausible(now_ms, stored_end_ms, INTRO_OFFER_WINDOW_MS),
        revisit,
    ) {
        (Some(end), _) if end > now_ms => end,
        (Some(end), Revisit::RegularFor(period)) if now_ms < end.saturating_add(period) => end,
        _ => new_window,
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
        let state = intro_offer(1_000, None, Revisit::NewWindow);
        assert_eq!(state.end_ms, 1_000 + INTRO_OFFER_WINDOW_MS);
        assert_eq!(state.display, "10:00");
        assert!(!state.expired);
    }

    #[test]
    fn a_stored_future_end_is_kept_and_an_expired_one_renewed() {
        assert_eq!(
            intro_offer(0, Some(61_000), Revisit::NewWindow).display,
            "01:01"
        );
        assert_eq!(
            intro_offer(70_000, Some(61_000), Revisit::NewWindow).display,
            "10:00"
        );
        assert_eq!(
            intro_offer(61_000, Some(61_000), Revisit::NewWindow).display,
            "10:00"
        );
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
    fn once_per_visitor_shows_the_regular_price_until_its_period_is_over() {
        const DAY: u64 = 24 * 60 * 60 * 1000;
        let rule = Revisit::RegularFor(30 * DAY);
        let first = intro_offer(1_000, None, rule);
        assert_eq!(first.display, "10:00");
        let running = intro_offer(61_000, Some(first.end_ms), rule);
        assert_eq!((running.end_ms, running.expired), (first.end_ms, false));
        let revisit = intro_offer(first.end_ms + DAY, Some(first.end_ms), rule);
        assert!(
            revisit.expired,
            "a revisit the next day sees the regular price"
        );
        assert_eq!(revisit.end_ms, first.end_ms, "and keeps the old end");
        let month_later = intro_offer(first.end_ms + 30 * DAY, Some(first.end_ms), rule);
        assert_eq!(
            month_later.display, "10:00",
            "after the period a new window starts"
        );
        assert_eq!(
            intro_offer(first.end_ms + DAY, Some(first.end_ms), Revisit::NewWindow).display,
            "10:00"
        );
    }

    #[test]
    fn intro_countdown_modes_are_written_as_words() {
        #[derive(Deserialize)]
        struct Row {
            mode: IntroCountdown,
        }
        let read =
            |text: &str| toml::from_str::<Row>(&format!("mode = \"{text}\"")).map(|row| row.mode);
        assert_eq!(read("every-visit").ok(), Some(IntroCountdown::EveryVisit));
        assert_eq!(
            read("once-per-visitor").ok(),
            Some(IntroCountdown::OncePerVisitor)
        );
        assert_eq!(read("none").ok(), Some(IntroCountdown::NoCountdown));
        assert!(read("sometimes").is_err());
        assert_eq!(IntroCountdown::default(), IntroCountdown::EveryVisit);
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
        assert_eq!(
            intro_offer(0, Some(u64::MAX), Revisit::NewWindow).display,
            "10:00"
        );
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
            let state = intro_offer(now, stored, Revisit::NewWindow);
            prop_assert!(state.remaining_seconds >= 1);
            prop_assert!(state.remaining_seconds <= INTRO_OFFER_WINDOW_MS / 1000);
            prop_assert!(!state.expired);
            prop_assert!(state.end_ms > now);
            prop_assert_eq!(state.display.len(), 5);
        }

        #[test]
        fn intro_is_stable_when_its_own_end_is_fed_back(now in 0u64..u64::MAX / 2, later in 0u64..INTRO_OFFER_WINDOW_MS) {
            let first = intro_offer(now, None, Revisit::NewWindow);
            let again = intro_offer(now + later, Some(first.end_ms), Revisit::NewWindow);
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
