//! The studio's calendar: UK civil time (Europe/London) and the state of a dated offer at an
//! instant.
//!
//! An offer runs from the start of its first day to the end of its last day, both in UK time:
//! "ends 31 Aug" means 31 August 24:00 British Summer Time, which is 23:00 UTC. The UK rule is
//! written once here rather than taken from a time-zone database (chrono-tz would add its tables
//! to the WebAssembly module that phones download): summer time runs from 01:00 UTC on the last
//! Sunday of March to 01:00 UTC on the last Sunday of October, as it has since 1996.
//!
//! Pure: every function takes the instant it decides for; the server passes its clock (or a
//! preview date), the islands pass the browser's.

use chrono::{
    DateTime, Datelike, Duration, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, Offset,
    TimeZone, Timelike, Utc, Weekday,
};
use serde::Serialize;

/// The last Sunday of `month` (3 or 10) of `year`.
fn last_sunday(year: i32, month: u32) -> Option<NaiveDate> {
    let last = NaiveDate::from_ymd_opt(year, month + 1, 1)?.pred_opt()?;
    let back = last.weekday().num_days_from_sunday();
    Some(last - Duration::days(i64::from(back)))
}

/// The instant UK summer time starts (`spring`) and ends (`autumn`) in `year`: 01:00 UTC on
/// the last Sundays of March and October.
fn summer_time(year: i32) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
    let one_am = NaiveTime::from_hms_opt(1, 0, 0)?;
    let spring = last_sunday(year, 3)?.and_time(one_am).and_utc();
    let autumn = last_sunday(year, 10)?.and_time(one_am).and_utc();
    Some((spring, autumn))
}

/// True when `instant` falls in UK summer time (BST, UTC+1).
pub fn is_summer_time(instant: DateTime<Utc>) -> bool {
    summer_time(instant.year())
        .is_some_and(|(spring, autumn)| spring <= instant && instant < autumn)
}

/// UK civil time's offset from UTC at `instant`: GMT (+00:00) or BST (+01:00).
pub fn london_offset(instant: DateTime<Utc>) -> FixedOffset {
    const BST: i32 = 3_600;
    let seconds = if is_summer_time(instant) { BST } else { 0 };
    // Both offsets are within a day, so `east_opt` always answers.
    FixedOffset::east_opt(seconds).unwrap_or_else(|| Utc.fix())
}

/// `instant` on the studio's clock (date, time and the offset, for display and for JSON-LD).
pub fn london_time(instant: DateTime<Utc>) -> DateTime<FixedOffset> {
    instant.with_timezone(&london_offset(instant))
}

/// The UK calendar date at `instant`.
pub fn london_date(instant: DateTime<Utc>) -> NaiveDate {
    london_time(instant).date_naive()
}

/// The next New Year in the UK after `now`: midnight starting 1 January, when the footer's
/// copyright year changes.
pub fn next_new_year(now: DateTime<Utc>) -> DateTime<Utc> {
    let next_year = london_date(now).year() + 1;
    NaiveDate::from_ymd_opt(next_year, 1, 1).map_or(DateTime::<Utc>::MAX_UTC, london_midnight)
}

/// The instant a UK calendar day begins (local midnight). Midnight is never skipped or repeated
/// in the UK (the clocks change at 01:00 and 02:00), so it is always one instant.
pub fn london_midnight(date: NaiveDate) -> DateTime<Utc> {
    let utc_midnight = date.and_time(NaiveTime::MIN).and_utc();
    // Local midnight is summer time when 23:00 UTC the evening before is.
    let evening_before = utc_midnight - Duration::hours(1);
    if is_summer_time(evening_before) {
        evening_before
    } else {
        utc_midnight
    }
}

/// The instant the studio's clocks show `local` (a UK date and time of day). In the hour the
/// clocks go back (01:00-02:00 on the last Sunday of October, which happens twice) the first,
/// summer-time one; in the hour they go forward (which never happens) the hour after.
pub fn london_instant(local: NaiveDateTime) -> DateTime<Utc> {
    let as_summer = local.and_utc() - Duration::hours(1);
    if is_summer_time(as_summer) {
        as_summer
    } else {
        local.and_utc()
    }
}

/// A time of day as every page writes it (SPEC's style): `6:00 AM`, `12:00 PM`, `8:30 PM`,
/// `12:15 AM`. The site's one formatter of times, for the content's times (opening hours,
/// consultation slots, the typical week) and the booking provider's classes alike, so a time
/// is never written two ways.
pub fn clock_12h(time: &impl Timelike) -> String {
    let half = if time.hour() < 12 { "AM" } else { "PM" };
    let hour = match time.hour() % 12 {
        0 => 12,
        hour => hour,
    };
    format!("{hour}:{:02} {half}", time.minute())
}

/// Why a date cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DateError {
    /// Not `YYYY-MM-DD`.
    Format(String),
    /// A date that does not exist, such as 2025-02-30.
    NoSuchDay(String),
    /// A window whose last day comes before its first: (first, last).
    OutOfOrder(String, String),
}

impl core::fmt::Display for DateError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::Format(text) => write!(f, "'{text}' is not a date like 2025-08-31"),
            Self::NoSuchDay(text) => write!(f, "'{text}' is not a day of the calendar"),
            Self::OutOfOrder(starts, ends) => {
                write!(f, "the end {ends} comes before the start {starts}")
            }
        }
    }
}

impl std::error::Error for DateError {}

impl Date {
    /// Reads `YYYY-MM-DD`, refusing days that do not exist.
    pub fn parse_iso(text: &str) -> Result<Self, DateError> {
        let bad = || DateError::Format(text.to_owned());
        let mut parts = text.trim().split('-');
        let mut number = |digits: usize| {
            parts
                .next()
                .filter(|part| part.len() == digits && part.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|part| part.parse::<u16>().ok())
                .ok_or_else(bad)
        };
        let (year, month, day) = (number(4)?, number(2)?, number(2)?);
        if parts.next().is_some() {
            return Err(bad());
        }
        let date = Self::new(year, month as u8, day as u8);
        date.naive()
            .map(|_| date)
            .ok_or_else(|| DateError::NoSuchDay(text.to_owned()))
    }

    /// The same day as a chrono date; `None` for a day that does not exist.
    pub fn naive(self) -> Option<NaiveDate> {
        NaiveDate::from_ymd_opt(
            i32::from(self.year),
            u32::from(self.month),
            u32::from(self.day),
        )
    }

    /// The day of the week.
    pub fn weekday(self) -> Option<Weekday> {
        self.naive().map(|date| date.weekday())
    }
}

/// When a dated offer runs: from the start of `starts` to the end of `ends`, UK time, both days
/// included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Window {
    /// First day.
    pub starts: Date,
    /// Last day.
    pub ends: Date,
}

/// Where an offer stands at an instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Phase {
    /// Not started: not linked or listed anywhere.
    Upcoming,
    /// Running: shown as the studio wrote it.
    Live,
    /// Over: its page says so and nothing else mentions it.
    Ended,
}

/// An offer's state at an instant, as the pages and the islands use it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OfferState {
    /// Upcoming, live or ended.
    pub phase: Phase,
    /// The instant it starts, milliseconds since the Unix epoch.
    pub starts_ms: i64,
    /// The instant it ends (the midnight after its last day, UK time), milliseconds.
    pub ends_ms: i64,
    /// While live, UK calendar days left counting today: 1 on the last day. 0 otherwise.
    pub days_left: u32,
}

impl Window {
    /// A window from `starts` to `ends` (checked by [`Window::checked`]).
    pub const fn new(starts: Date, ends: Date) -> Self {
        Self { starts, ends }
    }

    /// Reads two `YYYY-MM-DD` dates; the end may not come before the start.
    pub fn parse(starts: &str, ends: &str) -> Result<Self, DateError> {
        Self::new(Date::parse_iso(starts)?, Date::parse_iso(ends)?).checked()
    }

    /// The window if both days exist and the last is not before the first.
    pub fn checked(self) -> Result<Self, DateError> {
        let (Some(starts), Some(ends)) = (self.starts.naive(), self.ends.naive()) else {
            let bad = if self.starts.naive().is_none() {
                self.starts
            } else {
                self.ends
            };
            return Err(DateError::NoSuchDay(bad.iso()));
        };
        if ends < starts {
            return Err(DateError::OutOfOrder(self.starts.iso(), self.ends.iso()));
        }
        Ok(self)
    }

    /// The instant the offer starts.
    pub fn start_instant(self) -> DateTime<Utc> {
        self.starts
            .naive()
            .map_or(DateTime::<Utc>::MIN_UTC, london_midnight)
    }

    /// The instant the offer ends: the midnight after its last day, UK time.
    pub fn end_instant(self) -> DateTime<Utc> {
        self.ends
            .naive()
            .and_then(|last| last.succ_opt())
            .map_or(DateTime::<Utc>::MIN_UTC, london_midnight)
    }

    /// The offer's state at `now`.
    pub fn state_at(self, now: DateTime<Utc>) -> OfferState {
        let (start, end) = (self.start_instant(), self.end_instant());
        let phase = if now < start {
            Phase::Upcoming
        } else if now < end {
            Phase::Live
        } else {
            Phase::Ended
        };
        let days_left = match (phase, self.ends.naive()) {
            (Phase::Live, Some(last)) => {
                u32::try_from((last - london_date(now)).num_days() + 1).unwrap_or(0)
            }
            _ => 0,
        };
        OfferState {
            phase,
            starts_ms: start.timestamp_millis(),
            ends_ms: end.timestamp_millis(),
            days_left,
        }
    }

    /// Its next start or end after `now`, if any: when the pages must be rendered again.
    pub fn next_boundary(self, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        [self.start_instant(), self.end_instant()]
            .into_iter()
            .find(|instant| *instant > now)
    }
}

/// The instant for milliseconds since the Unix epoch (clamped to chrono's range).
pub fn instant_from_ms(ms: i64) -> DateTime<Utc> {
    Utc.timestamp_millis_opt(ms).single().unwrap_or(if ms < 0 {
        DateTime::<Utc>::MIN_UTC
    } else {
        DateTime::<Utc>::MAX_UTC
    })
}

/// A calendar date, for offer deadlines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Date {
    /// Year.
    pub year: u16,
    /// Month, 1-12.
    pub month: u8,
    /// Day of the month.
    pub day: u8,
}

/// The months' names, January first.
pub const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

impl Date {
    /// A date (not checked; [`Date::parse_iso`] checks the ones the studio writes).
    pub const fn new(year: u16, month: u8, day: u8) -> Self {
        Self { year, month, day }
    }

    /// `2025-12-31`.
    pub fn iso(self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }

    /// `31 December 2025`.
    pub fn long(self) -> String {
        let month = MONTH_NAMES
            .get(usize::from(self.month).saturating_sub(1))
            .copied()
            .unwrap_or_default();
        format!("{} {month} {}", self.day, self.year)
    }

    /// `August`.
    pub fn month_name(self) -> &'static str {
        MONTH_NAMES
            .get(usize::from(self.month).saturating_sub(1))
            .copied()
            .unwrap_or_default()
    }

    /// `Aug`.
    pub fn short_month(self) -> &'static str {
        self.month_name().get(..3).unwrap_or_default()
    }

    /// `31/12/2025`.
    pub fn short(self) -> String {
        format!("{:02}/{:02}/{}", self.day, self.month, self.year)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .map(|instant| instant.with_timezone(&Utc))
            .unwrap_or_else(|error| panic!("{text}: {error}"))
    }

    #[test]
    fn times_are_written_on_the_12_hour_clock_as_spec_does() {
        let written =
            |hour, minute| NaiveTime::from_hms_opt(hour, minute, 0).map(|time| clock_12h(&time));
        assert_eq!(written(6, 0).as_deref(), Some("6:00 AM"));
        assert_eq!(written(7, 5).as_deref(), Some("7:05 AM"));
        assert_eq!(written(12, 0).as_deref(), Some("12:00 PM"));
        assert_eq!(written(12, 30).as_deref(), Some("12:30 PM"));
        assert_eq!(written(0, 15).as_deref(), Some("12:15 AM"));
        assert_eq!(written(18, 0).as_deref(), Some("6:00 PM"));
        assert_eq!(written(23, 59).as_deref(), Some("11:59 PM"));
        // A class's start on the studio's clock, in summer: 17:00 UTC is 6:00 PM.
        assert_eq!(
            clock_12h(&london_time(at("2026-07-01T17:00:00Z"))),
            "6:00 PM"
        );
    }

    #[test]
    fn a_uk_clock_time_is_one_instant_in_summer_and_winter() {
        let local = |text: &str| {
            NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M")
                .unwrap_or_else(|error| panic!("{text}: {error}"))
        };
        assert_eq!(
            london_instant(local("2026-07-01 18:00")),
            at("2026-07-01T17:00:00Z")
        );
        assert_eq!(
            london_instant(local("2026-12-01 18:00")),
            at("2026-12-01T18:00:00Z")
        );
        // The night the clocks go back: 00:30 is still summer time, 03:00 is not.
        assert_eq!(
            london_instant(local("2026-10-25 00:30")),
            at("2026-10-24T23:30:00Z")
        );
        assert_eq!(
            london_instant(local("2026-10-25 03:00")),
            at("2026-10-25T03:00:00Z")
        );
    }

    #[test]
    fn the_new_year_is_uk_midnight_on_1_january() {
        let new_year = at("2027-01-01T00:00:00Z");
        assert_eq!(next_new_year(at("2026-11-23T12:00:00Z")), new_year);
        assert_eq!(next_new_year(at("2026-12-31T23:59:59Z")), new_year);
        assert_eq!(
            next_new_year(new_year),
            at("2028-01-01T00:00:00Z"),
            "at the instant itself, the next one"
        );
        assert_eq!(next_new_year(at("2026-06-30T23:30:00Z")), new_year);
    }

    #[test]
    fn london_time_carries_the_offset_of_the_season() {
        assert_eq!(
            london_offset(at("2026-03-29T00:59:59Z")).local_minus_utc(),
            0
        );
        assert_eq!(
            london_offset(at("2026-03-29T01:00:00Z")).local_minus_utc(),
            3_600
        );
        let summer = london_time(at("2026-07-01T17:00:00Z"));
        assert_eq!(
            (summer.hour(), summer.offset().local_minus_utc()),
            (18, 3_600)
        );
        let winter = london_time(at("2026-11-23T17:00:00Z"));
        assert_eq!((winter.hour(), winter.offset().local_minus_utc()), (17, 0));
    }

    #[test]
    fn summer_time_follows_the_last_sundays_of_march_and_october() {
        assert!(!is_summer_time(at("2025-03-30T00:59:59Z")));
        assert!(is_summer_time(at("2025-03-30T01:00:00Z")));
        assert!(is_summer_time(at("2025-10-26T00:59:59Z")));
        assert!(!is_summer_time(at("2025-10-26T01:00:00Z")));
        assert!(is_summer_time(at("2026-07-01T12:00:00Z")));
        assert!(!is_summer_time(at("2026-12-01T12:00:00Z")));
    }

    #[test]
    fn midnight_is_23_00_utc_in_summer_and_00_00_in_winter() {
        let day = |text| Date::parse_iso(text).ok().and_then(Date::naive);
        let midnight = |text| day(text).map(london_midnight);
        assert_eq!(midnight("2025-09-01"), Some(at("2025-08-31T23:00:00Z")));
        assert_eq!(midnight("2026-01-01"), Some(at("2026-01-01T00:00:00Z")));
        // The days the clocks change: midnight is still before the change.
        assert_eq!(midnight("2025-03-30"), Some(at("2025-03-30T00:00:00Z")));
        assert_eq!(midnight("2025-03-31"), Some(at("2025-03-30T23:00:00Z")));
        assert_eq!(midnight("2025-10-26"), Some(at("2025-10-25T23:00:00Z")));
        assert_eq!(midnight("2025-10-27"), Some(at("2025-10-27T00:00:00Z")));
    }

    #[test]
    fn an_august_offer_ends_at_23_00_utc_on_its_last_day() {
        let window = Window::parse("2025-08-01", "2025-08-31").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            window.state_at(at("2025-07-31T22:59:59Z")).phase,
            Phase::Upcoming
        );
        let first = window.state_at(at("2025-07-31T23:00:00Z"));
        assert_eq!((first.phase, first.days_left), (Phase::Live, 31));
        let last = window.state_at(at("2025-08-31T22:59:59Z"));
        assert_eq!((last.phase, last.days_left), (Phase::Live, 1));
        assert_eq!(
            window.state_at(at("2025-08-31T23:00:00Z")).phase,
            Phase::Ended
        );
        assert_eq!(
            window.next_boundary(at("2025-08-10T00:00:00Z")),
            Some(at("2025-08-31T23:00:00Z"))
        );
        assert_eq!(window.next_boundary(at("2025-09-10T00:00:00Z")), None);
    }

    #[test]
    fn bad_dates_are_refused_with_the_text() {
        assert_eq!(
            Date::parse_iso("2025-02-30"),
            Err(DateError::NoSuchDay("2025-02-30".into()))
        );
        for bad in [
            "31/08/2025",
            "2025-8-31",
            "2025-08-31x",
            "",
            "2025-08-31-01",
        ] {
            assert!(
                matches!(Date::parse_iso(bad), Err(DateError::Format(_))),
                "{bad}"
            );
        }
        assert!(Window::parse("2025-09-01", "2025-08-31").is_err());
        assert_eq!(
            Date::parse_iso("2025-08-31").map(Date::long).as_deref(),
            Ok("31 August 2025")
        );
    }
}
