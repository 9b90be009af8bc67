//! HTTP plumbing shared by every handler: prepared representations, security headers and
//! request logging.

pub mod representation;
pub mod security;

pub use representation::{CachePolicy, Representation};
