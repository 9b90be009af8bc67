//! What the studio sells, besides the prices: the 14-day trial's terms, the intro and timed
//! offers, Fire & Ice and the 6-week challenge.
//!
//! The prices themselves (memberships, packs, the trial) are content the studio edits
//! (`prices.toml`, [`crate::content::prices`]); per-session costs, discounted prices and button
//! texts are computed from them.

/// The 14-day Ultimate Experience trial, the site's main call to action.
pub mod trial {

    /// Product name.
    pub const NAME: &str = "14-Day Ultimate Experience";
    /// Length of the trial; the days start at the first booking.
    pub const DAYS: u32 = 14;
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
/// [`crate::countdown::intro_offer`]); its discount is content
/// ([`crate::content::prices::Trial::intro_discount`]).
pub mod intro {
    /// Structured-data name of the offer on the service pages.
    pub const SCHEMA_NAME: &str = "2-Week Intro Offer";
}

/// The timed 10%-off page (5-minute countdown, see [`crate::countdown::timed_offer`]).
pub mod timed {
    use crate::Pence;

    /// Discount with the page's code, per cent.
    pub const PERCENT_OFF: u64 = 10;
    /// The code shown while the countdown runs. SPEC shows a coupon but not its text; this is
    /// the studio's choice and must match the code set up with the provider.
    pub const CODE: &str = "FAST10";
    /// The price the page shows with the code. SPEC shows £44, while 10% off £49 is £44.10
    /// ([`computed_price`] of the trial's price); the page keeps SPEC's shown £44 (the provider's coupon takes off
    /// £5), and this difference is deliberate.
    pub const SHOWN_PRICE: Pence = Pence::pounds(44);
    /// Sessions needed for the refund on this page.
    pub const REFUND_SESSIONS: u32 = 12;
    /// Weeks in which those sessions are attended.
    pub const REFUND_WEEKS: u32 = 3;

    /// Exactly 10% off the trial at `trial_price`: £44.10 (not shown; see [`SHOWN_PRICE`]).
    pub const fn computed_price(trial_price: Pence) -> Pence {
        trial_price.less_percent(PERCENT_OFF)
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
    /// Most sessions one person may book in a week.
    pub const MAX_PER_WEEK: u32 = 3;
    /// What a session is.
    pub const DESCRIPTION: &str = "Private infrared sauna plus ice bath";

    /// `40-minute private session`.
    pub fn session_text() -> String {
        format!("{MINUTES}-minute private session")
    }

    /// Weeks in a year over months in a year: a month's share of weeks.
    const WEEKS_PER_YEAR: u64 = 52;

    /// The most a member saves on a session against the drop-in, per cent, rounded down: the
    /// unlimited Fire & Ice plan at `monthly_price` used to the weekly limit (3 a week, 13 a
    /// month: £109 / 13 = £8.38 against £25, 66%). SPEC's "up to 81%" does not follow from
    /// any price it lists, so the page says what does.
    pub fn max_saving_percent(monthly_price: Pence) -> u64 {
        let sessions_a_year = u64::from(MAX_PER_WEEK) * WEEKS_PER_YEAR;
        // Pence a session over a year's sessions: monthly price x 12 / sessions a year.
        let cost_a_year = monthly_price.0 * 12;
        let drop_in_a_year = DROP_IN.0 * sessions_a_year;
        if drop_in_a_year == 0 || cost_a_year >= drop_in_a_year {
            return 0;
        }
        (drop_in_a_year - cost_a_year) * 100 / drop_in_a_year
    }

    /// `Save up to 66%`, from [`crate::content::Prices::fire_ice_saving_percent`].
    pub fn saving_text(percent: u64) -> String {
        format!("Save up to {percent}%")
    }
}

/// The six classes of /our-classes (SPEC's cards). Their facts (length, heat, level, who they
/// suit, what to bring, the timetable types that are their sessions) are content:
/// `schedule.toml`'s `[[classes]]`, [`crate::content::schedule::ClassFacts`].
pub mod classes {
    /// Each card's id, in the page's order: its address on the page (`/our-classes#hot-yoga`)
    /// and the `id` its facts are written under.
    pub const IDS: [&str; 6] = [
        "hot-yoga",
        "yoga",
        "pilates",
        "hyrox-training",
        "functional-training",
        "fire-ice-recovery",
    ];

    /// Upcoming sessions each card lists.
    pub const NEXT_SESSIONS: usize = 3;
}

/// The 6-week challenge.
pub mod challenge {
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
    // The next challenge's start and its sign-up are content: `offers.toml`,
    // [`crate::content::offers::Challenge`].

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
