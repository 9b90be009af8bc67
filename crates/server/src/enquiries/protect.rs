//! Checks every enquiry post passes before it is read: same-site origin, the client's rate
//! limit, the content type and the body size.

use std::net::IpAddr;

use actix_web::http::header;
use actix_web::web::{Bytes, Payload};
use actix_web::HttpRequest;

use super::error::EnquiryError;

/// Largest enquiry body accepted. The core's longest form (5,000-character messages) fits many
/// times over, even percent-encoded.
pub const BODY_LIMIT: usize = 32 * 1024;

/// Refuses posts made from another site's pages: `Sec-Fetch-Site: cross-site`, an opaque
/// (`null`) Origin, or an Origin that is neither the public URL nor the requested host. Requests
/// without either header (older browsers, scripts, curl) are allowed: a browser always sends one
/// on a cross-site post.
pub fn check_origin(request: &HttpRequest, public_url: &str) -> Result<(), EnquiryError> {
    let headers = request.headers();
    let fetch_site = headers
        .get("sec-fetch-site")
        .and_then(|value| value.to_str().ok());
    if fetch_site.is_some_and(|site| site.eq_ignore_ascii_case("cross-site")) {
        return Err(EnquiryError::CrossSite);
    }
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let origin = origin.to_str().map_err(|_| EnquiryError::CrossSite)?;
    if origin.eq_ignore_ascii_case(public_url) {
        return Ok(());
    }
    let origin_host = origin
        .split_once("://")
        .map(|(_, rest)| rest.trim_end_matches('/'));
    let host = headers
        .get(header::HOST)
        .and_then(|value| value.to_str().ok());
    match (origin_host, host) {
        (Some(origin_host), Some(host)) if origin_host.eq_ignore_ascii_case(host) => Ok(()),
        _ => Err(EnquiryError::CrossSite),
    }
}

/// The client's address: the connection's peer, or with `trust_proxy` the last address in
/// `X-Forwarded-For` (the one the studio's own proxy appended; earlier entries are whatever the
/// client claimed).
pub fn client_ip(request: &HttpRequest, trust_proxy: bool) -> Option<IpAddr> {
    if trust_proxy {
        let forwarded = request
            .headers()
            .get_all("x-forwarded-for")
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .filter_map(|part| part.trim().parse::<IpAddr>().ok())
            .last();
        if forwarded.is_some() {
            return forwarded;
        }
    }
    request.peer_addr().map(|addr| addr.ip())
}

/// Requires the media type `expected` (parameters such as `charset` are ignored).
pub fn check_content_type(
    request: &HttpRequest,
    expected: &'static str,
) -> Result<(), EnquiryError> {
    let given = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default();
    let essence = given.split(';').next().unwrap_or_default().trim();
    if essence.eq_ignore_ascii_case(expected) {
        Ok(())
    } else {
        Err(EnquiryError::UnsupportedMediaType {
            expected,
            given: if given.is_empty() {
                "no Content-Type".to_owned()
            } else {
                given.chars().take(100).collect()
            },
        })
    }
}

/// Reads the body, refusing more than [`BODY_LIMIT`] bytes before reading them when the client
/// announces the length.
pub async fn read_body(request: &HttpRequest, payload: Payload) -> Result<Bytes, EnquiryError> {
    let announced = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    if announced.is_some_and(|length| length > BODY_LIMIT as u64) {
        return Err(EnquiryError::TooLarge { limit: BODY_LIMIT });
    }
    match payload.to_bytes_limited(BODY_LIMIT).await {
        Ok(Ok(body)) => Ok(body),
        Ok(Err(error)) => Err(EnquiryError::BadRequest(format!(
            "The request body could not be read: {error}."
        ))),
        Err(_) => Err(EnquiryError::TooLarge { limit: BODY_LIMIT }),
    }
}
