//! /our-classes: the six class cards and the external 14-day trial purchase. Each card sells its
//! class: what it is, its facts from the content (`schedule.toml`'s `[[classes]]`: length,
//! heat, level, who it suits, what to bring), its next sessions from the timetable with 'Book'
//! links, and a link that keeps the visitor on pages with the site's navigation: the timetable
//! showing only that class, or for a class booked privately its own page in the menu.

use maud::{html, Markup};
use onespace_core::catalogue::{classes::IDS, classes::NEXT_SESSIONS, fire_ice, trial};
use onespace_core::content::{BookingPage, ClassFacts, File, Place};
use onespace_core::timetable::{type_key, Filter};

use super::components::classes::{book_class_button, next_sessions};
use super::components::photo::{photo_slot, CLASS_CARD};
use super::components::{check_list, cta_banner, external, icon, page_hero, Art, Icon, Ratio};
use crate::render::{marks, RenderContext};
use crate::routes::Page;

/// One card; its id (`/our-classes#hyrox-training`) is the catalogue's, in the same order
/// ([`IDS`]).
struct Class {
    name: &'static str,
    /// Where `photos.toml` may give the card a photo.
    place: Place,
    tag: String,
    text: &'static str,
    art: Art,
}

fn classes() -> impl Iterator<Item = (&'static str, Class)> {
    IDS.into_iter().zip(cards())
}

fn cards() -> [Class; 6] {
    [
        Class { name: "Hot Yoga", place: Place::ClassesHotYoga, tag: "32-35 °C infrared heat".to_owned(), text: "Flowing yoga in clean, dry infrared heat with no humidity. The warmth helps you move deeper and leave calmer.", art: Art::HotYoga },
        Class { name: "Yoga", place: Place::ClassesYoga, tag: "Room temperature".to_owned(), text: "Classic flows, slow stretch and yin at room temperature: ideal for beginners and rest days.", art: Art::Yoga },
        Class { name: "Pilates", place: Place::ClassesPilates, tag: "Warm studio".to_owned(), text: "Core strength, posture and control in a gently warmed room, with options for every level.", art: Art::Pilates },
        Class { name: "HYROX Training", place: Place::ClassesHyrox, tag: "Run + stations".to_owned(), text: "Race-specific conditioning: running, sled work, rowing, wall balls and more, coached in small groups.", art: Art::Hyrox },
        Class { name: "Functional Training", place: Place::ClassesFunctional, tag: "Group PT".to_owned(), text: "Strength and conditioning built on real-life movement, progressed week by week by expert coaches.", art: Art::Functional },
        Class { name: "Fire & Ice Recovery", place: Place::ClassesFireIce, tag: format!("{} minutes, private", fire_ice::MINUTES), text: "A private infrared sauna plus ice bath to recover faster, sleep better and reset your mind.", art: Art::FireIce },
    ]
}

/// Where a class booked privately (no timetable type) sends a visitor for more: its own page in
/// the site's menu, never an advert's landing page without navigation.
fn more_page(place: Place) -> Option<Page> {
    (place == Place::ClassesFireIce).then_some(Page::FireIce)
}

/// How a class booked privately is booked, where a timetabled class lists its next sessions: the
/// same facts /fire-ice prices it by.
fn private_booking() -> Markup {
    html! {
        h4 class="class-next-title" { "How to book" }
        (check_list([
            "Private sessions by appointment: contact us for a time".to_owned(),
            format!("{} a session, up to {} a week", fire_ice::DROP_IN.format(), fire_ice::MAX_PER_WEEK),
            format!("Included in our {}-day trial and in many memberships", trial::DAYS),
        ]))
    }
}

/// The card's facts, as a list of terms, each marked with its field for the staff area's
/// preview (`render::marks`).
fn facts_list(facts: &ClassFacts) -> Markup {
    let mark = |field: &str| marks::field(File::Schedule.name(), &format!("{}.{field}", facts.id));
    html! {
        dl class="class-facts" {
            div { dt { "Duration" } dd data-field=[mark("duration")] { (facts.duration) } }
            div { dt { "Heat" } dd data-field=[mark("heat")] { (facts.heat) } }
            div { dt { "Level" } dd data-field=[mark("level")] { (facts.level) } }
            div class="class-fact-wide" { dt { "Who it suits" } dd data-field=[mark("suits")] { (facts.suits) } }
            div class="class-fact-wide" { dt { "What to bring" } dd data-field=[mark("bring")] { (facts.bring) } }
        }
    }
}

/// One class's card.
fn card(context: &RenderContext, id: &str, class: &Class) -> Markup {
    let schedule = &context.content.schedule;
    let facts = schedule.class_facts(id);
    let kinds = facts.map_or(&[][..], |facts| &facts.timetable_types[..]);
    let sessions = next_sessions(
        context.timetable.as_deref(),
        context.now,
        schedule,
        kinds,
        NEXT_SESSIONS,
    );
    // A class with no sessions to list that is booked privately says how instead.
    let booked_privately = sessions.is_none() && more_page(class.place).is_some();
    let title_id = format!("{id}-title");
    html! {
        article class="card class-card" id=(id) aria-labelledby=(title_id) {
            (photo_slot(context, class.place, class.art, Ratio::Landscape, &format!("{} class at One Space", class.name), CLASS_CARD))
            div class="class-card-body" {
                p class="badge badge-soft" { (class.tag) }
                h3 class="card-title" id=(title_id) { (class.name) }
                p class="card-text" { (class.text) }
                @if let Some(facts) = facts { (facts_list(facts)) }
                @if let Some(sessions) = &sessions {
                    h4 class="class-next-title" {
                        @if sessions.typical { "Typical times" } @else { "Next sessions" }
                    }
                    @if sessions.typical {
                        p class="class-next-note" { "From our typical week: times can change, so check the live schedule when you book." }
                    }
                    (sessions.list)
                } @else if booked_privately {
                    (private_booking())
                }
                div class="class-card-actions" {
                    @if let Some(first) = kinds.first() {
                        @let filter = Filter { kind: Some(type_key(first)), day: None };
                        a class="btn btn-dark" href=(format!("{}{}", Page::Timetable.path(), filter.to_query())) { "All " (class.name) " times" }
                    } @else if let Some(page) = more_page(class.place) {
                        a class="btn btn-dark" href=(page.path()) aria-label=(format!("Find out more about {}", class.name)) { "Find out more " (icon(Icon::Arrow)) }
                    }
                    @if sessions.as_ref().is_some_and(|sessions| sessions.typical) {
                        (book_class_button(schedule, class.name))
                    } @else if booked_privately {
                        a class="btn btn-primary" href=(Page::Contact.path()) aria-label=(format!("Contact us to book {}", class.name)) { "Contact Us to Book" }
                    }
                }
            }
        }
    }
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
                div class="card-grid class-grid lg:grid-cols-2" {
                    @for (id, class) in classes() { (card(context, id, &class)) }
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
