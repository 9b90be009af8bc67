//! Offer countdowns. Each island's fallback is its first render (a fresh window), so the
//! countdown takes over without the layout moving; the times come from the core's rules.
//!
//! - [`intro`]: the 10-minute £10-off window of the intro page and the six service pages.
//! - [`timed_offer`]: the timed 10%-off page's 5 minutes with its coupon code and checkout link,
//!   which give way to 'Time's Up!' and the regular offer at zero.

use maud::{html, Markup};
use onespace_core::{catalogue, countdown, links};
use serde_json::json;

use super::LinkSpec;
use crate::render::{island, Load};
use crate::routes::Page;

/// Words before the intro-offer countdown.
pub const INTRO_LABEL: &str = "£10 off ends in";

/// Words before the timed page's countdown.
pub const TIMED_LABEL: &str = "10% off ends in";

/// The intro-offer countdown (intro page, service pages).
pub fn intro() -> Markup {
    let initial = countdown::intro_offer(0, None);
    island(
        "IntroCountdown",
        Load::Eager,
        &json!({
            "label": INTRO_LABEL,
            "initialDisplay": initial.display,
            "expiredMessage": countdown::INTRO_OFFER_EXPIRED,
            "storageKey": countdown::INTRO_OFFER_STORAGE_KEY,
        }),
        html! {
            div class="countdown" role="timer" aria-live="off" {
                span class="countdown-label" { (INTRO_LABEL) }
                span class="countdown-time" data-countdown-time { (initial.display) }
            }
        },
    )
}

/// The timed 10%-off offer: countdown, coupon code and discounted checkout while it runs.
pub fn timed_offer(offer_label: &str, regular_label: &str) -> Markup {
    let initial = countdown::timed_offer(0, None);
    let trial = &catalogue::catalogue().trial;
    let code_label = "Use code";
    let offer = LinkSpec {
        label: offer_label,
        href: links::TIMED_OFFER,
    };
    let regular = LinkSpec {
        label: regular_label,
        href: Page::IntroOffer.path(),
    };
    island(
        "TimedOfferCountdown",
        Load::Eager,
        &json!({
            "label": TIMED_LABEL,
            "initialDisplay": initial.display,
            "expiredMessage": countdown::TIMED_OFFER_EXPIRED,
            "storageKey": countdown::TIMED_OFFER_STORAGE_KEY,
            "codeLabel": code_label,
            "code": trial.timed_code,
            "offer": offer,
            "regular": regular,
        }),
        html! {
            div class="timed-offer" {
                div class="countdown" role="timer" aria-live="off" {
                    span class="countdown-label" { (TIMED_LABEL) }
                    span class="countdown-time" data-countdown-time { (initial.display) }
                }
                p class="timed-offer-code" {
                    (code_label) " " strong class="coupon-code" { (trial.timed_code) }
                }
                a class="btn btn-primary" href=(offer.href) target="_blank" rel="noopener noreferrer" { (offer.label) }
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn countdowns_start_from_a_fresh_window() {
        assert!(intro().into_string().contains(">10:00</span>"));
        let timed = timed_offer("Claim 10% Off", "See the Intro Offer").into_string();
        assert!(timed.contains(">05:00</span>"));
        assert!(timed.contains(catalogue::catalogue().trial.timed_code));
        assert!(
            timed.contains(r#""regular":{"href":"/intro-offer","label":"See the Intro Offer"}"#)
        );
    }
}
