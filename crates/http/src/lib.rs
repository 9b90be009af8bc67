//! HTTP plumbing shared by every crate that answers a request: prepared representations
//! ([`Representation`]), the security headers and Content-Security-Policy ([`security`]), and
//! the small request helpers the public pages, the forms and the staff area all need (the
//! client's address, an URL's origin, the marker of a page composed for an error).

pub mod representation;
pub mod security;

use std::net::IpAddr;

use actix_web::HttpRequest;

pub use representation::{CachePolicy, Representation};

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

/// The origin (`scheme://host[:port]`) of an absolute http(s) URL with a path, or `None`.
pub fn url_origin(url: &str) -> Option<String> {
    let url = url.trim();
    let (scheme, rest) = url
        .strip_prefix("https://")
        .map(|rest| ("https", rest))
        .or_else(|| url.strip_prefix("http://").map(|rest| ("http", rest)))?;
    let host = rest.split(['/', '?', '#']).next()?;
    let valid = !host.is_empty()
        && !host.starts_with(':')
        && !url.contains(char::is_whitespace)
        && !url.contains(['"', '<', '>', '\'', ';']);
    valid.then(|| format!("{scheme}://{host}"))
}

/// Marks a 5xx answer whose body is already the page the visitor should see: a form's page with
/// the reason at the form and what they typed (a no-script enquiry the database could not take,
/// 503), which the error page must not replace.
#[derive(Debug, Clone, Copy)]
pub struct ComposedPage;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_origin_is_read_from_absolute_http_urls_only() {
        assert_eq!(
            url_origin("https://goteamup.com/static/js/widget.js").as_deref(),
            Some("https://goteamup.com")
        );
        assert_eq!(
            url_origin("http://127.0.0.1:9000/widget.js").as_deref(),
            Some("http://127.0.0.1:9000")
        );
        for bad in [
            "",
            "widget.js",
            "//cdn.example/w.js",
            "https:///w.js",
            "https://a b/w.js",
            "https://x.example/w.js; script-src *",
        ] {
            assert_eq!(url_origin(bad), None, "{bad}");
        }
    }
}
