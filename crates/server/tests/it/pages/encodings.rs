//! Every prepared body (pages rendered at start, assets compressed by the frontend build and
//! embedded) decodes to exactly the identity body, through the real application's content
//! negotiation, and the build's encodings are really there for the scripts, styles and the
//! WebAssembly module.

use std::io::Read;

use actix_web::http::{header, StatusCode};
use actix_web::test;
use onespace_server::build_app;
use onespace_site::routes::ROUTES;

use crate::harness::built_site;

fn decode(encoding: &str, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    match encoding {
        "br" => brotli::Decompressor::new(body, 4096)
            .read_to_end(&mut out)
            .unwrap(),
        "gzip" => flate2::read::GzDecoder::new(body)
            .read_to_end(&mut out)
            .unwrap(),
        other => panic!("unexpected encoding {other}"),
    };
    out
}

#[actix_web::test]
async fn every_encoded_body_decodes_to_the_identity_body() {
    let live = built_site::site();
    let app = test::init_service(build_app(live.clone())).await;
    let site = live.current();
    let pages = ROUTES.iter().map(|route| route.path.to_owned());
    let sent = ROUTES
        .iter()
        .filter(|route| site.sent_page(route.path).is_some())
        .map(|route| format!("{}?sent=1", route.path));
    let assets = site.assets.paths().map(|(path, _)| path.clone());
    let others = ["/sitemap.xml", "/robots.txt", "/no-such-page"].map(str::to_owned);
    let paths: Vec<String> = pages.chain(sent).chain(assets).chain(others).collect();
    let mut encoded = 0;
    for path in &paths {
        let get = |accept: &'static str| {
            test::TestRequest::get()
                .uri(path)
                .insert_header((header::ACCEPT_ENCODING, accept))
                .to_request()
        };
        let identity = test::call_service(&app, get("identity")).await;
        assert!(!identity.headers().contains_key(header::CONTENT_ENCODING));
        let identity = test::read_body(identity).await;
        for (accept, encoding) in [("br", "br"), ("gzip", "gzip")] {
            let response = test::call_service(&app, get(accept)).await;
            assert!(
                matches!(response.status(), StatusCode::OK | StatusCode::NOT_FOUND),
                "{path}"
            );
            let used = response
                .headers()
                .get(header::CONTENT_ENCODING)
                .map(|value| value.to_str().unwrap().to_owned());
            let body = test::read_body(response).await;
            match used {
                Some(used) => {
                    assert_eq!(used, encoding, "{path}");
                    assert_eq!(decode(encoding, &body), identity, "{path} ({encoding})");
                    assert!(body.len() < identity.len(), "{path} ({encoding})");
                    encoded += 1;
                }
                None => assert_eq!(body, identity, "{path} sent as is"),
            }
        }
    }
    assert!(encoded > paths.len(), "only {encoded} encoded bodies");
}

#[actix_web::test]
async fn the_frontend_build_ships_both_encodings_of_its_scripts_styles_and_webassembly() {
    let site = built_site::site().current();
    let mut kinds = std::collections::BTreeSet::new();
    for (path, asset) in site.assets.paths() {
        let Some(kind) = [".js", ".css", ".wasm"]
            .into_iter()
            .find(|kind| path.ends_with(kind))
        else {
            continue;
        };
        // A few tiny re-export modules do not shrink, so the build leaves them as they are.
        if asset.identity().len() < 1024 {
            continue;
        }
        assert!(asset.brotli().is_some(), "{path} has no .br");
        assert!(asset.gzip().is_some(), "{path} has no .gz");
        kinds.insert(kind);
    }
    assert_eq!(kinds.len(), 3, "{kinds:?}");
}
