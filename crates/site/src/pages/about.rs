//! /about: the story, why choose us, special features, the mental health mission, community and
//! how to find the studio, with drive times from the core.

use maud::{html, Markup};
use onespace_core::content::Place;

use super::components::photo::{photo_slot, FOUNDER_SIZES, HALF_COLUMN};
use super::components::{
    check_list, cta_banner, feature_grid, page_hero, section_head, Art, Feature, Icon, Ratio,
};
use crate::render::RenderContext;
use crate::routes::Page;

const WHY: [Feature; 4] = [
    Feature { icon: Icon::Flame, title: "Infrared heat, done right", text: "Clean, dry infrared heat warms your body rather than the air, so classes feel deeply warming without the humidity." },
    Feature { icon: Icon::Users, title: "Small, welcoming classes", text: "Coaches who know your name, classes for every level and a community that cheers you on." },
    Feature { icon: Icon::Snowflake, title: "Recovery built in", text: "Our private Fire & Ice room pairs an infrared sauna with an ice bath, so recovery is part of the plan." },
    Feature { icon: Icon::Heart, title: "No contracts", text: "Rolling monthly memberships and pay-as-you-go session packs, with no tie-in." },
];

/// The page content.
pub fn main(context: &RenderContext) -> Markup {
    let studio = &context.content.studio;
    html! {
        (page_hero("About One Space", "Strength, heat and recovery under one roof", "One Space is an independent studio in Livingston, built so that everything you need to feel your best is in one welcoming place.", html! {
            a class="btn btn-primary" href=(Page::IntroOffer.path()) { "Start My 14-Day Trial" }
            a class="btn btn-outline-light" href=(Page::Contact.path()) { "Visit Our Studio" }
        }))
        section class="section" aria-labelledby="story-title" {
            div class="container-page split" {
                div class="split-body" {
                    p class="eyebrow eyebrow-dark" { "Our story" }
                    h2 class="section-title" id="story-title" { "Why we built One Space" }
                    div class="prose-block" {
                        p { "We were tired of choosing: a gym for strength, a yoga studio across town, and recovery that meant a spa day once a year. So we built one space for all of it, here in West Lothian." }
                        p { "Today our members flow through hot yoga and warm pilates in infrared heat, train together in coached group PT and HYROX sessions, and recover in our private Fire & Ice room, often all in the same week." }
                        p { "We are a local, independent studio. Every class, coach and detail is chosen to help you feel stronger, calmer and more at home in your body." }
                    }
                }
                div class="split-media" { (photo_slot(context, Place::AboutStudio, Art::Studio, Ratio::Portrait, "The One Space studio in Livingston", HALF_COLUMN)) }
            }
        }
        @if let Some((index, founder)) = context.content.team.coaches.iter().enumerate().find(|(_, coach)| coach.founder) {
            section class="section section-alt" aria-labelledby="founder-title" {
                div class="container-page founder" {
                    div class="founder-portrait team-portrait" { (super::team::portrait(founder, index, &context.images, FOUNDER_SIZES)) }
                    div class="founder-body" {
                        p class="eyebrow eyebrow-dark" { "Meet the founder" }
                        h2 class="section-title" id="founder-title" data-field=[super::team::coach_mark(founder, "name")] { (founder.name) }
                        p class="team-role" data-field=[super::team::coach_mark(founder, "role")] { (founder.role) }
                        p class="mt-4 text-lg text-ink-soft" data-field=[super::team::coach_mark(founder, "bio")] { (founder.bio) }
                        a class="btn btn-dark mt-6" href=(format!("{}#{}", Page::MeetTheTeam.path(), founder.id)) { "Meet the team" }
                    }
                }
            }
        }
        section class="section" aria-labelledby="why-title" {
            div class="container-page" {
                div class="section-head" {
                    p class="eyebrow eyebrow-dark" { "The One Space difference" }
                    h2 class="section-title" id="why-title" { "Why Choose Us" }
                }
                (feature_grid(&WHY, 3, "sm:grid-cols-2 lg:grid-cols-4"))
            }
        }
        section class="section section-alt" aria-labelledby="features-title" {
            div class="container-page split" {
                div class="split-media" { (photo_slot(context, Place::AboutRecovery, Art::FireIce, Ratio::Landscape, "Infrared studio and Fire & Ice recovery room", HALF_COLUMN)) }
                div class="split-body" {
                    p class="eyebrow eyebrow-dark" { "Inside the studio" }
                    h2 class="section-title" id="features-title" { "Special Features" }
                    (check_list([
                        "Infrared heating panels for hot yoga and warm pilates",
                        "Private Fire & Ice recovery room: infrared sauna plus ice bath",
                        "Functional training space with HYROX equipment",
                        "Body composition scanner to track your progress",
                        "Changing facilities, filtered water and towels to hand",
                        studio.parking.as_str(),
                    ]))
                }
            }
        }
        section class="section section-dark" aria-labelledby="mission-title" {
            div class="container-page grid grid-cols-1 gap-10 md:grid-cols-2" {
                div {
                    p class="eyebrow" { "Our mission" }
                    h2 class="section-title" id="mission-title" { "Mental health matters here" }
                    p class="mt-5 text-lg text-white/85" { "Movement, heat and cold are powerful tools for a calmer mind. We design every class to leave you feeling lighter, and we keep our doors open to anyone who needs a place to breathe, reset and feel part of something." }
                }
                div {
                    h3 class="text-xl font-semibold" { "Community first" }
                    p class="mt-3 text-white/85" { "From member socials and charity classes to race days with our HYROX crew, One Space is a community as much as a studio. Come for the classes; stay for the people." }
                    h3 class="mt-8 text-xl font-semibold" { "Every body welcome" }
                    p class="mt-3 text-white/85" { "All levels, all ages, all shapes. Our coaches offer options in every class, so you can work at the pace that is right for you today." }
                }
            }
        }
        section class="section" aria-labelledby="location-title" {
            div class="container-page" {
                (section_head("location-title", "Find us", "Minutes from wherever you are", Some("Our Livingston studio is easy to reach from across West Lothian and Edinburgh, with free parking on site.")))
                div class="grid grid-cols-1 gap-8 md:grid-cols-[2fr_3fr]" {
                    div class="card" {
                        h3 class="card-title" { "Address" }
                        address class="mt-2 not-italic" { (studio.address_line()) }
                        p class="mt-2" { (studio.parking) }
                    }
                    div class="card" {
                        h3 class="card-title" { "Drive times" }
                        ul class="drive-times" {
                            @for drive in &studio.drive_times {
                                li {
                                    span { (drive.from) }
                                    span class="drive-minutes" { (drive.minutes) " min" @if let Some(via) = &drive.via { " via " (via) } }
                                }
                            }
                        }
                    }
                }
            }
        }
        (cta_banner("Come and see for yourself", "Book your trial or drop in to say hello. We would love to show you around.", html! {
            a class="btn btn-primary" href=(Page::IntroOffer.path()) { "Start My 14-Day Trial" }
            a class="btn btn-outline-light" href=(Page::Contact.path()) { "Visit Our Studio" }
        }))
    }
}
