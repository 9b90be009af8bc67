//! /timetable: 'Book Your Classes', what to expect, the booking policy and the provider's
//! schedule widget. The widget is an island loaded when visible; without JavaScript its fallback
//! links straight to the provider's schedule page in a new tab.

use maud::{html, Markup};
use onespace_core::{links, policy};

use super::components::{external, icon, page_hero, Icon};
use crate::render::{island, Load};
use crate::routes::Page;

/// The provider's public schedule page. The core's links module names the widget's
/// configuration but not this page, so it is derived from the same provider page as the
/// memberships list (`…/p/<provider>/memberships` becomes `…/p/<provider>/schedule`).
fn schedule_page() -> String {
    let base = links::MEMBERSHIPS
        .strip_suffix("memberships")
        .unwrap_or(links::MEMBERSHIPS);
    format!("{base}schedule")
}

/// The page content.
pub fn main() -> Markup {
    let schedule = schedule_page();
    html! {
        (page_hero("Timetable", "Book Your Classes", "Pick a class, book your spot and we will see you in the studio.", html! {
            a class="btn btn-primary" href="#schedule" { "View the Schedule" }
            a class="btn btn-outline-light" href=(Page::IntroOffer.path()) { "New? Start My 14-Day Trial" }
        }))
        section class="expect-strip" aria-label="What to expect" {
            ul class="container-page expect-list" {
                li { (icon(Icon::Clock)) span { "Classes are mostly 45-60 minutes" } }
                li { (icon(Icon::Users)) span { "All levels welcome" } }
                li { (icon(Icon::Droplet)) span { "Water available" } }
            }
        }
        section class="section" aria-labelledby="schedule-title" {
            div class="container-page" {
                div class="notice" role="note" {
                    (icon(Icon::Calendar))
                    div {
                        h2 class="notice-title" { "Booking policy" }
                        p { (policy::booking_notice()) " " a href=(Page::Terms.path()) { "Read our terms" } "." }
                    }
                }
                h2 class="section-title mt-12" id="schedule-title" { "This week's classes" }
                div id="schedule" class="schedule-shell" {
                    (island("ScheduleWidget", Load::Visible, &links::SCHEDULE_WIDGET, html! {
                        div class="schedule-fallback" data-schedule-container {
                            p class="text-lg font-semibold" { "See the full timetable and book online" }
                            p class="mt-2 text-ink-soft" { "Our live schedule opens on our booking partner's site, where you can book, cancel and manage your classes." }
                            (external(&schedule, "btn btn-primary mt-6", "Open the Class Schedule"))
                        }
                    }))
                }
            }
        }
        section class="section section-alt" aria-labelledby="first-title" {
            div class="container-page max-w-3xl" {
                h2 class="section-title" id="first-title" { "First time with us?" }
                p class="section-lead" { "Relax: every class welcomes beginners and our coaches will show you the ropes. Arrive " (policy::FIRST_CLASS_ARRIVE_EARLY_MINUTES) " minutes early for your first class so we can welcome you, show you around and set you up." }
                div class="hero-actions" {
                    a class="btn btn-primary" href=(Page::IntroOffer.path()) { "Start My 14-Day Trial" }
                    a class="btn btn-dark" href=(Page::Faq.path()) { "Read the FAQ" }
                }
            }
        }
    }
}
