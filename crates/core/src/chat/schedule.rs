//! Schedule questions: which classes, which day and which part of it a message asks about, and
//! the answer from the classes the facts carry (the live copy, else the typical week), at the
//! instant passed in, on the studio's clock (Europe/London).

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, Timelike, Utc, Weekday};

use super::facts::{ChatFacts, TypicalFact};
use super::words::{find_phrase, has_any, has_phrase, word_matches};
use super::{ChatLink, ClassRow};
use crate::calendar::{clock_12h, london_date, london_instant, london_time, MONTH_NAMES};
use crate::content::studio::Day;
use crate::timetable::{Availability, SHOWN_DAYS};

/// Most classes one reply lists.
pub const MAX_ROWS: usize = 5;

/// A copy older than this is called out as possibly out of date.
pub const STALE_AFTER_HOURS: i64 = 24;

/// A kind of class a visitor can name, with the words that name it and the words a class's
/// name or type must all contain to be one.
pub struct ClassWord {
    /// How the reply names it ("hot yoga").
    pub label: &'static str,
    /// Everyday words and phrases for it.
    pub said: &'static [&'static str],
    /// A class is one when its name or type has all the words of one of these.
    pub is: &'static [&'static [&'static str]],
}

/// The classes a visitor can ask for. Hot yoga comes before yoga: a message naming hot yoga
/// asks for it, not for every yoga class.
pub const CLASS_WORDS: [ClassWord; 7] = [
    ClassWord {
        label: "hot yoga",
        said: &["hot yoga", "hotyoga", "infrared yoga"],
        is: &[&["hot", "yoga"]],
    },
    ClassWord {
        label: "yoga",
        said: &["yoga"],
        is: &[&["yoga"]],
    },
    ClassWord {
        label: "pilates",
        said: &["pilates", "pilate"],
        is: &[&["pilates"]],
    },
    ClassWord {
        label: "HYROX",
        said: &["hyrox", "hyrox training"],
        is: &[&["hyrox"]],
    },
    ClassWord {
        label: "functional training",
        said: &["functional", "circuits", "circuit"],
        is: &[&["functional"]],
    },
    ClassWord {
        label: "PT",
        said: &["pt", "personal training", "personal trainer", "group pt"],
        is: &[&["pt"], &["personal", "training"]],
    },
    ClassWord {
        label: "Fire & Ice",
        said: &[
            "fire ice",
            "fire and ice",
            "sauna",
            "ice bath",
            "ice baths",
            "cold plunge",
        ],
        is: &[&["fire", "ice"]],
    },
];

/// Every word or phrase that names a class, for the keyword groups.
pub fn class_phrases() -> impl Iterator<Item = &'static str> {
    CLASS_WORDS
        .iter()
        .flat_map(|word| word.said.iter().copied())
}

/// The classes named in `words`, in [`CLASS_WORDS`] order; yoga is dropped when hot yoga is
/// named with no other yoga.
fn named_classes(words: &[String]) -> Vec<&'static ClassWord> {
    let mut named: Vec<&ClassWord> = CLASS_WORDS
        .iter()
        .filter(|word| has_any(words, word.said))
        .collect();
    let hot = named.iter().any(|word| word.label == "hot yoga");
    if hot {
        // 'yoga' alone besides 'hot yoga': count the yoga words that are not part of 'hot yoga'.
        let plain = words.iter().enumerate().any(|(index, word)| {
            word_matches(word, "yoga")
                && index
                    .checked_sub(1)
                    .and_then(|before| words.get(before))
                    .is_none_or(|before| !word_matches(before, "hot"))
        });
        if !plain {
            named.retain(|word| word.label != "yoga");
        }
    }
    named
}

/// Whether a class called `name` of type `kind` is one of `named` (any, when none is named).
fn is_named(named: &[&ClassWord], name: &str, kind: &str) -> bool {
    if named.is_empty() {
        return true;
    }
    let mut own = super::words::words(name);
    own.extend(super::words::words(kind));
    named.iter().any(|word| {
        word.is
            .iter()
            .any(|all| all.iter().all(|part| own.iter().any(|have| have == part)))
    })
}

/// Which days a message asks about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Days {
    /// No day named: the coming week.
    Any,
    /// Today.
    Today,
    /// Tomorrow.
    Tomorrow,
    /// The next such day (today counts).
    Named(Day),
    /// The coming weekend.
    Weekend,
}

/// Which part of a day a message asks about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Any,
    Morning,
    Afternoon,
    Evening,
    After(NaiveTime),
    Before(NaiveTime),
}

/// Day names and the short forms people type.
const DAY_WORDS: [(&str, u32); 17] = [
    ("monday", 0),
    ("mon", 0),
    ("tuesday", 1),
    ("tues", 1),
    ("tue", 1),
    ("wednesday", 2),
    ("weds", 2),
    ("thursday", 3),
    ("thurs", 3),
    ("thur", 3),
    ("thu", 3),
    ("friday", 4),
    ("fri", 4),
    ("saturday", 5),
    ("sat", 5),
    ("sunday", 6),
    ("sun", 6),
];

/// Words that make a message a schedule question (with the class names and the hours words).
pub const WHEN_WORDS: [&str; 22] = [
    "today",
    "tonight",
    "tomorrow",
    "morning",
    "afternoon",
    "evening",
    "weekend",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "tues",
    "weds",
    "thurs",
    "next class",
    "on now",
    "on today",
    "whats on",
    "what s on",
];

fn days_asked(words: &[String]) -> Days {
    if has_any(words, &["tomorrow", "tmrw", "tomoz"]) {
        return Days::Tomorrow;
    }
    if has_any(
        words,
        &[
            "today",
            "tonight",
            "this morning",
            "this afternoon",
            "this evening",
        ],
    ) {
        return Days::Today;
    }
    if let Some((_, day)) = DAY_WORDS.iter().find(|(name, _)| {
        words.iter().any(|word| {
            if name.len() <= 4 {
                word == name
            } else {
                word_matches(word, name)
            }
        })
    }) {
        return Day::from_monday(*day).map_or(Days::Any, Days::Named);
    }
    if has_any(words, &["weekend"]) {
        return Days::Weekend;
    }
    Days::Any
}

/// `6` → 18:00, `10` → 10:00, `6am`, `6 pm`, `6:30`, `18:30`: a time after "after" or "before".
fn time_at(words: &[String], from: usize) -> Option<NaiveTime> {
    let first = words.get(from)?;
    let digits: String = first.chars().take_while(char::is_ascii_digit).collect();
    let hour: u32 = digits.parse().ok()?;
    let mut rest = first[digits.len()..].to_owned();
    let mut minute = 0;
    let mut next = from + 1;
    if rest.is_empty() {
        if let Some(word) = words.get(next) {
            let mins: String = word.chars().take_while(char::is_ascii_digit).collect();
            if mins.len() == 2 {
                minute = mins.parse().ok()?;
                rest = word[2..].to_owned();
                next += 1;
            }
        }
    }
    if rest.is_empty() {
        if let Some(word) = words.get(next) {
            if word == "am" || word == "pm" {
                rest.clone_from(word);
            }
        }
    }
    let hour = match (rest.as_str(), hour) {
        ("am", 12) => 0,
        ("am", hour) => hour,
        ("pm", hour) if hour < 12 => hour + 12,
        (_, hour) if hour >= 12 => hour,
        // Classes run from early morning to evening: 1 to 7 read as afternoon and evening.
        (_, hour) if hour < 8 => hour + 12,
        (_, hour) => hour,
    };
    NaiveTime::from_hms_opt(hour, minute, 0)
}

fn part_asked(words: &[String]) -> Part {
    for (word, make) in [
        ("after", Part::After as fn(NaiveTime) -> Part),
        ("from", Part::After),
        ("before", Part::Before),
    ] {
        if let Some(at) = find_phrase(words, word).and_then(|index| time_at(words, index + 1)) {
            return make(at);
        }
    }
    if has_any(words, &["morning", "am"]) {
        Part::Morning
    } else if has_any(words, &["afternoon", "lunchtime", "lunch"]) {
        Part::Afternoon
    } else if has_any(words, &["evening", "tonight", "night", "after work"]) {
        Part::Evening
    } else {
        Part::Any
    }
}

impl Part {
    fn admits(self, at: NaiveTime) -> bool {
        let noon = NaiveTime::from_hms_opt(12, 0, 0).unwrap_or(NaiveTime::MIN);
        let five = NaiveTime::from_hms_opt(17, 0, 0).unwrap_or(NaiveTime::MIN);
        match self {
            Part::Any => true,
            Part::Morning => at < noon,
            Part::Afternoon => at >= noon && at < five,
            Part::Evening => at >= five,
            Part::After(time) => at >= time,
            Part::Before(time) => at < time,
        }
    }
}

/// A class on a date, from the live copy or the typical week.
struct Occurrence<'a> {
    starts_at: DateTime<Utc>,
    name: &'a str,
    kind: &'a str,
    coach: Option<&'a str>,
    status: Option<(String, bool)>,
    book_url: Option<&'a str>,
}

fn typical_on(class: &TypicalFact, date: NaiveDate) -> DateTime<Utc> {
    london_instant(date.and_time(super::facts::time_of_day(class.time)))
}

/// The classes still to start after `now` on the [`SHOWN_DAYS`] UK days from today, by start.
fn coming<'a>(facts: &'a ChatFacts, now: DateTime<Utc>) -> Vec<Occurrence<'a>> {
    let today = london_date(now);
    let last = today + Duration::days(SHOWN_DAYS - 1);
    let classes = &facts.classes;
    let mut found: Vec<Occurrence<'a>> = if classes.fetched_ms.is_some() {
        classes
            .live
            .iter()
            .map(|class| (class, class.starts_at()))
            .filter(|(_, starts_at)| *starts_at > now && london_date(*starts_at) <= last)
            .map(|(class, starts_at)| {
                let availability = class.availability(now);
                Occurrence {
                    starts_at,
                    name: &class.name,
                    kind: &class.kind,
                    coach: class.coach.as_deref(),
                    status: availability.words(),
                    book_url: (availability != Availability::Closed)
                        .then_some(class.booking_url.as_deref())
                        .flatten(),
                }
            })
            .collect()
    } else {
        (0..SHOWN_DAYS)
            .map(|offset| today + Duration::days(offset))
            .flat_map(|date| {
                classes
                    .typical
                    .iter()
                    .filter(move |class| {
                        u32::from(class.day) == date.weekday().num_days_from_monday()
                    })
                    .map(move |class| Occurrence {
                        starts_at: typical_on(class, date),
                        name: &class.name,
                        kind: &class.kind,
                        coach: class.coach.as_deref(),
                        status: None,
                        book_url: None,
                    })
            })
            .filter(|occurrence| occurrence.starts_at > now)
            .collect()
    };
    found.sort_by_key(|occurrence| occurrence.starts_at);
    found
}

/// The dates `days` names, from `today`, within the shown week.
fn dates(days: Days, today: NaiveDate) -> Option<Vec<NaiveDate>> {
    let week = (0..SHOWN_DAYS).map(|offset| today + Duration::days(offset));
    match days {
        Days::Any => None,
        Days::Today => Some(vec![today]),
        Days::Tomorrow => Some(vec![today + Duration::days(1)]),
        Days::Named(day) => Some(
            week.filter(|date| Day::of(date.weekday()) == day)
                .take(1)
                .collect(),
        ),
        Days::Weekend => Some(if today.weekday() == Weekday::Sun {
            vec![today]
        } else {
            week.filter(|date| date.weekday() == Weekday::Sat)
                .take(1)
                .flat_map(|saturday| [saturday, saturday + Duration::days(1)])
                .collect()
        }),
    }
}

fn month(date: NaiveDate) -> &'static str {
    MONTH_NAMES
        .get(date.month0() as usize)
        .copied()
        .unwrap_or_default()
}

/// `Tuesday 24 November`.
pub fn long_date(date: NaiveDate) -> String {
    format!(
        "{} {} {}",
        Day::of(date.weekday()).name(),
        date.day(),
        month(date)
    )
}

/// `Tue 24 Nov`.
pub fn short_date(date: NaiveDate) -> String {
    let day = Day::of(date.weekday()).name();
    format!("{} {} {}", &day[..3], date.day(), &month(date)[..3])
}

/// `Today`, `Tomorrow` or `Tuesday 24 November`.
fn day_label(date: NaiveDate, today: NaiveDate) -> String {
    if date == today {
        "Today".to_owned()
    } else if date == today + Duration::days(1) {
        "Tomorrow".to_owned()
    } else {
        long_date(date)
    }
}

fn row(occurrence: &Occurrence<'_>, today: NaiveDate) -> ClassRow {
    let start = london_time(occurrence.starts_at);
    let (status, full) = occurrence
        .status
        .clone()
        .map_or((None, false), |(text, full)| (Some(text), full));
    ClassRow {
        day: day_label(start.date_naive(), today),
        time: clock_12h(&start),
        name: occurrence.name.to_owned(),
        coach: occurrence.coach.map(str::to_owned),
        status,
        full,
        book_url: occurrence.book_url.map(str::to_owned),
        book_label: format!(
            "Book {}, {} at {} (opens in a new tab)",
            occurrence.name,
            long_date(start.date_naive()),
            clock_12h(&start)
        ),
    }
}

/// How the reply names the days and part asked about: `tomorrow evening`, `on Monday after
/// 6:00 PM`, `this weekend`; empty for the coming week.
fn when_text(days: Days, part: Part, today: NaiveDate) -> String {
    let part_word = match part {
        Part::Morning => Some("morning"),
        Part::Afternoon => Some("afternoon"),
        Part::Evening => Some("evening"),
        _ => None,
    };
    let day = match (days, part_word) {
        (Days::Any, Some(word)) => format!("in the {word}"),
        (Days::Any, None) => String::new(),
        (Days::Today, Some(word)) => format!("this {word}"),
        (Days::Today, None) => "today".to_owned(),
        (Days::Tomorrow, Some(word)) => format!("tomorrow {word}"),
        (Days::Tomorrow, None) => "tomorrow".to_owned(),
        (Days::Named(day), _) if Day::of(today.weekday()) == day => match part_word {
            Some(word) => format!("this {word}"),
            None => "today".to_owned(),
        },
        (Days::Named(day), Some(word)) => format!("on {} {word}", day.name()),
        (Days::Named(day), None) => format!("on {}", day.name()),
        (Days::Weekend, Some(word)) => format!("this weekend in the {word}"),
        (Days::Weekend, None) => "this weekend".to_owned(),
    };
    let bound = match part {
        Part::After(time) => format!("after {}", clock_12h(&time)),
        Part::Before(time) => format!("before {}", clock_12h(&time)),
        _ => String::new(),
    };
    [day, bound]
        .into_iter()
        .filter(|text| !text.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a schedule reply holds, before the caller adds its topic and buttons.
pub struct Answer {
    /// The reply's text.
    pub text: String,
    /// The classes listed.
    pub classes: Vec<ClassRow>,
    /// Said after them.
    pub notes: Vec<String>,
    /// The links.
    pub links: Vec<ChatLink>,
}

/// `hot yoga or pilates classes`, `classes`.
fn what_text(named: &[&ClassWord], count: usize) -> String {
    let noun = if count == 1 { "class" } else { "classes" };
    if named.is_empty() {
        return noun.to_owned();
    }
    let labels: Vec<&str> = named.iter().map(|word| word.label).collect();
    format!("{} {noun}", labels.join(" or "))
}

/// The answer to a schedule question about classes.
pub fn classes(words: &[String], facts: &ChatFacts, now: DateTime<Utc>) -> Answer {
    let today = london_date(now);
    let named = named_classes(words);
    let days = days_asked(words);
    let part = part_asked(words);
    let wanted_dates = dates(days, today);
    let on_day = |occurrence: &Occurrence<'_>| {
        wanted_dates
            .as_ref()
            .is_none_or(|dates| dates.contains(&london_date(occurrence.starts_at)))
    };
    let all = coming(facts, now);
    let matching: Vec<&Occurrence<'_>> = all
        .iter()
        .filter(|occurrence| {
            on_day(occurrence)
                && part.admits(
                    london_time(occurrence.starts_at)
                        .time()
                        .with_second(0)
                        .unwrap_or_default(),
                )
                && is_named(&named, occurrence.name, occurrence.kind)
        })
        .take(MAX_ROWS)
        .collect();
    let when = when_text(days, part, today);
    let when_suffix = if when.is_empty() {
        String::new()
    } else {
        format!(" {when}")
    };
    let mut notes = Vec::new();
    let mut links = vec![ChatLink::internal("See the full timetable", "/timetable")];
    let (text, rows) = if all.is_empty() {
        (
            "I can't see any classes on our timetable for the next 7 days. The full timetable \
             has the latest."
                .to_owned(),
            Vec::new(),
        )
    } else if !matching.is_empty() {
        (
            format!(
                "{}{when_suffix}:",
                super::capitalise(&format!("next {}", what_text(&named, matching.len())))
            ),
            matching
                .iter()
                .map(|occurrence| row(occurrence, today))
                .collect(),
        )
    } else {
        let nothing = format!("There's no {}{when_suffix}.", what_text(&named, 1));
        let same_days: Vec<&Occurrence<'_>> = match &wanted_dates {
            Some(_) => all.iter().filter(|o| on_day(o)).take(MAX_ROWS).collect(),
            None => Vec::new(),
        };
        if let Some(first) = same_days.first() {
            let date = london_date(first.starts_at);
            let day = day_label(date, today);
            let day = if day == "Today" || day == "Tomorrow" {
                day.to_lowercase()
            } else {
                day
            };
            (
                format!("{nothing} Here's what is on {day} instead:"),
                same_days.iter().map(|o| row(o, today)).collect(),
            )
        } else if wanted_dates.is_some() {
            (
                format!("{nothing} Nothing else is on the timetable that day either."),
                Vec::new(),
            )
        } else {
            (
                format!(
                    "There's no {}{when_suffix} in the next 7 days.",
                    what_text(&named, 1)
                ),
                Vec::new(),
            )
        }
    };
    match facts.classes.fetched_at() {
        None => {
            notes.push(
                "These times are from our typical week, not the live timetable: check the \
                 timetable or our booking site before you come."
                    .to_owned(),
            );
            links.push(ChatLink::external(
                "Book on our booking site",
                &facts.classes.schedule_url,
            ));
        }
        Some(fetched) if now - fetched > Duration::hours(STALE_AFTER_HOURS) => {
            let at = london_time(fetched);
            notes.push(format!(
                "Our copy of the timetable was last updated {}, {}, so times and spaces may \
                 have changed: check before you come.",
                short_date(at.date_naive()),
                clock_12h(&at)
            ));
        }
        Some(_) => {}
    }
    Answer {
        text,
        classes: rows,
        notes,
        links,
    }
}

/// Whether the message asks about opening hours rather than classes.
pub fn asks_hours(words: &[String]) -> bool {
    has_any(
        words,
        &[
            "hours", "open", "opening", "closing", "close", "closed", "shut",
        ],
    ) && !has_phrase(words, "open gym")
}

/// The answer to an opening-hours question: the day asked about (today when none), by name.
pub fn hours(words: &[String], facts: &ChatFacts, now: DateTime<Utc>) -> Answer {
    let today = london_date(now);
    let date = dates(days_asked(words), today)
        .and_then(|dates| dates.first().copied())
        .unwrap_or(today);
    let day = Day::of(date.weekday());
    let studio = &facts.studio;
    let line = studio.opening_hours.iter().find(|line| {
        line.weekdays
            .iter()
            .any(|weekday| u32::from(*weekday) == day.days_from_monday())
    });
    let name = if date == today {
        format!("Today ({})", day.name())
    } else if date == today + Duration::days(1) {
        format!("Tomorrow ({})", day.name())
    } else {
        format!("On {}", day.name())
    };
    let first = match line {
        Some(line) => format!(
            "{name} we're open {} to {}.",
            super::facts::clock(line.opens),
            super::facts::clock(line.closes)
        ),
        None => format!("{name} we're closed."),
    };
    Answer {
        text: format!("{first} Our hours: {}.", studio.opening_hours_line()),
        classes: Vec::new(),
        notes: Vec::new(),
        links: vec![
            ChatLink::internal("See the timetable", "/timetable"),
            ChatLink::internal("Visit us", "/contact"),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::super::words::words;
    use super::*;

    #[test]
    fn times_after_after_are_read_as_people_mean_them() {
        let at = |text: &str| {
            time_at(&words(text), 0).map(|time| format!("{:02}:{:02}", time.hour(), time.minute()))
        };
        assert_eq!(at("6").as_deref(), Some("18:00"));
        assert_eq!(at("6pm").as_deref(), Some("18:00"));
        assert_eq!(at("6 am").as_deref(), Some("06:00"));
        assert_eq!(at("5:30").as_deref(), Some("17:30"));
        assert_eq!(at("10").as_deref(), Some("10:00"));
        assert_eq!(at("18:15").as_deref(), Some("18:15"));
        assert_eq!(at("12am").as_deref(), Some("00:00"));
        assert_eq!(at("six"), None);
    }

    #[test]
    fn hot_yoga_is_not_every_yoga() {
        let labels = |text: &str| -> Vec<&str> {
            named_classes(&words(text))
                .iter()
                .map(|word| word.label)
                .collect()
        };
        assert_eq!(labels("hot yoga tomorrow"), ["hot yoga"]);
        assert_eq!(labels("yoga or hot yoga"), ["hot yoga", "yoga"]);
        assert_eq!(labels("sauna and pilates"), ["pilates", "Fire & Ice"]);
        assert!(labels("anything on?").is_empty());
    }
}
