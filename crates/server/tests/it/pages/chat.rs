//! The chat's facts at `/chat-facts.json`, end to end against the real server binary, the
//! provider's stand-in (tests/support/teamup_standin.py) and a content folder: JSON with an
//! ETag and a 304 on `If-None-Match`, the coming days' public classes with their Book links
//! (the class's own page, else the schedule opened on it), answers the core words from them,
//! and new facts after a timetable refresh and after a content edit.

use std::time::{Duration, Instant};

use chrono::Utc;
use onespace_core::calendar::{instant_from_ms, london_date};
use onespace_core::chat::{self, ChatFacts};
use serde_json::Value;

use crate::harness::provider::Provider;
use crate::harness::{self, request, Response, Server};

const FACTS: &str = "/chat-facts.json";

/// The stand-in's public classes; nothing else may reach the facts.
const PUBLIC: [&str; 3] = ["Hot Yoga", "Warm Pilates", "HYROX"];

const SCHEDULE: &str = "https://goteamup.com/p/5123456-one-space/c/schedule";

async fn facts(server: &Server) -> Response {
    let response = request(&server.addr, "GET", FACTS, &[], b"").await.unwrap();
    assert_eq!(response.status, 200, "{}", server.log());
    response
}

/// Polls the facts until `ready` holds for their JSON (a minute at most).
async fn facts_until(server: &Server, what: &str, ready: impl Fn(&Value) -> bool) -> Response {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let response = facts(server).await;
        if ready(&response.json()) {
            return response;
        }
        assert!(
            Instant::now() < deadline,
            "{FACTS} never had {what}: {}\n{}",
            response.text(),
            server.log()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn live(facts: &Value) -> &[Value] {
    facts["classes"]["live"]
        .as_array()
        .map_or(&[], Vec::as_slice)
}

fn named(facts: &Value, name: &str) -> bool {
    live(facts).iter().any(|class| class["name"] == name)
}

fn lite_price(facts: &Value) -> Option<u64> {
    facts["plans"]
        .as_array()?
        .iter()
        .find(|plan| plan["name"] == "Lite")?["price"]
        .as_u64()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_chat_facts_hold_the_coming_classes_with_book_links_and_follow_a_refresh_and_an_edit() {
    let provider = Provider::start("ok");
    let dir = harness::content_folder("chat-facts");
    let content = dir.path().join("content");
    let mut env: Vec<(&str, String)> = provider.env();
    env.push(("ONESPACE_SCHEDULE_REFRESH_SECONDS", "1".to_owned()));
    env.push(("ONESPACE_CONTENT_DIR", content.to_str().unwrap().to_owned()));
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let server = Server::start(&dir.path().join("data"), &env).await;

    let first = facts_until(&server, "a live copy", |facts| {
        facts["classes"]["fetchedMs"].is_i64() && !live(facts).is_empty()
    })
    .await;
    assert!(
        first
            .header("Content-Type")
            .is_some_and(|kind| kind.starts_with("application/json")),
        "{:?}",
        first.headers
    );
    let etag = first.header("ETag").expect("an ETag").to_owned();
    let unchanged = request(&server.addr, "GET", FACTS, &[("If-None-Match", &etag)], b"")
        .await
        .unwrap();
    assert_eq!(unchanged.status, 304);
    assert!(unchanged.body.is_empty());

    // The coming days' public classes only, with the typical week left out and a Book link on
    // each: the class's own page (customer_url) when the provider gives one, else the schedule
    // opened on it (HYROX has none).
    let json = first.json();
    // The panel's words come with the facts (no page carries them), the studio's address in its
    // mail links and confirmations.
    let studio = onespace_core::content::embedded::content().unwrap().studio;
    assert_eq!(json["panel"]["greeting"], chat::GREETING);
    assert_eq!(json["panel"]["to"], studio.email.as_str());
    assert!(json["panel"]["contactConfirmation"]
        .as_str()
        .is_some_and(|text| text.contains(&studio.email)));
    assert_eq!(json["panel"]["fallback"]["showContactButton"], true);
    assert_eq!(json["classes"]["typical"], Value::Array(Vec::new()));
    assert_eq!(json["classes"]["scheduleUrl"], SCHEDULE);
    let now = Utc::now();
    let today = london_date(now);
    let mut days = std::collections::BTreeSet::new();
    for class in live(&json) {
        let name = class["name"].as_str().unwrap();
        assert!(PUBLIC.contains(&name), "{name} is not a public class");
        let starts = instant_from_ms(class["startsMs"].as_i64().unwrap());
        let day = london_date(starts);
        assert!(
            day >= today && (day - today).num_days() < chat::facts::CLASS_DAYS,
            "{name} on {day} is not in the coming {} days",
            chat::facts::CLASS_DAYS
        );
        days.insert(day);
        let book = class["bookingUrl"].as_str().unwrap();
        assert!(book.starts_with(&format!("{SCHEDULE}?e=")), "{book}");
        if name == "HYROX" {
            assert!(!book.contains('&'), "{book}");
        } else {
            assert!(book.contains("&startdate="), "{book}");
        }
        if name == "Warm Pilates" {
            assert_eq!(class["spacesLeft"], 0);
            assert_eq!(class["waitlistOpen"], true);
        }
    }
    assert!(days.len() >= 7, "{days:?}");
    for name in PUBLIC {
        assert!(named(&json, name), "no {name}");
    }

    // The core answers from the served facts as the island would: tomorrow's hot yoga with
    // its Book link.
    let read: ChatFacts = serde_json::from_slice(&first.body).expect("the core reads the facts");
    let reply = chat::respond("hot yoga tomorrow", &read, now).expect("a reply");
    let row = reply.classes.first().expect("a class row");
    assert_eq!(
        (row.day.as_str(), row.time.as_str()),
        ("Tomorrow", "7:00 AM")
    );
    assert!(row
        .book_url
        .as_deref()
        .is_some_and(|url| url.starts_with(&format!("{SCHEDULE}?e="))));

    // A new copy from the provider: new facts with a new ETag; the old one no longer matches.
    provider.rename("HYROX", "HYROX Engine").await;
    let refreshed = facts_until(&server, "the renamed class", |facts| {
        named(facts, "HYROX Engine") && !named(facts, "HYROX")
    })
    .await;
    let refreshed_etag = refreshed.header("ETag").unwrap().to_owned();
    assert_ne!(refreshed_etag, etag);
    let stale = request(&server.addr, "GET", FACTS, &[("If-None-Match", &etag)], b"")
        .await
        .unwrap();
    assert_eq!(stale.status, 200);

    // A content edit (Lite £49 -> £55): the facts follow, without a restart, and keep the copy.
    assert_eq!(lite_price(&refreshed.json()), Some(4900));
    let prices = content.join("prices.toml");
    let text = std::fs::read_to_string(&prices).unwrap();
    let lite = "price = 49\nsessions = 4";
    assert!(text.contains(lite));
    std::fs::write(&prices, text.replacen(lite, "price = 55\nsessions = 4", 1)).unwrap();
    let edited = facts_until(&server, "Lite at £55", |facts| {
        lite_price(facts) == Some(5500)
    })
    .await;
    assert_ne!(edited.header("ETag").unwrap(), refreshed_etag);
    assert!(named(&edited.json(), "HYROX Engine"));
    let reply = chat::respond(
        "how much is lite",
        &serde_json::from_slice(&edited.body).unwrap(),
        Utc::now(),
    )
    .unwrap();
    assert!(reply.text.contains("Lite is £55 a month"), "{}", reply.text);
    server.kill();
}
