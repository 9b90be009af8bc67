//! The One Space website server.
//!
//! - [`routes`]: the route table, the one source of paths, titles and descriptions.
//! - [`pages`]: every page's content; [`render`]: the layout, islands and JSON embedding.
//! - [`site`]: every page rendered and compressed ahead of requests, swapped whole on a change;
//!   [`calendar`]: renders it again whenever a dated offer starts or ends.
//! - [`app`]: the actix application (`build_app`), shared by `main` and the tests.
//! - [`assets`]: the embedded Vite build; [`http`]: representations and security headers.
//! - [`images`]: the studio's photos made into cached, responsive variants, served at
//!   `/images/`.
//! - [`config`]: flags and environment variables, checked at start.
//! - [`content`]: the studio's content files (prices, offers), read, checked and reloaded.
//! - `dev` (the `dev` feature, `make dev` only): live reload and assets read from disk.
//! - [`static_render`]: `onespace render`, the whole site as static files.
//! - [`enquiries`]: the forms API (JSON and HTML form posts), its protections, the health check
//!   and the export; [`storage`]: SQLite or PostgreSQL with the mail outbox; [`mail`]: the
//!   studio's notification mail and the background worker that delivers it.
//! - [`studio`]: the staff area at `/studio` (sign-in with a second factor, the enquiries
//!   inbox, staff and the audit log); its own wing, wired in by [`app`] and `main` only.

pub mod app;
pub mod assets;
pub mod calendar;
pub mod config;
pub mod content;
#[cfg(feature = "dev")]
pub mod dev;
pub mod enquiries;
pub mod http;
pub mod images;
pub mod mail;
pub mod pages;
pub mod render;
pub mod routes;
pub mod schedule;
pub mod site;
pub mod static_render;
pub mod storage;
pub mod studio;
pub mod widgets;

pub use app::build_app;
pub use config::Config;
pub use site::{LiveSite, Site};
