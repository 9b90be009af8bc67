//! The timetable's TeamUp schedule widget (SPEC sections 2, 3, 7, 9), configured in one place:
//! the provider's script, the global object and method that start it with the widget
//! configuration ([`links::schedule_widget`], with the provider id of `schedule.toml`), the element it creates, the polling timings and
//! the texts. The island (`frontend/src/islands/schedule/ScheduleWidget.tsx`) loads when the
//! widget scrolls into view. Without JavaScript, and until the widget arrives, the box links
//! straight to the provider's schedule page in a new tab.
//!
//! The script URL is a parameter so tests can serve a local stand-in; the real one is
//! [`TEAMUP_SCRIPT_URL`]. The provider's embed snippet for the studio's account confirms the
//! script URL, object and element before launch (SPEC does not show them).
//!
//! The script URL is configuration (`ONESPACE_SCHEDULE_SCRIPT_URL`, [`TEAMUP_SCRIPT_URL`] by
//! default), so a change on the provider's side needs no release; the site's
//! Content-Security-Policy admits that script's origin for scripts, styles, images, frames and
//! requests (`crate::http::security`), so the provider's widget can run.

use maud::{html, Markup};
use onespace_core::content::schedule::PROVIDER_ORIGIN;
use onespace_core::content::Schedule;
use onespace_core::links;
use serde::Serialize;
use serde_json::json;

use crate::render::{island, Load};

/// The provider's origin.
pub const TEAMUP_ORIGIN: &str = PROVIDER_ORIGIN;

/// The provider's widget script (on [`TEAMUP_ORIGIN`]), unless configured otherwise.
pub const TEAMUP_SCRIPT_URL: &str = "https://goteamup.com/static/js/widget.js";

/// How the provider's script is driven.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Provider {
    /// Global object the script defines.
    pub global_name: &'static str,
    /// Its method that builds the widget from the configuration.
    pub init_method: &'static str,
    /// CSS selector of the element the widget creates (moved into the page's container).
    pub widget_selector: &'static str,
}

/// TeamUp.
pub const TEAMUP: Provider = Provider {
    global_name: "TeamUp",
    init_method: "init",
    widget_selector: ".teamup-widget",
};

/// Wait before loading the script (SPEC: 100 ms).
pub const INITIAL_DELAY_MS: u32 = 100;
/// Interval between looks for the widget's element (SPEC: 100 ms).
pub const POLL_INTERVAL_MS: u32 = 100;
/// Looks before giving up (SPEC: 300, i.e. 30 s).
pub const MAX_POLLS: u32 = 300;

/// The provider's own schedule page, linked in the fallback box.
pub fn schedule_page_url(schedule: &Schedule) -> String {
    schedule.page_url("schedule")
}

/// One class's booking page on the provider, by the provider's event id (the timetable's
/// 'Book' links). Same customer-page shape as the other provider addresses (see
/// `onespace_core::links`); the studio confirms it before launch.
pub fn class_booking_url(schedule: &Schedule, event_id: u64) -> String {
    schedule.page_url(&format!("events/{event_id}"))
}

/// The fallback box's heading.
const FALLBACK_TITLE: &str = "See the full timetable and book online";
/// The fallback box's text.
const FALLBACK_TEXT: &str = "Our live schedule opens on our booking partner's site, where you can book, cancel and manage your classes.";
/// Link text to the provider's schedule page.
const DIRECT_LABEL: &str = "Open the Class Schedule";
/// The control that loads the widget in the page (with JavaScript only).
const LOAD_LABEL: &str = "Book or manage my account here";

/// The schedule widget island, loading the provider script from `script_url` only when the
/// visitor asks for it (its button): the script is third-party, heavy and slow at times, and the
/// week's classes are already in the page, so nobody waits for it or downloads it to read the
/// timetable.
pub fn widget(script_url: &str, schedule: &Schedule) -> Markup {
    let schedule_url = schedule_page_url(schedule);
    island(
        "ScheduleWidget",
        Load::Request,
        &json!({
            "scriptUrl": script_url,
            "globalName": TEAMUP.global_name,
            "initMethod": TEAMUP.init_method,
            "widgetSelector": TEAMUP.widget_selector,
            "config": links::schedule_widget(&schedule.provider_id),
            "scheduleUrl": schedule_url,
            "fallbackTitle": FALLBACK_TITLE,
            "fallbackText": FALLBACK_TEXT,
            "directLabel": DIRECT_LABEL,
            "loadingText": "Loading the timetable...",
            "failedText": "Failed to load calendar. Please refresh the page.",
            "timedOutText": "Failed to load calendar automatically.",
            "refreshLabel": "Refresh Page",
            "initialDelayMs": INITIAL_DELAY_MS,
            "pollIntervalMs": POLL_INTERVAL_MS,
            "maxPolls": MAX_POLLS,
        }),
        html! {
            div class="schedule-fallback" data-schedule-container {
                p class="text-lg font-semibold" { (FALLBACK_TITLE) }
                p class="mt-2 text-ink-soft" { (FALLBACK_TEXT) }
                div class="hero-actions mt-6 justify-center" {
                    button type="button" class="btn btn-dark" data-island-trigger { (LOAD_LABEL) }
                    a class="btn btn-primary" href=(schedule_url) target="_blank" rel="noopener noreferrer" { (DIRECT_LABEL) }
                }
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schedule() -> Schedule {
        crate::content::default_content()
            .unwrap_or_else(|errors| panic!("{errors:?}"))
            .schedule
    }

    #[test]
    fn the_script_and_schedule_page_live_on_the_admitted_origin() {
        assert!(TEAMUP_SCRIPT_URL.starts_with(&format!("{TEAMUP_ORIGIN}/")));
        assert!(schedule_page_url(&schedule()).starts_with(&format!("{TEAMUP_ORIGIN}/")));
    }

    #[test]
    fn the_widget_carries_the_spec_configuration_and_a_direct_link() {
        let schedule = schedule();
        let html = widget("/stand-in.js", &schedule).into_string();
        assert!(html.contains(r#""providerId":"one-space-livingston""#));
        assert!(html.contains(r#"data-island="ScheduleWidget" data-load="request""#));
        assert!(html.contains("data-island-trigger"));
        assert!(html.contains(r#""scriptUrl":"/stand-in.js""#));
        assert!(html.contains(r#""type":"specific_pages""#));
        assert!(html.contains(r#""view":"schedule.week""#));
        assert!(html.contains(r#""allVenues":true"#));
        assert!(html.contains(r#""version":3"#));
        assert!(html.contains(r#""maxPolls":300"#));
        assert!(html.contains(&format!("href=\"{}\"", schedule_page_url(&schedule))));
    }
}
