//! A generated corpus of hostile input against the real binary and a real SMTP server:
//! malformed, oversized and wrongly typed bodies, unicode, CR/LF and script-bearing values. No
//! answer is a 5xx, nothing panics, and no delivered mail carries an injected header or markup.

use std::time::Duration;

use onespace_backoffice::export::FIELDS;
use serde_json::{json, Value};

use crate::harness;
use crate::harness::{headers, request, wait_for, Server, SmtpSink, TempDir};

/// A small deterministic generator, so a failure can be replayed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[usize::try_from(self.next() % items.len() as u64).unwrap()]
    }
}

const NASTY: [&str; 16] = [
    "Jo\r\nBcc: evil@example.com",
    "\r\nSubject: injected",
    "<script>alert('x')</script>",
    "\"Evil\" <evil@example.com>, other@example.com",
    "Zoë 💪 Ødegård",
    "مرحبا بالعالم",
    "a\u{0000}b",
    "zero\u{200b}width",
    "line\u{2028}separator",
    "=HYPERLINK(\"http://x\")",
    "\r\n.\r\nMAIL FROM:<x@y.z>\r\n",
    "=?utf-8?q?Bcc=3A_evil=40example.com?=",
    "Robert'); DROP TABLE enquiries;--",
    "%0d%0aBcc:%20evil@example.com",
    "   ",
    "Jo",
];

fn valid(kind: usize) -> Value {
    match kind % 3 {
        0 => {
            json!({"formType":"contact","firstName":"Jo","lastName":"Smith","email":"jo@example.com","message":"Hi"})
        }
        1 => {
            json!({"formType":"investment","name":"Al","email":"al@example.com","investmentAmount":"2k","why":"Because"})
        }
        _ => {
            json!({"formType":"membership","fullName":"Sam","email":"sam@example.com","selectedMembership":"founder-lite","payAnnually":"no"})
        }
    }
}

/// The corpus: (content type, body).
fn corpus() -> Vec<(String, Vec<u8>)> {
    let json_type = "application/json".to_owned();
    let form_type = "application/x-www-form-urlencoded".to_owned();
    let mut rng = Rng(0x005e_ed0f_0e5e);
    let mut cases = Vec::new();
    // Every nasty value in every field of every form.
    for kind in 0..3 {
        for field in FIELDS {
            for value in NASTY {
                let mut body = valid(kind);
                body[field] = json!(value);
                cases.push((json_type.clone(), body.to_string().into_bytes()));
            }
        }
    }
    // Every field with every wrong JSON type.
    for kind in 0..3 {
        for field in FIELDS.iter().chain(&["formType", "website"]) {
            for wrong in [
                json!(7),
                json!(true),
                json!([]),
                json!({"a": 1}),
                json!(null),
                json!(1e308),
            ] {
                let mut body = valid(kind);
                body[*field] = wrong;
                cases.push((json_type.clone(), body.to_string().into_bytes()));
            }
        }
    }
    // Truncations and byte flips of valid bodies.
    let text = valid(0).to_string().into_bytes();
    for cut in 0..text.len() {
        cases.push((json_type.clone(), text[..cut].to_vec()));
    }
    for _ in 0..150 {
        let mut bytes = valid(usize::try_from(rng.next() % 3).unwrap())
            .to_string()
            .into_bytes();
        let at = usize::try_from(rng.next() % bytes.len() as u64).unwrap();
        bytes[at] = *rng.pick(&[0u8, b'"', b'\\', b'{', b']', 0xff, 0xc3, b'\r', b'\n']);
        cases.push((json_type.clone(), bytes));
    }
    // Structural oddities.
    for body in [
        "[".repeat(10_000),
        "{\"formType\":\"contact\",\"message\":\"\\ud800\"}".to_owned(),
        "{\"formType\":\"contact\",\"formType\":\"membership\"}".to_owned(),
        "null".to_owned(),
        "\u{feff}{}".to_owned(),
        String::new(),
        format!("{{\"formType\":\"contact\",\"message\":\"{}\"}}", "x".repeat(30_000)),
        format!("{{\"formType\":\"contact\",\"message\":\"{}\"}}", "x".repeat(40_000)),
        format!("{{\"formType\":\"contact\",\"firstName\":\"Jo\",\"lastName\":\"S\",\"email\":\"jo@example.com\",\"message\":\"{}\"}}", "é".repeat(5_000)),
    ] {
        cases.push((json_type.clone(), body.into_bytes()));
    }
    // Form posts and content types.
    for body in [
        "%%%",
        "firstName=%ZZ&&&==",
        "formType=contact&formType=contact&firstName=Jo&firstName=Jane",
        "formType=contact&firstName=Jo%0D%0ABcc%3A+evil%40example.com&lastName=S&email=jo%40example.com&message=x",
        "formType=contact&firstName=%3Cscript%3E&lastName=S&email=jo%40example.com&message=%3Cimg+src%3Dx+onerror%3Dalert(1)%3E",
    ] {
        cases.push((form_type.clone(), body.as_bytes().to_vec()));
    }
    for content_type in [
        "text/plain",
        "multipart/form-data; boundary=x",
        "application/json-patch+json",
        "",
        "application/xml",
    ] {
        cases.push((content_type.to_owned(), valid(0).to_string().into_bytes()));
    }
    cases
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn hostile_input_never_breaks_the_server_or_the_mail() {
    let data = TempDir::new("corpus");
    let mail = TempDir::new("corpus-mail");
    let sink = SmtpSink::start(mail.path());
    let server = Server::start(
        data.path(),
        &[
            ("ONESPACE_SMTP_URL", &sink.url()),
            ("ONESPACE_RATE_LIMIT_PER_MINUTE", "0"),
        ],
    )
    .await;
    let mut accepted = 0;
    let cases = corpus();
    for (content_type, body) in &cases {
        let mut sent_headers = vec![];
        if !content_type.is_empty() {
            sent_headers.push(("Content-Type", content_type.as_str()));
        }
        let path = if content_type.starts_with("application/x-www-form") {
            "/contact"
        } else {
            "/api/enquiries"
        };
        let response = request(&server.addr, "POST", path, &sent_headers, body)
            .await
            .unwrap();
        assert!(
            response.status < 500,
            "{} for {:?}: {}",
            response.status,
            String::from_utf8_lossy(body),
            response.text()
        );
        assert!(
            response.status < 400 || !response.text().is_empty(),
            "a {} without a reason for {:?}",
            response.status,
            String::from_utf8_lossy(body)
        );
        if response.status == 201 || response.status == 303 {
            accepted += 1;
        }
    }
    for method in ["PUT", "DELETE", "PATCH"] {
        let response = request(&server.addr, method, "/api/enquiries", &[], b"{}")
            .await
            .unwrap();
        assert_eq!(response.status, 405);
    }
    assert_eq!(
        request(&server.addr, "GET", "/healthz", &[], b"")
            .await
            .unwrap()
            .status,
        200
    );
    let stored = harness::export(data.path(), None).len();
    wait_for(
        Duration::from_secs(60),
        "every accepted enquiry's mail",
        || sink.messages().len() == stored,
    )
    .await;
    assert!(
        stored > 100 && stored <= accepted,
        "stored {stored}, accepted {accepted}"
    );
    let allowed = [
        "X-Sink-Rcpt",
        "X-Sink-From",
        "X-Sink-Tls",
        "X-Sink-Login",
        "From",
        "To",
        "Subject",
        "Message-ID",
        "Date",
        "Reply-To",
        "MIME-Version",
        "Content-Type",
    ];
    for message in sink.messages() {
        let found = headers(&message);
        for (name, _) in &found {
            assert!(
                allowed.contains(&name.as_str()),
                "unexpected header {name} in:\n{message}"
            );
        }
        for once in ["From", "To", "Subject", "Message-ID", "X-Sink-Rcpt"] {
            assert_eq!(
                found.iter().filter(|(name, _)| name == once).count(),
                1,
                "{once} in:\n{message}"
            );
        }
        let rcpt = found
            .iter()
            .find(|(name, _)| name == "X-Sink-Rcpt")
            .unwrap();
        assert_eq!(rcpt.1, "hello@onespacestudio.co.uk");
        let html = message.replace("=\r\n", "");
        let html = html.split("Content-Type: text/html").nth(1).unwrap();
        assert!(
            !html.contains("<script") && !html.contains("<img"),
            "unescaped markup:\n{html}"
        );
    }
    let log = server.log();
    assert!(!log.contains("panicked"), "{log}");
    println!(
        "{} cases, {accepted} accepted, {stored} stored and mailed",
        cases.len()
    );
}
