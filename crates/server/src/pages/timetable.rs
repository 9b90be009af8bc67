//! /timetable: 'Book Your Classes', what to expect, the booking policy and the provider's
//! schedule widget. The widget is an island loaded when visible; without JavaScript its fallback
//! links straight to the provider's schedule page in a new tab.

use maud::{html, Markup};
use onespace_core::policy;

use super::components::{icon, page_hero, Icon};
use crate::routes::Page;
use crate::widgets;

/// The page content, with the schedule widget loading `schedule_script_url`.
pub fn main(schedule_script_url: &str) -> Markup {
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
                    (widgets::schedule::widget(schedule_script_url))
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
