//! /challenge: the 6-week challenge with what is included, member stories, the free consultation
//! and its weekly slots.

use maud::{html, Markup};
use onespace_core::catalogue::challenge;
use onespace_core::content::{BookingPage, File, Place};
use onespace_core::offers::Campaign;

use super::components::photo::{photo_slot, HALF_COLUMN};
use crate::render::{marks, RenderContext};
use crate::routes::Page;

use super::components::{
    check_list, cta_banner, external, page_hero, section_head, testimonials, Art, Ratio,
};

/// The page content at the render instant.
pub fn main(context: &RenderContext) -> Markup {
    let sign_up_open = super::campaigns::is_live(Campaign::ChallengeSignUp, context);
    html! {
        (page_hero(&format!("{}-Week Challenge", challenge::WEEKS), "Transform in six weeks, then keep going", &format!("{}. Our challenge gives you the plan, the coaching and the community to make change stick.", challenge::stay_claim()), html! {
            (external(&context.content.schedule.url(BookingPage::ChallengeConsultation), "btn btn-primary", "Book Your Free Consultation"))
            a class="btn btn-outline-light" href="#included" { "What's Included" }
        }))
        section class="section" id="included" aria-labelledby="included-title" {
            div class="container-page split" {
                div class="split-body" {
                    p class="eyebrow eyebrow-dark" { "Everything you need" }
                    h2 class="section-title" id="included-title" { "What's Included" }
                    (check_list(challenge::included()))
                    p class="challenge-price" data-field=[marks::field(File::Offers.name(), "challenge.price")] { (context.content.offers.challenge.price_text()) "." }
                    @if sign_up_open {
                        p class="mt-6 text-ink-soft" { "Next challenge starts " (context.content.offers.challenge.starts.long()) "." }
                    }
                }
                div class="split-media" { (photo_slot(context, Place::Challenge, Art::BodyScan, Ratio::Landscape, "Members training together during the 6-week challenge", HALF_COLUMN)) }
            }
        }
        section class="section section-alt" aria-labelledby="stories-title" {
            div class="container-page" {
                div class="section-head" {
                    p class="eyebrow eyebrow-dark" { "Real results" }
                    h2 class="section-title" id="stories-title" { "What our challengers say" }
                }
                (testimonials(&context.content.testimonials.on(Page::Challenge.path())))
            }
        }
        section class="section" aria-labelledby="consult-title" {
            div class="container-page grid grid-cols-1 gap-10 md:grid-cols-2" {
                div {
                    (section_head("consult-title", "Free, no obligation", "What to expect on your consultation", None))
                    ol class="steps-list" {
                        li { strong { "A friendly chat. " } "We talk about your goals, your week and any injuries or worries." }
                        li { strong { "Your starting point. " } "We explain how your body composition scan works and what we will track." }
                        li { strong { "Your plan. " } "We show you how classes, Fire & Ice and check-ins fit together for you." }
                        li { strong { "Your questions. " } "Ask us anything. There is no pressure to sign up on the call." }
                    }
                }
                div class="card" {
                    h3 class="card-title" { "Consultation slots" }
                    p class="card-text" { "Choose a time that suits you each week:" }
                    ul class="slot-list" {
                        @for slot in &context.content.studio.consultation_slots {
                            li { span class="font-semibold" { (slot.day) } span { (slot.time.display()) } }
                        }
                    }
                    (external(&context.content.schedule.url(BookingPage::ChallengeConsultation), "btn btn-primary mt-6 w-full", "Book Your Free Consultation"))
                }
            }
        }
        (cta_banner("Your six weeks start here", &challenge::stay_claim(), html! {
            (external(&context.content.schedule.url(BookingPage::ChallengeConsultation), "btn btn-primary", "Book Your Free Consultation"))
        }))
    }
}
