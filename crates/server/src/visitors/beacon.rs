//! The two beacons the browser sends (`frontend/src/site/visit.ts`), both same-origin posts of a
//! small JSON text (`navigator.sendBeacon`, `text/plain` so no preflight), answered 204:
//!
//! - `POST /api/visits/click` `{"page": "/intro-offer", "href": "https://..."}`: a click on an
//!   outbound link. Counted as a purchase click when the link goes to the booking provider
//!   (the host of a purchase link of the prices or of the provider's schedule page, read from the
//!   content served); any other outbound link is not counted. It carries no identifier; the
//!   visit cookie comes with it only with consent.
//! - `POST /api/visits/start` `{"page": "/hot-yoga", "search": "?utm_source=...", "referrer":
//!   "https://..."}`: sent once when a consenting visitor's browser makes a new visit id, so that
//!   the visit's first step names its landing and source (the page itself was answered before the
//!   id existed). Without a visit cookie it does nothing.
//!
//! Anything else is refused with a specific status and message, never stored: another site's
//! post (403), another content type (415), a body over [`BODY_MOST`] bytes (413), text that is
//! not UTF-8 JSON of that shape or a page that is not one of the site's (400), a flood (429).

use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse, ResponseError};
use onespace_site::routes;
use onespace_store::visitors::{Kind, Source};
use serde::Deserialize;

use super::{landing, signs, Visitors};

/// Largest beacon body read, in bytes: a page path and an address fit many times over.
pub const BODY_MOST: usize = 4096;

/// Why a beacon was refused.
#[derive(Debug, thiserror::Error)]
pub enum BeaconError {
    /// Posted from another site's page.
    #[error("Visit beacons are only taken from the site's own pages.")]
    CrossSite,
    /// Not `text/plain` or `application/json`.
    #[error("Send the beacon as text/plain or application/json.")]
    MediaType,
    /// Not the JSON this beacon reads.
    #[error("The beacon is not readable: {0}")]
    Unreadable(String),
    /// The page is not one of the site's.
    #[error("'{0}' is not a page of this site.")]
    UnknownPage(String),
    /// Too many beacons from this client.
    #[error("Too many beacons from your connection; wait a minute.")]
    RateLimited,
}

impl ResponseError for BeaconError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::CrossSite => StatusCode::FORBIDDEN,
            Self::MediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::Unreadable(_) | Self::UnknownPage(_) => StatusCode::BAD_REQUEST,
            Self::RateLimited => StatusCode::TOO_MANY_REQUESTS,
        }
    }

    fn error_response(&self) -> HttpResponse {
        HttpResponse::build(self.status_code())
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .json(serde_json::json!({ "ok": false, "error": self.to_string() }))
    }
}

/// Registers the beacons (bodies over [`BODY_MOST`] are refused 413 before they are read).
pub fn configure(config: &mut web::ServiceConfig) {
    for (path, handler) in [(CLICK_PATH, Beacon::Click), (START_PATH, Beacon::Start)] {
        config.service(
            web::resource(path)
                .app_data(web::PayloadConfig::new(BODY_MOST))
                .route(web::post().to(move |request, body, visitors, site| {
                    receive(handler, request, body, visitors, site)
                }))
                .default_service(web::to(|| async {
                    HttpResponse::MethodNotAllowed()
                        .insert_header((header::ALLOW, "POST"))
                        .finish()
                })),
        );
    }
}

/// The click beacon's path (the browser's script names the same).
pub const CLICK_PATH: &str = "/api/visits/click";
/// The visit-start beacon's path.
pub const START_PATH: &str = "/api/visits/start";

#[derive(Debug, Clone, Copy)]
enum Beacon {
    Click,
    Start,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Click {
    page: String,
    href: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Start {
    page: String,
    #[serde(default)]
    search: String,
    #[serde(default)]
    referrer: String,
}

async fn receive(
    beacon: Beacon,
    request: HttpRequest,
    body: web::Bytes,
    visitors: Option<web::Data<Visitors>>,
    site: onespace_site::SiteData,
) -> Result<HttpResponse, BeaconError> {
    let done = HttpResponse::NoContent()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .finish();
    let Some(visitors) = visitors.filter(|visitors| visitors.settings.enabled) else {
        return Ok(done);
    };
    crate::enquiries::protect::check_origin(&request, &visitors.public_url)
        .map_err(|_| BeaconError::CrossSite)?;
    let media = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .map(|value| value.trim().to_ascii_lowercase());
    if !matches!(media.as_deref(), Some("text/plain" | "application/json")) {
        return Err(BeaconError::MediaType);
    }
    if let Some(client) = visitors.proxy.client_ip(&request) {
        visitors
            .limiter
            .check(onespace_http::rate_key(client))
            .map_err(|_| BeaconError::RateLimited)?;
    }
    let text = std::str::from_utf8(&body)
        .map_err(|_| BeaconError::Unreadable("the body is not UTF-8 text".to_owned()))?;
    let unreadable = |error: serde_json::Error| {
        BeaconError::Unreadable(error.to_string().chars().take(200).collect())
    };
    let counted = !signs::staff(&request) && signs::browser_agent(&request);
    match beacon {
        Beacon::Click => {
            let click: Click = serde_json::from_str(text).map_err(unreadable)?;
            let page = known_page(&click.page)?;
            let Some(host) = booking_host(&site, &click.href) else {
                return Ok(done);
            };
            if counted {
                let visit = signs::visit_id(&request);
                let from = Source {
                    referrer: host,
                    ..Source::default()
                };
                visitors
                    .tally
                    .begin()
                    .add(Kind::Purchase, page, from, visit.as_deref(), None);
            }
        }
        Beacon::Start => {
            let start: Start = serde_json::from_str(text).map_err(unreadable)?;
            let page = known_page(&start.page)?;
            let visit = signs::visit_id(&request);
            if let Some(visit) = visit.filter(|_| counted) {
                let own = visitors.own_host.clone();
                let referrer = (!start.referrer.is_empty())
                    .then_some(start.referrer.as_bytes())
                    .and_then(|referrer| landing::referrer_host(Some(referrer), &own));
                let from = landing::source(referrer, start.search.trim_start_matches('?'));
                visitors
                    .tally
                    .begin()
                    .step(Kind::Landing, page, from, &visit);
            }
        }
    }
    Ok(done)
}

/// The route whose path is `page` (its query and fragment, if any, ignored).
fn known_page(page: &str) -> Result<&'static str, BeaconError> {
    let path = page.split(['?', '#']).next().unwrap_or_default();
    routes::find(path)
        .map(|route| route.path)
        .ok_or_else(|| BeaconError::UnknownPage(page.chars().take(100).collect()))
}

/// The host of `href` when it is the booking provider's: a host of one of the prices' purchase
/// links or of the provider's schedule page, in the content served.
fn booking_host(site: &onespace_site::SiteData, href: &str) -> Option<String> {
    let url = url::Url::parse(href).ok()?;
    if !matches!(url.scheme(), "https" | "http") {
        return None;
    }
    let host = url.host_str()?.to_ascii_lowercase();
    let current = site.current();
    let content = &current.context().content;
    let host_of = |link: &str| {
        url::Url::parse(link)
            .ok()
            .and_then(|url| url.host_str().map(str::to_ascii_lowercase))
    };
    let booking = content
        .prices
        .purchase_links()
        .into_iter()
        .map(|(_, link)| link.to_owned())
        .chain([content.schedule.schedule_url()])
        .any(|link| host_of(&link).as_deref() == Some(host.as_str()));
    booking.then_some(host)
}
