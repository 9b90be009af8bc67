//! Idempotency keys: a visitor who sends the same enquiry again, after a 503 or an answer that
//! never arrived, never creates a second copy.
//!
//! Every post may carry a key naming one filling-in of a form: the islands send the
//! `Idempotency-Key` header, the plain form the hidden field [`FIELD`]. The key is stored with
//! the enquiry under a unique index; a post whose key is already stored is answered as the first
//! was (201 with the first enquiry's id, or the thank-you redirect) and stores nothing new, even
//! when its fields differ (it is the same filling-in, edited after an answer was lost).
//!
//! # Where a key comes from
//!
//! - **Islands**: one random UUID per form fill (`crypto.randomUUID()`), kept through every
//!   retry and replaced after a send succeeds (`frontend/src/islands/forms/idempotency.ts`).
//! - **The form without JavaScript**: the form pages are rendered once and cached with their
//!   ETags (`onespace_site::site`), and `onespace render` writes them as static files, so their markup
//!   cannot carry a value per visitor. The pre-rendered form therefore has no key, and the
//!   server derives one from the post itself ([`from_content`]): the form and its tidied fields,
//!   in a window of [`WINDOW`]. A browser resending the same post (the visitor reloads or goes
//!   back and sends again after a lost answer) derives the same key, so it finds the first copy;
//!   the key of the previous window is checked too, so a resend just across a window's edge is
//!   still caught. Once a post was answered, the page the server composes for it (a 503, a
//!   refusal, a field to correct) carries the key used in [`FIELD`], so sending from that page
//!   again is the same filling-in even if the visitor changes a field. The same message sent
//!   on purpose after [`WINDOW`] is stored again, as a new enquiry.
//! - **Other clients of the API** without the header: every post is a new enquiry, as before.

use actix_web::HttpRequest;
use sha2::{Digest, Sha256};

use super::error::EnquiryError;

use onespace_core::forms::wire::{IDEMPOTENCY_FIELD, IDEMPOTENCY_HEADER};

/// How long a post derived from its content counts as the same post (see the module notes).
pub const WINDOW: std::time::Duration = std::time::Duration::from_secs(60 * 60);

/// A checked key: a UUID in its hyphenated form, lower case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdempotencyKey(String);

impl IdempotencyKey {
    /// Reads a key as posted, refusing anything but a hyphenated UUID (any version, any case):
    /// `where_from` names the header or field in the message.
    pub fn parse(value: &str, where_from: &str) -> Result<Self, EnquiryError> {
        let trimmed = value.trim();
        let shown: String = trimmed.chars().take(60).collect();
        match uuid::Uuid::try_parse(trimmed) {
            Ok(uuid) if trimmed.len() == 36 => Ok(Self(uuid.hyphenated().to_string())),
            _ => Err(EnquiryError::BadRequest(format!(
                "The {where_from} must be a UUID such as 0b7e4c1a-5d3f-4a8e-9c21-6f0d2b9e8a47 (one per \
                 filling-in of the form); this one was '{shown}'."
            ))),
        }
    }

    /// The key as stored.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The key of a JSON post: its `Idempotency-Key` header, if any.
pub fn from_header(request: &HttpRequest) -> Result<Option<IdempotencyKey>, EnquiryError> {
    let Some(value) = request.headers().get(IDEMPOTENCY_HEADER) else {
        return Ok(None);
    };
    let text = value.to_str().map_err(|_| {
        EnquiryError::BadRequest(format!(
            "The {IDEMPOTENCY_HEADER} header must be a UUID written in ASCII."
        ))
    })?;
    IdempotencyKey::parse(text, &format!("{IDEMPOTENCY_HEADER} header")).map(Some)
}

/// The key of a plain form post's [`FIELD`]: none when the field is missing or empty (the
/// pre-rendered form), a checked key otherwise.
pub fn from_field(value: Option<&str>) -> Result<Option<IdempotencyKey>, EnquiryError> {
    match value.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => {
            IdempotencyKey::parse(text, &format!("hidden field '{IDEMPOTENCY_FIELD}'")).map(Some)
        }
    }
}

/// The keys of a post without one, derived from its form and tidied payload: the current
/// window's (stored with the enquiry) and the previous window's (only looked for). `now_ms` is
/// the receipt time in Unix milliseconds.
pub fn from_content(form: &str, payload: &str, now_ms: i64) -> (IdempotencyKey, IdempotencyKey) {
    let window = i64::try_from(WINDOW.as_millis()).unwrap_or(i64::MAX);
    let current = now_ms.div_euclid(window);
    (
        derive(form, payload, current),
        derive(form, payload, current - 1),
    )
}

fn derive(form: &str, payload: &str, window: i64) -> IdempotencyKey {
    let mut hash = Sha256::new();
    for part in ["onespace enquiry post", form, &window.to_string(), payload] {
        hash.update(part.as_bytes());
        hash.update([0]);
    }
    let digest = hash.finalize();
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    let uuid = uuid::Builder::from_custom_bytes(bytes).into_uuid();
    IdempotencyKey(uuid.hyphenated().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_hyphenated_uuids_in_lower_case() {
        let key = IdempotencyKey::parse(" 0B7E4C1A-5D3F-4A8E-9C21-6F0D2B9E8A47 ", "field")
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(key.as_str(), "0b7e4c1a-5d3f-4a8e-9c21-6f0d2b9e8a47");
        for bad in [
            "",
            "42",
            "0b7e4c1a5d3f4a8e9c216f0d2b9e8a47",
            "{0b7e4c1a-5d3f-4a8e-9c21-6f0d2b9e8a47}",
            "0b7e4c1a-5d3f-4a8e-9c21-6f0d2b9e8a4z",
        ] {
            let message = IdempotencyKey::parse(bad, "Idempotency-Key header")
                .err()
                .map(|error| error.to_string())
                .unwrap_or_default();
            assert!(
                message.contains("Idempotency-Key header must be a UUID"),
                "{bad}: {message}"
            );
        }
        assert_eq!(from_field(Some("")).ok(), Some(None));
        assert!(from_field(Some("nope")).is_err());
    }

    #[test]
    fn the_same_post_in_the_same_window_derives_the_same_key() {
        let hour = 3_600_000;
        let (a, a_before) = from_content("contact", r#"{"message":"Hi"}"#, 10 * hour + 5);
        let (b, _) = from_content("contact", r#"{"message":"Hi"}"#, 11 * hour - 1);
        let (next, next_before) = from_content("contact", r#"{"message":"Hi"}"#, 11 * hour);
        let (other, _) = from_content("contact", r#"{"message":"Hi!"}"#, 10 * hour);
        assert_eq!(a, b);
        assert_ne!(a, a_before);
        assert_ne!(a, next);
        assert_eq!(next_before, a, "the next window still finds this one");
        assert_ne!(a, other);
        assert!(IdempotencyKey::parse(a.as_str(), "key").is_ok());
    }
}
