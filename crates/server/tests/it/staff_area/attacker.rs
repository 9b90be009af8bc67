//! The staff area tried as an attacker would, against the real binary: bursts of guesses sent
//! at once on every step that checks a secret, thousands of refusals meant to fill the audit
//! log and the disk, secrets looked for in the log, a re-invitation's role, forwarding headers
//! that claim https, and the cache headers of every kind of answer.

use std::time::{Duration, Instant};

use crate::harness::staff::{csrf, on_both, secret_of, set_up_link, Browser, Db, Site, PASSWORD};
use crate::harness::{request, Response};

on_both!("";
    bursts_get_no_more_checks_than_the_throttle_allows,
    thousands_of_refusals_leave_a_few_audit_lines_and_little_log,
    a_new_invitation_replaces_the_role_and_the_link,
);

/// Failures the throttle lets through before it makes anyone wait (`throttle::DELAY_AFTER`).
const FREE_FAILURES: usize = 3;

/// How many guesses the throttle lets through in a burst that lasted `elapsed`: three, then
/// one more after each wait of 1, 2, 4 ... seconds that fits in it.
fn allowance(elapsed: Duration) -> usize {
    let mut allowed = FREE_FAILURES;
    let (mut waited, mut wait) = (0, 1000);
    while waited + wait <= elapsed.as_millis() {
        waited += wait;
        wait *= 2;
        allowed += 1;
    }
    allowed
}

/// `count` copies of a form post sent at once with `browser`'s cookies; the statuses, and how
/// long the burst took.
async fn burst(
    browser: &Browser,
    path: &str,
    fields: &[(&str, &str)],
    count: usize,
) -> (Vec<u16>, Duration) {
    let started = Instant::now();
    let body = serde_urlencoded::to_string(fields).unwrap();
    let cookie = browser.cookie_header();
    let origin = browser.origin();
    let sends: Vec<_> = (0..count)
        .map(|_| {
            let (addr, path, body) = (browser.addr.clone(), path.to_owned(), body.clone());
            let (cookie, origin) = (cookie.clone(), origin.clone());
            tokio::spawn(async move {
                let headers = [
                    ("Content-Type", "application/x-www-form-urlencoded"),
                    ("Origin", origin.as_str()),
                    ("Cookie", cookie.as_str()),
                ];
                request(&addr, "POST", &path, &headers, body.as_bytes())
                    .await
                    .unwrap()
                    .status
            })
        })
        .collect();
    let mut statuses = Vec::new();
    for send in sends {
        statuses.push(send.await.unwrap());
    }
    (statuses, started.elapsed())
}

/// Asserts that of a burst's answers no more than the throttle's [`allowance`] for its
/// duration were a real check (`checked`, the status of a wrong secret) and every other one
/// was told to wait (429).
fn at_most_the_allowance(step: &str, (statuses, elapsed): &(Vec<u16>, Duration), checked: u16) {
    let real = statuses.iter().filter(|status| **status == checked).count();
    let waited = statuses.iter().filter(|status| **status == 429).count();
    assert!(
        real <= allowance(*elapsed),
        "{step}: {real} of {} guesses were checked in {elapsed:?}: {statuses:?}",
        statuses.len()
    );
    assert_eq!(real + waited, statuses.len(), "{step}: {statuses:?}");
}

/// A six-digit code that is not the account's at any step near now.
fn wrong_code(site: &Site, secret: &str) -> String {
    let near: Vec<String> = (0..4).map(|step| site.code(secret, step)).collect();
    (0..)
        .map(|n: u32| format!("{:06}", 123_457 + n))
        .find(|code| !near.contains(code) && !near.contains(&site.code(secret, 0)))
        .unwrap()
}

async fn bursts_get_no_more_checks_than_the_throttle_allows(db: Db, name: &str) {
    let site = Site::start(db, name).await;
    let (secret, _) = site.account("owner@example.com", "owner").await;

    // The password.
    let mut browser = site.browser();
    let token = browser.csrf_of("/studio/sign-in").await;
    let fields = [
        ("csrf", token.as_str()),
        ("email", "owner@example.com"),
        ("password", "not the password at all"),
    ];
    let statuses = burst(&browser, "/studio/sign-in", &fields, 60).await;
    at_most_the_allowance("password", &statuses, 403);
    site.advance(16 * 60);

    // The authenticator's code, then a recovery code, each on a session waiting for it.
    let code = wrong_code(&site, &secret);
    for (step, kind, guess) in [
        ("code", "totp", code.as_str()),
        ("recovery code", "recovery", "abcde-fghjk-mnpqr"),
    ] {
        let mut pending = site.browser();
        assert_eq!(
            pending.sign_in("owner@example.com", PASSWORD).await.status,
            303
        );
        let token = pending.csrf_of("/studio/sign-in/code").await;
        let fields = [("csrf", token.as_str()), ("kind", kind), ("code", guess)];
        let statuses = burst(&pending, "/studio/sign-in/code", &fields, 60).await;
        at_most_the_allowance(step, &statuses, 403);
        site.advance(16 * 60);
    }

    // Every prompt that asks a signed-in person for their password again.
    let owner = site.signed_in("owner@example.com", &secret).await;
    let mut owner = owner;
    let token = owner.csrf_of("/studio/account/password").await;
    let new_password = "glacier ember rowing kettlebell 7";
    let change = [
        ("csrf", token.as_str()),
        ("current", "not my password at all"),
        ("password", new_password),
        ("confirm", new_password),
    ];
    let statuses = burst(&owner, "/studio/account/password", &change, 60).await;
    at_most_the_allowance("password change", &statuses, 403);
    site.advance(16 * 60);
    let invite = [
        ("csrf", token.as_str()),
        ("email", "new@example.com"),
        ("role", "owner"),
        ("password", "not my password at all"),
    ];
    let statuses = burst(&owner, "/studio/staff/invite", &invite, 60).await;
    at_most_the_allowance("invitation", &statuses, 403);
    site.advance(16 * 60);
    let remove = [
        ("csrf", token.as_str()),
        ("password", "not my password at all"),
    ];
    let path = "/studio/staff/0190f0b2-7f3c-7a00-8000-000000000000/remove";
    let statuses = burst(&owner, path, &remove, 60).await;
    at_most_the_allowance("removal", &statuses, 403);
    site.advance(16 * 60);

    // The right password still works once the window has passed.
    let staff = owner.get("/studio/staff").await;
    assert_eq!(staff.status, 200, "{}", staff.text());
    assert!(!staff.text().contains("new@example.com"), "nobody invited");
}

/// The audit log's sign-in refusals: how many lines, and how many refusals they count.
fn refusal_lines(audit: &str) -> (usize, u64) {
    let rows: Vec<&str> = audit
        .split("<tr>")
        .filter(|row| row.contains("<td>sign-in-failed</td>"))
        .collect();
    let counted = rows
        .iter()
        .map(|row| {
            let cells: Vec<&str> = row.split("<td").collect();
            let last = cells.last().unwrap();
            let number: String = last
                .chars()
                .skip_while(|c| !c.is_ascii_digit())
                .take_while(|c| c.is_ascii_digit())
                .collect();
            number.parse::<u64>().unwrap_or(0)
        })
        .sum();
    (rows.len(), counted)
}

async fn thousands_of_refusals_leave_a_few_audit_lines_and_little_log(db: Db, name: &str) {
    // The production log filter: the access log (one line per request, opt-in) stays off.
    let filter = [("RUST_LOG", "info,sqlx=warn,onespace::http=warn")];
    let site = Site::start_with(db, name, &filter).await;
    let (secret, _) = site.account("owner@example.com", "owner").await;
    let before = site.log().len();
    let mut browser = site.browser();
    let token = browser.csrf_of("/studio/sign-in").await;
    // Half for the owner's address, half for addresses with no account, 50 at a time.
    for round in 0..40 {
        let email = if round % 2 == 0 {
            "owner@example.com".to_owned()
        } else {
            format!("nobody{round}@example.com")
        };
        let fields = [
            ("csrf", token.as_str()),
            ("email", email.as_str()),
            ("password", "not the password at all"),
        ];
        let (statuses, _) = burst(&browser, "/studio/sign-in", &fields, 50).await;
        assert!(
            statuses.iter().all(|status| matches!(status, 403 | 429)),
            "{statuses:?}"
        );
    }
    // Forged posts (no form token) cost a log line each no more.
    let forged = [("email", "owner@example.com"), ("password", "x")];
    let (statuses, _) = burst(&browser, "/studio/sign-in", &forged, 200).await;
    assert!(statuses.iter().all(|status| *status == 403), "{statuses:?}");
    let written = site.log().len() - before;
    assert!(
        written < 16 * 1024,
        "2,000 refusals wrote {written} bytes of log: {}",
        &site.log()[before..before + 2000.min(written)]
    );
    site.advance(16 * 60);
    let mut owner = site.signed_in("owner@example.com", &secret).await;
    let audit = owner.get("/studio/audit").await.text();
    let (lines, counted) = refusal_lines(&audit);
    assert!(
        lines <= 6,
        "{lines} audit lines for 2,000 refusals: {audit}"
    );
    assert_eq!(counted, 2000, "each refusal is counted: {audit}");
}

async fn a_new_invitation_replaces_the_role_and_the_link(db: Db, name: &str) {
    let site = Site::start(db, name).await;
    let (secret, _) = site.account("owner@example.com", "owner").await;
    // Invited as an owner on the command line, then again as an editor by an owner.
    let first = site.add_user("late@example.com", "owner");
    let mut owner = site.signed_in("owner@example.com", &secret).await;
    let invited = owner.invite("late@example.com", "editor").await;
    assert_eq!(invited.status, 200, "{}", invited.text());
    let second = set_up_link(&invited.text());
    let mut newcomer = site.browser();
    assert_eq!(
        newcomer.get(&first).await.status,
        404,
        "the first link ends"
    );
    let page = newcomer.get(&second).await;
    assert_eq!(page.status, 200);
    let new_secret = secret_of(&page.text());
    let done = newcomer
        .post(
            &second,
            &[
                ("csrf", &csrf(&page.text())),
                ("password", PASSWORD),
                ("confirm", PASSWORD),
                ("code", &site.code(&new_secret, 0)),
            ],
        )
        .await;
    assert_eq!(done.status, 200, "{}", done.text());
    site.advance(30);
    let mut late = site.signed_in("late@example.com", &new_secret).await;
    for path in [
        "/studio/staff",
        "/studio/audit",
        "/studio/enquiries/export.csv",
    ] {
        assert_eq!(late.get(path).await.status, 403, "{path}: an editor's");
    }
    let staff = owner.get("/studio/staff").await.text();
    let member = staff.split("late@example.com").nth(1).unwrap();
    let member = member.split("</li>").next().unwrap();
    assert!(
        member.contains("Editor") && !member.contains("Owner"),
        "{staff}"
    );
    let audit = owner.get("/studio/audit").await.text();
    assert!(
        audit.contains(
            "<td>for late@example.com (editor, was owner; the earlier link no longer works)</td>"
        ),
        "{audit}"
    );
}

#[test]
fn the_allowance_grows_with_the_waits_a_burst_outlasts() {
    assert_eq!(allowance(Duration::from_millis(999)), 3);
    assert_eq!(allowance(Duration::from_millis(1000)), 4);
    assert_eq!(allowance(Duration::from_millis(2999)), 4);
    assert_eq!(allowance(Duration::from_secs(7)), 6);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_secret_reaches_the_log() {
    let site = Site::start(Db::Sqlite, "secrets").await;
    let mut secrets: Vec<String> = vec![PASSWORD.to_owned()];
    // A set-up link refused for a missing form token, then used.
    let link = site.add_user("owner@example.com", "owner");
    secrets.push(link.trim_start_matches("/studio/set-up/").to_owned());
    let mut browser = site.browser();
    let page = browser.get(&link).await;
    let secret = secret_of(&page.text());
    secrets.push(secret.clone());
    let form_token = csrf(&page.text());
    secrets.push(form_token.clone());
    let code = site.code(&secret, 0);
    let fields = [
        ("password", PASSWORD),
        ("confirm", PASSWORD),
        ("code", code.as_str()),
    ];
    let refused = browser.post(&link, &fields).await;
    assert_eq!(refused.status, 403, "no form token");
    let foreign = browser
        .post_with(
            &link,
            &[("csrf", form_token.as_str()), ("password", PASSWORD)],
            &[("Origin", "https://evil.example")],
        )
        .await;
    assert_eq!(foreign.status, 403);
    let mut all = vec![("csrf", form_token.as_str())];
    all.extend_from_slice(&fields);
    let done = browser.post(&link, &all).await;
    assert_eq!(done.status, 200, "{}", done.text());
    let codes = crate::harness::staff::recovery_codes(&done.text());
    secrets.extend(codes.iter().cloned());
    site.advance(30);

    // Signing in with a code and a recovery code; forms sent with the session's token.
    let mut owner = site.browser();
    owner.sign_in("owner@example.com", PASSWORD).await;
    secrets.push(owner.cookies["__Host-onespace-studio"].clone());
    // (Six-digit codes are not looked for: any timestamp may hold six digits in a row.)
    assert_eq!(owner.enter_code(&site.code(&secret, 0)).await.status, 303);
    secrets.push(owner.cookies["__Host-onespace-studio"].clone());
    let session_token = owner.csrf_of("/studio/account").await;
    secrets.push(session_token.clone());
    let forged = owner
        .post_with(
            "/studio/account/sign-out-everywhere",
            &[("csrf", session_token.as_str())],
            &[("Origin", "https://evil.example")],
        )
        .await;
    assert_eq!(forged.status, 403);
    let mut second = site.browser();
    second.sign_in("owner@example.com", PASSWORD).await;
    assert_eq!(second.enter_recovery_code(&codes[0]).await.status, 303);
    secrets.push(second.cookies["__Host-onespace-studio"].clone());
    let ended = second.get("/studio/set-up/x").await;
    assert_eq!(ended.status, 404);

    let log = site.log();
    for secret in &secrets {
        assert!(
            !log.contains(secret.as_str()),
            "the log holds a secret ({secret}): {log}"
        );
    }
}

/// A GET of the sign-in page over plain http from this computer, naming another host.
async fn sign_in_page_with(site: &Site, headers: &[(&str, &str)]) -> Response {
    let mut all = vec![("Host", "studio.example.com")];
    all.extend_from_slice(headers);
    request(&site.server.addr, "GET", "/studio/sign-in", &all, b"")
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forwarding_headers_are_believed_only_from_the_configured_proxy() {
    let site = Site::start(Db::Sqlite, "forwarding").await;
    site.account("owner@example.com", "owner").await;
    let spoofs: [&[(&str, &str)]; 5] = [
        &[("X-Forwarded-Host", "localhost")],
        &[("Forwarded", "host=localhost;proto=https")],
        &[
            ("X-Forwarded-Host", "127.0.0.1"),
            ("X-Forwarded-Proto", "https"),
        ],
        &[("X-Forwarded-Proto", "https")],
        &[("Forwarded", "for=127.0.0.1;host=127.0.0.1")],
    ];
    for headers in spoofs {
        let response = sign_in_page_with(&site, headers).await;
        assert_eq!(response.status, 308, "{headers:?}: {}", response.text());
        assert_eq!(
            response.header("location"),
            Some("https://www.onespacestudio.co.uk/studio/sign-in")
        );
        assert_eq!(response.header("cache-control"), Some("no-store"));
    }
    drop(site);

    // With trust-proxy on, the proxy's word counts only from the proxy's address.
    let elsewhere = [
        ("ONESPACE_TRUST_PROXY", "1"),
        ("ONESPACE_PROXY_ADDRESSES", "10.9.9.9"),
    ];
    let site = Site::start_with(Db::Sqlite, "forwarding-elsewhere", &elsewhere).await;
    site.account("owner@example.com", "owner").await;
    let https = [("X-Forwarded-Proto", "https")];
    assert_eq!(sign_in_page_with(&site, &https).await.status, 308);
    drop(site);
    let here = [("ONESPACE_TRUST_PROXY", "1")];
    let site = Site::start_with(Db::Sqlite, "forwarding-here", &here).await;
    site.account("owner@example.com", "owner").await;
    let page = sign_in_page_with(&site, &https).await;
    assert_eq!(page.status, 200, "{}", page.text());
    let forwarded = [("Forwarded", "for=192.0.2.7;proto=https")];
    assert_eq!(sign_in_page_with(&site, &forwarded).await.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_signed_in_answer_is_no_store() {
    let site = Site::start(Db::Sqlite, "no-store").await;
    let (secret, _) = site.account("owner@example.com", "owner").await;
    let mut owner = site.signed_in("owner@example.com", &secret).await;
    let edit = owner.get("/studio/content/edit/prices.toml").await;
    assert_eq!(edit.status, 200, "{}", edit.text());
    let prices =
        std::fs::read_to_string(crate::harness::root().join("content/prices.toml")).unwrap();
    let token = csrf(&edit.text());
    let origin = owner.origin();
    let saved = owner
        .post_with(
            "/studio/content/edit/prices.toml",
            &[("csrf", token.as_str()), ("text", prices.as_str())],
            &[("Origin", origin.as_str()), ("Accept", "application/json")],
        )
        .await;
    assert_eq!(saved.status, 200, "{}", saved.text());
    assert!(saved.json()["savedAt"].is_number(), "{}", saved.text());
    // A query the framework refuses before any handler runs (a field twice).
    let refused = owner.get("/studio/enquiries?q=a&q=b").await;
    assert_eq!(refused.status, 400, "{}", refused.text());
    let moved = owner.get("/studio/").await;
    for (what, response) in [
        ("the draft's JSON save", &saved),
        ("a framework's refusal", &refused),
        ("a path under /studio", &moved),
    ] {
        assert_eq!(
            response.header("cache-control"),
            Some("no-store"),
            "{what}: {:?}",
            response.headers
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn recovery_codes_are_long_and_kept_only_as_salted_hashes() {
    use sha2::Digest;
    let site = Site::start(Db::Sqlite, "recovery-codes").await;
    let (_, codes) = site.account("owner@example.com", "owner").await;
    assert_eq!(codes.len(), 10);
    for code in &codes {
        let groups: Vec<&str> = code.split('-').collect();
        assert_eq!(groups.len(), 3, "{code}: 15 letters, 74 bits");
        assert!(groups.iter().all(|group| group.len() == 5), "{code}");
    }
    // A copy of the database holds no code, nor a hash one could look codes up by.
    let store = onespace_store::Store::open(None, site.dir.path())
        .await
        .unwrap();
    let onespace_store::Store::Sqlite(pool, ..) = &store else {
        unreachable!("the site's own SQLite file")
    };
    let hashes: Vec<String> = sqlx::query_scalar("SELECT code_hash FROM studio_recovery_codes")
        .fetch_all(pool)
        .await
        .unwrap();
    assert_eq!(hashes.len(), 10);
    let mut distinct = hashes.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 10);
    assert!(
        hashes.iter().all(|hash| hash.starts_with("$argon2id$")),
        "{hashes:?}"
    );
    // A code issued before codes grew (ten letters, stored as its plain SHA-256) still works
    // once.
    let old = "abcde-fghjk";
    let unsalted: String = sha2::Sha256::digest(old.as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    sqlx::query(
        "INSERT INTO studio_recovery_codes (account_id, code_hash) \
         SELECT id, $1 FROM studio_accounts",
    )
    .bind(&unsalted)
    .execute(pool)
    .await
    .unwrap();
    store.close().await;
    for (code, works) in [
        ("ABCDE FGHJK", true),
        (old, false),
        (codes[3].as_str(), true),
    ] {
        let mut browser = site.browser();
        assert_eq!(
            browser.sign_in("owner@example.com", PASSWORD).await.status,
            303
        );
        let done = browser.enter_recovery_code(code).await;
        let expected = if works { 303 } else { 403 };
        assert_eq!(done.status, expected, "{code}: {}", done.text());
    }
}

/// The owner's stored TOTP secret, read from the site's SQLite file; with `replace`, first
/// overwritten with that value.
async fn stored_totp_secret(site: &Site, replace: Option<&str>) -> String {
    let store = onespace_store::Store::open(None, site.dir.path())
        .await
        .unwrap();
    let onespace_store::Store::Sqlite(pool, ..) = &store else {
        unreachable!("the site's own SQLite file")
    };
    if let Some(value) = replace {
        sqlx::query("UPDATE studio_accounts SET totp_secret = $1")
            .bind(value)
            .execute(pool)
            .await
            .unwrap();
    }
    let stored: String = sqlx::query_scalar("SELECT totp_secret FROM studio_accounts")
        .fetch_one(pool)
        .await
        .unwrap();
    store.close().await;
    stored
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn second_factor_secrets_are_sealed_with_a_key_kept_outside_the_database() {
    use base64::Engine;
    use sha2::Digest;
    let site = Site::start(Db::Sqlite, "sealed").await;
    let (secret, _) = site.account("owner@example.com", "owner").await;
    let key_file = site.dir.path().join("studio-keys");
    let first_key = std::fs::read_to_string(&key_file).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&key_file).unwrap().permissions().mode();
        assert_eq!(mode & 0o077, 0, "readable by its owner only: {mode:o}");
    }
    let sealed = stored_totp_secret(&site, None).await;
    assert!(sealed.starts_with("sealed:v1:"), "{sealed}");
    assert!(!sealed.contains(&secret), "{sealed}");
    let key_id = |stored: &str| stored.split(':').nth(2).unwrap().to_owned();

    // A secret stored in clear (before sealing) and a new key put first: at the next start
    // the secret is sealed with the new key, and codes still sign in.
    stored_totp_secret(&site, Some(&secret)).await;
    let new_key = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .encode(sha2::Sha256::digest(b"a new key for the test"));
    std::fs::write(&key_file, format!("{new_key}\n{first_key}")).unwrap();
    let site = site.restart().await;
    let resealed = stored_totp_secret(&site, None).await;
    assert!(resealed.starts_with("sealed:v1:"), "{resealed}");
    assert_ne!(
        key_id(&resealed),
        key_id(&sealed),
        "sealed with the new key"
    );
    let mut owner = site.signed_in("owner@example.com", &secret).await;
    assert_eq!(owner.get("/studio/account").await.status, 200);
    // The old key removed: the secret still opens.
    std::fs::write(&key_file, format!("{new_key}\n")).unwrap();
    let site = site.restart().await;
    site.signed_in("owner@example.com", &secret).await;
}
