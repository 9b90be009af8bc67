//! Which requests are a visitor's, read from the request's head alone (no database, no clock),
//! so the page path pays a few header comparisons.
//!
//! The rule, in order (docs/visitors.md repeats it for the owner):
//! 1. A browser that holds the staff area's session cookie is the studio's own: not counted.
//! 2. Only a browser's signs count: a `User-Agent` that starts with `Mozilla/` (every browser's
//!    does; most scripts' and link previewers' do not) and names none of [`ROBOT_WORDS`], and,
//!    for a page, `Accept` naming `text/html` and no prefetch (`Sec-Purpose`/`Purpose`).
//! 3. A consented visit is linked only if the request carries a well-formed visit cookie and
//!    no `Sec-GPC: 1`: Global Privacy Control always wins over an earlier "Accept All".
//!
//! Crawlers document their user agents one by one and no list is ever complete; the words here
//! are those that the crawlers, previewers and monitors seen on small sites use (a guess, kept
//! short and in one place).

use std::sync::OnceLock;

use actix_web::http::header;
use actix_web::HttpRequest;
use aho_corasick::AhoCorasick;

/// The first-party cookie holding a consented visit's random id (set by the browser's script
/// only after "Accept All", living 30 minutes after the last page; `frontend/src/site/visit.ts`
/// writes it under the same name).
pub const VISIT_COOKIE: &str = "onespace-visit";

/// Words in a user agent that mark a robot, link previewer, monitor or headless browser
/// (compared in lower case).
pub const ROBOT_WORDS: [&str; 24] = [
    "bot",
    "crawl",
    "spider",
    "slurp",
    "preview",
    "facebookexternalhit",
    "facebookcatalog",
    "embedly",
    "headlesschrome",
    "lighthouse",
    "pingdom",
    "uptime",
    "monitor",
    "curl",
    "wget",
    "python",
    "scrapy",
    "phantomjs",
    "mediapartners",
    "google-inspectiontool",
    "googleother",
    "feedfetcher",
    "ia_archiver",
    "validator",
];

/// Whether the request comes from a browser whose user agent shows no robot's sign: one pass
/// over the header, ignoring case, with no allocation (this runs for every page).
pub fn browser_agent(request: &HttpRequest) -> bool {
    static ROBOTS: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    let Some(agent) = request.headers().get(header::USER_AGENT) else {
        return false;
    };
    let agent = agent.as_bytes();
    if !agent.starts_with(b"Mozilla/") {
        return false;
    }
    let robots = ROBOTS.get_or_init(|| {
        AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build(ROBOT_WORDS)
            .ok()
    });
    robots
        .as_ref()
        .is_some_and(|robots| !robots.is_match(agent))
}

/// Whether a page request is a browser showing the page to someone: [`browser_agent`], asking
/// for HTML, and not a prefetch.
pub fn browser_page_view(request: &HttpRequest) -> bool {
    let html =
        header_text(request, header::ACCEPT).is_some_and(|accept| accept.contains("text/html"));
    let prefetch = ["sec-purpose", "purpose", "x-moz"].iter().any(|name| {
        request
            .headers()
            .get(*name)
            .and_then(|value| value.to_str().ok())
            .is_some_and(|value| value.contains("prefetch") || value.contains("prerender"))
    });
    html && !prefetch && browser_agent(request)
}

/// Whether the browser holds the staff area's session (signed-in staff are not counted).
pub fn staff(request: &HttpRequest) -> bool {
    request
        .cookie(onespace_backoffice::SESSION_COOKIE)
        .is_some()
}

/// Whether the browser sends Global Privacy Control (`Sec-GPC: 1`).
pub fn privacy_control(request: &HttpRequest) -> bool {
    request
        .headers()
        .get("sec-gpc")
        .is_some_and(|value| value.as_bytes() == b"1")
}

/// The consented visit's id the request carries, if it may be linked: a well-formed visit
/// cookie (a UUID as `crypto.randomUUID` writes it) and no Global Privacy Control.
pub fn visit_id(request: &HttpRequest) -> Option<String> {
    if privacy_control(request) {
        return None;
    }
    let cookie = request.cookie(VISIT_COOKIE)?;
    let id = cookie.value();
    well_formed_visit(id).then(|| id.to_owned())
}

/// A lower-case hyphenated UUID: `8-4-4-4-12` hexadecimal digits.
pub fn well_formed_visit(id: &str) -> bool {
    id.len() == 36
        && id.char_indices().all(|(index, c)| match index {
            8 | 13 | 18 | 23 => c == '-',
            _ => c.is_ascii_digit() || ('a'..='f').contains(&c),
        })
}

fn header_text(request: &HttpRequest, name: header::HeaderName) -> Option<&str> {
    request
        .headers()
        .get(name)
        .and_then(|value| value.to_str().ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    const CHROME: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

    fn page(agent: &str) -> TestRequest {
        TestRequest::get()
            .uri("/")
            .insert_header((header::USER_AGENT, agent))
            .insert_header((header::ACCEPT, "text/html,application/xhtml+xml"))
    }

    #[test]
    fn browsers_count_and_robots_previewers_and_scripts_do_not() {
        assert!(browser_page_view(&page(CHROME).to_http_request()));
        for agent in [
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
            "Mozilla/5.0 (Macintosh) Slackbot-LinkExpanding 1.0",
            "curl/8.5.0",
            "WhatsApp/2.23",
            "",
        ] {
            assert!(!browser_page_view(&page(agent).to_http_request()), "{agent}");
        }
        let no_html = TestRequest::get()
            .insert_header((header::USER_AGENT, CHROME))
            .insert_header((header::ACCEPT, "*/*"))
            .to_http_request();
        assert!(!browser_page_view(&no_html));
        let prefetch = page(CHROME)
            .insert_header(("sec-purpose", "prefetch"))
            .to_http_request();
        assert!(!browser_page_view(&prefetch));
    }

    #[test]
    fn a_visit_is_linked_only_with_a_well_formed_cookie_and_without_privacy_control() {
        let id = "0b5a3c1e-8f2d-4a6b-9c7d-1e2f3a4b5c6d";
        let with_cookie = || page(CHROME).cookie(actix_web::cookie::Cookie::new(VISIT_COOKIE, id));
        assert_eq!(
            visit_id(&with_cookie().to_http_request()).as_deref(),
            Some(id)
        );
        let gpc = with_cookie()
            .insert_header(("sec-gpc", "1"))
            .to_http_request();
        assert_eq!(visit_id(&gpc), None);
        for forged in [
            "<script>",
            "0B5A3C1E-8F2D-4A6B-9C7D-1E2F3A4B5C6D",
            "1",
            &"a".repeat(36),
        ] {
            let request = page(CHROME)
                .cookie(actix_web::cookie::Cookie::new(VISIT_COOKIE, forged))
                .to_http_request();
            assert_eq!(visit_id(&request), None, "{forged}");
        }
    }
}
