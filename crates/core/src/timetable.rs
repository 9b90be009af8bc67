//! The timetable's filters: which classes a visitor sees for a chosen class type and day, and how
//! that choice is written in the page address (`/timetable?type=hot-yoga&day=tue`) so a filtered
//! view can be shared. The server writes each class's keys into the page; the filter island asks
//! this module (through WebAssembly) which classes to show, so both agree.
//!
//! Days are weekdays rather than dates: the page shows seven days from today, so a weekday names
//! one day, and a shared link ("Tuesday's classes") stays meaningful next week.

use serde::Serialize;

/// Day keys, Monday first, as the address and the page write them.
pub const DAY_KEYS: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

/// The query names of the two filters.
pub const TYPE_PARAM: &str = "type";
/// See [`TYPE_PARAM`].
pub const DAY_PARAM: &str = "day";

/// The key of a class type: its name in lower case, letters and digits kept, every other run of
/// characters one hyphen ("Hot Yoga" → `hot-yoga`, "1-2-1 PT" → `1-2-1-pt`).
pub fn type_key(name: &str) -> String {
    let mut key = String::with_capacity(name.len());
    for ch in name.chars().flat_map(char::to_lowercase) {
        if ch.is_ascii_alphanumeric() {
            key.push(ch);
        } else if !key.is_empty() && !key.ends_with('-') {
            key.push('-');
        }
    }
    while key.ends_with('-') {
        key.pop();
    }
    key
}

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
}
