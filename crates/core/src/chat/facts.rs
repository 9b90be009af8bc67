//! The facts the chat answers from, in one value the server builds from the content and the
//! stored copy of the provider's timetable ([`ChatFacts::new`]) and sends to the chat island as
//! JSON when the chat opens: the same value gives the same answers natively and in
//! WebAssembly. Only what a reply names travels: no photos, no founder tables, and only the
//! classes of the coming [`CLASS_DAYS`] days.
//!
//! The wire form is plain numbers and strings: instants as milliseconds since the Unix epoch,
//! the challenge's date as year, month and day, times of day as minutes since midnight, days
//! of the week as 0 (Monday) to 6 (Sunday). Reading it in the WebAssembly module then needs no
//! date parser and none of the content types' own readers: the module stays small.

use chrono::{DateTime, Duration, NaiveDate, NaiveTime, Utc};
use serde::{Deserialize, Serialize};

use crate::calendar::{clock_12h, instant_from_ms, london_date};
use crate::content::studio::{ClockTime, WEEK};
use crate::content::Content;
use crate::countdown::IntroCountdown;
use crate::timetable::{Availability, Timetable};
use crate::Pence;

/// Days of classes the facts carry, from the day they are built: the timetable page's seven
/// and one more, so a copy built late in the evening still covers a week ahead.
pub const CLASS_DAYS: i64 = 8;

/// A time of day as minutes since midnight, as the pages show it: `6:00 AM`.
pub fn clock(minutes: u16) -> String {
    clock_12h(&time_of_day(minutes))
}

/// Minutes since midnight as a time of day (midnight beyond the day).
pub fn time_of_day(minutes: u16) -> NaiveTime {
    NaiveTime::from_hms_opt(u32::from(minutes / 60), u32::from(minutes % 60), 0)
        .unwrap_or(NaiveTime::MIN)
}

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

/// A calendar day (UK) as numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DayFact {
    /// Year.
    pub year: i32,
    /// Month, 1-12.
    pub month: u32,
    /// Day of the month, 1-31.
    pub day: u32,
}

impl DayFact {
    /// The day as a chrono date; `None` when it is not a day.
    pub fn date(self) -> Option<NaiveDate> {
        NaiveDate::from_ymd_opt(self.year, self.month, self.day)
    }
}

/// The next 6-week challenge and its consultations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChallengeFact {
    /// Its first day (UK).
    pub starts: DayFact,
    /// The provider's page where a free consultation is booked.
    pub consultation_url: String,
}

/// One line of opening hours.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HoursFact {
    /// The days as shown (`Mon-Fri`).
    pub days: String,
    /// The same days, 0 (Monday) to 6 (Sunday).
    pub weekdays: Vec<u8>,
    /// Opening time, minutes since midnight.
    pub opens: u16,
    /// Closing time, minutes since midnight.
    pub closes: u16,
}

impl HoursFact {
    /// `Mon-Fri 6:00 AM-8:00 PM`, as the content's `OpeningHours::display`.
    pub fn display(&self) -> String {
        format!("{} {}-{}", self.days, clock(self.opens), clock(self.closes))
    }
}

/// The drive time from a nearby town.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DriveFact {
    /// Town.
    pub from: String,
    /// Minutes by car.
    pub minutes: u32,
    /// Route note, if any.
    pub via: Option<String>,
}

impl DriveFact {
    /// `Edinburgh: 25 min via M8`, as the content's `DriveTime::display`.
    pub fn display(&self) -> String {
        match &self.via {
            Some(via) => format!("{}: {} min via {via}", self.from, self.minutes),
            None => format!("{}: {} min", self.from, self.minutes),
        }
    }
}

/// A free challenge consultation slot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SlotFact {
    /// Day, by full name.
    pub day: String,
    /// Time, minutes since midnight.
    pub time: u16,
}

/// What the replies name of `studio.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StudioFact {
    /// The address on one line.
    pub address: String,
    /// The team's e-mail address.
    pub email: String,
    /// The phone as shown.
    pub phone: String,
    /// The phone as dialled (E.164), for the `tel:` link.
    pub tel: String,
    /// Parking.
    pub parking: String,
    /// Opening hours, in week order.
    pub opening_hours: Vec<HoursFact>,
    /// Drive times, nearest first.
    pub drive_times: Vec<DriveFact>,
    /// Challenge consultation slots, in week order.
    pub consultation_slots: Vec<SlotFact>,
}

impl StudioFact {
    /// Opening hours on one line, as the content's `Studio::opening_hours_line`.
    pub fn opening_hours_line(&self) -> String {
        self.opening_hours
            .iter()
            .map(HoursFact::display)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A class of the live copy, as the replies name it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClassFact {
    /// Its name.
    pub name: String,
    /// Its type.
    pub kind: String,
    /// Who teaches it.
    pub coach: Option<String>,
    /// Its start, milliseconds since the Unix epoch.
    pub starts_ms: i64,
    /// Places still free, when the provider gives a capacity.
    pub spaces_left: Option<u32>,
    /// Once full, whether the waitlist still takes names.
    pub waitlist_open: bool,
    /// When booking closes, milliseconds since the Unix epoch.
    pub booking_closes_ms: Option<i64>,
    /// Its page at the provider.
    pub booking_url: Option<String>,
}

impl ClassFact {
    /// Its start.
    pub fn starts_at(&self) -> DateTime<Utc> {
        instant_from_ms(self.starts_ms)
    }

    /// Whether and how it can be booked at `now`, as `timetable::Class::availability`.
    pub fn availability(&self, now: DateTime<Utc>) -> Availability {
        Availability::of(
            self.booking_closes_ms
                .is_some_and(|close| instant_from_ms(close) <= now),
            self.spaces_left,
            self.waitlist_open,
        )
    }
}

/// A class of the typical week (schedule.toml), for when no live copy exists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TypicalFact {
    /// Its day, 0 (Monday) to 6 (Sunday).
    pub day: u8,
    /// Its start, minutes since midnight.
    pub time: u16,
    /// Its name.
    pub name: String,
    /// Its type.
    pub kind: String,
    /// Who usually teaches it.
    pub coach: Option<String>,
}

/// The classes the chat reads: the live copy's coming classes, or else the typical week.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClassesFact {
    /// When the provider last answered, milliseconds since the Unix epoch; `None` when there
    /// is no live copy (the typical week stands in).
    pub fetched_ms: Option<i64>,
    /// The live copy's classes, each with its Book link filled in.
    pub live: Vec<ClassFact>,
    /// The typical week, when there is no live copy.
    pub typical: Vec<TypicalFact>,
    /// The provider's schedule page.
    pub schedule_url: String,
}

impl ClassesFact {
    /// When the provider last answered.
    pub fn fetched_at(&self) -> Option<DateTime<Utc>> {
        self.fetched_ms.map(instant_from_ms)
    }
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
    pub studio: StudioFact,
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
        let studio = &content.studio;
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
                    .map(|class| ClassFact {
                        name: class.name.clone(),
                        kind: class.kind.clone(),
                        coach: class.coach.clone(),
                        starts_ms: class.starts_at.timestamp_millis(),
                        spaces_left: class.spaces_left,
                        waitlist_open: class.waitlist_open,
                        booking_closes_ms: class
                            .booking_closes_at
                            .map(|close| close.timestamp_millis()),
                        booking_url: Some(
                            class
                                .booking_url
                                .clone()
                                .unwrap_or_else(|| schedule.class_url(class.id)),
                        ),
                    })
                    .collect()
            })
            .unwrap_or_default();
        let minutes = |time: ClockTime| time.minutes() as u16;
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
            studio: StudioFact {
                address: studio.address_line(),
                email: studio.email.clone(),
                phone: studio.phone.display.clone(),
                tel: studio.phone.tel.clone(),
                parking: studio.parking.clone(),
                opening_hours: studio
                    .opening_hours
                    .iter()
                    .map(|line| HoursFact {
                        days: line.days.clone(),
                        weekdays: line
                            .weekdays
                            .iter()
                            .filter_map(|name| WEEK.iter().position(|day| day == name))
                            .map(|day| day as u8)
                            .collect(),
                        opens: minutes(line.opens),
                        closes: minutes(line.closes),
                    })
                    .collect(),
                drive_times: studio
                    .drive_times
                    .iter()
                    .map(|drive| DriveFact {
                        from: drive.from.clone(),
                        minutes: drive.minutes,
                        via: drive.via.clone(),
                    })
                    .collect(),
                consultation_slots: studio
                    .consultation_slots
                    .iter()
                    .map(|slot| SlotFact {
                        day: slot.day.clone(),
                        time: minutes(slot.time),
                    })
                    .collect(),
            },
            challenge: ChallengeFact {
                starts: DayFact {
                    year: i32::from(challenge.year),
                    month: u32::from(challenge.month),
                    day: u32::from(challenge.day),
                },
                consultation_url: schedule.url(crate::content::BookingPage::ChallengeConsultation),
            },
            classes: ClassesFact {
                fetched_ms: timetable.map(|copy| copy.fetched_at.timestamp_millis()),
                live,
                typical: if timetable.is_some() {
                    Vec::new()
                } else {
                    schedule
                        .typical_week
                        .iter()
                        .map(|class| TypicalFact {
                            day: class.day.days_from_monday() as u8,
                            time: minutes(class.time),
                            name: class.name.clone(),
                            kind: class.kind.clone(),
                            coach: class.coach.clone(),
                        })
                        .collect()
                },
                schedule_url: schedule.schedule_url(),
            },
        }
    }
}
