//! The chat's question table: the facts it is asked against (`chatFacts` in
//! `tests/vectors.json`, built here from the repository's content and a known fortnight of
//! classes) and what each answer must say (each `chatReply` case's `want`). The cases live in
//! the shared vectors, so the WebAssembly build answers the same questions
//! (`frontend/src/core/vectors.test.ts` compares its replies with the native `expected`); this
//! file checks the native replies against the human-written `want`.
//!
//! The fortnight runs Monday 6 to Sunday 19 July 2026 (British Summer Time, so UK dates and
//! UTC dates differ between 23:00 and midnight UTC). Each weekday: Hot Yoga 7:00 (6 spaces),
//! Warm Pilates 9:30 (full, waitlist open), HYROX 18:00 (7 spaces; on Fridays full with no
//! waitlist; no page of its own at the provider); Yoga Flow 12:15 on Monday, Wednesday and
//! Friday; Hot Yoga 19:00 (1 space) on Tuesday and Thursday; Fire & Ice 16:00 on Wednesday.
//! Saturday: Functional Training 9:00, Hot Yoga 10:30. Sunday: Warm Pilates 10:00.
//!
//! Fixtures: `live` (fetched Sunday 5 July 23:00 UK time), `stale` (the same classes fetched
//! Friday 3 July 11:00), `empty` (fetched, no classes), `typical` (no copy: the typical week of
//! `content/schedule.toml`), `noCountdown` and `oncePerVisitor` (`live` with the intro price
//! offered without a countdown, or once per visitor with 30 regular-price days).

use chrono::{DateTime, Duration, NaiveDate, Utc};
use onespace_core::calendar::london_instant;
use onespace_core::chat::ChatFacts;
use onespace_core::content::Content;
use onespace_core::countdown::IntroCountdown;
use onespace_core::timetable::{Class, Timetable};
use serde_json::{json, Value};

/// The repository's content.
pub fn content() -> Content {
    macro_rules! file {
        ($name:literal) => {
            toml::from_str(include_str!(concat!("../../../../content/", $name))).expect($name)
        };
    }
    Content {
        prices: file!("prices.toml"),
        schedule: file!("schedule.toml"),
        photos: file!("photos.toml"),
        offers: file!("offers.toml"),
        studio: file!("studio.toml"),
        team: file!("team.toml"),
        faq: file!("faq.toml"),
        testimonials: file!("testimonials.toml"),
        investors: file!("investors.toml"),
    }
}

fn at(text: &str) -> DateTime<Utc> {
    text.parse().expect("an instant")
}

/// (hour, minute, minutes, name, type, coach, spaces, waitlist, has its own page)
type Row = (
    u32,
    u32,
    i64,
    &'static str,
    &'static str,
    Option<&'static str>,
    u32,
    bool,
    bool,
);

fn day_rows(date: NaiveDate) -> Vec<Row> {
    use chrono::Datelike;
    let weekday = date.weekday().num_days_from_monday();
    match weekday {
        5 => vec![
            (
                9,
                0,
                45,
                "Functional Training",
                "Functional Training",
                Some("Chris Wallace"),
                12,
                false,
                true,
            ),
            (
                10,
                30,
                60,
                "Hot Yoga",
                "Hot Yoga",
                Some("Sophie Reid"),
                5,
                false,
                true,
            ),
        ],
        6 => vec![(
            10,
            0,
            50,
            "Warm Pilates",
            "Warm Pilates",
            Some("Leanne Brown"),
            3,
            false,
            true,
        )],
        _ => {
            let mut rows = vec![
                (
                    7,
                    0,
                    60,
                    "Hot Yoga",
                    "Hot Yoga",
                    Some("Sophie Reid"),
                    6,
                    false,
                    true,
                ),
                (
                    9,
                    30,
                    50,
                    "Warm Pilates",
                    "Warm Pilates",
                    Some("Leanne Brown"),
                    0,
                    true,
                    true,
                ),
            ];
            if weekday % 2 == 0 {
                rows.push((
                    12,
                    15,
                    45,
                    "Yoga Flow",
                    "Yoga",
                    Some("Leanne Brown"),
                    10,
                    false,
                    true,
                ));
            }
            if weekday == 2 {
                rows.push((16, 0, 40, "Fire & Ice", "Fire & Ice", None, 2, false, true));
            }
            rows.push((
                18,
                0,
                45,
                "HYROX",
                "HYROX",
                Some("Chris Wallace"),
                if weekday == 4 { 0 } else { 7 },
                false,
                false,
            ));
            if weekday % 2 == 1 {
                rows.push((
                    19,
                    0,
                    60,
                    "Hot Yoga",
                    "Hot Yoga",
                    Some("Sophie Reid"),
                    1,
                    false,
                    true,
                ));
            }
            rows
        }
    }
}

fn fortnight(fetched_at: DateTime<Utc>) -> Timetable {
    let first = NaiveDate::from_ymd_opt(2026, 7, 6).expect("a date");
    let mut classes = Vec::new();
    for offset in 0..14 {
        let date = first + Duration::days(offset);
        for (hour, minute, minutes, name, kind, coach, spaces, waitlist, own_page) in day_rows(date)
        {
            let id = 200_000 + classes.len() as u64;
            let starts_at = london_instant(date.and_hms_opt(hour, minute, 0).expect("a time"));
            classes.push(Class {
                id,
                name: name.to_owned(),
                kind: kind.to_owned(),
                coach: coach.map(str::to_owned),
                starts_at,
                ends_at: starts_at + Duration::minutes(minutes),
                spaces_left: Some(spaces),
                waitlist_open: waitlist,
                booking_closes_at: Some(starts_at),
                booking_url: own_page.then(|| {
                    format!(
                        "https://goteamup.com/p/5123456-one-space/c/schedule?e={id}&startdate={date}"
                    )
                }),
            });
        }
    }
    Timetable {
        fetched_at,
        classes,
    }
}

/// Facts from the repository's content and `copy`, keeping the whole fortnight.
fn facts(content: &Content, copy: Option<&Timetable>) -> ChatFacts {
    let built_at = copy.map_or(at("2026-07-05T22:00:00Z"), |copy| copy.fetched_at);
    let mut facts = ChatFacts::new(content, copy, built_at);
    if let Some(copy) = copy {
        // Every class of the fortnight, as a copy built on each of its days would hold.
        facts.classes.live = ChatFacts::new(content, Some(copy), at("2026-07-05T00:00:00Z"))
            .classes
            .live
            .into_iter()
            .chain(
                ChatFacts::new(content, Some(copy), at("2026-07-13T00:00:00Z"))
                    .classes
                    .live,
            )
            .fold(Vec::new(), |mut all, class| {
                if !all.contains(&class) {
                    all.push(class);
                }
                all
            });
    }
    facts
}

/// The fixtures, as `chatFacts` holds them.
pub fn fixtures() -> Value {
    let content = content();
    let live = facts(&content, Some(&fortnight(at("2026-07-05T22:00:00Z"))));
    let stale = facts(&content, Some(&fortnight(at("2026-07-03T10:00:00Z"))));
    let empty = facts(
        &content,
        Some(&Timetable {
            fetched_at: at("2026-07-05T22:00:00Z"),
            classes: Vec::new(),
        }),
    );
    let typical = facts(&content, None);
    let mut no_countdown = live.clone();
    no_countdown.trial.countdown = IntroCountdown::NoCountdown;
    let mut once = live.clone();
    once.trial.countdown = IntroCountdown::OncePerVisitor;
    once.trial.regular_days = Some(30);
    json!({
        "live": live,
        "stale": stale,
        "empty": empty,
        "typical": typical,
        "noCountdown": no_countdown,
        "oncePerVisitor": once,
    })
}

/// No instant makes the assistant panic: a browser's clock can say anything (the WebAssembly
/// module reads JavaScript's `Date.now()`), down to chrono's first and last instants, which leave
/// no room for the days a schedule reply counts.
#[test]
fn every_instant_gets_an_answer() {
    let content = content();
    let live = facts(&content, Some(&fortnight(at("2026-07-05T22:00:00Z"))));
    let typical = facts(&content, None);
    let questions = [
        "hot yoga tomorrow evening",
        "any classes this weekend after 6",
        "what are your opening hours",
        "is the intro offer still on",
        "when does the challenge start",
    ];
    for now in [
        DateTime::<Utc>::MIN_UTC,
        DateTime::UNIX_EPOCH,
        DateTime::<Utc>::MAX_UTC,
    ] {
        for facts in [&live, &typical] {
            for text in questions {
                let reply = onespace_core::chat::respond(text, facts, now);
                assert!(
                    reply.is_some_and(|reply| !reply.text.is_empty()),
                    "{text} at {now}"
                );
            }
        }
    }
}

/// `Tomorrow 7:00 PM Hot Yoga`.
fn row_line(row: &Value) -> String {
    format!(
        "{} {} {}",
        row["day"].as_str().unwrap_or_default(),
        row["time"].as_str().unwrap_or_default(),
        row["name"].as_str().unwrap_or_default()
    )
}

/// Checks a native reply against the case's `want`: `topic`, `says` (each in the text or
/// notes), `saysNot`, `rows` (the class rows exactly, as `day time name`), `rowSays` (each in
/// some row's coach, status or Book link), `links` (each an href of the reply), `contact` and
/// `cancel` (the buttons). A case without `want` must get no reply.
pub fn check(case: &Value, reply: &Value) -> Result<(), String> {
    let Some(want) = case.get("want") else {
        return if reply.is_null() {
            Ok(())
        } else {
            Err("expected no reply".to_owned())
        };
    };
    if reply.is_null() {
        return Err("no reply".to_owned());
    }
    if let Some(topic) = want.get("topic") {
        if &reply["topic"] != topic {
            return Err(format!("topic {} is not {topic}", reply["topic"]));
        }
    }
    let mut said = reply["text"].as_str().unwrap_or_default().to_owned();
    for note in reply["notes"].as_array().into_iter().flatten() {
        said.push(' ');
        said.push_str(note.as_str().unwrap_or_default());
    }
    for part in want["says"].as_array().into_iter().flatten() {
        let part = part.as_str().unwrap_or_default();
        if !said.contains(part) {
            return Err(format!("does not say {part:?}"));
        }
    }
    for part in want["saysNot"].as_array().into_iter().flatten() {
        let part = part.as_str().unwrap_or_default();
        if said.contains(part) {
            return Err(format!("says {part:?}"));
        }
    }
    let rows: Vec<&Value> = reply["classes"].as_array().into_iter().flatten().collect();
    if let Some(expected) = want.get("rows").and_then(Value::as_array) {
        let lines: Vec<String> = rows.iter().map(|row| row_line(row)).collect();
        let expected: Vec<String> = expected
            .iter()
            .map(|line| line.as_str().unwrap_or_default().to_owned())
            .collect();
        if lines != expected {
            return Err(format!("rows {lines:?}, not {expected:?}"));
        }
    }
    for part in want["rowSays"].as_array().into_iter().flatten() {
        let part = part.as_str().unwrap_or_default();
        let found = rows.iter().any(|row| {
            ["coach", "status", "bookUrl", "bookLabel"]
                .iter()
                .any(|field| row[*field].as_str().is_some_and(|text| text.contains(part)))
        });
        if !found {
            return Err(format!("no row says {part:?}"));
        }
    }
    let hrefs: Vec<&str> = reply["links"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|link| link["href"].as_str())
        .collect();
    for href in want["links"].as_array().into_iter().flatten() {
        let href = href.as_str().unwrap_or_default();
        if !hrefs.contains(&href) {
            return Err(format!("no link to {href} in {hrefs:?}"));
        }
    }
    for (key, field) in [
        ("contact", "showContactButton"),
        ("cancel", "showCancelButton"),
    ] {
        if let Some(expected) = want.get(key) {
            if &reply[field] != expected {
                return Err(format!("{field} is {}", reply[field]));
            }
        }
    }
    Ok(())
}

#[test]
fn the_question_table_is_large_and_covers_every_fixture() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors.json"),
    )
    .expect("vectors.json");
    let vectors: Value = serde_json::from_str(&text).expect("JSON");
    let cases = vectors["chatReply"].as_array().expect("chatReply cases");
    assert!(cases.len() >= 60, "only {} questions", cases.len());
    for name in vectors["chatFacts"].as_object().expect("fixtures").keys() {
        assert!(
            cases.iter().any(|case| case["facts"] == name.as_str()),
            "no question asks the {name} fixture"
        );
    }
    // The fixtures are what this file builds: rebuild them with BLESS_VECTORS=1.
    assert_eq!(vectors["chatFacts"], fixtures());
}
