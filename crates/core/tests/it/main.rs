//! The core's integration tests, in one test binary (linked once):
//!
//! - `spec_figures`: every figure SPEC quotes, computed from the repository's content;
//! - `vectors`: the test vectors the WebAssembly build runs too (`tests/vectors.json`);
//! - `content_check` (the `check` feature): the content check on the repository's content and
//!   on the shared mistakes (`tests/vectors/content-check.json`).

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod chat_questions;
#[cfg(feature = "check")]
mod content_check;
mod spec_figures;
mod vectors;
