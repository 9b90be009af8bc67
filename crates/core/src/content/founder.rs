//! Founder memberships: 20% off for life, paid monthly or annually with two months free.
//!
//! Each founder plan names the monthly plan it is based on; the founder price (80% of that plan's
//! price) and the annual price (10 founder months) are computed, never retyped. Plan keys are the
//! values of the membership form's `selectedMembership`.

use serde::Serialize;

use crate::content::prices::{Founder, Prices};
use crate::Pence;

/// A founder plan. Its name, inclusions and key are the membership form's choices (the same
/// list in the browser and on the server), so they stay here; its price comes from the content:
/// the plan it is [based on](FounderPlan::based_on) and the [`Founder`] discount.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FounderPlan {
    /// Stable identifier: the membership form's `selectedMembership` value.
    pub key: &'static str,
    /// Name on the founder page.
    pub name: &'static str,
    /// The id of the plan in `prices.toml` whose price is discounted (checked to exist).
    #[serde(skip)]
    pub based_on: &'static str,
    /// Fire & Ice sessions included each month.
    pub fire_ice_sessions: u32,
    /// What the plan includes, besides Fire & Ice and the founder rate.
    pub inclusions: &'static [&'static str],
    /// Highlighted card.
    pub featured: bool,
}

impl FounderPlan {
    /// Every inclusion as shown, Fire & Ice and the founder rate included.
    pub fn all_inclusions(&self, founder: &Founder) -> Vec<String> {
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
        all.push(format!("{}% off for life", founder.percent_off));
        all
    }
}

impl Founder {
    /// The founder monthly price of a plan at `price`: 80% of it.
    pub const fn monthly(&self, price: Pence) -> Pence {
        price.less_percent(self.percent_off)
    }

    /// The annual price of a plan at `price`: 10 founder months.
    pub const fn annual(&self, price: Pence) -> Pence {
        self.monthly(price).times(self.annual_months_paid)
    }

    /// Months free when paying annually.
    pub const fn free_months(&self) -> u64 {
        12u64.saturating_sub(self.annual_months_paid)
    }
}

/// Founder plans in the order of SPEC's table. Gym Only and Yoga/Pilates Only are priced from
/// the £109 single-focus options. SPEC gives their Fire & Ice sessions no figure; as £109 plans
/// between Flex (4) and Unlimited (8), they include 4.
pub const PLANS: [FounderPlan; 6] = [
    FounderPlan {
        key: "founder-unlimited",
        name: "Unlimited Gym + Yoga/Pilates",
        based_on: "unlimited",
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
        based_on: "unlimited-functional-training",
        fire_ice_sessions: 4,
        inclusions: &["Unlimited gym and functional training"],
        featured: false,
    },
    FounderPlan {
        key: "founder-yoga-pilates-only",
        name: "Unlimited Yoga/Pilates Only",
        based_on: "unlimited-yoga-pilates",
        fire_ice_sessions: 4,
        inclusions: &["Unlimited hot yoga and pilates"],
        featured: false,
    },
    FounderPlan {
        key: "founder-flex",
        name: "Flex",
        based_on: "flex",
        fire_ice_sessions: 4,
        inclusions: &["12 sessions a month"],
        featured: false,
    },
    FounderPlan {
        key: "founder-core",
        name: "Core",
        based_on: "core",
        fire_ice_sessions: 2,
        inclusions: &["8 sessions a month"],
        featured: false,
    },
    FounderPlan {
        key: "founder-lite",
        name: "Lite",
        based_on: "lite",
        fire_ice_sessions: 1,
        inclusions: &["4 sessions a month"],
        featured: false,
    },
];

/// The founder plan with this key.
pub fn plan(key: &str) -> Option<&'static FounderPlan> {
    PLANS.iter().find(|plan| plan.key == key)
}

/// A founder plan card, prices computed from the content.
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

/// All founder cards, priced from `prices` (a plan whose base is missing, which validation
/// refuses, is left out).
pub fn cards(prices: &Prices) -> Vec<FounderCard> {
    PLANS
        .iter()
        .filter_map(|plan| {
            let price = prices.plan(plan.based_on)?.price;
            Some(FounderCard {
                plan: *plan,
                original_price: price,
                founder_price: prices.founder.monthly(price),
                annual_price: prices.founder.annual(price),
                all_inclusions: plan.all_inclusions(&prices.founder),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lite_includes_one_session_in_the_singular() {
        let founder = Founder {
            percent_off: 20,
            annual_months_paid: 10,
        };
        let lite = plan("founder-lite")
            .map(|plan| plan.all_inclusions(&founder))
            .unwrap_or_default();
        assert!(lite.contains(&"1 Fire & Ice session a month".to_owned()));
        assert!(plan("lite").is_none());
    }
}
