//! `schedule.toml`: the studio's account at the booking provider (TeamUp): its provider id,
//! which the class schedule is read with and every booking address is built from, and the
//! provider pages the site's buttons open (the trial, its intro and fast-access checkouts, the
//! membership list, the challenge consultation, the retreat).
//!
//! The purchase links of `prices.toml` are whole addresses (a plan can be sold anywhere); those
//! on the provider's site must be of this provider id, which [`super::Content::validate`]
//! checks, so a change of account cannot leave one button selling on the old one.

use serde::{Deserialize, Serialize};

use super::Errors;

/// The provider's site, where its customer pages live (`<origin>/p/<provider id>/<page>`).
pub const PROVIDER_ORIGIN: &str = "https://goteamup.com";

/// Everything in `schedule.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Schedule {
    /// The studio's provider id: `one-space-livingston` in `https://goteamup.com/p/one-space-livingston`.
    pub provider_id: String,
    /// The provider pages the site links to, below the studio's customer pages.
    pub pages: BookingPages,
}

/// Provider pages, each a path below `https://goteamup.com/p/<provider id>/`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BookingPages {
    /// Every membership (the September sale's buttons).
    pub memberships: String,
    /// The 14-day trial at its regular price.
    pub trial: String,
    /// The 14-day trial at the intro price, while the service pages' timer runs.
    pub intro_offer: String,
    /// The 14-day trial checkout of the timed 10%-off page.
    pub timed_offer: String,
    /// The 6-week challenge's free consultation.
    pub challenge_consultation: String,
    /// The yoga retreat's booking.
    pub retreat: String,
}

/// One of the provider pages the site links to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookingPage {
    /// [`BookingPages::memberships`].
    Memberships,
    /// [`BookingPages::trial`].
    Trial,
    /// [`BookingPages::intro_offer`].
    IntroOffer,
    /// [`BookingPages::timed_offer`].
    TimedOffer,
    /// [`BookingPages::challenge_consultation`].
    ChallengeConsultation,
    /// [`BookingPages::retreat`].
    Retreat,
}

impl Schedule {
    /// The studio's customer pages at the provider: `https://goteamup.com/p/<provider id>`.
    pub fn customer_pages(&self) -> String {
        format!("{PROVIDER_ORIGIN}/p/{}", self.provider_id)
    }

    /// The address of one of the provider pages the site links to.
    pub fn url(&self, page: BookingPage) -> String {
        self.page_url(self.pages.path(page))
    }

    /// The address of any customer page of the studio's, by its path (`schedule`,
    /// `events/123`).
    pub fn page_url(&self, path: &str) -> String {
        format!("{}/{path}", self.customer_pages())
    }

    pub(super) fn validate(&self, errors: &mut Errors) {
        let id = &self.provider_id;
        let id_ok = !id.is_empty()
            && id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !id_ok {
            errors.push(
                "provider_id",
                "must be the provider id as it appears in the studio's TeamUp address, in small \
                 letters, digits and dashes, like one-space-livingston",
            );
        }
        for (field, path) in self.pages.all() {
            let path_ok = !path.trim().is_empty()
                && !path.starts_with('/')
                && !path.contains("://")
                && !path.chars().any(char::is_whitespace);
            if !path_ok {
                errors.push(
                    format!("pages.{field}"),
                    "must be a page of the studio's provider site without its start, like \
                     memberships/14-day-ultimate-experience",
                );
            }
        }
    }

    /// Checks that an address on the provider's site belongs to this provider id: `Err` with
    /// the message when it names another account. Other sites' addresses are not its concern.
    pub fn check_link(&self, url: &str) -> Result<(), String> {
        let Some(rest) = url.strip_prefix(PROVIDER_ORIGIN) else {
            return Ok(());
        };
        let ours = format!("/p/{}/", self.provider_id);
        if rest.starts_with(&ours) {
            Ok(())
        } else {
            Err(format!(
                "is on the booking provider's site but not of the studio's provider id \
                 '{}' (schedule.toml): it should start with {}{ours}",
                self.provider_id, PROVIDER_ORIGIN
            ))
        }
    }
}

impl BookingPages {
    /// The path of one page.
    pub fn path(&self, page: BookingPage) -> &str {
        match page {
            BookingPage::Memberships => &self.memberships,
            BookingPage::Trial => &self.trial,
            BookingPage::IntroOffer => &self.intro_offer,
            BookingPage::TimedOffer => &self.timed_offer,
            BookingPage::ChallengeConsultation => &self.challenge_consultation,
            BookingPage::Retreat => &self.retreat,
        }
    }

    /// Every page with its field name, for the checks.
    fn all(&self) -> [(&'static str, &str); 6] {
        [
            ("memberships", &self.memberships),
            ("trial", &self.trial),
            ("intro_offer", &self.intro_offer),
            ("timed_offer", &self.timed_offer),
            ("challenge_consultation", &self.challenge_consultation),
            ("retreat", &self.retreat),
        ]
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::content::File;

    fn schedule() -> Schedule {
        Schedule {
            provider_id: "one-space-livingston".to_owned(),
            pages: BookingPages {
                memberships: "memberships".to_owned(),
                trial: "memberships/14-day-ultimate-experience".to_owned(),
                intro_offer: "memberships/intro".to_owned(),
                timed_offer: "memberships/fast".to_owned(),
                challenge_consultation: "appointments/consultation".to_owned(),
                retreat: "events/yoga-retreat".to_owned(),
            },
        }
    }

    fn errors_of(schedule: &Schedule) -> Vec<String> {
        crate::content::tests::rule_errors(File::Schedule, |errors| schedule.validate(errors))
            .into_iter()
            .map(|(path, _)| path)
            .collect()
    }

    #[test]
    fn addresses_are_built_from_the_provider_id() {
        let schedule = schedule();
        assert_eq!(
            schedule.url(BookingPage::Trial),
            "https://goteamup.com/p/one-space-livingston/memberships/14-day-ultimate-experience"
        );
        assert_eq!(
            schedule.page_url("events/42"),
            "https://goteamup.com/p/one-space-livingston/events/42"
        );
        assert!(errors_of(&schedule).is_empty());
    }

    #[test]
    fn a_malformed_id_or_page_is_refused() {
        let mut bad = schedule();
        bad.provider_id = "One Space".to_owned();
        bad.pages.retreat = "https://goteamup.com/p/x/events".to_owned();
        bad.pages.trial = "/memberships".to_owned();
        assert_eq!(
            errors_of(&bad),
            ["provider_id", "pages.trial", "pages.retreat"]
        );
    }

    #[test]
    fn provider_links_must_be_of_this_provider() {
        let schedule = schedule();
        assert!(schedule
            .check_link("https://goteamup.com/p/one-space-livingston/memberships/lite")
            .is_ok());
        assert!(schedule.check_link("https://example.com/buy").is_ok());
        let error = schedule
            .check_link("https://goteamup.com/p/old-account/memberships/lite")
            .unwrap_err();
        assert!(error.contains("'one-space-livingston'"), "{error}");
    }
}
