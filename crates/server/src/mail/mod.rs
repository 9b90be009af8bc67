//! The studio's notification mail for every stored enquiry.
//!
//! - [`config`]: recipient, sender, SMTP server or `.eml` folder, lease and retry limits, from
//!   environment variables checked at start.
//! - [`message`]: composes the mail; header values are stripped of line breaks and built with
//!   lettre's typed headers, and the HTML part is escaped, so no visitor input can add a header
//!   or markup.
//! - [`transport`]: SMTP (lettre, tokio; STARTTLS or TLS, a login, extra certificate
//!   authorities; every conversation bounded in time) or `.eml` files in the data folder's
//!   `outbox/`.
//! - [`worker`]: the background loop that claims, delivers and marks, and deletes old enquiries.
//!
//! # Delivered once
//!
//! The mail is queued in the same transaction that stores the enquiry, so every acknowledged
//! enquiry has a queued mail and nothing is queued for an enquiry that was not stored. A worker
//! claims a row with a lease (`claimed_until`), so while it is delivering, no other worker on any
//! node takes the row; it marks the row sent only after the SMTP server has accepted the message.
//! Failures release the row with an exponentially growing delay. A worker that dies leaves its
//! claim to expire, and the row is delivered by the next claimer: delivery is at least once.
//!
//! The one window for a second delivery is a crash after the SMTP server accepted the message
//! and before the mark committed; a worker delivers one claimed batch (8 mails) at a time, so a
//! crash repeats at most that batch. Every delivery of an enquiry's mail carries the same
//! `Message-ID` (`<enquiry-{id}@{sender domain}>`), so the mail server or the studio's mail
//! client recognises the repeat as the same message. The `.eml` folder is idempotent outright:
//! each enquiry's file is named by its id and written by rename. A worker checks, before each
//! delivery, that its lease outlasts the SMTP timeout, so a slow batch cannot overrun its lease
//! and let a second worker deliver the same row at the same time. While the database is away after
//! the SMTP server accepted a mail, the worker keeps trying to mark it for as long as its lease
//! holds, so a short database outage does not repeat the mail either.

pub mod config;
pub mod message;
pub mod transport;
pub mod worker;

pub use config::{MailArgs, MailConfig, MailConfigError};
pub use transport::{Deliverer, MailError};
pub use worker::Worker;
