//! /founder-memberships: founder plans at 20% off for life, the annual price table and the
//! membership request form.
//!
//! With JavaScript, 'Choose Plan' opens the form in a dialog with the plan chosen (an islands
//! concern; each link carries `data-plan`). Pages are rendered once, so without JavaScript the
//! links lead to the same form in its section, where the visitor picks the plan.

use maud::{html, Markup};
use onespace_core::content::founder;
use onespace_core::content::Prices;
use onespace_core::forms;

use super::components::enquiry_form::{form_island, ThanksLink};
use super::components::prices::MOST_POPULAR;
use super::components::{check_list, cta_banner, page_hero, table_cue};
use crate::render::FormView;
use crate::routes::Page;
use crate::widgets;

use crate::routes::FOUNDER_FORM as FORM;

/// The links of the thank-you panel after a send.
const THANKS_LINKS: &[ThanksLink] = &[ThanksLink::Again {
    class: "btn btn-dark",
}];

/// The page content.
pub fn main(prices: &Prices, view: &FormView) -> Markup {
    let to_form = format!("#{}", FORM.anchor);
    let founder = &prices.founder;
    let free_months = founder.free_months();
    let percent_off = founder.percent_off;
    let cards = founder::cards(prices);
    html! {
        (page_hero("Founder memberships", &format!("{percent_off}% Off For Life"), &format!("Become a One Space founder member and keep your founder rate for as long as you stay. Pay monthly, or annually with {free_months} months free."), html! {
            a class="btn btn-primary" href="#plans" { "See Founder Plans" }
            a class="btn btn-outline-light" href=(to_form) { "Request Membership" }
        }))
        section class="section" id="plans" aria-labelledby="plans-title" {
            div class="container-page" {
                div class="section-head" {
                    p class="eyebrow eyebrow-dark" { "Founder plans" }
                    h2 class="section-title" id="plans-title" { "Choose your founder plan" }
                    p class="section-lead" { "Every plan includes Fire & Ice recovery sessions each month." }
                }
                div class="card-grid sm:grid-cols-2 lg:grid-cols-3" {
                    @for card in &cards {
                        article class={ "price-card" @if card.plan.featured { " price-card-featured" } } {
                            @if card.plan.featured { p class="badge badge-popular price-card-badge" { (MOST_POPULAR) } }
                            h3 class="price-card-name" { (card.plan.name) }
                            p class="price" {
                                (card.founder_price.format()) span class="price-unit" { "/month" }
                            }
                            p class="price-card-detail" { s { span class="sr-only" { "Usually " } (card.original_price.format()) } " " span class="font-semibold text-ember-700" { "Save " (percent_off) "% for life" } }
                            p class="price-card-note" { "Or " (card.annual_price.format()) " a year (" (free_months) " months free)" }
                            (check_list(&card.all_inclusions))
                            a class="btn btn-dark w-full mt-auto" href=(to_form) data-plan=(card.plan.key) { "Choose Plan" }
                        }
                    }
                }
            }
        }
        section class="section section-alt" aria-labelledby="annual-title" {
            div class="container-page" {
                h2 class="section-title" id="annual-title" { "Annual prices" }
                p class="section-lead" { "Pay for " (founder.annual_months_paid) " months and get the whole year." }
                (table_cue())
                div class="table-wrap mt-8" role="region" aria-label="Annual prices by plan" tabindex="0" {
                    table class="data-table" {
                        thead { tr {
                            th scope="col" { "Plan" }
                            th scope="col" { "Regular monthly" }
                            th scope="col" { "Founder monthly" }
                            th scope="col" { "Founder annual" }
                        } }
                        tbody {
                            @for card in &cards {
                                tr {
                                    th scope="row" { (card.plan.name) }
                                    td { (card.original_price.format()) }
                                    td { (card.founder_price.format()) }
                                    td { (card.annual_price.format()) }
                                }
                            }
                        }
                    }
                }
            }
        }
        section class="section" id="request" aria-labelledby="request-title" {
            div class="container-page grid grid-cols-1 items-start gap-10 lg:grid-cols-2" {
                div {
                    h2 class="section-title" id="request-title" { "Request your founder membership" }
                    p class="section-lead" { "Choose your plan and how you would like to pay. We will confirm everything with you personally." }
                }
                div class="form-card" {
                    (form_island(&FORM, view, THANKS_LINKS, forms::priced_schema(FORM.form, prices)))
                }
            }
        }
        (cta_banner("Want to own a part of One Space?", "Founder members can also invest in the studio's next chapter.", html! {
            a class="btn btn-primary" href=(Page::Invest.path()) { "Invest in One Space" }
        }))
        (widgets::enquiry_form::membership_dialog(FORM.page.path(), FORM.anchor, forms::priced_schema(FORM.form, prices)))
    }
}
