//! The chat assistant: keyword groups in SPEC's order, and replies computed from the studio's
//! facts ([`ChatFacts`]: prices, the intro offer's rule, hours, address, drive times, the
//! challenge, and the classes of the stored copy of the provider's timetable) at the instant
//! passed in. The core never reads the clock: the server and the WebAssembly module pass `now`,
//! so both give the same answer for the same facts and instant.
//!
//! A message is read as words ([`words`]: lower case, split on every non-alphanumeric
//! character, misspellings within one letter understood), then the keyword groups are checked
//! in SPEC's order (schedule, location, what to bring, first time, membership, challenge,
//! cancel, contact); the first group with a match answers. Two groups follow SPEC's eight and
//! only answer what would otherwise have been the fallback: Fire & Ice ('how long is the
//! sauna?') and a class named on its own ('hot yoga?', answered as a schedule question).
//!
//! Because membership comes before cancel in SPEC's order, 'cancel my membership' is answered by
//! the membership group, whose reply then states the notice and offers the cancellation button.
//!
//! Replies are structured ([`ChatReply`]: text, class rows, notes, links), never markup: the
//! island renders them as text, lists and links, so nothing a visitor types becomes markup.

pub mod facts;
pub mod schedule;
pub mod words;

use chrono::{DateTime, Datelike, Duration, Utc};
use serde::Serialize;

pub use facts::ChatFacts;

use crate::calendar::london_date;
use crate::catalogue::{challenge, fire_ice, trial};
use crate::content::Studio;
use crate::countdown::IntroCountdown;
use crate::policy;
use words::{has_any, has_phrase};

/// What a reply is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Topic {
    /// Classes, their times and opening hours.
    Schedule,
    /// Address, parking and directions.
    Location,
    /// What to bring and wear.
    WhatToBring,
    /// First visit.
    FirstTime,
    /// Prices and memberships.
    Membership,
    /// The 6-week challenge.
    Challenge,
    /// Cancelling a membership.
    Cancel,
    /// Reaching the team.
    Contact,
    /// Fire & Ice recovery (after SPEC's groups).
    FireIce,
    /// Nothing matched.
    Fallback,
}

/// A link in a reply: a page of the site, or the provider's page in a new tab.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChatLink {
    /// Its words.
    pub label: String,
    /// Where it goes.
    pub href: String,
    /// Opens in a new tab (the provider's pages).
    pub external: bool,
}

impl ChatLink {
    /// A page of the site.
    pub fn internal(label: &str, href: &str) -> Self {
        Self {
            label: label.to_owned(),
            href: href.to_owned(),
            external: false,
        }
    }

    /// Another site's page, opened in a new tab.
    pub fn external(label: &str, href: &str) -> Self {
        Self {
            label: label.to_owned(),
            href: href.to_owned(),
            external: true,
        }
    }
}

/// One class in a schedule reply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClassRow {
    /// `Today`, `Tomorrow` or `Tuesday 24 November` (UK date).
    pub day: String,
    /// `7:00 PM` (UK time).
    pub time: String,
    /// The class's name.
    pub name: String,
    /// Who teaches it.
    pub coach: Option<String>,
    /// `14 spaces left`, `Full: join the waitlist`, `Full`, `Booking closed`; none when
    /// places are unlimited or unknown.
    pub status: Option<String>,
    /// Whether the status is a warning (full or closed).
    pub full: bool,
    /// The provider's page for booking it (new tab); none for the typical week.
    pub book_url: Option<String>,
    /// The Book link's accessible name.
    pub book_label: String,
}

/// The assistant's answer to one message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChatReply {
    /// What the reply is about.
    pub topic: Topic,
    /// The reply's text.
    pub text: String,
    /// Classes, for a schedule question.
    pub classes: Vec<ClassRow>,
    /// Said after the classes (a typical week, an old copy).
    pub notes: Vec<String>,
    /// Links to the pages that say more.
    pub links: Vec<ChatLink>,
    /// Show the button that opens the contact dialog.
    pub show_contact_button: bool,
    /// Show the button that opens the cancellation dialog.
    pub show_cancel_button: bool,
}

/// Keyword groups in SPEC's order. Phrases are written with single spaces. The schedule group
/// also matches the day words of [`schedule::WHEN_WORDS`].
pub const KEYWORDS: [(Topic, &[&str]); 9] = [
    (
        Topic::Schedule,
        &[
            "schedule",
            "timetable",
            "class times",
            "times",
            "hours",
            "open",
            "opening",
            "closing",
            "book",
            "booking",
            "what time",
            "when is",
            "when are",
            "any classes",
            "any class",
        ],
    ),
    (
        Topic::Location,
        &[
            "where",
            "location",
            "located",
            "address",
            "directions",
            "parking",
            "park",
            "map",
            "postcode",
            "find you",
            "get there",
            "how far",
            "drive",
            "bus",
            "train",
        ],
    ),
    (
        Topic::WhatToBring,
        &[
            "bring",
            "wear",
            "kit",
            "mat",
            "towel",
            "clothes",
            "clothing",
            "shoes",
            "need to have",
        ],
    ),
    (
        Topic::FirstTime,
        &[
            "first time",
            "first class",
            "first visit",
            "beginner",
            "new to",
            "never done",
            "never tried",
            "nervous",
            "newbie",
        ],
    ),
    (
        Topic::Membership,
        &[
            "membership",
            "member",
            "price",
            "pricing",
            "cost",
            "how much",
            "join",
            "trial",
            "pack",
            "drop in",
            "dropin",
            "offer",
            "discount",
            "fee",
            "unlimited",
            "student",
            "blue light",
            "over 60",
            "over 60s",
            "concession",
            "plan",
            "intro",
            "payg",
            "pay as you go",
            "credits",
            "lite",
            "flex",
        ],
    ),
    (
        Topic::Challenge,
        &[
            "challenge",
            "6 week",
            "six week",
            "weight loss",
            "transformation",
            "body scan",
            "consultation",
        ],
    ),
    (
        Topic::Cancel,
        &[
            "cancel",
            "cancelling",
            "canceling",
            "cancellation",
            "quit",
            "terminate",
        ],
    ),
    (
        Topic::Contact,
        &[
            "contact", "phone", "call", "email", "e mail", "speak", "talk", "human", "number",
            "reach",
        ],
    ),
    (
        Topic::FireIce,
        &[
            "fire ice",
            "fire and ice",
            "sauna",
            "ice bath",
            "cold plunge",
            "infrared",
            "recovery",
        ],
    ),
];

/// The topic of `words`: the first keyword group that matches (`towns`, the content's drive
/// times, count as location words), then a class named on its own (schedule); `None` when
/// nothing does.
fn topic_of(words: &[String], text: &str, towns: &[&str]) -> Option<Topic> {
    let money = text.contains('£');
    KEYWORDS
        .iter()
        .find(|(topic, keywords)| {
            has_any(words, keywords)
                || match topic {
                    Topic::Schedule => has_any(words, &schedule::WHEN_WORDS),
                    Topic::Location => towns.iter().any(|town| has_phrase(words, town)),
                    Topic::Membership => money,
                    _ => false,
                }
        })
        .map(|(topic, _)| *topic)
        .or_else(|| {
            schedule::class_phrases()
                .any(|phrase| has_phrase(words, phrase))
                .then_some(Topic::Schedule)
        })
}

/// The topic of `text` by the keyword groups alone (no content): the first group that
/// matches, `None` when none does.
pub fn topic(text: &str) -> Option<Topic> {
    topic_of(&words::words(text), text, &[])
}

/// The topic of a visitor's message: `None` for blank or whitespace-only input (nothing is
/// sent), the fallback when no keyword matches.
pub fn message_topic(text: &str) -> Option<Topic> {
    if text.trim().is_empty() {
        return None;
    }
    Some(topic(text).unwrap_or(Topic::Fallback))
}

/// How far inside chrono's range a reply's instant is kept: the schedule counts days forward and
/// back from today with plain date arithmetic, which would overflow on chrono's first or last
/// days. No real clock is there, but the browser's `Date.now()` can be set to say so.
const ROOM_DAYS: i64 = 366;

/// The assistant's answer to `text` from `facts` at `now`: `None` for blank input.
pub fn respond(text: &str, facts: &ChatFacts, now: DateTime<Utc>) -> Option<ChatReply> {
    if text.trim().is_empty() {
        return None;
    }
    let room = Duration::days(ROOM_DAYS);
    let now = now.clamp(
        DateTime::<Utc>::MIN_UTC + room,
        DateTime::<Utc>::MAX_UTC - room,
    );
    let words = words::words(text);
    let towns: Vec<String> = facts
        .studio
        .drive_times
        .iter()
        .map(|drive| drive.from.to_lowercase())
        .collect();
    let towns: Vec<&str> = towns.iter().map(String::as_str).collect();
    let topic = topic_of(&words, text, &towns).unwrap_or(Topic::Fallback);
    Some(answer(topic, &words, text, facts, now))
}

/// A reply with no classes or notes.
fn plain(topic: Topic, text: String, links: Vec<ChatLink>) -> ChatReply {
    ChatReply {
        topic,
        text,
        classes: Vec::new(),
        notes: Vec::new(),
        links,
        show_contact_button: matches!(topic, Topic::Contact | Topic::Fallback),
        show_cancel_button: topic == Topic::Cancel,
    }
}

/// The reply when nothing matched (also what the chat island says when it cannot fetch the
/// facts): the topics it can help with and the contact button.
pub fn fallback() -> ChatReply {
    plain(
        Topic::Fallback,
        "I'm not sure I understood that. I can help with our class schedule, location, what to \
         bring, memberships or the 6-week challenge - or you can contact the team with the \
         button below."
            .to_owned(),
        Vec::new(),
    )
}

fn answer(
    topic: Topic,
    words: &[String],
    text: &str,
    facts: &ChatFacts,
    now: DateTime<Utc>,
) -> ChatReply {
    let studio = &facts.studio;
    match topic {
        Topic::Schedule => {
            let found = if schedule::asks_hours(words) {
                schedule::hours(words, facts, now)
            } else {
                schedule::classes(words, facts, now)
            };
            ChatReply {
                topic,
                text: found.text,
                classes: found.classes,
                notes: found.notes,
                links: found.links,
                show_contact_button: false,
                show_cancel_button: false,
            }
        }
        Topic::Location => location(words, studio),
        Topic::WhatToBring => plain(
            topic,
            format!(
                "Bring a yoga mat, a large towel and a water bottle, and wear comfortable, \
                 breathable clothes you can move and sweat in. For Fire & Ice, bring swimwear \
                 and a second towel. On your first visit, please arrive {} minutes early.",
                policy::FIRST_CLASS_ARRIVE_EARLY_MINUTES
            ),
            vec![ChatLink::internal("Read our FAQ", "/faq")],
        ),
        Topic::FirstTime => plain(
            topic,
            format!(
                "Welcome! Every class is open to all levels and our instructors give options \
                 for every body. Please arrive {} minutes early for your first class so we can \
                 show you around, and bring a mat, a towel and water. The best way to start is \
                 our {} for {} - your {} days start from your first booking.",
                policy::FIRST_CLASS_ARRIVE_EARLY_MINUTES,
                facts.trial.name,
                facts.trial.price.format(),
                trial::DAYS
            ),
            vec![
                ChatLink::internal("Start your 14-day trial", "/intro-offer"),
                ChatLink::internal("See the timetable", "/timetable"),
            ],
        ),
        Topic::Membership => membership(words, text, facts),
        Topic::Challenge => challenge_reply(facts, now),
        Topic::Cancel => plain(
            topic,
            format!(
                "To cancel your membership we need {} days' written notice by e-mail; \
                 memberships bill on a rolling {}-day cycle. Use the button below to send your \
                 cancellation request.",
                policy::NOTICE_DAYS,
                policy::BILLING_CYCLE_DAYS
            ),
            vec![ChatLink::internal("Read our terms", "/terms")],
        ),
        Topic::Contact => plain(
            topic,
            format!(
                "You can e-mail the team at {} or call us on {}. Or send us a message with the \
                 button below and we'll get back to you.",
                studio.email, studio.phone
            ),
            vec![
                ChatLink::internal(
                    &format!("E-mail {}", studio.email),
                    &format!("mailto:{}", studio.email),
                ),
                ChatLink::internal(
                    &format!("Call {}", studio.phone),
                    &format!("tel:{}", studio.tel),
                ),
            ],
        ),
        Topic::FireIce => plain(
            topic,
            format!(
                "{}: {}, {} a session, and up to {} a week.{}",
                fire_ice_intro(),
                fire_ice::session_text(),
                fire_ice::DROP_IN.format(),
                plural(fire_ice::MAX_PER_WEEK, "session"),
                unlimited_fire_ice(facts)
            ),
            vec![ChatLink::internal("About Fire & Ice", "/fire-ice")],
        ),
        Topic::Fallback => fallback(),
    }
}

fn fire_ice_intro() -> String {
    format!("Fire & Ice is a {}", fire_ice::DESCRIPTION.to_lowercase())
}

/// ` It's also an unlimited option at £109 a month.` when the prices have one.
fn unlimited_fire_ice(facts: &ChatFacts) -> String {
    facts
        .unlimited
        .iter()
        .find(|plan| {
            let own = words::words(&plan.name);
            own.iter().any(|w| w == "fire") && own.iter().any(|w| w == "ice")
        })
        .map(|plan| format!(" Unlimited Fire & Ice is {} a month.", plan.price.format()))
        .unwrap_or_default()
}

fn location(words: &[String], studio: &facts::StudioFact) -> ChatReply {
    let parking = studio.parking.to_lowercase();
    let asked: Vec<String> = studio
        .drive_times
        .iter()
        .filter(|drive| has_phrase(words, &drive.from.to_lowercase()))
        .map(|drive| match &drive.via {
            Some(via) => format!(
                "From {} it's about {} minutes' drive via the {via}.",
                drive.from, drive.minutes
            ),
            None => format!(
                "From {} it's about {} minutes' drive.",
                drive.from, drive.minutes
            ),
        })
        .collect();
    let drives: Vec<String> = studio.drive_times.iter().map(|d| d.display()).collect();
    let mut text = format!("You'll find us at {}, with {parking}.", studio.address);
    if asked.is_empty() {
        text.push_str(&format!(" Drive times: {}.", drives.join(", ")));
    } else {
        text.push(' ');
        text.push_str(&asked.join(" "));
    }
    plain(
        Topic::Location,
        text,
        vec![ChatLink::internal("How to find us", "/contact")],
    )
}

fn plural(count: u32, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// The intro price's rule, as the content's countdown mode makes it true.
fn intro_rule(facts: &ChatFacts) -> String {
    let trial = &facts.trial;
    let intro = trial.price.minus(trial.intro_discount);
    let minutes = crate::countdown::INTRO_OFFER_WINDOW_MS / 60_000;
    match trial.countdown {
        IntroCountdown::EveryVisit => format!(
            "Online it's {} instead of {} while the {minutes}-minute countdown on our intro \
             offer page runs; when it reaches zero the price is {}.",
            intro.format(),
            trial.price.format(),
            trial.price.format()
        ),
        IntroCountdown::OncePerVisitor => {
            let after = match trial.regular_days {
                Some(days) if days > 0 => format!(
                    "; after it ends the price is {} for {days} days",
                    trial.price.format()
                ),
                _ => format!("; after it ends the price is {}", trial.price.format()),
            };
            format!(
                "Online it's {} instead of {} while your {minutes}-minute countdown on our \
                 intro offer page runs - one countdown per visitor{after}.",
                intro.format(),
                trial.price.format()
            )
        }
        IntroCountdown::NoCountdown => format!(
            "Bought online from our intro offer page it's {} instead of {}.",
            intro.format(),
            trial.price.format()
        ),
    }
}

fn trial_sentence(facts: &ChatFacts) -> String {
    format!(
        "The {} is {}: {} days of every class type plus Fire & Ice, starting from your first \
         booking.",
        facts.trial.name,
        facts.trial.price.format(),
        trial::DAYS
    )
}

/// Amounts written with a pound sign: `£39`, `£62.50`, in pence.
fn amounts(text: &str) -> Vec<crate::Pence> {
    let mut found = Vec::new();
    for part in text.split('£').skip(1) {
        let figure: String = part
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == ',')
            .filter(|c| *c != ',')
            .collect();
        let figure = figure.trim_end_matches('.');
        let (pounds, pence) = figure.split_once('.').unwrap_or((figure, "0"));
        let (Ok(pounds), Ok(pence)) = (
            pounds.parse::<u64>(),
            format!("{pence:0<2}")[..2].parse::<u64>(),
        ) else {
            continue;
        };
        let amount = crate::Pence(pounds.saturating_mul(100).saturating_add(pence));
        if !found.contains(&amount) {
            found.push(amount);
        }
    }
    found
}

fn plan_line(plan: &facts::PriceFact) -> String {
    match plan.sessions {
        Some(sessions) => format!(
            "{} {} ({sessions} sessions)",
            plan.name,
            plan.price.format()
        ),
        None => format!("{} {}", plan.name, plan.price.format()),
    }
}

/// What costs `amount`, in words.
fn priced_at(amount: crate::Pence, facts: &ChatFacts) -> Vec<String> {
    let trial = &facts.trial;
    let mut what = Vec::new();
    if trial.price.minus(trial.intro_discount) == amount {
        what.push(format!("the {}'s online intro price", trial.name));
    }
    if trial.price == amount {
        what.push(format!("the {}'s regular price", trial.name));
    }
    for plan in &facts.plans {
        if plan.price == amount {
            what.push(match plan.sessions {
                Some(sessions) => {
                    format!("the {} membership ({sessions} sessions a month)", plan.name)
                }
                None => format!("the {} membership a month", plan.name),
            });
        }
    }
    let focus: Vec<&str> = facts
        .unlimited
        .iter()
        .filter(|plan| plan.price == amount)
        .map(|plan| plan.name.as_str())
        .collect();
    if !focus.is_empty() {
        what.push(format!(
            "each unlimited option a month ({})",
            focus.join(", ")
        ));
    }
    for pack in &facts.packs {
        if pack.price == amount {
            what.push(if pack.sessions == Some(1) {
                "a drop-in class".to_owned()
            } else {
                format!("the {}", pack.name)
            });
        }
    }
    if fire_ice::DROP_IN == amount {
        what.push("a Fire & Ice session".to_owned());
    }
    what
}

fn membership(words: &[String], text: &str, facts: &ChatFacts) -> ChatReply {
    let topic = Topic::Membership;
    let memberships = || ChatLink::internal("See all memberships", "/memberships");
    let trial_link = || ChatLink::internal("See the intro offer", "/intro-offer");
    if has_any(
        words,
        &[
            "cancel",
            "cancelling",
            "canceling",
            "cancellation",
            "quit",
            "terminate",
            "freeze",
            "pause",
        ],
    ) {
        let mut reply = plain(
            topic,
            format!(
                "Memberships are rolling with no contract: to cancel we need {} days' written \
                 notice by e-mail. Use the button below to send your cancellation request.",
                policy::NOTICE_DAYS
            ),
            vec![ChatLink::internal("Read our terms", "/terms")],
        );
        reply.show_cancel_button = true;
        return reply;
    }
    let asked = amounts(text);
    if !asked.is_empty() {
        let lines: Vec<String> = asked
            .iter()
            .map(|amount| {
                let what = priced_at(*amount, facts);
                if what.is_empty() {
                    format!("Nothing we sell is {}.", amount.format())
                } else {
                    format!("{} is {}.", amount.format(), join_and(&what))
                }
            })
            .collect();
        let intro_asked = asked.contains(&facts.trial.price.minus(facts.trial.intro_discount))
            || asked.contains(&facts.trial.price);
        let mut text = lines.join(" ");
        let mut links = vec![memberships()];
        if intro_asked {
            text.push(' ');
            text.push_str(&intro_rule(facts));
            links.insert(0, trial_link());
        }
        return plain(topic, text, links);
    }
    if has_any(
        words,
        &[
            "student",
            "students",
            "blue light",
            "over 60",
            "over 60s",
            "over sixty",
            "pensioner",
            "concession",
            "nhs",
            "discount",
            "discounts",
        ],
    ) {
        return plain(
            topic,
            format!(
                "Students, Blue Light card holders and over-60s get {}% off recurring \
                 memberships: ask us for the code and we'll send it once we've checked your \
                 details.",
                facts.concession_percent
            ),
            vec![
                ChatLink::internal("Ask for your discount", "/contact"),
                memberships(),
            ],
        );
    }
    if has_any(
        words,
        &[
            "trial",
            "intro",
            "14 day",
            "two week",
            "2 week",
            "try",
            "first month",
        ],
    ) {
        return plain(
            topic,
            format!("{} {}", trial_sentence(facts), intro_rule(facts)),
            vec![trial_link(), memberships()],
        );
    }
    if has_any(
        words,
        &[
            "drop in",
            "dropin",
            "single class",
            "one class",
            "one off",
            "payg",
            "pay as you go",
            "casual",
        ],
    ) {
        let drop_in = facts.packs.iter().find(|pack| pack.sessions == Some(1));
        return plain(
            topic,
            match drop_in {
                Some(pack) => format!(
                    "A drop-in class is {}: pick a class on the timetable and book it there.",
                    pack.price.format()
                ),
                None => {
                    "We don't sell single classes at the moment: see our packs and memberships."
                        .to_owned()
                }
            },
            vec![
                ChatLink::internal("See the timetable", "/timetable"),
                memberships(),
            ],
        );
    }
    if has_any(words, &["fire ice", "fire and ice", "sauna", "ice bath"]) {
        return plain(
            topic,
            format!(
                "A {} of Fire & Ice is {}, up to {} a week.{}",
                fire_ice::session_text(),
                fire_ice::DROP_IN.format(),
                plural(fire_ice::MAX_PER_WEEK, "session"),
                unlimited_fire_ice(facts)
            ),
            vec![
                ChatLink::internal("About Fire & Ice", "/fire-ice"),
                memberships(),
            ],
        );
    }
    if has_any(words, &["unlimited"]) {
        let full = facts.plans.iter().filter(|plan| plan.sessions.is_none());
        let mut parts: Vec<String> = full
            .map(|plan| {
                format!(
                    "{} is {} a month for every class",
                    plan.name,
                    plan.price.format()
                )
            })
            .collect();
        if let Some(first) = facts.unlimited.first() {
            let names: Vec<&str> = facts
                .unlimited
                .iter()
                .map(|plan| plan.name.as_str())
                .collect();
            parts.push(format!(
                "unlimited single-focus options ({}) are {} a month each",
                names.join(", "),
                first.price.format()
            ));
        }
        return plain(
            topic,
            format!(
                "{}. No contract: just {} days' notice to cancel.",
                capitalise(&join_and(&parts)),
                policy::NOTICE_DAYS
            ),
            vec![memberships()],
        );
    }
    let named: Vec<String> = facts
        .plans
        .iter()
        .filter(|plan| has_phrase(words, &plan.name.to_lowercase()))
        .map(|plan| match plan.sessions {
            Some(sessions) => format!(
                "{} is {} a month for {sessions} sessions",
                plan.name,
                plan.price.format()
            ),
            None => format!("{} is {} a month", plan.name, plan.price.format()),
        })
        .collect();
    if !named.is_empty() {
        return plain(
            topic,
            format!(
                "{}, rolling monthly with {} days' notice to cancel.",
                capitalise(&join_and(&named)),
                policy::NOTICE_DAYS
            ),
            vec![memberships()],
        );
    }
    if has_any(words, &["pack", "packs", "credits", "bundle", "sessions"]) {
        let packs: Vec<String> = facts
            .packs
            .iter()
            .filter(|pack| pack.sessions != Some(1))
            .map(|pack| match &pack.validity {
                Some(validity) => {
                    format!("{} {} (valid {validity})", pack.name, pack.price.format())
                }
                None => format!("{} {}", pack.name, pack.price.format()),
            })
            .collect();
        return plain(
            topic,
            format!("Our session packs: {}.", packs.join(", ")),
            vec![memberships()],
        );
    }
    let plans: Vec<String> = facts.plans.iter().map(plan_line).collect();
    let single = facts.unlimited.first().map(|plan| plan.price);
    let drop_in = facts.packs.iter().find(|pack| pack.sessions == Some(1));
    let mut text = format!("Our rolling monthly memberships are {}.", plans.join(", "));
    if let Some(single) = single {
        let names: Vec<&str> = facts
            .unlimited
            .iter()
            .map(|plan| plan.name.as_str())
            .collect();
        text.push_str(&format!(
            " Unlimited single-focus options ({}) are {} a month",
            names.join(", "),
            single.format()
        ));
        match drop_in {
            Some(pack) => text.push_str(&format!(
                ", and session packs start from a {} drop-in.",
                pack.price.format()
            )),
            None => text.push('.'),
        }
    }
    text.push_str(&format!(
        " There are no contracts - just {} days' notice to cancel. New here? Try the {} for {}.",
        policy::NOTICE_DAYS,
        facts.trial.name,
        facts.trial.price.format()
    ));
    plain(topic, text, vec![memberships(), trial_link()])
}

/// `text` with an upper-case first letter. Replies begin with the core's own words or the
/// content's names (English): an ASCII first letter is raised, anything else left as it is,
/// which keeps the Unicode case tables out of the WebAssembly module.
pub(crate) fn capitalise(text: &str) -> String {
    let mut text = text.to_owned();
    if let Some(first) = text.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    text
}

/// `a`, `a and b`, `a, b and c`.
fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn challenge_reply(facts: &ChatFacts, now: DateTime<Utc>) -> ChatReply {
    let today = london_date(now);
    let starts = facts.challenge.starts.date();
    let when = if let Some(starts) = starts.filter(|starts| *starts >= today) {
        format!(
            "The next one starts on {} {}.",
            schedule::long_date(starts),
            starts.year()
        )
    } else {
        "Ask us when the next one starts.".to_owned()
    };
    let mut days: Vec<(String, Vec<String>)> = Vec::new();
    for slot in &facts.studio.consultation_slots {
        match days.iter_mut().find(|(day, _)| *day == slot.day) {
            Some((_, times)) => times.push(facts::clock(slot.time)),
            None => days.push((slot.day.clone(), vec![facts::clock(slot.time)])),
        }
    }
    let slots: Vec<String> = days
        .iter()
        .map(|(day, times)| format!("{day} {}", join_and(times)))
        .collect();
    let slots = if slots.is_empty() {
        String::new()
    } else {
        format!(" Free consultations: {}.", slots.join(", "))
    };
    plain(
        Topic::Challenge,
        format!(
            "Our {}-Week Challenge includes {}, {}, a {}-day meal plan and weekly check-ins - \
             and {}. {when}{slots}",
            challenge::WEEKS,
            plural(challenge::FIRE_ICE_SESSIONS, "Fire & Ice session"),
            plural(challenge::BODY_SCANS, "body composition scan"),
            challenge::MEAL_PLAN_DAYS,
            challenge::stay_claim()
        ),
        vec![
            ChatLink::external(
                "Book your free consultation",
                &facts.challenge.consultation_url,
            ),
            ChatLink::internal("About the challenge", "/challenge"),
        ],
    )
}

/// The assistant's opening message.
pub const GREETING: &str = "Hi! I'm the One Space assistant. Ask me about our class schedule, \
     location, what to bring, memberships or the 6-week challenge.";

/// Said after a mail link has been opened, naming the `studio`'s e-mail and phone.
pub fn mail_opened(studio: &Studio) -> String {
    format!(
        "Your e-mail app should have opened with your message ready to send. If it didn't open, \
         e-mail us directly at {} or call {}.",
        studio.email, studio.phone.display
    )
}

/// Appended after the contact dialog is submitted.
pub fn contact_confirmation(studio: &Studio) -> String {
    format!("Thanks for getting in touch! {}", mail_opened(studio))
}

/// Appended after the cancellation dialog is submitted.
pub fn cancel_confirmation(studio: &Studio) -> String {
    format!(
        "Thanks - your cancellation request is ready to send, and your {} days' notice starts \
         when we receive it. {}",
        policy::NOTICE_DAYS,
        mail_opened(studio)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn groups_are_checked_in_spec_order() {
        let topic_of = |text: &str| message_topic(text);
        assert_eq!(topic_of(""), None);
        assert_eq!(topic_of(" \n\t "), None);
        assert_eq!(topic_of("Schedules?"), Some(Topic::Schedule));
        assert_eq!(topic_of("where are you"), Some(Topic::Location));
        assert_eq!(topic_of("what should I bring??"), Some(Topic::WhatToBring));
        assert_eq!(topic_of("It's my FIRST TIME"), Some(Topic::FirstTime));
        assert_eq!(topic_of("how much is it"), Some(Topic::Membership));
        assert_eq!(
            topic_of("tell me about the 6-week thing"),
            Some(Topic::Challenge)
        );
        assert_eq!(topic_of("I want to cancel"), Some(Topic::Cancel));
        assert_eq!(topic_of("can I speak to someone"), Some(Topic::Contact));
        assert_eq!(topic_of("zzqx"), Some(Topic::Fallback));
        assert_eq!(topic_of("cancel my membership"), Some(Topic::Membership));
        assert_eq!(
            topic_of("what time does the first class start"),
            Some(Topic::Schedule)
        );
        assert_eq!(topic_of("how long is the sauna"), Some(Topic::FireIce));
        assert_eq!(topic_of("hot yoga?"), Some(Topic::Schedule));
        assert_eq!(topic_of("how much is hot yoga"), Some(Topic::Membership));
        assert_eq!(topic_of("£39 or £49?"), Some(Topic::Membership));
        assert_eq!(topic_of("hi there"), Some(Topic::Fallback));
    }

    #[test]
    fn amounts_are_read_in_pence() {
        assert_eq!(
            amounts("£39 or £49? and £62.50, £1,112 or £"),
            [
                crate::Pence(3900),
                crate::Pence(4900),
                crate::Pence(6250),
                crate::Pence(111_200)
            ]
        );
    }

    proptest! {
        #[test]
        fn topics_never_panic_and_answer_non_blank_text(text in any::<String>()) {
            prop_assert_eq!(message_topic(&text).is_some(), !text.trim().is_empty());
        }
    }
}
