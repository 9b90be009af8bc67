//! The back-to-school page's fixed bottom bar (SPEC sections 2, 9): hidden until the visitor has
//! scrolled past [`SCROLL_THRESHOLD_PX`], then the page's three offers as links, or on phones
//! as a select that navigates on choice. Without JavaScript it stays hidden; the same links are
//! in the page's hero.

use maud::{html, Markup};
use serde_json::json;

use super::LinkSpec;
use crate::render::{island, Load};

/// Scroll distance after which the bar shows (SPEC: 600 px).
pub const SCROLL_THRESHOLD_PX: u32 = 600;

/// The bar with `links`.
pub fn back_to_school_bar(title: &str, links: &[LinkSpec<'_>]) -> Markup {
    island(
        "BackToSchoolBar",
        Load::Idle,
        &json!({
            "title": title,
            "threshold": SCROLL_THRESHOLD_PX,
            "links": links,
            "selectLabel": "Choose an offer",
            "selectPrompt": "Choose an offer...",
        }),
        html! {
            nav class="offer-bar" aria-label=(title) hidden {
                div class="offer-bar-inner" {
                    p class="offer-bar-title" { (title) }
                    div class="offer-bar-links" {
                        @for link in links {
                            a class="btn btn-outline btn-sm" href=(link.href) { (link.label) }
                        }
                    }
                }
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_is_rendered_hidden_with_its_links() {
        let html = back_to_school_bar(
            "Back to School offers",
            &[LinkSpec {
                label: "Book Zoom Consult",
                href: "/challenge",
            }],
        )
        .into_string();
        assert!(
            html.contains(r#"<nav class="offer-bar" aria-label="Back to School offers" hidden>"#)
        );
        assert!(html.contains(r#""threshold":600"#));
        assert!(html.contains(r#"href="/challenge">Book Zoom Consult</a>"#));
    }
}
