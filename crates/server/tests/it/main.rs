//! The server's integration tests, in one test binary: the crate is compiled and linked once
//! rather than once per file, and the harness's shared parts (the site built in-process, the
//! PostgreSQL servers) are made once for all of them.
//!
//! - `harness`: the real parts the tests drive (the `onespace` binary, PostgreSQL, an SMTP
//!   sink, the booking provider's stand-in, a small HTTP client) and the staff area's sign-in;
//! - `pages`: the public site, in-process and through the binary;
//! - `enquiries`: the forms API, delivery and storage;
//! - `content`: the content folder, its versions in the database, and the studio's photos,
//!   preview and schedules;
//! - `staff_area`: the staff area at /studio;
//! - `operations`: the launch check, backups and their restore, the server behind Caddy;
//! - `binary`: the binary's command line and what the release build ships;
//! - `layers`: the crate graph keeps its direction (docs/ARCHITECTURE.md);
//! - `visitors`: what the site counts of its visitors, in the store and through the binary;
//! - `html_checker`: every page, in every state, is valid HTML to the W3C checker. It takes a
//!   minute or two, and libtest starts tests in the order of their names: named to start early,
//!   it runs beside the others rather than alone at the end.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod harness;

mod binary;
mod content;
mod enquiries;
mod html_checker;
mod layers;
mod operations;
mod pages;
mod staff_area;
mod visitors;
