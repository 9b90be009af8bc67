//! The class timetable from the booking provider, end to end against the real server binary and
//! the provider's stand-in (tests/support/teamup_standin.py), which speaks TeamUp's documented
//! API with its refusals: the requests as documented (key, numeric provider id, request mode,
//! sort, status, fields, expansion, the window from the start of today), public classes only in
//! the HTML, the JSON-LD and the stored copy, the stored copy and its age across a restart while
//! the provider is down, no request without a key, clear log lines for a wrong key or id, pages
//! followed to the last (on the API's origin only, capped), the 5 s timeout, `Retry-After`, the
//! message when no copy was ever fetched, re-rendering on a new copy, and pages served while the
//! provider hangs.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use onespace_core::calendar::{clock_12h, london_time};
use serde_json::Value;

use crate::harness;
use crate::harness::provider::{Provider, API_KEY};
use crate::harness::{request, Response, Server, TempDir};

/// Only a live copy has an 'Updated' line: what the tests wait for (the typical week's rows
/// are there from the start).
const LIVE: &str = "class=\"class-updated\"";

/// The heading of the typical week, shown while no live copy exists.
const TYPICAL: &str = "A typical week at One Space";

/// The provider's schedule page as a link: one such button on /timetable, whatever the state.
const SCHEDULE_LINK: &str = r#"href="https://goteamup.com/p/5123456-one-space/c/schedule""#;

/// The public classes of the stand-in's day; everything else it serves must stay off the site.
const PUBLIC: [&str; 3] = ["Hot Yoga", "Warm Pilates", "HYROX"];
const NOT_PUBLIC: [&str; 4] = [
    "1-2-1 Personal Training",
    "Members&#39; Mobility",
    "Staff Training",
    "Fire &amp; Ice",
];

async fn start_with(data: &std::path::Path, provider: &Provider, extra: &[(&str, &str)]) -> Server {
    let env = provider.env();
    let mut all: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    all.push(("ONESPACE_SCHEDULE_REFRESH_SECONDS", "1"));
    all.extend_from_slice(extra);
    Server::start(data, &all).await
}

async fn start(data: &TempDir, provider: &Provider) -> Server {
    start_with(data.path(), provider, &[]).await
}

async fn timetable(server: &Server) -> Response {
    let response = request(&server.addr, "GET", "/timetable", &[], b"")
        .await
        .unwrap();
    assert_eq!(response.status, 200);
    response
}

/// Polls /timetable until its HTML contains `text` (a minute at most).
async fn until_shown(server: &Server, text: &str) -> Response {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let page = timetable(server).await;
        if page.text().contains(text) {
            return page;
        }
        assert!(
            Instant::now() < deadline,
            "/timetable never showed {text:?}: {}",
            server.log()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The home page as `server` serves it.
async fn home_page(server: &Server) -> String {
    request(&server.addr, "GET", "/", &[], b"")
        .await
        .unwrap()
        .text()
}

/// Home's next-classes section: from its heading's id to the end of the section.
fn today_section(home: &str) -> &str {
    let after = home
        .split("id=\"today-title\"")
        .nth(1)
        .unwrap_or_else(|| panic!("no next-classes section on /: {home}"));
    after.split("</section>").next().unwrap_or_default()
}

/// Waits until the server's log contains `text` (a minute at most).
async fn until_logged(server: &Server, text: &str) -> String {
    let what = format!("{text:?}");
    server
        .wait_for_log_line(Duration::from_secs(60), &what, |line| line.contains(text))
        .await;
    server.log()
}

fn json_ld(html: &str) -> Vec<Value> {
    html.split("<script type=\"application/ld+json\">")
        .skip(1)
        .map(|rest| serde_json::from_str(rest.split("</script>").next().unwrap()).unwrap())
        .collect()
}

fn events(html: &str) -> Vec<Value> {
    json_ld(html)
        .into_iter()
        .flat_map(|block| match block {
            Value::Array(items) => items,
            other => vec![other],
        })
        .filter(|item| item["@type"] == "Event")
        .collect()
}

/// The names of the listed classes, in order.
fn class_names(html: &str) -> Vec<String> {
    html.split("class=\"class-name\">")
        .skip(1)
        .map(|rest| rest.split('<').next().unwrap().to_owned())
        .collect()
}

/// The 'Book' link of the first row naming `class` that still takes bookings: a class under way
/// when the test runs (today's 18:00 HYROX at 18:20) is listed as closed, without a link.
fn book_link(html: &str, class: &str) -> String {
    let link = html
        .split("class=\"class-row\"")
        .skip(1)
        .filter(|row| row.contains(&format!("class-name\">{class}<")))
        .find_map(|row| row.split("class-book\" href=\"").nth(1))
        .unwrap_or_else(|| panic!("no bookable row of {class}"));
    link.split('"').next().unwrap().replace("&amp;", "&")
}

/// The stored copy, read from the server's database.
async fn stored(data: &std::path::Path) -> Option<(i64, String)> {
    let store = onespace_store::Store::open(None, data).await.unwrap();
    let copy = store.load_schedule().await.unwrap();
    store.close().await;
    copy
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn public_classes_are_in_the_html_with_coach_length_places_and_their_own_booking_links() {
    let provider = Provider::start("ok");
    let data = TempDir::new("timetable-html");
    let server = start(&data, &provider).await;
    let html = until_shown(&server, LIVE).await.text();
    for text in [
        "Warm Pilates",
        "HYROX",
        "with Sophie Reid",
        "60 min",
        "45 min",
        "6 spaces left",
        "Full: join the waitlist",
        "Updated ",
    ] {
        assert!(html.contains(text), "missing {text:?}");
    }
    // Every listed class is a public one; the others are nowhere in the HTML as a class.
    let listed = class_names(&html);
    assert!(listed.len() >= 18, "{listed:?}");
    for name in &listed {
        assert!(
            PUBLIC.contains(&name.as_str()),
            "{name} is not a public class"
        );
    }
    for hidden in NOT_PUBLIC {
        assert!(
            !html.contains(&format!("class-name\">{hidden}<"))
                && !html.contains(&format!("Book {hidden},")),
            "{hidden} is listed"
        );
    }
    // The class's own page (customer_url) when the provider gives one, else the customer site's
    // schedule opened on it.
    let hot_yoga = book_link(&html, "Hot Yoga");
    assert!(
        hot_yoga.starts_with("https://goteamup.com/p/5123456-one-space/c/schedule?e=1000")
            && hot_yoga.contains("&startdate="),
        "{hot_yoga}"
    );
    let hyrox = book_link(&html, "HYROX");
    assert!(
        hyrox.starts_with("https://goteamup.com/p/5123456-one-space/c/schedule?e=1000")
            && !hyrox.contains('&'),
        "{hyrox}"
    );
    let book = html
        .split("class=\"btn btn-primary class-book\"")
        .nth(1)
        .unwrap();
    let book = book.split('>').next().unwrap();
    assert!(
        book.contains(r#"target="_blank""#) && book.contains("noopener"),
        "{book}"
    );
    // Seven days from today, each under its own heading; once today's last public class (HYROX,
    // 18:00-18:45 UK time) is over, today has nothing left to show.
    let uk_now = london_time(Utc::now());
    let last_end_today = chrono::NaiveTime::from_hms_opt(18, 45, 0).unwrap();
    let days = if uk_now.time() >= last_end_today {
        6
    } else {
        7
    };
    assert_eq!(html.matches("class=\"class-day\"").count(), days);
    // The home page lists the next classes from the same copy and links to the timetable.
    let home = home_page(&server).await;
    let section = today_section(&home);
    assert!(section.starts_with(">Classes today<") || section.starts_with(">Next classes<"));
    assert_eq!(section.matches("class=\"class-row\"").count(), 3);
    assert!(section.contains(r#"href="/timetable""#));
    // The live copy is preferred to the typical week, on both pages: every row has its booking
    // link, but a class already under way (listed until it ends) says booking has closed.
    assert_eq!(
        section.matches("class-book").count() + section.matches(">Booking closed<").count(),
        3,
        "{section}"
    );
    assert!(!section.contains("typical week"), "{section}");
    assert!(html.contains(">This week's classes<"));
    assert!(
        !html.contains(TYPICAL),
        "the live copy, not the typical week"
    );
    // Its 'Manage your bookings' box carries the page's one link to the provider's schedule.
    assert_eq!(html.matches(SCHEDULE_LINK).count(), 1);
}

/// What the server asked for, as the stand-in recorded it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_carry_the_documented_headers_filters_and_only_the_shown_fields() {
    let provider = Provider::start("ok");
    let data = TempDir::new("timetable-request");
    let server = start(&data, &provider).await;
    until_shown(&server, LIVE).await;
    let stats = provider.stats().await;
    let headers = &stats["headers"][0];
    assert_eq!(headers["provider_id"], "5123456");
    assert_eq!(headers["request_mode"], "provider");
    assert_eq!(headers["scheme"], "Token");
    let query = &stats["queries"][0];
    assert_eq!(query["sort"], "start");
    assert_eq!(query["status"], "active");
    assert_eq!(query["expand"], "instructors,offering_type");
    assert_eq!(query["page_size"], "100");
    let fields: BTreeSet<&str> = query["fields"].as_str().unwrap().split(',').collect();
    for never in [
        "small_session_attendances",
        "provider_url",
        "description",
        "venue",
    ] {
        assert!(!fields.contains(never), "{never} asked for");
    }
    // The window opens at the start of today, UK time (a class in progress stays listed).
    let from: DateTime<Utc> = query["starts_at_gte"].as_str().unwrap().parse().unwrap();
    let uk = london_time(from);
    assert_eq!(uk.time(), chrono::NaiveTime::MIN);
    assert_eq!(uk.date_naive(), london_time(Utc::now()).date_naive());
    drop(server);
}

/// Private, members-only and cancelled classes and appointments never reach the stored copy,
/// and nothing the timetable does not show is stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stored_copy_holds_public_classes_and_shown_fields_only() {
    let provider = Provider::start("ok");
    let data = TempDir::new("timetable-stored");
    let server = start(&data, &provider).await;
    let html = until_shown(&server, LIVE).await.text();
    let ld = serde_json::to_string(&events(&html)).unwrap();
    let (_, payload) = stored(data.path()).await.expect("a stored copy");
    let copy: Value = serde_json::from_str(&payload).unwrap();
    let classes = copy["classes"].as_array().unwrap();
    assert!(classes.len() >= 18, "{}", classes.len());
    let allowed: BTreeSet<&str> = [
        "id",
        "name",
        "kind",
        "coach",
        "starts_at",
        "ends_at",
        "spaces_left",
        "waitlist_open",
        "booking_closes_at",
        "booking_url",
    ]
    .into();
    for class in classes {
        let name = class["name"].as_str().unwrap();
        assert!(PUBLIC.contains(&name), "{name} stored");
        for key in class.as_object().unwrap().keys() {
            assert!(allowed.contains(key.as_str()), "{key} stored");
        }
    }
    for hidden in [
        "1-2-1",
        "Mobility",
        "Staff Training",
        "Fire",
        "9000",
        "provider/events",
    ] {
        assert!(!payload.contains(hidden), "{hidden} in the stored copy");
        assert!(!ld.contains(hidden), "{hidden} in the JSON-LD");
    }
    drop(server);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_key_the_provider_is_never_asked_and_the_page_links_to_it() {
    let provider = Provider::start("ok");
    let data = TempDir::new("timetable-no-key");
    let server = start_with(data.path(), &provider, &[("ONESPACE_TEAMUP_API_KEY", "")]).await;
    until_logged(&server, "no TeamUp API key").await;
    // Several refresh intervals pass without a request.
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(provider.requests().await, 0);
    let html = timetable(&server).await.text();
    assert!(html.contains(TYPICAL));
    assert_eq!(html.matches(SCHEDULE_LINK).count(), 1);
    assert_eq!(
        server.log().matches("no TeamUp API key").count(),
        1,
        "said once"
    );
}

/// A wrong key, then a wrong provider id: each a log line saying what to check (never the key),
/// and the last good copy stays served.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_key_or_id_is_logged_clearly_and_the_last_copy_stays() {
    let provider = Provider::start("ok");
    let dir = harness::content_folder("timetable-wrong");
    let data = dir.path().join("data");
    let content = dir.path().join("content");
    let content_env = content.to_str().unwrap().to_owned();
    let server = start_with(&data, &provider, &[("ONESPACE_CONTENT_DIR", &content_env)]).await;
    until_shown(&server, LIVE).await;
    server.kill();

    let wrong = "wrong-key-3c9d";
    let server = start_with(
        &data,
        &provider,
        &[
            ("ONESPACE_CONTENT_DIR", &content_env),
            ("ONESPACE_TEAMUP_API_KEY", wrong),
        ],
    )
    .await;
    let log = until_logged(&server, "the provider refused the API key (HTTP 401").await;
    assert!(log.contains("check ONESPACE_TEAMUP_API_KEY"), "{log}");
    assert!(
        !log.contains(wrong) && !log.contains(API_KEY),
        "the key was logged"
    );
    let html = timetable(&server).await.text();
    assert!(html.contains("class=\"class-row\"") && html.contains("Warm Pilates"));
    assert!(!html.contains(wrong));
    server.kill();

    // Another account's id (its customer site to match, so the content is valid).
    let schedule = content.join("schedule.toml");
    let text = std::fs::read_to_string(&schedule).unwrap();
    std::fs::write(&schedule, text.replace("5123456", "7654321")).unwrap();
    let prices = content.join("prices.toml");
    let text = std::fs::read_to_string(&prices).unwrap();
    std::fs::write(&prices, text.replace("5123456", "7654321")).unwrap();
    let server = start_with(&data, &provider, &[("ONESPACE_CONTENT_DIR", &content_env)]).await;
    let log = until_logged(&server, "provider id 7654321 with this key (HTTP 403").await;
    assert!(log.contains("provider_id in schedule.toml"), "{log}");
    assert!(!log.contains(API_KEY), "the key was logged");
    assert!(timetable(&server).await.text().contains("Warm Pilates"));
}

/// The provider id is the studio's content (`schedule.toml`): a folder naming another account
/// has its classes read from that account and every booking link built from its customer site.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_provider_id_comes_from_the_content_folder() {
    let provider = Provider::start_for("ok", "7654321");
    let dir = harness::content_folder("timetable-provider-id");
    let content = dir.path().join("content");
    for file in ["schedule.toml", "prices.toml"] {
        let path = content.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("5123456-one-space"), "{file}");
        let text = text
            .replace("5123456-one-space", "7654321-studio-two")
            .replace("provider_id = 5123456", "provider_id = 7654321");
        std::fs::write(&path, text).unwrap();
    }
    let content_env = content.to_str().unwrap().to_owned();
    let server = start_with(
        &dir.path().join("data"),
        &provider,
        &[("ONESPACE_CONTENT_DIR", &content_env)],
    )
    .await;
    let html = until_shown(&server, LIVE).await.text();
    assert!(book_link(&html, "HYROX")
        .starts_with("https://goteamup.com/p/7654321-studio-two/c/schedule?e="));
    assert!(
        html.contains(r#""provider_id":7654321"#),
        "the widget's account"
    );
    assert!(!html.contains("5123456"));
    let classes = request(&server.addr, "GET", "/our-classes", &[], b"")
        .await
        .unwrap()
        .text();
    assert!(classes.contains(
        r#"href="https://goteamup.com/p/7654321-studio-two/memberships/14-day-ultimate-experience""#
    ));
    // Each timetabled class card lists its next three sessions from the live copy, each with its
    // own 'Book' link (the provider's page for it) unless its booking has closed (a session of
    // today's that has started, when the test runs after it); the typical week's label is gone.
    let hot_yoga = &classes[classes.find(r#"id="hot-yoga""#).unwrap()..];
    let hot_yoga = &hot_yoga[..hot_yoga.find("</article>").unwrap()];
    assert!(hot_yoga.contains(">Next sessions<"), "{hot_yoga}");
    assert!(!classes.contains(">Typical times<"));
    let sessions = hot_yoga.matches(r#"<li class="class-row""#).count();
    let closed = hot_yoga.matches(">Booking closed<").count();
    assert_eq!(sessions, 3, "{hot_yoga}");
    assert!(closed <= 1, "{hot_yoga}");
    assert_eq!(
        hot_yoga
            .matches(r#"class="btn btn-primary class-book" href="https://goteamup.com/p/7654321-"#)
            .count(),
        sessions - closed,
        "{hot_yoga}"
    );
    assert!(!hot_yoga.contains("Warm Pilates"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_class_is_a_schema_org_event_with_the_required_fields() {
    let provider = Provider::start("ok");
    let data = TempDir::new("timetable-ld");
    let server = start(&data, &provider).await;
    let html = until_shown(&server, LIVE).await.text();
    let events = events(&html);
    assert!(
        events.len() >= 18,
        "three classes a day for the days shown: {}",
        events.len()
    );
    for event in &events {
        assert_eq!(event["@context"], "https://schema.org");
        assert!(PUBLIC.contains(&event["name"].as_str().unwrap()));
        for field in ["startDate", "endDate"] {
            let date = event[field].as_str().unwrap();
            let parsed = chrono::DateTime::parse_from_rfc3339(date).unwrap();
            let offset = parsed.offset().local_minus_utc();
            assert!(offset == 0 || offset == 3_600, "UK offset in {date}");
        }
        assert_eq!(event["location"]["@type"], "Place");
        assert_eq!(event["location"]["address"]["@type"], "PostalAddress");
        assert!(event["location"]["address"]["postalCode"]
            .as_str()
            .is_some());
        assert!(event["organizer"]["name"].as_str().is_some());
        assert!(event["offers"]["url"]
            .as_str()
            .unwrap()
            .starts_with("https://goteamup.com/p/5123456-one-space/c/schedule?e="));
        assert_eq!(
            event["eventAttendanceMode"],
            "https://schema.org/OfflineEventAttendanceMode"
        );
        assert_eq!(event["eventStatus"], "https://schema.org/EventScheduled");
    }
    let full = events
        .iter()
        .find(|event| event["name"] == "Warm Pilates")
        .unwrap();
    assert_eq!(full["offers"]["availability"], "https://schema.org/SoldOut");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_class_in_progress_stays_listed() {
    let provider = Provider::start("ok");
    provider.add_class_in_progress("Open Studio Session").await;
    let data = TempDir::new("timetable-in-progress");
    let server = start(&data, &provider).await;
    let html = until_shown(&server, LIVE).await.text();
    assert!(
        html.contains("Open Studio Session"),
        "the class in progress is gone"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn never_fetched_shows_the_typical_week_with_one_schedule_button_never_an_empty_box() {
    for mode in ["error", "malformed"] {
        let provider = Provider::start(mode);
        let data = TempDir::new("timetable-never");
        let server = start(&data, &provider).await;
        // Once the provider has been asked (and failed), the page shows the typical week, says
        // what the visitor can do and links out once.
        provider.until_asked_more_than(1).await;
        let html = timetable(&server).await.text();
        assert!(html.contains(&format!(">{TYPICAL}<")), "{mode}");
        assert!(
            html.contains("Times can change from week to week"),
            "{mode}"
        );
        assert!(
            !html.contains("could not reach"),
            "{mode}: says what failed"
        );
        assert_eq!(html.matches(SCHEDULE_LINK).count(), 1, "{mode}");
        assert_eq!(html.matches(">Book on our booking site<").count(), 1);
        assert!(!html.contains("Open the Class Schedule"), "{mode}");
        // Monday to Sunday, each class with its 12-hour time, coach and length, no 'Book'.
        let days: Vec<&str> = html
            .split("class=\"class-day-title\" id=\"typical-")
            .skip(1)
            .map(|rest| {
                rest.split('>')
                    .nth(1)
                    .unwrap()
                    .split('<')
                    .next()
                    .unwrap()
                    .trim()
            })
            .collect();
        assert_eq!(
            days,
            [
                "Monday",
                "Tuesday",
                "Wednesday",
                "Thursday",
                "Friday",
                "Saturday",
                "Sunday"
            ]
        );
        assert!(html.contains(r#"<time class="class-time" datetime="06:00">6:00 AM</time>"#));
        assert!(html.contains(">Hot Yoga Flow<") && html.contains("with Kirsty Maclean"));
        assert!(html.matches("class=\"class-row\"").count() >= 25, "{mode}");
        assert!(!html.contains("class-book"), "{mode}");
        assert!(html.contains("data-island=\"TimetableFilters\""), "{mode}");
        assert!(events(&html).is_empty(), "no events without a copy");
        assert!(
            server.log().contains("class schedule not fetched"),
            "{mode}"
        );
    }
}

/// The "Updated" time is the stored copy's, not the restart's: a copy fetched hours ago says so
/// after a restart while the provider is down.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_while_the_provider_is_down_serves_the_stored_copy_with_its_age() {
    let provider = Provider::start("ok");
    let data = TempDir::new("timetable-restart");
    let server = start(&data, &provider).await;
    until_shown(&server, LIVE).await;
    server.kill();
    // The stored copy, as if fetched five hours ago.
    let (_, payload) = stored(data.path()).await.expect("a stored copy");
    let mut copy: Value = serde_json::from_str(&payload).unwrap();
    let fetched_at = (Utc::now() - chrono::Duration::hours(5))
        .with_timezone(&Utc)
        .with_nanosecond_zeroed();
    copy["fetched_at"] = Value::String(fetched_at.to_rfc3339());
    let store = onespace_store::Store::open(None, data.path())
        .await
        .unwrap();
    store
        .save_schedule(fetched_at.timestamp_millis(), &copy.to_string())
        .await
        .unwrap();
    store.close().await;

    provider.set_mode("hang").await;
    let server = start(&data, &provider).await;
    // The first page after start already has the stored classes and when they were fetched.
    let html = timetable(&server).await.text();
    assert!(html.contains("Warm Pilates") && html.contains("with Sophie Reid"));
    let updated = html.split("class=\"class-updated\"").nth(1).unwrap();
    let updated = updated.split("</time>").next().unwrap();
    let fetched_uk = london_time(fetched_at);
    let expected = if fetched_uk.date_naive() == london_time(Utc::now()).date_naive() {
        format!("Updated {}", clock_12h(&fetched_uk))
    } else {
        format!(
            "Updated {}, {}",
            fetched_uk.format("%a %-d %b"),
            clock_12h(&fetched_uk)
        )
    };
    assert!(
        updated.ends_with(&format!(">{expected}")),
        "{updated} is not {expected}"
    );
    assert!(updated.contains(&format!("datetime=\"{}\"", fetched_at.to_rfc3339())));
    until_logged(&server, "class schedule restored from the database").await;
}

trait ZeroNanos {
    fn with_nanosecond_zeroed(self) -> Self;
}

impl ZeroNanos for DateTime<Utc> {
    fn with_nanosecond_zeroed(self) -> Self {
        chrono::DateTime::from_timestamp(self.timestamp(), 0).unwrap()
    }
}

/// Small pages are followed to the last; a `next` on another origin (where the key would go)
/// and a provider paging without end are refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_are_followed_on_the_api_origin_only_and_capped() {
    let provider = Provider::start("ok");
    provider.set_pages(10, None).await;
    let data = TempDir::new("timetable-pages");
    let server = start(&data, &provider).await;
    let html = until_shown(&server, LIVE).await.text();
    let pages: BTreeSet<String> = provider.stats().await["queries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|query| query["page"].as_str().unwrap_or("1").to_owned())
        .collect();
    assert!(pages.len() >= 5, "pages asked: {pages:?}");
    // Every page's classes: the last day shown has its three classes (the last pages' events).
    let last_day = html.split("class=\"class-day\"").last().unwrap();
    assert_eq!(last_day.matches("class=\"class-row\"").count(), 3);
    server.kill();

    // `next` on another origin: refused before any request goes there.
    provider.set_pages(10, Some("http://127.0.0.1:9")).await;
    let data = TempDir::new("timetable-pages-origin");
    let server = start(&data, &provider).await;
    let log = until_logged(
        &server,
        "the next page is on another site (http://127.0.0.1:9)",
    )
    .await;
    assert!(!log.contains("class schedule fetched"), "{log}");
    assert!(timetable(&server).await.text().contains(TYPICAL));
    server.kill();

    // One event a page: more pages than the cap.
    provider.set_pages(1, None).await;
    let data = TempDir::new("timetable-pages-cap");
    let server = start(&data, &provider).await;
    until_logged(&server, "more than 20 pages").await;
    assert!(timetable(&server).await.text().contains(TYPICAL));
}

/// The provider is given 5 s: an answer after 2 s is read, one after 8 s is given up on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_provider_is_read_within_five_seconds_and_given_up_on_after() {
    let provider = Provider::start("ok");
    provider.set_slow(2.0).await;
    let data = TempDir::new("timetable-slow");
    let server = start(&data, &provider).await;
    until_shown(&server, LIVE).await;
    assert!(!server.log().contains("class schedule not fetched"));
    provider.set_slow(8.0).await;
    let asked = Instant::now();
    let log = until_logged(&server, "the provider did not answer").await;
    let waited = asked.elapsed();
    assert!(log.contains("class schedule not fetched"), "{log}");
    assert!(
        waited >= Duration::from_secs(4) && waited < Duration::from_secs(8),
        "gave up after {waited:?}"
    );
    assert!(timetable(&server).await.text().contains("Warm Pilates"));
}

/// 429 and 503 with `Retry-After`: the next request waits that long, not the refresh interval.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn retry_after_is_honoured_on_429_and_503() {
    for mode in ["ratelimit", "unavailable"] {
        let provider = Provider::start("ok");
        provider.set_busy(mode, 4).await;
        let data = TempDir::new("timetable-busy");
        let server = start(&data, &provider).await;
        until_logged(&server, "asking to retry after 4 s").await;
        let first = provider.requests().await;
        let refused_at = Instant::now();
        // The refresh interval is 1 s: without Retry-After the provider would be asked again.
        tokio::time::sleep(Duration::from_millis(2_500)).await;
        assert_eq!(
            provider.requests().await,
            first,
            "{mode}: asked before Retry-After"
        );
        provider.set_mode("ok").await;
        until_shown(&server, LIVE).await;
        assert!(refused_at.elapsed() >= Duration::from_secs(3), "{mode}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_copy_re_renders_the_page_with_a_new_etag() {
    let provider = Provider::start("ok");
    let data = TempDir::new("timetable-etag");
    let server = start(&data, &provider).await;
    let first = until_shown(&server, LIVE).await;
    let etag = first.header("ETag").unwrap().to_owned();
    provider.rename("HYROX", "HYROX Engine").await;
    let second = until_shown(&server, "HYROX Engine").await;
    assert_ne!(second.header("ETag").unwrap(), etag);
    // The cached copy's validator no longer matches.
    let revalidated = request(
        &server.addr,
        "GET",
        "/timetable",
        &[("If-None-Match", &etag)],
        b"",
    )
    .await
    .unwrap();
    assert_eq!(revalidated.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_are_served_while_the_provider_hangs() {
    let provider = Provider::start("hang");
    let data = TempDir::new("timetable-hang");
    let server = start(&data, &provider).await;
    provider.until_asked_more_than(0).await;
    // The provider is holding the server's request; pages answer meanwhile, before the server
    // gives up on the provider (it logs when it does).
    for path in ["/timetable", "/", "/about"] {
        let response = request(&server.addr, "GET", path, &[], b"").await.unwrap();
        assert_eq!(response.status, 200, "{path}");
    }
    assert!(
        !server.log().contains("class schedule not fetched"),
        "pages answered before the provider's request ended"
    );
    assert!(timetable(&server).await.text().contains(TYPICAL));
}

/// The home page's section after the hero: the live copy's next classes (see
/// `public_classes_are_in_the_html_...`), else the typical week's, labelled as typical, else
/// nothing at all; /timetable then still has its one button to the provider's schedule.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn home_shows_the_typical_weeks_next_classes_without_a_live_copy_and_nothing_without_either()
{
    let provider = Provider::start("ok");
    let data = TempDir::new("home-typical");
    let server = start_with(data.path(), &provider, &[("ONESPACE_TEAMUP_API_KEY", "")]).await;
    let home = home_page(&server).await;
    let section = today_section(&home);
    assert!(
        [
            ">Classes today<",
            ">Classes tomorrow<",
            ">Classes on ",
            ">Next classes<"
        ]
        .iter()
        .any(|title| section.starts_with(title)),
        "{section}"
    );
    assert!(section.contains("From our typical week"), "{section}");
    assert_eq!(section.matches("class=\"class-row\"").count(), 3);
    assert!(
        !section.contains("class-book"),
        "no booking of a typical class"
    );
    assert!(section.contains(r#"href="/timetable""#));
    // Its times are the 12-hour clock's.
    assert!(
        section.contains(" AM</time>") || section.contains(" PM</time>"),
        "{section}"
    );
    server.kill();

    // Without a typical week either, the section is left out rather than shown empty.
    let dir = harness::content_folder("home-none");
    let schedule = dir.path().join("content").join("schedule.toml");
    let text = std::fs::read_to_string(&schedule).unwrap();
    let cut = text.find("\n[[typical_week]]").unwrap();
    std::fs::write(&schedule, &text[..cut]).unwrap();
    let content = dir.path().join("content");
    let server = start_with(
        &dir.path().join("data"),
        &provider,
        &[
            ("ONESPACE_TEAMUP_API_KEY", ""),
            ("ONESPACE_CONTENT_DIR", content.to_str().unwrap()),
        ],
    )
    .await;
    let home = home_page(&server).await;
    assert!(!home.contains("today-title"), "no empty 'Classes today'");
    let html = timetable(&server).await.text();
    assert!(!html.contains(TYPICAL) && !html.contains("class-row"));
    assert!(
        html.contains("See this week&#39;s classes and book")
            || html.contains("See this week's classes and book")
    );
    assert_eq!(html.matches(SCHEDULE_LINK).count(), 1);
}

/// `onespace schedule check` against the stand-in: all good, no key, a wrong key, and a provider
/// that does not answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_check_command_reports_the_account_and_exits_1_on_a_problem() {
    let provider = Provider::start("ok");
    let check = |env: Vec<(&str, String)>| {
        let mut command = std::process::Command::new(harness::binary());
        command
            .args(["schedule", "check"])
            .env_remove("ONESPACE_CONTENT_DIR")
            .env_remove("ONESPACE_TEAMUP_API_KEY_FILE")
            .env("ONESPACE_TEAMUP_API_KEY", "")
            .env("ONESPACE_SCHEDULE_SCRIPT_URL", provider.script_url())
            .stdin(std::process::Stdio::null());
        for (name, value) in env {
            command.env(name, value);
        }
        let output = command.output().unwrap();
        (
            output.status.code(),
            String::from_utf8(output.stdout).unwrap(),
            String::from_utf8(output.stderr).unwrap(),
        )
    };
    let (status, out, err) = check(provider.env());
    assert_eq!(status, Some(0), "{out}{err}");
    assert!(
        out.contains("authenticated (Token key, provider mode): the account is 'One Space'"),
        "{out}"
    );
    let classes: usize = out
        .lines()
        .find(|line| line.contains("public classes in the next 7 days"))
        .and_then(|line| line.split(' ').next())
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| panic!("{out}"));
    assert!((18..=21).contains(&classes), "{out}");
    // Cancelled events are filtered by the request (status=active); appointments and the
    // members-only and private classes are counted as left out.
    assert!(out.contains(" appointments, 0 cancelled)"), "{out}");
    assert!(!out.contains("(left out: 0 not public"), "{out}");
    let shown: Vec<&str> = out.lines().filter(|line| line.starts_with("  ")).collect();
    assert_eq!(shown.len(), 3, "{out}");
    assert!(out.contains("the widget script answers"), "{out}");
    assert!(out.ends_with("all good\n"), "{out}");
    assert!(!out.contains(API_KEY));

    let (status, out, _) = check(vec![("ONESPACE_SCHEDULE_API_URL", provider.api_url())]);
    assert_eq!(status, Some(1));
    assert!(
        out.contains("problem: not authenticated: no API key is configured"),
        "{out}"
    );

    let (status, out, _) = check(vec![
        ("ONESPACE_SCHEDULE_API_URL", provider.api_url()),
        ("ONESPACE_TEAMUP_API_KEY", "not-the-key-71".to_owned()),
    ]);
    assert_eq!(status, Some(1));
    assert!(
        out.contains("problem: not authenticated: the provider refused the API key (HTTP 401"),
        "{out}"
    );
    assert!(!out.contains("not-the-key-71"));

    let (status, out, _) = check(vec![
        (
            "ONESPACE_SCHEDULE_API_URL",
            "http://127.0.0.1:9/api/v2".to_owned(),
        ),
        ("ONESPACE_TEAMUP_API_KEY", API_KEY.to_owned()),
    ]);
    assert_eq!(status, Some(1));
    assert!(
        out.contains("problem: not authenticated: the provider did not answer"),
        "{out}"
    );
    assert!(out.ends_with("1 problem(s)\n"), "{out}");
}
