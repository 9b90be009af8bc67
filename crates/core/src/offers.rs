//! Discounts and campaigns: the student, Blue Light and over-60s discount, the year-end 20% off,
//! back-to-school, the September sale and the challenge's sign-up. Their dates, codes and figures
//! are content (`offers.toml`, [`crate::content::offers`]); here are the rules around them.
//!
//! Promo codes are shown on the pages; checking them is the booking provider's job at checkout (SPEC
//! section 5 does not show any checking on the site).
//!
//! The dated ones are [`Campaign`]s: each runs in a [`Window`] of UK calendar days, and the
//! pages show it only while it is live (see [`crate::calendar`]).

use chrono::{DateTime, Utc};

use crate::calendar::{OfferState, Window};
use crate::content::Offers;

/// The concession discount's groups; its percentage is content (`offers.toml`,
/// [`crate::content::offers::Concession`]).
pub mod concession {
    /// Who qualifies; also the discount form's `discountType` options (a rule of the form, so
    /// it stays in the code the WebAssembly module checks the form with).
    pub const GROUPS: [&str; 3] = ["Student", "Blue Light", "Over 60s"];
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
    /// Sign-up for the next 6-week challenge, dated in `offers.toml` to close before it starts.
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

    /// When it runs, as `offers` dates it.
    pub fn window(self, offers: &Offers) -> Window {
        match self {
            Self::BackToSchool => offers.back_to_school.window(),
            Self::SeptemberSale => offers.september_sale.window(),
            Self::YearEnd => offers.year_end.window(),
            Self::ChallengeSignUp => offers.challenge.sign_up(),
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
    pub fn state_at(self, offers: &Offers, now: DateTime<Utc>) -> OfferState {
        self.window(offers).state_at(now)
    }

    /// `The back to school offers start on 1 August 2025.`
    pub fn starts_message(self, offers: &Offers) -> String {
        let verb = if self == Self::BackToSchool {
            "start"
        } else {
            "starts"
        };
        format!(
            "{} {verb} on {}.",
            self.name(),
            self.window(offers).starts.long()
        )
    }

    /// `The September sale ended on 30 September 2024.`
    pub fn ended_message(self, offers: &Offers) -> String {
        format!(
            "{} ended on {}.",
            self.name(),
            self.window(offers).ends.long()
        )
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::calendar::{instant_from_ms, Date, Phase};

    #[test]
    fn every_default_campaign_window_is_a_real_ordered_window_and_all_have_ended_by_late_2026() {
        let offers: Offers = toml::from_str(include_str!("../../../content/offers.toml")).unwrap();
        let late_2026 = instant_from_ms(1_795_435_200_000);
        for campaign in Campaign::ALL {
            let window = campaign.window(&offers);
            assert!(window.checked().is_ok(), "{campaign:?}");
            assert_eq!(campaign.state_at(&offers, late_2026).phase, Phase::Ended);
            assert!(campaign
                .ended_message(&offers)
                .ends_with(&format!("{}.", window.ends.long())));
        }
        assert_eq!(
            Campaign::BackToSchool.starts_message(&offers),
            "The back to school offers start on 1 August 2025."
        );
        assert_eq!(Date::new(2025, 8, 31).short_month(), "Aug");
    }
}
