//! The studio area's handlers: each takes the guard's extractor (see `super::session`), does its
//! work through `super::store`, and renders a template from `super::views` with plain values.

pub mod account;
pub mod audit_log;
pub mod inbox;
pub mod set_up;
pub mod sign_in;
pub mod staff;

use actix_web::http::{header, StatusCode};
use actix_web::HttpResponse;

use super::session::private;

/// A rendered page with `status`, private to the area.
pub fn html(status: StatusCode, body: String) -> HttpResponse {
    private(
        HttpResponse::build(status)
            .content_type("text/html; charset=utf-8")
            .body(body),
    )
}

/// 303 to `location`, private to the area.
pub fn see_other(location: &str) -> HttpResponse {
    private(
        HttpResponse::SeeOther()
            .insert_header((header::LOCATION, location.to_owned()))
            .finish(),
    )
}

/// A form with no fields but its token.
#[derive(Debug, serde::Deserialize)]
pub struct NoFields {}

/// An e-mail address as accounts are keyed: trimmed, lower case.
pub fn normalise_email(typed: &str) -> String {
    typed.trim().to_lowercase()
}

/// Checks a password against a stored hash on a blocking thread (argon2 takes tens of
/// milliseconds of CPU, which must not hold a worker's event loop).
pub async fn verify_password(phc: String, password: String) -> bool {
    actix_web::web::block(move || super::passwords::verify(&phc, &password))
        .await
        .unwrap_or(false)
}

/// Hashes a new password on a blocking thread.
pub async fn hash_password(password: String) -> Option<String> {
    actix_web::web::block(move || super::passwords::hash(&password).ok())
        .await
        .ok()
        .flatten()
}
