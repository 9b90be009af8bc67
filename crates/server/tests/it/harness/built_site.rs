//! The site as `onespace serve` builds it at start, built once for all the tests (one test
//! binary): rendering and compressing every page and asset is the slow part of these tests.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock, PoisonError};

use actix_web::web;
use onespace_server::Config;
use onespace_site::clock::RenderClock;
use onespace_site::LiveSite;

/// The shared site, with the default configuration (the real clock).
pub fn site() -> web::Data<LiveSite> {
    static SITE: OnceLock<web::Data<LiveSite>> = OnceLock::new();
    SITE.get_or_init(|| build(RenderClock::Real)).clone()
}

/// The site as `serve --preview-date PREVIEW` shows it, built once per date.
pub fn site_on(preview: &str) -> web::Data<LiveSite> {
    static SITES: OnceLock<Mutex<HashMap<String, web::Data<LiveSite>>>> = OnceLock::new();
    let clock = RenderClock::from_preview(Some(preview)).expect("a preview date");
    SITES
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .entry(preview.to_owned())
        .or_insert_with(|| build(clock))
        .clone()
}

fn build(clock: RenderClock) -> web::Data<LiveSite> {
    web::Data::new(LiveSite::new(
        onespace_server::build_site(&Config {
            clock,
            ..Config::for_rendering()
        })
        .expect("frontend built (make frontend)"),
        onespace_site::site::BestCompression::Never,
    ))
}
