//! `schedule.toml`: the studio's account at the booking provider (TeamUp): the numeric provider
//! id the class schedule is read with, the customer site every booking address is built from, and
//! the provider pages the site's buttons open (the trial, its intro and fast-access checkouts, the
//! membership list, the challenge consultation, the retreat).
//!
//! Two numbers that look alike and are not the same thing:
//! - `provider_id` is the account's number, which the API is asked with (documented: the
//!   `TeamUp-Provider-ID` header is "ID of the provider account", an integer in every example);
//! - `customer_site` is the part of the studio's customer pages' address after `/p/`:
//!   `<provider id>-<name>` (observed on public pages: `https://goteamup.com/p/4993559-tribe-ormeau/c/schedule`,
//!   purchase links `.../p/6822945-hoop-heroes/memberships/166242/`). The documentation does not
//!   describe these addresses.
//!
//! The purchase links of `prices.toml` are whole addresses (a plan can be sold anywhere); those
//! on the provider's site must be on this customer site, which [`super::Content::validate`]
//! checks, so a change of account cannot leave one button selling on the old one.

use serde::{Deserialize, Serialize};

use super::Errors;

/// The provider's site, where its customer pages live (`<origin>/p/<customer site>/<page>`).
pub const PROVIDER_ORIGIN: &str = "https://goteamup.com";

/// The customer site's class schedule, below the customer site (observed on public pages; a
/// class opens with `?e=<event id>` added).
pub const SCHEDULE_PAGE: &str = "c/schedule";

/// Where the studio finds its numbers in TeamUp, for the error messages.
const WHERE_TO_FIND: &str = "in TeamUp, open the studio's customer site (Settings > Customer \
     Site, or 'View customer site'): its address is https://goteamup.com/p/<provider id>-<name>/";

/// Everything in `schedule.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Schedule {
    /// The studio's TeamUp provider id, a number: `4993559` for
    /// `https://goteamup.com/p/4993559-tribe-ormeau/`. Written as a number; digits in quotes
    /// are read too, anything else is refused saying where to find it.
    #[serde(deserialize_with = "provider_id")]
    pub provider_id: u64,
    /// The customer site's part of the address: `4993559-tribe-ormeau`.
    pub customer_site: String,
    /// The provider pages the site links to, below the studio's customer pages.
    pub pages: BookingPages,
}

/// Provider pages, each a path below `https://goteamup.com/p/<customer site>/`.
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

/// Reads `provider_id`: a number, or digits in quotes; a slug (the old `one-space-livingston`
/// form) or anything else is refused with the place in TeamUp where the number is.
fn provider_id<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Written {
        Number(u64),
        Text(String),
    }
    let refused = || {
        serde::de::Error::custom(format!(
            "must be the studio's TeamUp provider id, a number like 4993559 ({WHERE_TO_FIND})"
        ))
    };
    match Written::deserialize(deserializer).map_err(|_| refused())? {
        Written::Number(id) => Ok(id),
        Written::Text(text) => text.trim().parse().map_err(|_| refused()),
    }
}

impl Schedule {
    /// The studio's customer pages at the provider: `https://goteamup.com/p/<customer site>`.
    pub fn customer_pages(&self) -> String {
        format!("{PROVIDER_ORIGIN}/p/{}", self.customer_site)
    }

    /// The address of one of the provider pages the site links to.
    pub fn url(&self, page: BookingPage) -> String {
        self.page_url(self.pages.path(page))
    }

    /// The address of any customer page of the studio's, by its path (`c/schedule`).
    pub fn page_url(&self, path: &str) -> String {
        format!("{}/{path}", self.customer_pages())
    }

    /// The customer site's class schedule.
    pub fn schedule_url(&self) -> String {
        self.page_url(SCHEDULE_PAGE)
    }

    /// One class opened on the customer site's schedule (`c/schedule?e=<event id>`, as public
    /// pages link a class): the 'Book' link when the provider gives no `customer_url`.
    pub fn class_url(&self, event_id: u64) -> String {
        format!("{}?e={event_id}", self.schedule_url())
    }

    pub(super) fn validate(&self, errors: &mut Errors) {
        if !(1_000..=999_999_999_999).contains(&self.provider_id) {
            errors.push(
                "provider_id",
                format!(
                    "must be the studio's TeamUp provider id, the number at the start of its \
                     customer site's address, like 4993559 ({WHERE_TO_FIND})"
                ),
            );
        }
        let site = &self.customer_site;
        let name = site.strip_prefix(&format!("{}-", self.provider_id));
        let name_ok = name.is_some_and(|name| {
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        });
        if !name_ok {
            errors.push(
                "customer_site",
                format!(
                    "must be the part after /p/ in the studio's TeamUp customer site address, the \
                     provider id, a dash and the name in small letters, like {}-one-space \
                     ({WHERE_TO_FIND})",
                    self.provider_id
                ),
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

    /// Checks that an address on the provider's site belongs to this customer site: `Err` with
    /// the message when it names another account. Other sites' addresses are not its concern.
    pub fn check_link(&self, url: &str) -> Result<(), String> {
        let Some(rest) = url.strip_prefix(PROVIDER_ORIGIN) else {
            return Ok(());
        };
        let ours = format!("/p/{}/", self.customer_site);
        if rest.starts_with(&ours) {
            Ok(())
        } else {
            Err(format!(
                "is on the booking provider's site but not of the studio's customer site \
                 '{}' (schedule.toml): it should start with {}{ours}",
                self.customer_site, PROVIDER_ORIGIN
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
            provider_id: 4_993_559,
            customer_site: "4993559-one-space".to_owned(),
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

    fn errors_of(schedule: &Schedule) -> Vec<(String, String)> {
        crate::content::tests::rule_errors(File::Schedule, |errors| schedule.validate(errors))
    }

    #[test]
    fn addresses_are_built_from_the_customer_site() {
        let schedule = schedule();
        assert_eq!(
            schedule.url(BookingPage::Trial),
            "https://goteamup.com/p/4993559-one-space/memberships/14-day-ultimate-experience"
        );
        assert_eq!(
            schedule.schedule_url(),
            "https://goteamup.com/p/4993559-one-space/c/schedule"
        );
        assert_eq!(
            schedule.class_url(42),
            "https://goteamup.com/p/4993559-one-space/c/schedule?e=42"
        );
        assert!(errors_of(&schedule).is_empty());
    }

    #[test]
    fn a_malformed_id_site_or_page_is_refused_saying_where_to_look() {
        let mut bad = schedule();
        bad.provider_id = 12;
        bad.pages.retreat = "https://goteamup.com/p/x/events".to_owned();
        bad.pages.trial = "/memberships".to_owned();
        let errors = errors_of(&bad);
        let paths: Vec<&str> = errors.iter().map(|(path, _)| path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "provider_id",
                "customer_site",
                "pages.trial",
                "pages.retreat"
            ]
        );
        assert!(errors[0].1.contains("customer site"), "{}", errors[0].1);
        // The address part must carry this id: a slug alone, another account's number or
        // capitals are each refused.
        for site in [
            "one-space-livingston",
            "4993558-one-space",
            "4993559-One Space",
            "4993559-",
        ] {
            let mut bad = schedule();
            bad.customer_site = site.to_owned();
            let errors = errors_of(&bad);
            assert_eq!(errors.len(), 1, "{site}");
            assert_eq!(errors[0].0, "customer_site");
            assert!(
                errors[0].1.contains("like 4993559-one-space"),
                "{}",
                errors[0].1
            );
        }
    }

    #[test]
    fn the_provider_id_is_a_number_and_a_slug_is_refused_saying_where_to_look() {
        let file = |id: &str| {
            format!(
                "provider_id = {id}\ncustomer_site = \"4993559-one-space\"\n[pages]\nmemberships = \"m\"\n\
                 trial = \"t\"\nintro_offer = \"i\"\ntimed_offer = \"f\"\n\
                 challenge_consultation = \"c\"\nretreat = \"r\"\n"
            )
        };
        for written in ["4993559", "\"4993559\""] {
            let read: Schedule = toml::from_str(&file(written)).unwrap();
            assert_eq!(read.provider_id, 4_993_559);
        }
        let error = toml::from_str::<Schedule>(&file("\"one-space-livingston\""))
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("must be the studio's TeamUp provider id, a number like 4993559")
                && error.contains("customer site"),
            "{error}"
        );
    }

    #[test]
    fn provider_links_must_be_of_this_customer_site() {
        let schedule = schedule();
        assert!(schedule
            .check_link("https://goteamup.com/p/4993559-one-space/memberships/166242/")
            .is_ok());
        assert!(schedule.check_link("https://example.com/buy").is_ok());
        for other in [
            "https://goteamup.com/p/old-account/memberships/lite",
            "https://goteamup.com/p/4993559/memberships/lite",
            "https://goteamup.com/p/4993559-one-space-old/memberships/lite",
        ] {
            let error = schedule.check_link(other).unwrap_err();
            assert!(error.contains("'4993559-one-space'"), "{error}");
        }
    }
}
