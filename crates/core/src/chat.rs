//! The chat assistant: keyword matching and replies that state the studio's real facts.
//!
//! A message is lower-cased and split into words on every non-alphanumeric character, then the
//! keyword groups are checked in SPEC's order (schedule, location, what to bring, first time,
//! membership, challenge, cancel, contact); the first group with a match answers. A keyword
//! matches whole words only, optionally followed by a plural `s`/`es` ('schedules?' finds
//! schedule; 'scancel' finds nothing), and a phrase matches consecutive words.
//!
//! Because membership comes before cancel in SPEC's order, 'cancel my membership' is answered by
//! the membership reply, which therefore also states the 30 days' notice.

use serde::Serialize;

use crate::catalogue::{challenge, trial};
use crate::content::{Prices, Studio};
use crate::{policy, Pence};

/// The prices the replies name, taken from the content ([`ChatPrices::from_prices`]). The server
/// words every reply ([`replies`]) and passes them to the chat island in its props; the
/// WebAssembly module keeps only the rule that picks a message's topic ([`message_topic`]), so a
/// price edit reaches the chat with every other page and no fact is shipped twice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChatPrices {
    /// The rolling monthly memberships, in card order.
    pub plans: Vec<PlanPrice>,
    /// The unlimited single-focus options' price.
    pub single_focus: Pence,
    /// The drop-in's price.
    pub drop_in: Pence,
    /// The 14-day trial's price.
    pub trial: Pence,
}

/// A monthly membership as the chat names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlanPrice {
    /// Its name.
    pub name: String,
    /// Monthly price.
    pub price: Pence,
    /// Sessions a month; `None` is unlimited.
    pub sessions: Option<u32>,
}

impl ChatPrices {
    /// The figures the replies name, from the studio's prices.
    pub fn from_prices(prices: &Prices) -> Self {
        Self {
            plans: prices
                .monthly
                .iter()
                .map(|plan| PlanPrice {
                    name: plan.name.clone(),
                    price: plan.price,
                    sessions: plan.sessions,
                })
                .collect(),
            single_focus: prices.single_focus_price(),
            drop_in: prices.drop_in().map_or(Pence(0), |pack| pack.price),
            trial: prices.trial.price,
        }
    }
}

/// What a reply is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Topic {
    /// Class times and opening hours.
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
    /// Nothing matched.
    Fallback,
}

impl Topic {
    /// Every topic, in SPEC's order, the fallback last.
    pub const ALL: [Topic; 9] = [
        Topic::Schedule,
        Topic::Location,
        Topic::WhatToBring,
        Topic::FirstTime,
        Topic::Membership,
        Topic::Challenge,
        Topic::Cancel,
        Topic::Contact,
        Topic::Fallback,
    ];
}

/// The assistant's answer to one message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChatReply {
    /// What the reply is about.
    pub topic: Topic,
    /// The reply text.
    pub text: String,
    /// Show the button that opens the contact dialog.
    pub show_contact_button: bool,
    /// Show the button that opens the cancellation dialog.
    pub show_cancel_button: bool,
}

/// Keyword groups in SPEC's order. Phrases are written with single spaces.
pub const KEYWORDS: [(Topic, &[&str]); 8] = [
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
            "offer",
            "discount",
            "fee",
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
];

/// Lower-cased words of `text`, split on every non-alphanumeric character.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Whether `word` is `keyword` or its plural.
fn word_matches(word: &str, keyword: &str) -> bool {
    word.strip_prefix(keyword)
        .is_some_and(|rest| rest.is_empty() || rest == "s" || rest == "es")
}

/// Whether the phrase `keyword` (one or more words) occurs in `words`; only its last word may
/// take a plural.
fn phrase_matches(words: &[String], keyword: &str) -> bool {
    let parts: Vec<&str> = keyword.split(' ').collect();
    let Some((last, leading)) = parts.split_last() else {
        return false;
    };
    words.windows(parts.len()).any(|window| {
        window.iter().zip(leading).all(|(word, part)| word == part)
            && window.last().is_some_and(|word| word_matches(word, last))
    })
}

/// The topic of `text`: the first keyword group that matches, `None` when none does.
pub fn topic(text: &str) -> Option<Topic> {
    let words = words(text);
    KEYWORDS
        .iter()
        .find(|(_, keywords)| {
            keywords
                .iter()
                .any(|keyword| phrase_matches(&words, keyword))
        })
        .map(|(topic, _)| *topic)
}

fn plan_line(plan: &PlanPrice) -> String {
    match plan.sessions {
        Some(sessions) => format!(
            "{} {} ({sessions} sessions)",
            plan.name,
            plan.price.format()
        ),
        None => format!("{} {}", plan.name, plan.price.format()),
    }
}

fn reply(topic: Topic, text: String) -> ChatReply {
    ChatReply {
        topic,
        text,
        show_contact_button: matches!(topic, Topic::Contact | Topic::Fallback),
        show_cancel_button: topic == Topic::Cancel,
    }
}

/// The reply for a topic, naming `prices` and the `studio`'s hours, address and contacts.
pub fn reply_for(topic: Topic, prices: &ChatPrices, studio: &Studio) -> ChatReply {
    let text = match topic {
        Topic::Schedule => format!(
            "We're open {}. Classes mostly run 45-60 minutes and suit all levels. You can see and \
             book every class on our Timetable page - please cancel at least {} hours before \
             class if you can't make it.",
            studio.opening_hours_line(),
            policy::CANCEL_BOOKING_HOURS
        ),
        Topic::Location => {
            let drives: Vec<String> = studio.drive_times.iter().map(|d| d.display()).collect();
            format!(
                "You'll find us at {}, with free on-site parking. Drive times: {}.",
                studio.address_line(),
                drives.join(", ")
            )
        }
        Topic::WhatToBring => format!(
            "Bring a yoga mat, a large towel and a water bottle, and wear comfortable, breathable \
             clothes you can move and sweat in. For Fire & Ice, bring swimwear and a second towel. \
             On your first visit, please arrive {} minutes early.",
            policy::FIRST_CLASS_ARRIVE_EARLY_MINUTES
        ),
        Topic::FirstTime => format!(
            "Welcome! Every class is open to all levels and our instructors give options for \
             every body. Please arrive {} minutes early for your first class so we can show you \
             around, and bring a mat, a towel and water. The best way to start is our {} for {} - \
             your {} days start from your first booking.",
            policy::FIRST_CLASS_ARRIVE_EARLY_MINUTES,
            trial::NAME,
            prices.trial.format(),
            trial::DAYS
        ),
        Topic::Membership => {
            let plans: Vec<String> = prices.plans.iter().map(plan_line).collect();
            format!(
                "Our rolling monthly memberships are {}. Unlimited single-focus options \
                 (Functional Training, Yoga & Pilates, Fire & Ice) are {} a month, and session \
                 packs start from a {} drop-in. There are no contracts - just {} days' notice to \
                 cancel. New here? Try the {} for {}.",
                plans.join(", "),
                prices.single_focus.format(),
                prices.drop_in.format(),
                policy::NOTICE_DAYS,
                trial::NAME,
                prices.trial.format()
            )
        }
        Topic::Challenge => format!(
            "Our {}-Week Challenge includes {}, {}, a {}-day meal plan and weekly check-ins - and \
             {}. Book a free consultation on our 6 Week Challenge page to get started.",
            challenge::WEEKS,
            plural(challenge::FIRE_ICE_SESSIONS, "Fire & Ice session"),
            plural(challenge::BODY_SCANS, "body composition scan"),
            challenge::MEAL_PLAN_DAYS,
            challenge::stay_claim()
        ),
        Topic::Cancel => format!(
            "To cancel your membership we need {} days' written notice by e-mail; memberships \
             bill on a rolling {}-day cycle. Use the button below to send your cancellation \
             request.",
            policy::NOTICE_DAYS,
            policy::BILLING_CYCLE_DAYS
        ),
        Topic::Contact => format!(
            "You can e-mail the team at {} or call us on {}. Or send us a message with the \
             button below and we'll get back to you.",
            studio.email, studio.phone.display
        ),
        Topic::Fallback => "I'm not sure I understood that. I can help with our class schedule, \
             location, what to bring, memberships or the 6-week challenge - or you can contact \
             the team with the button below."
            .to_owned(),
    };
    reply(topic, text)
}

fn plural(count: u32, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// The topic of a visitor's message: `None` for blank or whitespace-only input (nothing is
/// sent), the fallback when no keyword matches. The islands' half of the chat.
pub fn message_topic(text: &str) -> Option<Topic> {
    if text.trim().is_empty() {
        return None;
    }
    Some(topic(text).unwrap_or(Topic::Fallback))
}

/// The assistant's answer to `text`, naming `prices` and the `studio`'s facts (see
/// [`message_topic`]).
pub fn respond(text: &str, prices: &ChatPrices, studio: &Studio) -> Option<ChatReply> {
    message_topic(text).map(|topic| reply_for(topic, prices, studio))
}

/// Every reply, one per topic, for the chat island's props.
pub fn replies(prices: &ChatPrices, studio: &Studio) -> Vec<ChatReply> {
    Topic::ALL
        .into_iter()
        .map(|topic| reply_for(topic, prices, studio))
        .collect()
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

    /// The studio's prices as the default content states them.
    fn prices() -> ChatPrices {
        let plan = |name: &str, pounds, sessions| PlanPrice {
            name: name.to_owned(),
            price: Pence::pounds(pounds),
            sessions,
        };
        ChatPrices {
            plans: vec![
                plan("Lite", 49, Some(4)),
                plan("Core", 79, Some(8)),
                plan("Flex", 99, Some(12)),
                plan("Unlimited", 139, None),
            ],
            single_focus: Pence::pounds(109),
            drop_in: Pence::pounds(13),
            trial: Pence::pounds(49),
        }
    }

    fn studio() -> Studio {
        crate::content::studio::tests::default_studio()
    }

    fn topic_of(text: &str) -> Option<Topic> {
        respond(text, &prices(), &studio()).map(|reply| reply.topic)
    }

    #[test]
    fn blank_input_gets_no_reply() {
        assert_eq!(respond("", &prices(), &studio()), None);
        assert_eq!(respond(" \n\t ", &prices(), &studio()), None);
    }

    #[test]
    fn groups_are_checked_in_spec_order() {
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
        assert_eq!(topic_of("scancel"), Some(Topic::Fallback));
        assert_eq!(topic_of("cancel my membership"), Some(Topic::Membership));
        assert_eq!(
            topic_of("what time does the first class start"),
            Some(Topic::Schedule)
        );
    }

    #[test]
    fn replies_state_real_facts_and_flags() {
        let membership = reply_for(Topic::Membership, &prices(), &studio());
        assert!(membership.text.contains(
            "Lite £49 (4 sessions), Core £79 (8 sessions), Flex £99 (12 sessions), Unlimited £139"
        ));
        assert!(membership.text.contains("30 days' notice"));
        let location = reply_for(Topic::Location, &prices(), &studio());
        assert!(location.text.contains("free on-site parking"));
        assert!(reply_for(Topic::FirstTime, &prices(), &studio())
            .text
            .contains("arrive 15 minutes early"));
        assert!(reply_for(Topic::Cancel, &prices(), &studio()).show_cancel_button);
        assert!(reply_for(Topic::Contact, &prices(), &studio()).show_contact_button);
        let fallback = reply_for(Topic::Fallback, &prices(), &studio());
        assert!(fallback.show_contact_button && !fallback.show_cancel_button);
        assert!(reply_for(Topic::Schedule, &prices(), &studio())
            .text
            .contains("Mon-Fri 6:00 AM-8:00 PM"));
        assert!(reply_for(Topic::Challenge, &prices(), &studio())
            .text
            .contains("3 Fire & Ice sessions, 3 body composition scans, a 7-day meal plan"));
    }

    proptest! {
        #[test]
        fn never_panics_and_answers_non_blank_text(text in any::<String>()) {
            let answer = respond(&text, &prices(), &studio());
            prop_assert_eq!(answer.is_some(), !text.trim().is_empty());
        }
    }
}
