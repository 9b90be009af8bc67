//! Security headers: `nosniff` on every response, the policy headers on every document.
//!
//! Scripts may come only from this origin: the islands are external modules, JSON props and
//! JSON-LD are data blocks (`type="application/json"` / `application/ld+json`), which CSP does not
//! execute, so no 'unsafe-inline' is needed for scripts. The one inline script, which starts the
//! entry after the first paint (`render::start`), is admitted by its hash. 'wasm-unsafe-eval'
//! allows compiling the core's WebAssembly module and nothing else. The one third party is the
//! timetable's schedule widget: its script's host may run scripts and its customer site may be
//! framed, nothing more.

use std::rc::Rc;

use base64::Engine as _;
use sha2::{Digest, Sha256};

use actix_web::http::header::{self, HeaderMap, HeaderName, HeaderValue};

/// What the policy admits besides this origin: the one inline script, by its hash, and the
/// schedule widget's two hosts. The site works them out (the script is its template, the hosts
/// its configuration); this crate only writes them into the policy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolicySources {
    /// The start script's CSP hash (`'sha256-…'`, [`csp_hash_of`]).
    pub start_script: String,
    /// The origin the schedule widget's script comes from.
    pub widget_script: String,
    /// The origin of the frame the schedule widget draws.
    pub widget_frame: String,
}

/// The CSP source expression (`'sha256-…'`) admitting an inline element whose text is `text`:
/// the start script, or a page's inline stylesheet rules.
pub fn csp_hash_of(text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(digest)
    )
}

/// The Content-Security-Policy of every page: this origin, plus exactly what the schedule widget
/// needs (from its configuration): its script's origin in `script-src` and the origin of the
/// frame it draws in `frame-src`. Admitting them site-wide rather than on /timetable alone keeps
/// one policy for every response; the widget runs only where the timetable page loads it.
/// `inline_style`: the hash of the page's one `<style>` element (`render::critical_css`), for a
/// prepared page's own policy; no other inline style is admitted.
pub fn content_security_policy(sources: &PolicySources, inline_style: Option<&str>) -> String {
    let start = &sources.start_script;
    let script = &sources.widget_script;
    let frame = &sources.widget_frame;
    [
        "default-src 'self'".to_owned(),
        format!("script-src 'self' {start} 'wasm-unsafe-eval' {script}"),
        match inline_style {
            Some(hash) => format!("style-src 'self' {hash}"),
            None => "style-src 'self'".to_owned(),
        },
        "img-src 'self' data:".to_owned(),
        "font-src 'self'".to_owned(),
        "connect-src 'self'".to_owned(),
        format!("frame-src 'self' {frame}"),
        "object-src 'none'".to_owned(),
        "base-uri 'self'".to_owned(),
        "form-action 'self'".to_owned(),
        "frame-ancestors 'none'".to_owned(),
    ]
    .join("; ")
}

/// The security headers, prepared once per worker. Every response gets `nosniff`; documents
/// (HTML) also get the policy headers, which browsers apply to documents only. Hashed assets go
/// without them: on a 300-byte script chunk the document headers would triple the bytes sent.
#[derive(Clone)]
pub struct SecurityHeaders {
    document: Rc<[(HeaderName, HeaderValue)]>,
    hsts: bool,
}

/// `Strict-Transport-Security` when the public URL is https: two years, the value
/// hstspreload.org asks for, without `includeSubDomains`, which would bind subdomains the site
/// does not run (the studio's mail host, a booking subdomain) to https too.
pub const HSTS: &str = "max-age=63072000";

impl SecurityHeaders {
    /// The headers, with the start script's hash and the schedule widget's hosts in the Content-Security-Policy; `https`:
    /// the public URL is https, so every response also carries [`HSTS`].
    pub fn new(sources: &PolicySources, https: bool) -> Self {
        let csp = HeaderValue::from_str(&content_security_policy(sources, None))
            .unwrap_or_else(|_| HeaderValue::from_static("default-src 'self'"));
        let document: Vec<(HeaderName, HeaderValue)> = vec![
            (header::CONTENT_SECURITY_POLICY, csp),
            (
                header::REFERRER_POLICY,
                HeaderValue::from_static("strict-origin-when-cross-origin"),
            ),
            (
                HeaderName::from_static("permissions-policy"),
                HeaderValue::from_static(
                    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
                ),
            ),
            (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
            (
                HeaderName::from_static("cross-origin-opener-policy"),
                HeaderValue::from_static("same-origin"),
            ),
        ];
        Self {
            document: document.into(),
            hsts: https,
        }
    }

    /// Adds the headers a response of this kind needs, keeping any the handler set itself.
    pub fn apply(&self, headers: &mut HeaderMap) {
        if self.hsts {
            headers.insert(
                header::STRICT_TRANSPORT_SECURITY,
                HeaderValue::from_static(HSTS),
            );
        }
        if !headers.contains_key(header::X_CONTENT_TYPE_OPTIONS) {
            headers.insert(
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            );
        }
        let is_document = headers
            .get(header::CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .is_some_and(|value| value.starts_with("text/html"));
        if is_document {
            for (name, value) in self.document.iter() {
                if !headers.contains_key(name) {
                    headers.insert(name.clone(), value.clone());
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sources() -> PolicySources {
        PolicySources {
            start_script: csp_hash_of("start"),
            widget_script: "https://widgets.example".to_owned(),
            widget_frame: "https://frames.example".to_owned(),
        }
    }

    #[test]
    fn the_policy_admits_the_start_script_and_the_widget_hosts_only() {
        let policy = content_security_policy(&sources(), None);
        assert!(policy.contains(&format!(
            "script-src 'self' {} 'wasm-unsafe-eval' https://widgets.example;",
            csp_hash_of("start")
        )));
        assert!(policy.contains("frame-src 'self' https://frames.example;"));
    }

    #[test]
    fn the_hash_is_the_csp_form_of_the_text() {
        assert_eq!(
            csp_hash_of(""),
            "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"
        );
    }

    #[test]
    fn inline_style_is_admitted_only_by_the_hash_given() {
        let widget = sources();
        let style_src = |policy: String| {
            policy
                .split("; ")
                .find(|directive| directive.starts_with("style-src"))
                .map(str::to_owned)
        };
        assert_eq!(
            style_src(content_security_policy(&widget, None)).as_deref(),
            Some("style-src 'self'")
        );
        assert_eq!(
            style_src(content_security_policy(&widget, Some("'sha256-abc='"))).as_deref(),
            Some("style-src 'self' 'sha256-abc='")
        );
    }

    #[test]
    fn hsts_on_every_response_only_when_the_public_url_is_https() {
        let widget = sources();
        let mut asset = HeaderMap::new();
        asset.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/png"));
        let mut plain = asset.clone();
        SecurityHeaders::new(&widget, true).apply(&mut asset);
        assert_eq!(
            asset.get(header::STRICT_TRANSPORT_SECURITY),
            Some(&HeaderValue::from_static(HSTS))
        );
        SecurityHeaders::new(&widget, false).apply(&mut plain);
        assert!(plain.get(header::STRICT_TRANSPORT_SECURITY).is_none());
        let max_age: u64 = HSTS.trim_start_matches("max-age=").parse().unwrap_or(0);
        assert!(max_age >= 31_536_000, "a year or more");
    }
}
