//! Passkeys against the real binary, with a software passkey (`harness::passkey`) answering as
//! a device would: one added after the password typed again signs in alone; an answer signed
//! for another site (a look-alike origin, or another site's passkey domain), a replayed one and
//! one to no challenge are refused and the person stays signed out; owners requiring passkeys
//! send someone without one to add one first, refuse the authenticator's code to someone with
//! one (a recovery code still works), and remove a lost one.

use crate::harness::passkey::SoftPasskey;
use crate::harness::staff::{on_both, Browser, Db, Site, PASSWORD};
use crate::harness::Response;

on_both!("";
    a_passkey_signs_in_alone_and_no_other_answer_does,
    owners_can_require_passkeys_and_remove_a_lost_one,
);

/// The site's public origin and its passkeys' domain (the harness's default public URL).
const ORIGIN: &str = "https://www.onespacestudio.co.uk";
const RP_ID: &str = "www.onespacestudio.co.uk";

fn json(response: &Response) -> serde_json::Value {
    serde_json::from_str(&response.text())
        .unwrap_or_else(|_| panic!("{}: {}", response.status, response.text()))
}

/// Adds a software passkey to the signed-in `browser`'s account from its account page.
async fn add_passkey(browser: &mut Browser) -> SoftPasskey {
    let token = browser.csrf_of("/studio/account").await;
    let accept = [
        ("Accept", "application/json"),
        ("Origin", &browser.origin()),
    ];
    let wrong = browser
        .post_with(
            "/studio/account/passkeys/start",
            &[("csrf", &token), ("current", "not my password at all")],
            &accept,
        )
        .await;
    assert_eq!(
        wrong.status,
        403,
        "the password typed again: {}",
        wrong.text()
    );
    let start = browser
        .post_with(
            "/studio/account/passkeys/start",
            &[("csrf", &token), ("current", PASSWORD)],
            &accept,
        )
        .await;
    assert_eq!(start.status, 200, "{}", start.text());
    let options = json(&start);
    assert_eq!(options["publicKey"]["rp"]["id"], RP_ID);
    assert_eq!(
        options["publicKey"]["authenticatorSelection"]["residentKey"], "required",
        "a passkey the device offers by itself"
    );
    let (passkey, answer) = SoftPasskey::register(&options, RP_ID, ORIGIN);
    let done = browser
        .post_with(
            "/studio/account/passkeys/finish",
            &[("csrf", &token), ("credential", &answer)],
            &accept,
        )
        .await;
    assert_eq!(done.status, 200, "{}", done.text());
    assert_eq!(json(&done)["next"], "/studio/account?passkey-added=1");
    passkey
}

/// A signed-out browser on the sign-in page, its form token.
async fn sign_in_page(site: &Site) -> (Browser, String) {
    let mut browser = site.browser();
    let token = browser.csrf_of("/studio/sign-in").await;
    (browser, token)
}

/// Starts a passkey sign-in: the server's options.
async fn start_sign_in(browser: &mut Browser, token: &str) -> serde_json::Value {
    let origin = browser.origin();
    let start = browser
        .post_with(
            "/studio/sign-in/passkey/start",
            &[("csrf", token)],
            &[("Accept", "application/json"), ("Origin", &origin)],
        )
        .await;
    assert_eq!(start.status, 200, "{}", start.text());
    json(&start)
}

/// Sends `answer` to the sign-in under way.
async fn send_answer(browser: &mut Browser, token: &str, answer: &str) -> Response {
    let origin = browser.origin();
    browser
        .post_with(
            "/studio/sign-in/passkey",
            &[("csrf", token), ("credential", answer)],
            &[("Accept", "application/json"), ("Origin", &origin)],
        )
        .await
}

/// Longer than any wait the throttle sets before its pause (`throttle`: 1, 2, 4 ... 64 s), and
/// well within a ceremony's 5 minutes.
const WAIT_SECONDS: i64 = 70;

/// Sends `answer` once the throttle's wait after earlier refusals has passed: it must be
/// refused as not accepted (403), not merely told to wait.
async fn refused(site: &Site, browser: &mut Browser, token: &str, answer: &str) -> Response {
    site.advance(WAIT_SECONDS);
    let response = send_answer(browser, token, answer).await;
    assert_eq!(response.status, 403, "{}", response.text());
    response
}

/// Whether `browser` is signed in (the inbox answers rather than sending it to sign in).
async fn signed_in(browser: &mut Browser) -> bool {
    browser.get("/studio/enquiries").await.status == 200
}

async fn a_passkey_signs_in_alone_and_no_other_answer_does(db: Db, name: &str) {
    let site = Site::start(db, name).await;
    let (secret, _) = site.account("owner@example.com", "owner").await;
    let mut owner = site.signed_in("owner@example.com", &secret).await;
    let mut passkey = add_passkey(&mut owner).await;
    let account = owner.get("/studio/account").await.text();
    assert!(
        account.contains("aria-label=\"Your passkeys\""),
        "{account}"
    );

    // Signed in with the passkey alone: no address, no password.
    let (mut browser, token) = sign_in_page(&site).await;
    let options = start_sign_in(&mut browser, &token).await;
    let answer = passkey.sign_in(&options, RP_ID, ORIGIN);
    let done = send_answer(&mut browser, &token, &answer).await;
    assert_eq!(done.status, 200, "{}", done.text());
    assert_eq!(json(&done)["next"], "/studio/enquiries");
    assert!(signed_in(&mut browser).await);

    // The same answer again: to no sign-in under way, then to a new one (another challenge).
    let (mut thief, token) = sign_in_page(&site).await;
    refused(&site, &mut thief, &token, &answer).await;
    start_sign_in(&mut thief, &token).await;
    let replayed = refused(&site, &mut thief, &token, &answer).await;
    assert!(json(&replayed)["error"]
        .as_str()
        .unwrap()
        .contains("not accepted"));

    // A look-alike site passes on the studio's challenge: the passkey signs for its origin.
    let options = start_sign_in(&mut thief, &token).await;
    let phished = passkey.sign_in(
        &options,
        RP_ID,
        "https://www.onespacestudio.co.uk.example.net",
    );
    refused(&site, &mut thief, &token, &phished).await;
    // Another site's passkey domain.
    let options = start_sign_in(&mut thief, &token).await;
    let elsewhere = passkey.sign_in(&options, "example.net", "https://example.net");
    refused(&site, &mut thief, &token, &elsewhere).await;
    // A challenge given to another browser: bound to the browser it was given to.
    let (mut other, other_token) = sign_in_page(&site).await;
    let options = start_sign_in(&mut other, &other_token).await;
    let borrowed = passkey.sign_in(&options, RP_ID, ORIGIN);
    start_sign_in(&mut thief, &token).await;
    refused(&site, &mut thief, &token, &borrowed).await;
    // Not a passkey's answer at all.
    start_sign_in(&mut thief, &token).await;
    refused(&site, &mut thief, &token, "{}").await;
    assert!(
        !signed_in(&mut thief).await,
        "refused answers sign no one in"
    );

    // The passkey still works after the refusals (once the throttle's wait has passed), and
    // each sign-in is in the audit log.
    site.advance(WAIT_SECONDS);
    let options = start_sign_in(&mut other, &other_token).await;
    let answer = passkey.sign_in(&options, RP_ID, ORIGIN);
    assert_eq!(
        send_answer(&mut other, &other_token, &answer).await.status,
        200
    );
    let audit = owner.get("/studio/audit").await.text();
    assert_eq!(audit.matches("sign-in-passkey").count(), 2, "{audit}");
    assert!(audit.contains("passkey-added"), "{audit}");
    assert!(audit.contains("passkey refused"), "{audit}");
}

async fn owners_can_require_passkeys_and_remove_a_lost_one(db: Db, name: &str) {
    let site = Site::start(db, name).await;
    let (owner_secret, owner_codes) = site.account("owner@example.com", "owner").await;
    let (editor_secret, _) = site.account("editor@example.com", "editor").await;
    let mut owner = site.signed_in("owner@example.com", &owner_secret).await;
    add_passkey(&mut owner).await;
    let token = owner.csrf_of("/studio/staff").await;
    let required = owner
        .post(
            "/studio/staff/passkeys",
            &[("csrf", &token), ("required", "yes")],
        )
        .await;
    assert_eq!(required.status, 303, "{}", required.text());
    assert!(owner
        .get("/studio/staff")
        .await
        .text()
        .contains("Stop requiring passkeys"));

    // Someone without a passkey signs in as before, then must add one before anything else.
    let mut editor = site.browser();
    assert_eq!(
        editor.sign_in("editor@example.com", PASSWORD).await.status,
        303
    );
    let done = editor.enter_code(&site.code(&editor_secret, 0)).await;
    assert_eq!(
        done.header("location"),
        Some("/studio/account?passkey-needed=1")
    );
    let inbox = editor.get("/studio/enquiries").await;
    assert_eq!(inbox.status, 303);
    assert_eq!(
        inbox.header("location"),
        Some("/studio/account?passkey-needed=1")
    );
    add_passkey(&mut editor).await;
    assert!(signed_in(&mut editor).await);

    // Someone with one may not sign in with the authenticator's code; a recovery code (a lost
    // passkey) still works.
    site.advance(30);
    let mut browser = site.browser();
    assert_eq!(
        browser.sign_in("owner@example.com", PASSWORD).await.status,
        303
    );
    let refused = browser.enter_code(&site.code(&owner_secret, 0)).await;
    assert_eq!(refused.status, 403, "{}", refused.text());
    assert!(refused.text().contains("sign in with their passkey"));
    let recovered = browser.enter_recovery_code(&owner_codes[0]).await;
    assert_eq!(recovered.status, 303, "{}", recovered.text());

    // An owner removes the editor's lost passkey: they sign in with their code again, and are
    // asked to add a new one.
    let staff = owner.get("/studio/staff").await.text();
    let editors = &staff[staff.find("editor@example.com").unwrap()..];
    let end = editors
        .find("/passkeys/remove\"")
        .expect("a remove-passkeys form");
    let start = editors[..end].rfind("/studio/staff/").unwrap();
    let path = format!("{}/passkeys/remove", &editors[start..end]);
    let token = owner.csrf_of("/studio/staff").await;
    assert_eq!(owner.post(&path, &[("csrf", &token)]).await.status, 303);
    site.advance(30);
    let mut editor = site.browser();
    assert_eq!(
        editor.sign_in("editor@example.com", PASSWORD).await.status,
        303
    );
    let done = editor.enter_code(&site.code(&editor_secret, 0)).await;
    assert_eq!(
        done.header("location"),
        Some("/studio/account?passkey-needed=1")
    );
    let audit = owner.get("/studio/audit").await.text();
    assert!(audit.contains("passkeys-reset"), "{audit}");
    assert!(audit.contains("passkeys-required"), "{audit}");
}
