//! `prices.toml`: the 14-day trial and its intro discount, the rolling monthly memberships, the
//! unlimited single-focus options, the session packs and the founder discount. Each price is
//! written once; per-session costs, the intro price, founder and annual prices and the first-month
//! sale price are computed from it (here and in [`super::founder`], [`crate::offers`]).

use serde::{Deserialize, Serialize, Serializer};

use super::money::pounds;
use super::Errors;
use crate::countdown::{IntroCountdown, Revisit};
use crate::Pence;

/// Everything in `prices.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Prices {
    /// The 14-day trial.
    pub trial: Trial,
    /// Rolling Monthly Memberships, in card order.
    pub monthly: Vec<MembershipPlan>,
    /// Unlimited Membership Options (one thing, unlimited), in card order; all at one price,
    /// which their heading names.
    pub unlimited: Vec<MembershipPlan>,
    /// Session Packs, in card order; the one-session pack is the drop-in.
    pub packs: Vec<SessionPack>,
    /// Founder memberships' discount; the founder plans themselves are in
    /// [`crate::content::founder::PLANS`], each naming the plan here it is priced from.
    pub founder: Founder,
    /// Fire & Ice's saving claim.
    #[serde(default)]
    pub fire_ice: FireIceClaims,
}

/// What the Fire & Ice page claims beyond its prices.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct FireIceClaims {
    /// The page's "Save up to N%", when the studio states N itself (the original page says 81).
    ///
    /// Unset, the page claims what follows from the prices
    /// ([`crate::catalogue::fire_ice::max_saving_percent`]): a saving no price supports is a
    /// misleading price claim under the UK's consumer rules, so the derived figure is the
    /// default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub saving_claim: Option<u32>,
}

/// The 14-day trial's regular price and the intro page's discount.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Trial {
    /// Regular price.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::pounds")
    )]
    #[serde(deserialize_with = "pounds")]
    pub price: Pence,
    /// Taken off while the intro page's 10-minute timer runs.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::pounds")
    )]
    #[serde(deserialize_with = "pounds")]
    pub intro_discount: Pence,
    /// How the £10-off intro price is offered: a 10-minute countdown that starts again on every
    /// visit (the website's original behaviour), one countdown per visitor, or no countdown.
    ///
    /// The comment in prices.toml says what the UK's regulator expects of a countdown.
    #[serde(default)]
    pub intro_countdown: IntroCountdown,
    /// With `once-per-visitor`: the days a visitor whose countdown ran out sees the regular price
    /// before a new countdown starts.
    #[serde(default)]
    pub intro_regular_days: Option<u16>,
}

impl Trial {
    /// The intro price while the timer runs: £49 - £10 = £39.
    pub const fn intro_price(&self) -> Pence {
        self.price.minus(self.intro_discount)
    }

    /// What the intro price is, wherever it is shown: `£39 online intro price, usually £49`.
    pub fn intro_price_text(&self) -> String {
        format!(
            "{} online intro price, usually {}",
            self.intro_price().format(),
            self.price.format()
        )
    }

    /// What a visitor who returns after their countdown ran out is shown; `None` when there is
    /// no countdown (the intro price is shown plainly).
    pub fn intro_revisit(&self) -> Option<Revisit> {
        const DAY_MS: u64 = 24 * 60 * 60 * 1000;
        match self.intro_countdown {
            IntroCountdown::EveryVisit => Some(Revisit::NewWindow),
            IntroCountdown::OncePerVisitor => Some(Revisit::RegularFor(
                u64::from(self.intro_regular_days.unwrap_or(0)) * DAY_MS,
            )),
            IntroCountdown::NoCountdown => None,
        }
    }

    /// The trial's price wherever a page names the trial, with the online intro price and why
    /// it applies, worded so it is true in each countdown mode and beside the countdown's own
    /// "Offer Expired" (the intro price is sold only while a countdown runs):
    /// `£49, or £39 online during the 10-minute intro offer` (a new countdown on every visit),
    /// `... online while your intro countdown runs` (one per visitor), `... when you start
    /// online` (no countdown: the online price, plainly).
    pub fn price_story(&self) -> String {
        let when = match self.intro_countdown {
            IntroCountdown::EveryVisit => format!(
                "online during the {}-minute intro offer",
                crate::countdown::INTRO_OFFER_WINDOW_MS / 60_000
            ),
            IntroCountdown::OncePerVisitor => "online while your intro countdown runs".to_owned(),
            IntroCountdown::NoCountdown => "when you start online".to_owned(),
        };
        format!(
            "{}, or {} {when}",
            self.price.format(),
            self.intro_price().format()
        )
    }

    /// The service pages' buy button: `Get £10 Off - Pay £39 (Usually £49)`.
    pub fn intro_button_text(&self) -> String {
        format!(
            "Get {} Off - Pay {} (Usually {})",
            self.intro_discount.format(),
            self.intro_price().format(),
            self.price.format()
        )
    }
}

/// Founder memberships: a discount for life, and an annual price of some founder months.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Founder {
    /// Discount for life, per cent.
    pub percent_off: u64,
    /// Founder months paid for a year when paying annually (10: two months free).
    pub annual_months_paid: u64,
}

/// A monthly membership (pricing section, memberships page).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
pub struct MembershipPlan {
    /// Stable identifier, used in forms and links; never shown.
    pub id: String,
    /// Name on the card.
    pub name: String,
    /// Monthly price.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::pounds")
    )]
    #[serde(deserialize_with = "pounds")]
    pub price: Pence,
    /// Sessions a month; absent is unlimited.
    #[serde(default)]
    pub sessions: Option<u32>,
    /// For the unlimited single-focus options: what is unlimited ("yoga and pilates").
    #[serde(default)]
    pub focus: Option<String>,
    /// Shows 'MOST POPULAR'; one plan per group at most.
    #[serde(default)]
    pub featured: bool,
    /// The provider's purchase page ('Choose Plan').
    pub purchase_url: String,
}

impl MembershipPlan {
    /// The card's description: the per-session cost (`£12.25 per session`), or what is
    /// unlimited. Per-session costs are rounded half up to the penny (Core: £79 / 8 = £9.88).
    pub fn description(&self) -> String {
        match (self.sessions, &self.focus) {
            (Some(sessions), _) => {
                format!(
                    "{} per session",
                    self.price.split(u64::from(sessions)).format()
                )
            }
            (None, Some(focus)) => format!("Unlimited {focus} sessions"),
            (None, None) => "Unlimited sessions".to_owned(),
        }
    }
}

/// How long a pack's sessions stay valid, written `"30 days"` or `"3 months"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Validity {
    /// A number of days.
    Days(u32),
    /// A number of calendar months.
    Months(u32),
}

impl Validity {
    /// What a validity must look like.
    pub const EXPECTED: &'static str =
        "must be a number of days or months, like \"30 days\" or \"3 months\"";

    /// The validity badge: `30 days`, `3 months`.
    pub fn display(self) -> String {
        match self {
            Self::Days(days) => format!("{days} days"),
            Self::Months(months) => format!("{months} months"),
        }
    }

    /// Reads `30 days`, `3 months` (or `1 month`); `None` otherwise.
    pub fn parse(text: &str) -> Option<Self> {
        let (count, unit) = text.trim().split_once(' ')?;
        let count: u32 = count.parse().ok().filter(|count| *count > 0)?;
        match unit.trim() {
            "day" | "days" => Some(Self::Days(count)),
            "month" | "months" => Some(Self::Months(count)),
            _ => None,
        }
    }
}

impl Serialize for Validity {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.display())
    }
}

impl<'de> Deserialize<'de> for Validity {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)
            .map_err(|_| serde::de::Error::custom(Self::EXPECTED))?;
        Self::parse(&text).ok_or_else(|| serde::de::Error::custom(Self::EXPECTED))
    }
}

/// A session pack or the drop-in (pricing section, 'Session Packs').
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields, rename_all(serialize = "camelCase"))]
pub struct SessionPack {
    /// Stable identifier.
    pub id: String,
    /// Name on the card.
    pub name: String,
    /// Price of the pack.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::pounds")
    )]
    #[serde(deserialize_with = "pounds")]
    pub price: Pence,
    /// Sessions (credits) in the pack; 1 is the drop-in.
    pub sessions: u32,
    /// Validity badge; absent for the drop-in.
    #[serde(default)]
    pub validity: Option<Validity>,
    /// Shows 'MOST POPULAR'; one pack at most.
    #[serde(default)]
    pub featured: bool,
    /// The provider's purchase page ('Purchase'); absent for the drop-in, which links to the
    /// timetable with 'Book Now'.
    #[serde(default)]
    pub purchase_url: Option<String>,
}

impl SessionPack {
    /// Per-session text: `£12.50 per session`; the drop-in reads `Single session`.
    pub fn per_session(&self) -> String {
        if self.sessions == 1 {
            "Single session".to_owned()
        } else {
            format!(
                "{} per session",
                self.price.split(u64::from(self.sessions)).format()
            )
        }
    }

    /// Expiry text: `Valid for 30 days`; the drop-in reads `Book any class`.
    pub fn expiry(&self) -> String {
        match self.validity {
            Some(validity) => format!("Valid for {}", validity.display()),
            None => "Book any class".to_owned(),
        }
    }
}

impl Prices {
    /// The plan (monthly or unlimited) with this id.
    pub fn plan(&self, id: &str) -> Option<&MembershipPlan> {
        self.monthly
            .iter()
            .chain(&self.unlimited)
            .find(|plan| plan.id == id)
    }

    /// The cheapest monthly membership (the September sale's plan, the trial's upgrade).
    pub fn cheapest_monthly(&self) -> Option<&MembershipPlan> {
        self.monthly.iter().min_by_key(|plan| plan.price)
    }

    /// The price of the unlimited single-focus options (all the same, checked).
    pub fn single_focus_price(&self) -> Pence {
        self.unlimited.first().map_or(Pence(0), |plan| plan.price)
    }

    /// The unlimited options' lead, read as one family with the all-in Unlimited plan:
    /// `Unlimited in the one thing you love most for £109 a month; Unlimited above (£139) is
    /// every class type.` Without an all-in plan, the first half alone.
    pub fn unlimited_family_text(&self) -> String {
        let single = format!(
            "Unlimited in the one thing you love most for {} a month",
            self.single_focus_price().format()
        );
        match self.monthly.iter().find(|plan| plan.sessions.is_none()) {
            Some(all_in) => format!(
                "{single}; {} above ({}) is every class type.",
                all_in.name,
                all_in.price.format()
            ),
            None => format!("{single}."),
        }
    }

    /// The Fire & Ice page's "Save up to N%" against the drop-in: the studio's own claim when it
    /// sets one, otherwise derived from the unlimited Fire & Ice plan; none without that plan.
    pub fn fire_ice_saving_percent(&self) -> Option<u64> {
        let plan = self.unlimited_fire_ice()?;
        Some(match self.fire_ice.saving_claim {
            Some(claim) => u64::from(claim),
            None => crate::catalogue::fire_ice::max_saving_percent(plan.price),
        })
    }

    /// The unlimited option whose focus is Fire & Ice, if the studio sells one.
    pub fn unlimited_fire_ice(&self) -> Option<&MembershipPlan> {
        self.unlimited
            .iter()
            .find(|plan| plan.focus.as_deref() == Some("Fire & Ice"))
    }

    /// The drop-in: the one-session pack (checked to exist).
    pub fn drop_in(&self) -> Option<&SessionPack> {
        self.packs.iter().find(|pack| pack.sessions == 1)
    }

    /// The pack of `sessions` credits, if sold online.
    pub fn pack(&self, sessions: u32) -> Option<&SessionPack> {
        self.packs.iter().find(|pack| pack.sessions == sessions)
    }

    /// Every purchase link with its field's path (`monthly[0].purchase_url`), for the checks
    /// that span files.
    pub fn purchase_links(&self) -> Vec<(String, &str)> {
        let plans = [("monthly", &self.monthly), ("unlimited", &self.unlimited)]
            .into_iter()
            .flat_map(|(list, plans)| {
                plans.iter().enumerate().map(move |(index, plan)| {
                    (
                        format!("{list}[{index}].purchase_url"),
                        plan.purchase_url.as_str(),
                    )
                })
            });
        let packs = self.packs.iter().enumerate().filter_map(|(index, pack)| {
            let url = pack.purchase_url.as_deref()?;
            Some((format!("packs[{index}].purchase_url"), url))
        });
        plans.chain(packs).collect()
    }

    /// The rules serde cannot check.
    pub(super) fn validate(&self, errors: &mut Errors) {
        if self.trial.price == Pence(0) {
            errors.push("trial.price", "must be more than 0");
        }
        match (self.trial.intro_countdown, self.trial.intro_regular_days) {
            (IntroCountdown::OncePerVisitor, None) => errors.push(
                "trial.intro_regular_days",
                "is needed with intro_countdown = \"once-per-visitor\": the days a visitor sees the regular price before a new countdown (for example 30)",
            ),
            (IntroCountdown::OncePerVisitor, Some(days)) if !(1..=365).contains(&days) => {
                errors.push("trial.intro_regular_days", "must be from 1 to 365 days")
            }
            (IntroCountdown::EveryVisit | IntroCountdown::NoCountdown, Some(_)) => errors.push(
                "trial.intro_regular_days",
                "is only used with intro_countdown = \"once-per-visitor\": remove it or choose that mode",
            ),
            _ => {}
        }
        if self.trial.intro_discount >= self.trial.price {
            errors.push(
                "trial.intro_discount",
                format!(
                    "must be less than the trial's price ({})",
                    self.trial.price.format()
                ),
            );
        }
        for (list, plans) in [("monthly", &self.monthly), ("unlimited", &self.unlimited)] {
            if plans.is_empty() {
                errors.push(list, "must list at least one plan");
            }
            errors.unique_ids(list, plans.iter().map(|plan| plan.id.as_str()));
            errors.one_featured(list, plans.iter().map(|plan| plan.featured));
            for (index, plan) in plans.iter().enumerate() {
                errors.named(format!("{list}[{index}].name"), &plan.name);
                errors.https(format!("{list}[{index}].purchase_url"), &plan.purchase_url);
                if plan.sessions == Some(0) {
                    errors.push(
                        format!("{list}[{index}].sessions"),
                        "must be at least 1, or left out for unlimited",
                    );
                }
            }
        }
        for (index, plan) in self.unlimited.iter().enumerate() {
            if plan.sessions.is_some() {
                errors.push(
                    format!("unlimited[{index}].sessions"),
                    "must be left out: unlimited options have no session count",
                );
            }
            match &plan.focus {
                Some(focus) => errors.named(format!("unlimited[{index}].focus"), focus),
                None => errors.push(
                    format!("unlimited[{index}].focus"),
                    "is needed: what the option makes unlimited, like \"yoga and pilates\"",
                ),
            }
            if plan.price != self.single_focus_price() {
                errors.push(
                    format!("unlimited[{index}].price"),
                    format!(
                        "must be the same as unlimited[0].price ({}): the heading names one price",
                        self.single_focus_price().format()
                    ),
                );
            }
        }
        if let Some(index) = self.monthly.iter().position(|plan| plan.focus.is_some()) {
            errors.push(
                format!("monthly[{index}].focus"),
                "must be left out: only unlimited options have a focus",
            );
        }
        let ids = self
            .monthly
            .iter()
            .chain(&self.unlimited)
            .map(|plan| plan.id.as_str());
        let mut seen = Vec::new();
        for (index, id) in ids.enumerate() {
            if seen.contains(&id) && index >= self.monthly.len() {
                errors.push(
                    format!("unlimited[{}].id", index - self.monthly.len()),
                    format!(
                        "'{id}' is already the id of a monthly plan; each id must be different"
                    ),
                );
            }
            seen.push(id);
        }
        errors.unique_ids("packs", self.packs.iter().map(|pack| pack.id.as_str()));
        errors.one_featured("packs", self.packs.iter().map(|pack| pack.featured));
        let mut sizes = Vec::new();
        for (index, pack) in self.packs.iter().enumerate() {
            errors.named(format!("packs[{index}].name"), &pack.name);
            if pack.sessions == 0 {
                errors.push(format!("packs[{index}].sessions"), "must be at least 1");
            } else if sizes.contains(&pack.sessions) {
                errors.push(
                    format!("packs[{index}].sessions"),
                    format!(
                        "another pack already has {} sessions; each pack size must be different",
                        pack.sessions
                    ),
                );
            }
            sizes.push(pack.sessions);
            match (&pack.purchase_url, pack.sessions) {
                (Some(url), _) => errors.https(format!("packs[{index}].purchase_url"), url),
                (None, 1) => {}
                (None, _) => errors.push(
                    format!("packs[{index}].purchase_url"),
                    "is needed: an https:// address where the pack is bought (only the drop-in has none)",
                ),
            }
        }
        if self.drop_in().is_none() {
            errors.push("packs", "must include the drop-in: a pack of 1 session");
        }
        if !(1..100).contains(&self.founder.percent_off) {
            errors.push("founder.percent_off", "must be a percentage from 1 to 99");
        }
        if !(1..=12).contains(&self.founder.annual_months_paid) {
            errors.push(
                "founder.annual_months_paid",
                "must be a number of months from 1 to 12",
            );
        }
        for plan in &crate::content::founder::PLANS {
            if self.plan(plan.based_on).is_none() {
                errors.push(
                    "monthly",
                    format!(
                        "must keep a plan with id '{}': the founder plan '{}' is priced from it",
                        plan.based_on, plan.name
                    ),
                );
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use crate::content::{Content, File};

    /// The repository's default prices.
    fn prices() -> Prices {
        toml::from_str(include_str!("../../../../content/prices.toml")).unwrap()
    }

    /// The trial's price story says the intro price and why, true in each countdown mode.
    #[test]
    fn the_price_story_follows_the_countdown_mode() {
        let mut trial = prices().trial;
        let said = |trial: &Trial| trial.price_story();
        trial.intro_countdown = IntroCountdown::EveryVisit;
        assert_eq!(
            said(&trial),
            "£49, or £39 online during the 10-minute intro offer"
        );
        trial.intro_countdown = IntroCountdown::OncePerVisitor;
        assert_eq!(
            said(&trial),
            "£49, or £39 online while your intro countdown runs"
        );
        trial.intro_countdown = IntroCountdown::NoCountdown;
        assert_eq!(said(&trial), "£49, or £39 when you start online");
    }

    /// The unlimited options read as one family with the all-in plan.
    #[test]
    fn the_unlimited_options_name_the_all_in_plan() {
        let mut prices = prices();
        assert_eq!(
            prices.unlimited_family_text(),
            "Unlimited in the one thing you love most for £109 a month; Unlimited above (£139) \
             is every class type."
        );
        prices.monthly.retain(|plan| plan.sessions.is_some());
        assert_eq!(
            prices.unlimited_family_text(),
            "Unlimited in the one thing you love most for £109 a month."
        );
    }

    /// The (path, message) of every broken rule, all in prices.toml.
    fn broken(prices: Prices) -> Vec<(String, String)> {
        let content = Content {
            prices,
            ..crate::content::tests::default_content()
        };
        crate::content::tests::broken_in(&content, File::Prices)
    }

    #[test]
    fn the_intro_countdown_choice_and_its_days_must_agree() {
        use crate::countdown::{IntroCountdown, Revisit};
        let mut prices = crate::content::tests::default_content().prices;
        assert_eq!(prices.trial.intro_revisit(), Some(Revisit::NewWindow));
        prices.trial.intro_countdown = IntroCountdown::OncePerVisitor;
        assert_eq!(
            broken(prices.clone()),
            [(
                "trial.intro_regular_days".to_owned(),
                "is needed with intro_countdown = \"once-per-visitor\": the days a visitor sees the regular price before a new countdown (for example 30)".to_owned()
            )]
        );
        prices.trial.intro_regular_days = Some(0);
        assert_eq!(broken(prices.clone()).len(), 1);
        prices.trial.intro_regular_days = Some(30);
        assert!(broken(prices.clone()).is_empty());
        assert_eq!(
            prices.trial.intro_revisit(),
            Some(Revisit::RegularFor(30 * 24 * 60 * 60 * 1000))
        );
        prices.trial.intro_countdown = IntroCountdown::NoCountdown;
        assert_eq!(
            broken(prices.clone()).len(),
            1,
            "days without once-per-visitor"
        );
        prices.trial.intro_regular_days = None;
        assert_eq!(prices.trial.intro_revisit(), None);
        assert_eq!(
            prices.trial.intro_price_text(),
            "£39 online intro price, usually £49"
        );
    }

    #[test]
    fn the_default_prices_are_valid_and_derive_the_sites_figures() {
        let prices = prices();
        assert_eq!(broken(prices.clone()), []);
        assert_eq!(prices.trial.intro_price(), Pence::pounds(39));
        assert_eq!(prices.single_focus_price(), Pence::pounds(109));
        assert_eq!(
            prices.drop_in().map(|pack| pack.price),
            Some(Pence::pounds(13))
        );
        assert_eq!(prices.pack(5).map(|pack| pack.price), Some(Pence(6250)));
        assert_eq!(
            prices.cheapest_monthly().map(|plan| plan.id.as_str()),
            Some("lite")
        );
    }

    #[test]
    fn money_is_pounds_with_at_most_two_decimals() {
        let read = |price: &str| {
            toml::from_str::<Trial>(&format!("price = {price}\nintro_discount = 1"))
                .map(|trial| trial.price)
                .map_err(|error| error.message().to_owned())
        };
        assert_eq!(read("49"), Ok(Pence(4900)));
        assert_eq!(read("62.50"), Ok(Pence(6250)));
        assert_eq!(read("0.1"), Ok(Pence(10)));
        for wrong in ["\"£49\"", "49.999", "-1", "true", "inf"] {
            assert_eq!(
                read(wrong),
                Err(super::super::money::EXPECTED.to_owned()),
                "{wrong}"
            );
        }
    }

    #[test]
    fn unknown_fields_are_refused() {
        let error =
            toml::from_str::<Founder>("percent_off = 20\nannual_months_paid = 10\nextra = 1")
                .unwrap_err();
        assert!(
            error.message().contains("unknown field `extra`"),
            "{}",
            error.message()
        );
    }

    #[test]
    fn duplicate_ids_two_featured_plans_and_plain_http_links_are_refused() {
        let mut prices = prices();
        prices.monthly[1].id = "lite".to_owned();
        prices.monthly[0].featured = true;
        prices.packs[4].purchase_url = Some("http://example.com/50".to_owned());
        prices.packs[2].featured = true;
        assert_eq!(
            broken(prices),
            [
                (
                    "monthly[1].id".to_owned(),
                    "'lite' is already used by another entry; each id must be different".to_owned()
                ),
                (
                    "monthly[2].featured".to_owned(),
                    "only one entry of monthly may be featured, and monthly[0] already is".to_owned()
                ),
                (
                    "packs[3].featured".to_owned(),
                    "only one entry of packs may be featured, and packs[2] already is".to_owned()
                ),
                (
                    "packs[4].purchase_url".to_owned(),
                    "must be an https:// address, like https://goteamup.com/p/5123456-one-space/memberships/lite".to_owned()
                ),
                (
                    "monthly".to_owned(),
                    "must keep a plan with id 'core': the founder plan 'Core' is priced from it"
                        .to_owned()
                ),
            ]
        );
    }

    #[test]
    fn empty_names_missing_drop_in_and_uneven_options_are_refused() {
        let mut prices = prices();
        prices.monthly[0].name = " ".to_owned();
        prices.unlimited[2].price = Pence::pounds(110);
        prices.unlimited[1].focus = None;
        prices.packs.remove(0);
        prices.trial.intro_discount = Pence::pounds(60);
        let paths: Vec<String> = broken(prices).into_iter().map(|(path, _)| path).collect();
        assert_eq!(
            paths,
            [
                "trial.intro_discount",
                "monthly[0].name",
                "unlimited[1].focus",
                "unlimited[2].price",
                "packs"
            ]
        );
    }

    #[test]
    fn validity_reads_days_or_months() {
        assert_eq!(Validity::parse("30 days"), Some(Validity::Days(30)));
        assert_eq!(Validity::parse("1 month"), Some(Validity::Months(1)));
        assert_eq!(Validity::parse("3 weeks"), None);
        assert_eq!(Validity::parse("0 days"), None);
        assert_eq!(Validity::parse("days"), None);
    }
}
