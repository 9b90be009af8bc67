//! Signing in: the password (step one), then a code from the authenticator or a recovery code
//! (step two), each throttled; signing out.

use std::collections::HashMap;

use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use super::html;
use super::normalise_email;
use super::see_other;
use super::verify_password;
use super::NoFields;
use crate::audit::{self, Action};
use crate::session::{self, Area, PublicForm, StaffForm};
use crate::throttle::{self, Verdict};
use crate::views::sign_in as view;
use crate::{second_factor, tokens, StaffArea};
use onespace_store::staff::{self, Account, Stage};

/// What the sign-in page says after a refused password or unknown address: the same words, the
/// same status, the same work.
const WRONG_CREDENTIALS: &str = "That e-mail address and password do not match an account.";

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
    let body = view::sign_in(
        &area.chrome(),
        &view::SignInForm {
            csrf: &token,
            email,
            message,
            refused,
        },
    );
    let mut response = html(status, body);
    if let Some(cookie) = cookie {
        let _ = response.add_cookie(&cookie);
    }
    response
}

/// The throttle's verdict for `email_key` and the client.
async fn verdict(
    staff_area: &StaffArea,
    email_key: &str,
    address: &str,
) -> Result<Verdict, onespace_store::StorageError> {
    let now = staff_area.clock.now_ms();
    let (by_email, by_address) = staff::failures_since(
        &staff_area.store,
        email_key,
        address,
        now - throttle::WINDOW_MS,
    )
    .await?;
    Ok(throttle::decide(&by_email, now).stricter(throttle::decide(&by_address, now)))
}

fn throttled(response: HttpResponse, verdict: Verdict) -> HttpResponse {
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
    match verdict(staff_area, &email_key, &area.address).await {
        Ok(Verdict::Allowed) => {}
        Ok(verdict) => {
            audit::record(
                staff_area,
                actor,
                Action::SignInFailed,
                "refused: too many attempts",
                &area.address,
            )
            .await;
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
    }
    let stored = account
        .as_ref()
        .filter(|account| account.is_set_up())
        .and_then(|account| account.password_hash.clone());
    let known = stored.is_some();
    let phc = stored.unwrap_or_else(|| staff_area.dummy_hash.clone());
    let password = form.password;
    let long = password.len() > PASSWORD_BYTES_MAX;
    let matches = verify_password(phc, if long { String::new() } else { password }).await;
    let Some(account) = account.filter(|_| known && matches && !long) else {
        let now = staff_area.clock.now_ms();
        if let Err(error) =
            staff::record_failure(&staff_area.store, now, &email_key, &area.address).await
        {
            return session::unavailable(&request, &error);
        }
        let detail = if actor.is_some() {
            "wrong password"
        } else {
            "no account with that address"
        };
        audit::record(
            staff_area,
            actor,
            Action::SignInFailed,
            detail,
            &area.address,
        )
        .await;
        return sign_in_page(
            &request,
            &area,
            StatusCode::FORBIDDEN,
            &shown_email,
            Some(WRONG_CREDENTIALS),
            true,
        );
    };
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
async fn end_current_session(
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
    let email_key = tokens::digest(&account.email);
    match verdict(staff_area, &email_key, &area.address).await {
        Ok(Verdict::Allowed) => {}
        Ok(verdict) => {
            audit::record(
                staff_area,
                Some(&account.email),
                Action::SignInFailed,
                "refused: too many attempts",
                &area.address,
            )
            .await;
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
    }
    let now = staff_area.clock.now_ms();
    let accepted = if recovery {
        match second_factor::normalise_recovery_code(&form.code) {
            Some(code) => {
                staff::use_recovery_code(
                    &staff_area.store,
                    &account.id,
                    &tokens::digest(&code),
                    now,
                )
                .await
            }
            None => Ok(false),
        }
    } else {
        let step = account.totp_secret.as_deref().and_then(|secret| {
            second_factor::check_code(secret, &form.code, now, account.totp_last_step)
        });
        match step {
            Some(step) => staff::claim_totp_step(&staff_area.store, &account.id, step).await,
            None => Ok(false),
        }
    };
    match accepted {
        Ok(true) => {}
        Ok(false) => {
            if let Err(error) =
                staff::record_failure(&staff_area.store, now, &email_key, &area.address).await
            {
                return session::unavailable(&request, &error);
            }
            let (detail, message) = if recovery {
                (
                    "wrong or used recovery code",
                    "That recovery code is not right, or it was used before. Each code works once.",
                )
            } else {
                ("wrong code", "That code is not right. Codes change every 30 seconds: type the one the app shows now.")
            };
            audit::record(
                staff_area,
                Some(&account.email),
                Action::SignInFailed,
                detail,
                &area.address,
            )
            .await;
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
    let mut response = see_other("/studio/enquiries");
    let _ = response.add_cookie(&cookie);
    response
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

/// Whether `password` is the account's (for actions that ask for it again).
pub async fn confirm_password(account: &Account, password: String) -> bool {
    match account.password_hash.clone() {
        Some(phc) if password.len() <= PASSWORD_BYTES_MAX => verify_password(phc, password).await,
        _ => false,
    }
}
