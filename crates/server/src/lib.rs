//! The One Space website server: the `onespace` binary's library, which wires the crates below
//! it into one application and runs what happens in the background.
//!
//! - [`app`]: the actix application (`build_app`), shared by `main` and the tests: the public
//!   pages (`onespace_site`), the forms API ([`enquiries`]) and the staff area
//!   (`onespace_backoffice`).
//! - [`config`]: flags and environment variables, checked at start.
//! - [`content_source`]: the content read from a folder or the embedded copy.
//! - [`enquiries`]: the forms API (JSON and HTML form posts), its protections and the health
//!   check; [`mail`]: the studio's notification mail and the worker that delivers it.
//! - [`launch`]: the launch check (`onespace launch-check`, and the staff area's first page);
//!   [`backup`]: the database's backups, nightly and before a migration, and their restore.
//! - [`timetable`]: the booking provider's client (TeamUp), its configuration and check.
//! - [`visitors`]: what the site counts of its visitors (page views, landings, purchase clicks,
//!   enquiries; consented visits' steps), in memory then in batches.
//! - [`tasks`]: every task that renders the site again (calendar, content watch and follow,
//!   photos, timetable refresh).
//!
//! The crates, bottom up: `onespace_core` (every visible rule), `onespace_http`,
//! `onespace_store` (the database), `onespace_images`, `onespace_site` (the public pages),
//! `onespace_backoffice` (the staff area); docs/ARCHITECTURE.md draws the graph.

pub mod app;
pub mod backup;
pub mod config;
pub mod content_source;
pub mod enquiries;
pub mod launch;
pub mod mail;
pub mod tasks;
pub mod timetable;
pub mod visitors;

pub use app::build_app;
pub use config::Config;
pub use onespace_site::site::{BuildError, ContentErrors};
use onespace_site::Site;

/// Reads the content the configuration names (a folder or the embedded copy), then renders and
/// prepares every page from it.
pub fn build_site(config: &Config) -> Result<Site, BuildError> {
    let content = config.content.load().map_err(ContentErrors)?;
    build_site_with(config, content)
}

/// [`build_site`] from content already read (the database's live version).
pub fn build_site_with(
    config: &Config,
    content: onespace_core::content::Content,
) -> Result<Site, BuildError> {
    Site::build(&config.site_settings(), content)
}
