//! Signing in: the password (step one), then a code from the authenticator or a recovery code
//! (step two), each throttled; signing out.

use std::collections::HashMap;

use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use super::busy;
use super::html;
use super::normalise_email;
use super::see_other;
use super::NoFields;
use crate::audit::{self, Action};
use crate::session::{self, Area, PublicForm, Staff, StaffForm};
use crate::throttle::{self, Verdict};
use crate::views::sign_in as view;
use crate::{devices, passwords, second_factor, tokens, StaffArea};
use onespace_store::staff::{self, Account, Stage};

/// What the sign-in page says after a refused password or unknown address: the same words, the
/// same status, the same work.
const WRONG_CREDENTIALS: &str = "That e-mail address and password do not match an account.";

/// The audit log's words for an attempt the throttle refused.
pub const TOO_MANY: &str = "refused: too many attempts";

/// What the code step says when owners require passkeys and the account has one.
const PASSKEY_ONLY: &str = "The studio's owners ask everyone to sign in with their passkey: go back to the sign-in page and choose \"Sign in with a passkey\". Lost it? Use a recovery code below.";

/// Longest password looked at: anything longer is wrong (the set-up allows 128 characters).
const PASSWORD_BYTES_MAX: usize = 1024;

/// The sign-in form's fields.
#[derive(Debug, Deserialize)]
pub struct SignInFields {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
}

/// `GET /studio/sign-in`.
pub async fn form(
    request: HttpRequest,
    area: Area,
    query: web::Query<HashMap<String, String>>,
) -> HttpResponse {
    let notice = if query.contains_key("ended") {
        Some("Your session has ended. Sign in again to carry on.")
    } else if query.contains_key("signed-out") {
        Some("You are signed out.")
    } else {
        None
    };
    sign_in_page(&request, &area, StatusCode::OK, "", notice, false)
}

fn sign_in_page(
    request: &HttpRequest,
    area: &Area,
    status: StatusCode,
    email: &str,
    message: Option<&str>,
    refused: bool,
) -> HttpResponse {
    let (token, cookie) = session::form_token(request);
    let passkeys = area.staff_area.passkeys.is_some();
    let script = passkeys.then(|| session::passkey_links(request)).flatten();
    let body = view::sign_in(
        &area.chrome().with_script(script.as_ref()),
        &view::SignInForm {
            csrf: &token,
            email,
            message,
            refused,
            passkeys,
        },
    );
    let mut response = html(status, body);
    if let Some(cookie) = cookie {
        let _ = response.add_cookie(&cookie);
    }
    response
}

/// `response` (a page saying `verdict`'s message) with `Retry-After`.
pub fn throttled(response: HttpResponse, verdict: Verdict) -> HttpResponse {
    let mut response = response;
    let seconds = match verdict {
        Verdict::Wait(seconds) => seconds,
        Verdict::Locked(minutes) => minutes * 60,
        Verdict::Allowed => 0,
    };
    if let Ok(value) = header::HeaderValue::from_str(&seconds.to_string()) {
        response.headers_mut().insert(header::RETRY_AFTER, value);
    }
    response
}

/// `POST /studio/sign-in`: step one.
pub async fn submit(request: HttpRequest, post: PublicForm<SignInFields>) -> HttpResponse {
    let PublicForm { area, form } = post;
    let staff_area = &area.staff_area;
    let email = normalise_email(&form.email);
    let shown_email: String = form.email.trim().chars().take(254).collect();
    let email_key = tokens::digest(&email);
    let account = match staff::account_by_email(&staff_area.store, &email).await {
        Ok(account) => account,
        Err(error) => return session::unavailable(&request, &error),
    };
    let actor = account.as_ref().map(|account| account.email.clone());
    let actor = actor.as_deref();
    let keys = devices::attempt_keys(staff_area, &request, &email_key, &area.network).await;
    let (email_key, network) = match keys {
        Ok(keys) => keys,
        Err(error) => return session::unavailable(&request, &error),
    };
    let reservation = match throttle::reserve(staff_area, &email_key, &network).await {
        Ok(Ok(reservation)) => reservation,
        Ok(Err(verdict)) => {
            audit::record_refusal(staff_area, actor, TOO_MANY, &area.address).await;
            let message = verdict.message().unwrap_or_default();
            let page = sign_in_page(
                &request,
                &area,
                StatusCode::TOO_MANY_REQUESTS,
                &shown_email,
                Some(&message),
                true,
            );
            return throttled(page, verdict);
        }
        Err(error) => return session::unavailable(&request, &error),
    };
    let stored = account
        .as_ref()
        .filter(|account| account.is_set_up())
        .and_then(|account| account.password_hash.clone());
    let known = stored.is_some();
    let phc = stored.unwrap_or_else(|| staff_area.dummy_hash.clone());
    let password = form.password;
    let long = password.len() > PASSWORD_BYTES_MAX;
    let checked = staff_area
        .passwords
        .verify(phc, if long { String::new() } else { password })
        .await;
    let Ok(matches) = checked else {
        return match reservation.unchecked(staff_area).await {
            Ok(()) => busy(&request),
            Err(error) => session::unavailable(&request, &error),
        };
    };
    let Some(account) = account.filter(|_| known && matches && !long) else {
        let detail = if actor.is_some() {
            "wrong password"
        } else {
            "no account with that address"
        };
        audit::record_refusal(staff_area, actor, detail, &area.address).await;
        return sign_in_page(
            &request,
            &area,
            StatusCode::FORBIDDEN,
            &shown_email,
            Some(WRONG_CREDENTIALS),
            true,
        );
    };
    if let Err(error) = reservation.succeeded(staff_area).await {
        return session::unavailable(&request, &error);
    }
    if let Err(error) = end_current_session(staff_area, &request).await {
        return session::unavailable(&request, &error);
    }
    match session::start(staff_area, &account, Stage::SecondFactor, &area.address).await {
        Ok(cookie) => {
            let mut response = see_other("/studio/sign-in/code");
            let _ = response.add_cookie(&cookie);
            response
        }
        Err(error) => session::unavailable(&request, &error),
    }
}

/// Deletes the session the browser holds, if any (so a sign-in always gets a new id).
pub async fn end_current_session(
    staff_area: &StaffArea,
    request: &HttpRequest,
) -> Result<(), onespace_store::StorageError> {
    if let Some(current) = session::session_from_cookie(staff_area, request).await? {
        staff::delete_session(&staff_area.store, &current.id_hash).await?;
    }
    Ok(())
}

/// The session waiting for its second factor, with its account, if still within its time.
async fn pending(
    staff_area: &StaffArea,
    request: &HttpRequest,
) -> Result<Option<(staff::Session, Account)>, onespace_store::StorageError> {
    let Some(pending) = session::session_from_cookie(staff_area, request).await? else {
        return Ok(None);
    };
    if pending.stage != Stage::SecondFactor
        || staff_area.clock.now_ms() - pending.created_at > session::SECOND_FACTOR_MS
    {
        return Ok(None);
    }
    let account = staff::account_by_id(&staff_area.store, &pending.account_id).await?;
    Ok(account.map(|account| (pending, account)))
}

/// `GET /studio/sign-in/code`.
pub async fn code_form(
    request: HttpRequest,
    area: Area,
    query: web::Query<HashMap<String, String>>,
) -> HttpResponse {
    match pending(&area.staff_area, &request).await {
        Ok(Some(_)) => code_page(
            &request,
            &area,
            StatusCode::OK,
            None,
            query.contains_key("recovery"),
        ),
        Ok(None) => see_other("/studio/sign-in?ended=1"),
        Err(error) => session::unavailable(&request, &error),
    }
}

fn code_page(
    request: &HttpRequest,
    area: &Area,
    status: StatusCode,
    message: Option<&str>,
    recovery: bool,
) -> HttpResponse {
    let (token, cookie) = session::form_token(request);
    let body = view::code(
        &area.chrome(),
        &view::CodeForm {
            csrf: &token,
            message,
            recovery,
        },
    );
    let mut response = html(status, body);
    if let Some(cookie) = cookie {
        let _ = response.add_cookie(&cookie);
    }
    response
}

/// The second step's fields.
#[derive(Debug, Deserialize)]
pub struct CodeFields {
    #[serde(default)]
    code: String,
    #[serde(default)]
    kind: String,
}

/// `POST /studio/sign-in/code`: step two.
pub async fn code_submit(request: HttpRequest, post: PublicForm<CodeFields>) -> HttpResponse {
    let PublicForm { area, form } = post;
    let staff_area = &area.staff_area;
    let (pending, account) = match pending(staff_area, &request).await {
        Ok(Some(found)) => found,
        Ok(None) => return see_other("/studio/sign-in?ended=1"),
        Err(error) => return session::unavailable(&request, &error),
    };
    let recovery = form.kind == "recovery";
    if !recovery {
        match crate::passkeys::only(staff_area, &account).await {
            Ok(false) => {}
            Ok(true) => {
                return code_page(
                    &request,
                    &area,
                    StatusCode::FORBIDDEN,
                    Some(PASSKEY_ONLY),
                    recovery,
                )
            }
            Err(error) => return session::unavailable(&request, &error),
        }
    }
    let email_key = tokens::digest(&account.email);
    let keys = devices::attempt_keys(staff_area, &request, &email_key, &area.network).await;
    let (email_key, network) = match keys {
        Ok(keys) => keys,
        Err(error) => return session::unavailable(&request, &error),
    };
    let reservation = match throttle::reserve(staff_area, &email_key, &network).await {
        Ok(Ok(reservation)) => reservation,
        Ok(Err(verdict)) => {
            audit::record_refusal(staff_area, Some(&account.email), TOO_MANY, &area.address).await;
            let message = verdict.message().unwrap_or_default();
            let page = code_page(
                &request,
                &area,
                StatusCode::TOO_MANY_REQUESTS,
                Some(&message),
                recovery,
            );
            return throttled(page, verdict);
        }
        Err(error) => return session::unavailable(&request, &error),
    };
    let now = staff_area.clock.now_ms();
    let accepted = if recovery {
        match second_factor::normalise_recovery_code(&form.code) {
            Some(code) => match use_recovery_code(staff_area, &account, code, now).await {
                Ok(used) => used,
                Err(passwords::Busy) => {
                    return match reservation.unchecked(staff_area).await {
                        Ok(()) => busy(&request),
                        Err(error) => session::unavailable(&request, &error),
                    };
                }
            },
            None => Ok(false),
        }
    } else {
        let secret = account
            .totp_secret
            .as_deref()
            .and_then(|stored| staff_area.keys.open(stored, &account.id));
        let step = secret.and_then(|secret| {
            second_factor::check_code(&secret, &form.code, now, account.totp_last_step)
        });
        match step {
            Some(step) => staff::claim_totp_step(&staff_area.store, &account.id, step).await,
            None => Ok(false),
        }
    };
    match accepted {
        Ok(true) => {
            if let Err(error) = reservation.succeeded(staff_area).await {
                return session::unavailable(&request, &error);
            }
        }
        Ok(false) => {
            let (detail, message) = if recovery {
                (
                    "wrong or used recovery code",
                    "That recovery code is not right, or it was used before. Each code works once.",
                )
            } else {
                ("wrong code", "That code is not right. Codes change every 30 seconds: type the one the app shows now.")
            };
            audit::record_refusal(staff_area, Some(&account.email), detail, &area.address).await;
            return code_page(
                &request,
                &area,
                StatusCode::FORBIDDEN,
                Some(message),
                recovery,
            );
        }
        Err(error) => return session::unavailable(&request, &error),
    }
    if let Err(error) = staff::delete_session(&staff_area.store, &pending.id_hash).await {
        return session::unavailable(&request, &error);
    }
    let cookie = match session::start(staff_area, &account, Stage::SignedIn, &area.address).await {
        Ok(cookie) => cookie,
        Err(error) => return session::unavailable(&request, &error),
    };
    let action = if recovery {
        Action::SignInWithRecoveryCode
    } else {
        Action::SignIn
    };
    audit::record(staff_area, Some(&account.email), action, "", &area.address).await;
    let landing = match crate::passkeys::landing(staff_area, &account).await {
        Ok(landing) => landing,
        Err(error) => return session::unavailable(&request, &error),
    };
    let device = match devices::remember(staff_area, &request, &account.email).await {
        Ok(device) => device,
        Err(error) => return session::unavailable(&request, &error),
    };
    let mut response = see_other(landing);
    for cookie in std::iter::once(cookie).chain(device) {
        let _ = response.add_cookie(&cookie);
    }
    response
}

/// Uses the account's unused recovery code that `code` is, if any: its hashes are checked in
/// one turn of the password checks (each is an argon2id hash), then it is marked used, once.
async fn use_recovery_code(
    staff_area: &StaffArea,
    account: &Account,
    code: String,
    now: i64,
) -> Result<Result<bool, onespace_store::StorageError>, passwords::Busy> {
    let hashes = match staff::unused_recovery_codes(&staff_area.store, &account.id).await {
        Ok(hashes) => hashes,
        Err(error) => return Ok(Err(error)),
    };
    let matched = staff_area
        .passwords
        .run(move || second_factor::matching_recovery_hash(&hashes, &code))
        .await?
        .flatten();
    Ok(match matched {
        Some(hash) => staff::use_recovery_code(&staff_area.store, &account.id, &hash, now).await,
        None => Ok(false),
    })
}

/// `POST /studio/sign-out`.
pub async fn sign_out(request: HttpRequest, post: StaffForm<NoFields>) -> HttpResponse {
    let staff = post.staff;
    let staff_area = staff.staff_area();
    if let Err(error) = staff::delete_session(&staff_area.store, &staff.session.id_hash).await {
        return session::unavailable(&request, &error);
    }
    audit::record(
        staff_area,
        Some(&staff.account.email),
        Action::SignOut,
        "",
        &staff.area.address,
    )
    .await;
    let mut response = see_other("/studio/sign-in?signed-out=1");
    let _ = response.add_removal_cookie(&session::session_cookie(String::new()));
    response
}

/// What typing one's password again (to confirm an owner's action or a password change) came
/// to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reauthentication {
    /// The password is the account's.
    Confirmed,
    /// It is not (counted by the throttle and in the audit log as `what`).
    Wrong,
    /// Too many failures: not checked; the verdict says how long to wait.
    Throttled(Verdict),
    /// The server was running as many password checks as it may: not checked.
    Busy,
}

/// Checks `password` against the signed-in account's, as a sign-in attempt: counted by the
/// throttle before it is checked (a session must not become a way to guess its password), a
/// wrong one recorded as `what` in the audit log.
pub async fn reauthenticate(
    staff: &Staff,
    password: String,
    what: &str,
) -> Result<Reauthentication, onespace_store::StorageError> {
    let staff_area = staff.staff_area();
    let email = staff.account.email.as_str();
    let address = staff.area.address.as_str();
    let key = tokens::digest(email);
    let reservation = match throttle::reserve(staff_area, &key, &staff.area.network).await? {
        Ok(reservation) => reservation,
        Err(verdict) => {
            audit::record_refusal(staff_area, Some(email), TOO_MANY, address).await;
            return Ok(Reauthentication::Throttled(verdict));
        }
    };
    let phc = staff
        .account
        .password_hash
        .clone()
        .filter(|_| password.len() <= PASSWORD_BYTES_MAX);
    let checked = match phc {
        Some(phc) => staff_area.passwords.verify(phc, password).await,
        None => Ok(false),
    };
    match checked {
        Ok(true) => {
            reservation.succeeded(staff_area).await?;
            Ok(Reauthentication::Confirmed)
        }
        Ok(false) => {
            audit::record_refusal(staff_area, Some(email), what, address).await;
            Ok(Reauthentication::Wrong)
        }
        Err(passwords::Busy) => {
            reservation.unchecked(staff_area).await?;
            Ok(Reauthentication::Busy)
        }
    }
}

/// A refusal of `reauthenticate` as (status, words at the form), or the whole answer when
/// nothing of the page applies (busy, database down); `None` when confirmed.
pub fn refused(
    request: &HttpRequest,
    checked: Result<Reauthentication, onespace_store::StorageError>,
    wrong: &'static str,
) -> Option<Result<(StatusCode, String), HttpResponse>> {
    match checked {
        Ok(Reauthentication::Confirmed) => None,
        Ok(Reauthentication::Wrong) => Some(Ok((StatusCode::FORBIDDEN, wrong.to_owned()))),
        Ok(Reauthentication::Throttled(verdict)) => Some(Ok((
            StatusCode::TOO_MANY_REQUESTS,
            verdict.message().unwrap_or_default(),
        ))),
        Ok(Reauthentication::Busy) => Some(Err(busy(request))),
        Err(error) => Some(Err(session::unavailable(request, &error))),
    }
}

/// The password typed again on a form that changes the account or the staff, checked
/// ([`reauthenticate`], counted in the audit log as `what`): `None` when it is the account's;
/// otherwise the answer: the form's page, drawn by `page` with the refusal's status and words
/// (`wrong` for a wrong password) and `Retry-After` when the throttle refused, or the busy or
/// unavailable answer.
pub async fn password_refusal(
    request: &HttpRequest,
    staff: &Staff,
    password: String,
    what: &str,
    wrong: &'static str,
    page: impl AsyncFnOnce(StatusCode, String) -> HttpResponse,
) -> Option<HttpResponse> {
    let checked = reauthenticate(staff, password, what).await;
    let verdict = throttled_verdict(&checked);
    let (status, words) = match refused(request, checked, wrong)? {
        Ok(refusal) => refusal,
        Err(response) => return Some(response),
    };
    Some(retry_after(page(status, words).await, verdict))
}

/// `response` with `Retry-After` when it is the throttle's refusal.
pub fn retry_after(response: HttpResponse, checked: Option<Verdict>) -> HttpResponse {
    match checked {
        Some(verdict) => throttled(response, verdict),
        None => response,
    }
}

/// The throttle's verdict when `checked` is its refusal.
pub fn throttled_verdict(
    checked: &Result<Reauthentication, onespace_store::StorageError>,
) -> Option<Verdict> {
    match checked {
        Ok(Reauthentication::Throttled(verdict)) => Some(*verdict),
        _ => None,
    }
}
