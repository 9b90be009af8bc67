//! The forms API in the real application (`build_app` with the enquiry state, as `main` builds
//! it) on a real SQLite file: every SPEC section 7 payload, validation, the no-JavaScript form
//! posts and every protection.

use std::net::SocketAddr;

use actix_web::http::StatusCode;
use actix_web::{test, web};
use onespace_server::build_app;
use onespace_server::enquiries::Enquiries;
use onespace_site::routes::ROUTES;
use onespace_store::Store;
use serde_json::{json, Value};

use crate::harness;
use crate::harness::built_site::site;
use crate::harness::TempDir;

struct Harness {
    state: web::Data<Enquiries>,
    _dir: TempDir,
}

async fn harness(rate_limit: u32) -> Harness {
    let dir = TempDir::new("api");
    let store = Store::open(None, dir.path()).await.unwrap();
    let state = web::Data::new(Enquiries::new(
        store,
        rate_limit,
        onespace_http::Proxy::none(),
        "https://www.onespacestudio.co.uk",
    ));
    Harness { state, _dir: dir }
}

struct Answer {
    status: StatusCode,
    headers: actix_web::http::header::HeaderMap,
    body: String,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }
}

async fn send(h: &Harness, request: test::TestRequest) -> Answer {
    let app = test::init_service(build_app(site()).app_data(h.state.clone())).await;
    let response = test::call_service(&app, request.to_request()).await;
    let status = response.status();
    let headers = response.headers().clone();
    let body = test::read_body(response).await;
    Answer {
        status,
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    }
}

fn peer(n: u8) -> SocketAddr {
    SocketAddr::from(([192, 0, 2, n], 40_000))
}

fn json_post(body: &str) -> test::TestRequest {
    test::TestRequest::post()
        .uri("/api/enquiries")
        .peer_addr(peer(1))
        .insert_header(("Content-Type", "application/json"))
        .set_payload(body.to_owned())
}

fn form_post(path: &str, body: &str) -> test::TestRequest {
    test::TestRequest::post()
        .uri(path)
        .peer_addr(peer(1))
        .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
        .set_payload(body.to_owned())
}

#[actix_web::test]
async fn every_spec_payload_is_stored_with_its_mail_queued() {
    let h = harness(100).await;
    let bodies = [
        (
            json!({"formType":"contact","firstName":"Jo","lastName":"Smith","email":"jo@example.com","phone":"07700 900123","interest":"Room Hire","message":"Can I hire the studio?"}),
            "contact",
        ),
        (
            json!({"formType":"investment","name":"Al Brown","email":"al@example.com","phone":"","investmentAmount":"5k","why":"Local business"}),
            "investmentInterest",
        ),
        (
            json!({"formType":"investment","name":"Al Brown","email":"al@example.com","phone":"","why":"Tell me more"}),
            "investorContact",
        ),
        (
            json!({"formType":"membership","fullName":"Sam Lee","email":"sam@example.com","phone":"","selectedMembership":"founder-flex","payAnnually":"yes","additionalNotes":""}),
            "membership",
        ),
    ];
    for (body, _) in &bodies {
        let answer = send(&h, json_post(&body.to_string())).await;
        assert_eq!(
            answer.status,
            StatusCode::CREATED,
            "{body}: {}",
            answer.body
        );
        let reply = answer.json();
        assert_eq!(reply["ok"], true);
        assert!(reply["id"].as_str().is_some_and(|id| id.len() == 36));
    }
    let stored = h.state.store.all().await.unwrap();
    let forms: Vec<&str> = stored.iter().map(|e| e.form.as_str()).collect();
    assert_eq!(
        forms,
        bodies.iter().map(|(_, form)| *form).collect::<Vec<_>>()
    );
    let first: Value = serde_json::from_str(&stored[0].payload).unwrap();
    assert_eq!(first["interest"], "Room Hire");
    assert_eq!(h.state.store.pending_mail().await.unwrap(), 4);
}

#[actix_web::test]
async fn invalid_enquiries_get_the_core_messages_per_field() {
    let h = harness(100).await;
    let answer = send(
        &h,
        json_post(
            r#"{"formType":"contact","firstName":"  ","email":"not-an-address","message":"Hi"}"#,
        ),
    )
    .await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &answer.json()["errors"];
    assert_eq!(errors["firstName"], "Please enter your first name.");
    assert_eq!(errors["lastName"], "Please enter your last name.");
    assert_eq!(errors["email"], "Please enter a valid email address.");
    assert!(errors.get("message").is_none());
    let answer = send(
        &h,
        json_post(r#"{"formType":"membership","fullName":"Sam","email":"sam@example.com"}"#),
    )
    .await;
    assert_eq!(
        answer.json()["errors"]["payAnnually"],
        "Please choose how you'd like to pay."
    );
    assert!(h.state.store.all().await.unwrap().is_empty());
}

#[actix_web::test]
async fn malformed_and_wrongly_typed_bodies_get_clear_answers() {
    let h = harness(100).await;
    let answer = send(&h, json_post(r#"{"formType":"contact","#)).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(answer.json()["error"]
        .as_str()
        .unwrap()
        .starts_with("The request body is not valid JSON"));
    let answer = send(&h, json_post(r#""hello""#)).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    let answer = send(
        &h,
        json_post(r#"{"formType":"newsletter","email":"a@b.co"}"#),
    )
    .await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(answer.json()["errors"]["formType"]
        .as_str()
        .unwrap()
        .contains("'contact', 'investment' or 'membership'"));
    let answer = send(&h, json_post(r#"{"formType":"contact","firstName":"Jo","lastName":"S","email":"jo@example.com","message":"Hi","phone":7700900123}"#)).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer.json()["errors"]["phone"],
        "phone must be text (a JSON string), not a number."
    );
}

#[actix_web::test]
async fn content_type_size_and_origin_are_checked() {
    let h = harness(100).await;
    let body = harness::contact_json("x");
    let answer = send(
        &h,
        json_post(&body).insert_header(("Content-Type", "text/plain")),
    )
    .await;
    assert_eq!(answer.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(answer.json()["error"]
        .as_str()
        .unwrap()
        .contains("application/json"));
    let huge = format!(
        r#"{{"formType":"contact","message":"{}"}}"#,
        "a".repeat(100 * 1024)
    );
    let answer = send(&h, json_post(&huge)).await;
    assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
    let limit = onespace_server::enquiries::protect::body_limit();
    assert!(answer.json()["error"]
        .as_str()
        .unwrap()
        .contains(&format!("({limit} bytes at most)")));
    let answer = send(
        &h,
        json_post(&body).insert_header(("Origin", "https://evil.example")),
    )
    .await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    assert!(answer.json()["error"]
        .as_str()
        .unwrap()
        .contains("own pages"));
    let answer = send(
        &h,
        json_post(&body).insert_header(("Sec-Fetch-Site", "cross-site")),
    )
    .await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    let answer = send(&h, json_post(&body).insert_header(("Origin", "null"))).await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    let same_site = json_post(&body)
        .insert_header(("Origin", "https://www.onespacestudio.co.uk"))
        .insert_header(("Sec-Fetch-Site", "same-origin"));
    assert_eq!(send(&h, same_site).await.status, StatusCode::CREATED);
    let same_host = json_post(&body)
        .insert_header(("Host", "127.0.0.1:8080"))
        .insert_header(("Origin", "http://127.0.0.1:8080"));
    assert_eq!(send(&h, same_host).await.status, StatusCode::CREATED);
    assert_eq!(h.state.store.all().await.unwrap().len(), 2);
}

#[actix_web::test]
async fn a_flood_from_one_client_gets_429_with_retry_after() {
    let h = harness(10).await;
    let body = harness::contact_json("flood");
    for _ in 0..10 {
        assert_eq!(send(&h, json_post(&body)).await.status, StatusCode::CREATED);
    }
    let answer = send(&h, json_post(&body)).await;
    assert_eq!(answer.status, StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = answer
        .headers
        .get("retry-after")
        .unwrap()
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=6).contains(&wait), "{wait}");
    assert_eq!(
        send(&h, json_post(&body).peer_addr(peer(2))).await.status,
        StatusCode::CREATED
    );
}

#[actix_web::test]
async fn an_ipv6_network_is_one_client() {
    let h = harness(10).await;
    let body = harness::contact_json("ipv6");
    let in_one_64 = |n: u16| SocketAddr::from(([0x2001, 0xdb8, 1, 2, n, 0, 0, 1], 40_000));
    // Every post from another address of the same /64: one client's ten.
    for n in 0..10 {
        let post = json_post(&body).peer_addr(in_one_64(n));
        assert_eq!(send(&h, post).await.status, StatusCode::CREATED);
    }
    let walked = json_post(&body).peer_addr(in_one_64(999));
    assert_eq!(send(&h, walked).await.status, StatusCode::TOO_MANY_REQUESTS);
    let other_network = SocketAddr::from(([0x2001, 0xdb8, 1, 3, 0, 0, 0, 1], 40_000));
    let post = json_post(&body).peer_addr(other_network);
    assert_eq!(send(&h, post).await.status, StatusCode::CREATED);
}

#[actix_web::test]
async fn a_filled_honeypot_is_answered_as_sent_but_not_stored() {
    let h = harness(100).await;
    let mut body: Value = serde_json::from_str(&harness::contact_json("bot")).unwrap();
    body["website"] = json!("http://spam.example");
    let answer = send(&h, json_post(&body.to_string())).await;
    assert_eq!(answer.status, StatusCode::CREATED);
    assert_eq!(answer.json()["ok"], true);
    let answer = send(
        &h,
        form_post(
            "/contact",
            "formType=contact&firstName=B&lastName=T&email=b%40t.co&message=x&website=spam",
        ),
    )
    .await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    assert!(h.state.store.all().await.unwrap().is_empty());
}

#[actix_web::test]
async fn form_pages_take_posts_and_show_the_thank_you_variant() {
    let h = harness(100).await;
    let posts = [
        ("/contact", "formType=contact&firstName=Jo&lastName=Smith&email=jo%40example.com&phone=&interest=Other&message=Hello%0D%0Athere&website="),
        ("/investinonespace", "formType=investment&name=Al&email=al%40example.com&phone=&investmentAmount=10k&why=&website="),
        ("/invest", "formType=investment&name=Al&email=al%40example.com&phone=&why=Questions&website="),
        ("/founder-memberships", "formType=membership&fullName=Sam+Lee&email=sam%40example.com&phone=&selectedMembership=founder-core&payAnnually=no&additionalNotes=&website="),
    ];
    for (path, body) in posts {
        let route = ROUTES.iter().find(|route| route.path == path).unwrap();
        let anchor = route.form.map(|form| form.anchor).unwrap();
        let answer = send(&h, form_post(path, body)).await;
        assert_eq!(
            answer.status,
            StatusCode::SEE_OTHER,
            "{path}: {}",
            answer.body
        );
        let location = answer
            .headers
            .get("location")
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned();
        assert_eq!(location, format!("{path}?sent=1#{anchor}"));
        let thanks = send(&h, test::TestRequest::get().uri(&format!("{path}?sent=1"))).await;
        assert_eq!(thanks.status, StatusCode::OK);
        assert!(thanks.body.contains("role=\"status\""), "{path}");
        let blank = send(&h, test::TestRequest::get().uri(path)).await;
        assert!(
            blank.body.contains(&format!("action=\"{path}#{anchor}\"")),
            "{path}"
        );
        assert!(!blank.body.contains("role=\"status\""), "{path}");
    }
    let stored = h.state.store.all().await.unwrap();
    let forms: Vec<&str> = stored.iter().map(|e| e.form.as_str()).collect();
    assert_eq!(
        forms,
        [
            "contact",
            "investmentInterest",
            "investorContact",
            "membership"
        ]
    );
    let contact: Value = serde_json::from_str(&stored[0].payload).unwrap();
    // The browser's CRLF is stored as the LF the visitor typed.
    assert_eq!(contact["message"], "Hello\nthere");
}

#[actix_web::test]
async fn a_form_post_with_errors_shows_the_page_again_with_messages_and_values() {
    let h = harness(100).await;
    let answer = send(&h, form_post("/contact", "formType=contact&firstName=Jo%3Cb%3E&lastName=&email=jo%40example.com&message=Kept+text")).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(answer
        .headers
        .get("content-type")
        .unwrap()
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    assert!(answer.body.contains("Please enter your last name."));
    assert!(
        answer.body.contains("value=\"Jo&lt;b&gt;\""),
        "values are kept and escaped"
    );
    assert!(answer.body.contains("Kept text"));
    let answer = send(&h, form_post("/contact", "formType=membership&fullName=X")).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    let answer = send(&h, form_post("/about", "formType=contact")).await;
    assert_eq!(answer.status, StatusCode::METHOD_NOT_ALLOWED);
    let answer = send(&h, json_post("{}").uri("/contact")).await;
    assert_eq!(answer.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(h.state.store.all().await.unwrap().is_empty());
}

/// A visitor without JavaScript whose enquiry cannot be stored (the database is gone) gets the
/// contact page again, in the site's layout, with the reason and a request to try again at the
/// form and every field as they typed it, so sending it again is one click.
#[actix_web::test]
async fn a_lost_database_gives_the_no_script_form_its_page_with_503_and_the_typed_values() {
    let h = harness(100).await;
    h.state.store.close().await;
    let body = "formType=contact&firstName=Jo&lastName=Smith&email=jo%40example.com&phone=&interest=Other&message=Typed+by+hand%2C+with+care&website=";
    let answer = send(&h, form_post("/contact", body)).await;
    assert_eq!(answer.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(
        answer.headers.get("content-type").unwrap(),
        "text/html; charset=utf-8"
    );
    assert_eq!(answer.headers.get("cache-control").unwrap(), "no-store");
    assert_eq!(answer.headers.get("retry-after").unwrap(), "30");
    let page = &answer.body;
    assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
    assert!(page.contains(r#"<header class="site-header">"#));
    assert!(page.contains(r#"<footer class="site-footer" id="site-footer">"#));
    let form = page.find(r#"id="contact-form""#).expect("the form");
    let summary = page[form..]
        .find(r#"class="form-summary" role="alert""#)
        .expect("a message at the form");
    let shown: String = page[form + summary..].chars().take(600).collect();
    assert!(
        shown.contains("We couldn&#39;t save your message just now. Please try again in a moment.")
            || shown
                .contains("We couldn't save your message just now. Please try again in a moment."),
        "{shown}"
    );
    for typed in [
        r#"value="Jo""#,
        r#"value="Smith""#,
        r#"value="jo@example.com""#,
        "Typed by hand, with care</textarea>",
    ] {
        assert!(page[form..].contains(typed), "{typed} kept");
    }
}

#[actix_web::test]
async fn health_reports_the_database_and_a_lost_database_is_503_json() {
    let h = harness(100).await;
    let answer = send(&h, test::TestRequest::get().uri("/healthz")).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.json(), json!({"status":"ok","database":"ok"}));
    let answer = send(&h, test::TestRequest::get().uri("/api/enquiries")).await;
    assert_eq!(answer.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(answer.headers.get("allow").unwrap(), "POST");
    h.state.store.close().await;
    let answer = send(&h, test::TestRequest::get().uri("/healthz")).await;
    assert_eq!(answer.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(answer.json()["database"], "unavailable");
    let answer = send(&h, json_post(&harness::contact_json("lost"))).await;
    assert_eq!(answer.status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(answer.json()["error"]
        .as_str()
        .unwrap()
        .contains("try again"));
}

const KEY: &str = "0b7e4c1a-5d3f-4a8e-9c21-6f0d2b9e8a47";

#[actix_web::test]
async fn a_json_post_sent_again_with_its_key_is_answered_as_the_first_and_stored_once() {
    let h = harness(100).await;
    let body = harness::contact_json("keyed");
    let first = send(&h, json_post(&body).insert_header(("Idempotency-Key", KEY))).await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.body);
    // The same filling-in, edited after an answer that never arrived: still the same post.
    let edited = harness::contact_json("keyed, edited");
    let upper = KEY.to_uppercase();
    let again = send(
        &h,
        json_post(&edited).insert_header(("Idempotency-Key", upper.as_str())),
    )
    .await;
    assert_eq!(again.status, StatusCode::CREATED, "{}", again.body);
    assert_eq!(again.json(), first.json(), "answered as the first");
    let other = send(
        &h,
        json_post(&body).insert_header(("Idempotency-Key", "1b7e4c1a-5d3f-4a8e-9c21-6f0d2b9e8a47")),
    )
    .await;
    assert_eq!(other.status, StatusCode::CREATED);
    assert_ne!(other.json()["id"], first.json()["id"]);
    // Without a key, every post is new (clients of the API that send none).
    for _ in 0..2 {
        let plain = send(&h, json_post(&body)).await;
        assert_eq!(plain.status, StatusCode::CREATED);
    }
    let stored = h.state.store.all().await.unwrap();
    assert_eq!(stored.len(), 4);
    assert_eq!(stored[0].id, first.json()["id"].as_str().unwrap());
    assert!(
        stored[0].payload.contains("Hello keyed\""),
        "the first copy is kept"
    );
    assert_eq!(h.state.store.pending_mail().await.unwrap(), 4);
}

#[actix_web::test]
async fn a_malformed_key_is_refused_clearly_and_stores_nothing() {
    let h = harness(100).await;
    let body = harness::contact_json("bad key");
    let answer = send(
        &h,
        json_post(&body).insert_header(("Idempotency-Key", "twelve")),
    )
    .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    let error = answer.json()["error"].as_str().unwrap().to_owned();
    assert!(
        error.contains("Idempotency-Key header must be a UUID"),
        "{error}"
    );
    assert!(error.contains("'twelve'"), "{error}");
    let page = send(
        &h,
        form_post(
            "/contact",
            "formType=contact&firstName=Jo&lastName=Smith&email=jo%40example.com&message=Kept+text&idempotencyKey=nope",
        ),
    )
    .await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
    assert!(
        page.body
            .contains("hidden field &#39;idempotencyKey&#39; must be a UUID")
            || page
                .body
                .contains("hidden field 'idempotencyKey' must be a UUID"),
        "{}",
        page.body
    );
    assert!(page.body.contains("Kept text"), "the typed values are kept");
    assert!(h.state.store.all().await.unwrap().is_empty());
}

/// A browser sending the plain form again (a reload after a lost answer) posts the same body
/// without a key: the key derived from its content finds the first copy.
#[actix_web::test]
async fn the_plain_form_sent_twice_is_stored_once_and_its_pages_carry_the_key() {
    let h = harness(100).await;
    let body = "formType=contact&firstName=Jo&lastName=Smith&email=jo%40example.com&phone=&interest=Other&message=Sent+twice&website=";
    for _ in 0..2 {
        let answer = send(&h, form_post("/contact", body)).await;
        assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.body);
    }
    assert_eq!(h.state.store.all().await.unwrap().len(), 1);
    let blank = send(&h, test::TestRequest::get().uri("/contact")).await;
    assert!(
        !blank.body.contains(r#"name="idempotencyKey""#),
        "the cached page carries no key"
    );
    // A page answering a post carries the key that post was given, and a post from it with
    // that key is the same post even when a field was changed.
    let invalid = send(
        &h,
        form_post(
            "/contact",
            &format!(
                "{}&idempotencyKey={KEY}",
                body.replace("lastName=Smith", "lastName=")
            ),
        ),
    )
    .await;
    assert_eq!(invalid.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        invalid
            .body
            .contains(&format!(r#"name="idempotencyKey" value="{KEY}""#)),
        "{}",
        invalid.body
    );
    let corrected = format!(
        "{}&idempotencyKey={KEY}",
        body.replace("Sent+twice", "Corrected")
    );
    for _ in 0..2 {
        let answer = send(&h, form_post("/contact", &corrected)).await;
        assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.body);
    }
    let stored = h.state.store.all().await.unwrap();
    assert_eq!(stored.len(), 2);
    assert_eq!(h.state.store.pending_mail().await.unwrap(), 2);
}

/// After a 503 the page carries the key the post was given (derived from its content), so the
/// visitor's next click sends the same post.
#[actix_web::test]
async fn a_503_page_carries_the_key_of_the_post() {
    let h = harness(100).await;
    h.state.store.close().await;
    let body = "formType=contact&firstName=Jo&lastName=Smith&email=jo%40example.com&phone=&interest=Other&message=During+an+outage&website=";
    let answer = send(&h, form_post("/contact", body)).await;
    assert_eq!(answer.status, StatusCode::SERVICE_UNAVAILABLE);
    let at = answer
        .body
        .find(r#"name="idempotencyKey" value=""#)
        .expect("the key field");
    let key: String = answer.body[at + r#"name="idempotencyKey" value=""#.len()..]
        .chars()
        .take(36)
        .collect();
    assert!(uuid::Uuid::try_parse(&key).is_ok(), "{key}");
    assert!(
        answer
            .body
            .contains(&format!(r#""idempotencyKey":"{key}""#)),
        "the island keeps it too"
    );
}
