//! /timetable: 'Book Your Classes', what to expect, the booking policy, this week's classes from
//! the stored copy of the provider's schedule (server-rendered, so readable without JavaScript and
//! by search engines, with each class as a schema.org Event) and the provider's widget for
//! booking and the visitor's account. Until a live copy exists the studio's typical week stands
//! in, labelled as such. The page links to the provider's schedule page once: from the week's
//! box when it has no live classes to book, else from the widget's box.

use maud::{html, Markup};
use onespace_core::policy;

use super::components::classes;
use super::components::{icon, page_hero, Icon};
use crate::render::RenderContext;
use crate::routes::Page;
use crate::widgets;
use onespace_core::timetable::SHOWN_DAYS;

/// The page content: the week's classes as of `context.now`, and the schedule widget loading
/// `context.schedule_widget`.
pub fn main(context: &RenderContext) -> Markup {
    let schedule = &context.content.schedule;
    let week = classes::week(
        context.timetable.as_deref(),
        context.now,
        SHOWN_DAYS,
        schedule,
    );
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
                h2 class="section-title mt-12" id="schedule-title" { (week.title) }
                div id="schedule" class="class-week" { (week.body) }
                h2 class="section-title mt-12" id="account-title" { "Manage your bookings" }
                div id="account" class="schedule-shell" {
                    (widgets::schedule::widget(&context.schedule_widget, &context.content.schedule, !week.links_schedule))
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
