//! The studio's content (prices, offers, contact details, team, FAQ, photos...; see
//! `onespace_core::content`), read from a folder of commented TOML files or from the copy
//! embedded in the binary, and checked like code: every mistake is reported as
//! `FILE line N: field: what is expected`, all of a load's at once.
//!
//! - [`load`]: reading a folder or the embedded default, and `content init`.
//! - [`errors`]: TOML spans to line numbers and field paths.
//! - [`watch`]: live reload on a change in the folder or on SIGHUP.

pub mod errors;
pub mod load;
pub mod watch;

pub use errors::ContentError;
pub use load::{default_content, init, load_dir, Source};
