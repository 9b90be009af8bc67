//! / : the hero, 'Classes today' (from the timetable's copy), 'What We Offer', the three pillars of
//! the studio, three members' words and the pricing section.
//!
//! Written to be read to its end on a phone: 'What We Offer' names each offer in a line (the three
//! pillars are described once, in their own section below it), and the pricing section shows the
//! trial and the four monthly plans with a link to every other price on /memberships.

use maud::{html, Markup};
use onespace_core::catalogue::{challenge, fire_ice};
use onespace_core::studio;

use super::components::photo::{photo_slot, HALF_COLUMN};
use super::components::prices::pricing_summary;
use super::components::{hero_art, icon, section_head, testimonials, Art, Icon, Ratio};
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
        section class="section section-alt quotes-compact" aria-labelledby="members-title" {
            div class="container-page" {
                (section_head("members-title", "Member stories", "What our members say", None))
                // On a phone the quotes sit side by side and scroll sideways (the next one peeks
                // in), so they take one card's height of the page instead of three; the row is
                // a named, focusable region so a keyboard can scroll it too.
                div class="quote-row" role="region" aria-label="Member stories" tabindex="0" {
                    (testimonials(&context.content.testimonials.on(Page::Home.path())))
                }
            }
        }
        section class="section" id="pricing" aria-labelledby="pricing-title" {
            div class="container-page" {
                div class="section-head" {
                    p class="eyebrow eyebrow-dark" { "Memberships" }
                    h2 class="section-title" id="pricing-title" { "Pricing" }
                    p class="section-lead" { (policy::no_contract_note()) }
                }
                (pricing_summary(&context.content, 3))
            }
        }
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

/// One offer of 'What We Offer': its icon, name, a line of facts and the page that tells more.
struct Offer {
    motif: Icon,
    name: &'static str,
    facts: String,
    page: Option<Page>,
}

/// The eight offers (SPEC), each in a line: the three pillars are described in their own section.
fn offers() -> [Offer; 7] {
    [
        Offer {
            motif: Icon::Flame,
            name: "Hot Yoga & Warm Pilates",
            facts: "Dry infrared heat, 32-35 °C".to_owned(),
            page: Some(Page::OurClasses),
        },
        Offer {
            motif: Icon::Leaf,
            name: "Yoga Classes",
            facts: "Room temperature, beginners welcome".to_owned(),
            page: Some(Page::OurClasses),
        },
        Offer {
            motif: Icon::Dumbbell,
            name: "Group PT & HYROX",
            facts: "Small groups, race-ready coaching".to_owned(),
            page: Some(Page::Hyrox),
        },
        Offer {
            motif: Icon::Trophy,
            name: "1-2-1 Personal Training",
            facts: "A coach and a plan built around you".to_owned(),
            page: Some(Page::MeetTheTeam),
        },
        Offer {
            motif: Icon::Snowflake,
            name: "Fire & Ice Recovery",
            facts: format!("Private sauna and ice bath, {} minutes", fire_ice::MINUTES),
            page: Some(Page::FireIce),
        },
        Offer {
            motif: Icon::Calendar,
            name: "6-Week Challenges",
            facts: challenge::stay_claim(),
            page: Some(Page::Challenge),
        },
        Offer {
            motif: Icon::Chart,
            name: "Body Composition Scans",
            facts: "Muscle, fat and water, tracked over time".to_owned(),
            page: None,
        },
    ]
}

fn what_we_offer() -> Markup {
    html! {
        section class="section section-alt" aria-labelledby="offer-title" {
            div class="container-page" {
                div class="section-head" {
                    p class="eyebrow eyebrow-dark" { "Under one roof" }
                    h2 class="section-title" id="offer-title" { "What We Offer" }
                    p class="section-lead" { "Heat, strength and recovery in one welcoming studio, for every level." }
                }
                ul class="offer-grid" {
                    @for offer in offers() {
                        li class="offer-tile" {
                            span class="offer-tile-icon" { (icon(offer.motif)) }
                            div {
                                h3 class="offer-tile-name" {
                                    @if let Some(page) = offer.page {
                                        a class="card-link" href=(page.path()) { (offer.name) }
                                    } @else {
                                        (offer.name)
                                    }
                                }
                                p class="offer-tile-facts" { (offer.facts) }
                            }
                        }
                    }
                    li class="offer-tile offer-tile-soon" {
                        span class="offer-tile-icon" { (icon(Icon::Sparkle)) }
                        p { strong { "Coming Soon: " } "Barre, Tai Chi, ladies-only lifting and kids classes." }
                    }
                }
            }
        }
    }
}

fn services(context: &RenderContext) -> Markup {
    html! {
        section class="section" aria-labelledby="services-title" {
            div class="container-page" {
                (section_head("services-title", "Our services", "Heat, strength and recovery", Some("Three ways to feel better, all in one space and all on one membership.")))
                div class="grid gap-8 md:gap-16" {
                    (service_row(photo_slot(context, Place::HomeHeat, Art::HotYoga, Ratio::Wide, "Hot Yoga & Warm Pilates at One Space", HALF_COLUMN), "Infrared heat", "Hot Yoga & Warm Pilates",
                        "Our infrared panels warm you, not the air: a dry 32-35 °C that eases you into deeper stretches, with no humidity and no stuffy room. Flow, stretch and strengthen in classes for every level.",
                        Page::OurClasses, "Explore Our Classes", false))
                    (service_row(photo_slot(context, Place::HomeTraining, Art::Hyrox, Ratio::Wide, "Group PT & HYROX at One Space", HALF_COLUMN), "Coached training", "Group PT & HYROX",
                        "Small groups, expert coaching and programmes that progress week by week. Train for a HYROX race or simply get fitter and stronger than ever.",
                        Page::Hyrox, "Discover HYROX Training", true))
                    (service_row(photo_slot(context, Place::HomeRecovery, Art::FireIce, Ratio::Wide, "Fire & Ice Recovery at One Space", HALF_COLUMN), "Private recovery", "Fire & Ice Recovery",
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
        div class="split service-row" {
            div class={ "split-media" @if flip { " md:order-2" } } {
                (media)
            }
            div class="split-body" {
                p class="eyebrow eyebrow-dark" { (eyebrow) }
                h3 class="split-title" { (title) }
                p class="split-text" { (text) }
                a class="link-arrow" href=(page.path()) { (link) }
            }
        }
    }
}
