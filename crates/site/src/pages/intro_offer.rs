//! /intro-offer: the 14-day trial with its 10-minute £10-off countdown, what is included, the
//! Fire & Ice inclusion, the money-back guarantee and two purchase links.

use maud::{html, Markup};
use onespace_core::catalogue::{fire_ice, trial};
use onespace_core::content::Place;
use onespace_core::content::Prices;

use super::components::intro::IntroOffer;
use super::components::photo::{photo_slot, HALF_COLUMN};
use super::components::{check_list, hero_art, icon, Art, Icon, Ratio};
use crate::render::RenderContext;
use crate::routes::Page;

/// Words before the running countdown: `£10 off ends in`.
fn countdown_label(prices: &Prices) -> String {
    format!("{} off ends in", prices.trial.intro_discount.format())
}

/// The intro-offer countdown island (also used above the service pages' heroes): its first
/// state (a fresh 10:00 window) is rendered on the server, so the island takes over without the
/// layout moving. Nothing when the studio chose no countdown.
pub fn countdown_island(offer: &IntroOffer, prices: &Prices) -> Markup {
    offer.countdown(&countdown_label(prices))
}

/// The page content.
pub fn main(context: &RenderContext) -> Markup {
    let content = &context.content;
    let prices = &content.prices;
    let offer = IntroOffer::of(content);
    let regular = prices.trial.price.format();
    let intro = prices.trial.intro_price().format();
    html! {
        section class="page-hero" {
            (hero_art())
            div class="container-page relative" {
                p class="eyebrow" { "14-Day Intro Offer" }
                h1 class="page-title" { "Start Your 14-Day Trial Today" }
                p class="page-lead" { "Unlimited access to hot yoga, warm pilates, group PT, HYROX training and Fire & Ice recovery for 14 days." }
                (countdown_island(&offer, prices))
                (offer.price_line("hero-price-line"))
                div class="hero-actions" {
                    (offer.button("btn btn-primary btn-lg", &format!("Claim My Trial for {intro}"), &format!("Start My Trial for {regular}")))
                    a class="btn btn-outline-light" href=(Page::Memberships.path()) { "View Memberships" }
                }
            }
        }
        section class="section" aria-labelledby="trial-title" {
            div class="container-page grid grid-cols-1 items-start gap-10 lg:grid-cols-[3fr_2fr]" {
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
                div class="price-card price-card-featured" {
                    h3 class="price-card-name" { (trial::DAYS) "-day trial" }
                    (offer.twin(
                        html! {
                            p class="price" { (intro) " " s class="price-was" { span class="sr-only" { "usually " } (regular) } }
                            p class="price-card-detail" {
                                (prices.trial.intro_price_text())
                                @if offer.counts_down() { ", while the countdown runs." } @else { "." }
                            }
                        },
                        html! {
                            p class="price" { (regular) }
                            p class="price-card-detail" { "The regular price. Your 14 days start from your first booking." }
                        },
                    ))
                    (offer.button("btn btn-primary w-full mt-6", &format!("Buy Now for {intro}"), &format!("Buy Now for {regular}")))
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
                        (offer.button("btn btn-primary", &format!("Start My Trial for {intro}"), &format!("Start My Trial for {regular}")))
                    }
                }
            }
        }
    }
}
