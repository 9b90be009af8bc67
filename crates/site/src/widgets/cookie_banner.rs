//! The site-wide cookie banner (SPEC section 4): rendered with every page but `hidden`; the
//! client entry (`frontend/src/site/cookie-banner.ts`) shows it when no choice is stored and
//! wires its two buttons, without React. Painting with the page matters: when the banner waited
//! for React at idle it arrived late and became the largest paint on phones. Without JavaScript
//! it stays hidden: nothing is stored and no analytics can run, so there is nothing to consent to.

use maud::{html, Markup};

use crate::routes::Page;

/// The banner's accessible name.
pub const LABEL: &str = "Cookie consent";

/// The banner, hidden until the client entry decides.
pub fn banner() -> Markup {
    html! {
        section class="cookie-banner" aria-label=(LABEL) data-cookie-banner hidden {
            p class="cookie-banner-text" {
                "We use cookies to see how our site is used and to improve it. Read our "
                a href=(Page::Privacy.path()) { "Privacy Notice" }
                "."
            }
            div class="cookie-banner-actions" {
                button type="button" class="btn btn-outline btn-sm" data-consent="declined" { "Decline" }
                button type="button" class="btn btn-primary btn-sm" data-consent="accepted" { "Accept All" }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_banner_starts_hidden_with_both_choices_and_the_privacy_link() {
        let html = banner().into_string();
        assert!(html.contains(r#"aria-label="Cookie consent" data-cookie-banner hidden"#));
        assert!(html.contains(r#"data-consent="declined">Decline<"#));
        assert!(html.contains(r#"data-consent="accepted">Accept All<"#));
        assert!(html.contains(r#"href="/privacy">Privacy Notice<"#));
    }
}
