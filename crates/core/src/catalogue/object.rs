//! The catalogue as one JSON-able object: the typed data plus the texts computed from it.

use serde::Serialize;

use super::{
    challenge, fire_ice, intro, timed, trial, MembershipPlan, SessionPack, MONTHLY_MEMBERSHIPS,
    SESSION_PACKS, UNLIMITED_OPTIONS,
};
use crate::{founder, invest, links, offers, policy, studio, team, Pence};

/// A membership card as the islands receive it: the plan plus its computed description.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MembershipCard {
    /// The plan.
    #[serde(flatten)]
    pub plan: MembershipPlan,
    /// [`MembershipPlan::description`].
    pub description: String,
}

/// A pack card as the islands receive it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PackCard {
    /// The pack.
    #[serde(flatten)]
    pub pack: SessionPack,
    /// [`SessionPack::per_session`].
    pub per_session: String,
    /// [`SessionPack::expiry`].
    pub expiry: String,
    /// Back-to-school bonus credits, for the packs that get them.
    pub bonus_credits: Option<u32>,
}

/// Trial, intro and timed offer figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TrialOffers {
    /// [`trial::NAME`].
    pub name: &'static str,
    /// [`trial::DAYS`].
    pub days: u32,
    /// [`trial::PRICE`].
    pub price: Pence,
    /// [`trial::STARTS`].
    pub starts: &'static str,
    /// [`trial::GUARANTEE`].
    pub guarantee: &'static str,
    /// [`trial::guarantee_terms`].
    pub guarantee_terms: String,
    /// [`links::TRIAL`].
    pub purchase_url: &'static str,
    /// [`intro::PRICE`].
    pub intro_price: Pence,
    /// [`intro::DISCOUNT`].
    pub intro_discount: Pence,
    /// [`intro::button_text`].
    pub intro_button: String,
    /// [`links::INTRO_OFFER`].
    pub intro_purchase_url: &'static str,
    /// [`timed::PERCENT_OFF`].
    pub timed_percent_off: u64,
    /// [`timed::CODE`].
    pub timed_code: &'static str,
    /// [`timed::SHOWN_PRICE`].
    pub timed_price: Pence,
    /// [`timed::refund_terms`].
    pub timed_refund_terms: String,
    /// [`links::TIMED_OFFER`].
    pub timed_purchase_url: &'static str,
}

/// Fire & Ice figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FireIce {
    /// [`fire_ice::MINUTES`].
    pub minutes: u32,
    /// [`fire_ice::DROP_IN`].
    pub drop_in: Pence,
    /// [`fire_ice::MAX_SAVING_PERCENT`].
    pub max_saving_percent: u32,
    /// [`fire_ice::MAX_PER_WEEK`].
    pub max_per_week: u32,
    /// [`fire_ice::DESCRIPTION`].
    pub description: &'static str,
}

/// 6-week challenge figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Challenge {
    /// [`challenge::WEEKS`].
    pub weeks: u32,
    /// [`challenge::FIRE_ICE_SESSIONS`].
    pub fire_ice_sessions: u32,
    /// [`challenge::BODY_SCANS`].
    pub body_scans: u32,
    /// [`challenge::MEAL_PLAN_DAYS`].
    pub meal_plan_days: u32,
    /// [`challenge::STAY_PERCENT`].
    pub stay_percent: u32,
    /// [`challenge::NEXT_START`], ISO date.
    pub next_start: String,
    /// [`challenge::included`].
    pub included: Vec<String>,
    /// [`studio::CONSULTATION_SLOTS`].
    pub consultation_slots: &'static [studio::ConsultationSlot],
    /// [`links::CHALLENGE_CONSULTATION`].
    pub consultation_url: &'static str,
}

/// Everything a visitor can see priced or counted, as one JSON-able object.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Catalogue {
    /// Rolling Monthly Memberships.
    pub memberships: Vec<MembershipCard>,
    /// Unlimited Membership Options.
    pub unlimited_options: Vec<MembershipCard>,
    /// Session Packs, drop-in first.
    pub packs: Vec<PackCard>,
    /// 14-day trial with its intro and timed offers.
    pub trial: TrialOffers,
    /// Fire & Ice.
    pub fire_ice: FireIce,
    /// 6-week challenge.
    pub challenge: Challenge,
    /// Founder plans.
    pub founder_plans: Vec<founder::FounderCard>,
    /// Discounts and campaigns.
    pub offers: offers::Offers,
    /// Investment tiers and both investor pages' figures.
    pub investment: invest::Investment,
    /// Booking and cancellation policy.
    pub policy: policy::Policy,
    /// Opening hours.
    pub opening_hours: &'static [studio::OpeningHours],
    /// Drive times.
    pub drive_times: &'static [studio::DriveTime],
    /// The instructors.
    pub team: &'static [team::TeamMember],
}

fn membership_cards(plans: &[MembershipPlan]) -> Vec<MembershipCard> {
    plans
        .iter()
        .map(|plan| MembershipCard {
            plan: *plan,
            description: plan.description(),
        })
        .collect()
}

/// The whole catalogue.
pub fn catalogue() -> Catalogue {
    Catalogue {
        memberships: membership_cards(&MONTHLY_MEMBERSHIPS),
        unlimited_options: membership_cards(&UNLIMITED_OPTIONS),
        packs: SESSION_PACKS
            .iter()
            .map(|pack| PackCard {
                pack: *pack,
                per_session: pack.per_session(),
                expiry: pack.expiry(),
                bonus_credits: offers::back_to_school::bonus_credits(pack.sessions),
            })
            .collect(),
        trial: TrialOffers {
            name: trial::NAME,
            days: trial::DAYS,
            price: trial::PRICE,
            starts: trial::STARTS,
            guarantee: trial::GUARANTEE,
            guarantee_terms: trial::guarantee_terms(),
            purchase_url: links::TRIAL,
            intro_price: intro::PRICE,
            intro_discount: intro::DISCOUNT,
            intro_button: intro::button_text(),
            intro_purchase_url: links::INTRO_OFFER,
            timed_percent_off: timed::PERCENT_OFF,
            timed_code: timed::CODE,
            timed_price: timed::SHOWN_PRICE,
            timed_refund_terms: timed::refund_terms(),
            timed_purchase_url: links::TIMED_OFFER,
        },
        fire_ice: FireIce {
            minutes: fire_ice::MINUTES,
            drop_in: fire_ice::DROP_IN,
            max_saving_percent: fire_ice::MAX_SAVING_PERCENT,
            max_per_week: fire_ice::MAX_PER_WEEK,
            description: fire_ice::DESCRIPTION,
        },
        challenge: Challenge {
            weeks: challenge::WEEKS,
            fire_ice_sessions: challenge::FIRE_ICE_SESSIONS,
            body_scans: challenge::BODY_SCANS,
            meal_plan_days: challenge::MEAL_PLAN_DAYS,
            stay_percent: challenge::STAY_PERCENT,
            next_start: challenge::NEXT_START.iso(),
            included: challenge::included(),
            consultation_slots: &studio::CONSULTATION_SLOTS,
            consultation_url: links::CHALLENGE_CONSULTATION,
        },
        founder_plans: founder::cards(),
        offers: offers::offers(),
        investment: invest::investment(),
        policy: policy::policy(),
        opening_hours: &studio::OPENING_HOURS,
        drive_times: &studio::DRIVE_TIMES,
        team: &team::TEAM,
    }
}
