//! `faq.toml`: the questions on /faq, in order, with their answers. An answer names the studio's
//! figures by placeholder (`{trial_price}`, `{opening_hours}`) rather than writing them out, so a
//! price, an hour or a policy changed elsewhere is never contradicted here: [`Fact`] lists the
//! placeholders and where each value comes from.

use serde::{Deserialize, Serialize};

use super::{Content, Errors};
use crate::catalogue::{challenge, fire_ice, trial};
use crate::policy;

/// Everything in `faq.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Faq {
    /// The questions, in page order.
    pub questions: Vec<Question>,
}

/// One question and its answer, as written (placeholders unfilled).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Question {
    /// The question.
    pub question: String,
    /// The answer, plain text with `{placeholders}`.
    pub answer: String,
}

macro_rules! facts {
    ($($variant:ident => $name:literal,)*) => {
        /// A figure an answer may name by placeholder.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Fact {
            $(
                #[doc = concat!("`{", $name, "}`")]
                $variant,
            )*
        }

        impl Fact {
            /// Every placeholder.
            pub const ALL: &'static [Fact] = &[$(Fact::$variant,)*];

            /// The placeholder's name, between braces in an answer.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Fact::$variant => $name,)*
                }
            }
        }
    };
}

facts! {
    OpeningHours => "opening_hours",
    Parking => "parking",
    Address => "address",
    TrialName => "trial_name",
    TrialPrice => "trial_price",
    TrialPriceStory => "trial_price_story",
    TrialDays => "trial_days",
    TrialStarts => "trial_starts",
    TrialGuarantee => "trial_guarantee",
    FirstClassArriveEarlyMinutes => "first_class_arrive_early_minutes",
    NoticeDays => "notice_days",
    BookingNotice => "booking_notice",
    ChargesSummary => "charges_summary",
    CancelBookingHours => "cancel_booking_hours",
    FireIceDescription => "fire_ice_description",
    FireIceMinutes => "fire_ice_minutes",
    FireIceDropIn => "fire_ice_drop_in",
    FireIceMaxPerWeek => "fire_ice_max_per_week",
    ChallengeWeeks => "challenge_weeks",
    ChallengeFireIceSessions => "challenge_fire_ice_sessions",
    ChallengeBodyScans => "challenge_body_scans",
    ChallengeMealPlanDays => "challenge_meal_plan_days",
}

impl Fact {
    /// The placeholder named `name`.
    pub fn named(name: &str) -> Option<Fact> {
        Self::ALL.iter().copied().find(|fact| fact.name() == name)
    }

    /// The figure as the page shows it, from the content and the core's constants.
    pub fn value(self, content: &Content) -> String {
        let studio = &content.studio;
        match self {
            Fact::OpeningHours => studio.opening_hours_line(),
            Fact::Parking => studio.parking.clone(),
            Fact::Address => studio.address_line(),
            Fact::TrialName => trial::NAME.to_owned(),
            Fact::TrialPrice => content.prices.trial.price.format(),
            Fact::TrialPriceStory => content.prices.trial.price_story(),
            Fact::TrialDays => trial::DAYS.to_string(),
            Fact::TrialStarts => trial::STARTS.to_owned(),
            Fact::TrialGuarantee => trial::GUARANTEE.to_owned(),
            Fact::FirstClassArriveEarlyMinutes => {
                policy::FIRST_CLASS_ARRIVE_EARLY_MINUTES.to_string()
            }
            Fact::NoticeDays => policy::NOTICE_DAYS.to_string(),
            Fact::BookingNotice => policy::booking_notice(),
            Fact::ChargesSummary => policy::charges_summary(),
            Fact::CancelBookingHours => policy::CANCEL_BOOKING_HOURS.to_string(),
            Fact::FireIceDescription => fire_ice::DESCRIPTION.to_owned(),
            Fact::FireIceMinutes => fire_ice::MINUTES.to_string(),
            Fact::FireIceDropIn => fire_ice::DROP_IN.format(),
            Fact::FireIceMaxPerWeek => fire_ice::MAX_PER_WEEK.to_string(),
            Fact::ChallengeWeeks => challenge::WEEKS.to_string(),
            Fact::ChallengeFireIceSessions => challenge::FIRE_ICE_SESSIONS.to_string(),
            Fact::ChallengeBodyScans => challenge::BODY_SCANS.to_string(),
            Fact::ChallengeMealPlanDays => challenge::MEAL_PLAN_DAYS.to_string(),
        }
    }
}

/// A piece of an answer: text as written, or a placeholder.
enum Piece<'a> {
    Text(&'a str),
    Placeholder(&'a str),
}

/// Splits `text` into text and `{placeholders}`; `Err` names what is wrong with a brace.
fn pieces(text: &str) -> Result<Vec<Piece<'_>>, String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find(['{', '}']) {
        if rest[open..].starts_with('}') {
            return Err(
                "has a } without its {: placeholders are written like {trial_price}".into(),
            );
        }
        found.push(Piece::Text(&rest[..open]));
        let after = &rest[open + 1..];
        let close = after
            .find('}')
            .ok_or("has a { without its }: placeholders are written like {trial_price}")?;
        found.push(Piece::Placeholder(&after[..close]));
        rest = &after[close + 1..];
    }
    found.push(Piece::Text(rest));
    Ok(found)
}

impl Faq {
    /// Each question with its answer filled in from `content`, in page order.
    pub fn items(&self, content: &Content) -> Vec<(String, String)> {
        let fill = |text: &str| -> String {
            pieces(text)
                .unwrap_or_default()
                .into_iter()
                .map(|piece| match piece {
                    Piece::Text(text) => text.to_owned(),
                    Piece::Placeholder(name) => {
                        Fact::named(name).map_or_else(String::new, |fact| fact.value(content))
                    }
                })
                .collect()
        };
        self.questions
            .iter()
            .map(|item| (fill(&item.question), fill(&item.answer)))
            .collect()
    }

    /// The checks serde cannot make: texts present, each question once, every placeholder known
    /// and every brace closed.
    pub(super) fn validate(&self, errors: &mut Errors) {
        if self.questions.is_empty() {
            errors.push("questions", "must list at least one question");
        }
        let mut seen: Vec<&str> = Vec::new();
        for (index, item) in self.questions.iter().enumerate() {
            for (field, text) in [("question", &item.question), ("answer", &item.answer)] {
                let path = format!("questions[{index}].{field}");
                errors.named(path.clone(), text);
                match pieces(text) {
                    Err(message) => errors.push(path, message),
                    Ok(pieces) => {
                        for piece in pieces {
                            if let Piece::Placeholder(name) = piece {
                                if Fact::named(name).is_none() {
                                    errors.push(
                                        path.clone(),
                                        format!(
                                            "names {{{name}}}, which is not a placeholder; they are: {}",
                                            Fact::ALL
                                                .iter()
                                                .map(|fact| format!("{{{}}}", fact.name()))
                                                .collect::<Vec<_>>()
                                                .join(", ")
                                        ),
                                    );
                                }
                            }
                        }
                    }
                }
            }
            let question = item.question.trim();
            if seen.contains(&question) {
                errors.push(
                    format!("questions[{index}].question"),
                    "is already asked above; each question must be different",
                );
            }
            seen.push(question);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::File;

    fn broken(faq: &Faq) -> Vec<(String, String)> {
        crate::content::tests::rule_errors(File::Faq, |errors| faq.validate(errors))
    }

    fn faq(answer: &str) -> Faq {
        Faq {
            questions: vec![Question {
                question: "Is there parking?".into(),
                answer: answer.into(),
            }],
        }
    }

    #[test]
    fn placeholders_must_be_known_and_closed() {
        assert_eq!(broken(&faq("Yes. {parking} at {address}.")), []);
        let unknown = broken(&faq("Yes, {parkng}."));
        assert_eq!(unknown[0].0, "questions[0].answer");
        assert!(unknown[0].1.starts_with(
            "names {parkng}, which is not a placeholder; they are: {opening_hours}, {parking}"
        ));
        assert!(broken(&faq("Yes {parking"))[0]
            .1
            .starts_with("has a { without its }"));
        assert!(broken(&faq("Yes parking}"))[0]
            .1
            .starts_with("has a } without its {"));
        assert_eq!(broken(&faq(" "))[0].1, "must not be empty");
        let mut twice = faq("Yes.");
        twice.questions.push(twice.questions[0].clone());
        assert_eq!(broken(&twice)[0].0, "questions[1].question");
        assert_eq!(Fact::ALL.len(), 22);
        assert!(Fact::ALL
            .iter()
            .all(|fact| Fact::named(fact.name()) == Some(*fact)));
    }
}
