//! Checks every enquiry post passes: same-site origin, the content type, no content coding, the
//! body size and the time it takes to arrive (before it is read), and the client's rate limit
//! (`super::rate_limit`).

use std::pin::Pin;
use std::sync::OnceLock;
use std::time::Duration;

use actix_web::http::header;
use actix_web::web::{Bytes, BytesMut, Payload};
use actix_web::HttpRequest;
use futures_core::Stream;
use onespace_core::forms::{schema, FormName, BODY_BYTES_PER_CHAR_MAX};

use super::error::EnquiryError;

/// Room in a body beyond the fields' values: JSON's quotes, colons, commas and whitespace, the
/// `formType` and an empty honeypot.
const FRAMING_BYTES: usize = 1024;

/// Longest a body may take to arrive once its request head is in (the head itself has actix's
/// client request timeout): a stalled or trickling upload is answered 408 instead of holding a
/// worker, and a stop of the server never waits on one for long (see `main`'s shutdown grace).
/// An enquiry is at most tens of kilobytes, which even a poor mobile connection sends in a few
/// seconds.
pub const BODY_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// Largest enquiry body accepted, in bytes: the largest legitimate post, every field of the
/// largest form at its character limit in characters that take the most bytes (four-byte UTF-8,
/// percent-encoded by a browser's form post or `\u`-escaped as a JSON surrogate pair: 12 bytes
/// each), plus the field names and [`FRAMING_BYTES`]. So no valid enquiry in any script is
/// refused for its size, and anything larger is refused before it is read.
pub fn body_limit() -> usize {
    static LIMIT: OnceLock<usize> = OnceLock::new();
    *LIMIT.get_or_init(|| {
        [
            FormName::Contact,
            FormName::InvestmentInterest,
            FormName::InvestorContact,
            FormName::Membership,
        ]
        .into_iter()
        .map(|form| {
            schema(form)
                .fields
                .iter()
                // `&name=` and the value
                .map(|field| field.name.len() + 2 + field.max_length * BODY_BYTES_PER_CHAR_MAX)
                .sum::<usize>()
        })
        .max()
        .unwrap_or_default()
            + FRAMING_BYTES
    })
}

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

/// Refuses a body with a content coding (`Content-Encoding` other than `identity`): see
/// [`EnquiryError::EncodedBody`].
pub fn check_content_encoding(request: &HttpRequest) -> Result<(), EnquiryError> {
    let codings: Vec<String> = request
        .headers()
        .get_all(header::CONTENT_ENCODING)
        .map(|value| String::from_utf8_lossy(value.as_bytes()).into_owned())
        .flat_map(|value| {
            value
                .split(',')
                .map(|coding| coding.trim().to_owned())
                .collect::<Vec<_>>()
        })
        .filter(|coding| !coding.is_empty() && !coding.eq_ignore_ascii_case("identity"))
        .collect();
    if codings.is_empty() {
        Ok(())
    } else {
        Err(EnquiryError::EncodedBody {
            given: codings.join(", ").chars().take(100).collect(),
        })
    }
}

/// Reads the body, refusing more than [`body_limit`] bytes (before reading them when the client
/// announces the length) and a body that takes longer than [`BODY_READ_TIMEOUT`]. A stalled body
/// is refused with what had arrived, so a form post can show the visitor what they had typed.
pub async fn read_body(request: &HttpRequest, mut payload: Payload) -> Result<Bytes, EnquiryError> {
    let limit = body_limit();
    let announced = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    if announced.is_some_and(|length| length > limit as u64) {
        return Err(EnquiryError::TooLarge { limit });
    }
    let mut body = BytesMut::new();
    let read = async {
        while let Some(chunk) =
            std::future::poll_fn(|context| Pin::new(&mut payload).poll_next(context)).await
        {
            let chunk = chunk.map_err(|error| {
                EnquiryError::BadRequest(format!("The request body could not be read: {error}."))
            })?;
            if body.len() + chunk.len() > limit {
                return Err(EnquiryError::TooLarge { limit });
            }
            body.extend_from_slice(&chunk);
        }
        Ok(())
    };
    match tokio::time::timeout(BODY_READ_TIMEOUT, read).await {
        Ok(Ok(())) => Ok(body.freeze()),
        Ok(Err(error)) => Err(error),
        Err(_) => Err(EnquiryError::Timeout {
            received: body.freeze(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_body_limit_fits_the_largest_form_in_four_byte_characters() {
        // Contact and membership: 5,584 characters of fields at 12 bytes each.
        let values = (100 + 100 + 254 + 30 + 100 + 5000) * 12;
        assert!(body_limit() > values, "{}", body_limit());
        assert!(
            body_limit() < values + 2 * FRAMING_BYTES,
            "{}",
            body_limit()
        );
    }
}
