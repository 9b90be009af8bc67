//! The document every page shares: head (title, description, canonical, social cards, assets),
//! skip link, header, main content, footer and the site-wide islands (cookie banner).

use chrono::{DateTime, Utc};
use maud::{html, Markup, PreEscaped, DOCTYPE};
use onespace_core::content::Studio;
use onespace_core::{links, studio};

use crate::render::{Document, RenderContext};
use crate::routes::{HeaderMode, Page, NAVIGATION};
use crate::widgets;

/// Path of the designed card used when a page is shared and no photo is given for it.
const SHARE_IMAGE: &str = "/og-image.png";

/// The widest photo variant offered to social networks: large enough for their cards (1200 px
/// is what they recommend), small enough to fetch quickly.
const SHARE_PHOTO_MAX_WIDTH: u32 = 1200;

/// The picture a shared link shows: (absolute URL, width, height, alt text).
fn share_image(context: &RenderContext, document: &Document) -> (String, u32, u32, Option<String>) {
    use onespace_core::content::Place;
    let placed = document
        .main_photo
        .and_then(|place| context.photo_at(place))
        .or_else(|| context.photo_at(Place::Share));
    let variant = placed.and_then(|placed| {
        placed
            .photo
            .of_format(onespace_images::Format::Jpeg)
            .filter(|variant| variant.width <= SHARE_PHOTO_MAX_WIDTH)
            .max_by_key(|variant| variant.width)
            .map(|variant| (placed, variant))
    });
    match variant {
        Some((placed, variant)) => (
            context.absolute(&placed.photo.url(variant)),
            variant.width,
            variant.height,
            Some(placed.alt.to_owned()),
        ),
        None => (context.absolute(SHARE_IMAGE), 1200, 630, None),
    }
}

/// How a document carries the stylesheet.
#[derive(Debug, Clone, Copy)]
pub enum Stylesheet<'a> {
    /// Linked, render-blocking: a page rendered on request (a form post that failed
    /// validation, the studio's preview), by which time the browser has the stylesheet.
    Linked,
    /// These rules inline (the ones the page uses, `super::critical_css`); the whole stylesheet
    /// is named to the entry, which loads it before an island mounts, and linked in
    /// `<noscript>` for a browser without scripts.
    Inline(&'a str),
}

/// Renders the whole HTML document.
pub fn render(context: &RenderContext, document: &Document, stylesheet: Stylesheet<'_>) -> String {
    let canonical = document.path.map(|path| context.absolute(path));
    let current_path = document.path.unwrap_or_default();
    let (share_url, share_width, share_height, share_alt) = share_image(context, document);
    let markup = html! {
        (DOCTYPE)
        html lang="en-GB" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (document.title) }
                meta name="description" content=(document.description);
                @if let Some(canonical) = &canonical {
                    link rel="canonical" href=(canonical);
                    meta property="og:url" content=(canonical);
                }
                @if document.noindex {
                    meta name="robots" content="noindex";
                }
                meta property="og:type" content="website";
                meta property="og:site_name" content=(studio::NAME);
                meta property="og:locale" content="en_GB";
                meta property="og:title" content=(document.title);
                meta property="og:description" content=(document.description);
                meta property="og:image" content=(share_url);
                meta property="og:image:width" content=(share_width);
                meta property="og:image:height" content=(share_height);
                @if let Some(alt) = &share_alt {
                    meta property="og:image:alt" content=(alt);
                }
                meta name="twitter:card" content="summary_large_image";
                meta name="twitter:title" content=(document.title);
                meta name="twitter:description" content=(document.description);
                meta name="twitter:image" content=(share_url);
                meta name="theme-color" content="#1c1412";
                link rel="icon" href="/favicon.svg" type="image/svg+xml";
                link rel="apple-touch-icon" href="/apple-touch-icon.png";
                link rel="manifest" href="/site.webmanifest";
                // Before the stylesheet, so it runs at once: it picks the faces before any
                // layout and starts the entry once the page has painted (`super::start`).
                @match stylesheet {
                    Stylesheet::Linked => {
                        (super::start::script(&context.entry, &[]))
                        @for href in &context.entry.stylesheets {
                            link rel="stylesheet" href=(href);
                        }
                    }
                    Stylesheet::Inline(css) => {
                        (super::start::script(&context.entry, &context.entry.stylesheets))
                        // The page's own rules; site.rs admits them by their hash and never
                        // inlines text that could close the element.
                        style { (PreEscaped(css)) }
                        noscript {
                            @for href in &context.entry.stylesheets {
                                link rel="stylesheet" href=(href);
                            }
                        }
                    }
                }
                // The first frame waits until the page's content is parsed (up to the footer). A
                // phone short of time otherwise paints a half-parsed page (the header without its
                // menu button, a countdown without its time) and then moves it as the rest
                // arrives: layout shift. The page is one small pre-rendered document, so this
                // costs no round trip; browsers without `rel=expect` ignore it.
                link rel="expect" href={ "#" (FOOTER_ID) } blocking="render";
                (dev_head())
                @for block in &document.structured_data {
                    (block)
                }
            }
            body {
                a class="skip-link" href="#main" { "Skip to content" }
                (header(document.header, current_path))
                main id="main" tabindex="-1" { (document.main) }
                (footer(&context.content.studio, copyright_year(context.now)))
                // In a landmark of its own, so the floating control is not outside every landmark.
                aside aria-label="Chat assistant" {
                    (widgets::chat::assistant())
                }
                (widgets::cookie_banner::banner())
            }
        }
    };
    crate::render::hyphens::keep_hyphenated_words_whole(&markup.into_string())
}

/// The live-reload script of `make dev` (see `crate::dev`); nothing in other builds.
#[cfg(feature = "dev")]
fn dev_head() -> Markup {
    crate::dev::head()
}

#[cfg(not(feature = "dev"))]
fn dev_head() -> Markup {
    html! {}
}

/// The logo mark: a circle half heat, half ice. The page shows it twice (header and footer), so
/// its gradients' ids carry `place` (`header`, `footer`): ids are unique in a page.
fn logo(place: &str) -> Markup {
    let heat = format!("logo-heat-{place}");
    let ice = format!("logo-ice-{place}");
    html! {
        span class="logo" {
            svg class="logo-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" {
                defs {
                    linearGradient id=(heat) x1="0" y1="0" x2="0" y2="1" {
                        stop offset="0" stop-color="#ff8a3d" {}
                        stop offset="1" stop-color="#e0452b" {}
                    }
                    linearGradient id=(ice) x1="0" y1="0" x2="0" y2="1" {
                        stop offset="0" stop-color="#bfe9ff" {}
                        stop offset="1" stop-color="#5ab4e5" {}
                    }
                }
                path d="M16 2a14 14 0 0 0 0 28z" fill={ "url(#" (heat) ")" } {}
                path d="M16 2a14 14 0 0 1 0 28z" fill={ "url(#" (ice) ")" } {}
                circle cx="16" cy="16" r="6" fill="#1c1412" {}
            }
            span class="logo-word" { "One " span class="text-ember-400" { "Space" } }
        }
    }
}

fn nav_links(current: &str, class: &str) -> Markup {
    html! {
        ul class=(class) {
            @for (label, page) in NAVIGATION {
                li {
                    @if page.path() == current {
                        a href=(page.path()) aria-current="page" { (label) }
                    } @else {
                        a href=(page.path()) { (label) }
                    }
                }
            }
        }
    }
}

fn header(mode: HeaderMode, current_path: &str) -> Markup {
    let start_today = Page::IntroOffer.path();
    html! {
        header class="site-header" {
            div class="site-header-inner" {
                a href=(Page::Home.path()) class="site-logo" aria-label="One Space home" { (logo("header")) }
                @if mode == HeaderMode::Full {
                    nav class="desktop-nav" aria-label="Main" {
                        (nav_links(current_path, "desktop-nav-list"))
                    }
                }
                div class="header-actions" {
                    a class="btn btn-primary btn-sm" href=(start_today) { "Start Today" }
                    @if mode == HeaderMode::Full {
                        details class="mobile-menu" data-mobile-menu {
                            summary class="mobile-menu-toggle" aria-label="Menu" {
                                svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" {
                                    path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" stroke-width="2" stroke-linecap="round" {}
                                }
                            }
                            nav class="mobile-nav" aria-label="Mobile" {
                                (nav_links(current_path, "mobile-nav-list"))
                                a class="btn btn-primary w-full" href=(start_today) { "Start Today" }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The year of the copyright line: the render instant's year in the UK (the calendar thread
/// renders the site again at midnight on 1 January, UK time).
fn copyright_year(now: DateTime<Utc>) -> i32 {
    use chrono::Datelike;
    onespace_core::calendar::london_time(now).year()
}

/// The footer's Explore links: pages the main navigation leaves out, and the two a visitor
/// looks for most.
const EXPLORE: [(&str, Page); 7] = [
    ("About", Page::About),
    ("Meet the Team", Page::MeetTheTeam),
    ("Our Classes", Page::OurClasses),
    ("Timetable", Page::Timetable),
    ("Yoga Retreat", Page::YogaRetreat),
    ("Founder Memberships", Page::FounderMemberships),
    ("Invest in One Space", Page::InvestInOneSpace),
];

/// The footer's Info links (SPEC).
const INFO: [(&str, Page); 4] = [
    ("Memberships", Page::Memberships),
    ("14-Day Trial", Page::IntroOffer),
    ("FAQ", Page::Faq),
    ("Terms & Conditions", Page::Terms),
];

/// A footer list of links.
fn footer_links(links: &[(&str, Page)]) -> Markup {
    html! {
        ul class="footer-list" {
            @for (label, page) in links {
                li { a href=(page.path()) { (label) } }
            }
        }
    }
}

/// The footer's id: the first frame waits for it (`rel=expect` in the head).
const FOOTER_ID: &str = "site-footer";

fn footer(contact: &Studio, year: i32) -> Markup {
    let address = &contact.address;
    html! {
        footer class="site-footer" id=(FOOTER_ID) {
            div class="site-footer-grid" {
                div class="footer-brand" {
                    a href=(Page::Home.path()) class="site-logo" aria-label="One Space home" { (logo("footer")) }
                    p class="footer-tagline" { (studio::TAGLINE) }
                }
                div {
                    h2 class="footer-heading" { "Classes" }
                    // Plain text, as SPEC has them ("not linked"), styled as a list of names
                    // rather than links.
                    ul class="footer-list footer-names" {
                        @for class in ["Hot Yoga", "Pilates", "Group PT", "HYROX", "Fire & Ice"] {
                            li { (class) }
                        }
                    }
                }
                // Pages the main navigation leaves out (About, Meet the Team, the retreat, founder
                // memberships, the investor page) and the two a visitor looks for most, so every
                // page can be reached from every page.
                nav class="footer-explore" aria-label="Explore" {
                    h2 class="footer-heading" { "Explore" }
                    (footer_links(&EXPLORE))
                }
                div {
                    h2 class="footer-heading" { "Info" }
                    (footer_links(&INFO))
                }
                div class="footer-contact" {
                    h2 class="footer-heading" { "Contact" }
                    address class="footer-list not-italic" {
                        span class="block" { (address.street) }
                        span class="block" { (address.locality) ", " (address.region) " " (address.postcode) }
                        a class="block" href={ "mailto:" (contact.email) } { (contact.email) }
                        a class="block" href=(contact.social.url) target="_blank" rel="noopener noreferrer" { (contact.social.handle) }
                        a class="block" href=(contact.tel_link()) { (contact.phone.display) }
                    }
                    a class="btn btn-outline btn-sm mt-4" href=(links::REVIEW) target="_blank" rel="noopener noreferrer" { "Leave a Review" }
                }
            }
            div class="site-footer-bottom" {
                p { "© " (year) " One Space. All rights reserved." }
                p class="footer-legal" {
                    a href=(Page::Terms.path()) { "Terms" }
                    a href=(Page::Faq.path()) { "FAQ" }
                    a href=(Page::Privacy.path()) { "Privacy" }
                }
            }
        }
    }
}
