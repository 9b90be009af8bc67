//! Who gets into the staff area and what they may do there, against the real binary on SQLite
//! and on PostgreSQL: accounts from set-up links, sign-in with a password and a TOTP code, the
//! throttle, session limits on a moved clock (`ONESPACE_STUDIO_CLOCK_FILE`), forged posts, the
//! route table walked without a session, owner-only actions, invitations, the audit log's
//! retention and hostile input.

use std::process::Command;

use crate::harness::staff::{
    csrf, on_both, recovery_codes, secret_of, set_up_link, Db, Site, PASSWORD,
};
use crate::harness::{self, binary, request, Response};

use super::first_enquiry_id;

on_both!("";
    set_up_link_works_once_and_for_a_day,
    sign_in_takes_a_password_and_a_code_and_sets_a_host_cookie,
    wrong_password_and_unknown_address_get_the_same_answer,
    failures_slow_down_then_pause_sign_in,
    sessions_end_when_idle_and_after_twelve_hours,
    sign_out_everywhere_and_a_password_change_end_sessions,
    forged_posts_are_refused,
    no_studio_route_answers_without_a_session,
    editors_are_refused_what_only_owners_may_do,
    owners_invite_and_remove_staff_after_typing_their_password,
    audit_lines_are_deleted_after_the_retention_period,
    hostile_input_gets_a_clear_refusal_never_an_error,
);

async fn set_up_link_works_once_and_for_a_day(db: Db, name: &str) {
    let site = Site::start(db, name).await;
    let link = site.add_user("Owner@Example.com", "owner");
    let mut browser = site.browser();
    let page = browser.get(&link).await;
    assert_eq!(page.status, 200);
    assert!(page.text().contains("owner@example.com"));
    assert_eq!(page.header("cache-control"), Some("no-store"));
    assert_eq!(page.header("x-robots-tag"), Some("noindex, nofollow"));
    assert!(page.text().contains("data:image/png;base64,"), "a QR code");
    let secret = secret_of(&page.text());
    assert_eq!(secret.len(), 32, "160-bit secret in base32");
    let again = browser.get(&link).await;
    assert_eq!(
        secret_of(&again.text()),
        secret,
        "a reload shows the same secret"
    );
    let token = csrf(&page.text());

    // A weak password and a wrong code are refused with reasons, and nothing is set up.
    let weak = browser
        .post(
            &link,
            &[
                ("csrf", &token),
                ("password", "password1234"),
                ("confirm", "password1234"),
                ("code", "000000"),
            ],
        )
        .await;
    assert_eq!(weak.status, 422);
    assert!(
        weak.text().contains("This password is too easy to guess"),
        "{}",
        weak.text()
    );
    assert!(weak.text().contains("That code is not right"));
    let short = browser
        .post(
            &link,
            &[
                ("csrf", &token),
                ("password", "short"),
                ("confirm", "short"),
                ("code", &site.code(&secret, 0)),
            ],
        )
        .await;
    assert_eq!(short.status, 422);
    assert!(short.text().contains("at least 12 characters"));
    let mismatch = browser
        .post(
            &link,
            &[
                ("csrf", &token),
                ("password", PASSWORD),
                ("confirm", "ember sauna plunge lantern 43"),
                ("code", &site.code(&secret, 0)),
            ],
        )
        .await;
    assert!(
        mismatch.text().contains("not the same"),
        "{}",
        mismatch.text()
    );

    let done = browser
        .post(
            &link,
            &[
                ("csrf", &token),
                ("password", PASSWORD),
                ("confirm", PASSWORD),
                ("code", &site.code(&secret, 0)),
            ],
        )
        .await;
    assert_eq!(done.status, 200, "{}", done.text());
    let codes = recovery_codes(&done.text());
    assert_eq!(codes.len(), 10, "{}", done.text());

    // Used once: the link is gone, on GET and on POST.
    let used = browser.get(&link).await;
    assert_eq!(used.status, 404);
    assert!(used.text().contains("This set-up link cannot be used"));
    let reused = browser
        .post(
            &link,
            &[
                ("csrf", &token),
                ("password", PASSWORD),
                ("confirm", PASSWORD),
                ("code", &site.code(&secret, 1)),
            ],
        )
        .await;
    assert_eq!(reused.status, 404);

    // A second person's link expires after 24 hours.
    let late = site.add_user("late@example.com", "editor");
    assert_eq!(browser.get(&late).await.status, 200);
    site.advance(24 * 3600 + 1);
    let expired = browser.get(&late).await;
    assert_eq!(expired.status, 404);
    // A new link for the same address replaces the old one.
    let fresh = site.add_user("late@example.com", "editor");
    assert_eq!(browser.get(&fresh).await.status, 200);
    assert_ne!(fresh, late);
    // The address with a set-up account gets no new link.
    let output = Command::new(binary())
        .args([
            "studio",
            "add-user",
            "owner@example.com",
            "--role",
            "owner",
            "--data",
        ])
        .arg(site.dir.path())
        .envs(
            site.database_url
                .iter()
                .map(|url| ("DATABASE_URL", url.as_str())),
        )
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("already has an account"));
}

async fn sign_in_takes_a_password_and_a_code_and_sets_a_host_cookie(db: Db, name: &str) {
    let site = Site::start(db, name).await;
    let (secret, codes) = site.account("owner@example.com", "owner").await;
    let mut browser = site.browser();
    let step_one = browser.sign_in("OWNER@example.com ", PASSWORD).await;
    assert_eq!(step_one.status, 303, "{}", step_one.text());
    let pending = browser.cookies["__Host-onespace-studio"].clone();
    // The pending session opens nothing yet.
    let mut copy = site.browser();
    copy.cookies = browser.cookies.clone();
    let early = copy.get("/studio/enquiries").await;
    assert_eq!(early.status, 303);
    let form = browser.get("/studio/sign-in/code").await;
    assert_eq!(form.status, 200);
    let wrong = browser
        .post(
            "/studio/sign-in/code",
            &[("csrf", &csrf(&form.text())), ("code", "123456")],
        )
        .await;
    assert_eq!(wrong.status, 403);
    assert!(wrong.text().contains("That code is not right"));
    let done = browser
        .post(
            "/studio/sign-in/code",
            &[
                ("csrf", &csrf(&form.text())),
                ("code", &site.code(&secret, 0)),
            ],
        )
        .await;
    assert_eq!(done.status, 303, "{}", done.text());
    let set_cookie = browser
        .last_set_cookies
        .iter()
        .find(|line| line.starts_with("__Host-onespace-studio="))
        .unwrap()
        .clone();
    for attribute in ["Secure", "HttpOnly", "SameSite=Strict", "Path=/"] {
        assert!(set_cookie.contains(attribute), "{set_cookie}");
    }
    assert!(
        !set_cookie.to_ascii_lowercase().contains("domain="),
        "{set_cookie}"
    );
    let id = browser.cookies["__Host-onespace-studio"].clone();
    assert_ne!(id, pending, "a new session id at sign-in");
    assert_eq!(id.len(), 43, "256 random bits");
    let inbox = browser.get("/studio/enquiries").await;
    assert_eq!(inbox.status, 200, "{}", inbox.text());
    assert!(inbox
        .text()
        .contains("<h1 class=\"studio-title\">Enquiries</h1>"));
    for header in ["content-security-policy", "x-frame-options"] {
        assert!(inbox.header(header).is_some(), "{header}");
    }
    assert!(inbox
        .header("content-security-policy")
        .unwrap()
        .contains("frame-ancestors 'none'"));
    assert_eq!(inbox.header("cache-control"), Some("no-store"));
    assert_eq!(
        inbox.header("strict-transport-security"),
        Some("max-age=63072000"),
        "the public URL is https"
    );

    // The same code again is refused (one use per code); a recovery code works once.
    let mut second = site.browser();
    second.sign_in("owner@example.com", PASSWORD).await;
    let form = second.get("/studio/sign-in/code").await;
    site.advance(-30);
    let replay = second
        .post(
            "/studio/sign-in/code",
            &[
                ("csrf", &csrf(&form.text())),
                ("code", &site.code(&secret, 0)),
            ],
        )
        .await;
    site.advance(30);
    assert_eq!(replay.status, 403, "a used code is refused");
    let recovery_form = second.get("/studio/sign-in/code?recovery=1").await;
    assert!(recovery_form.text().contains("Recovery code"));
    let typed = codes[0].to_uppercase().replace('-', " ");
    let recovered = second
        .post(
            "/studio/sign-in/code",
            &[
                ("csrf", &csrf(&recovery_form.text())),
                ("kind", "recovery"),
                ("code", &typed),
            ],
        )
        .await;
    assert_eq!(recovered.status, 303, "{}", recovered.text());
    let mut third = site.browser();
    third.sign_in("owner@example.com", PASSWORD).await;
    let reused = third.enter_recovery_code(&codes[0]).await;
    assert_eq!(reused.status, 403, "a recovery code works once");
    let account = second.get("/studio/account").await;
    assert!(
        account.text().contains("9 of 10 recovery codes left"),
        "{}",
        account.text()
    );

    // The pending step lasts five minutes.
    let mut slow = site.browser();
    slow.sign_in("owner@example.com", PASSWORD).await;
    site.advance(6 * 60);
    let late = slow.get("/studio/sign-in/code").await;
    assert_eq!(late.status, 303);
    let audit = browser.get("/studio/audit").await;
    assert_eq!(audit.status, 200);
    let text = audit.text();
    for action in [
        "sign-in",
        "sign-in-failed",
        "sign-in-recovery-code",
        "set-up-link-used",
        "set-up-link-made",
    ] {
        assert!(
            text.contains(&format!("<td>{action}</td>")),
            "{action} in {text}"
        );
    }
    assert!(
        !text.contains(PASSWORD) && !text.contains(&codes[0]),
        "no secret in the audit log"
    );
    assert!(!site.log().contains(PASSWORD), "no password in the log");
}

async fn wrong_password_and_unknown_address_get_the_same_answer(db: Db, name: &str) {
    let site = Site::start(db, name).await;
    site.account("owner@example.com", "owner").await;
    let mut browser = site.browser();
    let wrong = browser
        .sign_in("owner@example.com", "not the password at all")
        .await;
    // The same form token cookie, so that the pages can be compared byte for byte.
    let mut nobody = site.browser();
    nobody.cookies = browser.cookies.clone();
    let no_account = nobody
        .sign_in("nobody@example.com", "not the password at all")
        .await;
    assert_eq!(wrong.status, 403);
    assert_eq!(no_account.status, wrong.status);
    assert!(wrong
        .text()
        .contains("That e-mail address and password do not match an account."));
    let without_email = |response: &Response, email: &str| response.text().replace(email, "EMAIL");
    assert_eq!(
        without_email(&wrong, "owner@example.com"),
        without_email(&no_account, "nobody@example.com"),
        "the same page for an unknown address as for a wrong password"
    );
    let audit_lines = site.log();
    assert!(!audit_lines.contains("not the password at all"));
    assert!(
        !audit_lines.contains("nobody@example.com"),
        "an unknown address is not written"
    );
}

async fn failures_slow_down_then_pause_sign_in(db: Db, name: &str) {
    let site = Site::start(db, name).await;
    let (_, codes) = site.account("owner@example.com", "owner").await;
    let mut browser = site.browser();
    // Three failures cost nothing; from then on each attempt waits 1, 2, 4 ... seconds after
    // the last failure (the clock is moved on by exactly that).
    let mut wait = 1;
    for failure in 1..=6 {
        if failure > 3 {
            site.advance(wait);
            wait *= 2;
        }
        let response = browser
            .sign_in("owner@example.com", "wrong password here")
            .await;
        assert_eq!(
            response.status,
            403,
            "failure {failure}: {}",
            response.text()
        );
    }
    let waiting = browser.sign_in("owner@example.com", PASSWORD).await;
    assert_eq!(
        waiting.status, 429,
        "even the right password waits 8 s after six failures"
    );
    assert!(
        waiting.text().contains("before trying again"),
        "{}",
        waiting.text()
    );
    let retry: u64 = waiting.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=8).contains(&retry), "{retry}");
    for failure in 7..=10 {
        site.advance(wait);
        wait *= 2;
        let response = browser
            .sign_in("owner@example.com", "wrong password here")
            .await;
        assert_eq!(
            response.status,
            403,
            "failure {failure}: {}",
            response.text()
        );
    }
    site.advance(200);
    let paused = browser.sign_in("owner@example.com", PASSWORD).await;
    assert_eq!(paused.status, 429);
    assert!(
        paused.text().contains("signing in is paused"),
        "{}",
        paused.text()
    );
    // Any address from this client is paused too, with the same words.
    let other = browser
        .sign_in("nobody@example.com", "anything at all")
        .await;
    assert_eq!(other.status, 429);
    assert!(other.text().contains("signing in is paused"));
    // Once the window has passed, the owner signs in with a recovery code.
    site.advance(15 * 60);
    let mut later = site.browser();
    assert_eq!(
        later.sign_in("owner@example.com", PASSWORD).await.status,
        303
    );
    let done = later.enter_recovery_code(&codes[1]).await;
    assert_eq!(done.status, 303, "{}", done.text());
}

async fn sessions_end_when_idle_and_after_twelve_hours(db: Db, name: &str) {
    let site = Site::start(db, name).await;
    let (secret, _) = site.account("owner@example.com", "owner").await;
    let mut browser = site.signed_in("owner@example.com", &secret).await;
    site.advance(29 * 60);
    assert_eq!(
        browser.get("/studio/enquiries").await.status,
        200,
        "29 minutes idle"
    );
    site.advance(31 * 60);
    let idle = browser.get("/studio/enquiries").await;
    assert_eq!(idle.status, 303, "31 minutes idle");
    assert_eq!(idle.header("location"), Some("/studio/sign-in?ended=1"));
    assert!(
        !browser.cookies.contains_key("__Host-onespace-studio"),
        "the cookie is removed"
    );
    let notice = browser.get("/studio/sign-in?ended=1").await;
    assert!(notice.text().contains("Your session has ended"));

    let mut busy = site.signed_in("owner@example.com", &secret).await;
    for _ in 0..35 {
        site.advance(20 * 60);
        assert_eq!(busy.get("/studio/enquiries").await.status, 200);
    }
    site.advance(5 * 60);
    assert_eq!(
        busy.get("/studio/enquiries").await.status,
        200,
        "11 h 45 min after sign-in"
    );
    site.advance(15 * 60);
    let end = busy.get("/studio/enquiries").await;
    assert_eq!(
        end.status, 303,
        "12 hours after sign-in, however busy, 15 minutes idle"
    );
}

async fn sign_out_everywhere_and_a_password_change_end_sessions(db: Db, name: &str) {
    let site = Site::start(db, name).await;
    let (secret, _) = site.account("owner@example.com", "owner").await;
    let mut first = site.signed_in("owner@example.com", &secret).await;
    let mut second = site.signed_in("owner@example.com", &secret).await;
    let account = first.get("/studio/account").await;
    assert_eq!(
        account.text().matches("<li>Since").count(),
        2,
        "{}",
        account.text()
    );

    // A password change ends every other session.
    let token = first.csrf_of("/studio/account/password").await;
    let new_password = "glacier ember rowing kettlebell 7";
    let wrong = first
        .post(
            "/studio/account/password",
            &[
                ("csrf", &token),
                ("current", "nope nope nope"),
                ("password", new_password),
                ("confirm", new_password),
            ],
        )
        .await;
    assert_eq!(wrong.status, 403);
    assert!(
        wrong.text().contains("That is not your current password."),
        "the form says why"
    );
    let weak = first
        .post(
            "/studio/account/password",
            &[
                ("csrf", &token),
                ("current", PASSWORD),
                ("password", "qwertyuiop12"),
                ("confirm", "qwertyuiop12"),
            ],
        )
        .await;
    assert_eq!(weak.status, 422);
    let changed = first
        .post(
            "/studio/account/password",
            &[
                ("csrf", &token),
                ("current", PASSWORD),
                ("password", new_password),
                ("confirm", new_password),
            ],
        )
        .await;
    assert_eq!(changed.status, 303, "{}", changed.text());
    assert_eq!(
        first.get("/studio/enquiries").await.status,
        200,
        "this session stays"
    );
    assert_eq!(
        second.get("/studio/enquiries").await.status,
        303,
        "the other ends"
    );
    assert_eq!(
        site.browser()
            .sign_in("owner@example.com", PASSWORD)
            .await
            .status,
        403,
        "old password"
    );

    // Sign out everywhere ends this one too; sign-out ends one.
    let mut third = site.browser();
    assert_eq!(
        third
            .sign_in("owner@example.com", new_password)
            .await
            .status,
        303
    );
    let done = third.enter_code(&site.code(&secret, 0)).await;
    assert_eq!(done.status, 303);
    site.advance(30);
    let token = first.csrf_of("/studio/account").await;
    let everywhere = first
        .post("/studio/account/sign-out-everywhere", &[("csrf", &token)])
        .await;
    assert_eq!(everywhere.status, 303);
    assert_eq!(first.get("/studio/enquiries").await.status, 303);
    assert_eq!(third.get("/studio/enquiries").await.status, 303);

    let mut fourth = site.browser();
    fourth.sign_in("owner@example.com", new_password).await;
    fourth.enter_code(&site.code(&secret, 0)).await;
    let token = fourth.csrf_of("/studio/enquiries").await;
    let out = fourth.post("/studio/sign-out", &[("csrf", &token)]).await;
    assert_eq!(out.status, 303);
    assert_eq!(out.header("location"), Some("/studio/sign-in?signed-out=1"));
    assert_eq!(fourth.get("/studio/enquiries").await.status, 303);
}

async fn forged_posts_are_refused(db: Db, name: &str) {
    let site = Site::start(db, name).await;
    let (secret, _) = site.account("owner@example.com", "owner").await;
    site.server
        .post_json(&harness::contact_json("forged"))
        .await;
    let mut browser = site.signed_in("owner@example.com", &secret).await;
    let list = browser.get("/studio/enquiries").await;
    let id = first_enquiry_id(&list.text());
    let path = format!("/studio/enquiries/{id}/state");
    let token = browser.csrf_of(&format!("/studio/enquiries/{id}")).await;
    let fields = [("csrf", token.as_str()), ("state", "closed")];
    let no_token = browser.post(&path, &[("state", "closed")]).await;
    assert_eq!(no_token.status, 403);
    let wrong_token = browser
        .post(
            &path,
            &[("csrf", "x".repeat(43).as_str()), ("state", "closed")],
        )
        .await;
    assert_eq!(wrong_token.status, 403);
    let foreign = browser
        .post_with(&path, &fields, &[("Origin", "https://evil.example")])
        .await;
    assert_eq!(foreign.status, 403);
    let cross_site = browser
        .post_with(&path, &fields, &[("Sec-Fetch-Site", "cross-site")])
        .await;
    assert_eq!(cross_site.status, 403, "no Origin and not same-origin");
    let neither = browser.post_with(&path, &fields, &[]).await;
    assert_eq!(neither.status, 403, "neither header");
    let detail = browser.get(&format!("/studio/enquiries/{id}")).await;
    assert!(
        detail.text().contains("studio-state-new"),
        "nothing changed"
    );
    let same_site = browser
        .post_with(&path, &fields, &[("Sec-Fetch-Site", "same-origin")])
        .await;
    assert_eq!(same_site.status, 303, "{}", same_site.text());
    // The sign-in form needs its own token tied to the browser's cookie.
    let mut other = site.browser();
    let page = other.get("/studio/sign-in").await;
    let token = csrf(&page.text());
    let mut stranger = site.browser();
    let refused = stranger
        .post(
            "/studio/sign-in",
            &[
                ("csrf", &token),
                ("email", "owner@example.com"),
                ("password", PASSWORD),
            ],
        )
        .await;
    assert_eq!(refused.status, 403, "a token without its cookie");
}

/// Every route of the table with its parameters filled in.
fn studio_routes() -> Vec<(String, Vec<String>, String)> {
    let output = Command::new(binary())
        .args(["studio", "routes"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&output.stdout).unwrap();
    assert!(rows.len() >= 15);
    rows.iter()
        .map(|row| {
            let path = row["path"]
                .as_str()
                .unwrap()
                .replace("{id}", "0190f0b2-7f3c-7a00-8000-000000000000")
                .replace("{token}", &"A".repeat(43))
                .replace("{path:.*}", "memberships");
            let methods = row["methods"]
                .as_array()
                .unwrap()
                .iter()
                .map(|method| method.as_str().unwrap().to_owned())
                .collect();
            (path, methods, row["access"].as_str().unwrap().to_owned())
        })
        .collect()
}

async fn no_studio_route_answers_without_a_session(db: Db, name: &str) {
    let site = Site::start(db, name).await;
    // With no account, the whole area is the site's not-found page.
    let mut nobody = site.browser();
    for (path, _, _) in studio_routes() {
        for method in ["GET", "POST"] {
            let response = nobody
                .send(method, &path, &[("Origin", &nobody.origin())], b"")
                .await;
            assert_eq!(response.status, 404, "{method} {path} with no account");
        }
    }
    let robots = nobody.get("/robots.txt").await.text();
    assert!(robots.contains("Disallow: /studio"), "{robots}");
    assert!(!nobody.get("/sitemap.xml").await.text().contains("/studio"));

    let (secret, _) = site.account("owner@example.com", "owner").await;
    let signed_in = site.signed_in("owner@example.com", &secret).await;
    let long_cookie = format!("__Host-onespace-studio={}", "a".repeat(8000));
    let other_site = format!("__Host-onespace-studio={}", "B".repeat(43));
    let cookies = [
        None,
        Some("__Host-onespace-studio=garbage"),
        Some(long_cookie.as_str()),
        Some(other_site.as_str()),
    ];
    let mut checked = 0;
    for (path, methods, access) in studio_routes() {
        if access == "public" {
            continue;
        }
        for cookie in cookies {
            for method in &methods {
                let mut headers = vec![
                    ("Origin", "http://127.0.0.1"),
                    ("Content-Type", "application/x-www-form-urlencoded"),
                ];
                if let Some(cookie) = cookie {
                    headers.push(("Cookie", cookie));
                }
                let body = format!("csrf={}", "x".repeat(43));
                let response = request(&signed_in.addr, method, &path, &headers, body.as_bytes())
                    .await
                    .unwrap();
                if method == "GET" {
                    assert_eq!(
                        response.status,
                        303,
                        "{method} {path} {cookie:?}: {}",
                        response.text()
                    );
                    assert!(response
                        .header("location")
                        .unwrap()
                        .starts_with("/studio/sign-in"));
                } else {
                    assert_eq!(
                        response.status,
                        403,
                        "{method} {path} {cookie:?}: {}",
                        response.text()
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked >= 60, "{checked}");
    assert!(!site.log().contains("panicked"), "{}", site.log());
}

async fn editors_are_refused_what_only_owners_may_do(db: Db, name: &str) {
    let site = Site::start(db, name).await;
    site.account("owner@example.com", "owner").await;
    let (secret, _) = site.account("editor@example.com", "editor").await;
    site.server
        .post_json(&harness::contact_json("editor"))
        .await;
    let mut editor = site.signed_in("editor@example.com", &secret).await;
    let list = editor.get("/studio/enquiries").await;
    assert_eq!(list.status, 200);
    assert!(
        !list.text().contains("export.csv"),
        "no export button for editors"
    );
    assert!(!list.text().contains("href=\"/studio/staff\""));
    let id = first_enquiry_id(&list.text());
    let token = csrf(&list.text());
    for path in [
        "/studio/staff",
        "/studio/audit",
        "/studio/enquiries/export.csv",
        &format!("/studio/enquiries/{id}/erase"),
    ] {
        let response = editor.get(path).await;
        assert_eq!(response.status, 403, "GET {path}");
        assert!(
            response.text().contains("Only the studio&#39;s owners")
                || response.text().contains("Only the studio's owners")
        );
    }
    let erase = editor
        .post(
            &format!("/studio/enquiries/{id}/erase"),
            &[("csrf", &token)],
        )
        .await;
    assert_eq!(erase.status, 403);
    let invite = editor
        .post(
            "/studio/staff/invite",
            &[
                ("csrf", &token),
                ("email", "x@example.com"),
                ("role", "owner"),
                ("password", PASSWORD),
            ],
        )
        .await;
    assert_eq!(invite.status, 403);
    let detail = editor.get(&format!("/studio/enquiries/{id}")).await;
    assert_eq!(detail.status, 200, "editors read enquiries");
    assert!(
        !detail.text().contains("/erase"),
        "and are not offered erasure"
    );
}

async fn owners_invite_and_remove_staff_after_typing_their_password(db: Db, name: &str) {
    let site = Site::start(db, name).await;
    let (secret, _) = site.account("owner@example.com", "owner").await;
    let mut owner = site.signed_in("owner@example.com", &secret).await;
    let token = owner.csrf_of("/studio/staff").await;
    let wrong = owner
        .post(
            "/studio/staff/invite",
            &[
                ("csrf", &token),
                ("email", "new@example.com"),
                ("role", "editor"),
                ("password", "not my password"),
            ],
        )
        .await;
    assert_eq!(wrong.status, 403);
    assert!(wrong
        .text()
        .contains("Your password is not right, so nobody was invited."));
    let bad = owner
        .post(
            "/studio/staff/invite",
            &[
                ("csrf", &token),
                ("email", "not an address"),
                ("role", "editor"),
                ("password", PASSWORD),
            ],
        )
        .await;
    assert_eq!(bad.status, 422);
    assert!(
        bad.text().contains("is not an e-mail address"),
        "{}",
        bad.text()
    );
    let invited = owner.invite("New@Example.com", "editor").await;
    assert_eq!(invited.status, 200, "{}", invited.text());
    let text = invited.text();
    let link = set_up_link(&text);
    assert!(text.contains("invited, not set up yet"));

    // The invited person sets up and signs in; the owner then removes them.
    let mut newcomer = site.browser();
    let page = newcomer.get(&link).await;
    assert_eq!(page.status, 200, "{link}");
    let new_secret = secret_of(&page.text());
    let done = newcomer
        .post(
            &link,
            &[
                ("csrf", &csrf(&page.text())),
                ("password", PASSWORD),
                ("confirm", PASSWORD),
                ("code", &site.code(&new_secret, 0)),
            ],
        )
        .await;
    assert_eq!(done.status, 200);
    site.advance(30);
    let mut editor = site.signed_in("new@example.com", &new_secret).await;
    assert_eq!(editor.get("/studio/enquiries").await.status, 200);
    let staff = owner.get("/studio/staff").await.text();
    let marker = "action=\"/studio/staff/";
    let start = staff.find(marker).unwrap() + marker.len();
    let id = staff[start..].split('/').next().unwrap().to_owned();
    let token = csrf(&staff);
    let refused = owner
        .post(
            &format!("/studio/staff/{id}/remove"),
            &[("csrf", &token), ("password", "wrong")],
        )
        .await;
    assert_eq!(refused.status, 403);
    assert!(refused
        .text()
        .contains("Your password is not right, so nobody was removed."));
    assert_eq!(
        editor.get("/studio/enquiries").await.status,
        200,
        "not removed"
    );
    let removed = owner
        .post(
            &format!("/studio/staff/{id}/remove"),
            &[("csrf", &token), ("password", PASSWORD)],
        )
        .await;
    assert_eq!(removed.status, 303, "{}", removed.text());
    assert_eq!(
        editor.get("/studio/enquiries").await.status,
        303,
        "their session ended"
    );
    let staff = owner.get("/studio/staff?removed=1").await.text();
    assert!(!staff.contains("new@example.com"));
    let audit = owner.get("/studio/audit").await.text();
    assert!(
        audit.contains("<td>staff-removed</td><td>new@example.com (editor)</td>"),
        "{audit}"
    );
    assert!(audit.contains("<td>set-up-link-made</td><td>for new@example.com (editor)</td>"));
}

async fn audit_lines_are_deleted_after_the_retention_period(db: Db, name: &str) {
    let site = Site::start_with(db, name, &[("ONESPACE_RETENTION_DAYS", "1")]).await;
    let (secret, _) = site.account("owner@example.com", "owner").await;
    let mut owner = site.signed_in("owner@example.com", &secret).await;
    let audit = owner.get("/studio/audit").await.text();
    assert!(audit.contains("<td>set-up-link-used</td>"), "{audit}");
    // Two days on, the server's tidying (at start, then hourly) deletes lines older than a day.
    site.advance(2 * 86_400);
    let site = site.restart().await;
    let mut owner = site.signed_in("owner@example.com", &secret).await;
    let audit = owner.get("/studio/audit").await.text();
    assert!(audit.contains("<td>sign-in</td>"), "{audit}");
    assert!(!audit.contains("set-up-link-used"), "{audit}");
    assert_eq!(
        audit.matches("<td>sign-in</td>").count(),
        1,
        "only today's sign-in: {audit}"
    );
}

async fn hostile_input_gets_a_clear_refusal_never_an_error(db: Db, name: &str) {
    let site = Site::start(db, name).await;
    let (secret, _) = site.account("owner@example.com", "owner").await;
    let script = r#"{"formType":"contact","firstName":"<script>alert(1)</script>","lastName":"<img src=x onerror=alert(2)>","email":"x@example.com","phone":"","interest":"","message":"</textarea><b>bold</b>"}"#;
    assert_eq!(site.server.post_json(script).await.status, 201);
    let mut owner = site.signed_in("owner@example.com", &secret).await;
    let list = owner.get("/studio/enquiries").await.text();
    assert!(!list.contains("<script>alert(1)"), "{list}");
    assert!(list.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(!list.contains("<img src=x"));
    let id = first_enquiry_id(&list);
    let detail = owner.get(&format!("/studio/enquiries/{id}")).await.text();
    assert!(
        detail.contains("&lt;/textarea&gt;&lt;b&gt;bold&lt;/b&gt;"),
        "{detail}"
    );
    assert!(!detail.contains("<b>bold</b>"));

    // Malformed set-up tokens, codes and bodies.
    let mut browser = site.browser();
    for token in ["x", &"A".repeat(5000), &"%C3%A9".repeat(43), "%00"] {
        let response = browser.get(&format!("/studio/set-up/{token}")).await;
        assert_eq!(response.status, 404, "{token}");
        assert!(
            response.text().contains("This set-up link cannot be used"),
            "{token}"
        );
    }
    let traversal = browser.get("/studio/set-up/..%2F..%2Fetc%2Fpasswd").await;
    assert_eq!(traversal.status, 404);
    browser.sign_in("owner@example.com", PASSWORD).await;
    let form = browser.get("/studio/sign-in/code").await;
    let token = csrf(&form.text());
    for code in ["", "12", &"9".repeat(10_000), "１２３４５６", "' OR 1=1 --"] {
        let response = browser
            .post("/studio/sign-in/code", &[("csrf", &token), ("code", code)])
            .await;
        assert!(
            matches!(response.status, 403 | 429 | 413),
            "{}: {}",
            response.status,
            response.text()
        );
    }
    let huge = browser
        .post(
            "/studio/sign-in/code",
            &[("csrf", &token), ("code", &"9".repeat(100_000))],
        )
        .await;
    assert_eq!(huge.status, 413);
    let not_a_form = browser
        .send(
            "POST",
            "/studio/sign-in",
            &[
                ("Origin", &browser.origin()),
                ("Content-Type", "application/json"),
            ],
            b"{}",
        )
        .await;
    assert_eq!(not_a_form.status, 415);
    // The code failures above count against this client: let their window pass.
    site.advance(16 * 60);
    let long_email = browser.sign_in(&"a".repeat(5000), "x").await;
    assert_eq!(long_email.status, 403);
    let long_password = browser
        .sign_in("owner@example.com", &"p".repeat(50_000))
        .await;
    assert_eq!(long_password.status, 403);
    // A request from a non-loopback name over plain http is sent to the https site.
    let redirected = request(
        &site.server.addr,
        "GET",
        "/studio/sign-in",
        &[("Host", "studio.example.com")],
        b"",
    )
    .await
    .unwrap();
    assert_eq!(redirected.status, 308, "{}", redirected.text());
    assert_eq!(
        redirected.header("location"),
        Some("https://www.onespacestudio.co.uk/studio/sign-in")
    );
    assert!(!site.log().contains("panicked"));
}
