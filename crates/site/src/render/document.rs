//! What every page is rendered from ([`RenderContext`]) and what a page gives the layout
//! ([`Document`]).

use std::borrow::Cow;

use maud::Markup;

use chrono::{DateTime, Utc};

use crate::assets::EntryLinks;
use crate::clock::RenderClock;
use crate::routes::{HeaderMode, Route};

/// What every render needs besides the page itself.
#[derive(Debug, Clone)]
pub struct RenderContext {
    /// Public origin for canonical and Open Graph URLs, without a trailing slash.
    pub public_url: String,
    /// The client entry's script, stylesheets and preloads.
    pub entry: EntryLinks,
    /// Days enquiries are kept, as the privacy notice states.
    pub retention_days: u64,
    /// Days a followed visit's steps are kept (the privacy notice).
    pub visits_retention_days: u64,
    /// Where the schedule widget on /timetable comes from and how it starts.
    pub schedule_widget: crate::widget_source::WidgetSource,
    /// Where the render instant comes from; [`crate::site::LiveSite::update`] reads it again
    /// before each re-render.
    pub clock: RenderClock,
    /// The instant the pages are rendered for: whatever depends on the date (offers, today's
    /// classes) is decided for this instant.
    pub now: DateTime<Utc>,
    /// The last good copy of the class schedule; `None` until one was ever fetched.
    pub timetable: Option<std::sync::Arc<onespace_core::timetable::Timetable>>,
    /// The studio's content (prices, offers), checked; a reload swaps it whole
    /// ([`crate::content::watch`]).
    pub content: std::sync::Arc<onespace_core::content::Content>,
    /// The studio's prepared photos: empty until they are ready (start-up prepares them in the
    /// background and renders the site again, `main.rs`).
    pub images: std::sync::Arc<onespace_images::Library>,
}

impl RenderContext {
    /// The absolute URL of `path`.
    pub fn absolute(&self, path: &str) -> String {
        format!("{}{}", self.public_url, path)
    }
}

/// One page ready for the layout.
pub struct Document {
    /// Document title (owned when worded from the content: an offer's figures).
    pub title: Cow<'static, str>,
    /// Meta description (owned when worded from the content).
    pub description: Cow<'static, str>,
    /// The canonical path; `None` for error pages, which are marked `noindex` instead.
    pub path: Option<&'static str>,
    /// Which header to show.
    pub header: HeaderMode,
    /// JSON-LD blocks for the head.
    pub structured_data: Vec<Markup>,
    /// The content of `<main>`.
    pub main: Markup,
    /// Kept out of search results (`robots: noindex`): error pages, and an offer's page while
    /// the offer is not on.
    pub noindex: bool,
    /// The place of the page's main photo: its picture when the page is shared, once
    /// `photos.toml` gives one (else the site's `share` photo, else the designed card).
    pub main_photo: Option<onespace_core::content::Place>,
}

impl Document {
    /// A document for a row of the route table.
    pub fn for_route(route: &Route, structured_data: Vec<Markup>, main: Markup) -> Self {
        Self {
            title: route.title.into(),
            description: route.description.into(),
            path: Some(route.path),
            header: route.header,
            structured_data,
            main,
            noindex: false,
            main_photo: None,
        }
    }

    /// An error page (not found, unexpected error): full header, not indexed.
    pub fn error_page(title: &'static str, main: Markup) -> Self {
        Self {
            title: title.into(),
            description:
                "One Space: hot yoga, HYROX and recovery studio in Livingston, West Lothian.".into(),
            path: None,
            header: HeaderMode::Full,
            structured_data: Vec::new(),
            main,
            noindex: true,
            main_photo: None,
        }
    }
}
