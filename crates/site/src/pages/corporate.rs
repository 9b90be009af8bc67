//! /corporate-wellness: wellness days for teams, content creation and shoot hire, custom offers
//! and the location.
//!
//! SPEC's buttons here have no visible action. A studio owner wants these enquiries, so each
//! button leads to the contact form, where 'Corporate Wellness' and 'Room Hire' are interests.

use maud::{html, Markup};
use onespace_core::content::Place;

use super::components::photo::{photo_slot, HALF_COLUMN};
use super::components::{
    check_list, cta_banner, feature_grid, page_hero, testimonials, Art, Feature, Icon, Ratio,
};
use crate::render::RenderContext;
use crate::routes::Page;

const CUSTOM: [Feature; 3] = [
    Feature { icon: Icon::Brain, title: "Think days", text: "Book the studio for a day of focused planning with movement breaks, recovery and healthy food." },
    Feature { icon: Icon::Heart, title: "Monthly staff wellness credits", text: "Give your team credits to use on any class or Fire & Ice session, on their schedule." },
    Feature { icon: Icon::Sparkle, title: "Evening socials", text: "A private hot yoga class, recovery and refreshments: a team night out that leaves everyone better." },
];

/// The contact form, where corporate and room-hire enquiries arrive.
fn enquire() -> String {
    format!(
        "{}#{}",
        Page::Contact.path(),
        crate::routes::CONTACT_FORM.anchor
    )
}

/// The page content.
pub fn main(context: &RenderContext) -> Markup {
    let content = &context.content;
    let studio = &content.studio;
    html! {
        (page_hero("Corporate Wellness", "Wellbeing your team will actually use", "Wellness days, staff credits, socials and a beautiful space for content and shoots, minutes from the M8 in Livingston.", html! {
            a class="btn btn-primary" href=(enquire()) { "Enquire Now" }
            a class="btn btn-outline-light" href="#shoot-hire" { "Content & Shoot Hire" }
        }))
        section class="section" aria-labelledby="days-title" {
            div class="container-page split" {
                div class="split-body" {
                    p class="eyebrow eyebrow-dark" { "For teams" }
                    h2 class="section-title" id="days-title" { "Corporate Wellness Days" }
                    p class="section-lead" { "A half or full day at One Space, shaped around your team." }
                    h3 class="mt-8 text-lg font-semibold" { "What's included" }
                    (check_list([
                        "A hot yoga or warm pilates class for all levels",
                        "A coached team training session",
                        "Private Fire & Ice recovery sessions",
                        "A talk on sleep, stress and recovery",
                        "Healthy refreshments",
                    ]))
                    h3 class="mt-8 text-lg font-semibold" { "Who it's for" }
                    p class="mt-2 text-ink-soft" { "Teams of 5 to 30 from offices, schools, the NHS, emergency services and local businesses who want to invest in their people." }
                    a class="btn btn-primary mt-8" href=(enquire()) { "Enquire About a Wellness Day" }
                }
                div class="split-media grid gap-6" {
                    (photo_slot(context, Place::Corporate, Art::Team, Ratio::Landscape, "A team enjoying a wellness day at One Space", HALF_COLUMN))
                    (testimonials(&content.testimonials.on(Page::CorporateWellness.path())))
                }
            }
        }
        section class="section section-alt" id="shoot-hire" aria-labelledby="shoot-title" {
            div class="container-page split" {
                div class="split-media" { (photo_slot(context, Place::CorporateShoot, Art::Shoot, Ratio::Landscape, "The studio set up for a photo shoot", HALF_COLUMN)) }
                div class="split-body" {
                    p class="eyebrow eyebrow-dark" { "For creators" }
                    h2 class="section-title" id="shoot-title" { "Content Creation & Shoot Hire" }
                    h3 class="mt-6 text-lg font-semibold" { "Our spaces" }
                    (check_list(["A calm, warm-toned yoga studio with natural light", "A functional training floor with HYROX kit", "The Fire & Ice recovery room"]))
                    h3 class="mt-6 text-lg font-semibold" { "Perfect for" }
                    (check_list(["Fitness and wellness brand shoots", "Social media content and reels", "Online classes and workshops", "Product launches"]))
                    a class="btn btn-dark mt-8" href=(enquire()) { "Check Availability" }
                }
            }
        }
        section class="section" aria-labelledby="custom-title" {
            div class="container-page" {
                div class="section-head" {
                    p class="eyebrow eyebrow-dark" { "Made to measure" }
                    h2 class="section-title" id="custom-title" { "Custom offers" }
                }
                (feature_grid(&CUSTOM, 3, "md:grid-cols-3"))
            }
        }
        section class="section section-alt" aria-labelledby="where-title" {
            div class="container-page max-w-3xl text-center" {
                h2 class="section-title" id="where-title" { "Easy to reach" }
                p class="section-lead mx-auto" { (studio.address_line()) ". " (studio.parking) " for your whole team." }
            }
        }
        (cta_banner("Let's build your team's wellness plan", "Tell us about your team and we will put together a day they will love.", html! {
            a class="btn btn-primary" href=(enquire()) { "Get in Touch" }
        }))
    }
}
