//! /intro-offer: the 14-day trial with its 10-minute £10-off countdown, what is included, the
//! Fire & Ice inclusion, the money-back guarantee and two purchase links.

use maud::{html, Markup};
use onespace_core::catalogue::{fire_ice, trial};
use onespace_core::content::BookingPage;
use onespace_core::content::Place;
use onespace_core::content::Prices;

use super::components::photo::{photo_slot, HALF_COLUMN};
use super::components::{check_list, external, hero_art, icon, Art, Icon, Ratio};
use crate::render::RenderContext;
use crate::routes::Page;
use crate::widgets;

/// Words before the running countdown: `£10 off ends in`.
fn countdown_label(prices: &Prices) -> String {
    format!("{} off ends in", prices.trial.intro_discount.format())
}

/// The intro-offer countdown island (also used above the service pages' heroes): its first
/// state (a fresh 10:00 window) is rendered on the server, so the island takes over without the
/// layout moving.
pub fn countdown_island(prices: &Prices) -> Markup {
    widgets::countdown::intro(&countdown_label(prices))
}

/// The page content.
pub fn main(context: &RenderContext) -> Markup {
    let content = &context.content;
    let prices = &content.prices;
    let intro_offer = content.schedule.url(BookingPage::IntroOffer);
    html! {
        section class="page-hero" {
            (hero_art())
            div class="container-page relative" {
                p class="eyebrow" { "14-Day Intro Offer" }
                h1 class="page-title" { "Start Your 14-Day Trial Today" }
                p class="page-lead" { "Unlimited access to hot yoga, warm pilates, group PT, HYROX training and Fire & Ice recovery for 14 days." }
                (countdown_island(prices))
                div class="hero-actions" {
                    (external(&intro_offer, "btn btn-primary btn-lg", &format!("Claim My Trial for {}", prices.trial.intro_price().format())))
                    a class="btn btn-outline-light" href=(Page::Memberships.path()) { "View Memberships" }
                }
            }
        }
        section class="section" aria-labelledby="trial-title" {
            div class="container-page grid items-start gap-10 lg:grid-cols-[3fr_2fr]" {
                div {
                    p class="eyebrow eyebrow-dark" { "The trial offer" }
                    h2 class="section-title" id="trial-title" { "The " (trial::NAME) }
                    p class="section-lead" { "Fourteen days to try everything One Space offers, at your own pace. " (trial::STARTS) }
                    h3 class="mt-10 text-xl font-semibold" { "What's included" }
                    (check_list([
                        "Unlimited hot yoga and warm pilates in infrared heat",
                        "Yoga, group PT, functional training and HYROX classes",
                        "A body composition scan at the start and the end",
                        "A friendly welcome and a studio tour on your first visit",
                        "Support from our coaches to find the right classes for you",
                    ]))
                    div class="fire-ice-inclusion" {
                        span class="feature-icon" { (icon(Icon::Snowflake)) }
                        div {
                            h3 class="text-xl font-semibold" { "Fire & Ice recovery included" }
                            p class="mt-2 text-ink-soft" { "Your trial includes our private recovery room: " (fire_ice::DESCRIPTION) ", " (fire_ice::session_text()) "." }
                        }
                    }
                }
                aside class="price-card price-card-featured" aria-labelledby="offer-price-title" {
                    p class="badge badge-popular" { (prices.trial.intro_discount.format()) " off today" }
                    h3 class="price-card-name" id="offer-price-title" { (trial::DAYS) "-day trial" }
                    p class="price" { (prices.trial.intro_price().format()) " " s class="price-was" { span class="sr-only" { "usually " } (prices.trial.price.format()) } }
                    p class="price-card-detail" { "While the countdown runs; the regular " (prices.trial.price.format()) " applies after." }
                    (external(&intro_offer, "btn btn-primary w-full mt-6", &format!("Buy Now for {}", prices.trial.intro_price().format())))
                }
            }
        }
        section class="section section-alt" aria-labelledby="guarantee-title" {
            div class="container-page split" {
                div class="split-media" { (photo_slot(context, Place::IntroOffer, Art::Calm, Ratio::Landscape, "A member relaxing after class", HALF_COLUMN)) }
                div class="split-body" {
                    p class="eyebrow eyebrow-dark" { "Zero risk" }
                    h2 class="section-title" id="guarantee-title" { "Our money-back guarantee" }
                    p class="section-lead" { (trial::GUARANTEE) }
                    p class="mt-4 text-ink-soft" { (trial::guarantee_terms()) " See our " a href=(Page::Terms.path()) { "terms" } "." }
                    div class="hero-actions" {
                        (external(&intro_offer, "btn btn-primary", &format!("Start My Trial for {}", prices.trial.intro_price().format())))
                    }
                }
            }
        }
    }
}
