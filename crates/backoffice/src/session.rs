//! Sessions and the guard every studio path goes through.
//!
//! A session is a row in the database found by the SHA-256 of a 256-bit random id that only the
//! browser holds, in the cookie [`SESSION_COOKIE`]: `__Host-` prefixed (so no subdomain can set
//! or shadow it), `Secure`, `HttpOnly`, `SameSite=Strict`, `Path=/`, no `Domain`, no expiry date
//! (it ends with the browser, and the server ends it first). Browsers accept Secure cookies
//! from loopback addresses over plain http, so `make run` on 127.0.0.1 behaves as production.
//! A session ends after [`IDLE_MS`] without a request or [`ABSOLUTE_MS`] after sign-in,
//! whichever comes first, or when its person signs out (here or everywhere), changes password
//! or is removed.
//!
//! The extractors, in the order a request meets them:
//! - [`Area`]: the area exists (its state is wired and an account exists; otherwise the site's
//!   404 page) and the request came over https, or over http to a loopback address.
//! - [`Staff`]: a signed-in session whose role [`super::ROUTES`] admits for the matched path.
//!   Read-only methods only: a state-changing request with only `Staff` is refused, so a
//!   handler cannot forget the form token.
//! - [`StaffForm`]: `Staff` plus a same-site origin and the session's form token, then the
//!   form's fields.
//! - [`PublicForm`]: for signing in and setting up: `Area`, a same-site origin and a form token
//!   tied to the browser by a second `__Host-` cookie (double submit), then the fields.

use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};

use actix_web::cookie::{Cookie, SameSite};
use actix_web::dev::Payload;
use actix_web::error::InternalError;
use actix_web::http::{header, Method, StatusCode};
use actix_web::{web, FromRequest, HttpRequest, HttpResponse};
use futures_core::future::LocalBoxFuture;
use serde::de::DeserializeOwned;

use super::tokens;
use super::views;
use super::Access;
use super::StaffArea;
use onespace_site::SiteData;
use onespace_store::staff::{self, Account, Role, Session, Stage};
use onespace_store::StorageError;

/// The session cookie.
pub const SESSION_COOKIE: &str = "__Host-onespace-studio";
/// The cookie of the sign-in and set-up forms' token (before there is a session).
pub const FORM_COOKIE: &str = "__Host-onespace-studio-form";
/// A session ends after this long without a request: 30 minutes.
pub const IDLE_MS: i64 = 30 * 60 * 1000;
/// A session ends this long after sign-in, however busy: 12 hours.
pub const ABSOLUTE_MS: i64 = 12 * 60 * 60 * 1000;
/// A password accepted waits this long for its second factor: 5 minutes.
pub const SECOND_FACTOR_MS: i64 = 5 * 60 * 1000;
/// `last_seen_at` is written at most this often per session, so that reading pages does not
/// write on every request; the idle limit is exact to within it.
const TOUCH_EVERY_MS: i64 = 15 * 1000;
/// The largest form body the area reads: its biggest form (a note, an invitation) is a few
/// kilobytes.
pub const FORM_LIMIT: usize = 64 * 1024;

type Refusal = actix_web::Error;

fn refusal(response: HttpResponse) -> Refusal {
    InternalError::from_response("refused", response).into()
}

/// Marks a studio response private ([`super::private_headers`]), and as a page already
/// composed: a 5xx page of the area already says what happened; the site's error page must not
/// replace it.
pub fn private(mut response: HttpResponse) -> HttpResponse {
    super::private_headers(response.headers_mut());
    response
        .extensions_mut()
        .insert(onespace_http::ComposedPage);
    response
}

/// The site's not-found page (the area's answer when it does not exist).
fn not_found(request: &HttpRequest) -> HttpResponse {
    match request.app_data::<SiteData>() {
        Some(site) => site
            .current()
            .not_found
            .respond(request, StatusCode::NOT_FOUND),
        None => HttpResponse::NotFound().finish(),
    }
}

/// The page shown when the database cannot be reached.
pub fn unavailable(request: &HttpRequest, error: &StorageError) -> HttpResponse {
    tracing::warn!(target: "onespace::backoffice", %error, path = %onespace_http::loggable_path(request), "staff area: database unavailable");
    let body = views::message_page(
        &views::Chrome::public(&stylesheets(request)),
        "Try again in a minute",
        "The staff area cannot reach its database just now. Nothing was changed.",
    );
    private(
        HttpResponse::ServiceUnavailable()
            .insert_header((header::RETRY_AFTER, "30"))
            .content_type("text/html; charset=utf-8")
            .body(body),
    )
}

/// The site's stylesheets, for the area's pages.
pub fn stylesheets(request: &HttpRequest) -> Vec<String> {
    request
        .app_data::<SiteData>()
        .map(|site| site.current().context().entry.stylesheets.clone())
        .unwrap_or_default()
}

/// The studio's passkey script (sign-in and account pages).
pub fn passkey_links(request: &HttpRequest) -> Option<onespace_site::assets::EntryLinks> {
    request
        .app_data::<SiteData>()
        .map(|site| site.current().assets.passkey.clone())
}

/// The studio content editor's script, stylesheets and preloads.
pub fn editor_links(request: &HttpRequest) -> Option<onespace_site::assets::EntryLinks> {
    request
        .app_data::<SiteData>()
        .map(|site| site.current().assets.editor.clone())
}

/// A refusal page with `status`.
pub fn refused_page(
    request: &HttpRequest,
    status: StatusCode,
    title: &str,
    text: &str,
) -> HttpResponse {
    let body = views::message_page(&views::Chrome::public(&stylesheets(request)), title, text);
    private(
        HttpResponse::build(status)
            .content_type("text/html; charset=utf-8")
            .body(body),
    )
}

/// Whether the request reached us over https (as the studio's proxy says, on a connection from
/// it when trust-proxy is on), or over plain http from and to a loopback address (`make run`,
/// tests): the peer address and the raw `Host` header, never a forwarding header anyone could
/// send.
fn transport_is_safe(request: &HttpRequest, staff_area: &StaffArea) -> bool {
    if staff_area.proxy.says_https(request) {
        return true;
    }
    let peer_is_loopback = onespace_http::peer_ip(request).is_some_and(|ip| ip.is_loopback());
    let host = onespace_http::raw_host(request).unwrap_or_default();
    let hostname = host
        .rsplit_once(':')
        .filter(|(name, port)| !name.is_empty() && port.bytes().all(|b| b.is_ascii_digit()))
        .map_or(host.as_str(), |(name, _)| name)
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_owned();
    let host_is_loopback = hostname.eq_ignore_ascii_case("localhost")
        || hostname.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback());
    peer_is_loopback && host_is_loopback
}

/// The area's state for a request: present, in use, over a safe transport.
#[derive(Clone)]
pub struct Area {
    /// The area's state.
    pub staff_area: web::Data<StaffArea>,
    /// The client's address, as logged.
    pub address: String,
    /// The client's network, as throttled: its IPv4 address or its IPv6 /64
    /// (`onespace_http::rate_key`).
    pub network: String,
    /// The site's stylesheets.
    pub stylesheets: Vec<String>,
}

impl Area {
    async fn check(request: HttpRequest) -> Result<Self, Refusal> {
        let Some(staff_area) = request.app_data::<web::Data<StaffArea>>().cloned() else {
            return Err(refusal(not_found(&request)));
        };
        match staff::account_count(&staff_area.store).await {
            Ok(0) => return Err(refusal(not_found(&request))),
            Ok(_) => {}
            Err(error) => return Err(refusal(unavailable(&request, &error))),
        }
        if !transport_is_safe(&request, &staff_area) {
            if staff_area.public_url.starts_with("https://") {
                let location = format!("{}{}", staff_area.public_url, request.path());
                return Err(refusal(private(
                    HttpResponse::PermanentRedirect()
                        .insert_header((header::LOCATION, location))
                        .finish(),
                )));
            }
            return Err(refusal(refused_page(
                &request,
                StatusCode::FORBIDDEN,
                "This area needs a secure connection",
                "The staff area is only served over https (or to this computer itself).",
            )));
        }
        let client = staff_area.proxy.client_ip(&request);
        let shown =
            |ip: Option<IpAddr>| ip.map_or_else(|| "unknown".to_owned(), |ip| ip.to_string());
        Ok(Self {
            address: shown(client),
            network: shown(client.map(onespace_http::rate_key)),
            staff_area,
            stylesheets: stylesheets(&request),
        })
    }

    /// The page chrome for someone not signed in.
    pub fn chrome(&self) -> views::Chrome<'_> {
        views::Chrome::public(&self.stylesheets)
    }
}

impl FromRequest for Area {
    type Error = Refusal;
    type Future = LocalBoxFuture<'static, Result<Self, Refusal>>;

    fn from_request(request: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        let request = request.clone();
        Box::pin(Self::check(request))
    }
}

/// A signed-in staff member, admitted to the matched path by [`super::ROUTES`].
#[derive(Clone)]
pub struct Staff {
    /// The area.
    pub area: Area,
    /// Their account.
    pub account: Account,
    /// Their session.
    pub session: Session,
}

impl Staff {
    /// The page chrome for them.
    pub fn chrome(&self) -> views::Chrome<'_> {
        views::Chrome::signed_in(
            &self.area.stylesheets,
            &self.account.email,
            self.account.role == Role::Owner,
            &self.session.csrf,
        )
    }

    /// The area's state.
    pub fn staff_area(&self) -> &StaffArea {
        &self.area.staff_area
    }

    async fn check(request: HttpRequest) -> Result<Self, Refusal> {
        let area = Area::check(request.clone()).await?;
        let access = request
            .match_pattern()
            .and_then(|pattern| super::route(&pattern))
            .map(|route| route.access);
        let Some(access) = access else {
            return Err(refusal(not_found(&request)));
        };
        let found = signed_in(&area.staff_area, &request).await;
        let (session, account) = match found {
            Ok(Some(found)) => found,
            Ok(None) => return Err(refusal(session_needed(&request))),
            Err(error) => return Err(refusal(unavailable(&request, &error))),
        };
        let own_account =
            request.path().starts_with("/studio/account") || request.path() == "/studio/sign-out";
        if !own_account {
            match super::passkeys::missing(&area.staff_area, &account).await {
                Ok(false) => {}
                Ok(true) if request.method() == Method::GET || request.method() == Method::HEAD => {
                    return Err(refusal(private(
                        HttpResponse::SeeOther()
                            .insert_header((header::LOCATION, super::passkeys::ADD_ONE_FIRST))
                            .finish(),
                    )));
                }
                Ok(true) => {
                    return Err(refusal(refused_page(
                        &request,
                        StatusCode::FORBIDDEN,
                        "Add a passkey first",
                        "The studio's owners ask everyone to sign in with a passkey. Nothing was changed: add yours on your account page, then carry on.",
                    )));
                }
                Err(error) => return Err(refusal(unavailable(&request, &error))),
            }
        }
        if access == Access::Owner && account.role != Role::Owner {
            return Err(refusal(refused_page(
                &request,
                StatusCode::FORBIDDEN,
                "Only the studio's owners can do this",
                "Ask an owner if you need this done.",
            )));
        }
        Ok(Self {
            area,
            account,
            session,
        })
    }
}

/// The answer to a request without a (live) session: a page goes to the sign-in form, a form
/// post is refused (what it sent is not acted on).
fn session_needed(request: &HttpRequest) -> HttpResponse {
    let ended = request.cookie(SESSION_COOKIE).is_some();
    if request.method() == Method::GET || request.method() == Method::HEAD {
        let location = if ended {
            "/studio/sign-in?ended=1"
        } else {
            "/studio/sign-in"
        };
        let mut response = private(
            HttpResponse::SeeOther()
                .insert_header((header::LOCATION, location))
                .finish(),
        );
        if ended {
            let _ = response.add_removal_cookie(&session_cookie(String::new()));
        }
        return response;
    }
    refused_page(
        request,
        StatusCode::FORBIDDEN,
        "Your session has ended",
        "Nothing was changed. Sign in again, then repeat what you were doing.",
    )
}

impl FromRequest for Staff {
    type Error = Refusal;
    type Future = LocalBoxFuture<'static, Result<Self, Refusal>>;

    fn from_request(request: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        let request = request.clone();
        Box::pin(async move {
            let staff = Self::check(request.clone()).await?;
            if request.method() != Method::GET && request.method() != Method::HEAD {
                return Err(refusal(refused_page(
                    &request,
                    StatusCode::FORBIDDEN,
                    "This form has expired",
                    "Nothing was changed. Go back, reload the page and send it again.",
                )));
            }
            Ok(staff)
        })
    }
}

/// The session behind the request's cookie, if it is signed in and live, with its account. An
/// ended session is deleted.
async fn signed_in(
    staff_area: &StaffArea,
    request: &HttpRequest,
) -> Result<Option<(Session, Account)>, StorageError> {
    let Some(session) = session_from_cookie(staff_area, request).await? else {
        return Ok(None);
    };
    if session.stage != Stage::SignedIn {
        return Ok(None);
    }
    let now = staff_area.clock.now_ms();
    if now - session.last_seen_at > IDLE_MS || now - session.created_at > ABSOLUTE_MS {
        staff::delete_session(&staff_area.store, &session.id_hash).await?;
        return Ok(None);
    }
    let Some(account) = staff::account_by_id(&staff_area.store, &session.account_id).await? else {
        return Ok(None);
    };
    if now - session.last_seen_at > TOUCH_EVERY_MS {
        staff::touch_session(&staff_area.store, &session.id_hash, now).await?;
    }
    Ok(Some((session, account)))
}

/// The stored session named by the request's cookie (any stage), if the cookie is well formed.
pub async fn session_from_cookie(
    staff_area: &StaffArea,
    request: &HttpRequest,
) -> Result<Option<Session>, StorageError> {
    let Some(cookie) = request.cookie(SESSION_COOKIE) else {
        return Ok(None);
    };
    if !tokens::well_formed(cookie.value()) {
        return Ok(None);
    }
    staff::session_by_hash(&staff_area.store, &tokens::digest(cookie.value())).await
}

/// The session cookie carrying `value`.
pub fn session_cookie(value: String) -> Cookie<'static> {
    Cookie::build(SESSION_COOKIE, value)
        .path("/")
        .secure(true)
        .http_only(true)
        .same_site(SameSite::Strict)
        .finish()
}

/// The form-token cookie carrying `value`.
pub fn form_cookie(value: String) -> Cookie<'static> {
    Cookie::build(FORM_COOKIE, value)
        .path("/")
        .secure(true)
        .http_only(true)
        .same_site(SameSite::Strict)
        .finish()
}

/// Starts a session of `stage` for `account`: stores it and returns the cookie to set. Any
/// session the browser had is the caller's to end first, so the id always changes.
pub async fn start(
    staff_area: &StaffArea,
    account: &Account,
    stage: Stage,
    address: &str,
) -> Result<Cookie<'static>, StorageError> {
    let id = tokens::random_token();
    let now = staff_area.clock.now_ms();
    staff::insert_session(
        &staff_area.store,
        &Session {
            id_hash: tokens::digest(&id),
            account_id: account.id.clone(),
            stage,
            csrf: tokens::random_token(),
            created_at: now,
            last_seen_at: now,
            address: address.to_owned(),
        },
    )
    .await?;
    Ok(session_cookie(id))
}

/// Refuses a state-changing request that does not come from a page of this site: its `Origin`
/// must be the public origin or the request's own host; without `Origin`, `Sec-Fetch-Site` must
/// say `same-origin`; with neither, it is refused (every browser sends one of them on a form
/// post).
fn same_origin(request: &HttpRequest, staff_area: &StaffArea) -> bool {
    let headers = request.headers();
    if let Some(origin) = headers.get(header::ORIGIN) {
        let Ok(origin) = origin.to_str() else {
            return false;
        };
        if origin.eq_ignore_ascii_case(&staff_area.public_url) {
            return true;
        }
        let origin_host = origin.split_once("://").map(|(_, rest)| rest);
        let host = headers
            .get(header::HOST)
            .and_then(|value| value.to_str().ok());
        return matches!((origin_host, host), (Some(a), Some(b)) if a.eq_ignore_ascii_case(b));
    }
    headers
        .get("sec-fetch-site")
        .and_then(|value| value.to_str().ok())
        .is_some_and(|site| site.eq_ignore_ascii_case("same-origin"))
}

/// Form posts refused as forged or expired since the server started.
static FORGED: AtomicU64 = AtomicU64::new(0);

/// Refuses a form post whose origin or form token is wrong. Anyone can send those, so the log
/// says so at the 1st, 10th, 100th ... refusal, with the count, not at each.
fn forged(request: &HttpRequest) -> Refusal {
    let refused = FORGED.fetch_add(1, Ordering::Relaxed) + 1;
    if super::audit::is_power_of_ten(refused) {
        tracing::warn!(target: "onespace::backoffice", path = %onespace_http::loggable_path(request), refused, "staff area: form refused (origin or form token)");
    }
    refusal(refused_page(
        request,
        StatusCode::FORBIDDEN,
        "This form has expired",
        "Nothing was changed. Go back, reload the page and send it again.",
    ))
}

/// The form's fields, its token removed; a body that is not a form is refused.
fn read_form<T: DeserializeOwned>(
    request: &HttpRequest,
    body: &[u8],
) -> Result<(T, Option<String>), Refusal> {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(body).map_err(|_| {
        refusal(refused_page(
            request,
            StatusCode::BAD_REQUEST,
            "That form could not be read",
            "Nothing was changed. Go back and send it again.",
        ))
    })?;
    let token = pairs
        .iter()
        .find(|(name, _)| name == "csrf")
        .map(|(_, value)| value.clone());
    let fields: Vec<&(String, String)> = pairs.iter().filter(|(name, _)| name != "csrf").collect();
    let encoded = serde_urlencoded::to_string(&fields).unwrap_or_default();
    let form = serde_urlencoded::from_str(&encoded).map_err(|error| {
        refusal(refused_page(
            request,
            StatusCode::BAD_REQUEST,
            "That form could not be read",
            &format!("Nothing was changed ({error}). Go back and send it again."),
        ))
    })?;
    Ok((form, token))
}

async fn body(request: &HttpRequest, mut payload: Payload) -> Result<web::Bytes, Refusal> {
    let is_form = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|essence| {
            essence
                .trim()
                .eq_ignore_ascii_case("application/x-www-form-urlencoded")
        });
    if !is_form {
        return Err(refusal(refused_page(
            request,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "That form could not be read",
            "The area takes forms from its own pages only.",
        )));
    }
    let too_large = || {
        refusal(refused_page(
            request,
            StatusCode::PAYLOAD_TOO_LARGE,
            "That form is too large",
            "Nothing was changed. Shorten what you typed and send it again.",
        ))
    };
    let Ok(payload) = web::Payload::from_request(request, &mut payload).await else {
        return Err(too_large());
    };
    match payload.to_bytes_limited(FORM_LIMIT).await {
        Ok(Ok(bytes)) => Ok(bytes),
        Ok(Err(_)) => Err(refusal(refused_page(
            request,
            StatusCode::BAD_REQUEST,
            "That form did not arrive whole",
            "Nothing was changed. Send it again.",
        ))),
        Err(_) => Err(too_large()),
    }
}

/// A form post's fields once its origin is this site and its `csrf` field is `expected`.
async fn checked_form<T: DeserializeOwned>(
    request: &HttpRequest,
    payload: Payload,
    staff_area: &StaffArea,
    expected: &str,
) -> Result<T, Refusal> {
    if !same_origin(request, staff_area) {
        return Err(forged(request));
    }
    let body = body(request, payload).await?;
    let (form, token) = read_form::<T>(request, &body)?;
    if !token.is_some_and(|token| tokens::same(&token, expected)) {
        return Err(forged(request));
    }
    Ok(form)
}

/// A signed-in staff member's form post, its origin and form token checked.
pub struct StaffForm<T> {
    /// Who sent it.
    pub staff: Staff,
    /// The fields.
    pub form: T,
}

impl<T: DeserializeOwned + 'static> FromRequest for StaffForm<T> {
    type Error = Refusal;
    type Future = LocalBoxFuture<'static, Result<Self, Refusal>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let request = request.clone();
        let payload = payload.take();
        Box::pin(async move {
            let staff = Staff::check(request.clone()).await?;
            let expected = staff.session.csrf.clone();
            let form = checked_form(&request, payload, &staff.area.staff_area, &expected).await?;
            Ok(Self { staff, form })
        })
    }
}

/// A signed-in staff member's multipart post (the photo upload), its origin checked. Its form
/// token is a field of the body, read as the body streams in, so the staff member is only
/// reachable through [`StaffUpload::admit`] with that token: the same checks as [`StaffForm`]
/// (session, route's access, same-site origin, the session's token), in the order a streamed
/// body allows.
pub struct StaffUpload {
    staff: Staff,
    /// The body, field by field.
    pub fields: actix_multipart::Multipart,
}

impl StaffUpload {
    /// The staff member, once `token` (the form's `csrf` field) is their session's; the
    /// refusal page otherwise (nothing is acted on).
    pub fn admit(&self, request: &HttpRequest, token: Option<&str>) -> Result<&Staff, Refusal> {
        if token.is_some_and(|token| tokens::same(token, &self.staff.session.csrf)) {
            Ok(&self.staff)
        } else {
            Err(forged(request))
        }
    }
}

impl FromRequest for StaffUpload {
    type Error = Refusal;
    type Future = LocalBoxFuture<'static, Result<Self, Refusal>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let request = request.clone();
        let payload = payload.take();
        Box::pin(async move {
            let staff = Staff::check(request.clone()).await?;
            if !same_origin(&request, &staff.area.staff_area) {
                return Err(forged(&request));
            }
            let fields = actix_multipart::Multipart::new(request.headers(), payload);
            Ok(Self { staff, fields })
        })
    }
}

/// A sign-in or set-up form post, its origin and form token checked.
pub struct PublicForm<T> {
    /// The area.
    pub area: Area,
    /// The fields.
    pub form: T,
}

impl<T: DeserializeOwned + 'static> FromRequest for PublicForm<T> {
    type Error = Refusal;
    type Future = LocalBoxFuture<'static, Result<Self, Refusal>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let request = request.clone();
        let payload = payload.take();
        Box::pin(async move {
            let area = Area::check(request.clone()).await?;
            // Double submit: the token in the form must be the one in the browser's cookie.
            let expected = request
                .cookie(FORM_COOKIE)
                .map(|cookie| cookie.value().to_owned())
                .filter(|value| tokens::well_formed(value))
                .ok_or_else(|| forged(&request))?;
            let form = checked_form(&request, payload, &area.staff_area, &expected).await?;
            Ok(Self { area, form })
        })
    }
}

/// The browser's form token for the sign-in and set-up forms: the cookie's, or a new one (with
/// the cookie to set).
pub fn form_token(request: &HttpRequest) -> (String, Option<Cookie<'static>>) {
    match request.cookie(FORM_COOKIE) {
        Some(cookie) if tokens::well_formed(cookie.value()) => (cookie.value().to_owned(), None),
        _ => {
            let token = tokens::random_token();
            (token.clone(), Some(form_cookie(token)))
        }
    }
}
