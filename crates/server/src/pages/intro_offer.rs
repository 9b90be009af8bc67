//! /intro-offer: the 14-day trial with its 10-minute £10-off countdown.

use maud::{html, Markup};
use onespace_core::countdown;

use crate::render::{island, Load};
use crate::routes::Page;

/// Words before the running countdown.
const COUNTDOWN_LABEL: &str = "£10 off ends in";

/// The page content. The countdown renders its first state (a fresh 10:00 window) on the server,
/// so the island takes over without the layout moving.
pub fn main() -> Markup {
    let initial = countdown::intro_offer(0, None);
    html! {
        section class="page-hero" {
            div class="container-page" {
                p class="eyebrow" { "14-Day Intro Offer" }
                h1 class="page-title" { "Start Your 14-Day Trial Today" }
                p class="page-lead" { "Unlimited access to hot yoga, warm pilates, group PT, HYROX training and Fire & Ice recovery for 14 days." }
                (island("IntroCountdown", Load::Eager, &serde_json::json!({
                    "label": COUNTDOWN_LABEL,
                    "initialDisplay": initial.display,
                    "expiredMessage": countdown::INTRO_OFFER_EXPIRED,
                    "storageKey": countdown::INTRO_OFFER_STORAGE_KEY,
                }), html! {
                    div class="countdown" role="timer" aria-live="off" {
                        span class="countdown-label" { (COUNTDOWN_LABEL) }
                        span class="countdown-time" data-countdown-time { (initial.display) }
                    }
                }))
                div class="hero-actions" {
                    a class="btn btn-outline" href=(Page::Memberships.path()) { "View Memberships" }
                }
            }
        }
    }
}
