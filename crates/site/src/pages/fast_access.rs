//! /fast-access: the timed 10%-off page. A 5-minute countdown with the plan, the coupon and the
//! discounted checkout while it runs; the 'Time's Up!' state, with the way to the regular intro
//! offer, is in the markup but hidden until the `TimedOfferCountdown` island reveals it.
//!
//! Without JavaScript the countdown cannot run, so the visitor sees the offer as it stands at
//! the start (05:00) with the code; the provider's checkout still checks the code.

use maud::{html, Markup};
use onespace_core::catalogue::{timed, trial};
use onespace_core::content::{BookingPage, Content};
use onespace_core::countdown;

use super::components::{check_list, external, hero_art};
use crate::routes::Page;
use crate::widgets;

/// Words before the running countdown.
const COUNTDOWN_LABEL: &str = "Offer ends in";

/// The page content.
pub fn main(content: &Content) -> Markup {
    let prices = &content.prices;
    let schedule = &content.schedule;
    html! {
        section class="page-hero" {
            (hero_art())
            div class="container-page relative" {
                p class="eyebrow" { "Fast access offer" }
                h1 class="page-title" { (timed::PERCENT_OFF) "% Off Your " (trial::DAYS) "-Day Trial" }
                // The lead follows the countdown as the offer below it does: no "claim it before
                // the timer runs out" above 'Time's Up!'.
                p class="page-lead" data-offer-running { "You have found our fast access offer. Claim it before the timer runs out." }
                p class="page-lead" data-offer-expired hidden { "The timer has run out on this offer. The " (trial::NAME) " is still yours to start." }
                (widgets::countdown::timed(COUNTDOWN_LABEL))
            }
        }
        section class="section" aria-labelledby="fast-offer-title" {
            div class="container-page max-w-3xl" {
                div data-offer-running {
                    article class="price-card price-card-featured" {
                        p class="badge badge-popular" { (timed::PERCENT_OFF) "% off" }
                        h2 class="price-card-name" id="fast-offer-title" { (trial::NAME) }
                        p class="price" {
                            (timed::SHOWN_PRICE.format()) " "
                            s class="price-was" { span class="sr-only" { "usually " } (prices.trial.price.format()) }
                        }
                        p class="price-card-detail" { (prices.trial.price.format()) ", or " (timed::SHOWN_PRICE.format()) " with your " (timed::PERCENT_OFF) "% code. " (trial::STARTS) }
                        div class="coupon" {
                            p class="coupon-label" { "Your code" }
                            p class="coupon-code" { (timed::CODE) }
                            p class="coupon-note" { "Enter it at checkout" }
                        }
                        (check_list([
                            "Every class type: hot yoga, pilates, group PT and HYROX".to_owned(),
                            "Fire & Ice recovery included".to_owned(),
                            "Body composition scans at the start and end".to_owned(),
                            // Which refund rule is this offer's: SPEC gives the timed offer its own.
                            format!("{} (This offer's rule; the regular trial's is {} sessions in {} weeks.)", timed::refund_terms(), trial::GUARANTEE_SESSIONS, trial::GUARANTEE_WEEKS),
                        ]))
                        (external(&schedule.url(BookingPage::TimedOffer), "btn btn-primary btn-lg mt-6 w-full", &format!("Claim {}% Off Now", timed::PERCENT_OFF)))
                    }
                }
                div class="expired-panel" data-offer-expired hidden {
                    h2 class="section-title" { (countdown::TIMED_OFFER_EXPIRED) }
                    p class="section-lead" { "This offer has ended, but you can still start your trial." }
                    div class="hero-actions" {
                        a class="btn btn-primary" href=(Page::IntroOffer.path()) { "See the Intro Offer" }
                        (external(&schedule.url(BookingPage::Trial), "btn btn-dark", &format!("Buy the Trial for {}", prices.trial.price.format())))
                    }
                }
            }
        }
    }
}
