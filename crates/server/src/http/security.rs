//! Security headers sent with every response.
//!
//! Scripts may come only from this origin: the islands are external modules, JSON props and
//! JSON-LD are data blocks (`type="application/json"` / `application/ld+json`), which CSP does not
//! execute, so no 'unsafe-inline' is needed for scripts. 'wasm-unsafe-eval' allows compiling the
//! core's WebAssembly module and nothing else. The one third party is the timetable's schedule
//! provider.

use actix_web::middleware::DefaultHeaders;

/// The Content-Security-Policy of every page: this origin, plus the schedule provider's origin
/// (`schedule_origin`, from the configured widget script) for what its embed needs. Admitting
/// the provider site-wide rather than on /timetable alone keeps one policy for every response;
/// the provider runs only where the timetable page loads its script.
pub fn content_security_policy(schedule_origin: &str) -> String {
    let third_parties = schedule_origin;
    [
        "default-src 'self'".to_owned(),
        format!("script-src 'self' 'wasm-unsafe-eval' {third_parties}"),
        format!("style-src 'self' {third_parties}"),
        format!("img-src 'self' data: {third_parties}"),
        "font-src 'self'".to_owned(),
        format!("connect-src 'self' {third_parties}"),
        format!("frame-src 'self' {third_parties}"),
        "object-src 'none'".to_owned(),
        "base-uri 'self'".to_owned(),
        "form-action 'self'".to_owned(),
        "frame-ancestors 'none'".to_owned(),
    ]
    .join("; ")
}

/// The headers, as a middleware.
pub fn headers(schedule_origin: &str) -> DefaultHeaders {
    DefaultHeaders::new()
        .add((
            "Content-Security-Policy",
            content_security_policy(schedule_origin),
        ))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
        .add((
            "Permissions-Policy",
            "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
        ))
        .add(("X-Frame-Options", "DENY"))
        .add(("Cross-Origin-Opener-Policy", "same-origin"))
}
