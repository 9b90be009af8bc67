//! The studio's price list as typed data: monthly memberships, unlimited single-focus options,
//! session packs, the 14-day trial and its intro and timed offers, Fire & Ice and the 6-week
//! challenge.
//!
//! Each price is written once as [`Pence`]; per-session costs, discounted prices and button texts
//! are computed from it.

use serde::{Serialize, Serializer};

use crate::{links, Pence};

/// A rolling monthly membership (pricing section, memberships page).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MembershipPlan {
    /// Stable identifier, used in forms and links; never shown.
    pub key: &'static str,
    /// Name on the card.
    pub name: &'static str,
    /// Monthly price.
    pub price: Pence,
    /// Sessions a month; `None` is unlimited.
    pub sessions: Option<u32>,
    /// For the single-focus options: what is unlimited.
    pub focus: Option<&'static str>,
    /// Shows 'MOST POPULAR'.
    pub featured: bool,
    /// The provider's purchase page ('Choose Plan').
    pub purchase_url: &'static str,
}

impl MembershipPlan {
    /// The card's description: the per-session cost (`£12.25 per session`), or what is
    /// unlimited. Per-session costs are rounded half up to the penny (Core: £79 / 8 = £9.88).
    pub fn description(&self) -> String {
        match (self.sessions, self.focus) {
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

/// Lite: £49 for 4 sessions a month.
pub const LITE: MembershipPlan = MembershipPlan {
    key: "lite",
    name: "Lite",
    price: Pence::pounds(49),
    sessions: Some(4),
    focus: None,
    featured: false,
    purchase_url: links::membership::LITE,
};

/// Core: £79 for 8 sessions a month.
pub const CORE: MembershipPlan = MembershipPlan {
    key: "core",
    name: "Core",
    price: Pence::pounds(79),
    sessions: Some(8),
    focus: None,
    featured: false,
    purchase_url: links::membership::CORE,
};

/// Flex: £99 for 12 sessions a month, the most popular.
pub const FLEX: MembershipPlan = MembershipPlan {
    key: "flex",
    name: "Flex",
    price: Pence::pounds(99),
    sessions: Some(12),
    focus: None,
    featured: true,
    purchase_url: links::membership::FLEX,
};

/// Unlimited: £139 a month.
pub const UNLIMITED: MembershipPlan = MembershipPlan {
    key: "unlimited",
    name: "Unlimited",
    price: Pence::pounds(139),
    sessions: None,
    focus: None,
    featured: false,
    purchase_url: links::membership::UNLIMITED,
};

/// The price of every unlimited single-focus option.
pub const SINGLE_FOCUS_PRICE: Pence = Pence::pounds(109);

/// Unlimited Functional Training (the founder page's 'Gym Only').
pub const FUNCTIONAL_TRAINING: MembershipPlan = MembershipPlan {
    key: "unlimited-functional-training",
    name: "Functional Training",
    price: SINGLE_FOCUS_PRICE,
    sessions: None,
    focus: Some("functional training"),
    featured: false,
    purchase_url: links::membership::FUNCTIONAL_TRAINING,
};

/// Unlimited Yoga & Pilates (the founder page's 'Yoga/Pilates Only').
pub const YOGA_PILATES: MembershipPlan = MembershipPlan {
    key: "unlimited-yoga-pilates",
    name: "Yoga & Pilates",
    price: SINGLE_FOCUS_PRICE,
    sessions: None,
    focus: Some("yoga and pilates"),
    featured: false,
    purchase_url: links::membership::YOGA_PILATES,
};

/// Unlimited Fire & Ice.
pub const FIRE_ICE_UNLIMITED: MembershipPlan = MembershipPlan {
    key: "unlimited-fire-ice",
    name: "Fire & Ice",
    price: SINGLE_FOCUS_PRICE,
    sessions: None,
    focus: Some("Fire & Ice"),
    featured: false,
    purchase_url: links::membership::FIRE_ICE,
};

/// Rolling Monthly Memberships, in card order.
pub const MONTHLY_MEMBERSHIPS: [MembershipPlan; 4] = [LITE, CORE, FLEX, UNLIMITED];

/// Unlimited Membership Options at £109/month, in card order.
pub const UNLIMITED_OPTIONS: [MembershipPlan; 3] =
    [FUNCTIONAL_TRAINING, YOGA_PILATES, FIRE_ICE_UNLIMITED];

/// How long a pack's sessions stay valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Validity {
    /// A number of days.
    Days(u32),
    /// A number of calendar months.
    Months(u32),
}

impl Validity {
    /// The validity badge: `30 days`, `3 months`.
    pub fn display(self) -> String {
        match self {
            Self::Days(days) => format!("{days} days"),
            Self::Months(months) => format!("{months} months"),
        }
    }
}

impl Serialize for Validity {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.display())
    }
}

/// A session pack or the drop-in (pricing section, 'Session Packs').
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionPack {
    /// Stable identifier.
    pub key: &'static str,
    /// Name on the card.
    pub name: &'static str,
    /// Price of the pack.
    pub price: Pence,
    /// Sessions (credits) in the pack.
    pub sessions: u32,
    /// Validity badge; `None` for the drop-in.
    pub validity: Option<Validity>,
    /// Shows 'MOST POPULAR'.
    pub featured: bool,
    /// The provider's purchase page ('Purchase'); `None` for the drop-in, which links to the
    /// timetable with 'Book Now'.
    pub purchase_url: Option<&'static str>,
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

/// Drop-in: £13 for one class.
pub const DROP_IN: SessionPack = SessionPack {
    key: "drop-in",
    name: "Drop-in",
    price: Pence::pounds(13),
    sessions: 1,
    validity: None,
    featured: false,
    purchase_url: None,
};

/// 5 Pack: £62.50, valid 30 days.
pub const PACK_5: SessionPack = SessionPack {
    key: "5-pack",
    name: "5 Pack",
    price: Pence::new(62, 50),
    sessions: 5,
    validity: Some(Validity::Days(30)),
    featured: false,
    purchase_url: Some(links::pack::FIVE),
};

/// 10 Pack: £120, valid 3 months.
pub const PACK_10: SessionPack = SessionPack {
    key: "10-pack",
    name: "10 Pack",
    price: Pence::pounds(120),
    sessions: 10,
    validity: Some(Validity::Months(3)),
    featured: false,
    purchase_url: Some(links::pack::TEN),
};

/// 20 Pack: £200, valid 6 months, the most popular.
pub const PACK_20: SessionPack = SessionPack {
    key: "20-pack",
    name: "20 Pack",
    price: Pence::pounds(200),
    sessions: 20,
    validity: Some(Validity::Months(6)),
    featured: true,
    purchase_url: Some(links::pack::TWENTY),
};

/// 50 Pack: £450, valid 12 months.
pub const PACK_50: SessionPack = SessionPack {
    key: "50-pack",
    name: "50 Pack",
    price: Pence::pounds(450),
    sessions: 50,
    validity: Some(Validity::Months(12)),
    featured: false,
    purchase_url: Some(links::pack::FIFTY),
};

/// Session Packs, in card order.
pub const SESSION_PACKS: [SessionPack; 5] = [DROP_IN, PACK_5, PACK_10, PACK_20, PACK_50];

/// The 14-day Ultimate Experience trial, the site's main call to action.
pub mod trial {
    use crate::Pence;

    /// Product name.
    pub const NAME: &str = "14-Day Ultimate Experience";
    /// Length of the trial; the days start at the first booking.
    pub const DAYS: u32 = 14;
    /// Regular price.
    pub const PRICE: Pence = Pence::pounds(49);
    /// When the trial starts.
    pub const STARTS: &str = "Your 14 days start from your first booking.";
    /// Money-back guarantee on the intro page.
    pub const GUARANTEE: &str = "Money back if you feel no benefit after 14 days (terms apply).";
    /// The guarantee's condition (terms): sessions attended within the first two weeks.
    pub const GUARANTEE_SESSIONS: u32 = 8;
    /// Weeks in which the guarantee's sessions are attended.
    pub const GUARANTEE_WEEKS: u32 = 2;

    /// The guarantee's terms: `Refunds need 8 sessions in 2 weeks plus your body scans.`
    pub fn guarantee_terms() -> String {
        format!(
            "Refunds need {GUARANTEE_SESSIONS} sessions in {GUARANTEE_WEEKS} weeks plus your \
             body scans."
        )
    }
}

/// The £10-off intro offer on the intro page and the service pages (10-minute timer, see
/// [`crate::countdown::intro_offer`]).
pub mod intro {
    use super::trial;
    use crate::Pence;

    /// Discount while the timer runs.
    pub const DISCOUNT: Pence = Pence::pounds(10);
    /// Price while the timer runs: £49 - £10 = £39.
    pub const PRICE: Pence = trial::PRICE.minus(DISCOUNT);
    /// Structured-data name of the offer on the service pages.
    pub const SCHEMA_NAME: &str = "2-Week Intro Offer";

    /// The service pages' buy button: `Get £10 Off - Pay £39 (Usually £49)`.
    pub fn button_text() -> String {
        format!(
            "Get {} Off - Pay {} (Usually {})",
            DISCOUNT.format(),
            PRICE.format(),
            trial::PRICE.format()
        )
    }
}

/// The timed 10%-off page (5-minute countdown, see [`crate::countdown::timed_offer`]).
pub mod timed {
    use super::trial;
    use crate::Pence;

    /// Discount with the page's code, per cent.
    pub const PERCENT_OFF: u64 = 10;
    /// The code shown while the countdown runs. SPEC shows a coupon but not its text; this is
    /// the studio's choice and must match the code set up with the provider.
    pub const CODE: &str = "FAST10";
    /// The price the page shows with the code. SPEC shows £44, while 10% off £49 is £44.10
    /// ([`computed_price`]); the page keeps SPEC's shown £44 (the provider's coupon takes off
    /// £5), and this difference is deliberate.
    pub const SHOWN_PRICE: Pence = Pence::pounds(44);
    /// Sessions needed for the refund on this page.
    pub const REFUND_SESSIONS: u32 = 12;
    /// Weeks in which those sessions are attended.
    pub const REFUND_WEEKS: u32 = 3;

    /// Exactly 10% off the trial: £44.10 (not shown; see [`SHOWN_PRICE`]).
    pub const fn computed_price() -> Pence {
        trial::PRICE.less_percent(PERCENT_OFF)
    }

    /// The refund condition: `Refund needs 12 sessions in 3 weeks plus both body scans.`
    pub fn refund_terms() -> String {
        format!(
            "Refund needs {REFUND_SESSIONS} sessions in {REFUND_WEEKS} weeks plus both body scans."
        )
    }
}

/// Fire & Ice: private infrared sauna plus ice bath.
pub mod fire_ice {
    use crate::Pence;

    /// Session length in minutes.
    pub const MINUTES: u32 = 40;
    /// Drop-in price of one session.
    pub const DROP_IN: Pence = Pence::pounds(25);
    /// The saving the page claims for members ('up to 81%'); a marketing figure as SPEC states
    /// it, not derived from the price list.
    pub const MAX_SAVING_PERCENT: u32 = 81;
    /// Most sessions one person may book in a week.
    pub const MAX_PER_WEEK: u32 = 3;
    /// What a session is.
    pub const DESCRIPTION: &str = "Private infrared sauna plus ice bath";

    /// `40-minute private session`.
    pub fn session_text() -> String {
        format!("{MINUTES}-minute private session")
    }

    /// `Save up to 81%`.
    pub fn saving_text() -> String {
        format!("Save up to {MAX_SAVING_PERCENT}%")
    }
}

/// The 6-week challenge.
pub mod challenge {
    use crate::offers::Date;

    /// Length in weeks.
    pub const WEEKS: u32 = 6;
    /// Fire & Ice sessions included.
    pub const FIRE_ICE_SESSIONS: u32 = 3;
    /// Body composition scans included.
    pub const BODY_SCANS: u32 = 3;
    /// Length of the meal plan in days.
    pub const MEAL_PLAN_DAYS: u32 = 7;
    /// Share of challenge members who stay long term, per cent.
    pub const STAY_PERCENT: u32 = 86;
    /// Start of the current challenge (1 September 2025).
    pub const NEXT_START: Date = Date::new(2025, 9, 1);
    /// Sign-up for it: August, with free training until the start (the back-to-school offer).
    /// The start date is mentioned while sign-up is open and not once the challenge is under way.
    pub const SIGN_UP: crate::calendar::Window =
        crate::calendar::Window::new(Date::new(2025, 8, 1), Date::new(2025, 8, 31));

    /// The five items of 'What's Included'.
    pub fn included() -> Vec<String> {
        vec![
            format!("{WEEKS} weeks of coached training"),
            format!("{FIRE_ICE_SESSIONS} Fire & Ice recovery sessions"),
            format!("{BODY_SCANS} body composition scans"),
            format!("{MEAL_PLAN_DAYS}-day meal plan"),
            "Weekly check-ins".to_owned(),
        ]
    }

    /// The hero's claim: `86% of our challenge members stay long term`.
    pub fn stay_claim() -> String {
        format!("{STAY_PERCENT}% of our challenge members stay long term")
    }
}
