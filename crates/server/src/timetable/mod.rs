//! The class timetable, read from the booking provider (TeamUp) and shown in the site's own pages.
//!
//! The provider publishes the studio's schedule through its events API ([`provider`]), read with
//! the studio's API key ([`Credentials`], configuration, a secret). Without a key nothing is
//! asked and the pages show their fallback (the provider's own schedule page). A background
//! task (`crate::tasks::timetable_refresh`) fetches the next
//! `onespace_core::timetable::WINDOW_DAYS` days every [`DEFAULT_REFRESH`] (SPEC's five-minute
//! freshness), each request bounded by [`REQUEST_TIMEOUT`], and retries with growing pauses
//! when the provider fails. Each good copy is stored in the database (so a restart while the
//! provider is down still shows classes) and handed to `onespace_site::LiveSite::update`, which
//! re-renders the pages: a visitor's request never waits on the provider, it reads the last
//! rendering from memory.

pub mod check;
pub mod config;
pub mod provider;

use std::time::Duration;

pub use config::{Credentials, RequestMode, ScheduleArgs, ScheduleConfig};

/// Longest wait for one answer of the provider.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(5);

/// Pause between two fetches while the provider answers (SPEC: five-minute freshness).
pub const DEFAULT_REFRESH: Duration = Duration::from_secs(300);
