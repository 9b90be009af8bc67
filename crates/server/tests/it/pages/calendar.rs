//! Pages follow the calendar: each dated offer seen before, during and after its window through
//! the site `serve --preview-date` renders (status, what a visitor reads, `noindex`, sitemap,
//! JSON-LD), a re-render at a boundary swapping the page and its ETag without a restart, and the
//! release server on a running clock (`--preview-from`) changing its pages by itself when an
//! offer's end passes.

use std::time::{Duration, Instant};

use actix_web::http::{header, StatusCode};
use actix_web::test as actix_test;
use onespace_server::build_app;
use onespace_server::Config;
use onespace_site::clock::RenderClock;
use onespace_site::routes::{Page, ROUTES};
use onespace_site::LiveSite;

use crate::harness::built_site::site_on;
use crate::harness::{as_written, request, Server, TempDir};

struct Seen {
    status: StatusCode,
    etag: String,
    body: String,
}

async fn get(site: actix_web::web::Data<LiveSite>, path: &str) -> Seen {
    let app = actix_test::init_service(build_app(site)).await;
    let response =
        actix_test::call_service(&app, actix_test::TestRequest::get().uri(path).to_request()).await;
    let status = response.status();
    let etag = response
        .headers()
        .get(header::ETAG)
        .map(|value| value.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let body = String::from_utf8(actix_test::read_body(response).await.to_vec()).unwrap();
    Seen {
        status,
        etag,
        body: as_written(&body),
    }
}

async fn on(preview: &str, path: &str) -> Seen {
    get(site_on(preview), path).await
}

fn noindex(body: &str) -> bool {
    body.contains("<meta name=\"robots\" content=\"noindex\">")
}

fn json_ld_types(body: &str) -> Vec<String> {
    body.split("<script type=\"application/ld+json\">")
        .skip(1)
        .map(|rest| {
            let block: serde_json::Value =
                serde_json::from_str(rest.split("</script>").next().unwrap()).unwrap();
            block["@type"].as_str().unwrap_or_default().to_owned()
        })
        .collect()
}

async fn in_sitemap(preview: &str, path: &str) -> bool {
    on(preview, "/sitemap.xml").await.body.contains(&format!(
        "<loc>https://www.onespacestudio.co.uk{path}</loc>"
    ))
}

/// A live offer page: its own title and content, indexable, listed, with its structured data and
/// the island that knows its end.
async fn assert_live(preview: &str, page: Page, shows: &str, ld_type: &str, ends_ms: i64) {
    let path = page.path();
    let seen = on(preview, path).await;
    assert_eq!(seen.status, StatusCode::OK, "{path} on {preview}");
    assert!(
        seen.body.contains(&format!(
            "<title>{}</title>",
            page.route().title.replace('&', "&amp;")
        )),
        "{path} on {preview}"
    );
    assert!(
        seen.body.contains(shows),
        "{path} on {preview} lacks {shows}"
    );
    assert!(!noindex(&seen.body), "{path} on {preview}");
    assert_eq!(json_ld_types(&seen.body), [ld_type], "{path} on {preview}");
    assert!(
        seen.body.contains("data-island=\"OfferWatch\"")
            && seen.body.contains(&format!("\"endsMs\":{ends_ms}")),
        "{path} on {preview}"
    );
    assert!(in_sitemap(preview, path).await, "{path} on {preview}");
}

/// An offer page that is not on: 200, a plain message, the way to what is on now, `noindex`,
/// no structured data, out of the sitemap.
async fn assert_not_on(preview: &str, page: Page, message: &str, hides: &str) {
    let path = page.path();
    let seen = on(preview, path).await;
    assert_eq!(seen.status, StatusCode::OK, "{path} on {preview}");
    assert!(
        seen.body.contains(message),
        "{path} on {preview} lacks {message}"
    );
    assert!(
        !seen.body.contains(hides),
        "{path} on {preview} shows {hides}"
    );
    assert!(seen
        .body
        .contains("href=\"/intro-offer\">Start My 14-Day Trial</a>"));
    assert!(seen
        .body
        .contains("href=\"/memberships\">See Memberships</a>"));
    assert!(noindex(&seen.body), "{path} on {preview}");
    assert!(json_ld_types(&seen.body).is_empty(), "{path} on {preview}");
    assert!(!seen.body.contains("OfferWatch"), "{path} on {preview}");
    assert!(!in_sitemap(preview, path).await, "{path} on {preview}");
    if message.contains(" ended on ") {
        // An ended offer's page is headed with what is on now, says first that the offer ended
        // (a visitor arrived for it), then shows the trial.
        let h1 = seen.body.split("<h1").nth(1).unwrap_or_default();
        let h1 = h1.split("</h1>").next().unwrap_or_default();
        assert!(
            h1.ends_with(">Start with a 14-day trial"),
            "{path} on {preview}: {h1}"
        );
        assert!(!seen.body.contains("This offer has ended"), "{path}");
        let main = seen.body.split("<main").nth(1).unwrap_or_default();
        let trial = main.find("14-Day Ultimate Experience").unwrap();
        let ended = main.find(message).unwrap();
        assert!(
            ended < trial,
            "{path} on {preview}: the notice that the offer ended comes first"
        );
    }
}

#[actix_web::test]
async fn back_to_school_runs_through_august_uk_time() {
    let banner = "Ends 31 Aug — Don't miss your Back to School savings";
    // Midnight BST after 31 August is 23:00 UTC.
    let ends_ms = 1_756_681_200_000;
    assert_not_on(
        "2025-07-31T22:59:59Z",
        Page::BackToSchool,
        "The back to school offers start on 1 August 2025.",
        banner,
    )
    .await;
    assert_live("2025-08-15", Page::BackToSchool, banner, "Event", ends_ms).await;
    assert_live(
        "2025-08-31T22:59:59Z",
        Page::BackToSchool,
        banner,
        "Event",
        ends_ms,
    )
    .await;
    assert_not_on(
        "2025-08-31T23:00:00Z",
        Page::BackToSchool,
        "The back to school offers ended on 31 August 2025.",
        banner,
    )
    .await;
    assert_not_on(
        "2026-11-23",
        Page::BackToSchool,
        "The back to school offers ended on 31 August 2025.",
        "Buy before",
    )
    .await;
}

#[actix_web::test]
async fn the_september_sale_ran_in_september_2024_and_has_ended() {
    let spots = "Only 7 Left!";
    assert_live(
        "2024-09-15",
        Page::SeptemberSale,
        spots,
        "SpecialAnnouncement",
        1_727_737_200_000,
    )
    .await;
    assert_not_on(
        "2026-11-23",
        Page::SeptemberSale,
        "The September sale ended on 30 September 2024.",
        spots,
    )
    .await;
}

#[actix_web::test]
async fn the_year_end_panel_shows_only_while_the_campaign_runs() {
    let panel = "valid until 31 December 2025";
    for (preview, shown) in [
        ("2025-10-31T23:59:59Z", false),
        ("2025-12-01", true),
        ("2025-12-31T23:59:59Z", true),
        ("2026-01-01T00:00:00Z", false),
        ("2026-11-23", false),
    ] {
        let seen = on(preview, "/memberships").await;
        assert_eq!(seen.body.contains(panel), shown, "{preview}");
        assert_eq!(
            seen.body.contains("See the Year-End Offer"),
            shown,
            "{preview}"
        );
        assert_eq!(seen.body.contains("Valid until"), shown, "{preview}");
        assert!(
            seen.body.contains("Rolling Monthly Memberships"),
            "{preview}"
        );
    }
}

#[actix_web::test]
async fn the_challenge_start_is_mentioned_only_while_sign_up_is_open() {
    let line = "Next challenge starts 1 September 2025.";
    assert!(on("2025-08-15", "/challenge").await.body.contains(line));
    assert!(!on("2025-08-31T23:00:00Z", "/challenge")
        .await
        .body
        .contains(line));
    assert!(!on("2026-11-23", "/challenge").await.body.contains(line));
}

#[actix_web::test]
async fn no_page_links_to_an_offer_that_is_not_on() {
    for route in &ROUTES {
        let seen = on("2026-11-23", route.path).await;
        for offer in ["/back-to-school", "/september-sale"] {
            assert!(
                !seen.body.contains(&format!("href=\"{offer}")),
                "{} links to {offer}",
                route.path
            );
        }
    }
}

#[actix_web::test]
async fn a_re_render_at_the_boundary_swaps_the_page_and_its_etag_without_a_restart() {
    let live_until = RenderClock::from_preview(Some("2025-08-31T22:59:59Z")).unwrap();
    let ended_at = RenderClock::from_preview(Some("2025-08-31T23:00:00Z")).unwrap();
    let site = actix_web::web::Data::new(LiveSite::new(
        onespace_server::build_site(&Config {
            clock: live_until,
            ..Config::for_rendering()
        })
        .unwrap(),
        onespace_site::site::BestCompression::Never,
    ));
    let before = get(site.clone(), "/back-to-school").await;
    assert!(before.body.contains("Back to School Savings"));
    let updating = site.clone();
    actix_web::web::block(move || {
        updating.update(|context| {
            context.clock = ended_at;
            context.now = ended_at.now();
        });
    })
    .await
    .unwrap();
    let after = get(site.clone(), "/back-to-school").await;
    assert!(after
        .body
        .contains("The back to school offers ended on 31 August 2025."));
    assert!(!before.etag.is_empty());
    assert_ne!(before.etag, after.etag);
    let sitemap = get(site, "/sitemap.xml").await;
    assert!(!sitemap.body.contains("/back-to-school<"));
}

/// The calendar thread sleeps until the next boundary or an update, whichever comes first: an
/// update (a content reload among them) wakes it to read the boundaries of the new content.
#[test]
fn an_update_wakes_the_calendar_thread_waiting_for_one() {
    let site = std::sync::Arc::new(LiveSite::new(
        onespace_server::build_site(&Config::for_rendering()).unwrap(),
        onespace_site::site::BestCompression::Never,
    ));
    let seen = site.updates();
    assert!(
        !site.wait_for_update(seen, std::time::Duration::from_millis(10)),
        "no update yet: the wait runs out"
    );
    let waiting = {
        let site = site.clone();
        std::thread::spawn(move || site.wait_for_update(seen, std::time::Duration::from_secs(600)))
    };
    site.update(|_| {});
    assert!(waiting.join().unwrap(), "woken by the update");
    assert_eq!(site.updates(), seen + 1);
}

/// What `/back-to-school` answers on a running server: whether the offer is live (indexed,
/// with its banner) rather than ended (`noindex`, the ended notice), and its ETag.
async fn back_to_school_on(server: &Server) -> (bool, String) {
    let response = request(&server.addr, "GET", "/back-to-school", &[], b"")
        .await
        .unwrap();
    assert_eq!(response.status, 200);
    let body = response.text();
    let live = !noindex(&body);
    if live {
        assert!(body.contains("Ends 31 Aug — Don't miss your Back to School savings"));
    } else {
        assert!(body.contains("The back to school offers ended on 31 August 2025."));
        assert!(!body.contains("OfferWatch"));
    }
    (live, response.header("etag").unwrap_or_default().to_owned())
}

/// The real calendar thread on a running clock: the release server started with its clock some
/// seconds before back to school ends (midnight BST after 31 August 2025) serves the live page,
/// and once the end passes serves the ended one with a new ETag, the sitemap without it, and
/// logs the calendar's re-render for that boundary: nothing but the clock changed, and requests
/// never render pages. Starting the server takes a while on a loaded machine, so if the end has
/// already passed when it first answers, it is started again further ahead (the test needs to see
/// the page live first).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_running_clock_the_page_ends_by_itself_at_the_offers_end() {
    let end = chrono::DateTime::parse_from_rfc3339("2025-08-31T23:00:00Z").unwrap();
    for seconds_ahead in [15, 60, 240] {
        let data = TempDir::new("calendar-running");
        let start = (end - chrono::TimeDelta::seconds(seconds_ahead)).to_rfc3339();
        let server = Server::start(data.path(), &[("ONESPACE_PREVIEW_FROM", start.as_str())]).await;
        let (live, live_etag) = back_to_school_on(&server).await;
        if !live {
            // The server took longer to start than the clock had to run: further ahead.
            continue;
        }
        let sitemap = request(&server.addr, "GET", "/sitemap.xml", &[], b"")
            .await
            .unwrap()
            .text();
        assert!(sitemap.contains("/back-to-school<"), "{sitemap}");
        // Generous: the boundary is at most `seconds_ahead` away, and the re-render shares two
        // busy cores.
        let deadline = Instant::now() + Duration::from_secs(seconds_ahead as u64 + 120);
        let ended_etag = loop {
            let (live, etag) = back_to_school_on(&server).await;
            if !live {
                break etag;
            }
            assert_eq!(etag, live_etag, "the live page changed before it ended");
            assert!(
                Instant::now() < deadline,
                "the page did not change by itself: {}",
                server.log()
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        assert_ne!(ended_etag, live_etag);
        let sitemap = request(&server.addr, "GET", "/sitemap.xml", &[], b"")
            .await
            .unwrap()
            .text();
        assert!(!sitemap.contains("/back-to-school<"), "{sitemap}");
        server
            .wait_for_log_line(
                Duration::from_secs(30),
                "calendar re-render for the end",
                |line| {
                    line.contains("pages rendered again") && line.contains("2025-08-31 23:00:00")
                },
            )
            .await;
        return;
    }
    panic!("the server never answered before the offer's end, even four minutes ahead");
}
