//! /investinonespace: the investor landing page. Story, what the funds are for, the four tiers,
//! the deal summary and the register-interest form, with buttons that scroll to the form.

use maud::{html, Markup};
use onespace_core::content::Place;
use onespace_core::invest::{self, TIERS};

use super::components::enquiry_form::{form_island, ThanksLink};
use super::components::investors;
use super::components::photo::{photo_slot, HALF_COLUMN};
use super::components::{check_list, cta_banner, hero_art, image_slot, Art, Ratio};
use crate::render::FormView;
use crate::render::RenderContext;
use crate::routes::Page;

use crate::routes::INVESTOR_FORM as FORM;

/// The links of the thank-you panel after a send.
const THANKS_LINKS: &[ThanksLink] = &[ThanksLink::To {
    label: "Read the Investor Information",
    page: Page::Invest,
    class: "btn btn-dark",
}];

struct Fund {
    title: &'static str,
    text: &'static str,
    art: Art,
}

const FUNDS: [Fund; 4] = [
    Fund {
        title: "More studio space",
        text: "Extra class times and capacity so members always get a spot.",
        art: Art::Room,
    },
    Fund {
        title: "Recovery expansion",
        text: "A second Fire & Ice room and more recovery options.",
        art: Art::FireIce,
    },
    Fund {
        title: "Training equipment",
        text: "New HYROX and functional training kit for our growing community.",
        art: Art::Functional,
    },
    Fund {
        title: "New classes",
        text: "Launching Barre, Tai Chi, ladies-only lifting and kids classes.",
        art: Art::NewClasses,
    },
];

/// The page content.
pub fn main(view: &FormView, context: &RenderContext) -> Markup {
    let to_form = format!("#{}", FORM.anchor);
    let figures = &context.content.investors;
    html! {
        section class="page-hero" {
            (hero_art())
            div class="container-page relative" {
                p class="eyebrow" { "Community investment" }
                h1 class="page-title" { "Become part of One Space" }
                p class="page-lead" { "Invest in the studio you love, from " (TIERS[0].amount.format()) ". Help us grow, and share in what we build together." }
                div class="hero-actions" {
                    a class="btn btn-primary btn-lg" href=(to_form) { "Register Your Interest" }
                    a class="btn btn-outline-light" href="#tiers" { "See the Tiers" }
                }
            }
        }
        (investors::notice(context))
        section class="section" aria-labelledby="story-title" {
            div class="container-page split" {
                div class="split-body" {
                    p class="eyebrow eyebrow-dark" { "Our story so far" }
                    h2 class="section-title" id="story-title" { "Built by our community" }
                    div class="prose-block" {
                        p { "One Space began with a simple idea: heat, strength and recovery under one roof in West Lothian. In " (figures.as_of.long()) ", " (figures.active_members) " active members trained with us." }
                        p { "Now we want to grow, and we would rather grow with the people who made us what we are. Our community investment lets members and local supporters own a part of the studio's future." }
                    }
                }
                div class="split-media" { (photo_slot(context, Place::Invest, Art::Community, Ratio::Landscape, "One Space members after a class", HALF_COLUMN)) }
            }
        }
        section class="section section-alt" aria-labelledby="funds-title" {
            div class="container-page" {
                div class="section-head" {
                    p class="eyebrow eyebrow-dark" { "Use of funds" }
                    h2 class="section-title" id="funds-title" { "Where your investment goes" }
                }
                div class="card-grid sm:grid-cols-2 lg:grid-cols-4" {
                    @for fund in &FUNDS {
                        article class="card class-card" {
                            (image_slot(fund.art, Ratio::Landscape, fund.title))
                            div class="class-card-body" {
                                h3 class="card-title" { (fund.title) }
                                p class="card-text" { (fund.text) }
                            }
                        }
                    }
                }
            }
        }
        section class="section" id="tiers" aria-labelledby="tiers-title" {
            div class="container-page" {
                div class="section-head" {
                    p class="eyebrow eyebrow-dark" { "Investment tiers" }
                    h2 class="section-title" id="tiers-title" { "Choose your level" }
                }
                div class="card-grid sm:grid-cols-2 lg:grid-cols-4" {
                    @for tier in &TIERS {
                        @let equity = tier.amount >= invest::EQUITY_FROM;
                        article class={ "price-card" @if equity { " price-card-featured" } } {
                            @if equity { p class="badge badge-popular price-card-badge" { "Equity" } }
                            h3 class="price-card-name" { (tier.title) }
                            p class="price" { (tier.amount.format()) }
                            (check_list(tier.perks))
                            a class="btn btn-dark w-full mt-auto" href=(to_form) { "Register Interest" }
                        }
                    }
                }
            }
        }
        section class="section section-dark" aria-labelledby="deal-title" {
            // The full width: four tiles whose values (a share class among them) each take one line.
            div class="container-page" {
                p class="eyebrow" { "Deal summary" }
                h2 class="section-title" id="deal-title" { "The deal at a glance" }
                dl class="stat-grid stat-grid-dark" {
                    div class="stat" { dt { "Community offer valuation" } dd { (invest::LANDING_VALUATION.format()) } }
                    div class="stat" { dt { "Minimum investment" } dd { (TIERS[0].amount.format()) } }
                    div class="stat" { dt { "Equity from" } dd { (invest::EQUITY_FROM.format()) } }
                    // Words, not a figure: set as text, so they take one line, not three.
                    div class="stat" { dt { "Share class" } dd class="stat-small" { "Non-voting B shares" } }
                }
                p class="mt-6 text-white/85" { "Tiers of " (invest::EQUITY_FROM.format()) " and above receive non-voting B-share equity; every tier receives the community perks listed above. This community offer is valued at " (invest::LANDING_VALUATION.format()) "; the " (figures.raise.amount.format()) " raise on our " a class="text-white underline" href=(Page::Invest.path()) { "investor information page" } " is a separate offer at a " (figures.raise.pre_money_valuation.format()) " pre-money valuation. " (figures.risk_text()) }
            }
        }
        section class="section" aria-labelledby="register-title" {
            div class="container-page grid grid-cols-1 items-start gap-10 lg:grid-cols-2" {
                div {
                    h2 class="section-title" id="register-title" { "Register your interest" }
                    p class="section-lead" { "No commitment: tell us a little about yourself and we will send you our investor pack." }
                }
                div class="form-card" {
                    (form_island(&FORM, view, THANKS_LINKS, onespace_core::forms::schema(FORM.form)))
                }
            }
        }
        (cta_banner("Own a part of your studio", "Places in each tier are limited. Register today and we will be in touch.", html! {
            a class="btn btn-primary" href=(to_form) { "Register Your Interest" }
        }))
    }
}
