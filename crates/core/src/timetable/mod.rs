//! The timetable's filters: which classes a visitor sees for a chosen class type and day, and how
//! that choice is written in the page address (`/timetable?type=hot-yoga&day=tue`) so a filtered
//! view can be shared. The server writes each class's keys into the page; the filter island asks
//! this module (through WebAssembly) which classes to show, so both agree.
//!
//! Days are weekdays rather than dates: the page shows seven days from today, so a weekday names
//! one day, and a shared link ("Tuesday's classes") stays meaningful next week.
//!
//! The typical week (`schedule.toml`, [`TypicalClass`]) stands in when no live copy of the
//! provider's schedule exists: [`typical_upcoming`] puts its classes on the coming dates (UK
//! time), for the home page's next classes, and [`typical_next_change`] says when that list
//! changes, so the server renders the pages again then.

pub mod classes;

pub use classes::{Availability, Class, Timetable, SHOWN_DAYS, WINDOW_DAYS};

use chrono::{DateTime, Datelike, Duration, Utc};
use serde::Serialize;

use crate::calendar::{london_date, london_instant, london_midnight};
use crate::content::studio::Day;
use crate::content::TypicalClass;

/// Day keys, Monday first, as the address and the page write them.
pub const DAY_KEYS: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

/// The query names of the two filters.
pub const TYPE_PARAM: &str = "type";
/// See [`TYPE_PARAM`].
pub const DAY_PARAM: &str = "day";

/// The key of a class type (defined beside the typical week, whose classes' facts name types by
/// it).
pub use crate::content::schedule::type_key;

/// The key of a weekday counted from Monday (0) to Sunday (6); `None` beyond.
pub fn day_key(days_from_monday: u32) -> Option<&'static str> {
    DAY_KEYS
        .get(usize::try_from(days_from_monday).ok()?)
        .copied()
}

/// A visitor's choice; `None` shows every type or every day.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Filter {
    /// A class type key ([`type_key`]).
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// A day key ([`DAY_KEYS`]).
    pub day: Option<String>,
}

impl Filter {
    /// A choice from a type key and a day key; a value that is not a key counts as no choice.
    pub fn from_parts(kind: Option<&str>, day: Option<&str>) -> Self {
        Self {
            kind: kind
                .filter(|kind| !kind.is_empty() && type_key(kind) == *kind)
                .map(str::to_owned),
            day: day.filter(|day| DAY_KEYS.contains(day)).map(str::to_owned),
        }
    }

    /// Reads the filters from a query string (with or without the leading `?`). Unknown names,
    /// unknown days and type values that are not keys are ignored, so a mangled link shows the
    /// whole timetable rather than nothing.
    pub fn from_query(query: &str) -> Self {
        let (mut kind, mut day) = (None, None);
        for pair in query.trim_start_matches('?').split('&') {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            match name {
                TYPE_PARAM => kind = Some(value),
                DAY_PARAM => day = Some(value),
                _ => {}
            }
        }
        Self::from_parts(kind, day)
    }

    /// The query string for this choice: empty for no filter, otherwise `?type=...&day=...`.
    pub fn to_query(&self) -> String {
        let parts: Vec<String> = [(TYPE_PARAM, &self.kind), (DAY_PARAM, &self.day)]
            .iter()
            .filter_map(|(name, value)| value.as_ref().map(|value| format!("{name}={value}")))
            .collect();
        if parts.is_empty() {
            String::new()
        } else {
            format!("?{}", parts.join("&"))
        }
    }

    /// Whether a class of type `kind` on day `day` is shown.
    pub fn admits(&self, kind: &str, day: &str) -> bool {
        self.kind.as_deref().is_none_or(|chosen| chosen == kind)
            && self.day.as_deref().is_none_or(|chosen| chosen == day)
    }
}

/// A class of the typical week placed on a date.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TypicalOccurrence<'a> {
    /// The class as the content lists it.
    pub class: &'a TypicalClass,
    /// The UK date it falls on.
    pub date: chrono::NaiveDate,
    /// When it would start.
    pub starts_at: DateTime<Utc>,
    /// When it would end.
    pub ends_at: DateTime<Utc>,
}

/// The typical week's classes on the `days` UK dates from today, not yet over at `now` (a
/// class under way stays, as on the live timetable), in order of start.
pub fn typical_upcoming(
    week: &[TypicalClass],
    now: DateTime<Utc>,
    days: u32,
) -> Vec<TypicalOccurrence<'_>> {
    let today = london_date(now);
    let mut found: Vec<TypicalOccurrence<'_>> = (0..days)
        .filter_map(|offset| today.checked_add_signed(Duration::days(i64::from(offset))))
        .flat_map(|date| {
            let day = Day::of(date.weekday());
            week.iter()
                .filter(move |class| class.day == day)
                .map(move |class| {
                    let starts_at = london_instant(date.and_time(class.time.naive()));
                    TypicalOccurrence {
                        class,
                        date,
                        starts_at,
                        ends_at: starts_at + Duration::minutes(i64::from(class.minutes)),
                    }
                })
        })
        .filter(|occurrence| occurrence.ends_at > now)
        .collect();
    found.sort_by_key(|occurrence| occurrence.starts_at);
    found
}

/// The next instant after `now` at which what [`typical_upcoming`] shows changes: the end of
/// the next class to end, or the next UK midnight (when 'today' moves on), whichever comes
/// first. `None` for an empty week, which never changes.
pub fn typical_next_change(week: &[TypicalClass], now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    if week.is_empty() {
        return None;
    }
    let midnight = london_date(now)
        .succ_opt()
        .map_or(DateTime::<Utc>::MAX_UTC, london_midnight);
    let next_end = typical_upcoming(week, now, 2)
        .iter()
        .map(|occurrence| occurrence.ends_at)
        .filter(|end| *end > now)
        .min();
    Some(next_end.map_or(midnight, |end| end.min(midnight)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_keys_are_address_safe() {
        assert_eq!(type_key("Hot Yoga"), "hot-yoga");
        assert_eq!(type_key("  Fire & Ice  "), "fire-ice");
        assert_eq!(type_key("1-2-1 PT"), "1-2-1-pt");
        assert_eq!(type_key("HYROX"), "hyrox");
        assert_eq!(type_key("Café"), "caf");
        assert_eq!(type_key("!!"), "");
    }

    #[test]
    fn query_round_trips_and_ignores_nonsense() {
        let filter = Filter::from_query("?type=hot-yoga&day=tue&utm_source=x");
        assert_eq!(filter.kind.as_deref(), Some("hot-yoga"));
        assert_eq!(filter.day.as_deref(), Some("tue"));
        assert_eq!(filter.to_query(), "?type=hot-yoga&day=tue");
        assert_eq!(
            Filter::from_query("day=someday&type=Hot%20Yoga"),
            Filter::default()
        );
        assert_eq!(Filter::default().to_query(), "");
        assert_eq!(Filter::from_query("type=&day"), Filter::default());
    }

    #[test]
    fn admits_what_matches_both_choices() {
        let any = Filter::default();
        assert!(any.admits("hyrox", "mon"));
        let tuesday_yoga = Filter::from_query("type=hot-yoga&day=tue");
        assert!(tuesday_yoga.admits("hot-yoga", "tue"));
        assert!(!tuesday_yoga.admits("hot-yoga", "wed"));
        assert!(!tuesday_yoga.admits("hyrox", "tue"));
        assert_eq!(day_key(0), Some("mon"));
        assert_eq!(day_key(6), Some("sun"));
        assert_eq!(day_key(7), None);
    }

    fn week() -> Vec<TypicalClass> {
        let file = r#"
            [[typical_week]]
            day = "Sunday"
            time = "10:30"
            class = "Hot Yoga Flow"
            type = "Hot Yoga"
            minutes = 60

            [[typical_week]]
            day = "Monday"
            time = "06:00"
            class = "HYROX Engine"
            type = "HYROX"
            coach = "Ross Campbell"
            minutes = 45

            [[typical_week]]
            day = "Monday"
            time = "19:00"
            class = "Hot Yoga Flow"
            type = "Hot Yoga"
            minutes = 60
        "#;
        #[derive(serde::Deserialize)]
        struct Week {
            typical_week: Vec<TypicalClass>,
        }
        toml::from_str::<Week>(file)
            .map(|week| week.typical_week)
            .unwrap_or_else(|error| panic!("{error}"))
    }

    fn at(text: &str) -> DateTime<Utc> {
        text.parse()
            .unwrap_or_else(|error| panic!("{text}: {error}"))
    }

    #[test]
    fn the_typical_week_is_put_on_the_coming_uk_dates_in_order() {
        let week = week();
        // Monday 6 July 2026, 10:00 BST: the 6:00 class is over, 19:00 BST (18:00 UTC) is next,
        // then Sunday's, then next Monday's.
        let now = at("2026-07-06T09:00:00Z");
        let next = typical_upcoming(&week, now, 8);
        let listed: Vec<(String, &str, DateTime<Utc>)> = next
            .iter()
            .map(|o| (o.date.to_string(), o.class.name.as_str(), o.starts_at))
            .collect();
        assert_eq!(
            listed,
            [
                (
                    "2026-07-06".to_owned(),
                    "Hot Yoga Flow",
                    at("2026-07-06T18:00:00Z")
                ),
                (
                    "2026-07-12".to_owned(),
                    "Hot Yoga Flow",
                    at("2026-07-12T09:30:00Z")
                ),
                (
                    "2026-07-13".to_owned(),
                    "HYROX Engine",
                    at("2026-07-13T05:00:00Z")
                ),
                (
                    "2026-07-13".to_owned(),
                    "Hot Yoga Flow",
                    at("2026-07-13T18:00:00Z")
                ),
            ]
        );
        // A class under way stays listed until it ends; in winter UK time is UTC.
        let during = typical_upcoming(&week, at("2026-12-07T06:30:00Z"), 1);
        assert_eq!(
            during.first().map(|o| o.ends_at),
            Some(at("2026-12-07T06:45:00Z"))
        );
        assert!(typical_upcoming(&[], now, 8).is_empty());
    }

    #[test]
    fn the_typical_week_changes_at_each_class_end_and_at_midnight() {
        let week = week();
        // Monday 10:00 BST: next change is the end of the 19:00 class (20:00 BST).
        assert_eq!(
            typical_next_change(&week, at("2026-07-06T09:00:00Z")),
            Some(at("2026-07-06T19:00:00Z"))
        );
        // After it, UK midnight (23:00 UTC in summer) comes first.
        assert_eq!(
            typical_next_change(&week, at("2026-07-06T19:00:00Z")),
            Some(at("2026-07-06T23:00:00Z"))
        );
        assert_eq!(typical_next_change(&[], at("2026-07-06T09:00:00Z")), None);
    }
}
