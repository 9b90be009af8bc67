//! The studio's content folder through the real binary: `content init` writes the built-in
//! files and never overwrites, `content check` names the file, line and field of every mistake,
//! and `serve --content DIR` shows a price edit on every page that states it (the cards, the
//! founder table, the search engines' data and the chat's replies) in one edit, and reloads the
//! folder on a save or SIGHUP, keeping the last good pages when an edit has a mistake. Moving
//! an offer's dates in `offers.toml` moves its page through upcoming, live and ended (seen with
//! `--preview-date`), with its `noindex`, sitemap entry and JSON-LD, without a restart.

use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

use crate::harness;
use crate::harness::{binary, request, wait_for, Server, TempDir};

/// The chat's reply to `text` now, worded by the core from the facts the server serves at
/// /chat-facts.json (what the island asks its WebAssembly build with).
async fn chat_says(server: &Server, text: &str) -> String {
    let (status, _, facts) = get(server, "/chat-facts.json").await;
    assert_eq!(status, 200);
    let facts: onespace_core::chat::ChatFacts = serde_json::from_str(&facts).unwrap();
    onespace_core::chat::respond(text, &facts, chrono::Utc::now())
        .unwrap()
        .text
}

fn onespace(args: &[&str], dir: &Path) -> Output {
    Command::new(binary())
        .args(args)
        .arg(dir)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .output()
        .unwrap()
}

/// A folder holding the built-in content, written by `content init`.
fn initialised(label: &str) -> TempDir {
    harness::content_folder(label)
}

/// Replaces the first `from` in `dir/content/prices.toml` with `to`.
fn edit(dir: &TempDir, from: &str, to: &str) {
    edit_file(dir, "prices.toml", from, to);
}

/// Replaces the first `from` in `dir/content/FILE` with `to`.
fn edit_file(dir: &TempDir, file: &str, from: &str, to: &str) {
    let path = dir.path().join("content").join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{from}");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
}

/// The 1-based line of the `nth` (from 1) line starting with `needle` in the folder's
/// prices.toml (comments aside).
fn line_of(dir: &TempDir, needle: &str, nth: usize) -> usize {
    line_in(dir, "prices.toml", needle, nth)
}

/// [`line_of`] in the folder's `file`.
fn line_in(dir: &TempDir, file: &str, needle: &str, nth: usize) -> usize {
    let text = std::fs::read_to_string(dir.path().join("content").join(file)).unwrap();
    text.lines()
        .enumerate()
        .filter(|(_, line)| line.starts_with(needle))
        .nth(nth - 1)
        .unwrap()
        .0
        + 1
}

/// `content check` on the folder: whether it passed, and its standard error's lines.
fn check(dir: &TempDir) -> (bool, String, Vec<String>) {
    let output = onespace(&["content", "check"], &dir.path().join("content"));
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr)
            .lines()
            .map(str::to_owned)
            .collect(),
    )
}

/// The repository's `content/FILE`, which `content init` writes.
macro_rules! built_in {
    ($file:literal) => {
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../content/",
            $file
        ))
    };
}

#[test]
fn init_writes_the_built_in_files_and_never_overwrites() {
    let dir = initialised("content-init");
    let written = dir.path().join("content/prices.toml");
    let text = std::fs::read_to_string(&written).unwrap();
    assert_eq!(text, built_in!("prices.toml"));
    assert!(
        text.starts_with("# prices.toml: "),
        "the file opens on its format"
    );
    let offers = std::fs::read_to_string(dir.path().join("content/offers.toml")).unwrap();
    assert_eq!(offers, built_in!("offers.toml"));
    assert!(
        offers.starts_with("# offers.toml: "),
        "the file opens on its format"
    );
    let studio = std::fs::read_to_string(dir.path().join("content/studio.toml")).unwrap();
    assert_eq!(studio, built_in!("studio.toml"));
    assert!(studio.starts_with("# studio.toml: "));
    let quotes = std::fs::read_to_string(dir.path().join("content/testimonials.toml")).unwrap();
    assert_eq!(quotes, built_in!("testimonials.toml"));
    assert!(quotes.starts_with("# testimonials.toml: "));
    let faq = std::fs::read_to_string(dir.path().join("content/faq.toml")).unwrap();
    assert_eq!(faq, built_in!("faq.toml"));
    assert!(faq.starts_with("# faq.toml: "));
    let team = std::fs::read_to_string(dir.path().join("content/team.toml")).unwrap();
    assert_eq!(team, built_in!("team.toml"));
    assert!(team.starts_with("# team.toml: "));
    let investors = std::fs::read_to_string(dir.path().join("content/investors.toml")).unwrap();
    assert_eq!(investors, built_in!("investors.toml"));
    assert!(investors.starts_with("# investors.toml: "));
    let (valid, stdout, _) = check(&dir);
    assert!(valid, "the built-in content is valid");
    assert!(stdout.contains("the content is valid"));
    std::fs::write(&written, "# the studio's edit\n").unwrap();
    let again = onespace(&["content", "init"], &dir.path().join("content"));
    assert!(!again.status.success());
    let refusal = String::from_utf8_lossy(&again.stderr).into_owned();
    assert!(
        refusal.contains("prices.toml, ") && refusal.contains(" already exist;"),
        "{refusal}"
    );
    assert_eq!(
        std::fs::read_to_string(&written).unwrap(),
        "# the studio's edit\n"
    );
}

#[test]
fn check_names_the_line_and_field_of_every_broken_rule_at_once() {
    let dir = initialised("content-rules");
    edit(&dir, "id = \"core\"", "id = \"lite\"");
    edit(
        &dir,
        "price = 13\nsessions = 1\n",
        "price = 13\nsessions = 1\nfeatured = true\n",
    );
    edit(
        &dir,
        "\"https://goteamup.com/p/5123456-one-space/packs/50-pack\"",
        "\"http://goteamup.com/p/5123456-one-space/packs/50-pack\"",
    );
    edit(&dir, "name = \"Yoga & Pilates\"", "name = \"  \"");
    let (valid, _, stderr) = check(&dir);
    assert!(!valid);
    let expected = [
        format!(
            "prices.toml line {}: monthly[1].id: 'lite' is already used by another entry; each \
             id must be different",
            line_of(&dir, "id = \"lite\"", 2)
        ),
        format!(
            "prices.toml line {}: unlimited[1].name: must not be empty",
            line_of(&dir, "name = \"  \"", 1)
        ),
        format!(
            "prices.toml line {}: packs[3].featured: only one entry of packs may be featured, and \
             packs[0] already is",
            line_of(&dir, "featured = true", 3)
        ),
        format!(
            "prices.toml line {}: packs[4].purchase_url: must be an https:// address, like \
             https://goteamup.com/p/5123456-one-space/memberships/lite",
            line_of(&dir, "purchase_url = \"http://", 1)
        ),
        format!(
            "prices.toml line {}: monthly: must keep a plan with id 'core': the founder plan \
             'Core' is priced from it",
            line_of(&dir, "[[monthly]]", 1)
        ),
    ];
    assert_eq!(stderr[..expected.len()], expected);
    assert!(stderr[expected.len()].ends_with(": 5 mistake(s) found"));
}

#[test]
fn check_names_the_line_of_a_wrong_type_an_unknown_field_and_a_syntax_error() {
    let cases = [
        ("price = 79\n", "price = \"£79\"\n", "price = \"£79\"", "monthly[1].price: must be in pounds, like 49 or 62.50"),
        ("\nprice = 62.50", "\nprice = 62.505", "price = 62.505", "packs[1].price: must be in pounds, like 49 or 62.50"),
        ("sessions = 12\n", "sessions = 12\ncolour = \"red\"\n", "colour", "monthly[2].colour: unknown field 'colour', expected one of 'id', 'name', 'price', 'sessions', 'focus', 'featured', 'purchase_url'"),
        ("validity = \"3 months\"", "validity = \"3 weeks\"", "validity = \"3 weeks\"", "packs[2].validity: must be a number of days or months, like \"30 days\" or \"3 months\""),
        ("intro_discount = 10\n", "", "[trial]", "trial: missing field 'intro_discount'"),
        ("[trial]", "[trial", "[trial", "unclosed table, expected ']'"),
    ];
    for (from, to, at, message) in cases {
        let dir = initialised("content-types");
        edit(&dir, from, to);
        let (valid, _, stderr) = check(&dir);
        assert!(!valid, "{to}");
        assert_eq!(
            stderr[0],
            format!("prices.toml line {}: {message}", line_of(&dir, at, 1))
        );
        assert!(stderr[1].ends_with(": 1 mistake(s) found"), "{stderr:?}");
    }
    let empty = TempDir::new("content-missing");
    let (valid, _, stderr) = check(&empty);
    assert!(!valid);
    assert!(
        stderr[0].starts_with("prices.toml: missing from "),
        "{stderr:?}"
    );
    assert!(stderr[0].contains("'onespace content init "), "{stderr:?}");
}

#[test]
fn a_new_provider_id_is_checked_against_every_purchase_link() {
    let dir = initialised("content-provider");
    let schedule = dir.path().join("content/schedule.toml");
    let text = std::fs::read_to_string(&schedule).unwrap();
    std::fs::write(
        &schedule,
        text.replace("provider_id = 5123456", "provider_id = 7654321")
            .replace(
                "customer_site = \"5123456-one-space\"",
                "customer_site = \"7654321-studio-two\"",
            ),
    )
    .unwrap();
    let (valid, _, stderr) = check(&dir);
    assert!(!valid);
    // Every TeamUp purchase link of prices.toml (7 plans, 4 packs) still names the old account.
    assert!(stderr[11].ends_with(": 11 mistake(s) found"), "{stderr:?}");
    assert_eq!(
        stderr[0],
        format!(
            "prices.toml line {}: monthly[0].purchase_url: is on the booking provider's site but \
             not of the studio's customer site '7654321-studio-two' (schedule.toml): it should \
             start with https://goteamup.com/p/7654321-studio-two/",
            line_of(&dir, "purchase_url", 1)
        )
    );
    std::fs::write(
        &schedule,
        text.replace("trial = \"memberships/", "trial = \"/memberships/"),
    )
    .unwrap();
    let (valid, _, stderr) = check(&dir);
    assert!(!valid);
    let line = text
        .lines()
        .position(|line| line.starts_with("trial = "))
        .unwrap()
        + 1;
    assert_eq!(
        stderr[0],
        format!(
            "schedule.toml line {line}: pages.trial: must be a page of the studio's provider site \
             without its start, like memberships/14-day-ultimate-experience"
        )
    );
}

#[test]
fn check_names_the_line_of_every_offer_mistake_dates_out_of_order_spots_and_codes() {
    let dir = initialised("content-offers");
    let offers = "offers.toml";
    edit_file(
        &dir,
        offers,
        "ends = \"2025-08-31\"",
        "ends = \"2025-07-31\"",
    );
    edit_file(&dir, offers, "taken = 3", "taken = 10");
    edit_file(&dir, offers, "code = \"FIFTY\"", "code = \"\"");
    edit_file(
        &dir,
        offers,
        "sign_up_ends = \"2025-08-31\"",
        "sign_up_ends = \"2025-09-02\"",
    );
    let (valid, _, stderr) = check(&dir);
    assert!(!valid);
    let expected = [
        format!(
            "offers.toml line {}: back_to_school.ends: must not be before the first day \
             (2025-08-01): windows run forwards",
            line_in(&dir, offers, "ends = \"2025-07-31\"", 1)
        ),
        format!(
            "offers.toml line {}: september_sale.code: must not be empty",
            line_in(&dir, offers, "code = \"\"", 1)
        ),
        format!(
            "offers.toml line {}: september_sale.taken: must be fewer than the spots (10): at \
             least one must be left",
            line_in(&dir, offers, "taken = 10", 1)
        ),
        format!(
            "offers.toml line {}: challenge.sign_up_ends: must be before the challenge starts \
             (2025-09-01)",
            line_in(&dir, offers, "sign_up_ends", 1)
        ),
    ];
    assert_eq!(stderr[..expected.len()], expected);
    assert!(
        stderr[expected.len()].ends_with(": 4 mistake(s) found"),
        "{stderr:?}"
    );

    // A day that does not exist, an unquoted date and a misspelt field: one at a time, since
    // the file no longer reads.
    let cases = [
        ("ends = \"2024-09-30\"", "ends = \"2024-09-31\"", "september_sale.ends: '2024-09-31' is not a day of the calendar: must be a date in quotes, like \"2025-08-31\""),
        ("ends = \"2024-09-30\"", "ends = 30", "september_sale.ends: must be a date in quotes, like \"2025-08-31\""),
        ("percent_off = 50", "percent_of = 50", "september_sale.percent_of: unknown field 'percent_of', expected one of 'starts', 'ends', 'spots', 'taken', 'percent_off', 'code', 'free_pt_within_days'"),
    ];
    for (from, to, message) in cases {
        let dir = initialised("content-offer-types");
        edit_file(&dir, offers, from, to);
        let (valid, _, stderr) = check(&dir);
        assert!(!valid, "{to}");
        assert_eq!(
            stderr[0],
            format!(
                "offers.toml line {}: {message}",
                line_in(&dir, offers, to, 1)
            )
        );
    }
}

/// GETs `path` from the server: (status, ETag, body).
async fn get(server: &Server, path: &str) -> (u16, String, String) {
    let response = request(&server.addr, "GET", path, &[], b"").await.unwrap();
    let etag = response
        .headers
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case("etag"))
        .map(|(_, value)| value.clone())
        .unwrap_or_default();
    (
        response.status,
        etag,
        String::from_utf8_lossy(&response.body).into_owned(),
    )
}

#[actix_web::test]
async fn one_price_edit_reaches_every_page_the_founder_table_the_json_ld_and_the_chat() {
    let dir = initialised("content-serve");
    // Lite £49 -> £55, the trial £49 -> £55.50.
    edit(&dir, "price = 49\nsessions = 4", "price = 55\nsessions = 4");
    edit(&dir, "[trial]\nprice = 49", "[trial]\nprice = 55.50");
    let content = dir.path().join("content");
    let server = Server::start(
        &dir.path().join("data"),
        &[("ONESPACE_CONTENT_DIR", content.to_str().unwrap())],
    )
    .await;
    for path in ["/", "/memberships"] {
        let (status, _, body) = get(&server, path).await;
        assert_eq!(status, 200);
        assert!(
            body.contains("£55<span class=\"price-unit\">/month</span>"),
            "{path}"
        );
        assert!(
            body.contains("£13.75 per session"),
            "{path}: Lite's per-session cost"
        );
        assert!(!body.contains("£12.25 per session"), "{path}");
        assert!(
            body.contains("£55.50<span class=\"price-unit\"> for 14 days"),
            "{path}"
        );
    }
    let (_, _, founder) = get(&server, "/founder-memberships").await;
    // Founder Lite: 80% of £55 = £44 a month, £440 a year; the form's choice says so too.
    assert!(founder.contains("<th scope=\"row\">Lite</th><td>£55</td><td>£44</td><td>£440</td>"));
    assert!(founder.contains("Lite - £44/month"));
    let (_, _, intro) = get(&server, "/intro-offer").await;
    assert!(
        intro.contains("\"price\":\"55.50\""),
        "the Offer's JSON-LD price"
    );
    assert!(intro.contains("£45.50"), "the intro price: £55.50 - £10");
    let (_, _, hot_yoga) = get(&server, "/hot-yoga").await;
    assert!(hot_yoga.contains("Get £10 Off - Pay £45.50 (Usually £55.50)"));
    assert!(
        hot_yoga.contains("\"price\":\"55.50\""),
        "the Service's offer price"
    );
    let (_, _, faq) = get(&server, "/faq").await;
    assert!(faq.contains(
        "costs £55.50, or £45.50 online during the 10-minute intro offer, and gives you 14 days"
    ));
    // The chat's replies, worded from the content's facts.
    let prices = chat_says(&server, "how much are memberships").await;
    assert!(
        prices.contains("memberships are Lite £55 (4 sessions), Core £79 (8 sessions)"),
        "{prices}"
    );
    assert!(
        prices.contains("Try the 14-Day Ultimate Experience for £55.50."),
        "{prices}"
    );
    server.kill();
}

#[actix_web::test]
async fn contact_faq_and_quote_edits_reach_every_page_the_mail_links_the_json_ld_and_the_chat() {
    let dir = initialised("content-studio-serve");
    let studio = |from: &str, to: &str| edit_file(&dir, "studio.toml", from, to);
    studio("hello@onespacestudio.co.uk", "team@onespace.example");
    studio("display = \"01506 238 238\"", "display = \"0131 496 0000\"");
    studio("tel = \"+441506238238\"", "tel = \"+441314960000\"");
    studio(
        "opens = \"06:00\"\ncloses = \"20:00\"",
        "opens = \"06:30\"\ncloses = \"21:00\"",
    );
    studio(
        "day = \"Friday\"\ntime = \"11:00\"",
        "day = \"Friday\"\ntime = \"13:15\"",
    );
    studio(
        "from = \"Edinburgh\"\nminutes = 25",
        "from = \"Edinburgh\"\nminutes = 30",
    );
    edit_file(
        &dir,
        "testimonials.toml",
        "name = \"Laura M.\"",
        "name = \"Morag T.\"\nrating = 4\nsource = \"Google review\"\ndate = \"2025-10\"",
    );
    let quotes = dir.path().join("content/testimonials.toml");
    let mut text = std::fs::read_to_string(&quotes).unwrap();
    text.push_str(
        "\n[[research]]\npage = \"/pilates\"\ntext = \"Pilates eased back pain.\"\n\
         source = \"Smith et al., Journal of Backs, 2020\"\nurl = \"https://example.org/study\"\n",
    );
    std::fs::write(&quotes, text).unwrap();
    edit_file(
        &dir,
        "faq.toml",
        "answer = \"Yes. {parking} at the studio: {address}.\"",
        "answer = \"Right outside: {parking} at {address}, open {opening_hours}.\"",
    );
    let content = dir.path().join("content");
    let server = Server::start(
        &dir.path().join("data"),
        &[("ONESPACE_CONTENT_DIR", content.to_str().unwrap())],
    )
    .await;
    let (status, _, contact) = get(&server, "/contact").await;
    assert_eq!(status, 200);
    // The footer, the contact cards and the discount request's mail link.
    assert!(contact.contains("href=\"mailto:team@onespace.example\">team@onespace.example</a>"));
    assert!(contact.contains("href=\"tel:+441314960000\">0131 496 0000</a>"));
    assert!(contact.contains("<span>Mon-Fri</span><span>6:30 AM-9:00 PM</span>"));
    assert!(contact.contains("href=\"mailto:team@onespace.example?subject=One%20Space%20Discount"));
    assert!(
        !contact.contains("hello@onespacestudio.co.uk"),
        "no old address is left"
    );
    assert!(!contact.contains("238 238"), "no old phone is left");
    // The islands' props: the discount dialog writes to the content's address.
    assert!(contact.contains("\"to\":\"team@onespace.example\""));
    let hours = chat_says(&server, "opening hours?").await;
    assert!(
        hours.contains("Our hours: Mon-Fri 6:30 AM-9:00 PM, Sat 8:00 AM-12:00 PM"),
        "{hours}"
    );
    let reach = chat_says(&server, "can I phone you").await;
    assert!(
        reach.contains("team@onespace.example") && reach.contains("0131 496 0000"),
        "{reach}"
    );
    let drive = chat_says(&server, "how far from edinburgh").await;
    assert!(
        drive.contains("From Edinburgh it's about 30 minutes' drive"),
        "{drive}"
    );
    // The chat's words come with its facts: its confirmations name the new address and phone.
    let (_, _, facts) = get(&server, "/chat-facts.json").await;
    let words: serde_json::Value = serde_json::from_str(&facts).unwrap();
    assert_eq!(words["panel"]["to"], "team@onespace.example");
    assert!(words["panel"]["contactConfirmation"]
        .as_str()
        .unwrap()
        .contains("e-mail us directly at team@onespace.example or call 0131 496 0000."));
    let (_, _, about) = get(&server, "/about").await;
    assert!(about.contains("\"telephone\":\"+441314960000\""));
    assert!(about.contains("\"opens\":\"06:30\""));
    assert!(about.contains("30 min via M8"));
    let (_, _, challenge) = get(&server, "/challenge").await;
    // testimonials.toml's edited quote: its name and its four stars, ...
    // ... credited with where and when it was said.
    assert!(challenge.contains(
        "<figcaption class=\"testimonial-name\">Morag T.<span class=\"testimonial-source\">Google \
         review, <time datetime=\"2025-10\">October 2025</time></span></figcaption>"
    ));
    // A research finding shows on its page only, with its source; the others show no band.
    let (_, _, pilates) = get(&server, "/pilates").await;
    assert!(
        pilates.contains("What the research says") && pilates.contains("Pilates eased back pain.")
    );
    assert!(pilates.contains(
        "Source: <cite><a href=\"https://example.org/study\" target=\"_blank\" \
         rel=\"noopener noreferrer\">Smith et al., Journal of Backs, 2020</a></cite>"
    ));
    let (_, _, hot_yoga) = get(&server, "/hot-yoga").await;
    assert!(!hot_yoga.contains("What the research says"));
    assert!(challenge.contains("Rated 4 out of 5"));
    assert!(!challenge.contains("Laura M."));
    assert!(challenge.contains("<span class=\"font-semibold\">Friday</span><span>1:15 PM</span>"));
    let (_, _, team) = get(&server, "/meet-the-team").await;
    assert!(team.contains("\"tel\":\"tel:+441314960000\""));
    assert!(team.contains("href=\"mailto:team@onespace.example?subject=1-2-1"));
    let (_, _, faq) = get(&server, "/faq").await;
    assert!(faq.contains("We are open Mon-Fri 6:30 AM-9:00 PM"));
    // faq.toml's edited answer, its placeholders filled, on the page and in its FAQPage data.
    let answer = "Right outside: Free on-site parking at Unit 3, Houstoun Road, Livingston, \
                  West Lothian EH54 5BZ, open Mon-Fri 6:30 AM-9:00 PM, Sat 8:00 AM-12:00 PM, \
                  Sun 9:00 AM-12:00 PM.";
    assert!(faq.contains(&format!(">{answer}<")), "the page");
    assert!(
        faq.contains(&format!("\"text\":\"{answer}\"")),
        "the FAQPage data"
    );
    server.kill();
}

/// Polls `path` until its body contains `expected` (the reload is asynchronous).
async fn served_eventually(server: &Server, path: &str, expected: &str) -> (String, String) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let (status, etag, body) = get(server, path).await;
        if status == 200 && body.contains(expected) {
            return (etag, body);
        }
        assert!(
            std::time::Instant::now() < deadline,
            "{path} never showed {expected}; log: {}",
            server.log()
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// Waits until the server's log holds `count` lines containing every one of `parts`.
async fn logged_eventually(server: &Server, parts: &[&str], count: usize) {
    let logged = || {
        server
            .log()
            .lines()
            .filter(|line| parts.iter().all(|part| line.contains(part)))
            .count()
            >= count
    };
    wait_for(
        Duration::from_secs(60),
        &format!("{parts:?} in the log"),
        logged,
    )
    .await;
}

#[actix_web::test]
async fn edits_are_served_without_restart_a_mistake_keeps_the_last_good_pages_and_sighup_reloads() {
    let dir = initialised("content-reload");
    let content = dir.path().join("content");
    let server = Server::start(
        &dir.path().join("data"),
        &[("ONESPACE_CONTENT_DIR", content.to_str().unwrap())],
    )
    .await;
    let lite = "£49<span class=\"price-unit\">/month</span>";
    let (first_etag, _) = served_eventually(&server, "/memberships", lite).await;
    let (_, intro) = served_eventually(&server, "/intro-offer", "\"price\":\"49\"").await;
    assert!(intro.contains("£39"));

    // A valid edit: the pages, their JSON-LD and their ETags follow, without a restart.
    edit(&dir, "price = 49\nsessions = 4", "price = 52\nsessions = 4");
    edit(&dir, "[trial]\nprice = 49", "[trial]\nprice = 52");
    let edited = "£52<span class=\"price-unit\">/month</span>";
    let (edited_etag, body) = served_eventually(&server, "/memberships", edited).await;
    assert!(!body.contains(lite));
    assert_ne!(edited_etag, first_etag);
    served_eventually(&server, "/intro-offer", "\"price\":\"52\"").await;
    served_eventually(
        &server,
        "/founder-memberships",
        "<td>£52</td><td>£41.60</td>",
    )
    .await;

    // A mistake: logged with its line, and the last good pages stay served, whole.
    edit(
        &dir,
        "price = 52\nsessions = 4",
        "price = \"£60\"\nsessions = 4",
    );
    let mistake = format!(
        "prices.toml line {}: monthly[0].price: must be in pounds, like 49 or 62.50",
        line_of(&dir, "price = \"£60\"", 1)
    );
    logged_eventually(&server, &[&mistake, "Changed"], 1).await;
    logged_eventually(
        &server,
        &["content not reloaded: the last good content is still served"],
        1,
    )
    .await;
    let (etag, body) = served_eventually(&server, "/memberships", edited).await;
    assert_eq!(etag, edited_etag, "the same rendering is served");
    assert!(!body.contains("£60"));
    served_eventually(&server, "/intro-offer", "\"price\":\"52\"").await;

    // SIGHUP reads and checks the folder again: the same mistake, now for the signal.
    server.signal("HUP");
    logged_eventually(&server, &[&mistake, "Hangup"], 1).await;

    // Fixed: served again.
    edit(
        &dir,
        "price = \"£60\"\nsessions = 4",
        "price = 60\nsessions = 4",
    );
    served_eventually(
        &server,
        "/memberships",
        "£60<span class=\"price-unit\">/month</span>",
    )
    .await;
    // SIGHUP with nothing changed renders nothing again.
    server.signal("HUP");
    logged_eventually(
        &server,
        &["content read again: nothing changed", "Hangup"],
        1,
    )
    .await;
    assert!(server
        .log()
        .contains("watching the content folder for edits"));
    server.kill();
}

#[test]
fn the_server_refuses_to_start_on_content_with_a_mistake_naming_its_line() {
    let dir = initialised("content-start");
    edit(&dir, "price = 79\n", "price = \"£79\"\n");
    let output = Command::new(binary())
        .args(["serve", "--addr", "127.0.0.1:0", "--data"])
        .arg(dir.path().join("data"))
        .arg("--content")
        .arg(dir.path().join("content"))
        .env("ONESPACE_SCHEDULE_API_URL", harness::NO_PROVIDER)
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    let expected = format!(
        "prices.toml line {}: monthly[1].price: must be in pounds, like 49 or 62.50",
        line_of(&dir, "price = \"£79\"", 1)
    );
    assert!(stderr.contains(&expected), "{stderr}");
}

/// What a visitor (and a search engine) sees of /back-to-school: (the page, the sitemap).
async fn back_to_school(server: &Server) -> (String, String) {
    let (status, _, page) = get(server, "/back-to-school").await;
    assert_eq!(status, 200, "the address always answers");
    let (_, _, sitemap) = get(server, "/sitemap.xml").await;
    (page, sitemap)
}

/// Edits offers.toml (`from` -> `to`) while `server` runs and waits until /back-to-school shows
/// `expected`; returns the page and whether the sitemap lists it.
async fn moved(
    (server, dir): (&Server, &TempDir),
    (from, to): (&str, &str),
    expected: &str,
) -> (String, bool) {
    edit_file(dir, "offers.toml", from, to);
    served_eventually(server, "/back-to-school", expected).await;
    let (page, sitemap) = back_to_school(server).await;
    (page, sitemap.contains("/back-to-school</loc>"))
}

#[actix_web::test]
async fn moving_an_offers_dates_in_the_folder_moves_its_page_sitemap_and_json_ld_without_restart() {
    let dir = initialised("content-offer-dates");
    let offers = "offers.toml";
    // Seen on 20 August 2025, back to school ends on the 15th in this folder: over.
    edit_file(
        &dir,
        offers,
        "ends = \"2025-08-31\"",
        "ends = \"2025-08-15\"",
    );
    edit_file(
        &dir,
        offers,
        "[retreat]\n",
        "[retreat]\ndate = \"2025-09-06\"\n",
    );
    let content = dir.path().join("content");
    let server = Server::start(
        &dir.path().join("data"),
        &[
            ("ONESPACE_CONTENT_DIR", content.to_str().unwrap()),
            ("ONESPACE_PREVIEW_DATE", "2025-08-20"),
        ],
    )
    .await;
    let (page, sitemap) = back_to_school(&server).await;
    assert!(page.contains("The back to school offers ended on 15 August 2025."));
    assert!(page.contains("<meta name=\"robots\" content=\"noindex\">"));
    assert!(
        !page.contains("\"@type\":\"Event\""),
        "no Event for an ended offer"
    );
    assert!(!page.contains("Ends 15 Aug"));
    assert!(!sitemap.contains("/back-to-school</loc>"));
    let (_, _, retreat) = get(&server, "/yoga-retreat").await;
    assert!(
        retreat.contains("6 September 2025"),
        "the retreat's date ahead"
    );
    assert!(!retreat.contains("Next date on our booking page"));

    // Extended to the 25th while the server runs: live, with its banner, sitemap entry and
    // Event dated by the folder.
    let (page, listed) = moved(
        (&server, &dir),
        ("ends = \"2025-08-15\"", "ends = \"2025-08-25\""),
        "Ends 25 Aug \u{2014} Don't miss your Back to School savings",
    )
    .await;
    assert!(listed);
    assert!(page.contains("Buy before 25 August 2025."));
    assert!(page.contains("\"@type\":\"Event\"") && page.contains("\"endDate\":\"2025-08-25\""));
    assert!(!page.contains("noindex"));

    // Moved to start on the 21st: not yet open, and not listed or described anywhere.
    let (page, listed) = moved(
        (&server, &dir),
        ("starts = \"2025-08-01\"", "starts = \"2025-08-21\""),
        "The back to school offers start on 21 August 2025.",
    )
    .await;
    assert!(!listed);
    assert!(page.contains("This offer has not started yet") && page.contains("noindex"));
    assert!(!page.contains("\"@type\":\"Event\""));
    server.kill();
}

#[test]
fn check_names_the_line_and_field_of_every_studio_mistake() {
    let dir = initialised("content-studio-rules");
    let studio = |from: &str, to: &str| edit_file(&dir, "studio.toml", from, to);
    studio(
        "email = \"hello@onespacestudio.co.uk\"",
        "email = \"hello at onespace\"",
    );
    studio("tel = \"+441506238238\"", "tel = \"01506 238 238\"");
    studio(
        "url = \"https://www.instagram.com/onespacelivingston/\"",
        "url = \"http://www.instagram.com/onespacelivingston/\"",
    );
    studio(
        "opens = \"08:00\"\ncloses = \"12:00\"",
        "opens = \"08:00\"\ncloses = \"07:30\"",
    );
    studio("weekdays = [\"Sunday\"]", "weekdays = [\"Sundy\"]");
    studio(
        "from = \"Whitburn\"\nminutes = 12",
        "from = \"Whitburn\"\nminutes = 9",
    );
    studio(
        "day = \"Thursday\"\ntime = \"20:30\"",
        "day = \"Thursday\"\ntime = \"09:30\"",
    );
    let (valid, _, stderr) = check(&dir);
    assert!(!valid);
    let at = |needle: &str| line_in(&dir, "studio.toml", needle, 1);
    let expected = [
        format!(
            "studio.toml line {}: email: must be an e-mail address, like hello@example.co.uk",
            at("email = ")
        ),
        format!(
            "studio.toml line {}: phone.tel: must be the number in international form, + and \
             digits only, like \"+441506238238\"",
            at("tel = ")
        ),
        format!(
            "studio.toml line {}: social.url: must be an https:// address, like \
             https://goteamup.com/p/5123456-one-space/memberships/lite",
            at("url = ")
        ),
        format!(
            "studio.toml line {}: opening_hours[2].weekdays[0]: must be a day of the week: \
             Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday",
            at("weekdays = [\"Sundy\"]")
        ),
        format!(
            "studio.toml line {}: opening_hours[1].closes: must be after the opening time (08:00)",
            at("closes = \"07:30\"")
        ),
        format!(
            "studio.toml line {}: drive_times[2].minutes: must not be less than the town before \
             (10 min): towns are listed nearest first",
            at("minutes = 9")
        ),
        format!(
            "studio.toml line {}: consultation_slots[5].time: must come after the slot before \
             it: slots are listed in week order, Monday first, each once",
            at("time = \"09:30\"")
        ),
    ];
    let mut found = stderr[..expected.len()].to_vec();
    found.sort();
    let mut wanted = expected.to_vec();
    wanted.sort();
    assert_eq!(found, wanted);
    assert!(
        stderr[expected.len()].ends_with(": 7 mistake(s) found"),
        "{stderr:?}"
    );
}

#[test]
fn check_names_the_line_of_a_studio_type_mistake_and_a_missing_studio_file() {
    let cases = [
        ("opens = \"06:00\"\ncloses", "opens = \"6am\"\ncloses", "opens = \"6am\"", "opening_hours[0].opens: must be a time on the 24-hour clock, like \"06:00\" or \"20:30\""),
        ("minutes = 25\n", "minutes = \"25\"\n", "minutes = \"25\"", "drive_times[4].minutes: invalid type: string \"25\", expected u32"),
        ("parking = ", "car_park = ", "car_park = ", "car_park: unknown field 'car_park', expected one of 'address', 'email', 'phone', 'social', 'parking', 'opening_hours', 'drive_times', 'consultation_slots'"),
    ];
    for (from, to, at, message) in cases {
        let dir = initialised("content-studio-types");
        edit_file(&dir, "studio.toml", from, to);
        let (valid, _, stderr) = check(&dir);
        assert!(!valid, "{to}");
        assert_eq!(
            stderr[0],
            format!(
                "studio.toml line {}: {message}",
                line_in(&dir, "studio.toml", at, 1)
            )
        );
    }
    let dir = initialised("content-studio-missing");
    std::fs::remove_file(dir.path().join("content/studio.toml")).unwrap();
    let (valid, _, stderr) = check(&dir);
    assert!(!valid);
    assert!(
        stderr[0].starts_with("studio.toml: missing from "),
        "{stderr:?}"
    );
}

#[test]
fn check_refuses_a_photo_without_alt_text_or_not_in_the_images_folder_naming_its_line() {
    let dir = initialised("content-team-rules");
    let team = |from: &str, to: &str| edit_file(&dir, "team.toml", from, to);
    let images = dir.path().join("content/images");
    std::fs::create_dir_all(&images).unwrap();
    std::fs::write(images.join("kirsty.jpg"), b"a photo").unwrap();
    team(
        "id = \"kirsty\"\n",
        "id = \"kirsty\"\nphoto = \"kirsty.jpg\"\n",
    );
    team(
        "id = \"jamie\"\n",
        "id = \"jamie\"\nphoto = \"jamie.jpg\"\nphoto_alt = \"Jamie at the ice bath\"\n",
    );
    team("id = \"eilidh\"", "id = \"ross\"");
    team("\"Pre & Postnatal\"", "\" \"");
    let (valid, _, stderr) = check(&dir);
    assert!(!valid);
    let at = |needle: &str, nth: usize| line_in(&dir, "team.toml", needle, nth);
    let mut expected = vec![
        format!(
            "team.toml line {}: coaches[2].id: 'ross' is already used by another entry; each id \
             must be different",
            at("id = \"ross\"", 2)
        ),
        format!(
            "team.toml line {}: coaches[0].photo_alt: is required with a photo: say what it \
             shows, like \"Ross coaching a HYROX class\"",
            at("[[coaches]]", 1)
        ),
        format!(
            "team.toml line {}: coaches[2].specialties[2]: must not be empty",
            at("specialties = [\"Warm Pilates\"", 1)
        ),
        format!(
            "team.toml line {}: coaches[3].photo: 'jamie.jpg' is not in {}: put the photo there, \
             or correct the name",
            at("photo = \"jamie.jpg\"", 1),
            images.display()
        ),
    ];
    let mut found = stderr[..expected.len()].to_vec();
    found.sort();
    expected.sort();
    assert_eq!(found, expected);
    // The photo that is there is prepared too: it is not an image.
    assert_eq!(
        stderr[expected.len()],
        format!(
            "{}: is not a JPEG, PNG or WebP image (an iPhone HEIC photo must be exported as JPEG)",
            images.join("kirsty.jpg").display()
        )
    );
    assert!(
        stderr[expected.len() + 1].ends_with(": 5 mistake(s) found"),
        "{stderr:?}"
    );
}

#[test]
fn check_names_the_line_of_an_unknown_placeholder_an_open_brace_and_a_repeated_question() {
    let dir = initialised("content-faq-rules");
    let faq = |from: &str, to: &str| edit_file(&dir, "faq.toml", from, to);
    faq("{parking} at the studio", "{parkng} at the studio");
    faq(
        "{cancel_booking_hours} hours",
        "{cancel_booking_hours hours",
    );
    faq(
        "question = \"What should I bring?\"",
        "question = \"Is there parking?\"",
    );
    let (valid, _, stderr) = check(&dir);
    assert!(!valid);
    let at = |needle: &str, nth: usize| line_in(&dir, "faq.toml", needle, nth);
    let placeholders = "{opening_hours}, {parking}, {address}, {trial_name}, {trial_price}, \
         {trial_price_story}, \
         {trial_days}, {trial_starts}, {trial_guarantee}, {first_class_arrive_early_minutes}, \
         {notice_days}, {booking_notice}, {charges_summary}, {cancel_booking_hours}, \
         {fire_ice_description}, {fire_ice_minutes}, {fire_ice_drop_in}, \
         {fire_ice_max_per_week}, {challenge_weeks}, {challenge_fire_ice_sessions}, \
         {challenge_body_scans}, {challenge_meal_plan_days}";
    let expected = [
        format!(
            "faq.toml line {}: questions[1].answer: names {{parkng}}, which is not a \
             placeholder; they are: {placeholders}",
            at("answer = \"Yes. {parkng}", 1)
        ),
        format!(
            "faq.toml line {}: questions[4].question: is already asked above; each question \
             must be different",
            at("question = \"Is there parking?\"", 2)
        ),
        format!(
            "faq.toml line {}: questions[8].answer: has a {{ without its }}: placeholders are \
             written like {{trial_price}}",
            at("answer = \"Book online", 1)
        ),
    ];
    assert_eq!(stderr[..expected.len()], expected);
    assert!(
        stderr[expected.len()].ends_with(": 3 mistake(s) found"),
        "{stderr:?}"
    );
}

#[test]
fn check_names_the_line_of_a_quote_on_an_unknown_page_a_bad_rating_and_a_page_left_without() {
    let dir = initialised("content-testimonials-rules");
    let quotes = |from: &str, to: &str| edit_file(&dir, "testimonials.toml", from, to);
    quotes(
        "page = \"/corporate-wellness\"",
        "page = \"/corporate\"\nrating = 6",
    );
    quotes("name = \"Craig D.\"", "name = \"\"");
    let (valid, _, stderr) = check(&dir);
    assert!(!valid);
    let at = |needle: &str| line_in(&dir, "testimonials.toml", needle, 1);
    let expected = [
        format!(
            "testimonials.toml line {}: testimonials[4].name: must not be empty",
            at("name = \"\"")
        ),
        format!(
            "testimonials.toml line {}: testimonials[7].page: must be one of the pages with \
             members' quotes: /, /challenge, /corporate-wellness, /back-to-school, \
             /september-sale, /hot-yoga, /yoga-beginners, /pilates, /group-pt, \
             /hyrox-training, /fire-ice-recovery",
            at("page = \"/corporate\"")
        ),
        format!(
            "testimonials.toml line {}: testimonials[7].rating: must be a number of stars from \
             1 to 5",
            at("rating = 6")
        ),
        format!(
            "testimonials.toml line {}: testimonials: must include at least one quote for \
             /corporate-wellness, which shows a members' quotes section",
            at("[[testimonials]]")
        ),
    ];
    assert_eq!(stderr[..expected.len()], expected);
    assert!(
        stderr[expected.len()].ends_with(": 4 mistake(s) found"),
        "{stderr:?}"
    );
}

#[test]
fn check_names_the_line_of_a_malformed_typical_week() {
    let cases = [
        (
            "day = \"Tuesday\"",
            "day = \"Tewsday\"",
            "typical_week[5].day: must be a day of the week: Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday",
        ),
        (
            "time = \"19:00\"",
            "time = \"25:00\"",
            "typical_week[4].time: must be a time on the 24-hour clock, like \"06:00\" or \"20:30\"",
        ),
        (
            "minutes = 60",
            "minutes = 3",
            "typical_week[4].minutes: must be the class's length in minutes, from 5 to 240, like 45",
        ),
    ];
    for (from, to, message) in cases {
        let dir = initialised("content-typical-week");
        edit_file(&dir, "schedule.toml", from, to);
        let (valid, _, stderr) = check(&dir);
        assert!(!valid, "{to}");
        assert_eq!(
            stderr[0],
            format!(
                "schedule.toml line {}: {message}",
                line_in(&dir, "schedule.toml", to, 1)
            )
        );
    }
}

#[actix_web::test]
async fn the_investor_figures_are_content_dated_by_their_month_with_a_forecast_named_from_its_own()
{
    let dir = initialised("content-investors");
    let edit = |from: &str, to: &str| edit_file(&dir, "investors.toml", from, to);
    edit("as_of = \"2025-06\"", "as_of = \"2026-02\"");
    edit("active_members = 212", "active_members = 254");
    edit(
        "starts = \"2025-07\"\nmonths = 12",
        "starts = \"2026-03\"\nmonths = 6",
    );
    let content = dir.path().join("content");
    let server = Server::start(
        &dir.path().join("data"),
        &[("ONESPACE_CONTENT_DIR", content.to_str().unwrap())],
    )
    .await;
    let (status, _, invest) = get(&server, "/invest").await;
    assert_eq!(status, 200);
    for text in [
        "Figures as of February 2026",
        "Forecast from March 2026",
        "revenue forecast",
        "<dd>254</dd>",
        ">Mar 2026<",
        ">Aug 2026<",
    ] {
        assert!(invest.contains(text), "/invest lacks {text}");
    }
    assert!(!invest.contains(">Sep 2026<"), "six months only");
    assert!(!invest.to_lowercase().contains("next 12 months"));
    assert!(!invest.contains("June 2025"));
    let (_, _, landing) = get(&server, "/investinonespace").await;
    assert!(landing.contains("In February 2026, 254 active members trained with us."));
    server.kill();

    // A forecast starting before the month its figures describe is refused on its line.
    edit("starts = \"2026-03\"", "starts = \"2026-01\"");
    let (valid, _, stderr) = check(&dir);
    assert!(!valid);
    assert_eq!(
        stderr[0],
        format!(
            "investors.toml line {}: forecast.starts: must be after as_of (2026-02): the forecast \
             starts after the month its figures describe, like \"2026-03\"",
            line_in(&dir, "investors.toml", "starts = ", 1)
        )
    );
}
