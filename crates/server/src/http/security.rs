//! Security headers sent with every response.
//!
//! Scripts may come only from this origin: the islands are external modules, JSON props and
//! JSON-LD are data blocks (`type="application/json"` / `application/ld+json`), which CSP does not
//! execute, so no 'unsafe-inline' is needed for scripts. 'wasm-unsafe-eval' allows compiling the
//! core's WebAssembly module and nothing else.

use actix_web::middleware::DefaultHeaders;

/// The Content-Security-Policy of every page.
pub const CONTENT_SECURITY_POLICY: &str = concat!(
    "default-src 'self'; ",
    "script-src 'self' 'wasm-unsafe-eval'; ",
    "style-src 'self'; ",
    "img-src 'self' data:; ",
    "font-src 'self'; ",
    "connect-src 'self'; ",
    "frame-src 'self'; ",
    "object-src 'none'; ",
    "base-uri 'self'; ",
    "form-action 'self'; ",
    "frame-ancestors 'none'"
);

/// The headers, as a middleware.
pub fn headers() -> DefaultHeaders {
    DefaultHeaders::new()
        .add(("Content-Security-Policy", CONTENT_SECURITY_POLICY))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
        .add((
            "Permissions-Policy",
            "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
        ))
        .add(("X-Frame-Options", "DENY"))
        .add(("Cross-Origin-Opener-Policy", "same-origin"))
}
