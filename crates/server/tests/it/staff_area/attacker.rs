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

/// A six-digit code that is not the account's at any step near now: the step before (the server
/// allows a step of drift either way) to a few after, which a burst may reach.
fn wrong_code(site: &Site, secret: &str) -> String {
    let near: Vec<String> = (-1..4).map(|step| site.code(secret, step)).collect();
    (0..)
        .map(|n: u32| format!("{:06}", 123_457 + n))
        .find(|code| !near.contains(code))
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
async fn recovery_codes_are_long_kept_salted_and_made_anew_after_the_password() {
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
    // Codes issued before codes grew (ten letters, stored as their plain SHA-256) still work
    // once.
    let (old, other_old) = ("abcde-fghjk", "bcdef-ghjkm");
    for code in [old, other_old] {
        let unsalted: String = sha2::Sha256::digest(code.as_bytes())
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
    }
    recovery_sign_in(&site, "ABCDE FGHJK", true).await;
    recovery_sign_in(&site, old, false).await;
    let mut browser = recovery_sign_in(&site, &codes[3], true).await;

    // New codes, after the password typed again, replace every old one, salted or not.
    let token = browser.csrf_of("/studio/account/recovery-codes").await;
    let path = "/studio/account/recovery-codes";
    let wrong = browser
        .post(path, &[("csrf", &token), ("current", "not the password")])
        .await;
    assert_eq!(wrong.status, 403, "{}", wrong.text());
    let made = browser
        .post(path, &[("csrf", &token), ("current", PASSWORD)])
        .await;
    assert_eq!(made.status, 200, "{}", made.text());
    let new_codes = crate::harness::staff::recovery_codes(&made.text());
    assert_eq!(new_codes.len(), 10);
    let hashes: Vec<String> = sqlx::query_scalar("SELECT code_hash FROM studio_recovery_codes")
        .fetch_all(pool)
        .await
        .unwrap();
    assert_eq!(hashes.len(), 10, "the old codes, used or not, are gone");
    assert!(
        hashes.iter().all(|hash| hash.starts_with("$argon2id$")),
        "{hashes:?}"
    );
    store.close().await;
    recovery_sign_in(&site, other_old, false).await;
    recovery_sign_in(&site, &codes[5], false).await;
    recovery_sign_in(&site, &new_codes[0], true).await;
    let audit = browser.get("/studio/audit").await.text();
    assert!(audit.contains("recovery-codes-replaced"), "{audit}");
}

/// A browser that signed in as the owner with [`PASSWORD`] and the recovery code `code`, which
/// must work (`works`) or be refused (not told to wait: the throttle's waits have passed).
async fn recovery_sign_in(site: &Site, code: &str, works: bool) -> Browser {
    site.advance(70);
    let mut browser = site.browser();
    assert_eq!(
        browser.sign_in("owner@example.com", PASSWORD).await.status,
        303
    );
    let done = browser.enter_recovery_code(code).await;
    let expected = if works { 303 } else { 403 };
    assert_eq!(done.status, expected, "{code}: {}", done.text());
    browser
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

/// The device cookie a browser gets when it signs in (`onespace_backoffice`'s `devices`).
const DEVICE_COOKIE: &str = "__Host-onespace-studio-device";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guesses_from_elsewhere_cannot_keep_the_owners_own_browser_out() {
    let email = "owner@example.com";
    let site = Site::start(Db::Sqlite, "device-cookies").await;
    let (secret, _) = site.account(email, "owner").await;
    let mut owner = site.signed_in(email, &secret).await;
    let device = owner
        .last_set_cookies
        .iter()
        .find(|line| line.starts_with(DEVICE_COOKIE));
    let device = device.expect("a device cookie at sign-in").clone();
    for attribute in [
        "Secure",
        "HttpOnly",
        "SameSite=Strict",
        "Path=/",
        "Max-Age=",
    ] {
        assert!(device.contains(attribute), "{device}");
    }
    let token = owner.csrf_of("/studio/account").await;
    assert_eq!(
        owner
            .post("/studio/sign-out", &[("csrf", &token)])
            .await
            .status,
        303
    );

    // Ten wrong guesses from another browser (on the same network, as every test client is),
    // each once the throttle's wait has passed: the address's sign-in is paused, even for the
    // right password.
    let mut attacker = site.browser();
    for _ in 0..10 {
        site.advance(70);
        assert_eq!(
            attacker.sign_in(email, "not the password").await.status,
            403
        );
    }
    site.advance(70);
    assert_eq!(attacker.sign_in(email, PASSWORD).await.status, 429);
    let mut forger = site.browser();
    forger
        .cookies
        .insert(DEVICE_COOKIE.to_owned(), "A".repeat(43));
    assert_eq!(
        forger.sign_in(email, PASSWORD).await.status,
        429,
        "a made-up device cookie is no device"
    );

    // The owner's own browser signs in as usual.
    assert_eq!(owner.sign_in(email, PASSWORD).await.status, 303);
    let done = owner.enter_code(&site.code(&secret, 0)).await;
    assert_eq!(done.status, 303, "{}", done.text());
    assert_eq!(done.header("location"), Some("/studio/enquiries"));
}

/// The most memory the process `pid` has held at once (`VmHWM`), in KiB.
fn peak_memory_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status
        .lines()
        .find(|line| line.starts_with("VmHWM:"))
        .unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// Memory one password check takes (argon2id at OWASP's minimum, `passwords`), in KiB.
const ARGON2_KIB: u64 = 19 * 1024;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_password_checks_runs_a_few_at_a_time() {
    // Clients told apart by the proxy's X-Forwarded-For (the test is the proxy), so that the
    // throttle lets every attempt through to its password check. glibc is told to give each
    // large block back when it is freed (a fixed mmap threshold): by default it keeps a freed
    // 19 MiB in each thread's arena, so the peak would count the threads that ever checked a
    // password rather than the checks at the same moment.
    let env = [
        ("ONESPACE_TRUST_PROXY", "1"),
        ("MALLOC_MMAP_THRESHOLD_", "131072"),
    ];
    let site = Site::start_with(Db::Sqlite, "argon2-gate", &env).await;
    site.account("owner@example.com", "owner").await;
    let mut browser = site.browser();
    let token = browser.csrf_of("/studio/sign-in").await;
    let before = peak_memory_kib(site.server.pid());
    let attempts = 40;
    let sends: Vec<_> = (0..attempts)
        .map(|number| {
            let (addr, cookie, origin) = (
                browser.addr.clone(),
                browser.cookie_header(),
                browser.origin(),
            );
            let email = format!("someone{number}@example.com");
            let body = serde_urlencoded::to_string([
                ("csrf", token.as_str()),
                ("email", email.as_str()),
                ("password", "not anyone's password"),
            ])
            .unwrap();
            tokio::spawn(async move {
                let client = format!("192.0.2.{}", number + 1);
                let headers = [
                    ("Content-Type", "application/x-www-form-urlencoded"),
                    ("Origin", origin.as_str()),
                    ("Cookie", cookie.as_str()),
                    ("X-Forwarded-For", client.as_str()),
                ];
                request(&addr, "POST", "/studio/sign-in", &headers, body.as_bytes())
                    .await
                    .unwrap()
            })
        })
        .collect();
    let mut checked = 0;
    for send in sends {
        let answer = send.await.unwrap();
        match answer.status {
            403 => checked += 1,
            429 => assert_eq!(
                answer.header("retry-after"),
                Some("2"),
                "busy: try again soon"
            ),
            other => panic!("{other}: {}", answer.text()),
        }
    }
    assert!(checked >= 1, "some attempts were checked");
    // Forty checks at once would hold forty times 19 MiB; one per core at once holds that
    // many (with room for the pages' own work).
    let cores = u64::try_from(std::thread::available_parallelism().map_or(2, usize::from)).unwrap();
    let grew = peak_memory_kib(site.server.pid()).saturating_sub(before);
    assert!(
        grew < (cores + 4) * ARGON2_KIB,
        "the server's peak memory grew by {grew} KiB for {attempts} checks at once on {cores} cores"
    );
}
