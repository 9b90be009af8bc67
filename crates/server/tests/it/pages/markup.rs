//! Every page's content through the real application (`build_app`): the strings SPEC quotes, the
//! prices derived from the core, structured data, enquiry form markup and the states
//! `document_with_form` renders.

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use actix_web::test as actix_test;
use onespace_core::catalogue::{self, timed, trial};
use onespace_core::content::founder;
use onespace_core::content::{BookingPage, Offers, Prices, Studio};
use onespace_core::forms::{self, FormName};
use onespace_core::{countdown, invest, policy};
use onespace_server::build_app;
use onespace_site::assets::EntryLinks;
use onespace_site::clock::RenderClock;
use onespace_site::layout;
use onespace_site::layout::Stylesheet;
use onespace_site::pages::{self, document, document_with_form};
use onespace_site::render::{FormView, RenderContext};
use onespace_site::routes::{Page, ROUTES};
use serde_json::Value;

use crate::harness::as_written;
use crate::harness::built_site::{site, site_on};

/// The built-in content's prices, which the pages show.
fn prices() -> Prices {
    onespace_server::content_source::default_content()
        .unwrap()
        .prices
}

/// The address of one of the provider pages in the default `schedule.toml`.
fn booking(page: BookingPage) -> String {
    onespace_server::content_source::default_content()
        .unwrap()
        .schedule
        .url(page)
}

/// The studio's default offers, as the server embeds them.
fn offers() -> Offers {
    onespace_server::content_source::default_content()
        .unwrap()
        .offers
}

/// The studio's default contact details and hours (`content/studio.toml`, built in).
fn studio() -> Studio {
    onespace_server::content_source::default_content()
        .unwrap()
        .studio
}

async fn get(path: &str) -> (StatusCode, String) {
    get_from(site(), path).await
}

/// `path` from the site as `serve --preview-date PREVIEW` shows it.
async fn get_on(preview: &str, path: &str) -> (StatusCode, String) {
    get_from(site_on(preview), path).await
}

async fn get_from(
    site: actix_web::web::Data<onespace_site::LiveSite>,
    path: &str,
) -> (StatusCode, String) {
    let app = actix_test::init_service(build_app(site)).await;
    let response =
        actix_test::call_service(&app, actix_test::TestRequest::get().uri(path).to_request()).await;
    let status = response.status();
    let body = actix_test::read_body(response).await;
    (status, as_written(std::str::from_utf8(&body).unwrap()))
}

/// Text as maud writes it into HTML.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The page's markup without its tags: a heading's hyphenated word is wrapped in a span that
/// keeps it on one line, which a visitor reads as the words alone.
fn text_of(body: &str) -> String {
    let mut text = String::with_capacity(body.len());
    let mut in_tag = false;
    for character in body.chars() {
        match character {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => text.push(character),
            _ => {}
        }
    }
    text
}

fn assert_has(body: &str, path: &str, texts: &[&str]) {
    let text = text_of(body);
    for wanted in texts {
        let wanted = esc(wanted);
        assert!(
            body.contains(&wanted) || text.contains(&wanted),
            "{path} lacks {wanted:?}"
        );
    }
}

fn json_ld(body: &str) -> Vec<Value> {
    body.split("<script type=\"application/ld+json\">")
        .skip(1)
        .map(|rest| serde_json::from_str(rest.split("</script>").next().unwrap()).unwrap())
        .collect()
}

fn context() -> RenderContext {
    RenderContext {
        public_url: "https://www.onespacestudio.co.uk".to_owned(),
        entry: EntryLinks {
            script: "/assets/main.js".to_owned(),
            stylesheets: vec!["/assets/main.css".to_owned()],
            module_preloads: Vec::new(),
            faces: vec!["/assets/brand-display-archivo.woff2".to_owned()],
            ..EntryLinks::default()
        },
        retention_days: onespace_server::config::DEFAULT_RETENTION_DAYS,
        visits_retention_days: onespace_server::visitors::DEFAULT_RETENTION_DAYS,
        schedule_widget: Default::default(),
        clock: RenderClock::Real,
        now: RenderClock::Real.now(),
        timetable: None,
        content: std::sync::Arc::new(onespace_server::content_source::default_content().unwrap()),
        images: Default::default(),
    }
}

fn render(page: Page, view: &FormView) -> String {
    layout::render(
        &context(),
        &document_with_form(page.route(), &context(), view),
        Stylesheet::Linked,
    )
}

#[actix_web::test]
async fn every_page_has_one_h1_no_inline_styles_or_scripts_but_its_start_and_safe_external_links() {
    for route in &ROUTES {
        let (status, body) = get(route.path).await;
        assert_eq!(status, StatusCode::OK, "{}", route.path);
        assert_eq!(body.matches("<h1").count(), 1, "{} has one h1", route.path);
        assert!(
            !body.contains(" style="),
            "{} has an inline style",
            route.path
        );
        // The one inline script is the start script (admitted by its hash: pages/app.rs).
        let mut start_scripts = 0;
        for script in body.split("<script").skip(1) {
            let tag = script.split('>').next().unwrap();
            if tag.starts_with(" data-entry=") {
                start_scripts += 1;
                continue;
            }
            assert!(
                tag.contains(" src=")
                    || tag.contains("application/json")
                    || tag.contains("application/ld+json"),
                "{} has an inline script: {tag}",
                route.path
            );
        }
        assert_eq!(start_scripts, 1, "{}: one start script", route.path);
        for anchor in body.split("<a ").skip(1) {
            let tag = anchor.split('>').next().unwrap();
            if tag.contains("target=\"_blank\"") {
                assert!(
                    tag.contains("rel=\"noopener noreferrer\""),
                    "{}: {tag}",
                    route.path
                );
            }
        }
        for block in json_ld(&body) {
            assert_eq!(block["@context"], "https://schema.org", "{}", route.path);
        }
    }
}

#[actix_web::test]
async fn structured_data_has_the_type_each_page_needs() {
    let expected = [
        (Page::Home, "WebPage"),
        (Page::About, "HealthClub"),
        (Page::IntroOffer, "Offer"),
        (Page::Faq, "FAQPage"),
        (Page::BackToSchool, "Event"),
        (Page::SeptemberSale, "SpecialAnnouncement"),
        (Page::HotYoga, "Service"),
        (Page::YogaBeginners, "Service"),
        (Page::Pilates, "Service"),
        (Page::GroupPt, "Service"),
        (Page::HyroxTraining, "Service"),
        (Page::FireIceRecovery, "Service"),
        (Page::Memberships, "OfferCatalog"),
    ];
    for (page, kind) in expected {
        // Each dated offer on a day it runs (back to school: August 2025; the sale: September
        // 2024); calendar.rs checks the other days.
        let preview = match page {
            Page::BackToSchool => "2025-08-15",
            Page::SeptemberSale => "2024-09-15",
            _ => "2026-11-23",
        };
        let (_, body) = get_on(preview, page.path()).await;
        let blocks = json_ld(&body);
        assert_eq!(blocks.len(), 1, "{}", page.path());
        assert_eq!(blocks[0]["@type"], kind, "{}", page.path());
    }
    let (_, about) = get(Page::About.path()).await;
    let club = &json_ld(&about)[0];
    let studio = studio();
    assert_eq!(club["address"]["postalCode"], studio.address.postcode);
    assert_eq!(club["telephone"], studio.phone.tel);
    assert_eq!(club["sameAs"][0], studio.social.url);
    assert_eq!(
        club["openingHoursSpecification"][0],
        serde_json::json!({
            "@type": "OpeningHoursSpecification",
            "dayOfWeek": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
            "opens": "06:00",
            "closes": "20:00",
        })
    );
    assert_eq!(
        club["openingHoursSpecification"].as_array().unwrap().len(),
        3
    );
    assert!(club.get("geo").is_none());
    // Dated by each offer's own window, on a day it runs.
    let (_, sale) = get_on("2024-09-15", Page::SeptemberSale.path()).await;
    let announcement = &json_ld(&sale)[0];
    assert_eq!(announcement["datePosted"], "2024-09-01");
    assert_eq!(announcement["expires"], "2024-09-30");
    let (_, bts) = get_on("2025-08-15", Page::BackToSchool.path()).await;
    assert_eq!(json_ld(&bts)[0]["startDate"], "2025-08-01");
    assert_eq!(json_ld(&bts)[0]["endDate"], "2025-08-31");
    // /memberships states every card's price, from the content, as the cards do.
    let (_, memberships) = get(Page::Memberships.path()).await;
    let catalog = &json_ld(&memberships)[0];
    let prices = prices();
    let groups = catalog["itemListElement"].as_array().unwrap();
    assert_eq!(groups.len(), 3);
    let lite = &groups[0]["itemListElement"][0];
    assert_eq!(lite["name"], "Lite");
    assert_eq!(lite["price"], "49");
    assert_eq!(lite["priceCurrency"], "GBP");
    assert_eq!(
        lite["priceSpecification"]["referenceQuantity"]["unitCode"],
        "MON"
    );
    assert_eq!(lite["url"], prices.monthly[0].purchase_url);
    let counts: Vec<usize> = groups
        .iter()
        .map(|group| group["itemListElement"].as_array().unwrap().len())
        .collect();
    assert_eq!(
        counts,
        [
            prices.monthly.len(),
            prices.unlimited.len(),
            prices.packs.len()
        ]
    );
    let five_pack = &groups[2]["itemListElement"][1];
    assert_eq!(five_pack["price"], "62.50");
    assert_eq!(
        five_pack["description"],
        "£62.50: £12.50 per session. Valid for 30 days."
    );
    assert_eq!(lite["description"], "£49 a month: £12.25 per session.");
}

#[actix_web::test]
async fn home_has_the_hero_offer_grid_members_and_a_summary_of_the_prices() {
    let (_, body) = get("/").await;
    assert_has(
        &body,
        "/",
        &[
            "Everything You Need in",
            "West Lothian's Premier Hot Yoga, HYROX & Recovery Studio",
            "Start My 14-Day Trial",
            "View Memberships",
            "What We Offer",
            "Pricing",
            "Flexible memberships with no contracts. Just 30 days' notice to cancel.",
            "Rolling Monthly Memberships",
            "MOST POPULAR",
            "Coming Soon",
            "What our members say",
        ],
    );
    assert!(body.contains(">Pricing</h2>"));
    assert!(body.contains("href=\"/intro-offer\">Start My 14-Day Trial"));
    assert!(body.contains("href=\"/memberships\">View Memberships"));
    // Eight offers (SPEC), the last the 'Coming Soon' line.
    assert_eq!(body.matches("<li class=\"offer-tile").count(), 8);
    let prices = prices();
    for plan in &prices.monthly {
        assert_has(&body, "/", &[&plan.name, &plan.price.format()]);
        assert!(body.contains(&format!(
            "href=\"{}\" target=\"_blank\" rel=\"noopener noreferrer\">Choose Plan",
            plan.purchase_url
        )));
    }
    // The unlimited plans and packs are one link away, not repeated.
    for plan in &prices.unlimited {
        assert!(!body.contains(&plan.purchase_url), "{} is on /", plan.name);
    }
    assert!(body
        .contains("See every price: unlimited plans from £109/month and session packs from £13"));
    assert_eq!(body.matches(">MOST POPULAR<").count(), 1);
    assert_has(
        &body,
        "/",
        &[&prices.trial.price.format(), &offers().concession.summary()],
    );
    // Three members' words, from testimonials.toml.
    let quotes = onespace_server::content_source::default_content()
        .unwrap()
        .testimonials
        .on("/")
        .len();
    assert_eq!(quotes, 3);
    assert_eq!(
        body.matches("<figure class=\"card testimonial\"").count(),
        3
    );
}

#[actix_web::test]
async fn memberships_has_every_plan_and_pack_with_one_badge_each() {
    let (_, body) = get("/memberships").await;
    let prices = prices();
    for plan in prices.monthly.iter().chain(&prices.unlimited) {
        assert_has(
            &body,
            "/memberships",
            &[&plan.name, &plan.price.format(), &plan.description()],
        );
        assert!(body.contains(&format!(
            "href=\"{}\" target=\"_blank\" rel=\"noopener noreferrer\">Choose Plan",
            plan.purchase_url
        )));
    }
    for pack in &prices.packs {
        assert_has(
            &body,
            "/memberships",
            &[&pack.name, &pack.price.format(), &pack.per_session()],
        );
        match (&pack.purchase_url, pack.validity) {
            (Some(url), Some(validity)) => {
                assert!(body.contains(&format!(
                    "href=\"{url}\" target=\"_blank\" rel=\"noopener noreferrer\">Purchase"
                )));
                assert!(body.contains(&validity.display()));
            }
            _ => {
                assert!(body.contains("href=\"/timetable\">Book Now"));
                let drop_in =
                    onespace_core::mail::drop_in(&studio().email, pack.price).replace('&', "&amp;");
                assert!(body.contains(&format!("href=\"{drop_in}\">Enquire by e-mail")));
            }
        }
    }
    // One badge per card: the featured cards' say MOST POPULAR only (the 20 Pack's validity is
    // its note; both on one badge did not fit the card).
    assert_eq!(body.matches(">MOST POPULAR<").count(), 2);
    assert!(!body.contains(">MOST POPULAR · "));
    for card in body.split("<article class=\"price-card").skip(1) {
        let card = card.split("</article>").next().unwrap_or_default();
        assert!(card.matches("price-card-badge").count() <= 1, "{card}");
    }
}

#[actix_web::test]
async fn memberships_adds_the_year_end_campaign_and_the_invest_link() {
    let (_, body) = get_on("2025-12-01", "/memberships").await;
    assert_has(
        &body,
        "/memberships",
        &[
            &offers().year_end.summary(),
            &offers().year_end.code,
            "Rolling Monthly Memberships",
        ],
    );
    assert!(body.contains("href=\"/invest\""));
}

#[actix_web::test]
async fn intro_offer_has_the_countdown_trial_guarantee_and_two_purchase_links() {
    let (_, body) = get("/intro-offer").await;
    assert!(body.contains("data-island=\"IntroCountdown\" data-load=\"load\""));
    assert_has(
        &body,
        "/intro-offer",
        &[
            trial::NAME,
            &prices().trial.intro_price().format(),
            &prices().trial.price.format(),
            trial::GUARANTEE,
            &trial::guarantee_terms(),
            "Fire & Ice recovery included",
            "What's included",
        ],
    );
    assert!(
        body.matches(&format!(
            "href=\"{}\" target=\"_blank\"",
            booking(BookingPage::IntroOffer)
        ))
        .count()
            >= 2
    );
    let offer = &json_ld(&body)[0];
    assert_eq!(offer["priceCurrency"], "GBP");
}

#[actix_web::test]
async fn service_pages_have_the_timer_four_benefits_their_stories_and_two_buy_buttons() {
    let button = prices().trial.intro_button_text();
    assert_eq!(button, "Get £10 Off - Pay £39 (Usually £49)");
    for page in [
        Page::HotYoga,
        Page::YogaBeginners,
        Page::Pilates,
        Page::GroupPt,
        Page::HyroxTraining,
        Page::FireIceRecovery,
    ] {
        let (_, body) = get(page.path()).await;
        let path = page.path();
        assert!(body.contains("data-island=\"IntroCountdown\""), "{path}");
        assert!(
            body.find("data-island=\"IntroCountdown\"") < body.find("<h1"),
            "{path}: timer above the hero"
        );
        assert_eq!(
            body.matches(&format!(
                "href=\"{}\" target=\"_blank\" rel=\"noopener noreferrer\">{}</a>",
                booking(BookingPage::IntroOffer),
                button
            ))
            .count(),
            2,
            "{path}"
        );
        assert_eq!(
            body.matches("class=\"card feature-card\"").count()
                - if page == Page::HyroxTraining { 3 } else { 0 },
            4,
            "{path}"
        );
        let content = onespace_server::content_source::default_content().unwrap();
        assert_eq!(
            body.matches("class=\"card testimonial\"").count(),
            content.testimonials.on(path).len(),
            "{path}"
        );
        // The built-in content cites no research: no band states a finding nobody can check.
        assert!(!body.contains("What the research says"), "{path}");
        assert!(
            !body.contains("aria-label=\"Main\""),
            "{path}: landing header"
        );
        let service = &json_ld(&body)[0];
        assert_eq!(service["offers"]["price"], "49");
        assert_eq!(service["offers"]["priceCurrency"], "GBP");
        assert_eq!(service["offers"]["name"], "2-Week Intro Offer");
    }
    let (_, hyrox) = get("/hyrox-training").await;
    assert_has(
        &hyrox,
        "/hyrox-training",
        &["pre-sale", "Discounted simulations", "Community"],
    );
    let (_, group) = get("/group-pt").await;
    let studio_section = group
        .split("id=\"studio-title\"")
        .nth(1)
        .unwrap()
        .split("</section>")
        .next()
        .unwrap();
    assert_eq!(studio_section.matches("data-photo-slot").count(), 2);
}

#[actix_web::test]
async fn fast_access_shows_the_running_offer_and_hides_times_up() {
    let (_, body) = get("/fast-access").await;
    // Sent by link: unlisted (out of the sitemap, which `app.rs` checks), not forbidden to search.
    assert!(!body.contains("noindex"));
    assert!(body.contains("data-island=\"TimedOfferCountdown\""));
    assert!(body.contains(">05:00<"));
    assert_has(
        &body,
        "/fast-access",
        &[
            &prices().trial.price.format(),
            &timed::SHOWN_PRICE.format(),
            timed::CODE,
            &timed::refund_terms(),
        ],
    );
    // The lead and the offer each have their expired twin, hidden until the timer runs out.
    let twins: Vec<&str> = body.split("data-offer-expired").skip(1).collect();
    assert_eq!(twins.len(), 2);
    assert!(twins.iter().all(|twin| twin.starts_with(" hidden")));
    let expired = twins.concat();
    assert!(expired.contains(&esc(countdown::TIMED_OFFER_EXPIRED)));
    assert!(expired.contains("href=\"/intro-offer\""));
}

#[actix_web::test]
async fn team_timetable_challenge_fire_ice_hyrox_about_and_classes_show_their_content() {
    let (_, body) = get("/meet-the-team").await;
    assert!(body.contains("Meet the Team"));
    let team = onespace_server::content_source::default_content()
        .unwrap()
        .team;
    for member in &team.coaches {
        assert_has(&body, "/meet-the-team", &[&member.name, &member.role]);
        let link = format!(
            "href=\"{}\"",
            esc(&onespace_core::mail::one_to_one(
                &studio().email,
                &member.name
            ))
        );
        assert_eq!(body.contains(&link), member.one_to_one, "{}", member.name);
    }
    assert_eq!(
        body.matches(">Enquire about 1-2-1<").count(),
        team.one_to_one().count()
    );

    let (_, body) = get("/timetable").await;
    assert_has(
        &body,
        "/timetable",
        &[
            "Book Your Classes",
            "45-60 minutes",
            "All levels",
            "Water available",
            &policy::booking_notice(),
        ],
    );
    assert!(body.contains("data-island=\"ScheduleWidget\" data-load=\"request\""));
    let schedule = onespace_server::content_source::default_content()
        .unwrap()
        .schedule;
    assert!(body.contains(&format!("\"provider_id\":{}", schedule.provider_id)));

    let (_, body) = get("/challenge").await;
    assert_has(
        &body,
        "/challenge",
        &[
            &catalogue::challenge::stay_claim(),
            "What's Included",
            "Book Your Free Consultation",
        ],
    );
    for item in catalogue::challenge::included() {
        assert_has(&body, "/challenge", &[&item]);
    }
    for slot in &studio().consultation_slots {
        assert_has(&body, "/challenge", &[&slot.day, &slot.time.display()]);
    }
    assert_has(&body, "/challenge", &["Thursday", "8:30 PM"]);
    assert_eq!(body.matches("class=\"card testimonial\"").count(), 4);

    let (_, body) = get("/fire-ice").await;
    assert_has(
        &body,
        "/fire-ice",
        &[
            &catalogue::fire_ice::DROP_IN.format(),
            &catalogue::fire_ice::session_text(),
            "Contact Us to Book",
        ],
    );
    assert_eq!(body.matches("class=\"card feature-card\"").count(), 8);

    let (_, body) = get("/hyrox").await;
    assert_has(
        &body,
        "/hyrox",
        &[
            "8 x 1 km",
            "relay of 4",
            "Beginner programme",
            "Simulation events",
        ],
    );
    assert!(body.contains("href=\"/timetable\"") && body.contains("href=\"/contact\""));

    let (_, body) = get("/about").await;
    for drive in &studio().drive_times {
        assert_has(&body, "/about", &[&drive.from]);
    }
    assert_has(
        &body,
        "/about",
        &["via M8", "Visit Our Studio", "Start My 14-Day Trial"],
    );
    // The founder (team.toml's founder) with her portrait's place: her discipline's stand-in
    // until a photo is named, and the way to her card.
    let team = onespace_server::content_source::default_content()
        .unwrap()
        .team;
    let founder = team.founder().unwrap();
    assert_has(
        &body,
        "/about",
        &["Meet the founder", &founder.name, &founder.role],
    );
    assert!(body.contains(&format!(
        "<span class=\"stand-in-discipline\">{}</span>",
        founder.specialties[0]
    )));
    assert!(body.contains(&format!("href=\"/meet-the-team#{}\"", founder.id)));

    let (_, body) = get("/our-classes").await;
    assert_has(
        &body,
        "/our-classes",
        &[
            "Hot Yoga",
            "32-35 °C",
            "Functional Training",
            "40 minutes, private",
        ],
    );
    assert!(body.contains(&format!(
        "href=\"{}\" target=\"_blank\"",
        booking(BookingPage::Trial)
    )));
}

/// One class card of /our-classes, by its id.
fn class_card<'a>(body: &'a str, id: &str) -> &'a str {
    let start = body
        .find(&format!("<article class=\"card class-card\" id=\"{id}\""))
        .unwrap_or_else(|| panic!("no card {id}"));
    let end = start + body[start..].find("</article>").unwrap();
    &body[start..end]
}

/// Each class card sells its class: the content's facts, its next three sessions (while no live
/// timetable exists, the typical week's, labelled so, with a 'Book' button to the live
/// schedule), and a link that stays on pages with the site's menu: the timetable filtered to the
/// class, or Fire & Ice's own page; never a service page (an advert's landing, no navigation).
#[actix_web::test]
async fn each_class_card_gives_its_facts_next_sessions_and_a_navigable_link() {
    let content = onespace_server::content_source::default_content().unwrap();
    // A Tuesday: every timetabled class has sessions in the coming days.
    let (_, body) = get_on("2026-11-24", "/our-classes").await;
    for id in catalogue::classes::IDS {
        let card = class_card(&body, id);
        let facts = content.schedule.class_facts(id).unwrap();
        for fact in [
            &facts.duration,
            &facts.heat,
            &facts.level,
            &facts.suits,
            &facts.bring,
        ] {
            assert!(card.contains(&esc(fact)), "{id}: {fact}");
        }
        for service in [
            "/hot-yoga\"",
            "/yoga-beginners\"",
            "/pilates\"",
            "/hyrox-training\"",
            "/group-pt\"",
            "/fire-ice-recovery\"",
        ] {
            assert!(
                !card.contains(&format!("href=\"{service}")),
                "{id} links to {service}"
            );
        }
        let Some(first) = facts.timetable_types.first() else {
            // Booked privately: no sessions, and its own page in the menu.
            assert!(!card.contains("class-row"), "{id}");
            assert!(card.contains("href=\"/fire-ice\""), "{id}");
            continue;
        };
        let filtered = format!(
            "href=\"/timetable?type={}\"",
            onespace_core::timetable::type_key(first)
        );
        assert!(card.contains(&filtered), "{id}: {filtered}");
        assert_eq!(card.matches("class=\"class-row\"").count(), 3, "{id}");
        assert!(card.contains(">Typical times<"), "{id}");
        assert!(
            card.contains(&format!(
                "href=\"{}\" target=\"_blank\" rel=\"noopener noreferrer\" aria-label=\"Book ",
                content.schedule.schedule_url()
            )),
            "{id}: the Book button"
        );
    }
    // The sessions are the class's own, soonest first: Hot Yoga's from the typical week.
    let hot_yoga = class_card(&body, "hot-yoga");
    assert!(hot_yoga.contains("Hot Yoga Flow") || hot_yoga.contains("Hot Yoga Express"));
    assert!(!hot_yoga.contains("Warm Pilates") && !hot_yoga.contains("HYROX Conditioning"));
}

#[actix_web::test]
async fn offer_pages_investor_pages_terms_and_privacy_show_their_content() {
    let (_, body) = get_on("2025-08-15", "/back-to-school").await;
    assert_has(
        &body,
        "/back-to-school",
        &[
            &offers().back_to_school.banner(),
            "How It Works",
            "Buy Credit Packs",
            "Join with 20% Off",
            "Book Zoom Consult",
            // Only the 20 and 50 packs are sold online; SPEC's unpriced 30-pack is not.
            "on 20/50 packs, added automatically at checkout (30-packs in the studio)",
            "30-pack gives 36 credits, in the studio",
        ],
    );
    // The consultation link shows in the hero, its offer card, the closing banner and the fixed
    // bar only: no in-place row repeats the quick links above the footer.
    assert_eq!(body.matches(">Book Zoom Consult</a>").count(), 4);
    assert_eq!(
        body.matches("<details class=\"faq-item\" name=\"back-to-school-faq\"")
            .count(),
        4
    );

    let (_, body) = get_on("2024-09-15", "/september-sale").await;
    assert_has(
        &body,
        "/september-sale",
        &[
            &offers().september_sale.spots_message(),
            &offers().september_sale.headline(),
            &offers().september_sale.code_note(),
            &offers()
                .september_sale
                .first_month(prices().cheapest_monthly().unwrap())
                .format(),
            "7 spots left",
        ],
    );
    assert_eq!(
        body.matches("<details class=\"faq-item\" name=\"september-sale-faq\"")
            .count(),
        8
    );

    let (_, body) = get("/invest").await;
    let figures = onespace_server::content_source::default_content()
        .unwrap()
        .investors;
    assert_has(
        &body,
        "/invest",
        &[
            &figures.raise.amount.format(),
            &figures.raise.loan.monthly_repayment().format(),
            &figures.monthly_revenue.format(),
            &figures.outgoings.low.format(),
            &figures.outgoings.high.format(),
            "Figures as of June 2025",
            "Forecast from July 2025",
            "12.5%",
            "6.25%",
            "What the money funds",
            "Who can join",
            "hello@onespacestudio.co.uk",
            "01506 238 238",
        ],
    );
    assert!(
        !body.to_lowercase().contains("next 12 months"),
        "/invest: a dated forecast is never 'the next 12 months'"
    );
    for month in figures.forecast() {
        let name = month.month.short();
        assert_has(&body, "/invest", &[&name, &month.revenue.format()]);
        // The chart itself labels each bar with its month and its value.
        assert!(
            body.contains(&format!("dominant-baseline=\"central\">{name}</text>"))
                && body.contains(&format!(
                    "class=\"bar-value\" dominant-baseline=\"central\">{}</text>",
                    month.revenue.format()
                )),
            "/invest: the chart's bar for {name} is unlabelled"
        );
    }
    assert!(body.contains("class=\"bar-chart\"") && body.contains("role=\"img\""));

    let (_, body) = get("/investinonespace").await;
    for tier in &invest::TIERS {
        assert_has(
            &body,
            "/investinonespace",
            &[tier.title, &tier.amount.format()],
        );
    }
    assert_has(
        &body,
        "/investinonespace",
        &[&invest::LANDING_VALUATION.format()],
    );
    assert!(body.matches("href=\"#register-form\"").count() >= 2);

    let (_, body) = get("/founder-memberships").await;
    let cards = founder::cards(&prices());
    assert_eq!(cards.len(), founder::PLANS.len());
    for card in cards {
        assert_has(
            &body,
            "/founder-memberships",
            &[
                card.plan.name,
                &card.founder_price.format(),
                &card.annual_price.format(),
                &card.original_price.format(),
            ],
        );
    }
    assert!(body.contains("href=\"#membership-form\" data-plan=\"founder-lite\""));
    assert!(body.contains("href=\"/invest\""));

    let (_, body) = get("/terms").await;
    assert!(body.contains("Effective 3 June 2025"));
    for number in 1..=15 {
        assert!(
            body.contains(&format!("id=\"section-{number}\">{number}. ")),
            "terms section {number}"
        );
    }
    assert!(!body.contains("id=\"section-16\""));
    assert_has(
        &body,
        "/terms",
        &[
            &policy::charges_summary(),
            &trial::guarantee_terms(),
            &timed::refund_terms(),
        ],
    );

    let (_, body) = get("/privacy").await;
    assert_has(
        &body,
        "/privacy",
        &[
            "cookie-consent",
            "Enquiries are kept for 2 years",
            "controller",
            "Your rights",
        ],
    );
    // Consent withdrawn as easily as given: the button the page's script shows.
    assert!(
        body.contains("data-cookie-choice hidden>Change my cookie choice</button>"),
        "{body}"
    );

    let (_, body) = get("/yoga-retreat").await;
    assert_has(
        &body,
        "/yoga-retreat",
        &[
            &offers().retreat.price.format(),
            &offers().retreat.member_price().format(),
            &offers().retreat.hours(),
        ],
    );
    assert!(body.contains(&format!(
        "href=\"{}\" target=\"_blank\"",
        booking(BookingPage::Retreat)
    )));
}

#[actix_web::test]
async fn contact_and_faq_pages() {
    let (_, body) = get("/contact").await;
    assert_has(
        &body,
        "/contact",
        &[
            "Visit One Space",
            "Unit 3, Houstoun Road, Livingston, West Lothian EH54 5BZ",
            "Free on-site parking",
            "01506 238 238",
            "Chat with Our Assistant",
            "Request Discount Code",
            "What Makes Us Special",
            "Get in Touch",
            "Open in Google Maps",
        ],
    );
    for line in &studio().opening_hours {
        assert_has(
            &body,
            "/contact",
            &[
                &line.days,
                &format!("{}-{}", line.opens.display(), line.closes.display()),
            ],
        );
    }
    assert_has(&body, "/contact", &["Mon-Fri", "6:00 AM-8:00 PM"]);
    assert!(body.contains("data-chat-open"));
    assert!(body.contains("subject=One%20Space%20Discount"));
    assert!(!body.contains("<iframe"));

    let (_, body) = get("/faq").await;
    let data = &json_ld(&body)[0];
    let questions = data["mainEntity"].as_array().unwrap();
    assert_eq!(questions.len(), 10);
    assert_eq!(body.matches("<details class=\"faq-item\">").count(), 10);
    for question in questions {
        assert_has(
            &body,
            "/faq",
            &[
                question["name"].as_str().unwrap(),
                question["acceptedAnswer"]["text"].as_str().unwrap(),
            ],
        );
    }
    assert!(
        body.contains("data-chat-open")
            && body.contains("href=\"mailto:")
            && body.contains("href=\"tel:")
    );
}

#[test]
fn form_anchors_name_the_four_form_pages() {
    let with_forms: BTreeMap<&str, &str> = ROUTES
        .iter()
        .filter_map(|route| route.form.map(|form| (route.path, form.anchor)))
        .collect();
    assert_eq!(
        with_forms,
        BTreeMap::from([
            ("/contact", "contact-form"),
            ("/founder-memberships", "membership-form"),
            ("/invest", "investment-form"),
            ("/investinonespace", "register-form"),
        ])
    );
}

const FORMS: [(Page, FormName, &str); 4] = [
    (Page::Contact, FormName::Contact, "contact"),
    (
        Page::InvestInOneSpace,
        FormName::InvestmentInterest,
        "investment",
    ),
    (Page::Invest, FormName::InvestorContact, "investment"),
    (Page::FounderMemberships, FormName::Membership, "membership"),
];

#[test]
fn forms_follow_the_contract_with_the_post_handler() {
    let honeypot = "<div class=\"hp-field\" aria-hidden=\"true\"><label>Leave this empty<input name=\"website\" tabindex=\"-1\" autocomplete=\"off\"></label></div>";
    for (page, form, form_type) in FORMS {
        let anchor = page.route().form.map(|form| form.anchor).unwrap();
        let html = render(page, &FormView::blank());
        assert!(html.contains(&format!("<form class=\"enquiry-form\" method=\"post\" action=\"{}#{anchor}\" id=\"{anchor}\">", page.path())), "{}", page.path());
        assert!(!html.contains("novalidate"));
        assert!(html.contains(&format!(
            "<input type=\"hidden\" name=\"formType\" value=\"{form_type}\">"
        )));
        assert!(html.contains(honeypot), "{}", page.path());
        let schema = forms::schema(form);
        for field in &schema.fields {
            let id = format!("{anchor}-{}", field.name);
            assert!(
                html.contains(&format!("name=\"{}\"", field.name)),
                "{} {}",
                page.path(),
                field.name
            );
            if !field.input_type.is_choice() || field.input_type == forms::InputType::Select {
                let tag = html
                    .split(&format!("id=\"{id}\""))
                    .next()
                    .unwrap()
                    .rsplit('<')
                    .next()
                    .unwrap()
                    .to_owned()
                    + html
                        .split(&format!("id=\"{id}\""))
                        .nth(1)
                        .unwrap()
                        .split('>')
                        .next()
                        .unwrap();
                assert_eq!(
                    tag.contains(" required"),
                    field.required,
                    "{} {}",
                    page.path(),
                    field.name
                );
                assert!(
                    html.contains(&format!(
                        "<label class=\"field-label\" for=\"{id}\">{}",
                        esc(field.label)
                    )),
                    "{id}"
                );
                if let Some(token) = field.autocomplete {
                    assert!(tag.contains(&format!("autocomplete=\"{token}\"")), "{id}");
                }
            }
            for option in &field.options {
                assert!(
                    html.contains(&format!("value=\"{}\"", esc(option.value))),
                    "{id} {}",
                    option.value
                );
            }
        }
        assert!(html.contains(forms::messages(form).submit_label));
        // The pre-rendered page is the blank form.
        let plain = layout::render(
            &context(),
            &document(page.route(), &context()),
            Stylesheet::Linked,
        );
        assert_eq!(plain, html);
    }
    let contact = render(Page::Contact, &FormView::blank());
    assert!(contact.contains("type=\"email\" id=\"contact-form-email\""));
    assert!(contact.contains("type=\"tel\" id=\"contact-form-phone\""));
    let membership = render(Page::FounderMemberships, &FormView::blank());
    assert!(membership.contains("type=\"radio\" id=\"membership-form-payAnnually-yes\" name=\"payAnnually\" value=\"yes\" required"));
    let invest = render(Page::Invest, &FormView::blank());
    assert!(invest.contains("name=\"why\"") && !invest.contains("name=\"message\""));
}

#[test]
fn a_failed_post_shows_values_messages_and_a_summary() {
    for (page, _, _) in FORMS {
        let anchor = page.route().form.map(|form| form.anchor).unwrap();
        let mut view = FormView::blank();
        view.values
            .insert("email".to_owned(), "not-an-address <x>".to_owned());
        view.errors.insert(
            "email".to_owned(),
            "Please enter a valid email address.".to_owned(),
        );
        let html = render(page, &view);
        assert!(
            html.contains("class=\"form-summary\" role=\"alert\""),
            "{}",
            page.path()
        );
        assert!(html.contains(&format!(
            "href=\"#{anchor}-email\">Please enter a valid email address."
        )));
        assert!(html.contains("value=\"not-an-address &lt;x&gt;\""));
        assert!(html.contains(&format!(
            "aria-invalid=\"true\" aria-describedby=\"{anchor}-email-error\""
        )));
        assert!(html.contains(&format!("<p class=\"field-error\" id=\"{anchor}-email-error\">Please enter a valid email address.</p>")));
    }
    let mut view = FormView::blank();
    view.values
        .insert("selectedMembership".to_owned(), "founder-core".to_owned());
    view.values
        .insert("payAnnually".to_owned(), "no".to_owned());
    let html = render(Page::FounderMemberships, &view);
    assert!(html.contains("<option value=\"founder-core\" selected>"));
    assert!(html.contains("value=\"no\" required checked"));
    assert!(!html.contains("role=\"alert\""));
}

#[test]
fn a_sent_form_is_replaced_by_its_thank_you_panel() {
    let contact = render(Page::Contact, &FormView::sent());
    assert!(!contact.contains("<form class=\"enquiry-form\""));
    assert!(contact.contains("Thanks for contacting us! We'll get back in touch ASAP."));
    assert!(contact.contains("href=\"/contact#contact-form\">Send another message</a>"));
    assert!(contact.contains("href=\"/faq\"") && contact.contains("data-chat-open"));
    assert!(contact.contains("id=\"contact-form\""));

    let membership = render(Page::FounderMemberships, &FormView::sent());
    assert!(!membership.contains("<form class=\"enquiry-form\""));
    assert!(membership.contains("within 24 hours"));
    assert!(membership
        .contains("href=\"/founder-memberships#membership-form\">Submit Another Request</a>"));

    let interest = render(Page::InvestInOneSpace, &FormView::sent());
    assert!(!interest.contains("<form class=\"enquiry-form\""));
    assert!(interest.contains("Interest Registered!"));
    assert!(interest.contains(
        "Thank you for your interest! We'll send you our investor pack and be in touch soon."
    ));

    let investor = render(Page::Invest, &FormView::sent());
    assert!(!investor.contains("<form class=\"enquiry-form\""));
    assert!(investor.contains("Message Sent!"));
    assert!(investor.contains("We'll be in touch soon to discuss the investment opportunity."));

    // Pages without a form ignore the view.
    assert_eq!(
        render(Page::Faq, &FormView::sent()),
        render(Page::Faq, &FormView::blank())
    );
    let _ = pages::not_found();
}

#[actix_web::test]
async fn the_copyright_year_is_the_year_of_the_day_shown_in_the_uk() {
    for (preview, year) in [("2026-12-31", 2026), ("2027-01-01", 2027)] {
        let (_, body) = get_on(preview, "/").await;
        assert!(
            body.contains(&format!("© {year} One Space. All rights reserved.")),
            "{preview}"
        );
    }
}

#[test]
fn offer_pages_word_their_title_and_description_from_the_content() {
    // Seen while each is on: back to school in August 2025, the sale in September 2024.
    let on = |date: &str, content: onespace_core::content::Content| RenderContext {
        clock: RenderClock::from_preview(Some(date)).unwrap(),
        now: RenderClock::from_preview(Some(date)).unwrap().now(),
        content: std::sync::Arc::new(content),
        ..context()
    };
    let pages = [
        (Page::BackToSchool, "2025-08-15"),
        (Page::SeptemberSale, "2024-09-15"),
        (Page::YogaRetreat, "2025-08-15"),
    ];
    let built_in = onespace_server::content_source::default_content().unwrap();
    // The built-in content words them as the route table does (what `onespace routes` lists).
    for (page, date) in pages {
        let document = document(page.route(), &on(date, built_in.clone()));
        assert_eq!(document.title, page.route().title, "{page:?}");
        assert_eq!(document.description, page.route().description, "{page:?}");
    }
    let mut edited = built_in;
    edited.offers.back_to_school.code = "BTS26".to_owned();
    edited.offers.september_sale.taken = 8;
    edited.offers.september_sale.percent_off = 40;
    edited.offers.retreat.ends = onespace_core::content::studio::ClockTime {
        hour: 16,
        minute: 0,
    };
    let words = |page: Page, date: &str| {
        let document = document(page.route(), &on(date, edited.clone()));
        (
            document.title.into_owned(),
            document.description.into_owned(),
        )
    };
    let (_, description) = words(Page::BackToSchool, "2025-08-15");
    assert!(
        description.contains("off memberships with code BTS26 and"),
        "{description}"
    );
    let (title, description) = words(Page::SeptemberSale, "2024-09-15");
    assert_eq!(
        title,
        "September Sale | 40% Off First Month + Free PT | One Space"
    );
    assert!(
        description.starts_with("40% off your first month")
            && description.contains("Only 2 spots left"),
        "{description}"
    );
    let (_, description) = words(Page::YogaRetreat, "2025-08-15");
    assert!(
        description.ends_with("time to reset, 10:00 AM to 4:00 PM."),
        "{description}"
    );
}

#[test]
fn every_page_testimonials_toml_may_name_is_a_route() {
    for path in onespace_core::content::testimonials::PAGES {
        assert!(
            ROUTES.iter().any(|route| route.path == path),
            "{path} is not a page"
        );
    }
}

/// A visitor meets each member's quote once: no quote shows on two pages of the site (the rule
/// the content check enforces, seen on the pages themselves, campaign pages in their dates).
#[actix_web::test]
async fn no_quote_is_shown_on_two_pages() {
    let mut seen: BTreeMap<String, &str> = BTreeMap::new();
    // Back to school's days, then the September sale's: each campaign's page with its quotes.
    for day in ["2025-08-15", "2024-09-15"] {
        for route in ROUTES.iter() {
            let (_, body) = get_on(day, route.path).await;
            let quotes = body.split("<blockquote class=\"testimonial-text\"><p>");
            for quote in quotes.skip(1) {
                let text = quote.split("</p>").next().unwrap().to_owned();
                let first = *seen.entry(text.clone()).or_insert(route.path);
                assert_eq!(first, route.path, "{text} is on {first} and {}", route.path);
            }
        }
    }
    // Every quote was seen.
    assert_eq!(
        seen.len(),
        onespace_server::content_source::default_content()
            .unwrap()
            .testimonials
            .testimonials
            .len()
    );
}
