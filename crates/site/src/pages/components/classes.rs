//! The class timetable as HTML, from the stored copy of the provider's schedule: days, time,
//! class, coach, length, spaces left and a 'Book' link per class (the provider's page for that
//! class, in a new tab). Complete without JavaScript; the filter island only hides rows. Shared by
//! /timetable (the week) and the home page ('Classes today').
//!
//! Until a live copy exists, both show the studio's typical week (`schedule.toml`), labelled
//! as typical, with one button to the provider's live schedule: what the visitor can do, never
//! what failed. The home page leaves its section out when there is neither.

use chrono::{DateTime, Datelike, FixedOffset, SecondsFormat, Utc};
use maud::{html, Markup};
use onespace_core::calendar::{clock_12h, london_time};
use onespace_core::content::studio::Day;
use onespace_core::content::TypicalClass;
use onespace_core::timetable::{day_key, type_key, typical_upcoming, TypicalOccurrence};

use crate::render::{island, Load};
use crate::widgets::schedule::{class_booking_url, schedule_page_url};
use onespace_core::content::Schedule;
use onespace_core::timetable::{Availability, Class, Timetable, WINDOW_DAYS};

/// `7:00 AM`, by the core's one formatter.
fn clock(instant: DateTime<FixedOffset>) -> String {
    clock_12h(&instant)
}

/// `Tuesday 24 November`.
pub fn day_title(date: chrono::NaiveDate) -> String {
    date.format("%A %-d %B").to_string()
}

/// The class's weekday key on the studio's clock.
pub fn class_day_key(class: &Class) -> &'static str {
    let weekday = london_time(class.starts_at).weekday();
    day_key(weekday.num_days_from_monday()).unwrap_or_default()
}

/// 'Updated 2:05 PM' (today) or 'Updated Mon 23 Nov, 2:05 PM' from when the copy was fetched.
pub fn updated_text(copy: &Timetable, now: DateTime<Utc>) -> String {
    let fetched = london_time(copy.fetched_at);
    if fetched.date_naive() == london_time(now).date_naive() {
        format!("Updated {}", clock(fetched))
    } else {
        format!(
            "Updated {}, {}",
            fetched.format("%a %-d %b"),
            clock(fetched)
        )
    }
}

/// Whether it can be booked at `now`, in words, and whether that is a warning (full or closed);
/// nothing when places are unlimited.
fn availability(class: &Class, now: DateTime<Utc>) -> Option<(String, bool)> {
    class.availability(now).words()
}

/// One class row: its 'Book' link while booking is open; `day_label` names its day where the
/// list spans days without day headings.
fn class_row(
    class: &Class,
    schedule: &Schedule,
    now: DateTime<Utc>,
    day_label: Option<&str>,
) -> Markup {
    let start = london_time(class.starts_at);
    let when = format!("{} at {}", day_title(start.date_naive()), clock(start));
    html! {
        li class="class-row" data-class-type=(type_key(&class.kind)) data-class-day=(class_day_key(class)) {
            time class="class-time" datetime=(start.to_rfc3339_opts(SecondsFormat::Secs, false)) { (clock(start)) }
            div class="class-info" {
                p class="class-name" { (class.name) }
                p class="class-meta" {
                    @if let Some(day) = day_label { span { (day) } }
                    @if let Some(coach) = &class.coach { span { "with " (coach) } }
                    span { (class.minutes()) " min" }
                    @if let Some((text, warning)) = availability(class, now) {
                        span class=(if warning { "class-full" } else { "class-spaces" }) { (text) }
                    }
                }
            }
            @if class.availability(now) != Availability::Closed {
                a class="btn btn-primary class-book" href=(class_booking_url(schedule, class)) target="_blank" rel="noopener noreferrer"
                    aria-label=(format!("Book {}, {when} (opens in a new tab)", class.name)) { "Book" }
            }
        }
    }
}

/// The page's one button to the provider's live schedule, in a new tab.
const BOOK_LABEL: &str = "Book on our booking site";

/// The one button to the provider's live schedule.
fn book_button(schedule: &Schedule) -> Markup {
    html! {
        a class="btn btn-primary" href=(schedule_page_url(schedule)) target="_blank" rel="noopener noreferrer" { (BOOK_LABEL) }
    }
}

/// A class card's 'Book' button to the live schedule, where the typical week's sessions are
/// booked; its accessible name says which class, since the page has one per card.
pub fn book_class_button(schedule: &Schedule, class_name: &str) -> Markup {
    html! {
        a class="btn btn-primary" href=(schedule_page_url(schedule)) target="_blank" rel="noopener noreferrer"
            aria-label=(format!("Book {class_name} on our booking site (opens in a new tab)")) { "Book" }
    }
}

/// Shown when there is nothing to list: never an empty box, and the page's one schedule button.
fn empty(title: &str, text: &str, schedule: &Schedule) -> Markup {
    html! {
        div class="class-empty" {
            p class="text-lg font-semibold" { (title) }
            p class="mt-2 text-ink-soft" { (text) }
            div class="mt-6" { (book_button(schedule)) }
        }
    }
}

/// What /timetable shows of the classes, and whether that carries the page's button to the
/// provider's schedule (so the booking widget's box does not repeat it).
pub struct Week {
    /// The section's heading.
    pub title: &'static str,
    /// The classes, or the message with the button.
    pub body: Markup,
    /// True when `body` holds the button to the provider's schedule.
    pub links_schedule: bool,
}

/// The heading over a live copy.
pub const LIVE_TITLE: &str = "This week's classes";
/// The heading over the typical week.
pub const TYPICAL_TITLE: &str = "A typical week at One Space";

/// The week's classes for /timetable: the live copy when one exists, else the typical week,
/// else a message with the button.
pub fn week(
    timetable: Option<&Timetable>,
    now: DateTime<Utc>,
    days: i64,
    schedule: &Schedule,
) -> Week {
    match timetable {
        Some(copy) => live_week(copy, now, days, schedule),
        None if !schedule.typical_week.is_empty() => Week {
            title: TYPICAL_TITLE,
            body: typical_week(schedule, now),
            links_schedule: true,
        },
        None => Week {
            title: LIVE_TITLE,
            body: empty(
                "See this week's classes and book",
                "Every class, with the spaces left, is on our booking site: book your spot there in a minute.",
                schedule,
            ),
            links_schedule: true,
        },
    }
}

/// One class of the typical week: time, name, coach and length; no 'Book' link, since only the
/// live schedule can take a booking.
fn typical_row(class: &TypicalClass, day_label: Option<&str>) -> Markup {
    html! {
        li class="class-row" data-class-type=(type_key(&class.kind)) data-class-day=(day_key(class.day.days_from_monday()).unwrap_or_default()) {
            time class="class-time" datetime=(class.time.iso()) { (class.time.display()) }
            div class="class-info" {
                p class="class-name" { (class.name) }
                p class="class-meta" {
                    @if let Some(day) = day_label { span { (day) } }
                    @if let Some(coach) = &class.coach { span { "with " (coach) } }
                    span { (class.minutes) " min" }
                }
            }
        }
    }
}

/// The typical week, Monday first, labelled as typical, with the one button to the live
/// schedule and the same filters as the live week.
fn typical_week(schedule: &Schedule, now: DateTime<Utc>) -> Markup {
    let today = Day::of(london_time(now).weekday());
    let mut by_day: Vec<(Day, Vec<&TypicalClass>)> = Vec::new();
    for class in schedule.typical_week_in_order() {
        match by_day.last_mut() {
            Some((day, classes)) if *day == class.day => classes.push(class),
            _ => by_day.push((class.day, vec![class])),
        }
    }
    let types = by_day
        .iter()
        .flat_map(|(_, classes)| classes.iter())
        .map(|class| class.kind.as_str());
    let days = by_day.iter().map(|(day, _)| (*day, day.name().to_owned()));
    html! {
        div class="typical-note" {
            p { "Times can change from week to week, so check the live schedule before you come. It shows the spaces left, and you can book your class there in a minute." }
            (book_button(schedule))
        }
        (filters(types, days))
        @for (day, classes) in &by_day {
            @let key = day_key(day.days_from_monday()).unwrap_or_default();
            @let id = format!("typical-{key}");
            section class="class-day" aria-labelledby=(id) data-class-day=(key) {
                h3 class="class-day-title" id=(id) {
                    (day.name())
                    @if *day == today { " " span class="badge badge-soft" { "Today" } }
                }
                ol class="class-list" {
                    @for class in classes { (typical_row(class, None)) }
                }
            }
        }
    }
}

/// The filter island over the listed classes: the class types (sorted by name) and the days as
/// they appear. Its box keeps its height before the island mounts, so nothing moves.
fn filters<'a>(
    kinds: impl Iterator<Item = &'a str>,
    days: impl Iterator<Item = (Day, String)>,
) -> Markup {
    let mut types: Vec<(String, String)> = kinds
        .map(|kind| (type_key(kind), kind.to_owned()))
        .collect();
    types.sort_by(|a, b| a.1.cmp(&b.1));
    types.dedup_by(|a, b| a.0 == b.0);
    let days: Vec<serde_json::Value> = days
        .filter_map(|(day, label)| {
            let key = day_key(day.days_from_monday())?;
            Some(serde_json::json!({ "key": key, "label": label }))
        })
        .collect();
    let types: Vec<serde_json::Value> = types
        .into_iter()
        .map(|(key, label)| serde_json::json!({ "key": key, "label": label }))
        .collect();
    html! {
        div class="class-filters" {
            (island(
                "TimetableFilters",
                Load::Idle,
                &serde_json::json!({
                    "types": types,
                    "days": days,
                    "typeLabel": "Class",
                    "dayLabel": "Day",
                    "allTypes": "All classes",
                    "allDays": "All days",
                    "noneText": "No classes match.",
                    "showAllLabel": "Show all classes",
                }),
                html! {},
            ))
        }
    }
}

/// The live copy's classes of the next `days` days grouped by day, or a message with the
/// button when it has none.
fn live_week(copy: &Timetable, now: DateTime<Utc>, days: i64, schedule: &Schedule) -> Week {
    let mut by_day: Vec<(chrono::NaiveDate, Vec<&Class>)> = Vec::new();
    for class in copy.upcoming(now, days) {
        let date = london_time(class.starts_at).date_naive();
        match by_day.last_mut() {
            Some((day, classes)) if *day == date => classes.push(class),
            _ => by_day.push((date, vec![class])),
        }
    }
    let today = london_time(now).date_naive();
    let types = by_day
        .iter()
        .flat_map(|(_, classes)| classes.iter())
        .map(|class| class.kind.as_str());
    let day_labels = by_day
        .iter()
        .map(|(date, _)| (Day::of(date.weekday()), date.format("%A").to_string()));
    let body = html! {
        p class="class-updated" {
            // In whole seconds: HTML's `datetime` takes at most three digits of a fraction.
            time datetime=(copy.fetched_at.to_rfc3339_opts(SecondsFormat::Secs, false)) { (updated_text(copy, now)) }
        }
        @if !by_day.is_empty() { (filters(types, day_labels)) }
        @if by_day.is_empty() {
            (empty("No classes are scheduled this week", "New classes are added regularly: see the full schedule on our booking site.", schedule))
        }
        @for (date, classes) in &by_day {
            @let id = format!("day-{}", date.format("%Y-%m-%d"));
            section class="class-day" aria-labelledby=(id) data-class-day=(classes.first().map(|class| class_day_key(class)).unwrap_or_default()) {
                h3 class="class-day-title" id=(id) {
                    (day_title(*date))
                    @if *date == today { " " span class="badge badge-soft" { "Today" } }
                }
                ol class="class-list" {
                    @for class in classes { (class_row(class, schedule, now, None)) }
                }
            }
        }
    };
    Week {
        title: LIVE_TITLE,
        body,
        links_schedule: by_day.is_empty(),
    }
}

/// Classes shown on the home page.
pub const HOME_CLASSES: usize = 3;

/// How far ahead the home page looks in the typical week for its next classes: past the
/// weekend, when the studio closes at noon, and on to the next open day.
const TYPICAL_DAYS_AHEAD: u32 = 8;

/// 'Classes today' while the first listed class is today, else 'Next classes'.
fn home_title(first_is_today: bool) -> &'static str {
    if first_is_today {
        "Classes today"
    } else {
        "Next classes"
    }
}

/// The home page's 'Classes today': the next [`HOME_CLASSES`] classes still to come today, or
/// tomorrow's first ones once today's are over ('Next classes'), from the same copy as
/// /timetable, linking to it. Without a live copy (or with nothing in it for two days), the
/// typical week's next classes, labelled as typical; with neither, nothing: the section is left
/// out rather than shown empty.
pub fn home_section(
    timetable: Option<&Timetable>,
    now: DateTime<Utc>,
    timetable_path: &str,
    schedule: &Schedule,
) -> Markup {
    let today = london_time(now).date_naive();
    let live: Vec<&Class> = timetable
        .map(|copy| copy.upcoming(now, 2).take(HOME_CLASSES).collect())
        .unwrap_or_default();
    if let Some(first) = live.first() {
        let first_is_today = london_time(first.starts_at).date_naive() == today;
        return home_shell(
            home_title(first_is_today),
            None,
            timetable_path,
            html! {
                ol class="class-list" {
                    @for class in &live { (class_row(class, schedule, now, None)) }
                }
            },
        );
    }
    let typical: Vec<TypicalOccurrence<'_>> =
        typical_upcoming(&schedule.typical_week, now, TYPICAL_DAYS_AHEAD)
            .into_iter()
            .take(HOME_CLASSES)
            .collect();
    let Some(first) = typical.first() else {
        return html! {};
    };
    let tomorrow = today.succ_opt();
    let one_day = typical
        .iter()
        .all(|occurrence| occurrence.date == first.date);
    // One day's classes: the heading names the day. Several: each row not today names its day.
    let title = match (one_day, first.date) {
        (true, date) if date == today => "Classes today".to_owned(),
        (true, date) if Some(date) == tomorrow => "Classes tomorrow".to_owned(),
        (true, _) => format!("Classes on {}", first.class.day.name()),
        (false, _) => "Next classes".to_owned(),
    };
    let day_label = |occurrence: &TypicalOccurrence<'_>| -> Option<String> {
        if one_day || occurrence.date == today {
            None
        } else if Some(occurrence.date) == tomorrow {
            Some("Tomorrow".to_owned())
        } else {
            Some(occurrence.class.day.name().to_owned())
        }
    };
    let lead = "From our typical week: times can change, so check the timetable before you come.";
    home_shell(
        &title,
        Some(lead),
        timetable_path,
        html! {
            ol class="class-list" {
                @for occurrence in &typical { (typical_row(occurrence.class, day_label(occurrence).as_deref())) }
            }
        },
    )
}

/// A class card's next sessions (/our-classes): what it lists and whether they come from the
/// typical week (then labelled so, with the one button to the live schedule).
pub struct Sessions {
    /// The sessions as a list.
    pub list: Markup,
    /// True when they are the typical week's, not the live schedule's.
    pub typical: bool,
}

/// A session's day in a list spanning days: 'Today', 'Tomorrow', else 'Wed 2 Dec'.
fn session_day(date: chrono::NaiveDate, today: chrono::NaiveDate) -> String {
    if date == today {
        "Today".to_owned()
    } else if Some(date) == today.succ_opt() {
        "Tomorrow".to_owned()
    } else {
        date.format("%a %-d %b").to_string()
    }
}

/// The next `count` sessions of the timetable types `kinds` (compared by [`type_key`]): from
/// the live copy when it has classes ahead, each with its 'Book' link, else from the typical
/// week; `None` when that has none of them (or no type is given: a class booked privately).
pub fn next_sessions(
    timetable: Option<&Timetable>,
    now: DateTime<Utc>,
    schedule: &Schedule,
    kinds: &[String],
    count: usize,
) -> Option<Sessions> {
    let keys: Vec<String> = kinds.iter().map(|kind| type_key(kind)).collect();
    let wanted = |kind: &str| keys.contains(&type_key(kind));
    let today = london_time(now).date_naive();
    // A live copy with classes ahead is the schedule: a class it does not run has no sessions.
    if let Some(copy) = timetable.filter(|copy| copy.upcoming(now, WINDOW_DAYS).next().is_some()) {
        let live: Vec<&Class> = copy
            .upcoming(now, WINDOW_DAYS)
            .filter(|class| wanted(&class.kind))
            .take(count)
            .collect();
        if live.is_empty() {
            return None;
        }
        return Some(Sessions {
            list: html! {
                ol class="class-list" {
                    @for class in &live {
                        @let day = session_day(london_time(class.starts_at).date_naive(), today);
                        (class_row(class, schedule, now, Some(&day)))
                    }
                }
            },
            typical: false,
        });
    }
    let typical: Vec<TypicalOccurrence<'_>> =
        typical_upcoming(&schedule.typical_week, now, TYPICAL_DAYS_AHEAD)
            .into_iter()
            .filter(|occurrence| wanted(&occurrence.class.kind))
            .take(count)
            .collect();
    if typical.is_empty() {
        return None;
    }
    Some(Sessions {
        list: html! {
            ol class="class-list" {
                @for occurrence in &typical {
                    (typical_row(occurrence.class, Some(&session_day(occurrence.date, today))))
                }
            }
        },
        typical: true,
    })
}

/// The home section around its list: heading, an optional line under it, the list and the
/// link to /timetable.
fn home_shell(title: &str, lead: Option<&str>, timetable_path: &str, list: Markup) -> Markup {
    html! {
        section class="section" aria-labelledby="today-title" {
            div class="container-page max-w-3xl" {
                div class="section-head" {
                    p class="eyebrow eyebrow-dark" { "Timetable" }
                    h2 class="section-title" id="today-title" { (title) }
                    @if let Some(lead) = lead { p class="section-lead" { (lead) } }
                }
                (list)
                div class="hero-actions" {
                    a class="btn btn-dark" href=(timetable_path) { "See the full timetable" }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(id: u64) -> Class {
        let start: DateTime<Utc> = "2026-11-24T18:00:00Z".parse().unwrap_or_default();
        Class {
            id,
            name: "HYROX".to_owned(),
            kind: "HYROX".to_owned(),
            coach: Some("Chris Wallace".to_owned()),
            starts_at: start,
            ends_at: start + chrono::Duration::minutes(45),
            spaces_left: Some(0),
            waitlist_open: true,
            booking_closes_at: Some(start - chrono::Duration::hours(1)),
            booking_url: None,
        }
    }

    fn row(class: &Class, now: &str) -> String {
        let schedule = onespace_core::content::embedded::content()
            .unwrap_or_else(|errors| panic!("{errors:?}"))
            .schedule;
        class_row(class, &schedule, now.parse().unwrap_or_default(), None).into_string()
    }

    #[test]
    fn full_waitlist_full_and_closed_read_as_such_and_closed_has_no_book_link() {
        let open = class(7);
        let html = row(&open, "2026-11-24T09:00:00Z");
        assert!(html.contains(">Full: join the waitlist<"), "{html}");
        // Without a customer_url, the customer site's schedule opened on the class.
        assert!(html.contains("c/schedule?e=7\""), "{html}");
        let full = Class {
            waitlist_open: false,
            ..class(7)
        };
        assert!(row(&full, "2026-11-24T09:00:00Z").contains(">Full<"));
        let closed = row(&open, "2026-11-24T17:00:00Z");
        assert!(closed.contains(">Booking closed<"), "{closed}");
        assert!(!closed.contains("class-book"), "{closed}");
        let own = Class {
            booking_url: Some("https://goteamup.com/p/x/c/e/7".to_owned()),
            spaces_left: Some(3),
            ..class(7)
        };
        let html = row(&own, "2026-11-24T09:00:00Z");
        assert!(
            html.contains(">3 spaces left<")
                && html.contains("href=\"https://goteamup.com/p/x/c/e/7\"")
        );
    }
}
