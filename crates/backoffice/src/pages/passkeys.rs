//! Passkeys ([`crate::passkeys`]): adding one from the account page (after typing one's
//! password again), signing in with one alone, and the owners' controls (require them of
//! everyone; remove a person's passkeys when one is lost). The browser's side is the sign-in
//! and account pages' script (`frontend/src/backoffice/passkey.ts`), which asks for JSON.

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use super::see_other;
use super::sign_in::{end_current_session, reauthenticate, Reauthentication, TOO_MANY};
use super::NoFields;
use crate::audit::{self, Action};
use crate::devices;
use crate::passkeys::{self, Refused};
use crate::session::{self, Area, PublicForm, Staff, StaffForm, FORM_COOKIE};
use crate::throttle;
use crate::tokens;
use onespace_store::passkeys as store;
use onespace_store::staff::{self, Stage};

/// Longest answer from the browser looked at (a passkey's answer is one or two kilobytes).
const ANSWER_BYTES_MAX: usize = 16 * 1024;

/// What the browser is told when a passkey is refused (the audit log says why).
const NOT_ACCEPTED: &str =
    "That passkey was not accepted. Try again, or sign in with your password.";

/// A JSON answer with `status`, private to the area.
fn json(status: StatusCode, body: &serde_json::Value) -> HttpResponse {
    session::private(HttpResponse::build(status).json(body))
}

/// A refusal the page shows as `message`.
fn refusal(status: StatusCode, message: &str) -> HttpResponse {
    json(status, &serde_json::json!({ "error": message }))
}

/// The next page to go to.
fn next(location: &str) -> HttpResponse {
    json(StatusCode::OK, &serde_json::json!({ "next": location }))
}

/// The answer where passkeys cannot be used: the site has no domain name to bind them to.
fn no_passkeys() -> HttpResponse {
    refusal(
        StatusCode::NOT_FOUND,
        "Passkeys work only when the site has a domain name.",
    )
}

fn unavailable(request: &HttpRequest, error: &onespace_store::StorageError) -> HttpResponse {
    session::unavailable(request, error)
}

/// The fields of the account page's "Add a passkey" form.
#[derive(Debug, Deserialize)]
pub struct AddFields {
    #[serde(default)]
    current: String,
}

/// The browser's answer to a ceremony, as JSON text in a form field.
#[derive(Debug, Deserialize)]
pub struct AnswerFields {
    #[serde(default)]
    credential: String,
}

/// `POST /studio/account/passkeys/start`: after the password typed again, the options the
/// browser's passkey prompt needs.
pub async fn add_start(request: HttpRequest, post: StaffForm<AddFields>) -> HttpResponse {
    let StaffForm { staff, form } = post;
    let staff_area = staff.staff_area();
    let Some(rp) = staff_area.passkeys.as_ref() else {
        return no_passkeys();
    };
    match reauthenticate(&staff, form.current, "wrong password when adding a passkey").await {
        Ok(Reauthentication::Confirmed) => {}
        Ok(Reauthentication::Wrong) => {
            return refusal(StatusCode::FORBIDDEN, "That is not your password.")
        }
        Ok(Reauthentication::Throttled(verdict)) => {
            return super::sign_in::throttled(
                refusal(
                    StatusCode::TOO_MANY_REQUESTS,
                    &verdict.message().unwrap_or_default(),
                ),
                verdict,
            )
        }
        Ok(Reauthentication::Busy) => return super::busy(&request),
        Err(error) => return unavailable(&request, &error),
    }
    let existing = match store::of_account(&staff_area.store, &staff.account.id).await {
        Ok(existing) => existing,
        Err(error) => return unavailable(&request, &error),
    };
    let Some((options, state)) = rp.start_registration(&staff.account, &existing) else {
        return refusal(
            StatusCode::INTERNAL_SERVER_ERROR,
            "A passkey cannot be added just now. Try again in a minute.",
        );
    };
    let expires_at = staff_area.clock.now_ms() + passkeys::CEREMONY_MS;
    let key = registration_key(&staff);
    if let Err(error) = store::put_ceremony(&staff_area.store, &key, &state, expires_at).await {
        return unavailable(&request, &error);
    }
    json(StatusCode::OK, &options)
}

/// The ceremony key of a registration: the session's.
fn registration_key(staff: &Staff) -> String {
    format!("register {}", staff.session.id_hash)
}

/// `POST /studio/account/passkeys/finish`: stores the passkey the browser made.
pub async fn add_finish(request: HttpRequest, post: StaffForm<AnswerFields>) -> HttpResponse {
    let StaffForm { staff, form } = post;
    let staff_area = staff.staff_area();
    let Some(rp) = staff_area.passkeys.as_ref() else {
        return no_passkeys();
    };
    let now = staff_area.clock.now_ms();
    let state = match store::take_ceremony(&staff_area.store, &registration_key(&staff), now).await
    {
        Ok(state) => state,
        Err(error) => return unavailable(&request, &error),
    };
    let made = match state {
        Some(state) if form.credential.len() <= ANSWER_BYTES_MAX => {
            rp.finish_registration(&form.credential, &state)
        }
        Some(_) => Err(Refused::Invalid("answer too long".to_owned())),
        None => Err(Refused::NoCeremony),
    };
    let stored = match made {
        Ok(passkey) => passkeys::to_store(&staff.account.id, &passkey, now),
        Err(refused) => {
            tracing::info!(target: "onespace::backoffice", detail = %refused.detail(), "staff area: passkey not added");
            return refusal(
                StatusCode::UNPROCESSABLE_ENTITY,
                "The passkey was not added. Start again from this page.",
            );
        }
    };
    let Some(stored) = stored else {
        return refusal(
            StatusCode::INTERNAL_SERVER_ERROR,
            "The passkey was not added. Start again from this page.",
        );
    };
    match store::insert(&staff_area.store, &stored).await {
        Ok(true) => {}
        Ok(false) => return refusal(StatusCode::CONFLICT, "That passkey is already added."),
        Err(error) => return unavailable(&request, &error),
    }
    audit::record(
        staff_area,
        Some(&staff.account.email),
        Action::PasskeyAdded,
        "",
        &staff.area.address,
    )
    .await;
    next("/studio/account?passkey-added=1")
}

/// The ceremony key of a sign-in: the sign-in form's browser token (whose cookie the form post
/// was checked against).
fn sign_in_key(request: &HttpRequest) -> Option<String> {
    request
        .cookie(FORM_COOKIE)
        .map(|cookie| format!("sign-in {}", tokens::digest(cookie.value())))
}

/// `POST /studio/sign-in/passkey/start`: the options the browser's passkey prompt needs.
pub async fn sign_in_start(request: HttpRequest, post: PublicForm<NoFields>) -> HttpResponse {
    let staff_area = &post.area.staff_area;
    let Some(rp) = staff_area.passkeys.as_ref() else {
        return no_passkeys();
    };
    let (Some((options, state)), Some(key)) = (rp.start_sign_in(), sign_in_key(&request)) else {
        return refusal(
            StatusCode::INTERNAL_SERVER_ERROR,
            "Passkeys cannot be used just now. Sign in with your password.",
        );
    };
    let expires_at = staff_area.clock.now_ms() + passkeys::CEREMONY_MS;
    if let Err(error) = store::put_ceremony(&staff_area.store, &key, &state, expires_at).await {
        return unavailable(&request, &error);
    }
    json(StatusCode::OK, &options)
}

/// `POST /studio/sign-in/passkey`: signs in with the passkey the browser's answer is signed by,
/// if it is registered here and the answer is this site's, to the challenge this browser was
/// given, and not seen before. Counted by the throttle like a password.
pub async fn sign_in_finish(request: HttpRequest, post: PublicForm<AnswerFields>) -> HttpResponse {
    let PublicForm { area, form } = post;
    let staff_area = &area.staff_area;
    let Some(rp) = staff_area.passkeys.as_ref() else {
        return no_passkeys();
    };
    let now = staff_area.clock.now_ms();
    let state = match sign_in_key(&request) {
        Some(key) => match store::take_ceremony(&staff_area.store, &key, now).await {
            Ok(state) => state,
            Err(error) => return unavailable(&request, &error),
        },
        None => None,
    };
    let identified = if form.credential.len() > ANSWER_BYTES_MAX {
        Err(Refused::Invalid("answer too long".to_owned()))
    } else {
        rp.identify(&form.credential)
    };
    let (answer, user, id) = match identified {
        Ok(identified) => identified,
        Err(refused) => return passkey_refused(&area, None, &refused).await,
    };
    let stored = match store::by_id(&staff_area.store, &id).await {
        Ok(stored) => stored.filter(|stored| stored.account_id == user),
        Err(error) => return unavailable(&request, &error),
    };
    let account = match &stored {
        Some(stored) => match staff::account_by_id(&staff_area.store, &stored.account_id).await {
            Ok(account) => account.filter(|account| account.is_set_up()),
            Err(error) => return unavailable(&request, &error),
        },
        None => None,
    };
    // Counted like a password: per account when the passkey is known, else per passkey id.
    let email_key = match &account {
        Some(account) => tokens::digest(&account.email),
        None => tokens::digest(&format!("passkey {id}")),
    };
    let actor = account.as_ref().map(|account| account.email.clone());
    let keys = devices::attempt_keys(staff_area, &request, &email_key, &area.network).await;
    let (email_key, network) = match keys {
        Ok(keys) => keys,
        Err(error) => return unavailable(&request, &error),
    };
    let reservation = match throttle::reserve(staff_area, &email_key, &network).await {
        Ok(Ok(reservation)) => reservation,
        Ok(Err(verdict)) => {
            audit::record_refusal(staff_area, actor.as_deref(), TOO_MANY, &area.address).await;
            let message = verdict.message().unwrap_or_default();
            return super::sign_in::throttled(
                refusal(StatusCode::TOO_MANY_REQUESTS, &message),
                verdict,
            );
        }
        Err(error) => return unavailable(&request, &error),
    };
    let (Some(stored), Some(account)) = (stored, account) else {
        return passkey_refused(&area, None, &Refused::Unknown).await;
    };
    let checked = match state {
        Some(state) => rp.finish_sign_in(&answer, &state, &stored),
        None => Err(Refused::NoCeremony),
    };
    let passkey = match checked {
        Ok(passkey) => passkey,
        Err(refused) => return passkey_refused(&area, Some(&account.email), &refused).await,
    };
    if let Err(error) = reservation.succeeded(staff_area).await {
        return unavailable(&request, &error);
    }
    if let Some(updated) = passkeys::to_store(&account.id, &passkey, now) {
        if let Err(error) =
            store::used(&staff_area.store, &stored.id, &updated.credential, now).await
        {
            return unavailable(&request, &error);
        }
    }
    if let Err(error) = end_current_session(staff_area, &request).await {
        return unavailable(&request, &error);
    }
    let cookie = match session::start(staff_area, &account, Stage::SignedIn, &area.address).await {
        Ok(cookie) => cookie,
        Err(error) => return unavailable(&request, &error),
    };
    audit::record(
        staff_area,
        Some(&account.email),
        Action::SignInWithPasskey,
        "",
        &area.address,
    )
    .await;
    let device = match devices::remember(staff_area, &request, &account.email).await {
        Ok(device) => device,
        Err(error) => return unavailable(&request, &error),
    };
    let mut response = next("/studio/enquiries");
    for cookie in std::iter::once(cookie).chain(device) {
        let _ = response.add_cookie(&cookie);
    }
    response
}

/// The answer to a refused passkey sign-in, recorded in the audit log (once per window per
/// account or client, like a wrong password).
async fn passkey_refused(area: &Area, actor: Option<&str>, refused: &Refused) -> HttpResponse {
    audit::record_refusal(&area.staff_area, actor, &refused.detail(), &area.address).await;
    refusal(StatusCode::FORBIDDEN, NOT_ACCEPTED)
}

/// The owners' "require passkeys" form.
#[derive(Debug, Deserialize)]
pub struct RequiredFields {
    #[serde(default)]
    required: String,
}

/// `POST /studio/staff/passkeys`: requires a passkey of every staff member, or stops.
pub async fn set_required(request: HttpRequest, post: StaffForm<RequiredFields>) -> HttpResponse {
    let StaffForm { staff, form } = post;
    let staff_area = staff.staff_area();
    let required = form.required == "yes";
    let value = if required { "yes" } else { "no" };
    if let Err(error) =
        store::set_setting(&staff_area.store, passkeys::REQUIRED_SETTING, value).await
    {
        return unavailable(&request, &error);
    }
    let detail = if required {
        "required"
    } else {
        "no longer required"
    };
    audit::record(
        staff_area,
        Some(&staff.account.email),
        Action::PasskeysRequired,
        detail,
        &staff.area.address,
    )
    .await;
    see_other("/studio/staff")
}

/// `POST /studio/staff/{id}/passkeys/remove`: an owner removes every passkey of a staff
/// member who lost one; they sign in with their password and code again, and add a new one.
pub async fn reset(
    request: HttpRequest,
    post: StaffForm<NoFields>,
    path: web::Path<String>,
) -> HttpResponse {
    let staff = post.staff;
    let staff_area = staff.staff_area();
    let account = match staff::account_by_id(&staff_area.store, &path).await {
        Ok(Some(account)) => account,
        Ok(None) => {
            return session::refused_page(
                &request,
                StatusCode::NOT_FOUND,
                "No such staff member",
                "They may have been removed already.",
            )
        }
        Err(error) => return unavailable(&request, &error),
    };
    let removed = match store::delete_all_of(&staff_area.store, &account.id).await {
        Ok(removed) => removed,
        Err(error) => return unavailable(&request, &error),
    };
    audit::record(
        staff_area,
        Some(&staff.account.email),
        Action::PasskeysReset,
        &format!("{} ({removed} removed)", account.email),
        &staff.area.address,
    )
    .await;
    see_other("/studio/staff")
}
