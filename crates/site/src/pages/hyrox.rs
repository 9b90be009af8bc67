//! /hyrox: what a HYROX race is, the beginner programme and simulation events.

use maud::{html, Markup};
use onespace_core::content::Place;

use super::components::photo::{photo_slot, HALF_COLUMN};
use super::components::{
    check_list, cta_banner, feature_grid, page_hero, Art, Feature, Icon, Ratio,
};
use crate::render::RenderContext;
use crate::routes::Page;

const STATIONS: [&str; 8] = [
    "SkiErg",
    "Sled Push",
    "Sled Pull",
    "Burpee Broad Jumps",
    "Rowing",
    "Farmers Carry",
    "Sandbag Lunges",
    "Wall Balls",
];

const FORMATS: [Feature; 3] = [
    Feature {
        icon: Icon::Trophy,
        title: "Solo",
        text: "You against the course: every run and every station.",
    },
    Feature {
        icon: Icon::Users,
        title: "Doubles",
        text: "Run together and share the station work with a partner.",
    },
    Feature {
        icon: Icon::Sparkle,
        title: "Relay",
        text: "A team of 4, each taking two runs and two stations.",
    },
];

/// The page content.
pub fn main(context: &RenderContext) -> Markup {
    html! {
        (page_hero("HYROX in West Lothian", "Train for HYROX at One Space", "The world's fitness race, coached by people who race it. Whether it is your first event or your next PB, we will get you there.", html! {
            a class="btn btn-primary" href=(Page::Timetable.path()) { "View Class Times" }
            a class="btn btn-outline-light" href=(Page::Contact.path()) { "Ask a Coach" }
        }))
        section class="section" aria-labelledby="race-title" {
            div class="container-page split" {
                div class="split-body" {
                    p class="eyebrow eyebrow-dark" { "The race" }
                    h2 class="section-title" id="race-title" { "What is HYROX?" }
                    p class="section-lead" { "HYROX is 8 x 1 km runs, each followed by one of 8 functional workout stations. Everyone does the same course, so you can compare your time with athletes all over the world." }
                    h3 class="mt-8 text-lg font-semibold" { "The 8 stations" }
                    ol class="station-list" {
                        @for station in STATIONS { li { (station) } }
                    }
                }
                div class="split-media" { (photo_slot(context, Place::Hyrox, Art::Hyrox, Ratio::Portrait, "HYROX training with sleds and wall balls", HALF_COLUMN)) }
            }
        }
        section class="section section-alt" aria-labelledby="formats-title" {
            div class="container-page" {
                div class="section-head" {
                    p class="eyebrow eyebrow-dark" { "Race your way" }
                    h2 class="section-title" id="formats-title" { "Solo, doubles or relay of 4" }
                }
                (feature_grid(&FORMATS, 3, "md:grid-cols-3"))
            }
        }
        section class="section" aria-labelledby="programme-title" {
            div class="container-page grid grid-cols-1 gap-10 md:grid-cols-2" {
                div class="card" {
                    h2 class="card-title text-2xl" id="programme-title" { "Beginner programme" }
                    p class="card-text" { "Never raced before? Our beginner programme builds your engine and teaches every station step by step." }
                    (check_list(["Technique sessions for all 8 stations", "Running and conditioning that progress weekly", "Pacing and race-day strategy", "Small groups with a coach who races"]))
                }
                div class="card" {
                    h2 class="card-title text-2xl" { "Simulation events" }
                    p class="card-text" { "Test yourself before race day. Our HYROX simulations recreate the full course in the studio, with timing, judges and plenty of noise." }
                    (check_list(["Full and half race simulations", "Practise transitions and pacing", "Race-day nerves, sorted", "Open to members and guests"]))
                }
            }
        }
        (cta_banner("Ready to race?", "Join a HYROX class or talk to a coach about your goals.", html! {
            a class="btn btn-primary" href=(Page::Timetable.path()) { "View Class Times" }
            a class="btn btn-outline-light" href=(Page::Contact.path()) { "Contact Us" }
        }))
    }
}
