//! External addresses: purchase, booking, review and social links, written once.
//!
//! Every purchase and booking happens on the booking and payment provider's pages (TeamUp) and
//! opens in a new tab with `rel="noopener noreferrer"` (SPEC section 1, DESIGN "Reading SPEC.md").
//! The server and the islands take these addresses from here only.
//!
//! SPEC does not show the provider's addresses. They have TeamUp's customer-page shape
//! `https://goteamup.com/p/<provider-id>/<page>`, with the provider id written once in
//! [`TEAMUP_PROVIDER_ID`]; the studio confirms the provider id and each product's page before
//! launch, and changing them here changes every button on the site.

use serde::Serialize;

/// The studio's TeamUp provider id (to be confirmed by the studio; see the module doc).
/// Kept as a macro too, so the addresses below are compile-time constants.
macro_rules! provider_id {
    () => {
        "one-space-livingston"
    };
}

/// A TeamUp customer page of this provider.
macro_rules! teamup {
    ($page:literal) => {
        concat!("https://goteamup.com/p/", provider_id!(), "/", $page)
    };
}

/// The studio's TeamUp provider id, used by every TeamUp address and the schedule widget.
pub const TEAMUP_PROVIDER_ID: &str = provider_id!();

/// The provider's page listing every membership (September sale buttons).
pub const MEMBERSHIPS: &str = teamup!("memberships");

// Membership and pack purchase pages are content (`prices.toml`), next to their prices.

/// The 14-day Ultimate Experience at its regular £49 (classes page, intro page, and the timed
/// page once its countdown has run out).
pub const TRIAL: &str = teamup!("memberships/14-day-ultimate-experience");

/// The 14-day trial at the £39 intro price (intro page and service pages while the timer runs).
pub const INTRO_OFFER: &str = teamup!("memberships/14-day-ultimate-experience-intro");

/// The 14-day trial checkout used on the timed 10%-off page while its countdown runs; the
/// visitor enters the page's code there.
pub const TIMED_OFFER: &str = teamup!("memberships/14-day-ultimate-experience-fast-access");

/// 'Book Your Free Consultation' for the 6-week challenge.
pub const CHALLENGE_CONSULTATION: &str = teamup!("appointments/6-week-challenge-consultation");

/// Yoga retreat booking.
pub const RETREAT: &str = teamup!("events/yoga-retreat");

/// Google Maps listing, for 'Leave a Review'.
pub const REVIEW: &str = "https://www.google.com/maps/search/?api=1&query=One+Space+Livingston";

/// Configuration of the provider's embedded schedule widget (SPEC section 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleWidget {
    /// Provider id.
    pub provider_id: &'static str,
    /// Widget type.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// CSS width.
    pub width: &'static str,
    /// Pages the widget may show: the week's schedule and the visitor's account pages.
    pub pages: &'static [&'static str],
    /// The page shown first.
    pub view: &'static str,
    /// Show every venue.
    pub all_venues: bool,
    /// Widget API version.
    pub version: u8,
}

/// The timetable page's widget configuration.
pub const SCHEDULE_WIDGET: ScheduleWidget = ScheduleWidget {
    provider_id: TEAMUP_PROVIDER_ID,
    kind: "specific_pages",
    width: "100%",
    pages: &[
        "schedule.week",
        "upcoming_registrations",
        "profile",
        "memberships",
        "registrations",
        "reservations",
        "referrals",
        "payments",
        "documents",
        "notifications",
        "contact",
    ],
    view: "schedule.week",
    all_venues: true,
    version: 3,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn provider_addresses_share_one_provider_id() {
        let prefix = format!("https://goteamup.com/p/{TEAMUP_PROVIDER_ID}/");
        for url in [
            MEMBERSHIPS,
            TRIAL,
            INTRO_OFFER,
            TIMED_OFFER,
            CHALLENGE_CONSULTATION,
            RETREAT,
        ] {
            assert!(url.starts_with(&prefix), "{url}");
        }
    }
}
