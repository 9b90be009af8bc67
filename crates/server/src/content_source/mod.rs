//! Where the content files come from when the database does not serve them: a folder of
//! commented TOML files (`--content DIR`, watched: `crate::tasks::content_watch`) or the copy
//! embedded in the binary (`onespace_core::content::embedded`), checked like code: every
//! mistake is reported as `FILE line N: field: what is expected`, all of a load's at once.
//!
//! - [`load`]: reading a folder or the embedded default, and `content init`; the check itself is
//!   the core's (`onespace_core::content::check`), shared with the staff area's editor.
//! - [`transfer`]: `content import` and `content export` between a folder and the database's
//!   published versions (`onespace_store::published`).

pub mod load;
pub mod transfer;

pub use load::{default_content, init, load_dir, Source};
pub use onespace_core::content::check::ContentError;
