//! Server-side builders of island markup: each returns the island element (component name, load
//! strategy, JSON props) around a working fallback for visitors without JavaScript. The React
//! components they name live in `frontend/src/islands`; where a component takes over markup in
//! the same box (forms, countdowns, the chat button) the fallback here is the component's first
//! render, so mounting moves nothing.
//!
//! - [`cookie_banner`]: the site-wide cookie banner (server markup and a plain script, no island).
//! - [`chat`]: the site-wide chat assistant and the 'Chat with Our Assistant' buttons.
//! - [`dialogs`]: the discount and 1-2-1 dialogs with their mailto triggers, the drop-in link.
//! - [`form`]: the island around the pages' enquiry forms (contact, investment interest, investor
//!   contact, membership) and the founder page's membership modal.
//! - [`countdown`]: the intro-offer countdown (intro and service pages) and the timed 10%-off
//!   offer.
//! - [`schedule`]: the TeamUp timetable widget and its one configuration place.
//! - [`offer_bar`]: the back-to-school page's bottom bar.

pub mod chat;
pub mod cookie_banner;
pub mod countdown;
pub mod dialogs;
pub mod enquiry_form;
pub mod offer_bar;
pub mod schedule;

/// A link's label and address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct LinkSpec<'a> {
    /// Visible text.
    pub label: &'a str,
    /// Address.
    pub href: &'a str,
}
