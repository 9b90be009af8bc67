//! /meet-the-team: the coaches of the studio's `team.toml`. Coaches who offer 1-2-1 sessions get
//! an 'Enquire about 1-2-1' link that opens a pre-filled e-mail naming them. A coach whose photo
//! is prepared shows it (cropped to the card's 3:4 portrait tile, like the stand-in it replaces,
//! so every card's head has the same shape); one without, or whose photo is still being prepared,
//! shows a designed stand-in: their discipline on the brand's colours. The tile sits beside the name and role, so a card is as tall as its
//! text rather than led by a column-wide block.

use maud::{html, Markup};
use onespace_core::content::team::Coach;
use onespace_core::content::Content;
use onespace_core::mail;

use super::components::photo::PORTRAIT_SIZES;
use super::components::{cta_banner, page_hero, picture, portrait_stand_in, Loading};
use crate::render::marks;
use crate::routes::Page;
use crate::widgets;
use onespace_images::Library;

/// The coach's photo if it is named and prepared, else the stand-in naming their discipline
/// (their first specialty, else their role).
pub(crate) fn portrait(coach: &Coach, index: usize, images: &Library, sizes: &str) -> Markup {
    let prepared = coach.photo.as_deref().and_then(|name| images.photo(name));
    match (prepared, &coach.photo_alt) {
        (Some(photo), Some(alt)) => picture(photo, alt, sizes, Loading::Lazy, ""),
        _ => portrait_stand_in(coach.specialties.first().unwrap_or(&coach.role), index),
    }
}

/// The preview's mark of `coach`'s `field` (`name`, `role`, `bio`): a tap on it opens that
/// field of the coach in the staff area's editor (`render::marks`); nothing on a public page.
pub(crate) fn coach_mark(coach: &Coach, field: &str) -> Option<String> {
    marks::field(
        onespace_core::content::File::Team.name(),
        &format!("{}.{field}", coach.id),
    )
}

/// The page content.
pub fn main(content: &Content, images: &Library) -> Markup {
    let studio = &content.studio;
    html! {
        (page_hero("Our coaches", "Meet the Team", "Qualified, friendly and invested in your progress: the people who make One Space feel like home.", html! {
            a class="btn btn-primary" href=(Page::IntroOffer.path()) { "Train With Us" }
        }))
        section class="section" aria-label="Instructors" {
            div class="container-page card-grid md:grid-cols-2" {
                @for (index, member) in content.team.coaches.iter().enumerate() {
                    article class="card team-card" id=(member.id) {
                        div class="team-card-head" {
                            div class="team-portrait" { (portrait(member, index, images, PORTRAIT_SIZES)) }
                            div {
                                h2 class="card-title text-2xl" data-field=[coach_mark(member, "name")] { (member.name) }
                                p class="team-role" data-field=[coach_mark(member, "role")] { (member.role) }
                            }
                        }
                        div class="team-card-body" {
                            p class="card-text" data-field=[coach_mark(member, "bio")] { (member.bio) }
                            ul class="tag-list" aria-label={ (member.name) "'s specialties" } {
                                @for specialty in &member.specialties { li class="badge badge-soft" { (specialty) } }
                            }
                            @if member.one_to_one {
                                a class="btn btn-dark mt-6" href=(mail::one_to_one(&studio.email, &member.name)) data-one-to-one=(member.id) { "Enquire about 1-2-1" }
                            }
                        }
                    }
                }
            }
        }
        (cta_banner("Train with the team", "Try every class with our coaches on the 14-day trial.", html! {
            a class="btn btn-primary" href=(Page::IntroOffer.path()) { "Start My 14-Day Trial" }
        }))
        (widgets::dialogs::one_to_one_dialog(content))
    }
}
