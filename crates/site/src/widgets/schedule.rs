//! The timetable's TeamUp schedule widget (SPEC sections 2, 3, 7, 9), configured in one place:
//! the provider's script, the global function that starts it with the widget configuration
//! ([`links::schedule_widget`], with the provider id of `schedule.toml`), the element it draws
//! into, the polling timings and the texts. The island
//! (`frontend/src/islands/schedule/ScheduleWidget.tsx`) loads only when the visitor asks for it.
//! Without JavaScript, and until the widget arrives, the box links straight to the provider's
//! schedule page in a new tab.
//!
//! TeamUp does not document its embeddable widget. What is here comes from observed public
//! pages that embed it: they load `https://teamupstatic.com/teamup.js` (older ones
//! `m.goteamup.com/teamup.js`) and call the global `teamup.calendar({provider_id, width, view,
//! target_element_id})`, which draws the customer site (on `https://goteamup.com`) in a frame
//! inside the element named by `target_element_id`. Because that is a guess, all three (script,
//! call, frame origin) are configuration ([`WidgetSource`]: `ONESPACE_SCHEDULE_SCRIPT_URL`,
//! `ONESPACE_SCHEDULE_WIDGET_CALL`, `ONESPACE_SCHEDULE_FRAME_ORIGIN`), so a change on the
//! provider's side needs no release; the Content-Security-Policy admits exactly the script's
//! origin for scripts and the frame origin for frames (`onespace_http::security`).

use maud::{html, Markup};
use onespace_core::content::Schedule;
use onespace_core::links;
use serde_json::json;

use crate::render::{island, Load};
use crate::widget_source::WidgetSource;

/// The id of the element the widget draws into (`target_element_id`).
pub const CONTAINER_ID: &str = "teamup-schedule";

/// Wait before loading the script (SPEC: 100 ms).
pub const INITIAL_DELAY_MS: u32 = 100;
/// Interval between looks for the widget's element (SPEC: 100 ms).
pub const POLL_INTERVAL_MS: u32 = 100;
/// Looks before giving up (SPEC: 300, i.e. 30 s).
pub const MAX_POLLS: u32 = 300;

/// The provider's own schedule page, linked in the fallback box.
pub fn schedule_page_url(schedule: &Schedule) -> String {
    schedule.schedule_url()
}

/// One class's 'Book' link: its own page as the provider gives it (`customer_url`), else the
/// customer site's schedule opened on that class (`c/schedule?e=<event id>`, as public pages
/// link a class).
pub fn class_booking_url(schedule: &Schedule, class: &onespace_core::timetable::Class) -> String {
    class
        .booking_url
        .clone()
        .unwrap_or_else(|| schedule.class_url(class.id))
}

/// The fallback box's heading.
const FALLBACK_TITLE: &str = "Your bookings and membership";
/// The fallback box's text.
const FALLBACK_TEXT: &str = "Book, cancel or change your classes and see your membership in your account on our booking site.";
/// Link text to the provider's schedule page.
const DIRECT_LABEL: &str = "Open the Class Schedule";
/// The control that loads the widget in the page (with JavaScript only).
const LOAD_LABEL: &str = "Book or manage my account here";

/// The schedule widget island, loading the provider script from `script_url` only when the
/// visitor asks for it (its button): the script is third-party, heavy and slow at times, and the
/// week's classes are already in the page, so nobody waits for it or downloads it to read the
/// timetable.
///
/// `direct_link`: whether the box carries the link to the provider's schedule page. The page
/// links there once: when the week above already does (no live classes to book), the box
/// leaves it out. The button that loads the widget comes last, under the link, so that before
/// it is armed (and without JavaScript) it leaves room below rather than a gap beside.
pub fn widget(source: &WidgetSource, schedule: &Schedule, direct_link: bool) -> Markup {
    let schedule_url = schedule_page_url(schedule);
    island(
        "ScheduleWidget",
        Load::Request,
        &json!({
            "scriptUrl": source.script_url,
            "globalName": source.global,
            "initMethod": source.method,
            // Whatever the widget draws inside its target element.
            "widgetSelector": format!("#{CONTAINER_ID} > *"),
            "containerId": CONTAINER_ID,
            "config": links::schedule_widget(schedule.provider_id, CONTAINER_ID),
            "scheduleUrl": schedule_url,
            "fallbackTitle": FALLBACK_TITLE,
            "fallbackText": FALLBACK_TEXT,
            "directLabel": direct_link.then_some(DIRECT_LABEL),
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
                div class="schedule-actions" {
                    @if direct_link {
                        a class="btn btn-primary" href=(schedule_url) target="_blank" rel="noopener noreferrer" { (DIRECT_LABEL) }
                    }
                    button type="button" class="btn btn-dark" data-island-trigger { (LOAD_LABEL) }
                }
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schedule() -> Schedule {
        onespace_core::content::embedded::content()
            .unwrap_or_else(|errors| panic!("{errors:?}"))
            .schedule
    }

    #[test]
    fn the_schedule_page_lives_on_the_frame_origin_and_the_script_on_its_static_host() {
        let source = WidgetSource::default();
        assert_eq!(source.script_origin(), "https://teamupstatic.com");
        assert_eq!(
            (source.global.as_str(), source.method.as_str()),
            ("teamup", "calendar")
        );
        assert!(schedule_page_url(&schedule()).starts_with(&format!("{}/p/", source.frame_origin)));
    }

    #[test]
    fn the_widget_carries_the_spec_configuration_and_a_direct_link() {
        let schedule = schedule();
        let source = WidgetSource {
            script_url: "/stand-in.js".to_owned(),
            ..WidgetSource::default()
        };
        let html = widget(&source, &schedule, true).into_string();
        assert!(html.contains(&format!(r#""provider_id":{}"#, schedule.provider_id)));
        assert!(html.contains(r#"data-island="ScheduleWidget" data-load="request""#));
        assert!(html.contains("data-island-trigger"));
        assert!(html.contains(r#""scriptUrl":"/stand-in.js""#));
        assert!(html.contains(r#""globalName":"teamup""#));
        assert!(html.contains(r#""initMethod":"calendar""#));
        assert!(html.contains(r#""target_element_id":"teamup-schedule""#));
        assert!(html.contains(r#""type":"specific_pages""#));
        assert!(html.contains(r#""view":"schedule.week""#));
        assert!(html.contains(r#""all_venues":true"#));
        assert!(html.contains(r#""version":3"#));
        assert!(html.contains(r#""maxPolls":300"#));
        assert!(html.contains(&format!("href=\"{}\"", schedule_page_url(&schedule))));
        // Without the direct link (the week above has it), the box only loads the widget.
        let html = widget(&source, &schedule, false).into_string();
        assert!(!html.contains(&format!("href=\"{}\"", schedule_page_url(&schedule))));
        assert!(html.contains(r#""directLabel":null"#) && html.contains("data-island-trigger"));
    }
}
