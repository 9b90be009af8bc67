//! The instant the public pages are rendered for: the real clock, or a preview date the studio
//! sets to see the site as it will be (or was). The staff area's own clock, which tests move, is
//! `onespace_store::StaffClock`.

use chrono::{DateTime, TimeDelta, Utc};

/// A preview setting that names no instant.
#[derive(Debug, thiserror::Error)]
pub enum PreviewError {
    /// `--preview-date` / `ONESPACE_PREVIEW_DATE` is neither a date nor an instant.
    #[error(
        "ONESPACE_PREVIEW_DATE (--preview-date): '{0}' must be a date like 2026-12-01 (the site \
         as it opens that day, UK time) or an instant like 2026-12-01T09:30:00Z"
    )]
    PreviewDate(String),
    /// `--preview-from` / `ONESPACE_PREVIEW_FROM` is neither a date nor an instant.
    #[error(
        "ONESPACE_PREVIEW_FROM (--preview-from): '{0}' must be a date like 2026-12-01 (the start \
         of that day, UK time) or an instant like 2025-08-31T22:59:50Z, from which the clock runs"
    )]
    PreviewFrom(String),
    /// Both `--preview-date` and `--preview-from` are given.
    #[error(
        "ONESPACE_PREVIEW_DATE (--preview-date) and ONESPACE_PREVIEW_FROM (--preview-from) \
         cannot both be set: the first stops the clock, the second sets it running"
    )]
    PreviewBoth,
}

/// Where the instant that pages are rendered for comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RenderClock {
    /// The system clock: what a visitor sees today.
    Real,
    /// A fixed instant, to see the site as it will be (or was) then (`--preview-date`).
    Fixed(DateTime<Utc>),
    /// The system clock moved by a constant amount, so it runs from the instant
    /// `--preview-from` names: the studio watches an offer start or end as visitors will, and
    /// the calendar thread renders the pages again at the boundary exactly as on the real clock.
    /// An offset rather than a start instant, so that it follows the system clock's corrections
    /// as [`RenderClock::Real`] does.
    Running {
        /// The preview's instant minus the system's.
        ahead: TimeDelta,
    },
}

impl RenderClock {
    /// The real clock, or the fixed instant `--preview-date` names: a `YYYY-MM-DD` date is the
    /// start of that day in UK time (when the studio opens its doors, every offer of that day is
    /// already on), an RFC 3339 instant is taken as it is (to look at a boundary exactly).
    pub fn from_preview(preview: Option<&str>) -> Result<Self, PreviewError> {
        match given(preview) {
            None => Ok(Self::Real),
            Some(text) => preview_instant(text)
                .map(Self::Fixed)
                .ok_or_else(|| PreviewError::PreviewDate(text.to_owned())),
        }
    }

    /// The clock `serve` runs on: [`RenderClock::from_preview`] for `--preview-date`, or, for
    /// `--preview-from` (the same forms), a clock running from that instant as of now.
    pub fn from_settings(
        preview_date: Option<&str>,
        preview_from: Option<&str>,
    ) -> Result<Self, PreviewError> {
        match (given(preview_date), given(preview_from)) {
            (Some(_), Some(_)) => Err(PreviewError::PreviewBoth),
            (_, Some(text)) => preview_instant(text)
                .map(Self::running_from)
                .ok_or_else(|| PreviewError::PreviewFrom(text.to_owned())),
            (date, None) => Self::from_preview(date),
        }
    }

    /// A clock that reads `start` now and runs on from it.
    pub fn running_from(start: DateTime<Utc>) -> Self {
        Self::Running {
            ahead: start - Utc::now(),
        }
    }

    /// The current instant by this clock.
    pub fn now(self) -> DateTime<Utc> {
        match self {
            Self::Real => Utc::now(),
            Self::Fixed(instant) => instant,
            Self::Running { ahead } => Utc::now() + ahead,
        }
    }

    /// Whether time passes on this clock: offers start and end by themselves (the calendar
    /// thread), which never happens on a fixed one.
    pub fn runs(self) -> bool {
        !matches!(self, Self::Fixed(_))
    }
}

/// A preview setting with something in it.
fn given(setting: Option<&str>) -> Option<&str> {
    setting.map(str::trim).filter(|text| !text.is_empty())
}

/// A preview's instant: an RFC 3339 instant as it is, or the start of a `YYYY-MM-DD` day in UK
/// time.
fn preview_instant(text: &str) -> Option<DateTime<Utc>> {
    if let Ok(instant) = DateTime::parse_from_rfc3339(text) {
        return Some(instant.with_timezone(&Utc));
    }
    onespace_core::calendar::Date::parse_iso(text)
        .ok()
        .and_then(onespace_core::calendar::Date::naive)
        .map(onespace_core::calendar::london_midnight)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_preview_date_is_the_start_of_that_uk_day_or_an_exact_instant() {
        let fixed = |text: &str| match RenderClock::from_preview(Some(text)) {
            Ok(RenderClock::Fixed(instant)) => instant.to_rfc3339(),
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(fixed("2026-12-01"), "2026-12-01T00:00:00+00:00");
        assert_eq!(fixed("2025-08-31"), "2025-08-30T23:00:00+00:00");
        assert_eq!(
            fixed("2025-08-31T23:00:00+01:00"),
            "2025-08-31T22:00:00+00:00"
        );
        assert!(matches!(
            RenderClock::from_preview(None),
            Ok(RenderClock::Real)
        ));
        assert!(matches!(
            RenderClock::from_preview(Some(" ")),
            Ok(RenderClock::Real)
        ));
        for bad in ["2026-13-01", "tomorrow", "01/12/2026"] {
            assert!(RenderClock::from_preview(Some(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_preview_from_clock_starts_at_its_instant_and_runs() {
        let start = "2025-08-31T22:59:50Z";
        let clock = RenderClock::from_settings(None, Some(start)).unwrap_or(RenderClock::Real);
        assert!(clock.runs(), "{clock:?}");
        let first = clock.now();
        let expected = preview_instant(start).unwrap_or_default();
        assert!(
            (first - expected).abs() < TimeDelta::seconds(5),
            "{first} is not about {expected}"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
        assert!(clock.now() > first, "the clock runs on");
        assert!(!RenderClock::from_preview(Some(start))
            .unwrap_or(RenderClock::Real)
            .runs());
        assert!(RenderClock::Real.runs());
    }
}
