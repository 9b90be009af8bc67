//! The studio's rules, written once and shared by the server and the browser.
//!
//! This crate has no I/O, no async and no framework types, so it compiles unchanged for the
//! server (x86_64) and for the islands (wasm32, through `onespace-wasm`).
//!
//! - [`money`]: [`Pence`], integer money, and the one price formatter (`£62.50`, `£1,112`).
//! - [`calendar`]: UK time and the state of a dated offer at an instant ([`calendar::Window`]).
//! - [`content`]: the studio's content files' types and checks: prices ([`content::Prices`]),
//!   memberships, session packs, the trial, the founder discount.
//! - [`mod@catalogue`]: the trial's terms, the intro and timed offers, Fire & Ice, the 6-week
//!   challenge.
//! - [`founder`]: founder plans ([`founder::FounderPlan`]), 20% off for life.
//! - [`offers`]: the campaigns' rules (their figures are content, `offers.toml`) and
//!   [`offers::Date`].
//! - [`invest`]: investment tiers ([`invest::Tier`]), the raise, loan and forecast.
//! - [`policy`]: booking and cancellation rules.
//! - [`countdown`]: the offer countdowns as pure functions of (now, stored end).
//! - [`forms`]: the seven forms' schemas, validation ([`forms::validate`]), messages and the
//!   posted body [`forms::Enquiry`].
//! - [`chat`]: the chat assistant's keyword matching and replies ([`chat::respond`]).
//! - [`mail`]: `mailto:` link builders.
//! - [`studio`]: the studio's name and tagline (its contact details, hours and team are
//!   [`content`]).
//! - [`links`]: every external address (booking provider, review), in one place.
//! - [`timetable`]: the timetable filters (class type and day) and their page address.

pub mod calendar;
pub mod catalogue;
pub mod chat;
pub mod content;
pub mod countdown;
pub mod forms;
pub mod invest;
pub mod links;
pub mod mail;
pub mod money;
pub mod offers;
pub mod policy;
pub mod studio;
pub mod timetable;

pub use chat::{respond as chat_reply, ChatReply};
pub use countdown::CountdownState;
pub use forms::{Enquiry, FormName};
pub use money::Pence;
