//! `offers.toml`: the concession discount, the dated campaigns (back-to-school, the September
//! sale, the year-end code, the challenge and its sign-up) and the yoga day retreat. Each date,
//! code, percentage and count is written once; banners, spots left, first-month and members'
//! prices, bonus credits and the campaigns' windows are derived from it here and in
//! [`crate::offers`].
//!
//! Dates are written as quoted ISO days (`"2025-08-31"`), read by [`Date::parse_iso`]: a day
//! that does not exist is refused as it is read, and every window is checked to run forwards.

use serde::{Deserialize, Deserializer, Serialize};

use super::money::{optional_pounds, pounds};
use super::studio::ClockTime;
use super::Errors;
use crate::calendar::Date;
use crate::calendar::Window;
use crate::Pence;

/// Everything in `offers.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Offers {
    /// Students, Blue Light holders and over 60s.
    pub concession: Concession,
    /// The August back-to-school offers.
    pub back_to_school: BackToSchool,
    /// The September sale.
    pub september_sale: SeptemberSale,
    /// The year-end code on /memberships.
    pub year_end: YearEnd,
    /// The next 6-week challenge and its sign-up.
    pub challenge: Challenge,
    /// The yoga day retreat.
    pub retreat: Retreat,
}

/// Reads a quoted `YYYY-MM-DD` day, refusing anything else with what is expected.
fn day<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Date, D::Error> {
    const EXPECTED: &str = "must be a date in quotes, like \"2025-08-31\"";
    let text = String::deserialize(deserializer).map_err(|_| serde::de::Error::custom(EXPECTED))?;
    Date::parse_iso(&text).map_err(|error| serde::de::Error::custom(format!("{error}: {EXPECTED}")))
}

/// [`day`] for an optional field.
fn optional_day<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Date>, D::Error> {
    day(deserializer).map(Some)
}

/// The concession discount on recurring memberships.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Concession {
    /// Per cent off.
    pub percent_off: u64,
}

impl Concession {
    /// The contact page's and pricing section's discount text.
    pub fn summary(&self) -> String {
        format!(
            "Students, Blue Light holders and over 60s get {}% off recurring memberships. \
             We'll give you your code once we've confirmed your details.",
            self.percent_off
        )
    }
}

/// Back-to-school: a membership code, extra credits on packs, the challenge with August free.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct BackToSchool {
    /// First day.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::date")
    )]
    #[serde(deserialize_with = "day")]
    pub starts: Date,
    /// Last day of purchase.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::date")
    )]
    #[serde(deserialize_with = "day")]
    pub ends: Date,
    /// Membership discount code, for new members.
    pub code: String,
    /// Membership discount, per cent.
    pub percent_off: u64,
    /// The membership discount applies to payments up to and including this date.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::date")
    )]
    #[serde(deserialize_with = "day")]
    pub payments_until: Date,
    /// Extra credits on the qualifying packs, per cent (applied at checkout).
    pub bonus_percent: u32,
    /// Pack sizes that get the bonus; a size with no card on the Memberships page is bought in the
    /// studio, and the page says so.
    pub bonus_pack_sizes: Vec<u32>,
    /// The red banner's words after `Ends 31 Aug —`.
    pub banner: String,
}

impl BackToSchool {
    /// When it runs.
    pub const fn window(&self) -> Window {
        Window::new(self.starts, self.ends)
    }

    /// Whether a pack of `sessions` is sold online, as a card on /memberships. A bonus size with
    /// no price is bought at the studio's desk, and the offer's page says so rather than promise
    /// what it cannot sell.
    pub fn sold_online(prices: &super::Prices, sessions: u32) -> bool {
        prices.pack(sessions).is_some()
    }

    /// Credits a qualifying pack gives with the bonus (20 -> 24, 30 -> 36, 50 -> 60);
    /// `None` for other packs.
    pub fn bonus_credits(&self, sessions: u32) -> Option<u32> {
        self.bonus_pack_sizes
            .contains(&sessions)
            .then(|| sessions + sessions * self.bonus_percent / 100)
    }

    /// The red banner: `Ends 31 Aug — Don't miss your Back to School savings`.
    pub fn banner(&self) -> String {
        format!(
            "Ends {} {} \u{2014} {}",
            self.ends.day,
            self.ends.short_month(),
            self.banner
        )
    }
}

/// The September sale: a first-month discount on the cheapest plan for a fixed number of spots.
///
/// The built-in content runs it in September 2024, as SPEC dates its announcement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SeptemberSale {
    /// First day.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::date")
    )]
    #[serde(deserialize_with = "day")]
    pub starts: Date,
    /// Last day.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::date")
    )]
    #[serde(deserialize_with = "day")]
    pub ends: Date,
    /// Spots offered.
    pub spots: u32,
    /// Spots taken (a figure the studio updates).
    pub taken: u32,
    /// Discount on the first month, per cent.
    pub percent_off: u64,
    /// The code.
    pub code: String,
    /// Days from starting within which the free 1-2-1 PT session is booked.
    pub free_pt_within_days: u32,
}

impl SeptemberSale {
    /// When it runs.
    pub const fn window(&self) -> Window {
        Window::new(self.starts, self.ends)
    }

    /// Spots left (taken is checked to be fewer than the spots).
    pub const fn left(&self) -> u32 {
        self.spots.saturating_sub(self.taken)
    }

    /// The membership discounted: the cheapest monthly plan (Lite, £49).
    pub fn plan<'a>(&self, prices: &'a super::Prices) -> Option<&'a super::prices::MembershipPlan> {
        prices.cheapest_monthly()
    }

    /// First-month price of `plan`: £24.50 for £49.
    pub const fn first_month(&self, plan: &super::prices::MembershipPlan) -> Pence {
        plan.price.less_percent(self.percent_off)
    }

    /// `10 Available → 3 Gone → Only 7 Left!`
    pub fn spots_message(&self) -> String {
        format!(
            "{} Available \u{2192} {} Gone \u{2192} Only {} Left!",
            self.spots,
            self.taken,
            self.left()
        )
    }

    /// `50% Off First Month + Free PT`
    pub fn headline(&self) -> String {
        format!("{}% Off First Month + Free PT", self.percent_off)
    }

    /// `Use code: FIFTY or contact us to apply`
    pub fn code_note(&self) -> String {
        format!("Use code: {} or contact us to apply", self.code)
    }
}

/// The year-end code on the Memberships page.
///
/// SPEC gives the campaign only its end (valid to 31 December
/// 2025) and no code of its own; the built-in content shows back-to-school's code 2025, which
/// gives the same 20% over the same period, and opens the panel with November, when the studio
/// starts promoting the new year.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct YearEnd {
    /// First day the panel shows.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::date")
    )]
    #[serde(deserialize_with = "day")]
    pub starts: Date,
    /// Last day the code works.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::date")
    )]
    #[serde(deserialize_with = "day")]
    pub ends: Date,
    /// Discount on all memberships, per cent.
    pub percent_off: u64,
    /// The code.
    pub code: String,
}

impl YearEnd {
    /// When it runs.
    pub const fn window(&self) -> Window {
        Window::new(self.starts, self.ends)
    }

    /// `20% off all memberships with code 2025, valid until 31 December 2025`.
    pub fn summary(&self) -> String {
        format!(
            "{}% off all memberships with code {}, valid until {}",
            self.percent_off,
            self.code,
            self.ends.long()
        )
    }
}

/// The next 6-week challenge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Challenge {
    /// Its first day.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::date")
    )]
    #[serde(deserialize_with = "day")]
    pub starts: Date,
    /// First day of sign-up.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::date")
    )]
    #[serde(deserialize_with = "day")]
    pub sign_up_starts: Date,
    /// Last day of sign-up, before `starts`.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::date")
    )]
    #[serde(deserialize_with = "day")]
    pub sign_up_ends: Date,
    /// The challenge's price.
    ///
    /// SPEC gives none: the studio sets it (`price = 99`); until then the
    /// page says it is given at the free consultation and the launch check lists it.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::pounds")
    )]
    #[serde(default, deserialize_with = "optional_pounds")]
    pub price: Option<Pence>,
}

impl Challenge {
    /// What the page says of the price: `£99 for the 6 weeks`, or while the content sets none,
    /// that the consultation gives it.
    pub fn price_text(&self) -> String {
        match self.price {
            Some(price) => format!(
                "{} for the {} weeks",
                price.format(),
                crate::catalogue::challenge::WEEKS
            ),
            None => "Your price is confirmed at your free consultation".to_owned(),
        }
    }

    /// When sign-up is open: the start date is mentioned then, and not once it is under way.
    pub const fn sign_up(&self) -> Window {
        Window::new(self.sign_up_starts, self.sign_up_ends)
    }
}

/// The yoga day retreat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Retreat {
    /// The next retreat's day; absent (or past) reads "Next date on our booking page".
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::date")
    )]
    #[serde(default, deserialize_with = "optional_day")]
    pub date: Option<Date>,
    /// Where, as the details list shows it.
    pub venue: String,
    /// Price.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::pounds")
    )]
    #[serde(deserialize_with = "pounds")]
    pub price: Pence,
    /// What the member code saves.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::pounds")
    )]
    #[serde(deserialize_with = "pounds")]
    pub member_saving: Pence,
    /// Start time, on the 24-hour clock (`10:00`; shown `10:00 AM` like every time on the site).
    pub starts: ClockTime,
    /// End time (`17:00`, shown `5:00 PM`).
    pub ends: ClockTime,
}

impl Retreat {
    /// Members' price: £140.
    pub const fn member_price(&self) -> Pence {
        self.price.minus(self.member_saving)
    }

    /// `10:00 AM to 5:00 PM`.
    pub fn hours(&self) -> String {
        format!("{} to {}", self.starts.display(), self.ends.display())
    }
}

impl Offers {
    /// The rules serde cannot check.
    pub(super) fn validate(&self, errors: &mut Errors) {
        let percent = |errors: &mut Errors, path: &str, value: u64| {
            if !(1..100).contains(&value) {
                errors.push(path, "must be a percentage from 1 to 99");
            }
        };
        percent(
            errors,
            "concession.percent_off",
            self.concession.percent_off,
        );

        let bts = &self.back_to_school;
        ordered(errors, "back_to_school", bts.starts, "ends", bts.ends);
        errors.named("back_to_school.code", &bts.code);
        percent(errors, "back_to_school.percent_off", bts.percent_off);
        if bts.payments_until < bts.ends {
            errors.push(
                "back_to_school.payments_until",
                format!(
                    "must not be before the offer's last day ({})",
                    bts.ends.iso()
                ),
            );
        }
        percent(
            errors,
            "back_to_school.bonus_percent",
            u64::from(bts.bonus_percent),
        );
        if bts.bonus_pack_sizes.is_empty() {
            errors.push(
                "back_to_school.bonus_pack_sizes",
                "must list at least one pack size, like [20, 50]",
            );
        }
        for (index, size) in bts.bonus_pack_sizes.iter().enumerate() {
            if *size < 2 || bts.bonus_pack_sizes[..index].contains(size) {
                errors.push(
                    format!("back_to_school.bonus_pack_sizes[{index}]"),
                    "must be a pack size of 2 sessions or more, each listed once",
                );
            }
        }
        errors.named("back_to_school.banner", &bts.banner);

        let sale = &self.september_sale;
        ordered(errors, "september_sale", sale.starts, "ends", sale.ends);
        percent(errors, "september_sale.percent_off", sale.percent_off);
        errors.named("september_sale.code", &sale.code);
        holds(
            errors,
            [
                (
                    "september_sale.spots",
                    sale.spots > 0,
                    "must be at least 1".to_owned(),
                ),
                (
                    "september_sale.taken",
                    sale.taken < sale.spots,
                    format!(
                        "must be fewer than the spots ({}): at least one must be left",
                        sale.spots
                    ),
                ),
                (
                    "september_sale.free_pt_within_days",
                    sale.free_pt_within_days > 0,
                    "must be at least 1".to_owned(),
                ),
            ],
        );

        let year_end = &self.year_end;
        ordered(errors, "year_end", year_end.starts, "ends", year_end.ends);
        percent(errors, "year_end.percent_off", year_end.percent_off);
        errors.named("year_end.code", &year_end.code);

        let challenge = &self.challenge;
        ordered(
            errors,
            "challenge",
            challenge.sign_up_starts,
            "sign_up_ends",
            challenge.sign_up_ends,
        );
        holds(
            errors,
            [(
                "challenge.sign_up_ends",
                challenge.sign_up_ends < challenge.starts,
                format!(
                    "must be before the challenge starts ({})",
                    challenge.starts.iso()
                ),
            )],
        );

        let retreat = &self.retreat;
        errors.named("retreat.venue", &retreat.venue);
        if retreat.ends <= retreat.starts {
            errors.push("retreat.ends", "must be later than `starts`");
        }
        holds(
            errors,
            [
                (
                    "retreat.price",
                    retreat.price > Pence(0),
                    "must be more than 0".to_owned(),
                ),
                (
                    "retreat.member_saving",
                    retreat.member_saving < retreat.price,
                    format!(
                        "must be less than the retreat's price ({})",
                        retreat.price.format()
                    ),
                ),
            ],
        );
    }
}

/// Each (path, rule holds, what is expected): the paths whose rule does not hold are reported.
fn holds<const N: usize>(errors: &mut Errors, checks: [(&str, bool, String); N]) {
    for (path, holds, message) in checks {
        if !holds {
            errors.push(path, message);
        }
    }
}

/// The end of `table`'s window (its field `end`) may not come before its `starts`.
fn ordered(errors: &mut Errors, table: &str, starts: Date, end: &str, ends: Date) {
    if ends < starts {
        errors.push(
            format!("{table}.{end}"),
            format!(
                "must not be before the first day ({}): windows run forwards",
                starts.iso()
            ),
        );
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use crate::content::{Content, File};

    use crate::content::tests::{broken_in, default_content as content};

    /// The (path, message) of every broken rule, all in offers.toml.
    fn broken(content: Content) -> Vec<(String, String)> {
        broken_in(&content, File::Offers)
    }

    #[test]
    fn the_default_offers_are_valid_and_derive_the_sites_texts() {
        let content = content();
        assert_eq!(broken(content.clone()), []);
        let offers = &content.offers;
        assert_eq!(
            offers.back_to_school.banner(),
            "Ends 31 Aug \u{2014} Don't miss your Back to School savings"
        );
        assert_eq!(
            offers.september_sale.spots_message(),
            "10 Available \u{2192} 3 Gone \u{2192} Only 7 Left!"
        );
        assert_eq!(
            offers.year_end.summary(),
            "20% off all memberships with code 2025, valid until 31 December 2025"
        );
        assert_eq!(offers.retreat.member_price(), Pence::pounds(140));
        assert_eq!(offers.retreat.hours(), "10:00 AM to 5:00 PM");
        assert_eq!(offers.back_to_school.bonus_credits(30), Some(36));
        assert_eq!(offers.back_to_school.bonus_credits(10), None);
    }

    #[test]
    fn dates_must_be_real_quoted_days() {
        let read = |ends: &str| {
            toml::from_str::<YearEnd>(&format!(
                "starts = \"2025-11-01\"\nends = {ends}\npercent_off = 20\ncode = \"2025\""
            ))
            .map(|year_end| year_end.ends)
            .map_err(|error| error.message().to_owned())
        };
        assert_eq!(read("\"2025-12-31\""), Ok(Date::new(2025, 12, 31)));
        assert_eq!(
            read("\"2025-02-30\""),
            Err("'2025-02-30' is not a day of the calendar: must be a date in quotes, like \"2025-08-31\"".to_owned())
        );
        assert_eq!(
            read("31"),
            Err("must be a date in quotes, like \"2025-08-31\"".to_owned())
        );
    }

    #[test]
    fn windows_out_of_order_too_many_spots_taken_and_blank_codes_are_refused() {
        let mut content = content();
        content.offers.back_to_school.ends = Date::new(2025, 7, 31);
        content.offers.september_sale.taken = 10;
        content.offers.year_end.code = " ".to_owned();
        content.offers.challenge.sign_up_ends = Date::new(2025, 9, 1);
        content.offers.retreat.member_saving = Pence::pounds(160);
        content.offers.concession.percent_off = 100;
        assert_eq!(
            broken(content),
            [
                (
                    "concession.percent_off".to_owned(),
                    "must be a percentage from 1 to 99".to_owned()
                ),
                (
                    "back_to_school.ends".to_owned(),
                    "must not be before the first day (2025-08-01): windows run forwards"
                        .to_owned()
                ),
                (
                    "september_sale.taken".to_owned(),
                    "must be fewer than the spots (10): at least one must be left".to_owned()
                ),
                ("year_end.code".to_owned(), "must not be empty".to_owned()),
                (
                    "challenge.sign_up_ends".to_owned(),
                    "must be before the challenge starts (2025-09-01)".to_owned()
                ),
                (
                    "retreat.member_saving".to_owned(),
                    "must be less than the retreat's price (£160)".to_owned()
                ),
            ]
        );
    }
}
