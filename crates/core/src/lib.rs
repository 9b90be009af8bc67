//! The studio's rules, written once and shared by the server and the browser.
//!
//! This crate has no I/O, no async and no framework types, so it compiles unchanged for the
//! server (x86_64) and for the islands (wasm32, through `onespace-wasm`).
//!
//! - [`money`]: integer pence and the one price formatter.
//! - [`countdown`]: the offer countdowns as pure functions of (now, stored end).
//! - [`studio`]: the studio's contact details and opening hours.
//! - [`links`]: external purchase, booking, review and social addresses.

pub mod countdown;
pub mod links;
pub mod money;
pub mod studio;

pub use money::Pence;
