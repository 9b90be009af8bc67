//! The launch check on the staff area's first page, for owners: what still stands between the
//! site and launch day (`onespace launch-check` prints the same list), each item linking to the
//! screen that fixes it. The items are worked out by the server, which knows its settings; this
//! module only carries and shows them. The command names files, fields and settings for whoever
//! runs the server; the owner's panel says each item in plain words ([`Item::plain`]) and links
//! to the screen, never naming a file or a setting.

use std::future::Future;
use std::pin::Pin;

use maud::{html, Markup};

/// How much an item matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// The site must not go live with it.
    Blocker,
    /// Worth fixing, but the site can go live.
    Warning,
}

impl Severity {
    /// `blocker` or `warning`, as the command prints it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Blocker => "blocker",
            Self::Warning => "warning",
        }
    }
}

/// One thing left to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// Blocker or warning.
    pub severity: Severity,
    /// What is wrong, in a sentence.
    pub what: String,
    /// Where to fix it: a content file and field, or a server setting (the command's words).
    pub fix: String,
    /// The item in the owner's words, for the staff area: what is wrong and who fixes it, with
    /// no file, field or setting named.
    pub plain: String,
    /// The staff area's screen that fixes it (`/studio/...`), when one does; server settings
    /// have none.
    pub screen: Option<String>,
}

/// A list being worked out.
pub type Listing = Pin<Box<dyn Future<Output = Vec<Item>>>>;

/// Works the list out on each request, from the live content and the database: added to the app
/// with `.app_data(web::Data::new(...))` by the server; without it the page shows no list.
pub struct LaunchList(Box<dyn Fn() -> Listing + Send + Sync>);

impl LaunchList {
    /// The list `work` gives.
    pub fn new(work: impl Fn() -> Listing + Send + Sync + 'static) -> Self {
        Self(Box::new(work))
    }

    /// The items now.
    pub async fn items(&self) -> Vec<Item> {
        (self.0)().await
    }
}

impl std::fmt::Debug for LaunchList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LaunchList")
    }
}

/// The panel: empty when nothing is left.
pub(crate) fn panel(items: &[Item]) -> Markup {
    if items.is_empty() {
        return html! {};
    }
    let blockers = items
        .iter()
        .filter(|item| item.severity == Severity::Blocker)
        .count();
    html! {
        section class="studio-panel studio-launch" aria-labelledby="launch-check" {
            h2 id="launch-check" { "Launch check" }
            p {
                @if blockers > 0 {
                    (blockers) " blocker(s) stand between the site and launch day, "
                    (items.len() - blockers) " warning(s) are worth a look."
                } @else {
                    "Nothing blocks the launch; " (items.len()) " warning(s) are worth a look."
                }
            }
            ul class="studio-launch-items" {
                @for item in items {
                    li data-severity=(item.severity.as_str()) {
                        strong { (item.severity.as_str()) ": " }
                        (item.plain)
                        @if let Some(screen) = &item.screen {
                            " " a href=(screen) { (screen_name(screen)) }
                        }
                    }
                }
            }
        }
    }
}

/// The link's words for a staff screen: `Edit Booking` for `/studio/content/edit/schedule.toml`.
fn screen_name(screen: &str) -> String {
    match screen {
        "/studio/content/photos" => "Upload photos".to_owned(),
        "/studio/staff" => "Open Staff".to_owned(),
        _ => match screen.strip_prefix("/studio/content/edit/") {
            Some(file) => format!("Edit {}", crate::views::content::title_of(file)),
            None => "Open it".to_owned(),
        },
    }
}
