//! The studio's preview of the site, against the real binary on SQLite and PostgreSQL: a draft
//! saved through the staff editor (Lite at £55) previewed as the whole site (the price, the
//! founder figures worked out from it, the JSON-LD as the site renders it) while visitors still
//! see £49; dated offers shown inside their window and not outside it; the answers private,
//! uncached and unindexed; the previewed site's links staying in the preview; and the refusals:
//! a draft with mistakes (422, its mistakes listed), an unknown page (404), a date that does
//! not read (400), and no session (to the sign-in page, like every other path of the area).

use crate::harness::staff::{csrf, on_both, Browser, Db, Site};
use crate::harness::{lite_card_price, prices_with_lite, request};

/// A browser signed in as a new account `email` with `role`.
async fn new_account(site: &Site, email: &str, role: &str) -> Browser {
    let (secret, _) = site.account(email, role).await;
    site.signed_in(email, &secret).await
}

/// A public page, as a visitor gets it.
async fn public(site: &Site, path: &str) -> String {
    let page = request(&site.server.addr, "GET", path, &[], b"")
        .await
        .unwrap();
    assert_eq!(page.status, 200, "{path}");
    page.text()
}

/// Saves `text` as `file` of the draft through the staff editor, as a person would.
async fn save_draft(browser: &mut Browser, file: &str, text: &str) {
    let path = format!("/studio/content/edit/{file}");
    let form = browser.get(&path).await;
    assert_eq!(form.status, 200, "{}", form.text());
    assert!(
        form.text()
            .contains(r#"href="/studio/content/preview">Preview</a>"#),
        "the editor links the preview: {}",
        form.text()
    );
    let saved = browser
        .post(
            &path,
            &[
                ("csrf", &csrf(&form.text())),
                ("text", &text.replace('\n', "\r\n")),
            ],
        )
        .await;
    assert_eq!(saved.status, 303, "{}", saved.text());
}

/// The preview at `path`, which must answer 200 as a private, unindexed page.
async fn preview(browser: &mut Browser, path: &str) -> String {
    let page = browser.get(path).await;
    assert_eq!(page.status, 200, "{path}: {}", page.text());
    assert_eq!(
        page.header("cache-control"),
        Some("no-store, private"),
        "{path}"
    );
    assert_eq!(
        page.header("x-robots-tag"),
        Some("noindex, nofollow"),
        "{path}"
    );
    let body = page.text();
    assert!(
        body.contains(r#"<meta name="robots" content="noindex">"#),
        "{path}: {body}"
    );
    body
}

/// The page after the preview's bar: what the site itself would show.
fn site_part(page: &str) -> &str {
    let end = page
        .find("</aside>")
        .unwrap_or_else(|| panic!("no preview bar: {page}"));
    assert!(
        page[..end].contains(r#"<aside class="studio-preview-bar" aria-label="Preview">"#),
        "the bar comes first in the body: {page}"
    );
    &page[end..]
}

/// Every JSON-LD block of a page, as written.
fn json_ld(page: &str) -> Vec<&str> {
    page.split(r#"<script type="application/ld+json">"#)
        .skip(1)
        .map(|block| block.split("</script>").next().unwrap())
        .collect()
}

on_both!("preview_";
    the_draft_is_previewed_as_the_whole_site_on_any_date,
    previews_are_refused_with_a_reason_and_never_without_a_session,
);

async fn the_draft_is_previewed_as_the_whole_site_on_any_date(db: Db, name: &str) {
    let site = Site::start(db, name).await;
    let mut owner = new_account(&site, "owner@example.com", "owner").await;

    // Without a draft the preview is the live version's.
    let page = preview(&mut owner, "/studio/content/preview/memberships").await;
    assert!(
        page.contains(
            r#"<strong>Preview of the live version</strong><span class="studio-preview-long"> 1, "#
        ),
        "{page}"
    );
    assert_eq!(lite_card_price(site_part(&page)), "£49");
    // Marked to be tapped: with no draft yet, a tap starts one from this version.
    assert!(
        site_part(&page).contains(r#"data-field="prices.toml#lite.price""#),
        "{page}"
    );

    // Lite at £55 in the draft, saved through the editor.
    save_draft(&mut owner, "prices.toml", &prices_with_lite("55")).await;
    let review = owner.get("/studio/content/draft").await.text();
    assert!(
        review.contains(r#"<a href="/studio/content/preview">Preview your draft</a>"#),
        "{review}"
    );

    let page = preview(&mut owner, "/studio/content/preview/memberships").await;
    assert!(
        page.contains(
            r#"<strong>Preview of your draft</strong><span class="studio-preview-long"> (started from version 1), "#
        ),
        "{page}"
    );
    assert!(page.contains("as it is now ("), "{page}");
    assert_eq!(lite_card_price(site_part(&page)), "£55");
    // Visitors still see the live £49.
    assert_eq!(lite_card_price(&public(&site, "/memberships").await), "£49");

    // A coach's heading, role and words open their fields in the editor when tapped; the
    // public page carries no marks.
    let team = preview(&mut owner, "/studio/content/preview/meet-the-team").await;
    assert!(
        team.contains(r#" data-field="team.toml#kirsty.name" data-edit="/studio/content/edit/team.toml#field-coaches-0-name">"#),
        "{team}"
    );
    assert!(team.contains(r#" data-edit="/studio/content/edit/team.toml#field-coaches-0-bio">"#));
    assert!(!public(&site, "/meet-the-team").await.contains("data-field"));

    // So do a question and its answer, a class's facts, a member's quote and an offer's price,
    // set or not (a table's field is in the form either way); a changed answer is where the
    // preview opens.
    let faq = std::fs::read_to_string(crate::harness::root().join("content/faq.toml")).unwrap();
    let changed = faq.replacen("Class times vary", "Class times change", 1);
    assert_ne!(faq, changed);
    save_draft(&mut owner, "faq.toml", &changed).await;
    for (path, marked) in [
        (
            "faq",
            r#" data-field="faq.toml#questions[0].question" data-edit="/studio/content/edit/faq.toml#field-questions-0-question">"#,
        ),
        (
            "faq",
            r#" data-field="faq.toml#questions[0].answer" data-edit="/studio/content/edit/faq.toml#field-questions-0-answer" data-changed id="preview-changed">"#,
        ),
        (
            "faq",
            r#" data-field="faq.toml#questions[1].answer" data-edit="/studio/content/edit/faq.toml#field-questions-1-answer">"#,
        ),
        (
            "our-classes",
            r#" data-field="schedule.toml#hot-yoga.heat" data-edit="/studio/content/edit/schedule.toml#field-classes-0-heat">"#,
        ),
        (
            "",
            r#" data-field="testimonials.toml#testimonials[0].text" data-edit="/studio/content/edit/testimonials.toml#field-testimonials-0-text">"#,
        ),
        (
            "challenge",
            r#" data-field="offers.toml#challenge.price" data-edit="/studio/content/edit/offers.toml#field-challenge-price">"#,
        ),
    ] {
        let page = preview(&mut owner, &format!("/studio/content/preview/{path}")).await;
        assert!(page.contains(marked), "/{path}: {marked}: {page}");
    }
    for path in ["/faq", "/our-classes", "/", "/challenge"] {
        assert!(!public(&site, path).await.contains("data-field"), "{path}");
    }

    // What is worked out from the price follows it: founder at 20% off, a year for ten months.
    let founder = preview(&mut owner, "/studio/content/preview/founder-memberships").await;
    assert!(founder.contains("£44"), "{founder}");
    assert!(founder.contains("£440"), "{founder}");
    let public_founder = public(&site, "/founder-memberships").await;
    assert!(!public_founder.contains("£440"), "{public_founder}");

    // The JSON-LD is the site's own, as it renders it.
    let intro = preview(&mut owner, "/studio/content/preview/intro-offer").await;
    let public_intro = public(&site, "/intro-offer").await;
    assert!(!json_ld(&public_intro).is_empty());
    assert_eq!(json_ld(&intro), json_ld(&public_intro));

    // A dated offer on a day inside its window: the September sale of 2024, its first month
    // half the draft's £55, and its SpecialAnnouncement for search engines.
    let sale = preview(
        &mut owner,
        "/studio/content/preview/september-sale?at=2024-09-15T12:00",
    )
    .await;
    assert!(
        sale.contains("as on Sun 15 Sep 2024, 12:00 UK time"),
        "{sale}"
    );
    assert!(sale.contains("£27.50 instead of £55"), "{sale}");
    let announcement = json_ld(&sale);
    assert!(
        announcement
            .iter()
            .any(|block| block.contains("SpecialAnnouncement")),
        "{sale}"
    );
    // A day after it ended: the ended notice, no structured data.
    let ended = preview(
        &mut owner,
        "/studio/content/preview/september-sale?at=2024-10-15T12:00",
    )
    .await;
    assert!(!ended.contains("£27.50 instead of £55"), "{ended}");
    assert!(json_ld(&ended).is_empty(), "{ended}");
    assert!(!public(&site, "/september-sale")
        .await
        .contains("SpecialAnnouncement"));

    // The year-end code on /memberships, chosen through the bar's form (date, 24-hour time,
    // page): the form leads to the page's own address.
    let chosen = owner
        .get("/studio/content/preview?page=%2Fmemberships&date=2025-11-15&time=09:30")
        .await;
    assert_eq!(chosen.status, 303, "{}", chosen.text());
    assert_eq!(
        chosen.header("location"),
        Some("/studio/content/preview/memberships?at=2025-11-15T09:30")
    );
    let year_end = preview(
        &mut owner,
        "/studio/content/preview/memberships?at=2025-11-15T09:30",
    )
    .await;
    assert!(year_end.contains(r#"id="year-end-offer""#), "{year_end}");
    assert!(
        year_end.contains(
            r#"data-field="offers.toml#year_end.code" data-edit="/studio/content/edit/offers.toml#field-year-end-code">"#
        ),
        "{year_end}"
    );
    assert!(
        year_end.contains(r#"<input type="date" name="date" value="2025-11-15""#),
        "{year_end}"
    );
    assert!(
        year_end.contains(r#"name="time" value="09:30""#),
        "{year_end}"
    );
    assert!(
        year_end.contains(r#"<option value="/memberships" selected>"#),
        "{year_end}"
    );
    let after = preview(
        &mut owner,
        "/studio/content/preview/memberships?at=2026-01-15T09:30",
    )
    .await;
    assert!(!after.contains(r#"id="year-end-offer""#), "{after}");

    // The previewed site's links lead to its pages in the same preview; assets stay.
    let site_links = site_part(&year_end);
    assert!(
        site_links.contains(r#"href="/studio/content/preview?at=2025-11-15T09:30""#),
        "the logo: {site_links}"
    );
    assert!(
        site_links.contains(r#"href="/studio/content/preview/intro-offer?at=2025-11-15T09:30""#),
        "{site_links}"
    );
    assert!(
        !site_links.contains(r#"href="/intro-offer""#),
        "{site_links}"
    );
    assert!(!site_links.contains(r#"href="/""#), "{site_links}");
    // The stylesheet and the icons, in the head before the bar, are the site's own files.
    assert!(
        year_end.contains(r#"<link rel="stylesheet" href="/assets/"#),
        "{year_end}"
    );
    assert!(
        year_end.contains(r#"<link rel="icon" href="/favicon.svg""#),
        "{year_end}"
    );
    let followed = preview(
        &mut owner,
        "/studio/content/preview/about?at=2025-11-15T09:30",
    )
    .await;
    assert!(followed.contains("Preview of your draft"), "{followed}");

    // The live version on the same date, on asking; its links keep asking for it.
    let live = preview(
        &mut owner,
        "/studio/content/preview/memberships?at=2025-11-15T09:30&of=live",
    )
    .await;
    assert!(
        live.contains(
            r#"<strong>Preview of the live version</strong><span class="studio-preview-long"> 1, "#
        ),
        "{live}"
    );
    assert_eq!(lite_card_price(site_part(&live)), "£49");
    // Nothing in it to tap: a tap edits the draft, whose fields may sit elsewhere.
    assert!(!site_part(&live).contains("data-field"), "{live}");
    assert!(
        live.contains(r#"href="/studio/content/preview/about?at=2025-11-15T09:30&amp;of=live""#),
        "{live}"
    );
    assert!(
        live.contains(r#"href="/studio/content/preview/memberships?at=2025-11-15T09:30">Preview your draft</a>"#),
        "{live}"
    );

    // The home page, now.
    let home = preview(&mut owner, "/studio/content/preview").await;
    assert!(home.contains("Preview of your draft"), "{home}");
    assert!(
        !site.server.log().contains("panicked"),
        "{}",
        site.server.log()
    );
}

async fn previews_are_refused_with_a_reason_and_never_without_a_session(db: Db, name: &str) {
    let site = Site::start(db, name).await;
    // Before any account exists the area, previews included, is the site's not-found page.
    let mut nobody = site.browser();
    let missing = nobody.get("/studio/content/preview/memberships").await;
    assert_eq!(missing.status, 404);

    let mut editor = new_account(&site, "editor@example.com", "editor").await;

    // A draft with a mistake cannot be rendered: its mistakes, with the file to correct.
    save_draft(&mut editor, "prices.toml", &prices_with_lite("\"£5x\"")).await;
    let broken = editor.get("/studio/content/preview/memberships").await;
    assert_eq!(broken.status, 422, "{}", broken.text());
    let text = broken.text();
    assert!(
        text.contains("Your draft cannot be previewed yet"),
        "{text}"
    );
    assert!(
        text.contains("Lite's price must be in pounds, like 49 or 62.50"),
        "{text}"
    );
    assert!(
        text.contains(r#"href="/studio/content/edit/prices.toml""#),
        "{text}"
    );
    assert_eq!(broken.header("cache-control"), Some("no-store, private"));
    assert_eq!(broken.header("x-robots-tag"), Some("noindex, nofollow"));
    // The live version can still be previewed.
    let live = preview(&mut editor, "/studio/content/preview/memberships?of=live").await;
    assert_eq!(lite_card_price(site_part(&live)), "£49");

    // Not a page of the site.
    for path in [
        "/studio/content/preview/no-such-page",
        "/studio/content/preview/memberships/",
        "/studio/content/preview/assets/x.js",
        "/studio/content/preview?page=%2Fstudio&date=2025-11-15&time=09:30",
    ] {
        let unknown = editor.get(path).await;
        assert_eq!(unknown.status, 404, "{path}");
        assert_eq!(unknown.header("cache-control"), Some("no-store, private"));
        assert!(
            unknown.text().contains("No such page of the site"),
            "{path}: {}",
            unknown.text()
        );
    }

    // A date and time that do not read: what the form expects.
    for path in [
        "/studio/content/preview/memberships?at=2025-13-01T10:00&of=live",
        "/studio/content/preview/memberships?at=tomorrow&of=live",
        "/studio/content/preview/memberships?at=2025-11-15&of=live",
        "/studio/content/preview/memberships?at=1900-01-01T10:00&of=live",
        "/studio/content/preview?page=%2Fmemberships&date=2025-11-15&time=25:00",
        "/studio/content/preview?page=%2Fmemberships&date=&time=09:30",
        "/studio/content/preview?page=%2Fmemberships&date=15%2F11%2F2025&time=9pm",
    ] {
        let bad = editor.get(path).await;
        assert_eq!(bad.status, 400, "{path}: {}", bad.text());
        assert_eq!(bad.header("cache-control"), Some("no-store, private"));
        assert!(
            bad.text().contains("That date and time could not be read"),
            "{path}: {}",
            bad.text()
        );
        assert!(
            bad.text()
                .contains("a time on the 24-hour clock such as 14:30"),
            "{path}: {}",
            bad.text()
        );
    }
    // What was typed is shown as text, never as markup.
    let hostile = editor
        .get("/studio/content/preview?at=%3Cscript%3Ealert(1)%3C%2Fscript%3E")
        .await;
    assert_eq!(hostile.status, 400);
    assert!(
        !hostile.text().contains("<script>alert"),
        "{}",
        hostile.text()
    );
    let other = editor
        .get("/studio/content/preview/memberships?of=someone-else")
        .await;
    assert_eq!(other.status, 400, "{}", other.text());

    // Without a session, or with an ended one, a preview goes to the sign-in page.
    for cookie in [None, Some("__Host-onespace-studio=garbage")] {
        let headers: Vec<(&str, &str)> = cookie.map(|c| ("Cookie", c)).into_iter().collect();
        for path in [
            "/studio/content/preview",
            "/studio/content/preview/memberships?at=2025-11-15T09:30",
        ] {
            let refused = request(&site.server.addr, "GET", path, &headers, b"")
                .await
                .unwrap();
            assert_eq!(refused.status, 303, "{path} {cookie:?}");
            assert!(refused
                .header("location")
                .unwrap()
                .starts_with("/studio/sign-in"));
            assert!(!refused.text().contains("Lite"));
        }
    }
    // Only read: any other method is refused.
    let posted = editor
        .post("/studio/content/preview/memberships", &[("csrf", "x")])
        .await;
    assert_eq!(posted.status, 405);
    assert!(
        !site.server.log().contains("panicked"),
        "{}",
        site.server.log()
    );
}
