//! / : the hero, 'Classes today' (from the timetable's copy), 'What We Offer', the three pillars of the studio and the pricing section.

use maud::{html, Markup};
use onespace_core::catalogue::{challenge, fire_ice};
use onespace_core::studio;

use super::components::photo::{photo_slot, HALF_COLUMN};
use super::components::prices::pricing_body;
use super::components::{card, cta_banner, hero_art, section_head, Art, Icon, Ratio};
use crate::render::RenderContext;
use crate::routes::Page;
use onespace_core::content::Place;
use onespace_core::policy;

/// The page content; 'Classes today' comes from the timetable copy in `context`.
pub fn main(context: &RenderContext) -> Markup {
    html! {
        (hero(&context.content.studio.parking))
        (super::components::classes::home_section(context.timetable.as_deref(), context.now, Page::Timetable.path(), &context.content.schedule))
        (what_we_offer())
        (services(context))
        // On the alternate ground: two white sections in a row doubled the gap after the
        // services, where every other section change is one section's padding and a colour.
        section class="section section-alt" id="pricing" aria-labelledby="pricing-title" {
            div class="container-page" {
                div class="section-head" {
                    p class="eyebrow eyebrow-dark" { "Memberships" }
                    h2 class="section-title" id="pricing-title" { "Pricing" }
                    p class="section-lead" { (policy::no_contract_note()) }
                }
                (pricing_body(&context.content, 3))
            }
        }
        (cta_banner(
            "Ready to feel the difference?",
            "Try every class and Fire & Ice recovery for 14 days. Your trial starts from your first booking.",
            html! {
                a class="btn btn-primary" href=(Page::IntroOffer.path()) { "Start My 14-Day Trial" }
                a class="btn btn-outline-light" href=(Page::Memberships.path()) { "View Memberships" }
            },
        ))
    }
}

fn hero(parking: &str) -> Markup {
    html! {
        section class="home-hero" {
            (hero_art())
            div class="container-page relative" {
                p class="eyebrow" { "Livingston, West Lothian" }
                h1 class="home-title" { "Everything You Need in " span class="text-gradient" { "One Space" } }
                p class="page-lead" { (studio::TAGLINE) }
                div class="hero-actions" {
                    a class="btn btn-primary btn-lg" href=(Page::IntroOffer.path()) { "Start My 14-Day Trial" }
                    a class="btn btn-outline-light btn-lg" href=(Page::Memberships.path()) { "View Memberships" }
                }
                ul class="hero-points" {
                    li { "Infrared hot yoga & pilates" }
                    li { "Group PT & HYROX" }
                    li { "Fire & Ice recovery" }
                    li { (parking) }
                }
            }
        }
    }
}

fn what_we_offer() -> Markup {
    let fire_ice_text = format!(
        "{} in a private recovery room: {} for you, your partner or a friend.",
        fire_ice::DESCRIPTION,
        fire_ice::session_text()
    );
    let challenge_text = format!(
        "{} weeks of coaching, recovery, body scans and a meal plan. {}.",
        challenge::WEEKS,
        challenge::stay_claim()
    );
    html! {
        section class="section section-alt" aria-labelledby="offer-title" {
            div class="container-page" {
                div class="section-head" {
                    p class="eyebrow eyebrow-dark" { "Under one roof" }
                    h2 class="section-title" id="offer-title" { "What We Offer" }
                    p class="section-lead" { "Heat, strength and recovery in one welcoming studio, for every level." }
                }
                div class="card-grid sm:grid-cols-2 lg:grid-cols-4" {
                    (card(Icon::Flame, "Hot Yoga & Warm Pilates", "Clean, dry infrared heat at 32-35 °C with no humidity, so you feel warm, loose and never suffocated.", 3))
                    (card(Icon::Leaf, "Yoga Classes", "Room-temperature yoga to build strength, balance and calm, with options for complete beginners.", 3))
                    (card(Icon::Dumbbell, "Group PT & HYROX", "Coached small-group strength and conditioning, and HYROX training for your first race or your next PB.", 3))
                    (card(Icon::Trophy, "1-2-1 Personal Training", "A coach and a plan built around you, your goals and your week.", 3))
                    (card(Icon::Snowflake, "Fire & Ice Recovery", &fire_ice_text, 3))
                    (card(Icon::Calendar, "6-Week Challenges", &challenge_text, 3))
                    (card(Icon::Chart, "Body Composition Scans", "See what is changing beneath the scales: muscle, fat and water, tracked over time.", 3))
                    (card(Icon::Sparkle, "Coming Soon", "Barre, Tai Chi, ladies-only lifting and kids classes are on their way.", 3))
                }
            }
        }
    }
}

fn services(context: &RenderContext) -> Markup {
    html! {
        section class="section" aria-labelledby="services-title" {
            div class="container-page" {
                (section_head("Our services", "Heat, strength and recovery", Some("Three ways to feel better, all in one space and all on one membership.")))
                div class="grid gap-16" {
                    (service_row(photo_slot(context, Place::HomeHeat, Art::HotYoga, Ratio::Landscape, "Hot Yoga & Warm Pilates at One Space", HALF_COLUMN), "Infrared heat", "Hot Yoga & Warm Pilates",
                        "Our infrared panels warm you, not the air: a dry 32-35 °C that eases you into deeper stretches, with no humidity and no stuffy room. Flow, stretch and strengthen in classes for every level.",
                        Page::OurClasses, "Explore Our Classes", false))
                    (service_row(photo_slot(context, Place::HomeTraining, Art::Hyrox, Ratio::Landscape, "Group PT & HYROX at One Space", HALF_COLUMN), "Coached training", "Group PT & HYROX",
                        "Small groups, expert coaching and programmes that progress week by week. Train for a HYROX race or simply get fitter and stronger than ever.",
                        Page::Hyrox, "Discover HYROX Training", true))
                    (service_row(photo_slot(context, Place::HomeRecovery, Art::FireIce, Ratio::Landscape, "Fire & Ice Recovery at One Space", HALF_COLUMN), "Private recovery", "Fire & Ice Recovery",
                        "A private room with an infrared sauna and an ice bath. Alternate heat and cold to recover faster, sleep better and leave feeling brand new.",
                        Page::FireIce, "Learn About Fire & Ice", false))
                }
            }
        }
    }
}

/// One service beside its picture (`media`, a [`photo_slot`]).
fn service_row(
    media: Markup,
    eyebrow: &str,
    title: &str,
    text: &str,
    page: Page,
    link: &str,
    flip: bool,
) -> Markup {
    html! {
        div class="split" {
            div class={ "split-media" @if flip { " md:order-2" } } {
                (media)
            }
            div class="split-body" {
                p class="eyebrow eyebrow-dark" { (eyebrow) }
                h3 class="split-title" { (title) }
                p class="mt-4 text-lg text-ink-soft" { (text) }
                a class="link-arrow" href=(page.path()) { (link) }
            }
        }
    }
}
