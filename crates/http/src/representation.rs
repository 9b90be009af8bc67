//! A response body prepared once: the identity bytes plus gzip and brotli encodings and an
//! ETag, served with content negotiation and conditional GET. Pages, the sitemap and every
//! embedded asset use it, so the hot path only picks bytes and copies headers.
//!
//! Compression is the slow part of preparing pages: brotli at its best quality (11) takes about
//! 60 ms a page on this kind of machine, two seconds for the whole site, and even gzip and a
//! quick brotli for every page take some 200 ms, while rendering them all takes 10 ms. Pages
//! rendered at start ([`Representation::deferred`]) are therefore compressed when first needed:
//! the first request for a page that takes gzip, or brotli, makes that one (brotli at a quick
//! setting; a few milliseconds), and a background thread (the site crate's `site.rs`) makes both
//! for every page in turn and, once the rendering has been served a while without being
//! replaced, the best brotli, some 12% smaller, which is served from then on. Every encoding
//! decodes to the same bytes, so the ETag stays.

use std::io::Write;
use std::sync::{Arc, OnceLock};

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use sha2::{Digest, Sha256};

/// Bodies smaller than this are sent as they are: compression would not pay for its headers.
const MIN_COMPRESS_BYTES: usize = 512;

/// Brotli's best quality, for bodies compressed once (build time, static render, background).
const BROTLI_BEST: i32 = 11;

/// A brotli quality some twenty times faster than the best, for a page's first answers.
const BROTLI_QUICK: i32 = 5;

/// How a representation may be cached by browsers and proxies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CachePolicy {
    /// Content-hashed file names: cache for a year and never revalidate.
    Immutable,
    /// HTML and other stable names: always revalidate with the ETag.
    Revalidate,
    /// Stable names that change rarely (favicon, manifest): a day, then revalidate.
    Day,
}

impl CachePolicy {
    /// A static header value: a `&str` would be copied into a new allocation on every answer.
    fn header_value(self) -> HeaderValue {
        HeaderValue::from_static(match self {
            Self::Immutable => "public, max-age=31536000, immutable",
            Self::Revalidate => "public, max-age=0, must-revalidate",
            Self::Day => "public, max-age=86400",
        })
    }
}

/// One prepared body.
#[derive(Debug, Clone)]
pub struct Representation {
    content_type: HeaderValue,
    etag: HeaderValue,
    cache: CachePolicy,
    identity: Bytes,
    encodings: Encodings,
    /// A page's own Content-Security-Policy (one that admits its inline stylesheet rules by
    /// their hash), sent instead of the site-wide one.
    policy: Option<HeaderValue>,
}

/// The compressed bodies of a representation.
#[derive(Debug, Clone)]
enum Encodings {
    /// Made when the representation was made, or by the frontend build.
    Ready(Encoded),
    /// A [`Representation::deferred`] body: made on first need, shared by the clones so the
    /// background thread's work reaches the copy the server answers from.
    Deferred(Arc<Deferred>),
}

#[derive(Debug, Clone, Default)]
struct Encoded {
    gzip: Option<Bytes>,
    brotli: Option<Bytes>,
}

#[derive(Debug, Default)]
struct Deferred {
    /// gzip, made by the first request that takes it or the background thread.
    gzip: OnceLock<Option<Bytes>>,
    /// A quick brotli, made by the first request that takes it or the background thread.
    quick_brotli: OnceLock<Option<Bytes>>,
    /// The best brotli, which replaces the quick one once made.
    best_brotli: OnceLock<Option<Bytes>>,
}

impl Encoded {
    fn of(content_type: &str, body: &[u8], brotli_quality: i32) -> Self {
        if is_compressible(content_type) && body.len() >= MIN_COMPRESS_BYTES {
            Self {
                gzip: gzip(body).map(Bytes::from),
                brotli: brotli(body, brotli_quality).map(Bytes::from),
            }
        } else {
            Self::default()
        }
    }
}

impl Representation {
    /// Prepares `body`, compressing it when its type is textual and it is large enough.
    pub fn new(content_type: &str, body: Vec<u8>, cache: CachePolicy) -> Self {
        let encoded = Encoded::of(content_type, &body, BROTLI_BEST);
        Self::with(
            content_type,
            Bytes::from(body),
            Encodings::Ready(encoded),
            cache,
        )
    }

    /// Prepares `body` like [`Representation::new`] but compresses nothing yet: the first
    /// request that accepts an encoding, or [`Representation::improve`], makes gzip and a quick
    /// brotli; `improve` then makes the best brotli, served from then on. For the many pages
    /// rendered at start.
    pub fn deferred(content_type: &str, body: Vec<u8>, cache: CachePolicy) -> Self {
        let encodings = if is_compressible(content_type) && body.len() >= MIN_COMPRESS_BYTES {
            Encodings::Deferred(Arc::default())
        } else {
            Encodings::Ready(Encoded::default())
        };
        Self::with(content_type, Bytes::from(body), encodings, cache)
    }

    /// A body whose encodings were made beforehand (the frontend build writes `.gz` and `.br`
    /// beside each file), so nothing is compressed at start.
    pub fn precompressed(
        content_type: &str,
        identity: Bytes,
        gzip: Option<Bytes>,
        brotli: Option<Bytes>,
        cache: CachePolicy,
    ) -> Self {
        let encodings = Encodings::Ready(Encoded { gzip, brotli });
        Self::with(content_type, identity, encodings, cache)
    }

    fn with(content_type: &str, identity: Bytes, encodings: Encodings, cache: CachePolicy) -> Self {
        let digest = Sha256::digest(&identity);
        let etag_text: String = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
        Self {
            content_type: HeaderValue::from_str(content_type)
                .unwrap_or_else(|_| HeaderValue::from_static("application/octet-stream")),
            etag: HeaderValue::from_str(&format!("\"{etag_text}\""))
                .unwrap_or_else(|_| HeaderValue::from_static("\"0\"")),
            cache,
            identity,
            encodings,
            policy: None,
        }
    }

    /// This representation with its own Content-Security-Policy (the security headers keep a
    /// policy a response already has). A policy that is not a valid header value is left out,
    /// so the site-wide one, stricter, applies.
    pub fn with_content_security_policy(mut self, policy: &str) -> Self {
        self.policy = HeaderValue::from_str(policy).ok();
        self
    }

    /// Makes the quick encodings of a [`Representation::deferred`] body; nothing for others.
    pub fn prepare_quick(&self) {
        if let Encodings::Deferred(deferred) = &self.encodings {
            self.deferred_gzip(deferred);
            self.quick_brotli(deferred);
        }
    }

    /// Makes the best brotli of a [`Representation::deferred`] body; nothing for others.
    pub fn improve(&self) {
        let _ = self.brotli();
    }

    fn deferred_gzip<'a>(&self, deferred: &'a Deferred) -> Option<&'a Bytes> {
        deferred
            .gzip
            .get_or_init(|| gzip(&self.identity).map(Bytes::from))
            .as_ref()
    }

    fn quick_brotli<'a>(&self, deferred: &'a Deferred) -> Option<&'a Bytes> {
        deferred
            .quick_brotli
            .get_or_init(|| brotli(&self.identity, BROTLI_QUICK).map(Bytes::from))
            .as_ref()
    }

    /// The uncompressed body.
    pub fn identity(&self) -> &Bytes {
        &self.identity
    }

    /// The best brotli body, when the representation is compressed (made now for a
    /// [`Representation::deferred`] body that has not been improved yet).
    pub fn brotli(&self) -> Option<&Bytes> {
        match &self.encodings {
            Encodings::Ready(encoded) => encoded.brotli.as_ref(),
            Encodings::Deferred(deferred) => deferred
                .best_brotli
                .get_or_init(|| brotli(&self.identity, BROTLI_BEST).map(Bytes::from))
                .as_ref(),
        }
    }

    /// Whether the best brotli body takes at most `budget` bytes (a page's size decides whether
    /// its stylesheet rules go inline, in the site's crate, before its best brotli is made at
    /// leisure). Judged from a quick, rough brotli where its share settles it; a body within the
    /// share's spread of `budget` is compressed at its best to decide (60–100 ms), and keeps
    /// that body for serving. A representation made compressed is judged on the body it has, an
    /// uncompressed one on its own length.
    pub fn best_brotli_fits(&self, budget: usize) -> bool {
        if let Encodings::Ready(encoded) = &self.encodings {
            return encoded.brotli.as_ref().unwrap_or(&self.identity).len() <= budget;
        }
        let Some(rough) = brotli(&self.identity, ROUGH_QUALITY).map(|rough| rough.len()) else {
            return self.identity.len() <= budget;
        };
        if rough * BEST_PERCENT_OF_ROUGH.end() / 100 <= budget {
            return true;
        }
        if rough * BEST_PERCENT_OF_ROUGH.start() / 100 > budget {
            return false;
        }
        self.brotli().is_some_and(|best| best.len() <= budget)
    }

    /// The gzip body, when the representation is compressed.
    pub fn gzip(&self) -> Option<&Bytes> {
        match &self.encodings {
            Encodings::Ready(encoded) => encoded.gzip.as_ref(),
            Encodings::Deferred(deferred) => self.deferred_gzip(deferred),
        }
    }

    /// The brotli body a request is answered with now: for a deferred body, its best brotli if
    /// made, otherwise the quick one (made now if this is the first request that takes it).
    fn served_brotli(&self) -> Option<&Bytes> {
        match &self.encodings {
            Encodings::Ready(encoded) => encoded.brotli.as_ref(),
            Encodings::Deferred(deferred) => match deferred.best_brotli.get() {
                Some(best) => best.as_ref(),
                None => self.quick_brotli(deferred),
            },
        }
    }

    /// Answers `request` with `status`: 304 when the client's ETag matches, otherwise the best
    /// encoding the client accepts.
    pub fn respond(&self, request: &HttpRequest, status: StatusCode) -> HttpResponse {
        let mut response = HttpResponse::build(status);
        response
            .insert_header((header::ETAG, self.etag.clone()))
            .insert_header((header::CACHE_CONTROL, self.cache.header_value()))
            .insert_header((header::VARY, HeaderValue::from_static("Accept-Encoding")));
        if status == StatusCode::OK && self.matches_if_none_match(request) {
            return response.status(StatusCode::NOT_MODIFIED).finish();
        }
        response.insert_header((header::CONTENT_TYPE, self.content_type.clone()));
        if let Some(policy) = &self.policy {
            response.insert_header((header::CONTENT_SECURITY_POLICY, policy.clone()));
        }
        let accepted = AcceptedEncodings::of(request);
        let brotli = accepted.brotli.then(|| self.served_brotli()).flatten();
        let body = if let Some(brotli) = brotli {
            response.insert_header((header::CONTENT_ENCODING, HeaderValue::from_static("br")));
            brotli.clone()
        } else if let Some(gzip) = accepted.gzip.then(|| self.gzip()).flatten() {
            response.insert_header((header::CONTENT_ENCODING, HeaderValue::from_static("gzip")));
            gzip.clone()
        } else {
            self.identity.clone()
        };
        response.body(body)
    }

    fn matches_if_none_match(&self, request: &HttpRequest) -> bool {
        let Some(value) = request.headers().get(header::IF_NONE_MATCH) else {
            return false;
        };
        let Ok(text) = value.to_str() else {
            return false;
        };
        let ours = self.etag.as_bytes();
        text.split(',').map(str::trim).any(|tag| {
            tag == "*"
                || tag.as_bytes() == ours
                || tag.strip_prefix("W/").map(str::as_bytes) == Some(ours)
        })
    }
}

/// Which compressed encodings a request accepts (q=0 means refused).
#[derive(Debug, Default)]
struct AcceptedEncodings {
    brotli: bool,
    gzip: bool,
}

impl AcceptedEncodings {
    fn of(request: &HttpRequest) -> Self {
        let mut accepted = Self::default();
        let Some(text) = request
            .headers()
            .get(header::ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok())
        else {
            return accepted;
        };
        for item in text.split(',') {
            let mut parts = item.split(';').map(str::trim);
            let name = parts.next().unwrap_or_default();
            let mut refused = || {
                parts.any(|p| {
                    p.strip_prefix("q=")
                        .and_then(|q| q.parse::<f32>().ok())
                        .is_some_and(|q| q <= 0.0)
                })
            };
            if name.eq_ignore_ascii_case("br") {
                accepted.brotli = !refused();
            } else if name.eq_ignore_ascii_case("gzip") {
                accepted.gzip = !refused();
            }
        }
        accepted
    }
}

fn is_compressible(content_type: &str) -> bool {
    content_type.starts_with("text/")
        || ["javascript", "json", "xml", "svg", "wasm", "manifest"]
            .iter()
            .any(|kind| content_type.contains(kind))
}

fn gzip(body: &[u8]) -> Option<Vec<u8>> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(body).ok()?;
    encoder.finish().ok()
}

/// What share of a fast, rougher brotli (quality 3, some 1 ms for a page) the best brotli takes,
/// in percent: 78.1–80.4 on the site's pages, and the lower bound leaves room for content that
/// compresses better.
const BEST_PERCENT_OF_ROUGH: std::ops::RangeInclusive<usize> = 75..=81;

/// A brotli window just larger than `len` (at most the 4 MB one used before): the same output
/// for a body that fits, without clearing match tables sized for 4 MB on every page.
fn window_bits(len: usize) -> i32 {
    // A window of 2^bits bytes holds 2^bits - 16 of history.
    let bits = (len + 16).next_power_of_two().trailing_zeros();
    i32::try_from(bits).unwrap_or(22).clamp(16, 22)
}

/// A page made for one request (the staff area's, which is never stored), compressed with the
/// quick brotli when `request` accepts brotli; `None` to send it as it is (too small to gain, or
/// not accepted). The caller says `Content-Encoding: br`.
///
/// **Why this is safe for pages that carry a secret.** A page that holds a secret (the staff
/// area's CSRF token, an enquirer's details) and reflects what a request chose can leak the
/// secret through its compressed size (BREACH), if an attacker can make the victim's browser ask
/// for it many times and watch the sizes. The staff area's session cookie is `SameSite=Strict`:
/// a request another site starts, a navigation included, carries no session, so it gets the
/// sign-in page, which holds no staff secret, and the attacker never sees an authenticated page's
/// size. Same-site pages are the studio's own. So the area's pages are compressed; the public
/// pages hold no secret.
pub fn compressed_for(request: &HttpRequest, body: &[u8]) -> Option<Bytes> {
    if body.len() < MIN_COMPRESS_BYTES || !AcceptedEncodings::of(request).brotli {
        return None;
    }
    brotli(body, BROTLI_QUICK).map(Bytes::from)
}

/// The quality of the quick brotli that [`Representation::best_brotli_fits`] judges by.
const ROUGH_QUALITY: i32 = 3;

fn brotli(body: &[u8], quality: i32) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(body.len() / 3);
    let params = brotli::enc::BrotliEncoderParams {
        quality,
        lgwin: window_bits(body.len()),
        ..Default::default()
    };
    brotli::BrotliCompress(&mut &body[..], &mut out, &params).ok()?;
    Some(out)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// Markup with repeats and a counter, as a page's has.
    fn page(lines: usize) -> Vec<u8> {
        (0..lines)
            .map(|line| {
                format!(
                    "<li class=\"class-card\"><a href=\"/c/{line}\">Class {}</a></li>\n",
                    line * 7919 % 1000
                )
            })
            .collect::<String>()
            .into_bytes()
    }

    fn best_made(page: &Representation) -> Option<usize> {
        let Encodings::Deferred(deferred) = &page.encodings else {
            panic!("a deferred body")
        };
        deferred
            .best_brotli
            .get()
            .map(|best| best.as_ref().unwrap().len())
    }

    #[test]
    fn close_to_the_budget_the_best_brotli_itself_decides_and_is_kept() {
        let body = page(2_000);
        let rough = brotli(&body, ROUGH_QUALITY).unwrap().len();
        let best = brotli(&body, BROTLI_BEST).unwrap().len();
        // Within the best's share of the quick one: the quick one cannot settle it.
        let close = rough * 78 / 100;
        let page = Representation::deferred("text/html", body, CachePolicy::Revalidate);
        assert_eq!(page.best_brotli_fits(close), best <= close);
        assert_eq!(best_made(&page), Some(best));
    }

    #[test]
    fn far_from_the_budget_the_quick_brotli_decides_and_nothing_waits_for_the_best() {
        let body = page(2_000);
        let rough = brotli(&body, ROUGH_QUALITY).unwrap().len();
        let page = Representation::deferred("text/html", body.clone(), CachePolicy::Revalidate);
        assert!(page.best_brotli_fits(rough));
        assert!(!page.best_brotli_fits(rough / 2));
        assert_eq!(best_made(&page), None);
    }

    #[test]
    fn a_body_made_compressed_is_judged_on_its_best_brotli() {
        let page = Representation::new("text/html", page(2_000), CachePolicy::Revalidate);
        let best = page.brotli().unwrap().len();
        assert!(page.best_brotli_fits(best));
        assert!(!page.best_brotli_fits(best - 1));
    }

    #[test]
    fn a_body_too_small_to_compress_is_judged_on_its_length() {
        let small =
            Representation::deferred("text/html", b"<p>hi</p>".to_vec(), CachePolicy::Revalidate);
        assert!(small.best_brotli_fits(9));
        assert!(!small.best_brotli_fits(8));
    }
}
