//! /meet-the-team: the four instructors from the core. Coaches who offer 1-2-1 sessions get an
//! 'Enquire about 1-2-1' link that opens a pre-filled e-mail naming them.

use maud::{html, Markup};
use onespace_core::content::Studio;
use onespace_core::mail;
use onespace_core::team::TEAM;

use super::components::{cta_banner, monogram, page_hero};
use crate::routes::Page;
use crate::widgets;

/// The page content.
pub fn main(studio: &Studio) -> Markup {
    html! {
        (page_hero("Our coaches", "Meet the Team", "Qualified, friendly and invested in your progress: the people who make One Space feel like home.", html! {
            a class="btn btn-primary" href=(Page::IntroOffer.path()) { "Train With Us" }
        }))
        section class="section" aria-label="Instructors" {
            div class="container-page card-grid md:grid-cols-2" {
                @for (index, member) in TEAM.iter().enumerate() {
                    article class="card team-card" id=(member.id) {
                        (monogram(member.name, index))
                        div class="team-card-body" {
                            h2 class="card-title text-2xl" { (member.name) }
                            p class="team-role" { (member.role) }
                            p class="card-text" { (member.bio) }
                            ul class="tag-list" aria-label={ (member.name) "'s specialties" } {
                                @for specialty in member.specialties { li class="badge badge-soft" { (specialty) } }
                            }
                            @if member.offers121 {
                                a class="btn btn-dark mt-6" href=(mail::one_to_one(&studio.email, member.name)) data-one-to-one=(member.id) { "Enquire about 1-2-1" }
                            }
                        }
                    }
                }
            }
        }
        (cta_banner("Train with the team", "Try every class with our coaches on the 14-day trial.", html! {
            a class="btn btn-primary" href=(Page::IntroOffer.path()) { "Start My 14-Day Trial" }
        }))
        (widgets::dialogs::one_to_one_dialog(studio))
    }
}
