//! The six service landing pages (/hot-yoga, /yoga-beginners, /pilates, /group-pt,
//! /hyrox-training, /fire-ice-recovery): one layout, six sets of words (the route table's
//! `landing`, `crate::landings`).
//!
//! Each page has the landing header (logo and Start Today only), the intro-offer countdown above
//! the hero, four benefit cards, an imagery section, three testimonials, a research quote and two
//! buy buttons for the £39 intro offer, and Service structured data with the 2-week offer.

use maud::{html, Markup};
use onespace_core::content::testimonials::{Research, Testimonial};
use serde_json::Value;

use super::components::intro::IntroOffer;
use super::components::photo::{photo_slot, HALF_COLUMN, QUARTER_COLUMN};
use super::components::{feature_grid, hero_art, testimonials, Ratio};
use super::intro_offer::countdown_island;
use super::structured;
use crate::render::RenderContext;
use crate::routes::Route;

use crate::landings::{self, Landing};

/// The buy button: 'Get £10 Off - Pay £39 (Usually £49)' to the provider's intro checkout, and
/// once the countdown has ended 'Start My 14-Day Trial for £49' to the regular one.
fn buy_button(offer: &IntroOffer, class: &str) -> Markup {
    offer.button(
        class,
        &offer.trial.intro_button_text(),
        &format!("Start My 14-Day Trial for {}", offer.trial.price.format()),
    )
}

/// Structured data and content of the landing page for `route`.
pub fn render(route: &Route, context: &RenderContext) -> (Vec<Value>, Markup) {
    // Every landing route names its words; the hot yoga page's stand in for any other.
    let page = route.landing.unwrap_or(&landings::HOT_YOGA);
    let data = vec![structured::service(
        page.service,
        route.description,
        route,
        context,
    )];
    let quotes = context.content.testimonials.on(route.path);
    let research = context.content.testimonials.research_on(route.path);
    (data, main(context, page, &quotes, research))
}

fn main(
    context: &RenderContext,
    page: &Landing,
    quotes: &[(usize, &Testimonial)],
    research: Option<&Research>,
) -> Markup {
    let content = &context.content;
    let prices = &content.prices;
    let offer = IntroOffer::of(content);
    let side_by_side = page.photos.len() > 1;
    html! {
        div class="timer-strip" {
            div class="container-page timer-strip-inner" {
                (offer.twin(
                    html! { p class="timer-strip-text" { strong { (prices.trial.intro_price_text()) } } },
                    html! { p class="timer-strip-text" { "Your first two weeks: " strong { (prices.trial.price.format()) } } },
                ))
                (countdown_island(&offer, prices))
            }
        }
        section class="page-hero landing-hero" {
            (hero_art())
            div class="container-page relative split" {
                div {
                    p class="eyebrow" { (page.eyebrow) }
                    h1 class="page-title" { (page.title) }
                    p class="page-lead" { (page.lead) }
                    div class="hero-actions" { (buy_button(&offer, "btn btn-primary btn-lg btn-wrap")) }
                }
                div class="split-media" { (photo_slot(context, page.hero_place, page.art, Ratio::Landscape, page.hero_image, HALF_COLUMN)) }
            }
        }
        section class="section" aria-labelledby="benefits-title" {
            div class="container-page" {
                div class="section-head" {
                    p class="eyebrow eyebrow-dark" { "Why you'll love it" }
                    h2 class="section-title" id="benefits-title" { (page.benefits_title) }
                }
                (feature_grid(&page.benefits, 3, "sm:grid-cols-2 lg:grid-cols-4"))
            }
        }
        section class="section section-alt" aria-labelledby="studio-title" {
            div class="container-page split" {
                div class="split-body" {
                    p class="eyebrow eyebrow-dark" { "The studio" }
                    h2 class="section-title" id="studio-title" { (page.studio_title) }
                    p class="section-lead" { (page.studio_text) }
                }
                div class={ "split-media grid gap-4" @if side_by_side { " sm:grid-cols-2" } } {
                    @for (place, art, label) in page.photos {
                        @if side_by_side {
                            (photo_slot(context, *place, *art, Ratio::Portrait, label, QUARTER_COLUMN))
                        } @else {
                            (photo_slot(context, *place, *art, Ratio::Landscape, label, HALF_COLUMN))
                        }
                    }
                }
            }
        }
        @if let Some((title, extras)) = &page.extras {
            section class="section" aria-labelledby="extras-title" {
                div class="container-page" {
                    div class="section-head" {
                        p class="eyebrow eyebrow-dark" { "More than classes" }
                        h2 class="section-title" id="extras-title" { (title) }
                    }
                    (feature_grid(extras, 3, "md:grid-cols-3"))
                }
            }
        }
        section class="section" aria-labelledby="reviews-title" {
            div class="container-page" {
                div class="section-head" {
                    p class="eyebrow eyebrow-dark" { "Member stories" }
                    h2 class="section-title" id="reviews-title" { "What our members say" }
                }
                (testimonials(quotes))
            }
        }
        // Only a finding with a source a visitor can check (testimonials.toml's [[research]]).
        @if let Some(research) = research {
            section class="section section-dark" aria-label="Research" {
                figure class="container-page research-quote" {
                    p class="research-quote-label" { "What the research says" }
                    blockquote class="research-quote-text" { p { (research.text) } }
                    figcaption class="research-quote-source" {
                        "Source: "
                        @match &research.url {
                            Some(url) => cite { a href=(url) target="_blank" rel="noopener noreferrer" { (research.source) } },
                            None => cite { (research.source) },
                        }
                    }
                }
            }
        }
        section class="cta-banner" aria-labelledby="landing-cta-title" {
            div class="container-page cta-banner-inner" {
                h2 class="cta-banner-title" id="landing-cta-title" { "Try two weeks of everything" }
                (offer.price_line("cta-banner-text"))
                p class="cta-banner-text" { "Every class plus Fire & Ice recovery. Your two weeks start from your first booking." }
                div class="hero-actions justify-center" { (buy_button(&offer, "btn btn-primary btn-lg btn-wrap")) }
            }
        }
    }
}
