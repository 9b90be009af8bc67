//! Founder memberships: 20% off for life, paid monthly or annually with two months free.
//!
//! Each founder plan names the monthly plan it is based on; the founder price (80% of that plan's
//! price) and the annual price (10 founder months) are computed, never retyped. Plan keys are the
//! values of the membership form's `selectedMembership`.

use serde::Serialize;

use crate::catalogue::{self, MembershipPlan};
use crate::Pence;

/// Discount for life, per cent.
pub const PERCENT_OFF: u64 = 20;

/// Founder months paid for a year when paying annually (2 months free).
pub const ANNUAL_MONTHS_PAID: u64 = 10;

/// A founder plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FounderPlan {
    /// Stable identifier: the membership form's `selectedMembership` value.
    pub key: &'static str,
    /// Name on the founder page.
    pub name: &'static str,
    /// The monthly plan whose price is discounted.
    #[serde(skip)]
    pub base: MembershipPlan,
    /// Fire & Ice sessions included each month.
    pub fire_ice_sessions: u32,
    /// What the plan includes, besides Fire & Ice and the founder rate.
    pub inclusions: &'static [&'static str],
    /// Highlighted card.
    pub featured: bool,
}

impl FounderPlan {
    /// The regular monthly price.
    pub const fn original_price(&self) -> Pence {
        self.base.price
    }

    /// The founder monthly price: 80% of the regular price.
    pub const fn founder_price(&self) -> Pence {
        self.base.price.less_percent(PERCENT_OFF)
    }

    /// The annual price: 10 founder months.
    pub const fn annual_price(&self) -> Pence {
        self.founder_price().times(ANNUAL_MONTHS_PAID)
    }

    /// Every inclusion as shown, Fire & Ice and the founder rate included.
    pub fn all_inclusions(&self) -> Vec<String> {
        let mut all: Vec<String> = self
            .inclusions
            .iter()
            .map(|item| (*item).to_owned())
            .collect();
        let plural = if self.fire_ice_sessions == 1 { "" } else { "s" };
        all.push(format!(
            "{} Fire & Ice session{plural} a month",
            self.fire_ice_sessions
        ));
        all.push(format!("{PERCENT_OFF}% off for life"));
        all
    }
}

/// Founder plans in the order of SPEC's table. Gym Only and Yoga/Pilates Only are priced from
/// the £109 single-focus options. SPEC gives their Fire & Ice sessions no figure; as £109 plans
/// between Flex (4) and Unlimited (8), they include 4.
pub const PLANS: [FounderPlan; 6] = [
    FounderPlan {
        key: "founder-unlimited",
        name: "Unlimited Gym + Yoga/Pilates",
        base: catalogue::UNLIMITED,
        fire_ice_sessions: 8,
        inclusions: &[
            "Unlimited gym and functional training",
            "Unlimited hot yoga and pilates",
        ],
        featured: true,
    },
    FounderPlan {
        key: "founder-gym-only",
        name: "Unlimited Gym Only",
        base: catalogue::FUNCTIONAL_TRAINING,
        fire_ice_sessions: 4,
        inclusions: &["Unlimited gym and functional training"],
        featured: false,
    },
    FounderPlan {
        key: "founder-yoga-pilates-only",
        name: "Unlimited Yoga/Pilates Only",
        base: catalogue::YOGA_PILATES,
        fire_ice_sessions: 4,
        inclusions: &["Unlimited hot yoga and pilates"],
        featured: false,
    },
    FounderPlan {
        key: "founder-flex",
        name: "Flex",
        base: catalogue::FLEX,
        fire_ice_sessions: 4,
        inclusions: &["12 sessions a month"],
        featured: false,
    },
    FounderPlan {
        key: "founder-core",
        name: "Core",
        base: catalogue::CORE,
        fire_ice_sessions: 2,
        inclusions: &["8 sessions a month"],
        featured: false,
    },
    FounderPlan {
        key: "founder-lite",
        name: "Lite",
        base: catalogue::LITE,
        fire_ice_sessions: 1,
        inclusions: &["4 sessions a month"],
        featured: false,
    },
];

/// The founder plan with this key.
pub fn plan(key: &str) -> Option<&'static FounderPlan> {
    PLANS.iter().find(|plan| plan.key == key)
}

/// A founder plan card as the islands receive it, prices computed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FounderCard {
    /// The plan.
    #[serde(flatten)]
    pub plan: FounderPlan,
    /// Regular monthly price.
    pub original_price: Pence,
    /// Founder monthly price.
    pub founder_price: Pence,
    /// Annual price.
    pub annual_price: Pence,
    /// Every inclusion as shown.
    pub all_inclusions: Vec<String>,
}

/// All founder cards.
pub fn cards() -> Vec<FounderCard> {
    PLANS
        .iter()
        .map(|plan| FounderCard {
            plan: *plan,
            original_price: plan.original_price(),
            founder_price: plan.founder_price(),
            annual_price: plan.annual_price(),
            all_inclusions: plan.all_inclusions(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lite_includes_one_session_in_the_singular() {
        let lite = plan("founder-lite")
            .map(FounderPlan::all_inclusions)
            .unwrap_or_default();
        assert!(lite.contains(&"1 Fire & Ice session a month".to_owned()));
        assert!(plan("lite").is_none());
    }
}
