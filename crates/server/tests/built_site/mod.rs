//! The site as `onespace serve` builds it at start, built once per test binary: rendering and
//! compressing every page and asset is the slow part of these tests.

use std::sync::OnceLock;

use actix_web::web;
use onespace_server::{Config, LiveSite, Site};

/// The shared site, with the default configuration.
pub fn site() -> web::Data<LiveSite> {
    static SITE: OnceLock<web::Data<LiveSite>> = OnceLock::new();
    SITE.get_or_init(|| {
        web::Data::new(LiveSite::new(
            Site::build(&Config::for_rendering()).expect("frontend built (make frontend)"),
        ))
    })
    .clone()
}
