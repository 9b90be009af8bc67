//! The forms API: the studio's replacement for SPEC's hosted `send-contact-email` function.
//!
//! - `POST /api/enquiries`: JSON from the islands, exactly SPEC section 7's payloads, tagged by
//!   `formType`. 201 `{"ok":true,"id":...}`; 422 `{"ok":false,"errors":{field: message}}` with
//!   the core's messages; 400, 403, 408, 413, 415, 429 and 503 with `{"ok":false,"error":...}`.
//! - `POST` to each form page's own path: the HTML form without JavaScript. Every refusal gives
//!   the page again with the refusal's status and its message at the form (beside each field for
//!   the core's messages), keeping the visitor's values whenever the body was read (never for a
//!   post from another site, whose values are not reflected); a post that stalled (408) keeps the
//!   fields that had arrived whole; one the database could not take (503) is that page too, never
//!   the generic error page. Success answers 303 to `{path}?sent=1#{anchor}`, the pre-rendered
//!   thank-you variant.
//!
//! Both read a post in the same order: origin, content type and coding (headers only), the body
//! (size and time limits), the client's rate limit, then the core's validation. The rate limit
//! comes after the body so that a visitor told to wait keeps what they typed.
//! - `GET /healthz`: 200 when the database answers, 503 otherwise.
//!
//! A post sent again with the same idempotency key (the islands' `Idempotency-Key` header, the
//! plain form's hidden field or a key derived from its content) is answered as the first and
//! stores nothing new: see [`idempotency`].
//!
//! [`intake`] reads and stores, [`protect`] and [`rate_limit`] guard, [`error`] maps refusals to
//! statuses, [`export`] writes the studio's CSV or JSON export.

pub mod error;
pub mod idempotency;
pub mod intake;
pub mod protect;
pub mod rate_limit;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use tokio::sync::Notify;

pub use error::EnquiryError;
use rate_limit::RateLimiter;

use onespace_site::render::FormView;
use onespace_site::routes;
use onespace_store::Store;

/// Shared state of the enquiry endpoints.
#[derive(Debug)]
pub struct Enquiries {
    /// The database.
    pub store: Store,
    /// Woken after each stored enquiry so the mail worker sends at once.
    pub wake: Arc<Notify>,
    limiter: RateLimiter,
    proxy: onespace_http::Proxy,
    public_url: String,
}

impl Enquiries {
    /// The endpoints' state: `rate_limit_per_minute` posts per client network (an IPv4 address,
    /// an IPv6 /64; 0: no limit), client addresses from `X-Forwarded-For` on connections from
    /// the trusted `proxy`.
    pub fn new(
        store: Store,
        rate_limit_per_minute: u32,
        proxy: onespace_http::Proxy,
        public_url: &str,
    ) -> Self {
        Self {
            store,
            wake: Arc::new(Notify::new()),
            limiter: RateLimiter::new(rate_limit_per_minute),
            proxy,
            public_url: public_url.to_owned(),
        }
    }

    /// The checks on a post's head, then its body read within the limits.
    async fn read(
        &self,
        request: &HttpRequest,
        payload: web::Payload,
        content_type: &'static str,
    ) -> Result<web::Bytes, EnquiryError> {
        protect::check_origin(request, &self.public_url)?;
        protect::check_content_type(request, content_type)?;
        protect::check_content_encoding(request)?;
        protect::read_body(request, payload).await
    }

    /// Counts the post against its client's rate limit.
    fn rate_limit(&self, request: &HttpRequest) -> Result<(), EnquiryError> {
        let Some(client) = self.proxy.client_ip(request) else {
            return Ok(());
        };
        self.limiter
            .check(onespace_http::rate_key(client))
            .map_err(|wait| EnquiryError::RateLimited {
                retry_after: wait.as_secs() + u64::from(wait.subsec_nanos() > 0),
            })
    }
}

/// Registers `/api/enquiries` and `/healthz`; the form pages' POST routes are registered with
/// their pages (`app::configure`).
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .service(
            web::resource("/api/enquiries")
                .route(web::post().to(api))
                .default_service(web::to(|| async {
                    HttpResponse::MethodNotAllowed()
                        .insert_header((header::ALLOW, "POST"))
                        .json(
                            serde_json::json!({"ok": false, "error": "Send enquiries with POST."}),
                        )
                })),
        )
        .service(
            web::resource("/healthz")
                .route(web::get().to(healthz))
                .route(web::head().to(healthz)),
        );
}

/// `POST /api/enquiries`.
async fn api(
    request: HttpRequest,
    payload: web::Payload,
    state: web::Data<Enquiries>,
) -> Result<HttpResponse, EnquiryError> {
    let body = state.read(&request, payload, "application/json").await?;
    state.rate_limit(&request)?;
    let key = idempotency::from_header(&request)?;
    let submission = intake::Submission {
        key,
        ..intake::from_json(&body)?
    };
    let outcome = intake::accept(&state, submission, intake::MissingKey::None).await?;
    let mut response = HttpResponse::Created()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(serde_json::json!({ "ok": true, "id": outcome.id() }));
    if let intake::Outcome::New(id) = outcome {
        response.extensions_mut().insert(Stored(id));
    }
    Ok(response)
}

/// `POST` to a form page: the no-JavaScript form.
pub async fn form_post(
    request: HttpRequest,
    payload: web::Payload,
    state: web::Data<Enquiries>,
    site: onespace_site::SiteData,
) -> Result<HttpResponse, EnquiryError> {
    let page = routes::find(request.path());
    let Some((route, form)) = page.and_then(|route| Some((route, route.form?))) else {
        return Err(EnquiryError::BadRequest(
            "This page has no form.".to_owned(),
        ));
    };
    let mut values = BTreeMap::new();
    // The key this post is answered with, so that sending from the answering page again is the
    // same post (see `idempotency`).
    let mut key = None;
    let outcome = async {
        let body = state
            .read(&request, payload, "application/x-www-form-urlencoded")
            .await?;
        let post = intake::from_form(&body, form.form_type)?;
        values = post.values;
        let given = idempotency::from_field(post.key.as_deref())?;
        key.clone_from(&given);
        state.rate_limit(&request)?;
        let submission = intake::Submission {
            key: given,
            ..post.submission
        };
        let prepared = intake::prepare(submission, intake::MissingKey::FromContent)?;
        key.clone_from(&prepared.key);
        intake::store(&state, prepared).await
    }
    .await;
    match outcome {
        Ok(outcome) => {
            let mut response = HttpResponse::SeeOther()
                .insert_header((
                    header::LOCATION,
                    format!("{}?sent=1#{}", route.path, form.anchor),
                ))
                .insert_header((header::CACHE_CONTROL, "no-store"))
                .finish();
            if let intake::Outcome::New(id) = outcome {
                response.extensions_mut().insert(Stored(id));
            }
            Ok(response)
        }
        Err(error) => {
            if let EnquiryError::Timeout { received } = &error {
                values = intake::typed_before_stall(received, form.form_type);
            }
            let mut response = error.response_head();
            let view = FormView {
                values,
                errors: error.form_errors(),
                sent: false,
                idempotency_key: key.map(|key| key.as_str().to_owned()),
            };
            let mut page = response
                .content_type("text/html; charset=utf-8")
                .body(site.current().render_form(route, &view));
            page.extensions_mut().insert(onespace_http::ComposedPage);
            Ok(page)
        }
    }
}

/// In the answer's extensions when a post's enquiry is stored now (not a resend, not a
/// robot's), with its id: the app counts it for the Visitors page (`crate::visitors`) without the forms knowing.
#[derive(Debug, Clone)]
pub struct Stored(pub String);

/// `GET /healthz`: whether this node can reach its database.
async fn healthz(state: web::Data<Enquiries>) -> HttpResponse {
    let answered = tokio::time::timeout(Duration::from_secs(3), state.store.ping()).await;
    let (status, database) = match answered {
        Ok(Ok(())) => (StatusCode::OK, "ok"),
        Ok(Err(error)) => {
            tracing::warn!(%error, "health check: database unavailable");
            (StatusCode::SERVICE_UNAVAILABLE, "unavailable")
        }
        Err(_) => (StatusCode::SERVICE_UNAVAILABLE, "timeout"),
    };
    let overall = if status == StatusCode::OK {
        "ok"
    } else {
        "unavailable"
    };
    HttpResponse::build(status)
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(serde_json::json!({ "status": overall, "database": database }))
}
