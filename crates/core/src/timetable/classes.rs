//! The timetable as the booking provider publishes it: one fetched copy of the coming classes
//! ([`Timetable`]), each [`Class`] with whether it can still be booked ([`Availability`]). The
//! server fetches and stores copies; the pages and the chat read them.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::calendar::london_time;

/// Days ahead fetched from the provider: this week and next, so the page's seven days stay full
/// for a week of provider outage.
pub const WINDOW_DAYS: i64 = 14;

/// Days the timetable page shows, from today.
pub const SHOWN_DAYS: i64 = 7;

/// One class on the timetable.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Class {
    /// The provider's event id (its booking page is addressed by it).
    pub id: u64,
    /// The class's name as the studio wrote it ("Hot Yoga").
    pub name: String,
    /// The class type (the provider's offering type), which the filters group by; the name when
    /// the provider gives none.
    pub kind: String,
    /// Who teaches it, when the provider names them.
    pub coach: Option<String>,
    /// Start.
    pub starts_at: DateTime<Utc>,
    /// End.
    pub ends_at: DateTime<Utc>,
    /// Places still free, when the provider gives a capacity.
    pub spaces_left: Option<u32>,
    /// Once full, whether the waitlist still takes names ("Full: join the waitlist" or "Full").
    #[serde(default)]
    pub waitlist_open: bool,
    /// When booking closes (the provider's `registrations_close_at`).
    #[serde(default)]
    pub booking_closes_at: Option<DateTime<Utc>>,
    /// The class's own page at the provider (its `customer_url`), when it gives one.
    #[serde(default)]
    pub booking_url: Option<String>,
}

/// Whether and how a class can be booked at an instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Availability {
    /// No capacity given: open.
    Open,
    /// This many places left (1 or more).
    Spaces(u32),
    /// Full, the waitlist takes names.
    Waitlist,
    /// Full, no waitlist place.
    Full,
    /// Booking has closed.
    Closed,
}

impl Availability {
    /// From what the provider says of a class: whether its booking has closed, the places left
    /// (none given: unlimited) and whether its waitlist takes names.
    pub fn of(booking_closed: bool, spaces_left: Option<u32>, waitlist_open: bool) -> Self {
        if booking_closed {
            return Self::Closed;
        }
        match spaces_left {
            None => Self::Open,
            Some(0) if waitlist_open => Self::Waitlist,
            Some(0) => Self::Full,
            Some(spaces) => Self::Spaces(spaces),
        }
    }

    /// In words, and whether that is a warning (full or closed); nothing when places are
    /// unlimited. The timetable page and the chat say the same.
    pub fn words(self) -> Option<(String, bool)> {
        Some(match self {
            Self::Open => return None,
            Self::Spaces(1) => ("1 space left".to_owned(), false),
            Self::Spaces(n) => (format!("{n} spaces left"), false),
            Self::Waitlist => ("Full: join the waitlist".to_owned(), true),
            Self::Full => ("Full".to_owned(), true),
            Self::Closed => ("Booking closed".to_owned(), true),
        })
    }
}

impl Class {
    /// Length in whole minutes.
    pub fn minutes(&self) -> i64 {
        (self.ends_at - self.starts_at).num_minutes()
    }

    /// Whether and how it can be booked at `now`.
    pub fn availability(&self, now: DateTime<Utc>) -> Availability {
        Availability::of(
            self.booking_closes_at.is_some_and(|close| close <= now),
            self.spaces_left,
            self.waitlist_open,
        )
    }
}

/// One copy of the schedule as fetched.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timetable {
    /// When the provider answered.
    pub fetched_at: DateTime<Utc>,
    /// The classes, by start.
    pub classes: Vec<Class>,
}

impl Timetable {
    /// Classes not yet over at `now` and starting before the end of the [`SHOWN_DAYS`]th day.
    pub fn upcoming(&self, now: DateTime<Utc>, days: i64) -> impl Iterator<Item = &Class> {
        let today = london_time(now).date_naive();
        let last = today + chrono::Duration::days(days - 1);
        self.classes.iter().filter(move |class| {
            class.ends_at > now && london_time(class.starts_at).date_naive() <= last
        })
    }
}
