//! Owners' staff page: the accounts, inviting someone (a new set-up link to send them) and
//! removing someone. Both actions ask for the owner's password again, so a session left open
//! on a shared computer cannot add or remove staff.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use super::html;
use super::normalise_email;
use super::see_other;
use super::sign_in::{password_refusal, reauthenticate, refused, retry_after, throttled_verdict};
use crate::audit::{self, Action};
use crate::cli;
use crate::session::{self, Staff, StaffForm};
use crate::views::staff as view;
use onespace_store::staff::{self, Role};

struct Shown<'a> {
    invite_email: &'a str,
    invite_role: &'a str,
    invite_error: Option<&'a str>,
    remove_error: Option<&'a str>,
    new_link: Option<(&'a str, &'a str, i64)>,
    notice: Option<&'a str>,
}

const NOTHING_SHOWN: Shown<'static> = Shown {
    invite_email: "",
    invite_role: "editor",
    invite_error: None,
    remove_error: None,
    new_link: None,
    notice: None,
};

async fn page(
    request: &HttpRequest,
    staff: &Staff,
    status: StatusCode,
    shown: Shown<'_>,
) -> HttpResponse {
    let accounts = match staff::accounts(&staff.staff_area().store).await {
        Ok(accounts) => accounts,
        Err(error) => return session::unavailable(request, &error),
    };
    let staff_area = staff.staff_area();
    let passkeys = if staff_area.passkeys.is_some() {
        let mut counts = HashMap::new();
        for account in &accounts {
            match onespace_store::passkeys::of_account(&staff_area.store, &account.id).await {
                Ok(found) => counts.insert(account.id.clone(), found.len()),
                Err(error) => return session::unavailable(request, &error),
            };
        }
        match crate::passkeys::required(&staff_area.store).await {
            Ok(required) => Some((counts, required)),
            Err(error) => return session::unavailable(request, &error),
        }
    } else {
        None
    };
    let members: Vec<view::Member> = accounts
        .into_iter()
        .map(|account| view::Member {
            passkeys: passkeys
                .as_ref()
                .and_then(|(counts, _)| counts.get(&account.id).copied()),
            is_you: account.id == staff.account.id,
            set_up: account.is_set_up(),
            role: if account.role == Role::Owner {
                "Owner"
            } else {
                "Editor"
            },
            added_at: account.created_at,
            id: account.id,
            email: account.email,
        })
        .collect();
    html(
        status,
        view::list(
            &staff.chrome(),
            &view::StaffPage {
                members: &members,
                invite_email: shown.invite_email,
                invite_role: shown.invite_role,
                invite_error: shown.invite_error,
                remove_error: shown.remove_error,
                new_link: shown.new_link,
                notice: shown.notice,
                passkeys_required: passkeys.as_ref().map(|(_, required)| *required),
            },
        ),
    )
}

/// `GET /studio/staff`.
pub async fn list(
    request: HttpRequest,
    staff: Staff,
    query: web::Query<HashMap<String, String>>,
) -> HttpResponse {
    let notice = query
        .contains_key("removed")
        .then_some("Removed. Their sessions have ended.");
    page(
        &request,
        &staff,
        StatusCode::OK,
        Shown {
            notice,
            ..NOTHING_SHOWN
        },
    )
    .await
}

/// The invitation's fields.
#[derive(Debug, Deserialize)]
pub struct InviteFields {
    #[serde(default)]
    email: String,
    #[serde(default)]
    role: String,
    #[serde(default)]
    password: String,
}

/// `POST /studio/staff/invite`.
pub async fn invite(request: HttpRequest, post: StaffForm<InviteFields>) -> HttpResponse {
    let StaffForm { staff, form } = post;
    let staff_area = staff.staff_area();
    let email = normalise_email(&form.email);
    let role = Role::parse(&form.role);
    let shown_email: String = form.email.trim().chars().take(254).collect();
    let refuse = |error: String| (StatusCode::UNPROCESSABLE_ENTITY, error);
    let checked = reauthenticate(
        &staff,
        form.password,
        "wrong password confirming an invitation",
    )
    .await;
    let verdict = throttled_verdict(&checked);
    let refusal = if let Some(refused) = refused(
        &request,
        checked,
        "Your password is not right, so nobody was invited.",
    ) {
        match refused {
            Ok(refusal) => Some(refusal),
            Err(response) => return response,
        }
    } else if let Err(message) = cli::check_email(&email) {
        Some(refuse(message))
    } else if role.is_none() {
        Some(refuse("Choose a role: Editor or Owner.".to_owned()))
    } else {
        None
    };
    if let Some((status, error)) = refusal {
        let shown = Shown {
            invite_email: &shown_email,
            invite_role: &form.role,
            invite_error: Some(&error),
            ..NOTHING_SHOWN
        };
        return retry_after(page(&request, &staff, status, shown).await, verdict);
    }
    let role = role.unwrap_or(Role::Editor);
    match cli::invite(
        &staff_area.store,
        &email,
        role,
        &staff_area.public_url,
        staff_area.clock.now_ms(),
    )
    .await
    {
        Ok(cli::Invited::Link {
            url,
            expires_at,
            replaced,
        }) => {
            audit::record(
                staff_area,
                Some(&staff.account.email),
                Action::SetUpLinkMade,
                &replaced.detail(&email, role),
                &staff.area.address,
            )
            .await;
            let shown = Shown {
                new_link: Some((&email, &url, expires_at)),
                ..NOTHING_SHOWN
            };
            page(&request, &staff, StatusCode::OK, shown).await
        }
        Ok(cli::Invited::AlreadySetUp) => {
            let error = format!("{email} already has an account.");
            let shown = Shown {
                invite_email: &shown_email,
                invite_role: role.as_str(),
                invite_error: Some(&error),
                ..NOTHING_SHOWN
            };
            page(&request, &staff, StatusCode::CONFLICT, shown).await
        }
        Err(error) => session::unavailable(&request, &error),
    }
}

/// The removal's fields.
#[derive(Debug, Deserialize)]
pub struct RemoveFields {
    #[serde(default)]
    password: String,
}

/// `POST /studio/staff/{id}/remove`.
pub async fn remove(
    request: HttpRequest,
    id: web::Path<String>,
    post: StaffForm<RemoveFields>,
) -> HttpResponse {
    let StaffForm { staff, form } = post;
    let staff_area = staff.staff_area();
    let refusal = password_refusal(
        &request,
        &staff,
        form.password,
        "wrong password confirming a removal",
        "Your password is not right, so nobody was removed.",
        async |status, error| {
            let shown = Shown {
                remove_error: Some(&error),
                ..NOTHING_SHOWN
            };
            page(&request, &staff, status, shown).await
        },
    )
    .await;
    if let Some(refusal) = refusal {
        return refusal;
    }
    if *id == staff.account.id {
        let shown = Shown {
            remove_error: Some("You cannot remove your own account here. Ask another owner."),
            ..NOTHING_SHOWN
        };
        return page(&request, &staff, StatusCode::UNPROCESSABLE_ENTITY, shown).await;
    }
    let target = match staff::account_by_id(&staff_area.store, &id).await {
        Ok(Some(target)) => target,
        Ok(None) => return see_other("/studio/staff?removed=1"),
        Err(error) => return session::unavailable(&request, &error),
    };
    match staff::delete_account(&staff_area.store, &target.id).await {
        Ok(_) => {
            audit::record(
                staff_area,
                Some(&staff.account.email),
                Action::StaffRemoved,
                &format!("{} ({})", target.email, target.role.as_str()),
                &staff.area.address,
            )
            .await;
            see_other("/studio/staff?removed=1")
        }
        Err(error) => session::unavailable(&request, &error),
    }
}
