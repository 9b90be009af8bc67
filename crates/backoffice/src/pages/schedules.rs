//! Scheduled changes to the content: the list of what goes live later (and what went live or
//! was held at its time), one schedule's changes, and cancelling one. Scheduling itself is the
//! review page's Schedule form (`super::content::schedule`); publishing at the time is
//! `onespace_store::published::scheduled`, on every node.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, Utc};
use onespace_core::calendar::{london_instant, london_time};

use super::html;
use super::see_other;
use crate::audit::{self, Action};
use crate::diff;
use crate::session::{self, Staff, StaffForm};
use crate::views::message_page;
use crate::views::schedules::{self as view, Against, Notice, SchedulePage, ScheduleRow};
use onespace_store::published::scheduled::{self, Plan, Schedule, State};
use onespace_store::published::versions;

/// Settled schedules listed under the waiting ones.
const SETTLED_LISTED: i64 = 50;

/// The instant a UK date (`2026-12-01`, or `01/12/2026` as a browser without a date picker may
/// send what was typed) and time of day (`09:00` on the 24-hour clock) name, if it is after
/// `now_ms`; otherwise why not, in a sentence. A time the clocks skip (01:00-02:00 on the last
/// Sunday of March) is refused, and so is one they pass twice (01:00-02:00 on the last Sunday
/// of October): which of the two was meant cannot be told, and a change going live an hour
/// early or late is worse than being asked to pick another minute.
pub fn go_live_at(date: &str, time: &str, now_ms: i64) -> Result<i64, String> {
    if date.is_empty() || time.is_empty() {
        return Err("choose the date and the time (UK) it goes live.".to_owned());
    }
    // Years far from ours are typing mistakes, and would take the clock arithmetic past
    // chrono's range.
    let day = NaiveDate::parse_from_str(date, "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(date, "%d/%m/%Y"))
        .ok()
        .filter(|day| (1970..=9999).contains(&day.year()))
        .ok_or_else(|| {
            format!("'{date}' is not a date: write it as 2026-12-01 (year, month, day).")
        })?;
    let clock = NaiveTime::parse_from_str(time, "%H:%M")
        .or_else(|_| NaiveTime::parse_from_str(time, "%H:%M:%S"))
        .map_err(|_| {
            format!("'{time}' is not a time of day: write it on the 24-hour clock, like 09:00 or 18:30.")
        })?;
    let local = day.and_time(clock);
    let shown = format!("{} on {}", clock.format("%H:%M"), day.format("%-d %b %Y"));
    let instant = london_instant(local);
    if london_time(instant).naive_local() != local {
        return Err(format!(
            "{shown} does not exist in the UK: the clocks go forward from 01:00 to 02:00 that \
             night. Choose 02:00 or later."
        ));
    }
    if london_time(instant + Duration::hours(1)).naive_local() == local {
        return Err(format!(
            "{shown} happens twice in the UK: the clocks go back from 02:00 to 01:00 that night. \
             Choose a time before 01:00 or from 02:00."
        ));
    }
    let at = instant.timestamp_millis();
    if at <= now_ms {
        let now = DateTime::<Utc>::from_timestamp_millis(now_ms)
            .map(|now| london_time(now).format("%H:%M on %-d %b %Y").to_string())
            .unwrap_or_default();
        return Err(format!(
            "{shown} has passed (it is {now} UK time). Choose a later time."
        ));
    }
    Ok(at)
}

fn no_such_schedule(staff: &Staff) -> HttpResponse {
    html(
        StatusCode::NOT_FOUND,
        message_page(
            &staff.chrome(),
            "No such scheduled change",
            "The scheduled changes are listed on the Content page's Scheduled changes.",
        ),
    )
}

/// A schedule's reasons for being held, one a line.
fn reasons_of(schedule: &Schedule) -> Vec<&str> {
    schedule
        .held_reason
        .as_deref()
        .map(|reason| reason.lines().collect())
        .unwrap_or_default()
}

fn row_of<'a>(schedule: &'a Schedule, reasons: &'a [&'a str]) -> ScheduleRow<'a> {
    ScheduleRow {
        id: &schedule.id,
        go_live_at: schedule.go_live_at,
        by: &schedule.created_by,
        note: &schedule.note,
        base: schedule.base,
        state: schedule.state,
        published: schedule.published,
        reasons,
        cancelled_by: schedule.settled_by.as_deref(),
    }
}

/// `GET /studio/content/scheduled?scheduled=ID|cancelled=1`.
pub async fn list(
    request: HttpRequest,
    staff: Staff,
    query: web::Query<HashMap<String, String>>,
) -> HttpResponse {
    let store = &staff.staff_area().store;
    let (waiting, settled) = match (
        scheduled::waiting(store).await,
        scheduled::settled(store, SETTLED_LISTED).await,
    ) {
        (Ok(waiting), Ok(settled)) => (waiting, settled),
        (Err(error), _) | (_, Err(error)) => return session::unavailable(&request, &error),
    };
    let notice = if let Some(id) = query.get("scheduled") {
        waiting
            .iter()
            .find(|schedule| &schedule.id == id)
            .map(|schedule| Notice::Scheduled(schedule.go_live_at))
    } else if query.contains_key("cancelled") {
        Some(Notice::Cancelled)
    } else {
        None
    };
    let waiting_reasons: Vec<Vec<&str>> = waiting.iter().map(reasons_of).collect();
    let settled_reasons: Vec<Vec<&str>> = settled.iter().map(reasons_of).collect();
    let waiting_rows: Vec<ScheduleRow<'_>> = waiting
        .iter()
        .zip(&waiting_reasons)
        .map(|(schedule, reasons)| row_of(schedule, reasons))
        .collect();
    let settled_rows: Vec<ScheduleRow<'_>> = settled
        .iter()
        .zip(&settled_reasons)
        .map(|(schedule, reasons)| row_of(schedule, reasons))
        .collect();
    html(
        StatusCode::OK,
        view::list(
            &staff.chrome(),
            notice.as_ref(),
            &waiting_rows,
            &settled_rows,
            staff.staff_area().content_folder.is_some(),
        ),
    )
}

/// Schedule `id`, or the page to show instead.
async fn schedule_of(
    request: &HttpRequest,
    staff: &Staff,
    id: &str,
) -> Result<Schedule, HttpResponse> {
    match scheduled::get(&staff.staff_area().store, id).await {
        Ok(Some(schedule)) => Ok(schedule),
        Ok(None) => Err(no_such_schedule(staff)),
        Err(error) => Err(session::unavailable(request, &error)),
    }
}

/// `GET /studio/content/scheduled/{id}`: what it changes. A waiting one is shown as it would go
/// live now (merged on the live version, or why it would be held); the others against the
/// version they were scheduled from.
pub async fn show(request: HttpRequest, staff: Staff, id: web::Path<String>) -> HttpResponse {
    let schedule = match schedule_of(&request, &staff, &id).await {
        Ok(schedule) => schedule,
        Err(response) => return response,
    };
    let store = &staff.staff_area().store;
    let live = match versions::live(store).await {
        Ok(live) => live,
        Err(error) => return session::unavailable(&request, &error),
    };
    let plan = match (&live, schedule.state) {
        (Some(live), State::Waiting) => match scheduled::plan(store, &schedule, live).await {
            Ok(plan) => Some(plan),
            Err(error) => return session::unavailable(&request, &error),
        },
        _ => None,
    };
    let (against, changes, would_hold) = match (&plan, &live) {
        (Some(Plan::Publish { on, files }), Some(live)) => (
            Against::Live(*on),
            diff::changes(&live.files, files),
            Vec::new(),
        ),
        _ => {
            let base = match versions::version(store, schedule.base).await {
                Ok(base) => base,
                Err(error) => return session::unavailable(&request, &error),
            };
            let changes = base
                .map(|base| diff::changes(&base.files, &schedule.files))
                .unwrap_or_default();
            let would_hold = match &plan {
                Some(Plan::Hold(reasons)) => reasons.clone(),
                _ => Vec::new(),
            };
            (Against::Base(schedule.base), changes, would_hold)
        }
    };
    let reasons = reasons_of(&schedule);
    let page = SchedulePage {
        row: row_of(&schedule, &reasons),
        created_at: schedule.created_at,
        against,
        changes: &changes,
        would_hold: &would_hold,
    };
    html(StatusCode::OK, view::show(&staff.chrome(), &page))
}

/// `POST /studio/content/scheduled/{id}/cancel`: only while it is waiting; a cancel and its
/// publish at the same moment cannot both happen (`scheduled::cancel`).
pub async fn cancel(
    request: HttpRequest,
    id: web::Path<String>,
    post: StaffForm<super::NoFields>,
) -> HttpResponse {
    let StaffForm { staff, .. } = post;
    let schedule = match schedule_of(&request, &staff, &id).await {
        Ok(schedule) => schedule,
        Err(response) => return response,
    };
    let staff_area = staff.staff_area();
    let now = staff_area.clock.now_ms();
    match scheduled::cancel(&staff_area.store, &schedule.id, &staff.account.email, now).await {
        Ok(true) => {
            audit::record(
                staff_area,
                Some(&staff.account.email),
                Action::ContentScheduleCancelled,
                &format!(
                    "schedule {} for {} UK time, from version {}",
                    schedule.id,
                    scheduled::uk_time(schedule.go_live_at),
                    schedule.base
                ),
                &staff.area.address,
            )
            .await;
            see_other("/studio/content/scheduled?cancelled=1")
        }
        Ok(false) => {
            let now = match scheduled::get(&staff_area.store, &schedule.id).await {
                Ok(Some(now)) => now,
                Ok(None) => return no_such_schedule(&staff),
                Err(error) => return session::unavailable(&request, &error),
            };
            let why = match (now.state, now.published) {
                (State::Published, Some(number)) => {
                    format!("It has gone live already, as version {number}.")
                }
                (State::Held, _) => format!(
                    "It was held at its time, so nothing went live: {}",
                    reasons_of(&now).join("; ")
                ),
                _ => "It was cancelled already.".to_owned(),
            };
            html(
                StatusCode::CONFLICT,
                message_page(&staff.chrome(), "Not cancelled", &why),
            )
        }
        Err(error) => session::unavailable(&request, &error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(text: &str) -> i64 {
        DateTime::parse_from_rfc3339(text)
            .unwrap_or_else(|_| unreachable!())
            .timestamp_millis()
    }

    /// Why `go_live_at` refuses, empty if it does not.
    fn refused(date: &str, time: &str, now: i64) -> String {
        go_live_at(date, time, now).err().unwrap_or_default()
    }

    #[test]
    fn a_uk_date_and_time_is_the_instant_in_summer_and_winter() {
        let now = ms("2026-01-01T00:00:00Z");
        assert_eq!(
            go_live_at("2026-12-01", "09:00", now),
            Ok(ms("2026-12-01T09:00:00Z"))
        );
        assert_eq!(
            go_live_at("2026-07-01", "09:00", now),
            Ok(ms("2026-07-01T08:00:00Z"))
        );
        assert_eq!(
            go_live_at("01/07/2026", "09:00:00", now),
            Ok(ms("2026-07-01T08:00:00Z"))
        );
    }

    #[test]
    fn a_time_that_has_passed_or_cannot_be_read_is_refused_with_the_reason() {
        let now = ms("2026-12-01T09:00:00Z");
        let passed = refused("2026-12-01", "09:00", now);
        assert_eq!(
            passed,
            "09:00 on 1 Dec 2026 has passed (it is 09:00 on 1 Dec 2026 UK time). Choose a later time."
        );
        assert!(refused("2026-13-01", "09:00", now).contains("'2026-13-01' is not a date"));
        assert!(refused("+262000-12-31", "23:30", now).contains("is not a date"));
        assert!(refused("10000-01-01", "09:00", now).contains("is not a date"));
        assert!(refused("2026-12-02", "9am", now).contains("'9am' is not a time of day"));
        assert!(refused("", "09:00", now).contains("choose the date"));
    }

    #[test]
    fn a_time_the_clocks_skip_or_pass_twice_is_refused() {
        let now = ms("2026-01-01T00:00:00Z");
        // 29 March 2026: 01:00 GMT becomes 02:00 BST.
        assert!(refused("2026-03-29", "01:30", now).contains("does not exist in the UK"));
        assert_eq!(
            go_live_at("2026-03-29", "02:00", now),
            Ok(ms("2026-03-29T01:00:00Z"))
        );
        // 25 October 2026: 02:00 BST becomes 01:00 GMT.
        assert!(refused("2026-10-25", "01:30", now).contains("happens twice in the UK"));
        assert_eq!(
            go_live_at("2026-10-25", "00:59", now),
            Ok(ms("2026-10-24T23:59:00Z"))
        );
        assert_eq!(
            go_live_at("2026-10-25", "02:00", now),
            Ok(ms("2026-10-25T02:00:00Z"))
        );
    }
}
