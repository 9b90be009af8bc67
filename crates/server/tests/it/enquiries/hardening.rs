//! The enquiry endpoints tried as outsiders would, through the real binary over real sockets:
//! 5,000-character messages in Chinese, emoji and Arabic by both the JSON API and the
//! no-JavaScript form, what a visitor without JavaScript sees for each refusal (a stalled post
//! included), honeypots of every JSON type, content codings, line breaks, and a stalled upload
//! during a stop.

use std::time::{Duration, Instant};

use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::harness;
use crate::harness::{
    contact_json_with as contact_json, export, request, Response, Server, SmtpSink, TempDir,
};

const FORM: &str = "application/x-www-form-urlencoded";
const NO_LIMIT: [(&str, &str); 1] = [("ONESPACE_RATE_LIMIT_PER_MINUTE", "0")];

/// Percent-encodes as a browser encodes a form post (`application/x-www-form-urlencoded`):
/// every byte but ASCII letters, digits and `*-._` as `%XX`, spaces as `+`.
fn form_encode(pairs: &[(&str, &str)]) -> String {
    let encode = |text: &str| {
        text.bytes()
            .map(|byte| match byte {
                b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'*' | b'-' | b'.' | b'_' => {
                    char::from(byte).to_string()
                }
                b' ' => "+".to_owned(),
                other => format!("%{other:02X}"),
            })
            .collect::<String>()
    };
    pairs
        .iter()
        .map(|(name, value)| format!("{}={}", encode(name), encode(value)))
        .collect::<Vec<_>>()
        .join("&")
}

/// The contact form's fields as a browser posts them, with `message`.
fn contact_form(message: &str) -> String {
    form_encode(&[
        ("formType", "contact"),
        ("firstName", "Jo"),
        ("lastName", "Smith"),
        ("email", "jo@example.com"),
        ("phone", ""),
        ("interest", "Other"),
        ("message", message),
        ("website", ""),
    ])
}

async fn post(
    server: &Server,
    path: &str,
    content_type: &str,
    extra: &[(&str, &str)],
    body: &[u8],
) -> Response {
    let mut headers = vec![("Content-Type", content_type)];
    headers.extend_from_slice(extra);
    request(&server.addr, "POST", path, &headers, body)
        .await
        .unwrap()
}

/// Posts `body` to the contact page as its no-JavaScript form does.
async fn post_contact(server: &Server, body: &[u8]) -> Response {
    post(server, "/contact", FORM, &[], body).await
}

fn messages(data: &std::path::Path) -> Vec<String> {
    export(data, None)
        .iter()
        .map(|row| {
            row["enquiry"]["message"]
                .as_str()
                .unwrap_or_default()
                .to_owned()
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn five_thousand_characters_in_any_script_are_accepted_by_json_and_by_the_form() {
    let data = TempDir::new("scripts");
    let server = Server::start(data.path(), &NO_LIMIT).await;
    let scripts = [("Chinese", '中'), ("emoji", '😀'), ("Arabic", 'ع')];
    let mut expected = Vec::new();
    for (script, letter) in scripts {
        let message: String = std::iter::repeat_n(letter, 5_000).collect();
        let answer = server.post_json(&contact_json(&message)).await;
        assert_eq!(answer.status, 201, "{script} by JSON: {}", answer.text());
        let body = contact_form(&message);
        let answer = post_contact(&server, body.as_bytes()).await;
        assert_eq!(
            answer.status,
            303,
            "{script} by the form: {}",
            answer.text()
        );
        assert_eq!(
            answer.header("Location"),
            Some("/contact?sent=1#contact-form")
        );
        expected.extend([message.clone(), message]);
    }
    // The largest legitimate post: every field of the form at its limit in four-byte
    // characters. It is refused only by the core's rules, never for its size.
    let wide = |n: usize| std::iter::repeat_n('😀', n).collect::<String>();
    let body = form_encode(&[
        ("formType", "contact"),
        ("firstName", &wide(100)),
        ("lastName", &wide(100)),
        ("email", &wide(254)),
        ("phone", &wide(30)),
        ("interest", &wide(100)),
        ("message", &wide(5_000)),
        ("website", ""),
    ]);
    let answer = post_contact(&server, body.as_bytes()).await;
    assert_eq!(answer.status, 422, "{}", answer.text());
    assert!(answer
        .text()
        .contains("Please enter a valid email address."));
    // One character over the limit is the core's message, in characters, keeping the text.
    let over: String = std::iter::repeat_n('中', 5_001).collect();
    let answer = post_contact(&server, contact_form(&over).as_bytes()).await;
    assert_eq!(answer.status, 422);
    let page = answer.text();
    assert!(page.contains("Please shorten your message to 5,000 characters or fewer."));
    assert!(page.contains(&over), "the visitor's text is kept");
    // Anything larger than the largest legitimate post is still refused by size.
    let huge = "a".repeat(100 * 1024);
    let answer = post_contact(&server, contact_form(&huge).as_bytes()).await;
    assert_eq!(answer.status, 413);
    let answer = server.post_json(&contact_json(&huge)).await;
    assert_eq!(answer.status, 413);
    assert!(answer.json()["error"]
        .as_str()
        .unwrap()
        .contains("5,000 characters"));

    let mut stored = messages(data.path());
    stored.sort();
    expected.sort();
    assert_eq!(stored.len(), 6);
    assert_eq!(stored, expected, "stored exactly as sent");
    assert!(stored.iter().all(|text| text.chars().count() == 5_000));
}

/// What a visitor without JavaScript sees for a refused post: the contact page (HTML) with the
/// message at the form, and the status.
fn assert_page(answer: &Response, status: u16, message: &str) {
    assert_eq!(answer.status, status, "{}", answer.text());
    assert_eq!(
        answer.header("Content-Type"),
        Some("text/html; charset=utf-8")
    );
    assert_eq!(answer.header("Cache-Control"), Some("no-store"));
    let page = answer.text();
    assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
    let form = page.find(r#"id="contact-form""#).expect("the form");
    let summary = page[form..]
        .find(r#"class="form-summary" role="alert""#)
        .expect("a message at the form");
    let shown: String = page[form + summary..].chars().take(600).collect();
    assert!(shown.contains(message), "{message} in {shown}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refused_form_post_shows_the_page_with_a_message_and_json_callers_keep_json() {
    let data = TempDir::new("refusals");
    let server = Server::start(data.path(), &[("ONESPACE_RATE_LIMIT_PER_MINUTE", "2")]).await;
    let typed = contact_form("Typed by hand, with care");

    // 403: a post from another site's page; its values are not shown on ours.
    let evil = [
        ("Origin", "https://evil.example"),
        ("Sec-Fetch-Site", "cross-site"),
    ];
    let answer = post(&server, "/contact", FORM, &evil, typed.as_bytes()).await;
    assert_page(&answer, 403, "can only be sent from the One Space website");
    assert!(!answer.text().contains("Typed by hand"));
    let answer = post(&server, "/api/enquiries", "application/json", &evil, b"{}").await;
    assert_eq!(answer.status, 403);
    assert!(answer
        .header("Content-Type")
        .unwrap()
        .starts_with("application/json"));

    // 415: not a form post.
    let answer = post(&server, "/contact", "text/plain", &[], typed.as_bytes()).await;
    assert_page(
        &answer,
        415,
        "Send enquiries as application/x-www-form-urlencoded",
    );
    // 415: a compressed (or falsely labelled) body.
    let gzip = [("Content-Encoding", "gzip")];
    let answer = post(&server, "/contact", FORM, &gzip, typed.as_bytes()).await;
    assert_page(&answer, 415, "Content-Encoding 'gzip'");
    assert_eq!(answer.header("Accept-Encoding"), Some("identity"));

    // 413: larger than any valid enquiry.
    let huge = contact_form(&"a".repeat(100 * 1024));
    let answer = post_contact(&server, huge.as_bytes()).await;
    assert_page(
        &answer,
        413,
        "please keep each message to 5,000 characters or fewer",
    );

    // 422: the core's messages beside the fields, values kept.
    let invalid = form_encode(&[
        ("formType", "contact"),
        ("firstName", "Jo"),
        ("message", "Hi"),
    ]);
    let answer = post_contact(&server, invalid.as_bytes()).await;
    assert_page(&answer, 422, "Please enter your last name.");
    assert!(answer.text().contains(r#"value="Jo""#));

    // 429: the third post within a minute (the 422 counted); what was typed is kept.
    let answer = post_contact(&server, typed.as_bytes()).await;
    assert_eq!(answer.status, 303, "{}", answer.text());
    let answer = post_contact(&server, typed.as_bytes()).await;
    assert_page(&answer, 429, "Too many enquiries from your connection.");
    assert!(answer.header("Retry-After").is_some());
    assert!(answer.text().contains("Typed by hand, with care"));
    let answer = server.post_json(&contact_json("json")).await;
    assert_eq!(answer.status, 429);
    assert!(answer.json()["error"]
        .as_str()
        .unwrap()
        .starts_with("Too many enquiries"));

    assert_eq!(export(data.path(), None).len(), 1, "only the accepted post");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_honeypot_of_any_json_type_is_answered_as_sent_and_neither_stored_nor_mailed() {
    let data = TempDir::new("honeypot");
    let server = Server::start(data.path(), &NO_LIMIT).await;
    for honeypot in [
        json!(1),
        json!(true),
        json!(["x"]),
        json!({"a": "x"}),
        json!("x"),
    ] {
        let mut body: serde_json::Value = serde_json::from_str(&contact_json("robot")).unwrap();
        body["website"] = honeypot.clone();
        let answer = server.post_json(&body.to_string()).await;
        assert_eq!(answer.status, 201, "{honeypot}: {}", answer.text());
        assert_eq!(answer.json()["ok"], true);
    }
    let twice = format!(
        "{}&website=",
        contact_form("robot").replace("website=", "website=spam")
    );
    let answer = post_contact(&server, twice.as_bytes()).await;
    assert_eq!(answer.status, 303);
    let answer = server.post_json(&contact_json("person")).await;
    assert_eq!(answer.status, 201);
    assert_eq!(messages(data.path()), ["person"]);
    let id = answer.json()["id"].as_str().unwrap().to_owned();
    let outbox = data.path().join("outbox");
    harness::wait_for(Duration::from_secs(30), "the person's mail", || {
        outbox.join(format!("{id}.eml")).exists()
    })
    .await;
    let mails = std::fs::read_dir(&outbox).unwrap().count();
    assert_eq!(mails, 1, "only the person's enquiry is mailed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn content_encodings_are_refused_with_415_naming_them() {
    let data = TempDir::new("encoding");
    let server = Server::start(data.path(), &NO_LIMIT).await;
    let plain = contact_json("plain");
    let gzipped = {
        let mut child = std::process::Command::new("gzip")
            .arg("-c")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // The handle is dropped at the end of the statement, closing gzip's input.
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), plain.as_bytes()).unwrap();
        child.wait_with_output().unwrap().stdout
    };
    assert_eq!(gzipped[..2], [0x1f, 0x8b]);
    for (coding, body) in [
        ("gzip", gzipped.as_slice()),
        ("gzip", plain.as_bytes()),
        ("br", plain.as_bytes()),
        ("identity, deflate", plain.as_bytes()),
    ] {
        let answer = post(
            &server,
            "/api/enquiries",
            "application/json",
            &[("Content-Encoding", coding)],
            body,
        )
        .await;
        assert_eq!(answer.status, 415, "{coding}");
        assert_eq!(answer.header("Accept-Encoding"), Some("identity"));
        let error = answer.json()["error"].as_str().unwrap().to_owned();
        let named = coding.trim_start_matches("identity, ");
        assert!(
            error.contains(&format!("Content-Encoding '{named}'")),
            "{error}"
        );
    }
    let answer = post(
        &server,
        "/api/enquiries",
        "application/json",
        &[("Content-Encoding", "identity")],
        plain.as_bytes(),
    )
    .await;
    assert_eq!(answer.status, 201);
    assert_eq!(messages(data.path()), ["plain"]);
}

/// Opens a connection and sends a post's head and the first bytes of a body that never ends.
async fn stalled_upload(addr: &str) -> tokio::net::TcpStream {
    stalled_post(addr, "/api/enquiries", "application/json", "{\"formType\":").await
}

/// Posts to `path` a head announcing 2,000 bytes of `content_type`, then only `start`.
async fn stalled_post(
    addr: &str,
    path: &str,
    content_type: &str,
    start: &str,
) -> tokio::net::TcpStream {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: {content_type}\r\nContent-Length: 2000\r\nConnection: close\r\n\r\n{start}"
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream
}

/// Reads the server's whole answer to a stalled post (it answers once the body read times out).
async fn answer_to(mut stream: tokio::net::TcpStream) -> Vec<u8> {
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(60), stream.read_to_end(&mut answer))
        .await
        .expect("no answer to a stalled upload")
        .unwrap();
    answer
}

/// A visitor without JavaScript whose form post stalls on a poor connection gets the page again
/// (HTML, the site's layout) with the reason at the form and the fields that had arrived whole
/// filled in; the one cut short is left empty rather than shown half sent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stalled_form_post_gets_its_page_with_408_and_the_fields_that_arrived() {
    let data = TempDir::new("stall-form");
    let server = Server::start(data.path(), &NO_LIMIT).await;
    let start = "formType=contact&firstName=Jo&lastName=Smith&email=jo%40example.com&phone=&interest=Other&message=Half+a+mess";
    let stream = stalled_post(&server.addr, "/contact", FORM, start).await;
    let answer = harness::http::parse(&answer_to(stream).await).unwrap();
    assert_page(
        &answer,
        408,
        "took too long to arrive. Please check your connection",
    );
    let page = answer.text();
    assert!(page.contains(r#"<header class="site-header">"#));
    assert!(page.contains(r#"<footer class="site-footer" id="site-footer">"#));
    for typed in [
        r#"value="Jo""#,
        r#"value="Smith""#,
        r#"value="jo@example.com""#,
    ] {
        assert!(page.contains(typed), "{typed} kept");
    }
    assert!(!page.contains("Half a mess"), "the cut field is not shown");
    assert!(export(data.path(), None).is_empty(), "nothing stored");

    // Stalled before any field arrived whole: the page, with the reason, and an empty form.
    let stream = stalled_post(&server.addr, "/contact", FORM, "formType=cont").await;
    let answer = harness::http::parse(&answer_to(stream).await).unwrap();
    assert_page(&answer, 408, "took too long to arrive");
    assert!(!answer.text().contains(r#"value="Jo""#));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stalled_upload_gets_408_and_does_not_hold_a_stop() {
    let data = TempDir::new("stall");
    let mail = TempDir::new("stall-mail");
    let sink = SmtpSink::start(mail.path());
    let url = sink.url();
    let env = [("ONESPACE_SMTP_URL", url.as_str()), NO_LIMIT[0]];
    let server = Server::start(data.path(), &env).await;

    // Without a stop, the stalled body is answered 408 (after the body read timeout).
    let stream = stalled_upload(&server.addr).await;
    let answer = String::from_utf8_lossy(&answer_to(stream).await).into_owned();
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("took too long to arrive"), "{answer}");

    // An enquiry mailed, then a stop while another upload is stalled.
    let answer = server.post_json(&contact_json("before the stop")).await;
    assert_eq!(answer.status, 201);
    harness::wait_for(Duration::from_secs(30), "the mail", || {
        sink.messages().len() == 1
    })
    .await;
    let _stalled = stalled_upload(&server.addr).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let log = server.log.clone();
    let stopping = Instant::now();
    let exited = tokio::task::spawn_blocking(move || server.terminate());
    // actix would wait 30 s for the stalled request; the server's grace is 3 s. The bound is
    // loose for a busy machine but well under 30 s.
    let clean = tokio::time::timeout(Duration::from_secs(20), exited)
        .await
        .expect("the stop waited on the stalled upload")
        .unwrap();
    println!("stopped in {:?}", stopping.elapsed());
    assert!(clean, "the server did not exit cleanly");
    let log = std::fs::read_to_string(log).unwrap();
    assert!(log.contains("mail worker stopped"), "{log}");
    assert!(!log.contains("not marked sent"), "{log}");
    let rows = export(data.path(), None);
    assert_eq!(rows.len(), 1);
    assert!(rows[0]["mailedAt"].is_string(), "the mail is marked sent");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn line_breaks_are_lf_in_storage_and_in_the_mail() {
    let data = TempDir::new("breaks");
    let server = Server::start(data.path(), &NO_LIMIT).await;
    let answer = server
        .post_json(&contact_json("one\rtwo\r\nthree\nfour\r\r\nfive"))
        .await;
    assert_eq!(answer.status, 201);
    let json_id = answer.json()["id"].as_str().unwrap().to_owned();
    // A browser's form post sends every line break as CRLF.
    let body = contact_form("first line\r\nsecond line");
    let answer = post_contact(&server, body.as_bytes()).await;
    assert_eq!(answer.status, 303);
    let mut stored = messages(data.path());
    stored.sort();
    assert_eq!(
        stored,
        ["first line\nsecond line", "one\ntwo\nthree\nfour\n\nfive"]
    );
    let mail = data.path().join("outbox").join(format!("{json_id}.eml"));
    harness::wait_for(Duration::from_secs(30), "the mail", || mail.exists()).await;
    let raw = std::fs::read(&mail).unwrap();
    // Every CR in the mail is the CRLF that ends a line of the message itself.
    for (index, byte) in raw.iter().enumerate() {
        if *byte == b'\r' {
            assert_eq!(raw.get(index + 1), Some(&b'\n'), "a lone CR at {index}");
        }
    }
    let text = String::from_utf8_lossy(&raw);
    assert!(
        text.contains("Message:\r\none\r\ntwo\r\nthree\r\nfour\r\n\r\nfive"),
        "{text}"
    );
}
