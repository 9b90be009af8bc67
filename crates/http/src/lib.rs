//! HTTP plumbing shared by every crate that answers a request: prepared representations
//! ([`Representation`]), the security headers and Content-Security-Policy ([`security`]), and
//! the small request helpers the public pages, the forms and the staff area all need (the
//! client's address, an URL's origin, the marker of a page composed for an error).

pub mod representation;
pub mod security;

use std::net::IpAddr;

use actix_web::HttpRequest;

pub use representation::{CachePolicy, Representation};

/// The studio's own reverse proxy, whose forwarding headers (`X-Forwarded-For`,
/// `X-Forwarded-Proto`, `Forwarded`) are believed: nobody's unless trust-proxy is on, and then
/// only on connections from the proxy's own addresses. Anyone else can write those headers, so
/// everything else reads the connection itself: its peer address and the raw `Host` header.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Proxy {
    addresses: Vec<IpAddr>,
}

impl Proxy {
    /// No proxy is believed (trust-proxy off).
    pub fn none() -> Self {
        Self::default()
    }

    /// The proxy at `addresses` is believed (trust-proxy on).
    pub fn at(addresses: Vec<IpAddr>) -> Self {
        Self { addresses }
    }

    /// Whether the request came straight from the trusted proxy.
    fn speaks_for(&self, request: &HttpRequest) -> bool {
        peer_ip(request).is_some_and(|peer| self.addresses.contains(&canonical(peer)))
    }

    /// The client's address: the connection's peer, or, on a connection from the proxy, the
    /// last address in `X-Forwarded-For` (the one the proxy appended; earlier entries are
    /// whatever the client claimed).
    pub fn client_ip(&self, request: &HttpRequest) -> Option<IpAddr> {
        if self.speaks_for(request) {
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
        peer_ip(request)
    }

    /// Whether the proxy says the client reached it over https (`X-Forwarded-Proto: https`, or
    /// `proto=https` in the last element of `Forwarded`); `false` on any other connection,
    /// whatever it sends.
    pub fn says_https(&self, request: &HttpRequest) -> bool {
        if !self.speaks_for(request) {
            return false;
        }
        let headers = request.headers();
        let last = |name: &str| {
            headers
                .get_all(name)
                .filter_map(|value| value.to_str().ok())
                .flat_map(|value| value.split(','))
                .last()
                .map(|value| value.trim().to_owned())
        };
        let proto = last("x-forwarded-proto");
        let forwarded = last("forwarded").and_then(|element| {
            element.split(';').find_map(|pair| {
                let (name, value) = pair.split_once('=')?;
                name.trim()
                    .eq_ignore_ascii_case("proto")
                    .then(|| value.trim().trim_matches('"').to_owned())
            })
        });
        proto
            .or(forwarded)
            .is_some_and(|proto| proto.eq_ignore_ascii_case("https"))
    }
}

/// The connection's peer address (IPv4-mapped IPv6 addresses as IPv4).
pub fn peer_ip(request: &HttpRequest) -> Option<IpAddr> {
    request.peer_addr().map(|addr| canonical(addr.ip()))
}

/// The host the request names itself, as sent: the `Host` header (HTTP/1.1) or the URI's
/// authority (HTTP/2), never a forwarding header.
pub fn raw_host(request: &HttpRequest) -> Option<String> {
    request
        .headers()
        .get(actix_web::http::header::HOST)
        .and_then(|value| value.to_str().ok())
        .map(str::to_owned)
        .or_else(|| {
            request
                .uri()
                .authority()
                .map(|authority| authority.to_string())
        })
}

fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        IpAddr::V4(_) => ip,
    }
}

/// The network a rate limit counts `ip` under: an IPv4 address itself, an IPv6 address's /64
/// (one home or phone network is given a whole /64, so counting single IPv6 addresses would let
/// one visitor walk through 2^64 of them).
pub fn rate_key(ip: IpAddr) -> IpAddr {
    match canonical(ip) {
        IpAddr::V6(v6) => {
            let bits = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(std::net::Ipv6Addr::from(bits))
        }
        v4 => v4,
    }
}

/// The request's path as a log line may show it: a route whose path carries a secret (the
/// `{token}` of a staff set-up link) is written as its pattern, so the log holds no live link.
pub fn loggable_path(request: &HttpRequest) -> String {
    match request.match_pattern() {
        Some(pattern) if pattern.contains("{token}") => pattern,
        _ => request.path().to_owned(),
    }
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
    fn rate_keys_are_ipv4_addresses_and_ipv6_slash_64s() {
        let key = |text: &str| {
            text.parse()
                .map_or_else(|_| "unreadable".to_owned(), |ip| rate_key(ip).to_string())
        };
        assert_eq!(key("192.0.2.7"), "192.0.2.7");
        assert_eq!(key("::ffff:192.0.2.7"), "192.0.2.7");
        assert_eq!(key("2001:db8:1:2:aaaa:bbbb:cccc:dddd"), "2001:db8:1:2::");
        assert_eq!(key("2001:db8:1:2::1"), key("2001:db8:1:2:ffff::9"));
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
    }

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
