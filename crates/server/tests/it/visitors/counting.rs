//! The real binary counts as it answers: a browser's landing with its campaign, a step to the
//! intro offer, a purchase click's beacon, an enquiry, and a consented visit's steps; robots,
//! scripts, signed-in staff and Global Privacy Control are left out or unlinked; forged beacons
//! are refused with a 4xx and never stored as sent; every count taken in memory is in the
//! database after a SIGTERM; an enquiry's export and erasure cover its visit; with counting off
//! nothing is counted.

use onespace_store::visitors::{self, Kind, Total};
use onespace_store::Store;

use crate::harness::http::{request, Response};
use crate::harness::{contact_json, export, Server, TempDir};

const CHROME: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const HTML: &str = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const VISIT: &str = "0b5a3c1e-8f2d-4a6b-9c7d-1e2f3a4b5c6d";
const PURCHASE: &str = "https://goteamup.com/p/5123456-one-space/memberships/lite";

async fn page(server: &Server, path: &str, extra: &[(&str, &str)]) -> Response {
    let mut headers = vec![("User-Agent", CHROME), ("Accept", HTML)];
    headers.extend_from_slice(extra);
    request(&server.addr, "GET", path, &headers, b"")
        .await
        .unwrap()
}

async fn beacon(server: &Server, path: &str, headers: &[(&str, &str)], body: &[u8]) -> u16 {
    let mut all = vec![
        ("User-Agent", CHROME),
        ("Content-Type", "text/plain;charset=UTF-8"),
    ];
    all.extend_from_slice(headers);
    let status = request(&server.addr, "POST", path, &all, body)
        .await
        .unwrap()
        .status;
    assert!(status < 500, "{path} answered {status}");
    status
}

fn click(page: &str) -> Vec<u8> {
    serde_json::json!({ "page": page, "href": PURCHASE })
        .to_string()
        .into_bytes()
}

async fn totals(data: &std::path::Path) -> Vec<Total> {
    let store = Store::open(None, data).await.unwrap();
    let totals = visitors::totals(&store, "2000-01-01", "2999-12-31")
        .await
        .unwrap();
    store.close().await;
    totals
}

fn sum(totals: &[Total], kind: Kind, page: &str) -> i64 {
    totals
        .iter()
        .filter(|total| total.kind == kind && total.page == page)
        .map(|total| total.count)
        .sum()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_clicks_and_enquiries_are_counted_and_reach_the_database_across_a_stop() {
    let data = TempDir::new("visitors-binary");
    let server = Server::start(data.path(), &[]).await;
    let own = |path: &str| format!("http://{}{path}", server.addr);

    // A visitor from a Facebook advert, then the intro offer, then a purchase click.
    let landed = page(
        &server,
        "/hot-yoga?utm_source=Facebook&utm_medium=paid%20social&utm_campaign=spring",
        &[("Referer", "https://l.facebook.com/")],
    )
    .await;
    assert_eq!(landed.status, 200);
    page(&server, "/intro-offer", &[("Referer", &own("/hot-yoga"))]).await;
    assert_eq!(
        beacon(&server, "/api/visits/click", &[], &click("/intro-offer")).await,
        204
    );
    // An outbound link that is not the booking provider's: answered, not counted.
    let elsewhere = br#"{"page":"/contact","href":"https://maps.google.com/"}"#;
    assert_eq!(
        beacon(&server, "/api/visits/click", &[], elsewhere).await,
        204
    );

    // Not visitors: a crawler, a link previewer, a script, a prefetch, signed-in staff, HEAD.
    for agent in [
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "facebookexternalhit/1.1",
        "curl/8.5.0",
    ] {
        let headers = [("User-Agent", agent), ("Accept", HTML)];
        request(&server.addr, "GET", "/hot-yoga", &headers, b"")
            .await
            .unwrap();
    }
    page(&server, "/hot-yoga", &[("Sec-Purpose", "prefetch")]).await;
    page(
        &server,
        "/hot-yoga",
        &[("Cookie", "__Host-onespace-studio=signed-in")],
    )
    .await;
    let staff_click = [("Cookie", "__Host-onespace-studio=signed-in")];
    assert_eq!(
        beacon(
            &server,
            "/api/visits/click",
            &staff_click,
            &click("/hot-yoga")
        )
        .await,
        204
    );
    let head = [("User-Agent", CHROME), ("Accept", HTML)];
    request(&server.addr, "HEAD", "/hot-yoga", &head, b"")
        .await
        .unwrap();

    // A consented visit: its steps are linked; the same cookie under Sec-GPC is not.
    let cookie = format!("onespace-visit={VISIT}");
    page(&server, "/memberships", &[("Cookie", &cookie)]).await;
    page(&server, "/faq", &[("Cookie", &cookie), ("Sec-GPC", "1")]).await;
    let sent = request(
        &server.addr,
        "POST",
        "/api/enquiries",
        &[
            ("Content-Type", "application/json"),
            ("Cookie", &cookie),
            ("Referer", &own("/contact")),
        ],
        contact_json("visitors").as_bytes(),
    )
    .await
    .unwrap();
    assert_eq!(sent.status, 201, "{}", sent.text());
    let enquiry = sent.json()["id"].as_str().unwrap().to_owned();

    // Hostile input: refused with a specific 4xx, or clipped.
    let unknown = br#"{"page":"/wp-admin","href":"https://goteamup.com/x"}"#;
    assert_eq!(
        beacon(&server, "/api/visits/click", &[], unknown).await,
        400
    );
    assert_eq!(
        beacon(&server, "/api/visits/click", &[], b"\xff\xfe{\"page\"").await,
        400
    );
    let huge = format!(
        r#"{{"page":"/hot-yoga","search":"?utm_campaign={}"}}"#,
        "a".repeat(10_240)
    );
    assert_eq!(
        beacon(&server, "/api/visits/start", &[], huge.as_bytes()).await,
        413
    );
    let other_site = [
        ("Origin", "https://evil.example"),
        ("Sec-Fetch-Site", "cross-site"),
    ];
    assert_eq!(
        beacon(
            &server,
            "/api/visits/click",
            &other_site,
            &click("/hot-yoga")
        )
        .await,
        403
    );
    let json_form = [("Content-Type", "application/x-www-form-urlencoded")];
    let status = request(
        &server.addr,
        "POST",
        "/api/visits/click",
        &json_form,
        b"page=/",
    )
    .await
    .unwrap()
    .status;
    assert_eq!(status, 415);
    let long_utm = format!(
        "/pilates?utm_source=%3Cscript%3Ealert(1)%3C/script%3E&utm_campaign={}",
        "b".repeat(10_240)
    );
    assert_eq!(
        page(&server, &long_utm, &[("Referer", "javascript:alert(1)")])
            .await
            .status,
        200
    );
    // A flood from one address: refused once the minute's allowance is spent, never a 5xx.
    let mut accepted = 1; // the purchase click above
    let mut refused = 0;
    for _ in 0..80 {
        match beacon(&server, "/api/visits/click", &[], &click("/intro-offer")).await {
            204 => accepted += 1,
            429 => refused += 1,
            other => panic!("a flooded beacon answered {other}"),
        }
    }
    assert!(refused > 0, "the flood was never refused");

    // Stopped at once, before the next timed write: the last write happens at the stop.
    assert!(server.terminate(), "the server did not stop cleanly");
    let counted = totals(data.path()).await;
    assert_eq!(sum(&counted, Kind::View, "/hot-yoga"), 1, "{counted:#?}");
    let landings: Vec<_> = counted
        .iter()
        .filter(|total| total.kind == Kind::Landing && total.page == "/hot-yoga")
        .collect();
    assert_eq!(landings.len(), 1, "{landings:?}");
    assert_eq!(landings[0].count, 1);
    assert_eq!(landings[0].from.referrer, "l.facebook.com");
    assert_eq!(landings[0].from.source, "facebook");
    assert_eq!(landings[0].from.medium, "paid-social");
    assert_eq!(landings[0].from.campaign, "spring");
    assert_eq!(sum(&counted, Kind::View, "/intro-offer"), 1);
    assert_eq!(
        sum(&counted, Kind::Landing, "/intro-offer"),
        0,
        "a step, not a landing"
    );
    assert_eq!(sum(&counted, Kind::Trial, "/hot-yoga"), 1);
    assert_eq!(sum(&counted, Kind::Purchase, "/intro-offer"), accepted);
    assert_eq!(sum(&counted, Kind::Purchase, "/contact"), 0);
    assert_eq!(
        sum(&counted, Kind::Purchase, "/hot-yoga"),
        0,
        "staff's click"
    );
    assert_eq!(sum(&counted, Kind::View, "/memberships"), 1);
    assert_eq!(sum(&counted, Kind::View, "/faq"), 1);
    assert_eq!(sum(&counted, Kind::Enquiry, "/contact"), 1);
    let pilates = counted
        .iter()
        .find(|total| total.kind == Kind::Landing && total.page == "/pilates")
        .unwrap();
    assert_eq!(pilates.from.source, "scriptalert1script", "markup dropped");
    assert_eq!(pilates.from.campaign.len(), 64, "clipped");
    assert_eq!(pilates.from.referrer, "(unreadable)");

    let store = Store::open(None, data.path()).await.unwrap();
    let steps = visitors::steps(&store, 0, i64::MAX).await.unwrap();
    assert!(steps.iter().all(|step| step.visit == VISIT), "{steps:?}");
    let pages: Vec<_> = steps
        .iter()
        .map(|step| (step.kind, step.page.as_str()))
        .collect();
    assert!(pages.contains(&(Kind::View, "/memberships")), "{pages:?}");
    assert!(
        !pages.iter().any(|(_, page)| *page == "/faq"),
        "Sec-GPC is never linked"
    );
    let linked = visitors::visit_of_enquiry(&store, &enquiry).await.unwrap();
    assert!(
        linked.iter().any(|step| step.kind == Kind::Enquiry),
        "{linked:?}"
    );
    store.close().await;
    // The enquiry's export carries its visit, and its erasure takes the visit with it.
    let exported = export(data.path(), None);
    let visit = exported
        .iter()
        .find(|row| row["id"] == enquiry.as_str())
        .map(|row| row["visit"].clone())
        .unwrap();
    let pages: Vec<_> = visit
        .as_array()
        .unwrap()
        .iter()
        .map(|step| step["page"].as_str().unwrap().to_owned())
        .collect();
    let mut pages = pages;
    pages.sort();
    // The consented page seen as a landing and a view, then the enquiry.
    assert_eq!(
        pages,
        ["/contact", "/memberships", "/memberships"],
        "{visit}"
    );
    let store = Store::open(None, data.path()).await.unwrap();
    assert!(onespace_store::staff::erase_enquiry(&store, &enquiry)
        .await
        .unwrap());
    assert_eq!(
        visitors::steps(&store, 0, i64::MAX).await.unwrap(),
        [],
        "the visit went with it"
    );
    store.close().await;

    // With counting off, the same pages and beacons leave the totals as they were.
    let server = Server::start(data.path(), &[("ONESPACE_COUNT_VISITORS", "false")]).await;
    page(&server, "/hot-yoga?utm_source=x", &[]).await;
    assert_eq!(
        beacon(&server, "/api/visits/click", &[], &click("/intro-offer")).await,
        204
    );
    assert!(server.terminate());
    assert_eq!(totals(data.path()).await, counted);
}
