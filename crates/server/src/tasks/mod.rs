//! The background tasks that change what the public pages are rendered from, each handing its
//! change to `onespace_site::LiveSite::update`, which renders every page again and swaps the
//! site whole. They live here, above the site, so the site never depends on what feeds it.
//!
//! - [`calendar`]: at each dated offer's start and end (and the typical week's next change).
//! - [`content_watch`]: a change in the `--content` folder, or SIGHUP.
//! - [`content_follow`]: a newer published version in the database (every node).
//! - [`photo_prepare`]: the folder photos, prepared at start; [`photo_refresh`]: the uploads
//!   the live content names.
//! - [`timetable_refresh`]: a fresh copy of the provider's timetable.

pub mod calendar;
pub mod content_follow;
pub mod content_watch;
pub mod photo_prepare;
pub mod photo_refresh;
pub mod timetable_refresh;
