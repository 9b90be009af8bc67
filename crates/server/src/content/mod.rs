//! The studio's content (prices, offers, contact details, team, FAQ, photos...; see
//! `onespace_core::content`), read from a folder of commented TOML files or from the copy
//! embedded in the binary, and checked like code: every mistake is reported as
//! `FILE line N: field: what is expected`, all of a load's at once.
//!
//! - [`load`]: reading a folder or the embedded default, and `content init`; the check itself is
//!   the core's (`onespace_core::content::check`), shared with the studio's editor.
//! - [`watch`]: live reload on a change in the folder or on SIGHUP.
//! - [`versions`]: the published content in the database, which a server without a folder
//!   serves and follows; [`transfer`]: `content import` and `content export` between a folder
//!   and the database; [`schedules`]: changes scheduled in the studio, published at their time
//!   by whichever node claims them first; [`merge`]: a change put on top of a later version
//!   file by file, for a schedule at its time and a draft brought up to date; [`formats`]: the
//!   content format each version is written in, and the migrations a release brings to it;
//!   [`photos`]: the originals of photos uploaded in the studio.

pub mod formats;
pub mod load;
pub mod merge;
pub mod photos;
pub mod schedules;
pub mod transfer;
pub mod versions;
pub mod watch;

pub use load::{default_content, init, load_dir, Source};
pub use onespace_core::content::check::ContentError;
