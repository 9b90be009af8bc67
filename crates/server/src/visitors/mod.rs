//! What the site counts of its visitors, first-party and in its own database.
//!
//! - Every page answered to a browser (not a robot, not signed-in staff: [`signs`]) adds one to
//!   its route's views in memory, and a landing (arrived from another site, or directly) also
//!   to its landing count with the referring host and campaign ([`landing`]). No identifier, no
//!   cookie, no extra request, no database write on the page path: [`Visitors::page`] is a few
//!   header comparisons and a locked map increment.
//! - Clicks on purchase and booking links reach `POST /api/visits/click` ([`beacon`]), a beacon
//!   with no identifier; a step from another page to the intro offer counts as a trial call to
//!   action followed (its `Referer`); enquiries are counted by form page as they are stored.
//! - With consent ("Accept All"), the browser keeps a random visit id in a first-party cookie
//!   ([`signs::VISIT_COOKIE`]) for 30 minutes after its last page; each counted step then also
//!   becomes a step of that visit, so the Visitors page can follow a visit from its landing to a
//!   purchase click or an enquiry. A new id is announced once with the page it began on
//!   (`POST /api/visits/start`): one request per consented visit, none per page. Declining
//!   deletes the cookie at once; `Sec-GPC: 1` is never linked.
//! - [`flush::run`] writes what was counted every few seconds in one batch, and once more when
//!   the server stops, and applies the retention period to the visits' steps.

pub mod beacon;
pub mod flush;
pub mod landing;
pub mod signs;
mod tally;

use std::time::Duration;

use actix_web::http::{header, StatusCode};
use actix_web::HttpRequest;
use onespace_site::routes::{self, Page};
use onespace_store::visitors::{Kind, Source};

pub use tally::Tally;

pub use onespace_store::visitors::DEFAULT_RETENTION_DAYS;

/// Beacons a client may send a minute (also the burst): far more clicks than a person makes,
/// few enough that a flood from one address is refused.
pub const BEACONS_PER_MINUTE: u32 = 60;

/// Checked settings of the counting.
#[derive(Debug, Clone)]
pub struct VisitorSettings {
    /// Whether pages, clicks and enquiries are counted at all (`ONESPACE_COUNT_VISITORS`).
    pub enabled: bool,
    /// How long a consented visit's steps are kept before only the daily totals remain.
    pub retention: Duration,
    /// Beacons a client may send per minute.
    pub beacons_per_minute: u32,
    /// How often the counts are written ([`flush::EVERY_MS`] unless a test shortens it).
    pub write_every: Duration,
}

/// The counting's shared state, added to the app by `main` (without it nothing is counted).
#[derive(Debug)]
pub struct Visitors {
    tally: Tally,
    /// This site's host (from the public URL): a referrer on it is a step, not a landing.
    own_host: String,
    /// The public origin, for the beacons' origin check.
    public_url: String,
    limiter: crate::enquiries::rate_limit::RateLimiter,
    proxy: onespace_http::Proxy,
    /// The settings.
    pub settings: VisitorSettings,
}

impl Visitors {
    /// The counting for a site at `public_url`, client addresses as `proxy` says.
    pub fn new(settings: VisitorSettings, public_url: &str, proxy: onespace_http::Proxy) -> Self {
        let own_host = url::Url::parse(public_url)
            .ok()
            .and_then(|url| url.host_str().map(str::to_ascii_lowercase))
            .unwrap_or_default();
        Self {
            tally: Tally::default(),
            own_host,
            public_url: public_url.to_owned(),
            limiter: crate::enquiries::rate_limit::RateLimiter::new(settings.beacons_per_minute),
            proxy,
            settings,
        }
    }

    /// What is counted and not yet written.
    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// Whether `host` is this site (its public host, or the host the request was sent to).
    fn is_own(&self, host: &str, request: &HttpRequest) -> bool {
        host == self.own_host
            || request
                .connection_info()
                .host()
                .split(':')
                .next()
                .is_some_and(|requested| requested.eq_ignore_ascii_case(host))
    }

    /// The host a referrer is compared with: the requested host when the referrer names it,
    /// else the public one.
    fn own_host_for(&self, referer: Option<&[u8]>, request: &HttpRequest) -> String {
        let named = referer
            .and_then(|bytes| std::str::from_utf8(bytes).ok())
            .and_then(|text| url::Url::parse(text).ok())
            .and_then(|url| url.host_str().map(str::to_ascii_lowercase));
        match named {
            Some(host) if self.is_own(&host, request) => host,
            _ => self.own_host.clone(),
        }
    }

    /// Counts the page of the route at `path` answered with `status`, if a visitor's browser
    /// asked for it.
    pub fn page(&self, request: &HttpRequest, path: &'static str, status: StatusCode) {
        if !self.settings.enabled
            || !matches!(status, StatusCode::OK | StatusCode::NOT_MODIFIED)
            || request.method() != actix_web::http::Method::GET
            || signs::staff(request)
            || !signs::browser_page_view(request)
        {
            return;
        }
        let visit = signs::visit_id(request);
        let referer = request
            .headers()
            .get(header::REFERER)
            .map(|value| value.as_bytes());
        let own = self.own_host_for(referer, request);
        let mut counts = self.tally.begin();
        counts.add(Kind::View, path, Source::default(), visit.as_deref(), None);
        match landing::own_referrer_path(referer, &own) {
            Some(previous) => {
                // A step to the intro offer from another page: a trial call to action followed.
                if path == Page::IntroOffer.path() && previous != path {
                    if let Some(route) = routes::find(&previous) {
                        counts.add(
                            Kind::Trial,
                            route.path,
                            Source::default(),
                            visit.as_deref(),
                            None,
                        );
                    }
                }
            }
            None => {
                let from = landing::source(
                    landing::referrer_host(referer, &own),
                    request.query_string(),
                );
                counts.add(Kind::Landing, path, from, visit.as_deref(), None);
            }
        }
    }

    /// Counts an enquiry stored from `page` (a route's path, or empty when unknown), linked to
    /// the visit it was sent in when the visitor consented.
    pub fn enquiry(&self, request: &HttpRequest, page: &'static str, enquiry_id: &str) {
        if !self.settings.enabled || signs::staff(request) {
            return;
        }
        let visit = signs::visit_id(request);
        self.tally.begin().add(
            Kind::Enquiry,
            page,
            Source::default(),
            visit.as_deref(),
            Some(enquiry_id),
        );
    }

    /// The page an enquiry was sent from: the form page posted to, or the `Referer` of an API
    /// post when it is one of the site's pages.
    pub fn enquiry_page(&self, request: &HttpRequest) -> &'static str {
        if let Some(route) = routes::find(request.path()) {
            return route.path;
        }
        let referer = request
            .headers()
            .get(header::REFERER)
            .map(|value| value.as_bytes());
        let own = self.own_host_for(referer, request);
        landing::own_referrer_path(referer, &own)
            .and_then(|path| routes::find(&path))
            .map(|route| route.path)
            .unwrap_or_default()
    }
}
