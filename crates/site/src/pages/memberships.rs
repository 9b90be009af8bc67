//! /memberships: the pricing section as a page, the year-end 20% off campaign while it runs
//! (see [`super::campaigns`]) and a link to the investor page.

use maud::{html, Markup};
use onespace_core::content::offers::YearEnd;
use onespace_core::content::File;
use onespace_core::offers::Campaign;
use onespace_core::policy;

use super::campaigns;
use super::components::prices::pricing_body;
use super::components::{check_list, cta_banner, page_hero};
use crate::render::{marks, RenderContext};
use crate::routes::Page;

/// The page content at the render instant.
pub fn main(context: &RenderContext) -> Markup {
    let year_end_live = campaigns::is_live(Campaign::YearEnd, context);
    html! {
        (page_hero("Memberships", "Pricing", &policy::no_contract_note(), html! {
            a class="btn btn-primary" href=(Page::IntroOffer.path()) { "Start My 14-Day Trial" }
            @if year_end_live {
                a class="btn btn-outline-light" href="#year-end-offer" { "See the Year-End Offer" }
            }
        }))
        section class="section" aria-label="Plans and prices" {
            div class="container-page" { (pricing_body(&context.content, 2)) }
        }
        @if year_end_live { (year_end_panel(&context.content.offers.year_end)) }
        (cta_banner(
            "Own a piece of One Space",
            "We are inviting our community to invest in the studio's next chapter.",
            html! { a class="btn btn-primary" href=(Page::Invest.path()) { "Invest in One Space" } },
        ))
    }
}

/// The year-end campaign's panel and code.
fn year_end_panel(year_end: &YearEnd) -> Markup {
    html! {
        section class="section section-alt" id="year-end-offer" aria-labelledby="year-end-title" {
            div class="container-page" {
                div class="offer-panel" {
                    div {
                        p class="eyebrow eyebrow-dark" { "Year-end campaign" }
                        h2 class="section-title" id="year-end-title" { (year_end.percent_off) "% Off All Memberships" }
                        p class="section-lead" { (year_end.summary()) "." }
                        (check_list([
                            format!("Use code {} at checkout", year_end.code),
                            "Applies to every rolling monthly and unlimited membership".to_owned(),
                            format!("Still no contract: just {} days' notice to cancel", policy::NOTICE_DAYS),
                        ]))
                    }
                    div class="coupon" {
                        p class="coupon-label" { "Your code" }
                        p class="coupon-code" data-field=[marks::field(File::Offers.name(), "year_end.code")] { (year_end.code) }
                        p class="coupon-note" { "Valid until " (year_end.ends.long()) }
                    }
                }
            }
        }
    }
}
