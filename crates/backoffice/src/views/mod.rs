//! The staff area's templates. Each renders only what it is given (no handler, storage or
//! wiring is reachable from here), in the site's stylesheet, and works as a plain form without
//! scripts, on a phone at 390 px as on a desktop. The content editor's page alone adds a script
//! ([`Chrome::with_script`]): the form drawn from the content's types over the plain one.

pub mod account;
pub mod audit;
pub mod chart;
pub mod content;
pub mod inbox;
pub mod photos;
pub mod preview;
pub mod schedules;
pub mod sign_in;
pub mod staff;
pub mod visitors;

use chrono::{DateTime, Utc};
use maud::{html, Markup, DOCTYPE};

use onespace_site::assets::EntryLinks;

/// What every page of the area shows around its content.
pub struct Chrome<'a> {
    stylesheets: &'a [String],
    signed_in: Option<SignedIn<'a>>,
    script: Option<&'a EntryLinks>,
}

struct SignedIn<'a> {
    email: &'a str,
    owner: bool,
    csrf: &'a str,
}

impl<'a> Chrome<'a> {
    /// For someone not signed in: no navigation.
    pub fn public(stylesheets: &'a [String]) -> Self {
        Self {
            stylesheets,
            signed_in: None,
            script: None,
        }
    }

    /// For a signed-in staff member: the area's navigation (owners also see Staff and Audit
    /// log) and the sign-out button carrying the session's form token.
    pub fn signed_in(
        stylesheets: &'a [String],
        email: &'a str,
        owner: bool,
        csrf: &'a str,
    ) -> Self {
        Self {
            stylesheets,
            signed_in: Some(SignedIn { email, owner, csrf }),
            script: None,
        }
    }

    /// The page also runs `script` (an entry of the frontend build, with its own stylesheets
    /// and preloads).
    pub fn with_script(self, script: Option<&'a EntryLinks>) -> Self {
        Self { script, ..self }
    }

    /// The session's form token (empty when not signed in).
    pub fn csrf(&self) -> &str {
        self.signed_in
            .as_ref()
            .map_or("", |signed_in| signed_in.csrf)
    }
}

/// The hidden form-token field every form of the area carries.
pub fn csrf_field(token: &str) -> Markup {
    html! { input type="hidden" name="csrf" value=(token); }
}

/// A whole page of the area.
pub fn page(chrome: &Chrome<'_>, title: &str, main: Markup) -> String {
    html! {
        (DOCTYPE)
        html lang="en-GB" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " · One Space studio" }
                meta name="robots" content="noindex, nofollow";
                link rel="icon" href="/favicon.svg" type="image/svg+xml";
                @for href in chrome.stylesheets {
                    link rel="stylesheet" href=(href);
                }
                @if let Some(script) = chrome.script {
                    @for href in script.stylesheets.iter().filter(|href| !chrome.stylesheets.contains(href)) {
                        link rel="stylesheet" href=(href);
                    }
                    @for href in &script.module_preloads {
                        link rel="modulepreload" href=(href);
                    }
                    script type="module" src=(script.script) {}
                }
            }
            body class="studio-body" {
                a class="skip-link" href="#main" { "Skip to content" }
                header class="studio-header" {
                    div class="container-page studio-header-inner" {
                        a class="studio-brand" href="/studio" { "One Space " span class="studio-brand-area" { "studio" } }
                        @if let Some(signed_in) = &chrome.signed_in {
                            nav class="studio-nav" aria-label="Studio" {
                                a href="/studio/enquiries" { "Enquiries" }
                                a href="/studio/content" { "Content" }
                                a href="/studio/visitors" { "Visitors" }
                                @if signed_in.owner {
                                    a href="/studio/staff" { "Staff" }
                                    a href="/studio/audit" { "Audit log" }
                                }
                                a href="/studio/account" { "Account" }
                            }
                            form class="studio-sign-out" method="post" action="/studio/sign-out" {
                                (csrf_field(signed_in.csrf))
                                span class="studio-who" { (signed_in.email) }
                                button class="btn btn-sm btn-outline" type="submit" { "Sign out" }
                            }
                        }
                    }
                }
                main id="main" class="container-page studio-main" {
                    (main)
                }
            }
        }
    }
    .into_string()
}

/// A page with a heading and a sentence (refusals, confirmations).
pub fn message_page(chrome: &Chrome<'_>, title: &str, text: &str) -> String {
    page(
        chrome,
        title,
        html! {
            div class="studio-panel studio-narrow" {
                h1 class="studio-title" { (title) }
                p { (text) }
                p { a class="link-arrow" href="/studio" { "Back to the staff area" } }
            }
        },
    )
}

/// A field's error under it, tied to the input by `id`.
pub fn field_error(id: &str, error: Option<&str>) -> Markup {
    html! {
        @if let Some(error) = error {
            p class="field-error" id=(format!("{id}-error")) { (error) }
        }
    }
}

/// An instant as the studio reads it: UK time, `24 Nov 2026, 17:05`.
pub fn uk_time(ms: i64) -> String {
    DateTime::<Utc>::from_timestamp_millis(ms)
        .map(|instant| {
            onespace_core::calendar::london_time(instant)
                .format("%-d %b %Y, %H:%M")
                .to_string()
        })
        .unwrap_or_default()
}

/// An instant as a machine reads it, for `<time datetime>`.
pub fn iso(ms: i64) -> String {
    onespace_store::format_utc(ms)
}
