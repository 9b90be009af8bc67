//! Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): a browser
//! that signed in to an account fully (password and code, a recovery code, or a passkey) is
//! given [`DEVICE_COOKIE`], a random token whose SHA-256 the database keeps with the account's
//! e-mail key for [`DEVICE_MS`]. When that browser tries that account's secrets again, the
//! throttle counts its attempts apart, under the device's own key, and not under the account's
//! address or the client's network. So someone guessing an owner's password from elsewhere can
//! pause sign-in for everyone else, but not for the owner's own browsers; and a stolen device
//! cookie only buys its own ten guesses per 15 minutes, like any client.

use actix_web::cookie::{time, Cookie, SameSite};
use actix_web::HttpRequest;

use crate::tokens;
use crate::StaffArea;
use onespace_store::staff;
use onespace_store::StorageError;

/// The device cookie.
pub const DEVICE_COOKIE: &str = "__Host-onespace-studio-device";

/// How long a browser is remembered after signing in: 180 days.
pub const DEVICE_MS: i64 = 180 * 24 * 60 * 60 * 1000;

/// The throttle's keys of an attempt at the secrets of the account of `email_key` from
/// `request`: (the account's key, the client's) as given, or the device's own key twice when
/// the browser holds a live device cookie of that account.
pub async fn attempt_keys(
    staff_area: &StaffArea,
    request: &HttpRequest,
    email_key: &str,
    network: &str,
) -> Result<(String, String), StorageError> {
    if let Some(token_hash) = device_of(staff_area, request, email_key).await? {
        let key = format!("device {token_hash}");
        return Ok((key.clone(), key));
    }
    Ok((email_key.to_owned(), network.to_owned()))
}

/// The SHA-256 of the browser's device cookie, when it is a live one of the account of
/// `email_key`.
async fn device_of(
    staff_area: &StaffArea,
    request: &HttpRequest,
    email_key: &str,
) -> Result<Option<String>, StorageError> {
    let Some(cookie) = request.cookie(DEVICE_COOKIE) else {
        return Ok(None);
    };
    if !tokens::well_formed(cookie.value()) {
        return Ok(None);
    }
    let token_hash = tokens::digest(cookie.value());
    let now = staff_area.clock.now_ms();
    let known = staff::device_email_key(&staff_area.store, &token_hash, now).await?;
    Ok(known
        .filter(|known| tokens::same(known, email_key))
        .map(|_| token_hash))
}

/// After a full sign-in to the account of `email`: the device cookie to set, unless the
/// browser already holds a live one of that account.
pub async fn remember(
    staff_area: &StaffArea,
    request: &HttpRequest,
    email: &str,
) -> Result<Option<Cookie<'static>>, StorageError> {
    let email_key = tokens::digest(email);
    if device_of(staff_area, request, &email_key).await?.is_some() {
        return Ok(None);
    }
    let token = tokens::random_token();
    let expires_at = staff_area.clock.now_ms() + DEVICE_MS;
    staff::insert_device(
        &staff_area.store,
        &tokens::digest(&token),
        &email_key,
        expires_at,
    )
    .await?;
    Ok(Some(
        Cookie::build(DEVICE_COOKIE, token)
            .path("/")
            .secure(true)
            .http_only(true)
            .same_site(SameSite::Strict)
            .max_age(time::Duration::milliseconds(DEVICE_MS))
            .finish(),
    ))
}
