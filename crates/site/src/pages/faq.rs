//! /faq: the studio's questions (`faq.toml`), each opening independently, then ways to ask
//! anything else. The page and its FAQPage structured data both read [`items`].

use maud::{html, Markup};
use onespace_core::content::{Content, File};

use super::components::{accordion, chat_button, icon, page_hero, FaqItem, Icon};
use crate::render::marks;
use crate::routes::Page;

/// The studio's questions and answers (`faq.toml`), figures filled in from the content, each
/// marked with its fields for the staff area's preview.
pub fn items(content: &Content) -> Vec<FaqItem> {
    let mark = |index: usize, field: &str| {
        marks::field(File::Faq.name(), &format!("questions[{index}].{field}"))
    };
    content
        .faq
        .items(content)
        .into_iter()
        .enumerate()
        .map(|(index, (question, answer))| {
            FaqItem::new(question, answer).marked([mark(index, "question"), mark(index, "answer")])
        })
        .collect()
}

/// The page content.
pub fn main(content: &Content) -> Markup {
    let studio = &content.studio;
    html! {
        (page_hero("FAQ", "Frequently Asked Questions", "Everything you need to know before your first visit.", html! {
            a class="btn btn-primary" href=(Page::IntroOffer.path()) { "Start My 14-Day Trial" }
        }))
        section class="section" aria-label="Questions and answers" {
            div class="container-page max-w-3xl" {
                (accordion(&items(content), None))
            }
        }
        section class="section section-alt" aria-labelledby="more-title" {
            // Wide enough for the three ways to ask on one line at desktop widths.
            div class="container-page max-w-4xl text-center" {
                h2 class="section-title" id="more-title" { "Still have a question?" }
                p class="section-lead mx-auto" { "Ask our assistant, send us an e-mail or give us a call." }
                div class="hero-actions justify-center" {
                    (chat_button("btn btn-primary"))
                    a class="btn btn-dark" href={ "mailto:" (studio.email) } { (icon(Icon::Mail)) "Email Us" }
                    a class="btn btn-outline" href=(studio.tel_link()) { (icon(Icon::Phone)) "Call " (studio.phone.display) }
                }
            }
        }
    }
}
