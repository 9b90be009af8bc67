//! A staff member's own account: where they are signed in, signing out everywhere, changing
//! their password (which signs out everywhere else), their passkeys (added in
//! `super::passkeys`) and making new recovery codes.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use super::busy;
use super::html;
use super::see_other;
use super::sign_in::password_refusal;
use super::NoFields;
use crate::audit::{self, Action};
use crate::passwords;
use crate::second_factor;
use crate::session::{self, Staff, StaffForm};
use crate::views::account as view;
use onespace_store::staff::{self, Role};

/// `GET /studio/account`.
pub async fn show(
    request: HttpRequest,
    staff: Staff,
    query: web::Query<HashMap<String, String>>,
) -> HttpResponse {
    let staff_area = staff.staff_area();
    let sessions = staff::sessions_of(&staff_area.store, &staff.account.id).await;
    let left = staff::recovery_codes_left(&staff_area.store, &staff.account.id).await;
    let (sessions, left) = match (sessions, left) {
        (Ok(sessions), Ok(left)) => (sessions, left),
        (Err(error), _) | (_, Err(error)) => return session::unavailable(&request, &error),
    };
    let lines: Vec<view::SessionLine> = sessions
        .into_iter()
        .map(|session| view::SessionLine {
            started_at: session.created_at,
            last_seen_at: session.last_seen_at,
            current: session.id_hash == staff.session.id_hash,
            address: session.address,
        })
        .collect();
    let notice = if query.contains_key("changed") {
        Some("Your password is changed. Every other session was signed out.")
    } else if query.contains_key("passkey-added") {
        Some("Your passkey is added. Next time, choose \"Sign in with a passkey\" on the sign-in page.")
    } else if query.contains_key("passkey-needed") {
        Some("The studio's owners ask everyone to sign in with a passkey. Add yours below to carry on.")
    } else {
        None
    };
    let passkeys = match passkeys_shown(staff_area, &staff.account.id).await {
        Ok(passkeys) => passkeys,
        Err(error) => return session::unavailable(&request, &error),
    };
    let shown = passkeys
        .as_ref()
        .map(|(lines, required)| view::PasskeysShown {
            lines,
            required: *required,
        });
    let script = shown
        .is_some()
        .then(|| session::passkey_links(&request))
        .flatten();
    let role = if staff.account.role == Role::Owner {
        "Owner"
    } else {
        "Editor"
    };
    html(
        StatusCode::OK,
        view::show(
            &staff.chrome().with_script(script.as_ref()),
            &staff.account.email,
            role,
            left,
            &lines,
            shown.as_ref(),
            notice,
        ),
    )
}

/// The account's passkeys and whether owners require them, when passkeys work here.
async fn passkeys_shown(
    staff_area: &crate::StaffArea,
    account_id: &str,
) -> Result<Option<(Vec<view::PasskeyLine>, bool)>, onespace_store::StorageError> {
    if staff_area.passkeys.is_none() {
        return Ok(None);
    }
    let lines = onespace_store::passkeys::of_account(&staff_area.store, account_id)
        .await?
        .into_iter()
        .map(|stored| view::PasskeyLine {
            added_at: stored.created_at,
            last_used_at: stored.last_used_at,
        })
        .collect();
    let required = crate::passkeys::required(&staff_area.store).await?;
    Ok(Some((lines, required)))
}

/// `POST /studio/account/sign-out-everywhere`: ends every session of the account, this one too.
pub async fn sign_out_everywhere(request: HttpRequest, post: StaffForm<NoFields>) -> HttpResponse {
    let staff = post.staff;
    let staff_area = staff.staff_area();
    match staff::delete_sessions_of(&staff_area.store, &staff.account.id).await {
        Ok(ended) => {
            audit::record(
                staff_area,
                Some(&staff.account.email),
                Action::SignOutEverywhere,
                &format!("{ended} session(s) ended"),
                &staff.area.address,
            )
            .await;
            let mut response = see_other("/studio/sign-in?signed-out=1");
            let _ = response.add_removal_cookie(&session::session_cookie(String::new()));
            response
        }
        Err(error) => session::unavailable(&request, &error),
    }
}

/// `GET /studio/account/password`.
pub async fn password_form(staff: Staff) -> HttpResponse {
    html(StatusCode::OK, view::password(&staff.chrome(), None, None))
}

/// The password change's fields.
#[derive(Debug, Deserialize)]
pub struct PasswordFields {
    #[serde(default)]
    current: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    confirm: String,
}

/// `POST /studio/account/password`.
pub async fn password_submit(
    request: HttpRequest,
    post: StaffForm<PasswordFields>,
) -> HttpResponse {
    let StaffForm { staff, form } = post;
    let staff_area = staff.staff_area();
    let refusal = password_refusal(
        &request,
        &staff,
        form.current,
        "wrong current password at password change",
        "That is not your current password.",
        async |status, words| html(status, view::password(&staff.chrome(), Some(&words), None)),
    )
    .await;
    if let Some(refusal) = refusal {
        return refusal;
    }
    let refusal = passwords::refusal_of_new(&form.password, &form.confirm, &staff.account.email);
    if let Some(refusal) = refusal {
        return html(
            StatusCode::UNPROCESSABLE_ENTITY,
            view::password(&staff.chrome(), None, Some(&refusal)),
        );
    }
    let Ok(hashed) = staff_area.passwords.hash(form.password).await else {
        return busy(&request);
    };
    let Some(phc) = hashed else {
        return session::refused_page(
            &request,
            StatusCode::INTERNAL_SERVER_ERROR,
            "Your password could not be changed",
            "Nothing was changed. Try again in a minute.",
        );
    };
    match staff::change_password(
        &staff_area.store,
        &staff.account.id,
        &phc,
        &staff.session.id_hash,
    )
    .await
    {
        Ok(()) => {
            audit::record(
                staff_area,
                Some(&staff.account.email),
                Action::PasswordChanged,
                "other sessions ended",
                &staff.area.address,
            )
            .await;
            see_other("/studio/account?changed=1")
        }
        Err(error) => session::unavailable(&request, &error),
    }
}

/// `GET /studio/account/recovery-codes`.
pub async fn recovery_codes_form(staff: Staff) -> HttpResponse {
    html(
        StatusCode::OK,
        view::recovery_codes_form(&staff.chrome(), None),
    )
}

/// The new recovery codes' fields.
#[derive(Debug, Deserialize)]
pub struct RecoveryCodesFields {
    #[serde(default)]
    current: String,
}

/// `POST /studio/account/recovery-codes`: ten new codes replace every old one (used or not),
/// after the password typed again; shown once.
pub async fn recovery_codes_submit(
    request: HttpRequest,
    post: StaffForm<RecoveryCodesFields>,
) -> HttpResponse {
    let StaffForm { staff, form } = post;
    let staff_area = staff.staff_area();
    let refusal = password_refusal(
        &request,
        &staff,
        form.current,
        "wrong password when making new recovery codes",
        "That is not your password.",
        async |status, words| {
            html(
                status,
                view::recovery_codes_form(&staff.chrome(), Some(&words)),
            )
        },
    )
    .await;
    if let Some(refusal) = refusal {
        return refusal;
    }
    let Ok(Some((codes, hashes))) =
        second_factor::new_recovery_codes_hashed(&staff_area.passwords).await
    else {
        return busy(&request);
    };
    if let Err(error) =
        staff::replace_recovery_codes(&staff_area.store, &staff.account.id, &hashes).await
    {
        return session::unavailable(&request, &error);
    }
    audit::record(
        staff_area,
        Some(&staff.account.email),
        Action::RecoveryCodesReplaced,
        "",
        &staff.area.address,
    )
    .await;
    html(
        StatusCode::OK,
        view::recovery_codes_made(&staff.chrome(), &codes),
    )
}
