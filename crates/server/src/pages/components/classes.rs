//! The class timetable as HTML, from the stored copy of the provider's schedule: days, time,
//! class, coach, length, spaces left and a 'Book' link per class (the provider's page for that
//! class, in a new tab). Complete without JavaScript; the filter island only hides rows. Shared by
//! /timetable (the week) and the home page ('Classes today').

use chrono::{DateTime, Datelike, FixedOffset, Utc};
use maud::{html, Markup};
use onespace_core::calendar::london_time;
use onespace_core::timetable::{day_key, type_key};

use crate::render::{island, Load};
use crate::schedule::{Availability, Class, Timetable};
use crate::widgets::schedule::{class_booking_url, schedule_page_url};
use onespace_core::content::Schedule;

/// `07:00`.
fn clock(instant: DateTime<FixedOffset>) -> String {
    instant.format("%H:%M").to_string()
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

/// 'Updated 14:05' (today) or 'Updated Mon 23 Nov, 14:05' from when the copy was fetched.
pub fn updated_text(copy: &Timetable, now: DateTime<Utc>) -> String {
    let fetched = london_time(copy.fetched_at);
    if fetched.date_naive() == london_time(now).date_naive() {
        format!("Updated {}", clock(fetched))
    } else {
        format!("Updated {}", fetched.format("%a %-d %b, %H:%M"))
    }
}

/// Whether it can be booked at `now`, in words, and whether that is a warning (full or closed);
/// nothing when places are unlimited.
fn availability(class: &Class, now: DateTime<Utc>) -> Option<(String, bool)> {
    Some(match class.availability(now) {
        Availability::Open => return None,
        Availability::Spaces(1) => ("1 space left".to_owned(), false),
        Availability::Spaces(n) => (format!("{n} spaces left"), false),
        Availability::Waitlist => ("Full: join the waitlist".to_owned(), true),
        Availability::Full => ("Full".to_owned(), true),
        Availability::Closed => ("Booking closed".to_owned(), true),
    })
}

/// One class row: its 'Book' link while booking is open.
fn class_row(class: &Class, schedule: &Schedule, now: DateTime<Utc>) -> Markup {
    let start = london_time(class.starts_at);
    let when = format!("{} at {}", day_title(start.date_naive()), clock(start));
    html! {
        li class="class-row" data-class-type=(type_key(&class.kind)) data-class-day=(class_day_key(class)) {
            time class="class-time" datetime=(start.to_rfc3339()) { (clock(start)) }
            div class="class-info" {
                p class="class-name" { (class.name) }
                p class="class-meta" {
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

/// Shown when there is nothing to list: never an empty box.
fn empty(title: &str, text: &str, schedule: &Schedule) -> Markup {
    html! {
        div class="schedule-fallback class-empty" {
            p class="text-lg font-semibold" { (title) }
            p class="mt-2 text-ink-soft" { (text) }
            a class="btn btn-primary mt-6" href=(schedule_page_url(schedule)) target="_blank" rel="noopener noreferrer" { "Open the Class Schedule" }
        }
    }
}

/// The message when no copy of the schedule was ever fetched.
pub fn never_fetched(schedule: &Schedule) -> Markup {
    empty(
        "Our live timetable is on its way",
        "We could not reach our booking partner just now. You can see every class and book straight away on their site.",
        schedule,
    )
}

/// The filter island over the listed classes: the class types (sorted by name) and the days as
/// they appear. Its box keeps its height before the island mounts, so nothing moves.
fn filters(by_day: &[(chrono::NaiveDate, Vec<&Class>)]) -> Markup {
    let mut types: Vec<(String, String)> = by_day
        .iter()
        .flat_map(|(_, classes)| classes.iter())
        .map(|class| (type_key(&class.kind), class.kind.clone()))
        .collect();
    types.sort_by(|a, b| a.1.cmp(&b.1));
    types.dedup_by(|a, b| a.0 == b.0);
    let days: Vec<serde_json::Value> = by_day
        .iter()
        .filter_map(|(date, classes)| {
            let key = class_day_key(classes.first()?);
            Some(serde_json::json!({ "key": key, "label": date.format("%A").to_string() }))
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

/// The classes of the next `days` days grouped by day, or a message with the direct link.
pub fn week(
    timetable: Option<&Timetable>,
    now: DateTime<Utc>,
    days: i64,
    schedule: &Schedule,
) -> Markup {
    let Some(copy) = timetable else {
        return never_fetched(schedule);
    };
    let mut by_day: Vec<(chrono::NaiveDate, Vec<&Class>)> = Vec::new();
    for class in copy.upcoming(now, days) {
        let date = london_time(class.starts_at).date_naive();
        match by_day.last_mut() {
            Some((day, classes)) if *day == date => classes.push(class),
            _ => by_day.push((date, vec![class])),
        }
    }
    let today = london_time(now).date_naive();
    html! {
        p class="class-updated" {
            time datetime=(copy.fetched_at.to_rfc3339()) { (updated_text(copy, now)) }
        }
        @if !by_day.is_empty() { (filters(&by_day)) }
        @if by_day.is_empty() {
            (empty("No classes are scheduled this week", "New classes are added regularly: see the full schedule on our booking partner's site.", schedule))
        }
        @for (date, classes) in &by_day {
            @let id = format!("day-{}", date.format("%Y-%m-%d"));
            section class="class-day" aria-labelledby=(id) data-class-day=(classes.first().map(|class| class_day_key(class)).unwrap_or_default()) {
                h3 class="class-day-title" id=(id) {
                    (day_title(*date))
                    @if *date == today { " " span class="badge badge-soft" { "Today" } }
                }
                ol class="class-list" {
                    @for class in classes { (class_row(class, schedule, now)) }
                }
            }
        }
    }
}

/// Classes shown on the home page.
pub const HOME_CLASSES: usize = 3;

/// The home page's 'Classes today': the next [`HOME_CLASSES`] classes still to come today, or
/// tomorrow's first ones once today's are over ('Next classes'), from the same copy as
/// /timetable, linking to it. Before any copy was fetched it simply points to the timetable.
pub fn home_section(
    timetable: Option<&Timetable>,
    now: DateTime<Utc>,
    timetable_path: &str,
    schedule: &Schedule,
) -> Markup {
    let next: Vec<&Class> = timetable
        .map(|copy| copy.upcoming(now, 2).take(HOME_CLASSES).collect())
        .unwrap_or_default();
    let today = london_time(now).date_naive();
    let is_today = next
        .first()
        .is_some_and(|class| london_time(class.starts_at).date_naive() == today);
    let title = if is_today || next.is_empty() {
        "Classes today"
    } else {
        "Next classes"
    };
    html! {
        section class="section" aria-labelledby="today-title" {
            div class="container-page max-w-3xl" {
                div class="section-head" {
                    p class="eyebrow eyebrow-dark" { "Timetable" }
                    h2 class="section-title" id="today-title" { (title) }
                }
                @if next.is_empty() {
                    p class="section-lead" { "See this week's classes and book your spot on our timetable." }
                } @else {
                    ol class="class-list" {
                        @for class in &next { (class_row(class, schedule, now)) }
                    }
                }
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
        let schedule = crate::content::default_content()
            .unwrap_or_else(|errors| panic!("{errors:?}"))
            .schedule;
        class_row(class, &schedule, now.parse().unwrap_or_default()).into_string()
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
