//! External addresses that are not the studio's content: the review and social links, and the
//! booking provider's widget settings.
//!
//! Every purchase and booking happens on the booking and payment provider's pages (TeamUp) and
//! opens in a new tab with `rel="noopener noreferrer"` (SPEC section 1, DESIGN "Reading SPEC.md").
//! Those addresses are content: the provider id and its pages in `schedule.toml`
//! ([`crate::content::Schedule`]), each plan's and pack's purchase link in `prices.toml`.

use serde::Serialize;

/// Google Maps listing, for 'Leave a Review'.
pub const REVIEW: &str = "https://www.google.com/maps/search/?api=1&query=One+Space+Livingston";

/// Configuration of the provider's embedded schedule widget (SPEC section 3). SPEC names the
/// settings; their spelling follows the public embeds of TeamUp's widget that were found
/// (`teamup.calendar({provider_id: 1174690, width: "100%", view: "list", target_element_id:
/// "..."})`): snake_case, the provider id a number. The widget itself is not documented by TeamUp.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ScheduleWidget<'a> {
    /// Provider id (`schedule.toml`), a number.
    pub provider_id: u64,
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
    /// The id of the element the widget draws into.
    pub target_element_id: &'a str,
}

/// The timetable page's widget configuration for the studio's provider id, drawn into the
/// element `target_element_id`.
pub const fn schedule_widget(provider_id: u64, target_element_id: &str) -> ScheduleWidget<'_> {
    ScheduleWidget {
        provider_id,
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
        target_element_id,
    }
}
