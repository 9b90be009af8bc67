//! /fire-ice: the private recovery room, its eight benefits, the 40-minute session and its price.

use maud::{html, Markup};
use onespace_core::catalogue::fire_ice;
use onespace_core::content::Place;

use super::components::photo::{photo_slot, HALF_COLUMN};
use super::components::{cta_banner, feature_grid, page_hero, Art, Feature, Icon, Ratio};
use crate::render::RenderContext;
use crate::routes::Page;

const BENEFITS: [Feature; 8] = [
    Feature {
        icon: Icon::Dumbbell,
        title: "Faster muscle recovery",
        text: "Heat boosts circulation and cold calms soreness, so you bounce back sooner.",
    },
    Feature {
        icon: Icon::Sun,
        title: "Better sleep",
        text: "A deep warm-then-cool reset helps your body wind down for restful nights.",
    },
    Feature {
        icon: Icon::Brain,
        title: "Calmer mind",
        text: "Cold exposure teaches calm breathing under stress and lifts your mood.",
    },
    Feature {
        icon: Icon::Heart,
        title: "Heart health",
        text: "Regular sauna use gives your circulation a gentle workout.",
    },
    Feature {
        icon: Icon::Shield,
        title: "Immune support",
        text: "Contrast therapy is a favourite of athletes for staying well through hard training.",
    },
    Feature {
        icon: Icon::Sparkle,
        title: "Skin glow",
        text: "Infrared heat draws blood to the skin for a healthy, refreshed look.",
    },
    Feature {
        icon: Icon::Droplet,
        title: "Less inflammation",
        text: "Ice baths help reduce swelling after tough sessions.",
    },
    Feature {
        icon: Icon::Flame,
        title: "More energy",
        text: "Leave feeling awake, light and brand new, whatever your day held.",
    },
];

/// The page content.
pub fn main(context: &RenderContext) -> Markup {
    html! {
        (page_hero("Fire & Ice Recovery", "Your private recovery room", &format!("{} in a private room, just for you. Recover faster, sleep better and feel brand new.", fire_ice::DESCRIPTION), html! {
            a class="btn btn-primary" href=(Page::Contact.path()) { "Contact Us to Book" }
            a class="btn btn-outline-light" href="#pricing" { "See Pricing" }
        }))
        section class="section" aria-labelledby="room-title" {
            div class="container-page split" {
                div class="split-media" { (photo_slot(context, Place::FireIce, Art::FireIce, Ratio::Landscape, "The private Fire & Ice room with infrared sauna and ice bath", HALF_COLUMN)) }
                div class="split-body" {
                    p class="eyebrow eyebrow-dark" { "Heat, then ice" }
                    h2 class="section-title" id="room-title" { "A room of your own" }
                    div class="prose-block" {
                        p { "Warm up in the infrared sauna, then plunge into the ice bath. Repeat at your own pace. The room is private, so you can recover alone, with a partner or with a training buddy." }
                        p { "New to contrast therapy? We will talk you through a simple routine before your first session." }
                    }
                }
            }
        }
        section class="section section-alt" aria-labelledby="benefits-title" {
            div class="container-page" {
                div class="section-head" {
                    p class="eyebrow eyebrow-dark" { "Why it works" }
                    h2 class="section-title" id="benefits-title" { "Benefits of Fire & Ice" }
                }
                (feature_grid(&BENEFITS, 3, "sm:grid-cols-2 lg:grid-cols-4"))
            }
        }
        section class="section" id="pricing" aria-labelledby="session-title" {
            div class="container-page max-w-3xl" {
                div class="price-card price-card-featured text-center items-center" {
                    // The studio's claim, or what follows from the unlimited Fire & Ice plan's
                    // price; without that plan, none is claimed.
                    @if let Some(percent) = context.content.prices.fire_ice_saving_percent() {
                        p class="badge badge-popular" { (fire_ice::saving_text(percent)) " with unlimited" }
                    }
                    h2 class="price-card-name" id="session-title" { (fire_ice::session_text()) }
                    p class="price" { (fire_ice::DROP_IN.format()) span class="price-unit" { " per session" } }
                    p class="price-card-detail" { (fire_ice::DESCRIPTION) ". Up to " (fire_ice::MAX_PER_WEEK) " sessions a week." }
                    p class="price-card-note" { "Fire & Ice sessions are included in our 14-day trial and in many memberships." }
                    div class="hero-actions justify-center" {
                        a class="btn btn-primary" href=(Page::Contact.path()) { "Contact Us to Book" }
                        a class="btn btn-dark" href=(Page::Memberships.path()) { "View Memberships" }
                    }
                }
            }
        }
        (cta_banner("Feel brand new", "Book your private Fire & Ice session today.", html! {
            a class="btn btn-primary" href=(Page::Contact.path()) { "Contact Us to Book" }
        }))
    }
}
