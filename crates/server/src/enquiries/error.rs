//! Every way a posted enquiry can be refused, each mapped to its HTTP status in one
//! `ResponseError`. Answers are JSON: `{"ok":false,"error":"..."}`, or for field problems
//! `{"ok":false,"errors":{"field":"message"}}` with the core's messages.

use std::collections::BTreeMap;

use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};

use crate::storage::StorageError;

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
    /// The body is larger than the limit: 413.
    #[error("The enquiry is too large: the limit is {limit} bytes.")]
    TooLarge {
        /// The limit in bytes.
        limit: usize,
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

impl ResponseError for EnquiryError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::CrossSite => StatusCode::FORBIDDEN,
            Self::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::UnsupportedMediaType { .. } => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Self::MalformedJson(_) | Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::Storage(_) => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status_code());
        response.insert_header((header::CACHE_CONTROL, "no-store"));
        match self {
            Self::RateLimited { retry_after } => {
                response.insert_header((header::RETRY_AFTER, retry_after.to_string()));
            }
            Self::Storage(_) => {
                response.insert_header((header::RETRY_AFTER, "30"));
            }
            _ => {}
        }
        let body = match self {
            Self::Invalid(errors) => serde_json::json!({ "ok": false, "errors": errors }),
            other => serde_json::json!({ "ok": false, "error": other.to_string() }),
        };
        response.json(body)
    }
}
