//! The public website: everything a visitor or a crawler is answered with, rendered ahead of
//! requests from the content, the timetable copy and the photos it is given. It never reaches
//! the database: what it shows comes in through [`RenderContext`], and the tasks that change
//! that context (a publish, a new timetable copy, an offer's start) live in the server crate.
//!
//! - [`routes`]: the route table, one row per page: path, title, description, header, form,
//!   campaign, main photo and landing content.
//! - [`pages`]: every page's content; [`layout`]: the document around each page and [`start`]
//!   its start script; [`render`]: what a page is rendered from, islands and JSON embedding;
//!   [`widgets`]: the islands' server markup and props.
//! - [`site`]: every page rendered and compressed ahead of requests, swapped whole on a change
//!   ([`LiveSite`]).
//! - [`assets`]: the embedded Vite build; [`static_render`]: `onespace render`.
//! - [`clock`]: the instant pages are rendered for (the real clock or a preview date);
//!   [`widget_source`]: where the schedule widget comes from; [`critical_css`]: the stylesheet
//!   rules a page uses, inlined.
//! - `dev` (the `dev` feature, `make dev` only): live reload and assets read from disk.

pub mod art;
pub mod assets;
pub mod clock;
pub mod critical_css;
#[cfg(feature = "dev")]
pub mod dev;
pub mod icons;
pub mod landings;
pub mod layout;
pub mod pages;
pub mod render;
pub mod routes;
pub mod site;
pub mod start;
pub mod static_render;
pub mod widget_source;
pub mod widgets;

pub use render::RenderContext;
pub use site::{LiveSite, Site};

/// Shared state of every worker: the site being served (each request reads its current
/// rendering).
pub type SiteData = actix_web::web::Data<LiveSite>;
