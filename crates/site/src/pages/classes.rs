//! /our-classes: the six class cards and the external 14-day trial purchase.

use maud::{html, Markup};
use onespace_core::catalogue::{fire_ice, trial};
use onespace_core::content::{BookingPage, Place};

use super::components::photo::{photo_slot, CARD_COLUMN};
use super::components::{cta_banner, external, icon, page_hero, Art, Icon, Ratio};
use crate::render::RenderContext;
use crate::routes::Page;

struct Class {
    name: &'static str,
    /// The card's id: a link can lead to it (`/our-classes#hyrox-training`).
    id: &'static str,
    /// Where `photos.toml` may give the card a photo.
    place: Place,
    tag: String,
    text: &'static str,
    art: Art,
}

fn classes() -> [Class; 6] {
    [
        Class { name: "Hot Yoga", id: "hot-yoga", place: Place::ClassesHotYoga, tag: "32-35 °C infrared heat".to_owned(), text: "Flowing yoga in clean, dry infrared heat with no humidity. The warmth helps you move deeper and leave calmer.", art: Art::HotYoga },
        Class { name: "Yoga", id: "yoga", place: Place::ClassesYoga, tag: "Room temperature".to_owned(), text: "Classic flows, slow stretch and yin at room temperature: ideal for beginners and rest days.", art: Art::Yoga },
        Class { name: "Pilates", id: "pilates", place: Place::ClassesPilates, tag: "Warm studio".to_owned(), text: "Core strength, posture and control in a gently warmed room, with options for every level.", art: Art::Pilates },
        Class { name: "HYROX Training", id: "hyrox-training", place: Place::ClassesHyrox, tag: "Run + stations".to_owned(), text: "Race-specific conditioning: running, sled work, rowing, wall balls and more, coached in small groups.", art: Art::Hyrox },
        Class { name: "Functional Training", id: "functional-training", place: Place::ClassesFunctional, tag: "Group PT".to_owned(), text: "Strength and conditioning built on real-life movement, progressed week by week by expert coaches.", art: Art::Functional },
        Class { name: "Fire & Ice Recovery", id: "fire-ice-recovery", place: Place::ClassesFireIce, tag: format!("{} minutes, private", fire_ice::MINUTES), text: "A private infrared sauna plus ice bath to recover faster, sleep better and reset your mind.", art: Art::FireIce },
    ]
}

/// The service page each class card leads to (its own page: what it is, the intro offer).
/// Functional training is coached as group PT, so it leads to /group-pt.
fn service_page(place: Place) -> Option<Page> {
    Some(match place {
        Place::ClassesHotYoga => Page::HotYoga,
        Place::ClassesYoga => Page::YogaBeginners,
        Place::ClassesPilates => Page::Pilates,
        Place::ClassesHyrox => Page::HyroxTraining,
        Place::ClassesFunctional => Page::GroupPt,
        Place::ClassesFireIce => Page::FireIceRecovery,
        _ => return None,
    })
}

/// The page content.
pub fn main(context: &RenderContext) -> Markup {
    let content = &context.content;
    let prices = &content.prices;
    let trial = content.schedule.url(BookingPage::Trial);
    html! {
        (page_hero("Our Classes", "Find the class that moves you", "Six ways to train, stretch and recover, all on one membership and all welcoming to beginners.", html! {
            (external(&trial, "btn btn-primary", "Start Your 14-Day Trial"))
            a class="btn btn-outline-light" href=(Page::Timetable.path()) { "See the Timetable" }
        }))
        section class="section" aria-labelledby="classes-title" {
            div class="container-page" {
                h2 class="sr-only" id="classes-title" { "Classes" }
                div class="card-grid md:grid-cols-2 lg:grid-cols-3" {
                    @for class in classes() {
                        article class="card class-card" id=(class.id) {
                            (photo_slot(context, class.place, class.art, Ratio::Landscape, &format!("{} class at One Space", class.name), CARD_COLUMN))
                            div class="class-card-body" {
                                p class="badge badge-soft" { (class.tag) }
                                @if let Some(page) = service_page(class.place) {
                                    // The title's link covers the whole card (`.card-link`).
                                    h3 class="card-title" { a class="card-link" href=(page.path()) { (class.name) } }
                                    p class="card-text" { (class.text) }
                                    p class="card-more" aria-hidden="true" { "Find out more " (icon(Icon::Arrow)) }
                                } @else {
                                    h3 class="card-title" { (class.name) }
                                    p class="card-text" { (class.text) }
                                }
                            }
                        }
                    }
                }
            }
        }
        (cta_banner(
            &format!("Try every class for {} days", trial::DAYS),
            &format!("The {} is {}: every class type plus Fire & Ice recovery. {}", trial::NAME, prices.trial.price_story(), trial::STARTS),
            html! {
                a class="btn btn-primary" href=(trial) target="_blank" rel="noopener noreferrer" { (icon(Icon::Arrow)) "Buy the 14-Day Trial" }
            },
        ))
    }
}
