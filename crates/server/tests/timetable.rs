//! The class timetable from the booking provider, end to end against the real server binary and
//! the provider's stand-in (tests/support/teamup_standin.py): classes in the HTML of /timetable,
//! the stored copy across a restart while the provider is down, the message when no copy was ever
//! fetched, re-rendering on a new copy, pages served while the provider hangs, and each class as a
//! schema.org Event.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod enquiries_support;

use std::time::{Duration, Instant};

use enquiries_support::provider::Provider;
use enquiries_support::{request, Response, Server, TempDir};
use serde_json::Value;

async fn start(data: &TempDir, provider: &Provider) -> Server {
    let api = provider.api_url();
    Server::start(
        data.path(),
        &[
            ("ONESPACE_SCHEDULE_API_URL", &api),
            ("ONESPACE_SCHEDULE_REFRESH_SECONDS", "1"),
        ],
    )
    .await
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn classes_are_in_the_html_with_coach_length_spaces_and_booking_links() {
    let provider = Provider::start("ok");
    let data = TempDir::new("timetable-html");
    let server = start(&data, &provider).await;
    let html = until_shown(&server, "class=\"class-row\"").await.text();
    for text in [
        "Warm Pilates",
        "HYROX",
        "with Sophie R.",
        "60 min",
        "45 min",
        "6 spaces left",
        "Full: join the waitlist",
        "Updated ",
    ] {
        assert!(html.contains(text), "missing {text:?}");
    }
    assert!(
        !html.contains("1-2-1 Personal Training"),
        "appointments are not classes"
    );
    assert!(html.contains(r#"href="https://goteamup.com/p/one-space-livingston/events/1000"#));
    let book = html
        .split("class=\"btn btn-primary class-book\"")
        .nth(1)
        .unwrap();
    let book = book.split('>').next().unwrap();
    assert!(
        book.contains(r#"target="_blank""#) && book.contains("noopener"),
        "{book}"
    );
    // Seven days from today, each under its own heading; once the stand-in's last class of the
    // day (HYROX, 18:00 UK time) has started, the provider is asked from now on, so today has no
    // class left and six days show.
    let uk_now = onespace_core::calendar::london_time(chrono::Utc::now());
    let last_start_today = chrono::NaiveTime::from_hms_opt(18, 0, 0).unwrap();
    let days = if uk_now.time() >= last_start_today {
        6
    } else {
        7
    };
    assert_eq!(
        html.matches("class=\"class-day\"").count(),
        days,
        "the days from today with a class to come are shown"
    );
    assert!(provider.requests().await >= 1);
    // The home page lists the next classes from the same copy and links to the timetable.
    let home = request(&server.addr, "GET", "/", &[], b"")
        .await
        .unwrap()
        .text();
    let section = home.split("id=\"today-title\"").nth(1).unwrap();
    let section = section.split("</section>").next().unwrap();
    assert!(section.starts_with(">Classes today<") || section.starts_with(">Next classes<"));
    assert_eq!(section.matches("class=\"class-row\"").count(), 3);
    assert!(section.contains(r#"href="/timetable""#));
}

/// The provider id is the studio's content (`schedule.toml`): a folder naming another account
/// has its classes read from that account and every booking link built from it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_provider_id_comes_from_the_content_folder() {
    let provider = Provider::start_for("ok", "studio-two");
    let dir = enquiries_support::content_folder("timetable-provider-id");
    let content = dir.path().join("content");
    for file in ["schedule.toml", "prices.toml"] {
        let path = content.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("one-space-livingston"), "{file}");
        std::fs::write(&path, text.replace("one-space-livingston", "studio-two")).unwrap();
    }
    let api = provider.api_url();
    let server = Server::start(
        &dir.path().join("data"),
        &[
            ("ONESPACE_SCHEDULE_API_URL", &api),
            ("ONESPACE_SCHEDULE_REFRESH_SECONDS", "1"),
            ("ONESPACE_CONTENT_DIR", content.to_str().unwrap()),
        ],
    )
    .await;
    let html = until_shown(&server, "class=\"class-row\"").await.text();
    assert!(html.contains(r#"href="https://goteamup.com/p/studio-two/events/1000"#));
    assert!(
        html.contains(r#""providerId":"studio-two""#),
        "the widget's account"
    );
    assert!(!html.contains("one-space-livingston"));
    let classes = request(&server.addr, "GET", "/our-classes", &[], b"")
        .await
        .unwrap()
        .text();
    assert!(classes.contains(
        r#"href="https://goteamup.com/p/studio-two/memberships/14-day-ultimate-experience""#
    ));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_class_is_a_schema_org_event_with_the_required_fields() {
    let provider = Provider::start("ok");
    let data = TempDir::new("timetable-ld");
    let server = start(&data, &provider).await;
    let html = until_shown(&server, "class=\"class-row\"").await.text();
    let events = events(&html);
    assert!(
        events.len() >= 18,
        "three classes a day for the days shown: {}",
        events.len()
    );
    for event in &events {
        assert_eq!(event["@context"], "https://schema.org");
        assert!(event["name"].as_str().is_some_and(|name| !name.is_empty()));
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
            .starts_with("https://goteamup.com/p/one-space-livingston/events/"));
        assert_eq!(
            event["eventAttendanceMode"],
            "https://schema.org/OfflineEventAttendanceMode"
        );
        assert_eq!(event["eventStatus"], "https://schema.org/EventScheduled");
    }
    assert!(events
        .iter()
        .all(|event| event["name"] != "1-2-1 Personal Training"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn never_fetched_shows_a_message_and_the_direct_link_never_an_empty_box() {
    for mode in ["error", "malformed"] {
        let provider = Provider::start(mode);
        let data = TempDir::new("timetable-never");
        let server = start(&data, &provider).await;
        // Once the provider has been asked (and failed), the page still explains and links out.
        provider.until_asked_more_than(1).await;
        let html = timetable(&server).await.text();
        assert!(html.contains("Our live timetable is on its way"), "{mode}");
        assert!(html.contains(r#"href="https://goteamup.com/p/one-space-livingston/schedule""#));
        assert!(!html.contains("class-row"), "{mode}");
        assert!(events(&html).is_empty(), "no events without a copy");
        assert!(
            server.log().contains("class schedule not fetched"),
            "{mode}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_while_the_provider_is_down_serves_the_stored_copy_with_its_age() {
    let provider = Provider::start("ok");
    let data = TempDir::new("timetable-restart");
    let server = start(&data, &provider).await;
    until_shown(&server, "class=\"class-row\"").await;
    // Once the provider holds a request, the copy before it is stored and rendered.
    provider.set_mode("hang").await;
    provider
        .until_asked_more_than(provider.requests().await)
        .await;
    let before = timetable(&server).await.text();
    server.kill();
    let server = start(&data, &provider).await;
    // The first page after start already has the stored classes and when they were fetched.
    let html = timetable(&server).await.text();
    assert!(html.contains("Warm Pilates") && html.contains("with Sophie R."));
    let updated = |html: &str| {
        let rest = html.split("class=\"class-updated\"").nth(1).unwrap();
        rest.split("</time>")
            .next()
            .unwrap()
            .split('>')
            .next_back()
            .unwrap()
            .to_owned()
    };
    assert!(updated(&html).starts_with("Updated "));
    assert_eq!(
        updated(&html),
        updated(&before),
        "the age is the stored copy's"
    );
    assert!(server
        .log()
        .contains("class schedule restored from the database"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_copy_re_renders_the_page_with_a_new_etag() {
    let provider = Provider::start("ok");
    let data = TempDir::new("timetable-etag");
    let server = start(&data, &provider).await;
    let first = until_shown(&server, "class=\"class-row\"").await;
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
    assert!(timetable(&server)
        .await
        .text()
        .contains("Our live timetable is on its way"));
}
