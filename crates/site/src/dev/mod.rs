//! `make dev` only: the `dev` feature, which release builds never have (`make build` and the
//! tests build without it, and a test checks the release binary holds none of this).
//!
//! Every page links a small live-reload script. It polls [`VERSION_PATH`], whose answer changes
//! when the server restarts (a Rust change, rebuilt by `scripts/dev.mjs`) or when Vite rewrites
//! its manifest (an island or stylesheet change, `vite build --watch`), and reloads the tab then.
//! Assets are read from disk on each request, so a rebuilt island needs no restart.

use std::sync::OnceLock;
use std::time::{SystemTime, UNIX_EPOCH};

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use maud::{html, Markup};

use crate::assets;

/// Where the pages find the live-reload script.
const SCRIPT_PATH: &str = "/__dev/live-reload.js";

/// What the script polls: an opaque text that changes when the tab should reload.
const VERSION_PATH: &str = "/__dev/version";

/// The Vite manifest of the development build, rewritten by every rebuild.
const MANIFEST: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../frontend/dist-dev/.vite/manifest.json"
);

/// The script: it remembers the first version it reads and reloads the page when a later one
/// differs; while the server restarts the polls fail and it keeps trying.
const SCRIPT: &str = r#"// make dev: reload this tab when the server restarts or the frontend is rebuilt.
let first = null;
async function poll() {
  try {
    const version = await (await fetch('/__dev/version', { cache: 'no-store' })).text();
    if (first === null) first = version;
    else if (version !== first) return location.reload();
  } catch {
    // the server is restarting
  }
  setTimeout(poll, 250);
}
poll();
"#;

/// The tag every page's head gets in `make dev`.
pub fn head() -> Markup {
    html! { script type="module" src=(SCRIPT_PATH) {} }
}

/// The live-reload routes and assets from disk.
pub fn configure(config: &mut web::ServiceConfig) {
    // Once per process: every worker configures its own app, and all must answer alike.
    static STARTED: OnceLock<u128> = OnceLock::new();
    let started = *STARTED.get_or_init(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos())
    });
    config
        .route(
            SCRIPT_PATH,
            web::get().to(|| async {
                HttpResponse::Ok()
                    .content_type("text/javascript; charset=utf-8")
                    .insert_header(("cache-control", "no-store"))
                    .body(SCRIPT)
            }),
        )
        .route(
            VERSION_PATH,
            web::get().to(move || async move {
                let built = std::fs::metadata(MANIFEST)
                    .and_then(|meta| meta.modified())
                    .ok()
                    .and_then(|time| time.duration_since(UNIX_EPOCH).ok())
                    .map_or(0, |since| since.as_nanos());
                HttpResponse::Ok()
                    .insert_header(("cache-control", "no-store"))
                    .body(format!("{started}-{built}"))
            }),
        )
        .route("/assets/{file:.*}", web::get().to(asset_from_disk));
}

/// A file of the development build as it is on disk now (a debug build of rust-embed reads the
/// folder on each call).
async fn asset_from_disk(request: HttpRequest) -> HttpResponse {
    let path = request.path().trim_start_matches('/');
    match assets::prepare(path) {
        Some(asset) => asset.respond(&request, StatusCode::OK),
        None => HttpResponse::NotFound().finish(),
    }
}
