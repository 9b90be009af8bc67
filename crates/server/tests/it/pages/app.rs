//! The real application (`build_app`, the same routes and middleware as the binary), driven
//! in-process: status codes, layout, caching, compression and security headers.

use actix_web::http::{header, StatusCode};
use actix_web::{test, web, HttpResponse};
use onespace_server::{build_app, Config};
use onespace_site::routes::{HeaderMode, Page, NAVIGATION, ROUTES};
use onespace_site::LiveSite;

use crate::harness::built_site::site;

async fn get(
    path: &str,
    headers: &[(&str, &str)],
) -> (StatusCode, actix_web::http::header::HeaderMap, String) {
    let app = test::init_service(build_app(site())).await;
    let mut request = test::TestRequest::get().uri(path);
    for (name, value) in headers {
        request = request.insert_header((*name, *value));
    }
    let response = test::call_service(&app, request.to_request()).await;
    let status = response.status();
    let headers = response.headers().clone();
    let body = test::read_body(response).await;
    (status, headers, String::from_utf8_lossy(&body).into_owned())
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
}

#[actix_web::test]
async fn every_route_answers_with_its_title_description_canonical_and_the_layout() {
    let app = test::init_service(build_app(site())).await;
    for route in &ROUTES {
        let response =
            test::call_service(&app, test::TestRequest::get().uri(route.path).to_request()).await;
        assert_eq!(response.status(), StatusCode::OK, "{}", route.path);
        let body = String::from_utf8(test::read_body(response).await.to_vec()).unwrap();
        assert!(body.starts_with("<!DOCTYPE html>"), "{}", route.path);
        // The dated offers have ended by the real clock: their pages say so (pages/calendar.rs).
        let ended = matches!(route.page, Page::BackToSchool | Page::SeptemberSale);
        let title = if ended {
            "On Now: 14-Day Trial and Memberships | One Space Livingston"
        } else {
            route.title
        };
        assert!(
            body.contains(&format!("<title>{}</title>", escape(title))),
            "{}",
            route.path
        );
        // Kept out of search: an ended offer. /fast-access is unlisted (out of the sitemap,
        // below), not forbidden.
        assert_eq!(
            body.contains("<meta name=\"robots\" content=\"noindex\">"),
            ended,
            "{}",
            route.path
        );
        assert!(
            !body.contains("href=\"/fast-access\""),
            "{} links to /fast-access",
            route.path
        );
        if !ended {
            assert!(
                body.contains(&format!(
                    "<meta name=\"description\" content=\"{}\">",
                    escape(route.description)
                )),
                "{}",
                route.path
            );
        }
        assert!(
            body.contains(&format!(
                "<link rel=\"canonical\" href=\"https://www.onespacestudio.co.uk{}\">",
                route.path
            )),
            "{}",
            route.path
        );
        assert!(
            body.contains("href=\"/intro-offer\">Start Today</a>"),
            "{}",
            route.path
        );
        assert!(body.contains("<footer"), "{}", route.path);
        let year =
            chrono::Datelike::year(&onespace_core::calendar::london_time(chrono::Utc::now()));
        assert!(
            body.contains(&format!("© {year} One Space")),
            "{}",
            route.path
        );
        assert!(
            body.contains("aria-label=\"Cookie consent\" data-cookie-banner hidden"),
            "{}",
            route.path
        );
        let full_navigation = NAVIGATION.iter().all(|(label, page)| {
            body.contains(&format!("href=\"{}\">{}</a>", page.path(), escape(label)))
                || body.contains(&format!(
                    "href=\"{}\" aria-current=\"page\">{}</a>",
                    page.path(),
                    escape(label)
                ))
        });
        match route.header {
            HeaderMode::Full => {
                assert!(full_navigation, "{} lacks navigation", route.path);
                assert!(body.contains("data-mobile-menu"), "{}", route.path);
            }
            HeaderMode::Landing => {
                assert!(
                    !body.contains("aria-label=\"Main\""),
                    "{} shows navigation",
                    route.path
                );
                assert!(!body.contains("data-mobile-menu"), "{}", route.path);
            }
        }
    }
}

#[actix_web::test]
async fn the_footer_has_every_block() {
    let (_, _, body) = get("/about", &[]).await;
    for text in [
        // The class names are plain text (SPEC: "not linked").
        "<li>Hot Yoga</li>",
        "<li>Pilates</li>",
        "<li>Group PT</li>",
        "<li>HYROX</li>",
        "<li>Fire &amp; Ice</li>",
        "href=\"/memberships\"",
        "href=\"/intro-offer\"",
        "href=\"/faq\"",
        "href=\"/terms\"",
        "href=\"/privacy\"",
        "href=\"mailto:hello@onespacestudio.co.uk\">hello@onespacestudio.co.uk</a>",
        "href=\"https://www.instagram.com/onespacelivingston/\" target=\"_blank\" rel=\"noopener noreferrer\">@onespacelivingston</a>",
        "href=\"tel:+441506238238\">01506 238 238</a>",
        "EH54 5BZ",
        "Leave a Review",
    ] {
        assert!(body.contains(text), "footer lacks {text}");
    }
    assert!(body.contains("target=\"_blank\" rel=\"noopener noreferrer\">Leave a Review</a>"));
}

#[actix_web::test]
async fn unknown_paths_get_the_not_found_page_with_status_404() {
    let (status, _, body) = get("/no-such-page", &[]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("Oops! Page not found"));
    assert!(body.contains("href=\"/\""));
    assert!(body.contains("<meta name=\"robots\" content=\"noindex\">"));
}

#[actix_web::test]
async fn a_trailing_slash_redirects_to_the_canonical_path() {
    let (status, headers, _) = get("/about/", &[]).await;
    assert_eq!(status, StatusCode::PERMANENT_REDIRECT);
    assert_eq!(headers.get(header::LOCATION).unwrap(), "/about");
}

#[actix_web::test]
async fn a_handler_fault_answers_500_with_the_error_page() {
    let app = test::init_service(build_app(site()).route(
        "/fault",
        web::get().to(|| async { HttpResponse::InternalServerError().body("raw") }),
    ))
    .await;
    let response =
        test::call_service(&app, test::TestRequest::get().uri("/fault").to_request()).await;
    assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
    let body = String::from_utf8(test::read_body(response).await.to_vec()).unwrap();
    assert!(body.contains("Unexpected Application Error!"));
    assert!(!body.contains("raw"));
}

#[actix_web::test]
async fn pages_are_compressed_and_revalidated_with_their_etag() {
    let (_, brotli, _) = get("/", &[("Accept-Encoding", "gzip, deflate, br")]).await;
    assert_eq!(brotli.get(header::CONTENT_ENCODING).unwrap(), "br");
    let (_, gzip, _) = get("/", &[("Accept-Encoding", "gzip")]).await;
    assert_eq!(gzip.get(header::CONTENT_ENCODING).unwrap(), "gzip");
    let (_, refused, _) = get("/", &[("Accept-Encoding", "br;q=0, gzip;q=0")]).await;
    assert!(refused.get(header::CONTENT_ENCODING).is_none());
    // Coding names are case-insensitive (RFC 9110, 8.4.1); a refusal holds for its name only.
    let (_, upper, _) = get("/", &[("Accept-Encoding", "GZIP, BR;q=0.5")]).await;
    assert_eq!(upper.get(header::CONTENT_ENCODING).unwrap(), "br");
    let (_, no_brotli, _) = get("/", &[("Accept-Encoding", "Br; q=0, gzip;q=1.0")]).await;
    assert_eq!(no_brotli.get(header::CONTENT_ENCODING).unwrap(), "gzip");
    assert_eq!(brotli.get(header::VARY).unwrap(), "Accept-Encoding");

    let etag = brotli
        .get(header::ETAG)
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    let (status, _, body) = get("/", &[("If-None-Match", &etag)]).await;
    assert_eq!(status, StatusCode::NOT_MODIFIED);
    assert!(body.is_empty());
    let (status, _, _) = get("/", &[("If-None-Match", "\"other\"")]).await;
    assert_eq!(status, StatusCode::OK);
}

/// The brotli body `live` answers `path` with now.
async fn brotli_answer(live: web::Data<LiveSite>, path: &str) -> Vec<u8> {
    let app = test::init_service(build_app(live)).await;
    let request = test::TestRequest::get()
        .uri(path)
        .insert_header(("Accept-Encoding", "br"))
        .to_request();
    let response = test::call_service(&app, request).await;
    assert_eq!(
        response.headers().get(header::CONTENT_ENCODING).unwrap(),
        "br"
    );
    test::read_body(response).await.to_vec()
}

/// The page at `path` of `live`'s rendering, compressed at brotli's best setting.
fn best_brotli(live: &LiveSite, path: &str) -> Vec<u8> {
    let identity = live.current().page(path).unwrap().identity().to_vec();
    onespace_http::Representation::new(
        "text/html; charset=utf-8",
        identity,
        onespace_http::CachePolicy::Revalidate,
    )
    .brotli()
    .unwrap()
    .to_vec()
}

/// A rendering's pages are answered with a quick brotli at first and with the best one once the
/// rendering has been served the configured while (`ONESPACE_BEST_COMPRESSION_AFTER`, at once
/// here); one still within its while (an hour here) keeps the quick one, so a rendering replaced
/// soon never spends the best pass.
#[actix_web::test]
async fn pages_get_their_best_brotli_once_their_rendering_has_been_served_a_while() {
    use onespace_site::site::BestCompression;
    let serve = |best_compression| {
        web::Data::new(LiveSite::new(
            onespace_server::build_site(&Config::for_rendering())
                .expect("frontend built (make frontend)"),
            best_compression,
        ))
    };
    let settled = serve(BestCompression::After(std::time::Duration::ZERO));
    let waiting = serve(BestCompression::After(std::time::Duration::from_secs(3600)));
    let best = best_brotli(&settled, "/privacy");
    let deadline = std::time::Instant::now() + crate::harness::REACH;
    while brotli_answer(settled.clone(), "/privacy").await != best {
        assert!(
            std::time::Instant::now() < deadline,
            "the best brotli was never served"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    // Started at the same moment, the other rendering is still within its while.
    let quick = brotli_answer(waiting.clone(), "/privacy").await;
    let best = best_brotli(&waiting, "/privacy");
    assert!(quick.len() > best.len(), "{} {}", quick.len(), best.len());
    let mut decoded = Vec::new();
    brotli::BrotliDecompress(&mut quick.as_slice(), &mut decoded).unwrap();
    assert_eq!(
        decoded,
        waiting
            .current()
            .page("/privacy")
            .unwrap()
            .identity()
            .to_vec()
    );
}

#[actix_web::test]
async fn html_carries_the_security_headers() {
    let (_, headers, _) = get("/contact", &[]).await;
    let csp = headers
        .get("content-security-policy")
        .unwrap()
        .to_str()
        .unwrap();
    let script_src = csp
        .split(';')
        .find(|d| d.trim().starts_with("script-src"))
        .unwrap();
    assert!(!script_src.contains("unsafe-inline") && !script_src.contains("'unsafe-eval'"));
    assert!(csp.contains("frame-ancestors 'none'"));
    // The timetable's schedule widget may run its script from its static host and frame the
    // provider's customer site, and nothing else comes from a third party.
    let widget = onespace_site::widget_source::WidgetSource::default();
    let directive = |name: &str| {
        csp.split(';')
            .map(str::trim)
            .find(|d| d.starts_with(name))
            .unwrap()
            .to_owned()
    };
    assert_eq!(
        directive("script-src"),
        format!(
            "script-src 'self' {} 'wasm-unsafe-eval' {}",
            onespace_site::start::csp_hash(),
            widget.script_origin()
        )
    );
    assert_eq!(
        directive("frame-src"),
        format!("frame-src 'self' {}", widget.frame_origin)
    );
    assert_eq!(directive("connect-src"), "connect-src 'self'");
    // Styles from this origin, and the page's own inline rules by their hash (below).
    assert!(directive("style-src").starts_with("style-src 'self' 'sha256-"));
    assert_eq!(directive("img-src"), "img-src 'self' data:");
    assert_eq!(headers.get("x-content-type-options").unwrap(), "nosniff");
    assert!(headers.contains_key("referrer-policy"));
    assert!(headers.contains_key("permissions-policy"));
    assert_eq!(headers.get("x-frame-options").unwrap(), "DENY");
    // Error pages are documents too.
    let (status, headers, _) = get("/no-such-page", &[]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(headers.contains_key("content-security-policy"));
}

/// The page's one inline script (it starts the entry after the first paint) is the one the
/// policy admits by its hash, and its text is the same on every page.
#[actix_web::test]
async fn the_inline_start_script_is_admitted_by_its_hash() {
    use base64::Engine as _;
    use sha2::Digest as _;
    for path in ["/", "/hot-yoga", "/no-such-page"] {
        let (_, headers, body) = get(path, &[]).await;
        let csp = policy(&headers);
        let inline: Vec<&str> = body
            .split("<script")
            .skip(1)
            .filter(|tag| !tag.starts_with(" type=\"application/"))
            .filter(|tag| !tag.split('>').next().unwrap().contains(" src="))
            .map(|tag| {
                tag.split_once('>')
                    .unwrap()
                    .1
                    .split("</script>")
                    .next()
                    .unwrap()
            })
            .collect();
        assert_eq!(inline.len(), 1, "{path}: one inline script");
        let hash =
            base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(inline[0]));
        assert!(csp.contains(&format!("'sha256-{hash}'")), "{path}: {csp}");
    }
}

/// The response's Content-Security-Policy.
fn policy(headers: &actix_web::http::header::HeaderMap) -> String {
    headers
        .get("content-security-policy")
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned()
}

/// The text in `body` after `prefix` up to the next `"` (an attribute's value).
fn value_after(body: &str, prefix: &str) -> String {
    body.split(prefix)
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_owned()
}

/// The text of each `<tag>` element in `body` (the first `>` ends the opening tag).
fn elements<'a>(body: &'a str, tag: &str) -> Vec<&'a str> {
    body.split(&format!("<{tag}"))
        .skip(1)
        .map(|rest| {
            rest.split_once('>')
                .unwrap()
                .1
                .split(&format!("</{tag}>"))
                .next()
                .unwrap()
        })
        .collect()
}

/// A prepared page carries the stylesheet rules its markup uses in one `<style>`, which its own
/// policy admits by hash and nothing else; the whole stylesheet is named for the entry, which
/// loads it before an island mounts, and linked in `<noscript>` for a browser without scripts.
/// Nothing links it in a way that blocks the first paint. A page too heavy for that (its
/// document would no longer arrive in the first round trip) links it as before, under the
/// site-wide policy.
#[actix_web::test]
async fn a_prepared_page_inlines_the_rules_it_uses_and_admits_them_alone() {
    use base64::Engine as _;
    use sha2::Digest as _;
    let (_, _, hot_yoga) = get("/hot-yoga", &[]).await;
    let stylesheet = value_after(&hot_yoga, "<noscript><link rel=\"stylesheet\" href=\"");
    let (_, _, full) = get(&stylesheet, &[]).await;
    let noscript = format!("<noscript><link rel=\"stylesheet\" href=\"{stylesheet}\"></noscript>");
    let paths: Vec<String> = ROUTES
        .iter()
        .map(|route| route.path.to_owned())
        .chain(["/contact?sent=1".to_owned(), "/no-such-page".to_owned()])
        .collect();
    let mut inlined = std::collections::HashMap::new();
    for path in &paths {
        let (_, headers, body_text) = get(path, &[]).await;
        let csp = policy(&headers);
        let style_src = csp
            .split(';')
            .map(str::trim)
            .find(|d| d.starts_with("style-src"))
            .unwrap()
            .to_owned();
        let head = body_text.split("</head>").next().unwrap();
        let styles = elements(&body_text, "style");
        if styles.is_empty() {
            // Linked as before: over the first round trip with its rules inline.
            assert_eq!(style_src, "style-src 'self'", "{path}");
            assert!(head.contains(&format!("<link rel=\"stylesheet\" href=\"{stylesheet}\">")));
            assert!(!head.contains("data-stylesheets"), "{path}");
            continue;
        }
        assert_eq!(styles.len(), 1, "{path}: one inline stylesheet");
        let css = styles[0];
        let hash = base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(css));
        assert_eq!(
            style_src,
            format!("style-src 'self' 'sha256-{hash}'"),
            "{path}"
        );
        assert!(!css.contains("</"), "{path}");
        // A part of the stylesheet: the header's rules, not everything.
        assert!(
            css.len() * 2 < full.len(),
            "{path}: {} of {}",
            css.len(),
            full.len()
        );
        assert!(css.contains(".site-header{"), "{path}: the header's rules");
        // Every custom property it sets or registers is read by a rule it keeps.
        for set in css
            .split(['{', ';', '}'])
            .filter_map(|part| part.strip_prefix("@property "))
            .chain(
                css.split(['{', ';', '}'])
                    .filter(|part| part.starts_with("--")),
            )
            .map(|part| part.split([':', '{']).next().unwrap_or(part).trim())
        {
            assert!(css.contains(&format!("var({set}")), "{path}: {set} unread");
        }
        let blocking = head.replace(&noscript, "");
        assert!(
            !blocking.contains("rel=\"stylesheet\""),
            "{path}: a blocking link"
        );
        assert!(head.contains(&noscript), "{path}");
        assert!(
            head.contains(&format!("data-stylesheets=\"{stylesheet}\"")),
            "{path}"
        );
        // Within the first round trip, compressed at its best.
        let live = site();
        let current = live.current();
        let page = match path.as_str() {
            "/contact?sent=1" => current.sent_page("/contact"),
            "/no-such-page" => Some(&current.not_found),
            path => current.page(path),
        };
        let best = page.unwrap().brotli().unwrap().len();
        let budget = onespace_site::site::FIRST_ROUND_TRIP_BODY_BYTES;
        assert!(best <= budget, "{path}: {best} bytes");
        inlined.insert(path.as_str(), css.to_owned());
    }
    // The home page (the heaviest, 13.5 KB with its rules), the pages whose largest element is a
    // photo, the FAQ, /about, a thank-you page and the not-found page inline.
    for path in [
        "/",
        "/hot-yoga",
        "/meet-the-team",
        "/faq",
        "/about",
        "/contact?sent=1",
        "/no-such-page",
    ] {
        assert!(inlined.contains_key(path), "{path} links its stylesheet");
    }
    // Rules follow the page: /hot-yoga's photo slot is not on /faq.
    assert!(inlined["/hot-yoga"].contains(".image-slot"));
    assert!(!inlined["/faq"].contains(".image-slot"));
}

/// A page rendered on request (a form post that failed validation) links its stylesheet, which
/// the browser has by then; the site-wide policy it is served under admits no inline style.
#[actix_web::test]
async fn a_page_rendered_on_request_links_its_stylesheet() {
    let contact = ROUTES
        .iter()
        .find(|route| route.page == Page::Contact)
        .unwrap();
    let mut view = onespace_site::render::FormView::blank();
    view.errors.insert(
        "email".to_owned(),
        "Enter a valid e-mail address".to_owned(),
    );
    let body = site().current().render_form(contact, &view);
    assert!(body.contains("<link rel=\"stylesheet\" href=\"/assets/"));
    assert!(!body.contains("<style") && !body.contains("data-stylesheets"));
}

#[actix_web::test]
async fn hashed_assets_are_immutable_and_linked_from_the_manifest() {
    let (_, _, body) = get("/", &[]).await;
    let script = value_after(&body, "data-entry=\"");
    assert!(
        script.starts_with("/assets/main-") && script.ends_with(".js"),
        "{script}"
    );
    let stylesheet = value_after(&body, "<link rel=\"stylesheet\" href=\"");
    for asset in [script, stylesheet] {
        let (status, headers, _) = get(&asset, &[("Accept-Encoding", "br")]).await;
        assert_eq!(status, StatusCode::OK, "{asset}");
        assert_eq!(
            headers.get(header::CACHE_CONTROL).unwrap(),
            "public, max-age=31536000, immutable"
        );
        assert_eq!(headers.get(header::CONTENT_ENCODING).unwrap(), "br");
        // Scripts and styles are not documents: nosniff, but no document policy headers.
        assert_eq!(headers.get("x-content-type-options").unwrap(), "nosniff");
        assert!(!headers.contains_key("content-security-policy"), "{asset}");
        assert!(!headers.contains_key("permissions-policy"), "{asset}");
    }
    let (status, headers, _) = get("/favicon.svg", &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers.get(header::CONTENT_TYPE).unwrap(), "image/svg+xml");
    // Browsers ask for /favicon.ico by themselves wherever a page names no icon (a text file,
    // a PDF viewer, bookmarks): a real ICO with 16, 32 and 48 px images.
    let app = test::init_service(build_app(site())).await;
    let response = test::call_service(
        &app,
        test::TestRequest::get().uri("/favicon.ico").to_request(),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers().get(header::CONTENT_TYPE).unwrap(),
        "image/x-icon"
    );
    let ico = test::read_body(response).await;
    assert_eq!(&ico[..4], &[0, 0, 1, 0], "an ICO header");
    assert_eq!(u16::from_le_bytes([ico[4], ico[5]]), 3, "three sizes");
    let widths: Vec<u8> = (0..3).map(|entry| ico[6 + entry * 16]).collect();
    assert_eq!(widths, [48, 32, 16]);
}

#[actix_web::test]
async fn the_sitemap_lists_the_indexable_routes_and_robots_points_to_it() {
    let (_, _, sitemap) = get("/sitemap.xml", &[]).await;
    for route in &ROUTES {
        let entry = format!("<loc>https://www.onespacestudio.co.uk{}</loc>", route.path);
        // The dated offers have ended by the real clock (pages/calendar.rs covers the others).
        let ended = matches!(route.page, Page::BackToSchool | Page::SeptemberSale);
        assert_eq!(
            sitemap.contains(&entry),
            route.in_sitemap && !ended,
            "{}",
            route.path
        );
    }
    let (_, _, robots) = get("/robots.txt", &[]).await;
    assert!(robots.contains("Sitemap: https://www.onespacestudio.co.uk/sitemap.xml"));
}

#[actix_web::test]
async fn pages_accept_head_and_refuse_other_methods() {
    let app = test::init_service(build_app(site())).await;
    let head = test::call_service(
        &app,
        test::TestRequest::default()
            .method(actix_web::http::Method::HEAD)
            .uri("/faq")
            .to_request(),
    )
    .await;
    assert_eq!(head.status(), StatusCode::OK);
    let delete =
        test::call_service(&app, test::TestRequest::delete().uri("/faq").to_request()).await;
    assert_eq!(delete.status(), StatusCode::METHOD_NOT_ALLOWED);
}

#[actix_web::test]
async fn island_props_are_json_that_cannot_end_their_element() {
    let (_, _, body) = get("/intro-offer", &[]).await;
    let props = body
        .split("<script type=\"application/json\" data-island-props>")
        .nth(1)
        .unwrap()
        .split("</script>")
        .next()
        .unwrap();
    let value: serde_json::Value = serde_json::from_str(props).unwrap();
    assert_eq!(
        value["expiredMessage"],
        onespace_core::countdown::INTRO_OFFER_EXPIRED
    );
    assert!(body.contains("data-island=\"IntroCountdown\" data-load=\"load\""));
    assert!(body.contains(">10:00<"));
}

#[actix_web::test]
async fn a_configured_schedule_script_is_loaded_on_the_timetable_and_admitted_by_the_policy() {
    let config = Config {
        schedule_widget: onespace_site::widget_source::WidgetSource {
            script_url: "https://cdn.schedule.example/v2/widget.js".to_owned(),
            frame_origin: "https://frames.schedule.example".to_owned(),
            ..Default::default()
        },
        ..Config::for_rendering()
    };
    let site = web::Data::new(LiveSite::new(
        onespace_server::build_site(&config).expect("frontend built (make frontend)"),
        onespace_site::site::BestCompression::Never,
    ));
    let app = test::init_service(build_app(site)).await;
    let response = test::call_service(
        &app,
        test::TestRequest::get().uri("/timetable").to_request(),
    )
    .await;
    let csp = response
        .headers()
        .get("content-security-policy")
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    let body = String::from_utf8(test::read_body(response).await.to_vec()).unwrap();
    assert!(body.contains(r#""scriptUrl":"https://cdn.schedule.example/v2/widget.js""#));
    let script_src = csp
        .split(';')
        .find(|d| d.trim().starts_with("script-src"))
        .unwrap();
    assert!(script_src.contains("https://cdn.schedule.example"));
    assert!(csp.contains("frame-src 'self' https://frames.schedule.example"));
    assert!(!csp.contains(onespace_site::widget_source::TEAMUP_ORIGIN));
    assert!(!csp.contains("teamupstatic.com"));
}

#[actix_web::test]
async fn an_update_swaps_in_pages_rendered_from_the_changed_context_with_new_etags() {
    let live = web::Data::new(LiveSite::new(
        onespace_server::build_site(&Config::for_rendering())
            .expect("frontend built (make frontend)"),
        onespace_site::site::BestCompression::Never,
    ));
    let app = test::init_service(build_app(live.clone())).await;
    let fetch = |uri: &'static str| test::TestRequest::get().uri(uri).to_request();

    let before = test::call_service(&app, fetch("/privacy")).await;
    let before_etag = before.headers().get(header::ETAG).unwrap().clone();
    let before_body = String::from_utf8(test::read_body(before).await.to_vec()).unwrap();
    assert!(before_body.contains("2 years"), "default retention stated");
    let home_etag = test::call_service(&app, fetch("/"))
        .await
        .headers()
        .get(header::ETAG)
        .unwrap()
        .clone();

    live.update(|context| context.retention_days = 90);

    let after = test::call_service(&app, fetch("/privacy")).await;
    assert_ne!(after.headers().get(header::ETAG).unwrap(), &before_etag);
    let after_body = String::from_utf8(test::read_body(after).await.to_vec()).unwrap();
    assert!(after_body.contains("90 days"), "the new period is stated");
    assert!(!after_body.contains("2 years"));
    // A page whose content did not change keeps its ETag, so caches stay valid.
    let home = test::call_service(&app, fetch("/")).await;
    assert_eq!(home.headers().get(header::ETAG).unwrap(), &home_etag);
}
