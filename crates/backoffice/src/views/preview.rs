//! The preview of the site: the bar at the top of each previewed page, and the studio pages
//! shown instead when a preview cannot be rendered.

use maud::html;

use super::content::{mistakes_panel, title_of, Mistake};
use super::page;
use super::Chrome;

/// Which content a preview shows.
pub enum Previewed {
    /// The person's draft, started from this version.
    Draft {
        /// The version it started from.
        base: i64,
    },
    /// The live version, this number.
    Live {
        /// Its number.
        number: i64,
    },
    /// The content folder the server was started with (the database's versions are not
    /// served then).
    Folder,
}

/// The bar on top of a previewed page.
pub struct PreviewBar<'a> {
    /// The content shown.
    pub previewed: Previewed,
    /// When it is shown as of, in words (`Mon 15 Sep 2025, 14:30`).
    pub when: &'a str,
    /// Whether that instant was chosen (otherwise it is now, each page as it is opened).
    pub chosen: bool,
    /// The date field's value (`2025-09-15`).
    pub date: &'a str,
    /// The time field's value, 24-hour clock (`14:30`).
    pub time: &'a str,
    /// The page shown (`/memberships`).
    pub path: &'a str,
    /// Every page of the site as (path, name), in the route table's order.
    pub pages: &'a [(&'static str, &'static str)],
    /// The same page and instant with the other content (draft or live), when there is one.
    pub other: Option<(&'static str, String)>,
    /// Whether the person has a draft to review.
    pub has_draft: bool,
}

/// The bar: what is previewed and as of when, and the way to review the draft, on one line
/// (on a phone the version and the instant are left to screen readers and the "Change" panel,
/// so the previewed page keeps the screen); the form to choose another page, date or time, and
/// the other links, open under "Change". A `noindex` page of the staff area, so it can say so
/// plainly.
pub fn bar(bar: &PreviewBar<'_>) -> String {
    let (what, version) = match bar.previewed {
        Previewed::Draft { base } => (
            "Preview of your draft",
            format!(" (started from version {base})"),
        ),
        Previewed::Live { number } => ("Preview of the live version", format!(" {number}")),
        Previewed::Folder => ("Preview of the content folder", " being served".to_owned()),
    };
    html! {
        script src="/studio/content/preview-edit.js" defer {}
        aside class="studio-preview-bar" aria-label="Preview" {
            div class="container-page studio-preview-inner" {
                p class="studio-preview-what" {
                    strong { (what) }
                    span class="studio-preview-long" {
                        (version) ", "
                        @if bar.chosen { "as on " (bar.when) " UK time." } @else { "as it is now (" (bar.when) " UK time)." }
                    }
                }
                @if bar.has_draft {
                    a class="studio-preview-review" href="/studio/content/draft" { "Review" span class="studio-preview-long" { " your draft" } }
                }
                details class="studio-preview-more" {
                    summary { "Change" }
                    p { "Only staff signed in to the studio can see this preview." }
                    nav class="studio-preview-links" aria-label="Studio" {
                        @if let Some((label, href)) = &bar.other { a href=(href) { (label) } }
                        a href="/studio/content" { "Edit the content" }
                    }
                    form class="studio-preview-form" method="get" action=(crate::preview::PREFIX) {
                        @if matches!(bar.previewed, Previewed::Live { .. }) {
                            input type="hidden" name="of" value="live";
                        }
                        label class="studio-preview-field" {
                            span { "Page" }
                            select name="page" {
                                @for (path, name) in bar.pages {
                                    option value=(path) selected[*path == bar.path] { (name) }
                                }
                            }
                        }
                        label class="studio-preview-field" {
                            span { "Date" }
                            input type="date" name="date" value=(bar.date) required min="2000-01-01" max="2100-12-31";
                        }
                        label class="studio-preview-field" {
                            span { "Time (24-hour)" }
                            input type="text" name="time" value=(bar.time) inputmode="numeric" pattern="([01]?[0-9]|2[0-3]):[0-5][0-9]" placeholder="14:30" size="5" maxlength="5" autocomplete="off";
                        }
                        button class="btn btn-sm btn-primary" type="submit" { "Show" }
                    }
                }
            }
        }
    }
    .into_string()
}

/// The page shown instead of a preview of a draft with mistakes: the site cannot be rendered
/// from it, and the mistakes say why.
pub fn cannot_render(
    chrome: &Chrome<'_>,
    mistakes: &[Mistake],
    files: &[&str],
    live_preview: &str,
) -> String {
    page(
        chrome,
        "Your draft cannot be previewed yet",
        html! {
            p { a class="studio-back" href="/studio/content" { "All content" } }
            h1 class="studio-title" { "Your draft cannot be previewed yet" }
            p class="studio-lead" { "The site is only rendered from content that passes the check: correct these mistakes first, then preview again." }
            (mistakes_panel(mistakes))
            ul class="studio-file-list" {
                @for file in files {
                    li { a href=(format!("/studio/content/edit/{file}")) { "Edit " (title_of(file)) } }
                }
            }
            p { a href="/studio/content/draft" { "Review your draft" } " · " a href=(live_preview) { "Preview the live version instead" } }
        },
    )
}

/// A preview refused (no such page, a date that does not read), with the way back.
pub fn refused(chrome: &Chrome<'_>, title: &str, text: &str) -> String {
    page(
        chrome,
        title,
        html! {
            div class="studio-panel studio-narrow" {
                h1 class="studio-title" { (title) }
                p { (text) }
                p { a class="link-arrow" href=(crate::preview::PREFIX) { "Preview the home page now" } }
                p { a class="link-arrow" href="/studio/content" { "Back to the content" } }
            }
        },
    )
}
