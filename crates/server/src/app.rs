//! The actix application: one `build_app` used by `main` and by the tests, so the tests exercise
//! the real routes, middleware and error pages.
//!
//! The enquiry routes (form posts, `/api/enquiries`, `/healthz`) read a
//! `web::Data<crate::enquiries::Enquiries>` that the caller adds with `.app_data(...)`, as `main`
//! does: pages render without a database, so the page tests need none.

use std::time::Instant;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Service, ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::http::{header, Method, StatusCode};
use actix_web::middleware::{ErrorHandlerResponse, ErrorHandlers};
use actix_web::web::Bytes;
use actix_web::{web, App, FromRequest, Handler, HttpRequest, HttpResponse, Responder};

use crate::enquiries;
use crate::visitors;
use onespace_http::security;
use onespace_site::routes::{self, ROUTES};
use onespace_site::site::{LiveSite, Site};

/// Shared state of every worker: the site being served (each request reads its current
/// rendering).
pub type SiteData = web::Data<LiveSite>;

/// The application with every route and middleware.
pub fn build_app(
    site: SiteData,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let context = site.current().context().clone();
    let security_headers = security::SecurityHeaders::new(
        &context.schedule_widget.policy_sources(),
        context.public_url.starts_with("https://"),
    );
    App::new()
        .app_data(site)
        .configure(configure)
        .wrap(ErrorHandlers::new().default_handler_server(server_error_page))
        .wrap_fn(|request, service| {
            // An enquiry stored by the forms (`enquiries::Stored`) is counted for the Visitors
            // page when counting is on.
            let response = service.call(request);
            async move {
                let response = response.await?;
                let stored = response
                    .response()
                    .extensions()
                    .get::<enquiries::Stored>()
                    .map(|stored| stored.0.clone());
                if let Some(id) = stored {
                    let request = response.request();
                    if let Some(visitors) = request.app_data::<web::Data<visitors::Visitors>>() {
                        visitors.enquiry(request, visitors.enquiry_page(request), &id);
                    }
                }
                Ok(response)
            }
        })
        .wrap_fn(move |request, service| {
            let security_headers = security_headers.clone();
            // Every answer of the staff area is private, whatever made it (a handler, the
            // framework refusing a request, a redirect, the error page above).
            let private = onespace_backoffice::is_area_path(request.path());
            let response = service.call(request);
            async move {
                let mut response = response.await?;
                security_headers.apply(response.headers_mut());
                if !private {
                    return Ok(response.map_into_left_body());
                }
                onespace_backoffice::private_headers(response.headers_mut());
                Ok(compress_area_page(response))
            }
        })
        .wrap_fn(|request, service| {
            // The access line is off by default (`main`'s log filter): its fields (a clock read,
            // the method, a copy of the path) are gathered only when a subscriber takes it, so
            // the page path pays nothing for a line nobody reads.
            let logged = tracing::enabled!(target: "onespace::http", tracing::Level::INFO)
                .then(|| (Instant::now(), request.method().clone()));
            let response = service.call(request);
            async move {
                let response = response.await?;
                if let Some((started, method)) = logged {
                    // Read once routed: a path carrying a secret is logged as its pattern.
                    let path = onespace_http::loggable_path(response.request());
                    tracing::info!(
                        target: "onespace::http",
                        %method,
                        %path,
                        status = response.status().as_u16(),
                        micros = started.elapsed().as_micros() as u64,
                        "request"
                    );
                }
                Ok(response)
            }
        })
}

/// A staff area page, made for its request, compressed when the browser takes brotli
/// (`onespace_http::representation::compressed_for` says why a page with a secret may be): the
/// editor's page carries the draft's every file, some 60 KB. Other answers pass as they are.
fn compress_area_page<B: MessageBody + 'static>(
    response: ServiceResponse<B>,
) -> ServiceResponse<EitherBody<B, Bytes>> {
    let html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|kind| kind.to_str().ok())
        .is_some_and(|kind| kind.starts_with("text/html"));
    if !html || response.headers().contains_key(header::CONTENT_ENCODING) {
        return response.map_into_left_body();
    }
    let (request, response) = response.into_parts();
    let (mut response, body) = response.into_parts();
    let body = match body.try_into_bytes() {
        Ok(bytes) => bytes,
        Err(body) => {
            return ServiceResponse::new(request, response.set_body(body)).map_into_left_body()
        }
    };
    let headers = response.headers_mut();
    headers.insert(
        header::VARY,
        header::HeaderValue::from_static("Accept-Encoding"),
    );
    let body = match onespace_http::representation::compressed_for(&request, &body) {
        Some(compressed) => {
            headers.insert(
                header::CONTENT_ENCODING,
                header::HeaderValue::from_static("br"),
            );
            compressed
        }
        None => body,
    };
    ServiceResponse::new(request, response.set_body(body)).map_into_right_body()
}

/// Registers every route of the route table (pages with a form also take its POST), the forms
/// API, the sitemap, robots.txt, photo variants and the fallback that serves assets or the not-found page.
pub fn configure(config: &mut web::ServiceConfig) {
    for route in &ROUTES {
        if route.form.is_some() {
            config.service(
                web::resource(route.path)
                    .route(web::get().to(page))
                    .route(web::head().to(page))
                    .route(web::post().to(enquiries::form_post))
                    .default_service(web::to(|| async {
                        HttpResponse::MethodNotAllowed()
                            .insert_header((header::ALLOW, "GET, HEAD, POST"))
                            .finish()
                    })),
            );
        } else {
            config.service(readable(route.path, page));
        }
    }
    config.configure(enquiries::configure);
    config.configure(visitors::beacon::configure);
    config.configure(onespace_backoffice::configure);
    #[cfg(feature = "dev")]
    config.configure(onespace_site::dev::configure);
    config
        .service(readable("/sitemap.xml", sitemap))
        .service(readable("/robots.txt", robots))
        .service(readable(
            onespace_site::widgets::chat::FACTS_PATH,
            chat_facts,
        ))
        .service(readable(
            &format!("{}{{file}}", onespace_images::IMAGES_PREFIX),
            image,
        ))
        .default_service(web::to(fallback));
}

/// A resource answering GET and HEAD (actix drops the body of HEAD responses) and 405 with
/// `Allow` to any other method.
fn readable<F, Args>(path: &str, handler: F) -> actix_web::Resource
where
    F: Handler<Args> + Clone,
    Args: FromRequest + 'static,
    F::Output: Responder + 'static,
{
    web::resource(path)
        .route(web::get().to(handler.clone()))
        .route(web::head().to(handler))
        .default_service(web::to(|| async {
            HttpResponse::MethodNotAllowed()
                .insert_header((header::ALLOW, "GET, HEAD"))
                .finish()
        }))
}

/// A prepared page; `?sent=1` on a page with a form is its thank-you variant.
async fn page(request: HttpRequest, site: SiteData) -> HttpResponse {
    let site = site.current();
    let sent = request
        .query_string()
        .split('&')
        .any(|pair| pair == "sent=1");
    let response = match sent.then(|| site.sent_page(request.path())).flatten() {
        Some(page) => page.respond(&request, StatusCode::OK),
        None => match site.page(request.path()) {
            Some(page) => page.respond(&request, StatusCode::OK),
            None => return not_found(&request, &site),
        },
    };
    // Counted in memory as it is answered (`crate::visitors`); absent in tests of pages alone.
    if let Some(visitors) = request.app_data::<web::Data<visitors::Visitors>>() {
        if let Some(route) = routes::find(request.path()) {
            visitors.page(&request, route.path, response.status());
        }
    }
    response
}

async fn sitemap(request: HttpRequest, site: SiteData) -> HttpResponse {
    site.current().sitemap.respond(&request, StatusCode::OK)
}

async fn robots(request: HttpRequest, site: SiteData) -> HttpResponse {
    site.current().robots.respond(&request, StatusCode::OK)
}

/// The chat's facts, rendered with the pages (fetched when the chat first opens).
async fn chat_facts(request: HttpRequest, site: SiteData) -> HttpResponse {
    site.current().chat_facts.respond(&request, StatusCode::OK)
}

/// A photo variant by file name (`/images/<hash>-<width>.<ext>`), from the library the served
/// pages were rendered with; any other name is the not-found page.
async fn image(request: HttpRequest, site: SiteData, file: web::Path<String>) -> HttpResponse {
    let site = site.current();
    match site.context().images.file(&file) {
        Some(variant) => variant.respond(&request, StatusCode::OK),
        None => not_found(&request, &site),
    }
}

/// Assets by path; `/about/` redirects to `/about`; anything else is the not-found page.
async fn fallback(request: HttpRequest, site: SiteData) -> HttpResponse {
    let site = site.current();
    let path = request.path();
    let readable = request.method() == Method::GET || request.method() == Method::HEAD;
    if readable {
        if let Some(asset) = site.assets.get(path) {
            return asset.respond(&request, StatusCode::OK);
        }
        let trimmed = path.trim_end_matches('/');
        if trimmed.len() < path.len() && routes::find(trimmed).is_some() {
            return HttpResponse::PermanentRedirect()
                .insert_header((header::LOCATION, trimmed.to_owned()))
                .finish();
        }
    }
    not_found(&request, &site)
}

fn not_found(request: &HttpRequest, site: &Site) -> HttpResponse {
    log_not_found(request);
    site.not_found.respond(request, StatusCode::NOT_FOUND)
}

/// How long the log's count of pages not found runs before it starts again.
const NOT_FOUND_WINDOW: std::time::Duration = std::time::Duration::from_secs(60);

/// Pages not found logged one by one per [`NOT_FOUND_WINDOW`]: a broken link shows its path,
/// while a scanner asking for thousands of paths cannot fill the disk.
pub const NOT_FOUND_LINES_PER_WINDOW: u64 = 10;

/// The current window's start and its pages not found so far.
static NOT_FOUND_SEEN: std::sync::Mutex<Option<(Instant, u64)>> = std::sync::Mutex::new(None);

/// Logs a page not found: its path, for the first [`NOT_FOUND_LINES_PER_WINDOW`] of a window;
/// beyond that, the next window's first line is preceded by one saying how many went unlogged.
fn log_not_found(request: &HttpRequest) {
    let now = Instant::now();
    let (log_path, unlogged) = {
        let mut seen = NOT_FOUND_SEEN
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match *seen {
            Some((start, count)) if now.duration_since(start) < NOT_FOUND_WINDOW => {
                *seen = Some((start, count + 1));
                (count < NOT_FOUND_LINES_PER_WINDOW, 0)
            }
            earlier => {
                *seen = Some((now, 1));
                let unlogged = earlier.map_or(0, |(_, count)| {
                    count.saturating_sub(NOT_FOUND_LINES_PER_WINDOW)
                });
                (true, unlogged)
            }
        }
    };
    if unlogged > 0 {
        tracing::info!(target: "onespace::not_found", unlogged, "more pages not found in the last minute than were logged one by one");
    }
    if log_path {
        tracing::info!(target: "onespace::not_found", path = %onespace_http::loggable_path(request), "page not found");
    }
}

/// Replaces the body of any 5xx response with the 'Unexpected Application Error!' page, except
/// JSON answers (the forms API and the health check), whose clients read the JSON, and
/// [`ComposedPage`]s.
fn server_error_page<B: MessageBody + 'static>(
    response: ServiceResponse<B>,
) -> actix_web::Result<ErrorHandlerResponse<B>> {
    let status = response.status();
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/json"));
    let composed = response
        .response()
        .extensions()
        .get::<onespace_http::ComposedPage>()
        .is_some();
    if json || composed {
        tracing::warn!(target: "onespace::error", path = %onespace_http::loggable_path(response.request()), status = status.as_u16(), "unavailable");
        return Ok(ErrorHandlerResponse::Response(
            response.map_into_left_body(),
        ));
    }
    tracing::error!(target: "onespace::error", path = %onespace_http::loggable_path(response.request()), status = status.as_u16(), "server error");
    let request = response.request().clone();
    let Some(site) = request.app_data::<SiteData>() else {
        return Ok(ErrorHandlerResponse::Response(
            response.map_into_left_body(),
        ));
    };
    let page = site.current().server_error.respond(&request, status);
    Ok(ErrorHandlerResponse::Response(
        response.into_response(page).map_into_right_body(),
    ))
}
