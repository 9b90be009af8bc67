//! Discounts and campaigns: the student, Blue Light and over-60s discount, the year-end 20% off,
//! back-to-school, the September sale and the yoga retreat.
//!
//! Promo codes are shown here; checking them is the booking provider's job at checkout (SPEC
//! section 5 does not show any checking on the site).
//!
//! The dated ones are [`Campaign`]s: each runs in a [`Window`] of UK calendar days, and the
//! pages show it only while it is live (see [`crate::calendar`]).

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::calendar::{OfferState, Window};

/// A calendar date, for offer deadlines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Date {
    /// Year.
    pub year: u16,
    /// Month, 1-12.
    pub month: u8,
    /// Day of the month.
    pub day: u8,
}

const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

impl Date {
    /// A date (not checked; the constants below are real dates).
    pub const fn new(year: u16, month: u8, day: u8) -> Self {
        Self { year, month, day }
    }

    /// `2025-12-31`.
    pub fn iso(self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }

    /// `31 December 2025`.
    pub fn long(self) -> String {
        let month = MONTH_NAMES
            .get(usize::from(self.month).saturating_sub(1))
            .copied()
            .unwrap_or_default();
        format!("{} {month} {}", self.day, self.year)
    }

    /// `31/12/2025`.
    pub fn short(self) -> String {
        format!("{:02}/{:02}/{}", self.day, self.month, self.year)
    }
}

/// 20% off recurring memberships for students, Blue Light holders and over-60s.
pub mod concession {
    /// Discount on recurring memberships, per cent.
    pub const PERCENT_OFF: u64 = 20;
    /// Who qualifies; also the discount form's `discountType` options.
    pub const GROUPS: [&str; 3] = ["Student", "Blue Light", "Over 60s"];

    /// The contact page's discount card text.
    pub fn summary() -> String {
        format!(
            "Students, Blue Light holders and over 60s get {PERCENT_OFF}% off recurring \
             memberships. We'll give you your code once we've confirmed your details."
        )
    }
}

/// Year-end campaign on the memberships page.
pub mod year_end {
    use super::Date;

    /// Discount on all memberships, per cent.
    pub const PERCENT_OFF: u64 = 20;
    /// The code. SPEC shows the campaign's code only as valid to 31 December 2025; the
    /// back-to-school offer's code 2025 gives the same 20% over the same period, so the site
    /// shows that one code for both.
    pub const CODE: &str = super::back_to_school::CODE;
    /// Last day the code works.
    pub const VALID_UNTIL: Date = Date::new(2025, 12, 31);
    /// When the campaign runs. SPEC gives only its end; a year-end campaign opens with
    /// November, when the studio starts promoting the new year.
    pub const WINDOW: super::Window = super::Window::new(Date::new(2025, 11, 1), VALID_UNTIL);

    /// `20% off all memberships with code 2025, valid until 31 December 2025`.
    pub fn summary() -> String {
        format!(
            "{PERCENT_OFF}% off all memberships with code {CODE}, valid until {}",
            VALID_UNTIL.long()
        )
    }
}

/// Back-to-school (August) offer.
pub mod back_to_school {
    use super::Date;

    /// Membership discount code, for new members.
    pub const CODE: &str = "2025";
    /// Membership discount, per cent.
    pub const PERCENT_OFF: u64 = 20;
    /// Last day of purchase.
    pub const ENDS: Date = Date::new(2025, 8, 31);
    /// When the offer runs: August, UK time (SPEC's banner: 'Ends 31 Aug').
    pub const WINDOW: super::Window = super::Window::new(Date::new(2025, 8, 1), ENDS);
    /// The membership discount applies to payments up to and including this date.
    pub const PAYMENTS_UNTIL: Date = Date::new(2025, 12, 31);
    /// Extra credits on the qualifying packs, per cent (applied automatically at checkout).
    pub const BONUS_PERCENT: u32 = 20;
    /// Pack sizes that get the bonus (the 30-pack's price is not shown, so it has no card and is
    /// bought in the studio: [`sold_online`]).
    pub const BONUS_PACK_SIZES: [u32; 3] = [20, 30, 50];
    /// The challenge start that comes with the rest of August free.
    pub const CHALLENGE_STARTS: Date = crate::catalogue::challenge::NEXT_START;

    /// Whether a pack of `sessions` is sold online, as a card on /memberships. SPEC names a
    /// 30-pack for the bonus but gives it no price, so the site does not sell it: it is bought
    /// at the studio's desk, and the offer's page says so rather than promise what it cannot sell.
    pub fn sold_online(prices: &crate::content::Prices, sessions: u32) -> bool {
        prices.pack(sessions).is_some()
    }

    /// Credits a qualifying pack gives with the bonus (20 -> 24, 30 -> 36, 50 -> 60);
    /// `None` for other packs.
    pub fn bonus_credits(sessions: u32) -> Option<u32> {
        BONUS_PACK_SIZES
            .contains(&sessions)
            .then(|| sessions + sessions * BONUS_PERCENT / 100)
    }

    /// The red banner: `Ends 31 Aug — Don't miss your Back to School savings`.
    pub fn banner() -> String {
        "Ends 31 Aug \u{2014} Don't miss your Back to School savings".to_owned()
    }
}

/// September sale: 50% off the first month of a £49 membership for a fixed number of spots.
pub mod september_sale {
    use crate::content::prices::{MembershipPlan, Prices};
    use crate::Pence;

    /// Spots offered.
    pub const SPOTS: u32 = 10;
    /// Spots taken (a fixed figure on the page, SPEC section 4).
    pub const TAKEN: u32 = 3;
    /// Spots left: 7.
    pub const LEFT: u32 = SPOTS - TAKEN;
    /// Discount on the first month, per cent.
    pub const PERCENT_OFF: u64 = 50;
    /// The code.
    pub const CODE: &str = "FIFTY";
    /// The membership discounted: the cheapest monthly plan (Lite, £49).
    pub fn plan(prices: &Prices) -> Option<&MembershipPlan> {
        prices.cheapest_monthly()
    }

    /// First-month price of `plan`: £24.50 for £49.
    pub const fn first_month(plan: &MembershipPlan) -> Pence {
        plan.price.less_percent(PERCENT_OFF)
    }
    /// Days from starting within which the free 1-2-1 PT session is booked.
    pub const FREE_PT_WITHIN_DAYS: u32 = 30;
    /// When the sale runs: September 2024, as SPEC dates its announcement.
    pub const WINDOW: super::Window =
        super::Window::new(super::Date::new(2024, 9, 1), super::Date::new(2024, 9, 30));

    /// `10 Available → 3 Gone → Only 7 Left!`
    pub fn spots_message() -> String {
        format!("{SPOTS} Available \u{2192} {TAKEN} Gone \u{2192} Only {LEFT} Left!")
    }

    /// `50% Off First Month + Free PT`
    pub fn headline() -> String {
        format!("{PERCENT_OFF}% Off First Month + Free PT")
    }

    /// `Use code: FIFTY or contact us to apply`
    pub fn code_note() -> String {
        format!("Use code: {CODE} or contact us to apply")
    }
}

/// The offers that run between two dates, each shown only while live.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Campaign {
    /// The August back-to-school offers.
    BackToSchool,
    /// The September sale.
    SeptemberSale,
    /// The year-end 20% off on /memberships.
    YearEnd,
    /// Sign-up for the next 6-week challenge, open until the day before it starts.
    ChallengeSignUp,
}

impl Campaign {
    /// Every campaign.
    pub const ALL: [Self; 4] = [
        Self::BackToSchool,
        Self::SeptemberSale,
        Self::YearEnd,
        Self::ChallengeSignUp,
    ];

    /// When it runs.
    pub fn window(self) -> Window {
        match self {
            Self::BackToSchool => back_to_school::WINDOW,
            Self::SeptemberSale => september_sale::WINDOW,
            Self::YearEnd => year_end::WINDOW,
            Self::ChallengeSignUp => crate::catalogue::challenge::SIGN_UP,
        }
    }

    /// Its name in a sentence: 'The back to school offers ended on ...'.
    pub fn name(self) -> &'static str {
        match self {
            Self::BackToSchool => "The back to school offers",
            Self::SeptemberSale => "The September sale",
            Self::YearEnd => "The year-end offer",
            Self::ChallengeSignUp => "Sign-up for this challenge",
        }
    }

    /// Its state at `now`.
    pub fn state_at(self, now: DateTime<Utc>) -> OfferState {
        self.window().state_at(now)
    }

    /// `The back to school offers start on 1 August 2025.`
    pub fn starts_message(self) -> String {
        let verb = if self == Self::BackToSchool {
            "start"
        } else {
            "starts"
        };
        format!("{} {verb} on {}.", self.name(), self.window().starts.long())
    }

    /// `The September sale ended on 30 September 2024.`
    pub fn ended_message(self) -> String {
        format!("{} ended on {}.", self.name(), self.window().ends.long())
    }

    /// The earliest start or end of any campaign after `now`: when the pages must be rendered
    /// again.
    pub fn next_boundary(now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        Self::ALL
            .iter()
            .filter_map(|campaign| campaign.window().next_boundary(now))
            .min()
    }
}

/// The day yoga retreat.
pub mod retreat {
    use crate::Pence;

    /// Price.
    pub const PRICE: Pence = Pence::pounds(160);
    /// What the member code saves.
    pub const MEMBER_SAVING: Pence = Pence::pounds(20);
    /// Members' price: £140.
    pub const MEMBER_PRICE: Pence = PRICE.minus(MEMBER_SAVING);
    /// Start time as shown.
    pub const STARTS: &str = "10am";
    /// End time as shown.
    pub const ENDS: &str = "5pm";

    /// `10am to 5pm`.
    pub fn hours() -> String {
        format!("{STARTS} to {ENDS}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::calendar::{instant_from_ms, Phase};

    #[test]
    fn the_next_boundary_is_the_earliest_start_or_end_still_ahead() {
        // 15 August 2025: back to school and the challenge sign-up end at midnight BST after
        // 31 August; the year-end campaign starts on 1 November (midnight GMT).
        let august = instant_from_ms(1_755_259_200_000);
        let next = Campaign::next_boundary(august).map(|at| at.timestamp_millis());
        assert_eq!(next, Some(1_756_681_200_000));
        let september = instant_from_ms(1_756_681_200_000);
        let next = Campaign::next_boundary(september).map(|at| at.timestamp_millis());
        assert_eq!(next, Some(1_761_955_200_000));
        // After the year-end campaign nothing is ahead: no re-render is scheduled.
        assert_eq!(
            Campaign::next_boundary(instant_from_ms(1_767_225_600_000)),
            None
        );
    }

    #[test]
    fn every_campaign_window_is_a_real_ordered_window_and_all_have_ended_by_late_2026() {
        let late_2026 = instant_from_ms(1_795_435_200_000);
        for campaign in Campaign::ALL {
            assert!(campaign.window().checked().is_ok(), "{campaign:?}");
            assert_eq!(campaign.state_at(late_2026).phase, Phase::Ended);
            assert!(campaign
                .ended_message()
                .ends_with(&format!("{}.", campaign.window().ends.long())));
        }
        assert_eq!(
            Campaign::BackToSchool.starts_message(),
            "The back to school offers start on 1 August 2025."
        );
    }
}
