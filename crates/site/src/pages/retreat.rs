//! /yoga-retreat: the day retreat at a sculpture park: when, where, how long, the price, the
//! day's timetable, the venue, what is included and booking on the provider's page.
//!
//! The date, venue, prices and hours are content (`offers.toml`). SPEC gives no date: without one
//! (or once it has passed, UK time) the page says the next date is announced on the booking
//! page, where the visitor books, rather than show a day that is over.

use maud::{html, Markup};
use onespace_core::calendar::london_date;
use onespace_core::content::offers::Retreat;
use onespace_core::content::studio::ClockTime;
use onespace_core::content::{BookingPage, File, Place};

use super::components::photo::{photo_slot, HALF_COLUMN};
use super::components::{check_list, cta_banner, external, icon, page_hero, Art, Icon, Ratio};
use crate::render::{marks, RenderContext};

/// The day's timetable, shown in the site's one time format (`10:30 AM`).
const DAY: [(ClockTime, &str); 6] = [
    (at(10, 0), "Arrive, tea and welcome circle"),
    (at(10, 30), "Morning vinyasa flow"),
    (at(12, 30), "Nourishing lunch"),
    (at(13, 30), "Guided mindful walk through the sculpture park"),
    (at(15, 0), "Slow yin and breathwork"),
    (at(16, 30), "Sound bath and closing circle"),
];

const fn at(hour: u8, minute: u8) -> ClockTime {
    ClockTime { hour, minute }
}

/// The meta description, with the day's hours.
pub fn description(retreat: &Retreat) -> String {
    format!(
        "A One Space yoga day retreat at a sculpture park: yoga, lunch and time to reset, {}.",
        retreat.hours()
    )
}

/// The page content.
pub fn main(context: &RenderContext) -> Markup {
    let book = context.content.schedule.url(BookingPage::Retreat);
    let retreat = &context.content.offers.retreat;
    let today = london_date(context.now);
    let date = retreat
        .date
        .filter(|date| date.naive().is_some_and(|day| day >= today))
        .map_or_else(
            || "Next date on our booking page".to_owned(),
            |date| date.long(),
        );
    html! {
        (page_hero("Yoga day retreat", "A Day to Reset", "Yoga, good food and art in the open air: a One Space day retreat at a sculpture park.", html! {
            (external(&book, "btn btn-primary", "Book Your Place"))
        }))
        section class="section" aria-labelledby="details-title" {
            div class="container-page" {
                h2 class="sr-only" id="details-title" { "Retreat details" }
                dl class="stat-grid" {
                    div class="stat" { dt { (icon(Icon::Calendar)) "Date" } dd class="stat-small" { (date) } }
                    div class="stat" { dt { (icon(Icon::MapPin)) "Place" } dd class="stat-small" data-field=[marks::field(File::Offers.name(), "retreat.venue")] { (retreat.venue) } }
                    div class="stat" { dt { (icon(Icon::Clock)) "Duration" } dd class="stat-small" { (retreat.hours()) } }
                    div class="stat" { dt { (icon(Icon::Star)) "Price" } dd data-field=[marks::field(File::Offers.name(), "retreat.price")] { (retreat.price.format()) } dd class="stat-note" { (retreat.member_price().format()) " for members" } }
                }
                p class="mt-4 text-ink-soft" { "Members: use your member code at checkout to save " (retreat.member_saving.format()) "." }
            }
        }
        section class="section section-alt" aria-labelledby="day-title" {
            div class="container-page split" {
                div class="split-body" {
                    h2 class="section-title" id="day-title" { "The day" }
                    ol class="timeline" {
                        @for (time, what) in DAY {
                            li { span class="timeline-time" { (time.display()) } span { (what) } }
                        }
                    }
                    p class="mt-4 text-ink-soft" { "We finish at " (retreat.ends.display()) "." }
                }
                div class="split-media" { (photo_slot(context, Place::Retreat, Art::Retreat, Ratio::Portrait, "Yoga on the lawn at the sculpture park", HALF_COLUMN)) }
            }
        }
        section class="section" aria-labelledby="venue-title" {
            div class="container-page grid grid-cols-1 gap-10 md:grid-cols-2" {
                div {
                    h2 class="section-title" id="venue-title" { "The venue" }
                    p class="section-lead" { "Open parkland, woodland paths and large-scale sculpture: a calm, inspiring setting to slow down. If the weather turns, we practise indoors in the park's studio space." }
                }
                div {
                    h2 class="section-title" { "What's included" }
                    (check_list(["Two yoga sessions for all levels", "A guided mindful walk", "Breathwork and a sound bath", "A nourishing lunch, tea and snacks", "Mats and props provided", "Entry to the sculpture park"]))
                }
            }
        }
        (cta_banner("Save your place", &format!("{} or {} for members. Places are limited.", retreat.price.format(), retreat.member_price().format()), html! {
            (external(&book, "btn btn-primary", "Book Your Place"))
        }))
    }
}
