//! Scheduled changes to the content: what goes live later, and what went live or was held at
//! its time.

use maud::{html, Markup};

use super::content::changes;
use super::csrf_field;
use super::iso;
use super::page;
use super::uk_time;
use super::Chrome;
use crate::diff::FileChanges;
use onespace_store::published::scheduled::State;

/// One scheduled change as the list shows it.
pub struct ScheduleRow<'a> {
    /// Its id.
    pub id: &'a str,
    /// When it goes (or went) live, Unix ms.
    pub go_live_at: i64,
    /// Who scheduled it.
    pub by: &'a str,
    /// Why, as written; may be empty.
    pub note: &'a str,
    /// The version it was scheduled from.
    pub base: i64,
    /// Where it stands.
    pub state: State,
    /// The version it became, once published.
    pub published: Option<i64>,
    /// Why it was held, if it was.
    pub reasons: &'a [&'a str],
    /// Who cancelled it, if someone did.
    pub cancelled_by: Option<&'a str>,
}

/// What was just done, shown once at the top of the list.
pub enum Notice {
    /// A draft was scheduled for this instant (Unix ms).
    Scheduled(i64),
    /// A scheduled change was cancelled.
    Cancelled,
}

/// Where a schedule stands, in words, for the list and its page.
fn state(row: &ScheduleRow<'_>) -> Markup {
    html! {
        @match row.state {
            State::Waiting => { "Waiting" }
            State::Published => {
                "Published"
                @if let Some(number) = row.published { " as " a href=(format!("/studio/content/versions/{number}")) { "version " (number) } }
            }
            State::Held => {
                strong { "Held" } ": nothing went live."
                ul class="studio-mistakes" { @for reason in row.reasons { li { (reason) } } }
            }
            State::Cancelled => {
                "Cancelled"
                @if let Some(by) = row.cancelled_by { " by " (by) }
            }
        }
    }
}

/// The columns of the waiting changes' table (then their actions), each cell labelled with its
/// column's name too, which a phone shows above the value where the table becomes one card per
/// change (`.data-table-cards`) rather than scrolling sideways.
const WAITING_COLUMNS: [&str; 4] = ["Goes live (UK)", "Who", "Note", "State"];

/// The columns of the settled changes' table, labelled as [`WAITING_COLUMNS`].
const SETTLED_COLUMNS: [&str; 4] = ["Time (UK)", "Who", "Note", "State"];

/// `/studio/content/scheduled`: the waiting changes, soonest first, with View and Cancel, then
/// the latest that went live, were held or were cancelled.
pub fn list(
    chrome: &Chrome<'_>,
    notice: Option<&Notice>,
    waiting: &[ScheduleRow<'_>],
    settled: &[ScheduleRow<'_>],
    folder_served: bool,
) -> String {
    page(
        chrome,
        "Scheduled changes",
        html! {
            p { a class="studio-back" href="/studio/content" { "All content" } }
            h1 class="studio-title" { "Scheduled changes" }
            p class="studio-lead" {
                "Drafts set to go live at a date and time, UK time. Each goes live on every page by itself at its time, checked again then: "
                "a change that no longer passes the check, or that changes a file someone has published a change to since, is held instead, and says why here."
            }
            @match notice {
                Some(Notice::Scheduled(at)) => p class="studio-notice" role="status" { "Scheduled: it goes live at " time datetime=(iso(*at)) { (uk_time(*at)) } " UK time. Your draft has ended." },
                Some(Notice::Cancelled) => p class="studio-notice" role="status" { "The scheduled change was cancelled: nothing of it goes live." },
                None => {}
            }
            @if folder_served {
                p class="studio-notice studio-notice-error" role="alert" { "The site is serving a content folder, so nothing scheduled here goes live while it does." }
            }
            h2 class="studio-subtitle" id="waiting-title" { "Coming up" }
            @if waiting.is_empty() {
                p { "Nothing is scheduled. A draft is scheduled from its review page." }
            } @else {
                div class="table-wrap" role="region" aria-labelledby="waiting-title" tabindex="0" {
                    table class="data-table data-table-cards" {
                        thead { tr { @for name in WAITING_COLUMNS { th scope="col" { (name) } } th scope="col" { "" } } }
                        tbody {
                            @for row in waiting {
                                tr {
                                    td data-label=(WAITING_COLUMNS[0]) { time datetime=(iso(row.go_live_at)) { (uk_time(row.go_live_at)) } }
                                    td data-label=(WAITING_COLUMNS[1]) { (row.by) }
                                    td data-label=(WAITING_COLUMNS[2]) { (row.note) }
                                    td data-label=(WAITING_COLUMNS[3]) { (state(row)) }
                                    td {
                                        div class="studio-filter-actions" {
                                            a class="btn btn-sm btn-outline" href=(format!("/studio/content/scheduled/{}", row.id)) { "View" }
                                            form method="post" action=(format!("/studio/content/scheduled/{}/cancel", row.id)) {
                                                (csrf_field(chrome.csrf()))
                                                button class="btn btn-sm btn-outline" type="submit" aria-label=(format!("Cancel the change for {}", uk_time(row.go_live_at))) { "Cancel" }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            h2 class="studio-subtitle" id="settled-title" { "Gone live, held or cancelled" }
            @if settled.is_empty() {
                p { "None yet." }
            } @else {
                div class="table-wrap" role="region" aria-labelledby="settled-title" tabindex="0" {
                    table class="data-table data-table-cards" {
                        thead { tr { @for name in SETTLED_COLUMNS { th scope="col" { (name) } } th scope="col" { "" } } }
                        tbody {
                            @for row in settled {
                                tr {
                                    td data-label=(SETTLED_COLUMNS[0]) { time datetime=(iso(row.go_live_at)) { (uk_time(row.go_live_at)) } }
                                    td data-label=(SETTLED_COLUMNS[1]) { (row.by) }
                                    td data-label=(SETTLED_COLUMNS[2]) { (row.note) }
                                    td data-label=(SETTLED_COLUMNS[3]) { (state(row)) }
                                    td { a href=(format!("/studio/content/scheduled/{}", row.id)) { "View" } }
                                }
                            }
                        }
                    }
                }
            }
        },
    )
}

/// What a schedule's changes are shown against.
pub enum Against {
    /// The live version, merged as it would go live now.
    Live(i64),
    /// The version it was scheduled from.
    Base(i64),
}

/// One scheduled change and what it changes.
pub struct SchedulePage<'a> {
    /// The change.
    pub row: ScheduleRow<'a>,
    /// When it was scheduled, Unix ms.
    pub created_at: i64,
    /// What its changes are shown against.
    pub against: Against,
    /// Its changes, line by line.
    pub changes: &'a [FileChanges],
    /// Why a waiting change would be held if its time were now (none when it would go live).
    pub would_hold: &'a [String],
}

/// `/studio/content/scheduled/{id}`.
pub fn show(chrome: &Chrome<'_>, schedule: &SchedulePage<'_>) -> String {
    let row = &schedule.row;
    let title = format!("Scheduled change for {}", uk_time(row.go_live_at));
    page(
        chrome,
        &title,
        html! {
            p { a class="studio-back" href="/studio/content/scheduled" { "All scheduled changes" } }
            h1 class="studio-title" { (title) " (UK)" }
            p class="studio-lead" {
                "Scheduled by " (row.by) ", " time datetime=(iso(schedule.created_at)) { (uk_time(schedule.created_at)) } ", from version " (row.base) "."
                @if !row.note.is_empty() { " Note: " (row.note) }
            }
            p { "State: " (state(row)) }
            @if !schedule.would_hold.is_empty() {
                section class="studio-panel studio-danger" aria-labelledby="hold-title" {
                    h2 class="studio-subtitle" id="hold-title" { "If its time were now, it would be held" }
                    ul class="studio-mistakes" { @for reason in schedule.would_hold { li { (reason) } } }
                    p { "Nothing of it would go live. Cancel it and make the change again on the live content, or leave it to be held at its time." }
                }
            }
            @match schedule.against {
                Against::Live(number) => {
                    h2 class="studio-subtitle" { "Against the live version " (number) }
                    p { "What would change if it went live now: lines marked removed are live; lines marked added are the scheduled change's." }
                }
                Against::Base(number) => {
                    h2 class="studio-subtitle" { "Against version " (number) ", which it was scheduled from" }
                    p { "Lines marked removed are version " (number) "'s; lines marked added are the scheduled change's." }
                }
            }
            @if schedule.changes.is_empty() { p { "No changes." } }
            (changes(schedule.changes))
            @if row.state == State::Waiting {
                form method="post" action=(format!("/studio/content/scheduled/{}/cancel", row.id)) class="studio-form" {
                    (csrf_field(chrome.csrf()))
                    button class="btn btn-dark btn-sm" type="submit" { "Cancel this scheduled change" }
                }
            }
        },
    )
}
