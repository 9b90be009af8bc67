//! Every way a posted enquiry can be refused, with one mapping to each medium: the status and
//! headers ([`EnquiryError::response_head`]) are shared; the JSON API answers
//! `{"ok":false,"error":"..."}`, or for field problems `{"ok":false,"errors":{"field":"message"}}`
//! with the core's messages (the `ResponseError` impl); a no-JavaScript form post gets its page
//! again with the same messages at the form ([`EnquiryError::form_errors`]).

use std::collections::BTreeMap;

use actix_web::http::{header, StatusCode};
use actix_web::web::Bytes;
use actix_web::{HttpResponse, HttpResponseBuilder, ResponseError};
use onespace_core::forms::{group_thousands, TEXT_MAX};

use onespace_store::StorageError;

/// Why an enquiry was not accepted.
#[derive(Debug, thiserror::Error)]
pub enum EnquiryError {
    /// The request came from another site's page (Origin or Sec-Fetch-Site): 403.
    #[error("Enquiries can only be sent from the One Space website's own pages.")]
    CrossSite,
    /// Too many posts from this client: 429 with Retry-After.
    #[error(
        "Too many enquiries from your connection. Please wait {retry_after} seconds and try again."
    )]
    RateLimited {
        /// Seconds until the next post is accepted.
        retry_after: u64,
    },
    /// Not JSON (the API) or not a urlencoded form (the pages): 415.
    #[error("Send enquiries as {expected}; this request was '{given}'.")]
    UnsupportedMediaType {
        /// What this endpoint reads.
        expected: &'static str,
        /// The request's Content-Type.
        given: String,
    },
    /// The request body is compressed (or claims to be): 415 with `Accept-Encoding: identity`
    /// (RFC 7694). Enquiries are a few kilobytes, so the site reads them only as sent, which
    /// also spares it decompressing a small body into a huge one.
    #[error(
        "Send enquiries uncompressed: this request's body has Content-Encoding '{given}', which the site does not read."
    )]
    EncodedBody {
        /// The request's Content-Encoding.
        given: String,
    },
    /// The body is larger than any valid enquiry can be: 413. The message speaks in characters,
    /// the limit a person writes to; the byte limit follows from it (`protect::body_limit`).
    #[error(
        "The enquiry is too large to send ({limit} bytes at most): please keep each message to {} characters or fewer.",
        group_thousands(TEXT_MAX)
    )]
    TooLarge {
        /// The limit in bytes.
        limit: usize,
    },
    /// The body did not arrive within `protect::BODY_READ_TIMEOUT`: 408.
    #[error(
        "The enquiry took too long to arrive. Please check your connection and send it again."
    )]
    Timeout {
        /// What had arrived by then, for the form to show what the visitor had typed.
        received: Bytes,
    },
    /// The body is not valid JSON: 400.
    #[error("The request body is not valid JSON: {0}.")]
    MalformedJson(String),
    /// The body cannot be read as an enquiry at all (not an object, not UTF-8 form data): 400.
    #[error("{0}")]
    BadRequest(String),
    /// Fields are missing, wrongly typed or break the core's rules: 422.
    #[error("Please correct the highlighted fields.")]
    Invalid(BTreeMap<String, String>),
    /// The enquiry could not be stored: 503, nothing was sent.
    #[error("We couldn't save your message just now. Please try again in a moment.")]
    Storage(#[from] StorageError),
}

impl EnquiryError {
    /// One field's problem.
    pub fn field(name: &str, message: impl Into<String>) -> Self {
        Self::Invalid(BTreeMap::from([(name.to_owned(), message.into())]))
    }
}

/// The key of a message about the whole post rather than one field, in [`EnquiryError::form_errors`].
pub const FORM_ERROR_KEY: &str = "form";

impl EnquiryError {
    /// Status and headers, the same for every medium: never cached, `Retry-After` when waiting
    /// helps and `Accept-Encoding` when the body's encoding was refused.
    pub fn response_head(&self) -> HttpResponseBuilder {
        let mut response = HttpResponse::build(self.status_code());
        response.insert_header((header::CACHE_CONTROL, "no-store"));
        match self {
            Self::RateLimited { retry_after } => {
                response.insert_header((header::RETRY_AFTER, retry_after.to_string()));
            }
            Self::Storage(_) => {
                response.insert_header((header::RETRY_AFTER, "30"));
            }
            Self::EncodedBody { .. } => {
                response.insert_header((header::ACCEPT_ENCODING, "identity"));
            }
            _ => {}
        }
        response
    }

    /// What the form shows for this refusal: the core's message beside each field, or one
    /// message about the whole post under [`FORM_ERROR_KEY`], listed in the form's summary.
    pub fn form_errors(self) -> BTreeMap<String, String> {
        match self {
            Self::Invalid(errors) => errors,
            other => BTreeMap::from([(FORM_ERROR_KEY.to_owned(), other.to_string())]),
        }
    }
}

impl ResponseError for EnquiryError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::CrossSite => StatusCode::FORBIDDEN,
            Self::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::UnsupportedMediaType { .. } | Self::EncodedBody { .. } => {
                StatusCode::UNSUPPORTED_MEDIA_TYPE
            }
            Self::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Timeout { .. } => StatusCode::REQUEST_TIMEOUT,
            Self::MalformedJson(_) | Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::Storage(_) => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let body = match self {
            Self::Invalid(errors) => serde_json::json!({ "ok": false, "errors": errors }),
            other => serde_json::json!({ "ok": false, "error": other.to_string() }),
        };
        self.response_head().json(body)
    }
}
