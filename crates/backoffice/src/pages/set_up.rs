//! Setting up an account from its link: choose a password, add the account to an authenticator
//! app and prove it with a code, then save the recovery codes. The link works once and for 24
//! hours; every way it can fail (malformed, unknown, used, expired, account removed) gets the
//! same page, so the page says nothing about which links exist.

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use super::html;
use crate::audit::{self, Action};
use crate::session::{self, Area, PublicForm};
use crate::views::{message_page, sign_in as view};
use crate::{passwords, second_factor, tokens, StaffArea};
use onespace_store::staff::{self, Account, Invite};

/// The invitation behind a link's token, if it can still be used, with its account.
async fn usable(
    staff_area: &StaffArea,
    token: &str,
) -> Result<Option<(Invite, Account)>, onespace_store::StorageError> {
    if !tokens::well_formed(token) {
        return Ok(None);
    }
    let Some(invite) = staff::invite(&staff_area.store, &tokens::digest(token)).await? else {
        return Ok(None);
    };
    if invite.used_at.is_some() || invite.expires_at <= staff_area.clock.now_ms() {
        return Ok(None);
    }
    let account = staff::account_by_id(&staff_area.store, &invite.account_id).await?;
    Ok(account
        .filter(|account| !account.is_set_up())
        .map(|account| (invite, account)))
}

fn link_not_usable(area: &Area) -> HttpResponse {
    html(
        StatusCode::NOT_FOUND,
        message_page(
            &area.chrome(),
            "This set-up link cannot be used",
            "It may have expired (links work for 24 hours), been used already, or been copied incompletely. Ask an owner of the studio for a new one.",
        ),
    )
}

/// `GET /studio/set-up/{token}`.
pub async fn form(request: HttpRequest, area: Area, token: web::Path<String>) -> HttpResponse {
    let staff_area = &area.staff_area;
    let (invite, account) = match usable(staff_area, &token).await {
        Ok(Some(found)) => found,
        Ok(None) => return link_not_usable(&area),
        Err(error) => return session::unavailable(&request, &error),
    };
    let stored = match invite.totp_secret {
        Some(stored) => Some(stored),
        None => {
            let sealed = staff_area
                .keys
                .seal(&second_factor::new_secret(), &account.id);
            let Some(sealed) = sealed else {
                return link_not_usable(&area);
            };
            let token_hash = tokens::digest(&token);
            let kept = staff::keep_invite_secret(&staff_area.store, &token_hash, &sealed);
            match kept.await {
                Ok(stored) => stored,
                Err(error) => return session::unavailable(&request, &error),
            }
        }
    };
    let secret = stored.and_then(|stored| staff_area.keys.open(&stored, &account.id));
    let Some(secret) = secret else {
        return link_not_usable(&area);
    };
    set_up_page(
        &request,
        &area,
        StatusCode::OK,
        &token,
        &account,
        &secret,
        None,
        None,
    )
}

#[allow(clippy::too_many_arguments)]
fn set_up_page(
    request: &HttpRequest,
    area: &Area,
    status: StatusCode,
    token: &str,
    account: &Account,
    secret: &str,
    password_error: Option<&str>,
    code_error: Option<&str>,
) -> HttpResponse {
    let Some(enrolment) = second_factor::enrolment(secret, &account.email) else {
        return link_not_usable(area);
    };
    let (csrf, cookie) = session::form_token(request);
    let action = format!("/studio/set-up/{token}");
    let body = view::set_up(
        &area.chrome(),
        &view::SetUpForm {
            csrf: &csrf,
            action: &action,
            email: &account.email,
            enrolment: &enrolment,
            password_error,
            code_error,
        },
    );
    let mut response = html(status, body);
    if let Some(cookie) = cookie {
        let _ = response.add_cookie(&cookie);
    }
    response
}

/// The set-up form's fields.
#[derive(Debug, Deserialize)]
pub struct SetUpFields {
    #[serde(default)]
    password: String,
    #[serde(default)]
    confirm: String,
    #[serde(default)]
    code: String,
}

/// `POST /studio/set-up/{token}`.
pub async fn submit(
    request: HttpRequest,
    token: web::Path<String>,
    post: PublicForm<SetUpFields>,
) -> HttpResponse {
    let PublicForm { area, form } = post;
    let staff_area = &area.staff_area;
    let (invite, account) = match usable(staff_area, &token).await {
        Ok(Some(found)) => found,
        Ok(None) => return link_not_usable(&area),
        Err(error) => return session::unavailable(&request, &error),
    };
    let Some(stored) = invite.totp_secret else {
        return link_not_usable(&area);
    };
    let Some(secret) = staff_area.keys.open(&stored, &account.id) else {
        return link_not_usable(&area);
    };
    let password_error = passwords::refusal_of_new(&form.password, &form.confirm, &account.email);
    let now = staff_area.clock.now_ms();
    let step = second_factor::check_code(&secret, &form.code, now, None);
    let code_error = step.is_none().then_some(
        "That code is not right. Check the app shows One Space studio and type the six digits it shows now.",
    );
    let Some(step) = step.filter(|_| password_error.is_none()) else {
        return set_up_page(
            &request,
            &area,
            StatusCode::UNPROCESSABLE_ENTITY,
            &token,
            &account,
            &secret,
            password_error.as_deref(),
            code_error,
        );
    };
    let Ok(hashed) = staff_area.passwords.hash(form.password).await else {
        return super::busy(&request);
    };
    let Some(phc) = hashed else {
        return session::refused_page(
            &request,
            StatusCode::INTERNAL_SERVER_ERROR,
            "Your password could not be stored",
            "Nothing was changed. Try again in a minute.",
        );
    };
    let hashed = second_factor::new_recovery_codes_hashed(&staff_area.passwords).await;
    let Ok(Some((codes, hashes))) = hashed else {
        return super::busy(&request);
    };
    let token_hash = tokens::digest(&token);
    let set_up = staff::SetUp {
        token_hash: &token_hash,
        account_id: &account.id,
        password_hash: &phc,
        totp_secret: &stored,
        totp_step: step,
        recovery_hashes: &hashes,
    };
    let done = staff::complete_set_up(&staff_area.store, &set_up, now).await;
    match done {
        Ok(true) => {
            audit::record(
                staff_area,
                Some(&account.email),
                Action::SetUpLinkUsed,
                "password and authenticator set up",
                &area.address,
            )
            .await;
            html(
                StatusCode::OK,
                view::set_up_done(&area.chrome(), &account.email, &codes),
            )
        }
        Ok(false) => link_not_usable(&area),
        Err(error) => session::unavailable(&request, &error),
    }
}
