//! Offers that run between two dates follow the calendar: each is decided for the render instant
//! ([`RenderContext::now`]) by the core's [`Campaign::state_at`].
//!
//! - Live: the offer's page renders as the studio wrote it, is listed in the sitemap and carries
//!   its structured data; an island ([`watch`]) holds the end instant, so a page left open
//!   across the end says the offer has ended.
//! - Ended: its page still answers 200 at its address (links in old posts keep working): it
//!   says first, plainly, that the offer ended on its date, then leads with what is on now (the
//!   trial and the memberships); it is `noindex`, out of the sitemap and carries no structured
//!   data. Nothing else mentions it.
//! - Upcoming: not linked or listed anywhere. Its address, if someone has it early, says when the
//!   offer starts, on the same terms as an ended page (no advertising of terms that are not on).

use chrono::{DateTime, Utc};
use maud::{html, Markup};
use onespace_core::calendar::{OfferState, Phase};
use onespace_core::catalogue::trial;
use onespace_core::content::{Content, Offers, Prices};
use onespace_core::offers::Campaign;
use serde_json::json;

use super::components::page_hero;
use crate::clock::RenderClock;
use crate::render::{island, Document, Load, RenderContext};
use crate::routes::{HeaderMode, Page, Route};

/// True while `campaign` runs at the render instant.
pub fn is_live(campaign: Campaign, context: &RenderContext) -> bool {
    campaign
        .state_at(&context.content.offers, context.now)
        .phase
        == Phase::Live
}

/// Whether `route` is in the sitemap at `now`: the route table says so and, for an offer page,
/// the offer is on as `offers` dates it.
pub fn listed(route: &Route, offers: &Offers, now: DateTime<Utc>) -> bool {
    route.in_sitemap
        && route
            .campaign
            .is_none_or(|campaign| campaign.state_at(offers, now).phase == Phase::Live)
}

/// The page of an offer that is not on (ended or not yet started), in place of its content.
/// An ended offer's page first says the offer ended (what the visitor came for), then leads
/// with what a visitor can have now (the trial and the memberships): whoever followed an old
/// link still finds a way in, not a closed door.
pub fn not_running(
    route: &Route,
    campaign: Campaign,
    state: OfferState,
    content: &Content,
) -> Document {
    let (title, main) = match state.phase {
        Phase::Upcoming => (
            "Offer Not Yet Open | One Space Livingston",
            html! {
                (page_hero("Offers", "This offer has not started yet", &campaign.starts_message(&content.offers), html! {
                    a class="btn btn-primary" href=(Page::IntroOffer.path()) { "Start My 14-Day Trial" }
                    a class="btn btn-outline-light" href=(Page::Memberships.path()) { "See Memberships" }
                }))
                (on_now(&content.prices))
            },
        ),
        Phase::Ended | Phase::Live => (
            "On Now: 14-Day Trial and Memberships | One Space Livingston",
            html! {
                // What the visitor came for comes first: the offer they followed has ended.
                section class="ended-band" aria-labelledby="ended-title" {
                    div class="container-page" {
                        div class="notice" role="note" {
                            div {
                                // Not a heading: it stands above the page's h1.
                                p class="notice-title" id="ended-title" { "About the offer you followed" }
                                p { (campaign.ended_message(&content.offers)) " The trial and every membership below are on now." }
                            }
                        }
                    }
                }
                (page_hero("On now at One Space", ON_NOW_HEADING, &on_now_lead(&content.prices), html! {
                    a class="btn btn-primary" href=(Page::IntroOffer.path()) { "Start My 14-Day Trial" }
                    a class="btn btn-outline-light" href=(Page::Memberships.path()) { "See Memberships" }
                }))
                (on_now(&content.prices))
            },
        ),
    };
    Document {
        title: title.into(),
        description: "This One Space offer is not on. See what is on now: the 14-day trial and \
                      memberships with no contract."
            .into(),
        path: Some(route.path),
        header: HeaderMode::Full,
        structured_data: Vec::new(),
        main,
        noindex: true,
        main_photo: None,
    }
}

/// The heading of an ended offer's page, and of a live one's notice when it ends while open.
pub const ON_NOW_HEADING: &str = "Start with a 14-day trial";

/// The line under [`ON_NOW_HEADING`]: what the trial gives and the memberships' lowest price.
fn on_now_lead(prices: &Prices) -> String {
    let memberships = match prices.cheapest_monthly() {
        Some(plan) => format!("memberships from {} a month", plan.price.format()),
        None => "memberships".to_owned(),
    };
    format!(
        "Every class and Fire & Ice recovery for {} days, {}. Then choose from our {}, with no contract.",
        trial::DAYS,
        prices.trial.price_story(),
        memberships
    )
}

/// What is on now: the 14-day trial and the memberships ('from £49 a month', the cheapest).
fn on_now(prices: &Prices) -> Markup {
    html! {
        section class="section" aria-labelledby="on-now-title" {
            div class="container-page" {
                h2 class="section-title" id="on-now-title" { "On now" }
                div class="card-grid md:grid-cols-2 mt-8" {
                    article class="price-card price-card-featured" {
                        p class="badge badge-popular" { "New here" }
                        h3 class="price-card-name" { (trial::NAME) }
                        p class="price" { (prices.trial.price.format()) }
                        p class="price-card-detail" { (trial::DAYS) " days of every class and Fire & Ice recovery." }
                        a class="btn btn-primary w-full mt-auto" href=(Page::IntroOffer.path()) { "Start My 14-Day Trial" }
                    }
                    article class="price-card" {
                        h3 class="price-card-name" { "Memberships" }
                        @if let Some(plan) = prices.cheapest_monthly() {
                            p class="price" { "From " (plan.price.format()) span class="price-unit" { "/month" } }
                        }
                        p class="price-card-detail" { "Rolling monthly plans, unlimited options and session packs. No contract." }
                        a class="btn btn-dark w-full mt-auto" href=(Page::Memberships.path()) { "See Memberships" }
                    }
                }
            }
        }
    }
}

/// The island on a live offer's page that turns it into the ended notice if it is still open
/// when the offer ends. Without JavaScript it is an empty, hidden box (a reload shows the ended
/// page, since the server renders again at the end).
///
/// Under `--preview-date` the island also gets the preview instant (`previewMs`) and counts from
/// it instead of the browser's clock, so the studio previewing an offer sees it live, and sees
/// it end when previewing just before its end. Under `--preview-from` it gets how far the
/// preview's running clock is ahead of the real one (`aheadMs`) and adds it to the browser's.
pub fn watch(campaign: Campaign, context: &RenderContext) -> Markup {
    let offers = &context.content.offers;
    let window = campaign.window(offers);
    let state = window.state_at(context.now);
    let (preview_ms, ahead_ms) = match context.clock {
        RenderClock::Fixed(instant) => (Some(instant.timestamp_millis()), 0),
        RenderClock::Running { ahead } => (None, ahead.num_milliseconds()),
        RenderClock::Real => (None, 0),
    };
    island(
        "OfferWatch",
        Load::Idle,
        &json!({
            "starts": window.starts.iso(),
            "ends": window.ends.iso(),
            "endsMs": state.ends_ms,
            "previewMs": preview_ms,
            "aheadMs": ahead_ms,
            "heading": ON_NOW_HEADING,
            "message": format!("{} {}", campaign.ended_message(offers), on_now_lead(&context.content.prices)),
            "links": [
                { "label": "Start My 14-Day Trial", "href": Page::IntroOffer.path() },
                { "label": "See Memberships", "href": Page::Memberships.path() },
            ],
        }),
        html! { div class="offer-ended" hidden {} },
    )
}
