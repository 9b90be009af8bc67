//! The facts the chat answers from, in one value the server builds from the content and the
//! stored copy of the provider's timetable ([`ChatFacts::new`]) and sends to the chat island as
//! JSON when the chat opens: the same value gives the same answers natively and in
//! WebAssembly. Only what a reply names travels: no photos, no founder tables, and only the
//! classes of the coming [`CLASS_DAYS`] days.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use crate::calendar::london_date;
use crate::content::studio::{ClockTime, Day};
use crate::content::{Content, Studio};
use crate::countdown::IntroCountdown;
use crate::timetable::{Class, Timetable};
use crate::Pence;

/// Days of classes the facts carry, from the day they are built: the timetable page's seven
/// and one more, so a copy built late in the evening still covers a week ahead.
pub const CLASS_DAYS: i64 = 8;

/// A monthly membership, unlimited option or session pack as the chat names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PriceFact {
    /// Its name ("Flex", "Yoga & Pilates", "10 Pack", "Drop-in").
    pub name: String,
    /// Its price (a month for memberships).
    pub price: Pence,
    /// Sessions (a month for memberships); `None` is unlimited.
    pub sessions: Option<u32>,
    /// How long a pack is valid ("3 months"), when it expires.
    #[serde(default)]
    pub validity: Option<String>,
}

/// The trial and the intro price's rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TrialFact {
    /// Its name.
    pub name: String,
    /// Regular price.
    pub price: Pence,
    /// Taken off online as the intro price.
    pub intro_discount: Pence,
    /// How the intro price is offered (prices.toml's `intro_countdown`).
    pub countdown: IntroCountdown,
    /// With one countdown per visitor: days of the regular price after it runs out.
    pub regular_days: Option<u16>,
}

/// The next 6-week challenge and its consultations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChallengeFact {
    /// Its first day (UK).
    pub starts: NaiveDate,
    /// The provider's page where a free consultation is booked.
    pub consultation_url: String,
}

/// A class of the typical week (schedule.toml), for when no live copy exists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TypicalFact {
    /// Its day.
    pub day: Day,
    /// Its start.
    pub time: ClockTime,
    /// Its name.
    pub name: String,
    /// Its type.
    pub kind: String,
    /// Who usually teaches it.
    pub coach: Option<String>,
    /// Its length.
    pub minutes: u16,
}

/// The classes the chat reads: the live copy's coming classes, or else the typical week.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClassesFact {
    /// When the provider last answered; `None` when there is no live copy (the typical week
    /// stands in).
    pub fetched_at: Option<DateTime<Utc>>,
    /// The live copy's classes, each with its `booking_url` filled in.
    pub live: Vec<Class>,
    /// The typical week, when there is no live copy.
    pub typical: Vec<TypicalFact>,
    /// The provider's schedule page.
    pub schedule_url: String,
}

/// Everything the chat's replies name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChatFacts {
    /// Rolling monthly memberships, in card order.
    pub plans: Vec<PriceFact>,
    /// Unlimited single-focus options.
    pub unlimited: Vec<PriceFact>,
    /// Session packs, the drop-in (1 session) first as the content lists them.
    pub packs: Vec<PriceFact>,
    /// The 14-day trial.
    pub trial: TrialFact,
    /// Students, Blue Light and over-60s discount, per cent.
    pub concession_percent: u64,
    /// Address, contacts, hours, drive times, consultation slots.
    pub studio: Studio,
    /// The next challenge.
    pub challenge: ChallengeFact,
    /// The classes.
    pub classes: ClassesFact,
}

impl ChatFacts {
    /// The facts from `content` and the stored `timetable` copy (if any), with the live
    /// classes of the [`CLASS_DAYS`] UK days from `now`'s.
    pub fn new(content: &Content, timetable: Option<&Timetable>, now: DateTime<Utc>) -> Self {
        let prices = &content.prices;
        let schedule = &content.schedule;
        let plan = |name: &str, price: Pence, sessions: Option<u32>| PriceFact {
            name: name.to_owned(),
            price,
            sessions,
            validity: None,
        };
        let last_day = london_date(now) + Duration::days(CLASS_DAYS - 1);
        let live = timetable
            .map(|copy| {
                copy.classes
                    .iter()
                    .filter(|class| class.ends_at > now && london_date(class.starts_at) <= last_day)
                    .map(|class| Class {
                        booking_url: Some(
                            class
                                .booking_url
                                .clone()
                                .unwrap_or_else(|| schedule.class_url(class.id)),
                        ),
                        ..class.clone()
                    })
                    .collect()
            })
            .unwrap_or_default();
        let challenge = &content.offers.challenge.starts;
        Self {
            plans: prices
                .monthly
                .iter()
                .map(|p| plan(&p.name, p.price, p.sessions))
                .collect(),
            unlimited: prices
                .unlimited
                .iter()
                .map(|p| plan(&p.name, p.price, None))
                .collect(),
            packs: prices
                .packs
                .iter()
                .map(|pack| PriceFact {
                    name: pack.name.clone(),
                    price: pack.price,
                    sessions: Some(pack.sessions),
                    validity: pack.validity.map(|validity| validity.display()),
                })
                .collect(),
            trial: TrialFact {
                name: crate::catalogue::trial::NAME.to_owned(),
                price: prices.trial.price,
                intro_discount: prices.trial.intro_discount,
                countdown: prices.trial.intro_countdown,
                regular_days: prices.trial.intro_regular_days,
            },
            concession_percent: content.offers.concession.percent_off,
            studio: content.studio.clone(),
            challenge: ChallengeFact {
                starts: NaiveDate::from_ymd_opt(
                    i32::from(challenge.year),
                    u32::from(challenge.month),
                    u32::from(challenge.day),
                )
                .unwrap_or_default(),
                consultation_url: schedule.url(crate::content::BookingPage::ChallengeConsultation),
            },
            classes: ClassesFact {
                fetched_at: timetable.map(|copy| copy.fetched_at),
                live,
                typical: if timetable.is_some() {
                    Vec::new()
                } else {
                    schedule
                        .typical_week
                        .iter()
                        .map(|class| TypicalFact {
                            day: class.day,
                            time: class.time,
                            name: class.name.clone(),
                            kind: class.kind.clone(),
                            coach: class.coach.clone(),
                            minutes: class.minutes,
                        })
                        .collect()
                },
                schedule_url: schedule.schedule_url(),
            },
        }
    }
}
