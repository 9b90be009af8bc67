//! Building blocks every page shares: headings at a chosen level, section heads, external links,
//! lists, call-to-action banners, cards, image slots, photos, portrait stand-ins, FAQ accordions, price cards and forms.
//!
//! Pages compose these so the same thing looks and behaves the same everywhere; the classes they
//! write are the component classes in `frontend/src/styles.css`.

pub mod cards;
pub mod classes;
pub mod enquiry_form;
pub mod faq;
pub mod intro;
pub mod investors;
pub mod photo;
pub mod prices;

use maud::{html, Markup};

pub use crate::art::Art;
pub use crate::icons::{icon, Feature, Icon};
pub use cards::{card, feature_card, feature_grid, image_slot, testimonials, Ratio};
pub use faq::{accordion, FaqItem};
pub use photo::{picture, portrait_stand_in, Loading};

/// `<h1>`..`<h6>` by number, so a component can sit at any depth of a page's outline.
pub fn heading(level: u8, class: &str, content: Markup) -> Markup {
    match level {
        0 | 1 => html! { h1 class=(class) { (content) } },
        2 => html! { h2 class=(class) { (content) } },
        3 => html! { h3 class=(class) { (content) } },
        4 => html! { h4 class=(class) { (content) } },
        5 => html! { h5 class=(class) { (content) } },
        _ => html! { h6 class=(class) { (content) } },
    }
}

/// A section's eyebrow, `<h2>` title and optional lead paragraph, on a light background.
pub fn section_head(id: &str, eyebrow: &str, title: &str, lead: Option<&str>) -> Markup {
    html! {
        div class="section-head" {
            @if !eyebrow.is_empty() {
                p class="eyebrow eyebrow-dark" { (eyebrow) }
            }
            h2 class="section-title" id=(id) { (title) }
            @if let Some(lead) = lead {
                p class="section-lead" { (lead) }
            }
        }
    }
}

/// A link to another site (the booking provider, maps, social): a new tab without an opener or
/// referrer, as every external link on the site.
pub fn external(href: &str, class: &str, label: &str) -> Markup {
    html! {
        a class=(class) href=(href) target="_blank" rel="noopener noreferrer" { (label) }
    }
}

/// The studio's e-mail address as a link that, where it must wrap, wraps after the `@` and
/// nowhere else: in a narrow card (the contact page's four at 1440 px) "hello@onespacestudi /
/// o.co.uk" read as a broken address.
pub fn email_link(email: &str) -> Markup {
    let (local, domain) = email.split_once('@').unwrap_or((email, ""));
    html! {
        a class="email-link" href={ "mailto:" (email) } {
            span { (local) "@" } wbr; span { (domain) }
        }
    }
}

/// A list with check marks.
pub fn check_list<I, S>(items: I) -> Markup
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    html! {
        ul class="check-list" {
            @for item in items {
                li { (icon(Icon::Check)) span { (item.as_ref()) } }
            }
        }
    }
}

/// The dark closing banner most pages end with: a heading, a line and its buttons.
pub fn cta_banner(title: &str, text: &str, actions: Markup) -> Markup {
    html! {
        section class="cta-banner" aria-labelledby="cta-banner-title" {
            div class="container-page cta-banner-inner" {
                h2 id="cta-banner-title" class="cta-banner-title" { (title) }
                p class="cta-banner-text" { (text) }
                div class="hero-actions justify-center" { (actions) }
            }
        }
    }
}

/// Said above a table that scrolls sideways on a phone (`.table-cue`, shown only there), so its
/// last columns are not simply cut off.
pub fn table_cue() -> Markup {
    html! {
        p class="table-cue" data-scroll-cue { "Swipe the table sideways for every column" (icon(Icon::Arrow)) }
    }
}

/// The standard page hero: eyebrow, `<h1>`, lead and buttons, over the heat-and-ice backdrop.
pub fn page_hero(eyebrow: &str, title: &str, lead: &str, actions: Markup) -> Markup {
    html! {
        section class="page-hero" {
            (hero_art())
            div class="container-page relative" {
                @if !eyebrow.is_empty() {
                    p class="eyebrow" { (eyebrow) }
                }
                h1 class="page-title" { (title) }
                @if !lead.is_empty() {
                    p class="page-lead" { (lead) }
                }
                div class="hero-actions" { (actions) }
            }
        }
    }
}

/// Decorative rings of heat and ice behind a hero (hidden from assistive technology).
pub fn hero_art() -> Markup {
    html! {
        svg class="hero-art" viewBox="0 0 600 600" width="600" height="600" aria-hidden="true" {
            circle cx="300" cy="300" r="290" class="hero-art-ring" {}
            circle cx="300" cy="300" r="220" class="hero-art-ring" {}
            circle cx="300" cy="300" r="150" class="hero-art-ring hero-art-ring-ice" {}
            circle cx="300" cy="300" r="80" class="hero-art-ring hero-art-ring-ice" {}
        }
    }
}

/// The label of every button that opens the chat assistant.
pub const CHAT_LABEL: &str = "Chat with Our Assistant";

/// A 'Chat with Our Assistant' control. The chat island opens its panel from any element
/// carrying `data-chat-open` (and stops the link); without JavaScript there is no assistant, and
/// the link takes the visitor to /contact, where the studio answers the same questions.
pub fn chat_button(class: &str) -> Markup {
    html! {
        a class=(class) href=(crate::routes::Page::Contact.path()) data-chat-open { (icon(Icon::Chat)) (CHAT_LABEL) }
    }
}
