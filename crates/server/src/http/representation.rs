//! A response body prepared once: the identity bytes plus gzip and brotli encodings and an
//! ETag, served with content negotiation and conditional GET. Pages, the sitemap and every
//! embedded asset use it, so the hot path only picks bytes and copies headers.

use std::io::Write;

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use sha2::{Digest, Sha256};

/// Bodies smaller than this are sent as they are: compression would not pay for its headers.
const MIN_COMPRESS_BYTES: usize = 512;

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
    fn header_value(self) -> &'static str {
        match self {
            Self::Immutable => "public, max-age=31536000, immutable",
            Self::Revalidate => "public, max-age=0, must-revalidate",
            Self::Day => "public, max-age=86400",
        }
    }
}

/// One prepared body.
#[derive(Debug, Clone)]
pub struct Representation {
    content_type: HeaderValue,
    etag: HeaderValue,
    cache: CachePolicy,
    identity: Bytes,
    gzip: Option<Bytes>,
    brotli: Option<Bytes>,
}

impl Representation {
    /// Prepares `body`, compressing it when its type is textual and it is large enough.
    pub fn new(content_type: &str, body: Vec<u8>, cache: CachePolicy) -> Self {
        let digest = Sha256::digest(&body);
        let etag_text: String = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
        let compress = is_compressible(content_type) && body.len() >= MIN_COMPRESS_BYTES;
        let (gzip, brotli) = if compress {
            (gzip(&body), brotli(&body))
        } else {
            (None, None)
        };
        Self {
            content_type: HeaderValue::from_str(content_type)
                .unwrap_or_else(|_| HeaderValue::from_static("application/octet-stream")),
            etag: HeaderValue::from_str(&format!("\"{etag_text}\""))
                .unwrap_or_else(|_| HeaderValue::from_static("\"0\"")),
            cache,
            identity: Bytes::from(body),
            gzip: gzip.map(Bytes::from),
            brotli: brotli.map(Bytes::from),
        }
    }

    /// The uncompressed body.
    pub fn identity(&self) -> &Bytes {
        &self.identity
    }

    /// The brotli body, when the representation is compressed.
    pub fn brotli(&self) -> Option<&Bytes> {
        self.brotli.as_ref()
    }

    /// The gzip body, when the representation is compressed.
    pub fn gzip(&self) -> Option<&Bytes> {
        self.gzip.as_ref()
    }

    /// Answers `request` with `status`: 304 when the client's ETag matches, otherwise the best
    /// encoding the client accepts.
    pub fn respond(&self, request: &HttpRequest, status: StatusCode) -> HttpResponse {
        let mut response = HttpResponse::build(status);
        response
            .insert_header((header::ETAG, self.etag.clone()))
            .insert_header((header::CACHE_CONTROL, self.cache.header_value()))
            .insert_header((header::VARY, "Accept-Encoding"));
        if status == StatusCode::OK && self.matches_if_none_match(request) {
            return response.status(StatusCode::NOT_MODIFIED).finish();
        }
        response.insert_header((header::CONTENT_TYPE, self.content_type.clone()));
        let accepted = AcceptedEncodings::of(request);
        let body = match (&self.brotli, &self.gzip) {
            (Some(brotli), _) if accepted.brotli => {
                response.insert_header((header::CONTENT_ENCODING, "br"));
                brotli.clone()
            }
            (_, Some(gzip)) if accepted.gzip => {
                response.insert_header((header::CONTENT_ENCODING, "gzip"));
                gzip.clone()
            }
            _ => self.identity.clone(),
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
            let name = parts.next().unwrap_or_default().to_ascii_lowercase();
            let refused = parts.any(|p| {
                p.strip_prefix("q=")
                    .and_then(|q| q.parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            match name.as_str() {
                "br" => accepted.brotli = !refused,
                "gzip" => accepted.gzip = !refused,
                _ => {}
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

fn brotli(body: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(body.len() / 3);
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        lgwin: 22,
        ..Default::default()
    };
    brotli::BrotliCompress(&mut &body[..], &mut out, &params).ok()?;
    Some(out)
}
