//! What `make build` ships has none of `make dev`'s live reload (the `dev` feature,
//! `src/dev`): neither the binary (the release build when `ONESPACE_TEST_RELEASE=1`, as `make
//! test` runs) nor the pages it serves mention the live-reload routes, and those routes are not
//! found. `tests/e2e/specs/dev.spec.ts` checks the other side: `make dev` links the script.

use actix_web::http::StatusCode;
use actix_web::test as app_test;
use onespace_server::build_app;

use crate::harness;
use crate::harness::built_site;

/// The prefix of every live-reload route (`src/dev/mod.rs`).
const DEV_ROUTES: &str = "/__dev/";

#[test]
fn the_binary_holds_no_live_reload_code() {
    let binary = harness::binary();
    let bytes = std::fs::read(&binary).unwrap();
    assert!(
        bytes.len() > 1_000_000,
        "{} is not the server",
        binary.display()
    );
    assert!(
        !bytes
            .windows(DEV_ROUTES.len())
            .any(|w| w == DEV_ROUTES.as_bytes()),
        "{} contains {DEV_ROUTES}",
        binary.display()
    );
}

#[actix_web::test]
async fn pages_link_no_live_reload_script_and_its_routes_are_not_found() {
    let app = app_test::init_service(build_app(built_site::site())).await;
    for path in onespace_site::routes::ROUTES.iter().map(|route| route.path) {
        let response =
            app_test::call_service(&app, app_test::TestRequest::get().uri(path).to_request()).await;
        let body = app_test::read_body(response).await;
        let html = String::from_utf8_lossy(&body);
        assert!(html.contains("data-entry=\"/assets/main-"), "{path}");
        assert!(!html.contains(DEV_ROUTES), "{path} links {DEV_ROUTES}");
    }
    for path in ["/__dev/version", "/__dev/live-reload.js"] {
        let response =
            app_test::call_service(&app, app_test::TestRequest::get().uri(path).to_request()).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
    }
}
