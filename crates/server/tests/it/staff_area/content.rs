//! The content in the staff area against the real binary on SQLite and on PostgreSQL: the
//! history of versions, editing, publishing and restoring without overwriting another person's
//! work, and a draft behind the live content brought up to date or started again.

use std::process::Command;

use super::save_draft;
use crate::harness::staff::{self, csrf, on_both, Db, Site};
use crate::harness::{self, binary, prices_with_lite};

on_both!("";
    the_content_history_lists_every_version_and_marks_the_live_one,
    staff_edit_publish_and_restore_the_content_and_never_overwrite_each_other,
    a_draft_behind_the_live_content_is_brought_up_to_date_or_started_again,
);

/// `onespace content <command> <dir>` on the site's database.
fn content_command(site: &Site, command: &str, dir: &std::path::Path, note: &str) {
    let mut run = Command::new(binary());
    run.args(["content", command])
        .arg(dir)
        .arg("--data")
        .arg(site.dir.path())
        .env_remove("DATABASE_URL")
        .env("USER", "studio-admin");
    if command == "import" {
        run.args(["--note", note]);
    }
    if let Some(url) = &site.database_url {
        run.env("DATABASE_URL", url);
    }
    let output = run.output().unwrap();
    assert!(output.status.success(), "{output:?}");
}

async fn the_content_history_lists_every_version_and_marks_the_live_one(db: Db, name: &str) {
    let site = Site::start(db, name).await;
    let (secret, _) = site.account("owner@example.com", "owner").await;
    let mut owner = site.signed_in("owner@example.com", &secret).await;
    let page = owner.get("/studio/content").await;
    assert_eq!(page.status, 200);
    let history = page.text();
    assert!(
        history.contains(r#"<a href="/studio/content">Content</a>"#),
        "{history}"
    );
    assert!(
        history.contains(
            r#"<td data-label="Version"><a href="/studio/content/versions/1">1</a> <strong>(live)</strong></td>"#
        ),
        "{history}"
    );
    assert!(
        history.contains("The release's built-in content"),
        "{history}"
    );
    // Each content area to edit by the owner's word for it and what it holds; no file name.
    assert!(
        history.contains(r#"<a href="/studio/content/edit/prices.toml">Prices</a>"#)
            && history.contains("What members say, and the page each quote is on.")
            && !history.contains("<code>"),
        "{history}"
    );

    // A folder imported on the command line is the next version, and the live one.
    let folder = site.dir.path().join("content-edit");
    content_command(&site, "export", &folder, "");
    let prices = folder.join("prices.toml");
    let text = std::fs::read_to_string(&prices).unwrap();
    std::fs::write(
        &prices,
        text.replacen(
            "name = \"Lite\"\nprice = 49",
            "name = \"Lite\"\nprice = 55",
            1,
        ),
    )
    .unwrap();
    content_command(&site, "import", &folder, "Lite to <b>£55</b>");
    let history = owner.get("/studio/content").await.text();
    assert!(
        history.contains(
            r#"<td data-label="Version"><a href="/studio/content/versions/2">2</a> <strong>(live)</strong></td>"#
        ),
        "{history}"
    );
    assert!(
        history.contains(
            r#"<td data-label="Version"><a href="/studio/content/versions/1">1</a></td>"#
        ),
        "{history}"
    );
    assert!(history.contains("Imported from a folder"), "{history}");
    // The note is shown as text, never as markup.
    assert!(
        history.contains("Lite to &lt;b&gt;£55&lt;/b&gt;"),
        "{history}"
    );

    // The import is in the audit log, by the command line and the computer's user who ran it.
    let audit = owner.get("/studio/audit").await.text();
    let line = format!(
        "<td>command line (user studio-admin)</td><td>content-imported</td><td>version 2 from \
         version 1, imported from the folder {}</td><td>command line</td>",
        folder.display()
    );
    assert!(audit.contains(&line), "{audit}");

    // Editors read it too.
    let (editor_secret, _) = site.account("editor@example.com", "editor").await;
    let mut editor = site.signed_in("editor@example.com", &editor_secret).await;
    let page = editor.get("/studio/content").await;
    assert_eq!(page.status, 200);
    assert!(page.text().contains("Imported from a folder"));
}

/// The Lite plan's price on the site's /memberships.
async fn lite_on_site(site: &Site) -> String {
    harness::lite_price_at(&site.server.addr).await
}

/// Waits until the site's /memberships shows the Lite plan at `price`.
async fn wait_for_lite(site: &Site, price: &str) {
    harness::wait_for_lite(&site.server.addr, price, harness::REACH).await;
}

async fn staff_edit_publish_and_restore_the_content_and_never_overwrite_each_other(
    db: Db,
    name: &str,
) {
    let site = Site::start(db, name).await;
    let (owner_secret, _) = site.account("owner@example.com", "owner").await;
    let (editor_secret, _) = site.account("editor@example.com", "editor").await;
    let mut owner = site.signed_in("owner@example.com", &owner_secret).await;
    let mut editor = site.signed_in("editor@example.com", &editor_secret).await;
    assert_eq!(lite_on_site(&site).await, "£49");

    // The file's text is there to edit, from the live version.
    let page = owner.get("/studio/content/edit/prices.toml").await;
    assert_eq!(page.status, 200);
    let form = page.text();
    assert!(form.contains("Version 1, the live content."), "{form}");
    assert!(
        form.contains("name = &quot;Lite&quot;\nprice = 49"),
        "{form}"
    );
    let token = csrf(&form);
    // Compressed for a browser that takes brotli (the draft's files are most of its 60 KB), and
    // the same page once decoded; as it is for one that does not.
    let compressed = owner
        .send(
            "GET",
            "/studio/content/edit/prices.toml",
            &[("Accept-Encoding", "gzip, deflate, br")],
            b"",
        )
        .await;
    assert_eq!(compressed.status, 200);
    assert_eq!(compressed.header("Content-Encoding"), Some("br"));
    assert_eq!(compressed.header("Vary"), Some("Accept-Encoding"));
    assert_eq!(compressed.header("Cache-Control"), Some("no-store"));
    assert!(
        compressed.body.len() * 3 < page.body.len(),
        "{}",
        compressed.body.len()
    );
    let mut decoded = Vec::new();
    brotli::BrotliDecompress(&mut compressed.body.as_slice(), &mut decoded).unwrap();
    let decoded = String::from_utf8(decoded).unwrap();
    assert!(decoded.contains("name = &quot;Lite&quot;\nprice = 49"));
    assert!(decoded.contains("Version 1, the live content."));
    assert_eq!(page.header("Content-Encoding"), None);

    // A mistake is saved with the draft (nothing typed is lost) and shown at once.
    let saved = owner
        .post(
            "/studio/content/edit/prices.toml",
            &[
                ("csrf", &token),
                ("text", &prices_with_lite("\"£5x\"").replace('\n', "\r\n")),
            ],
        )
        .await;
    assert_eq!(saved.status, 303, "{}", saved.text());
    assert_eq!(
        saved.header("location"),
        Some("/studio/content/edit/prices.toml?saved=1")
    );
    let form = owner
        .get("/studio/content/edit/prices.toml?saved=1")
        .await
        .text();
    assert!(form.contains("Draft saved."), "{form}");
    assert!(
        form.contains("Your draft, started from version 1."),
        "{form}"
    );
    assert!(
        form.contains(
            r##"<a href="/studio/content/edit/prices.toml#field-monthly-0-price">Lite's price must be in pounds, like 49 or 62.50</a>"##
        ),
        "{form}"
    );
    assert!(form.contains("price = &quot;£5x&quot;"), "{form}");
    let review = owner.get("/studio/content/draft").await.text();
    assert!(
        !review.contains("/studio/content/draft/publish"),
        "no publish form: {review}"
    );
    let refused = owner
        .post(
            "/studio/content/draft/publish",
            &[("csrf", &token), ("note", "")],
        )
        .await;
    assert_eq!(refused.status, 422);
    assert!(refused.text().contains("correct the mistakes listed first"));
    assert_eq!(lite_on_site(&site).await, "£49");

    // The page carries the form's script and what it starts from: the draft's files, safe
    // inside the page.
    assert!(
        form.contains(r#"<script type="module" src="/assets/editor-"#),
        "{form}"
    );
    let data = form
        .split(r#"<script type="application/json" id="content-editor-data">"#)
        .nth(1)
        .and_then(|rest| rest.split("</script>").next())
        .unwrap_or_else(|| panic!("no editor data: {form}"));
    let data: serde_json::Value = serde_json::from_str(data).unwrap();
    assert_eq!(data["file"], "prices.toml");
    assert_eq!(data["base"], 1);
    assert_eq!(data["csrf"], token.as_str());
    assert!(data["files"]["prices.toml"]
        .as_str()
        .unwrap()
        .contains("price = \"£5x\""));
    assert!(data["live"]
        .as_str()
        .unwrap()
        .contains("name = \"Lite\"\nprice = 49"));

    // Corrected as the form saves while the owner types (asking for JSON), the review shows
    // the change field by field and line by line.
    let origin = owner.origin();
    let saved = owner
        .post_with(
            "/studio/content/edit/prices.toml",
            &[("csrf", &token), ("text", &prices_with_lite("55"))],
            &[("Origin", &origin), ("Accept", "application/json")],
        )
        .await;
    assert_eq!(saved.status, 200, "{}", saved.text());
    let answer: serde_json::Value = serde_json::from_str(&saved.text()).unwrap();
    assert!(answer["savedAt"].as_i64().unwrap() > 0, "{answer}");
    assert_eq!(answer["base"], 1);
    let review = owner.get("/studio/content/draft").await.text();
    assert!(
        review.contains("<li>Memberships › Lite › Price: £49 → £55</li>"),
        "{review}"
    );
    assert!(review.contains("<del>price = 49</del>"), "{review}");
    assert!(review.contains("<ins>price = 55</ins>"), "{review}");
    assert!(review.contains("/studio/content/draft/publish"), "{review}");

    // The editor starts a draft of their own from version 1 too.
    let editor_token = editor.csrf_of("/studio/content/edit/prices.toml").await;
    let saved = editor
        .post(
            "/studio/content/edit/prices.toml",
            &[("csrf", &editor_token), ("text", &prices_with_lite("52"))],
        )
        .await;
    assert_eq!(saved.status, 303);

    // The owner publishes first: version 2, served within seconds, recorded.
    let published = owner
        .post(
            "/studio/content/draft/publish",
            &[("csrf", &token), ("note", "Lite to £55")],
        )
        .await;
    assert_eq!(published.status, 303, "{}", published.text());
    assert_eq!(
        published.header("location"),
        Some("/studio/content?published=2")
    );
    let history = owner.get("/studio/content?published=2").await.text();
    assert!(history.contains("Published as version 2"), "{history}");
    assert!(
        history.contains("<td data-label=\"Who\">owner@example.com</td>"),
        "{history}"
    );
    assert!(
        history.contains("<td data-label=\"Note\">Lite to £55</td>"),
        "{history}"
    );
    wait_for_lite(&site, "£55").await;

    // The editor's draft started from version 1: publishing it would undo version 2.
    let review = editor.get("/studio/content/draft").await.text();
    assert!(
        review.contains("The live content changed since your draft started"),
        "{review}"
    );
    let refused = editor
        .post(
            "/studio/content/draft/publish",
            &[("csrf", &editor_token), ("note", "")],
        )
        .await;
    assert_eq!(refused.status, 409);
    assert!(
        refused
            .text()
            .contains("version 2 was published after your draft started from version 1"),
        "{}",
        refused.text()
    );
    assert_eq!(lite_on_site(&site).await, "£55");
    let discarded = editor
        .post("/studio/content/draft/discard", &[("csrf", &editor_token)])
        .await;
    assert_eq!(discarded.status, 303);
    let form = editor.get("/studio/content/edit/prices.toml").await.text();
    assert!(form.contains("Version 2, the live content."), "{form}");

    // Version 1 restored is version 3, the £49 again.
    let version = owner.get("/studio/content/versions/1").await.text();
    assert!(version.contains("<ins>price = 49</ins>"), "{version}");
    let restored = owner
        .post("/studio/content/versions/1/restore", &[("csrf", &token)])
        .await;
    assert_eq!(restored.status, 303, "{}", restored.text());
    assert_eq!(
        restored.header("location"),
        Some("/studio/content?restored=3")
    );
    wait_for_lite(&site, "£49").await;
    let history = owner.get("/studio/content").await.text();
    assert!(history.contains("An earlier version restored"), "{history}");
    assert!(history.contains("version 1 restored"), "{history}");

    // Every publish and restore is in the audit log with its versions.
    let audit = owner.get("/studio/audit").await.text();
    assert!(
        audit.contains("<td>content-published</td><td>version 2 from version 1</td>"),
        "{audit}"
    );
    assert!(
        audit.contains("<td>content-restored</td><td>version 3 restores version 1</td>"),
        "{audit}"
    );

    // A file that is not a content file, a version that does not exist.
    assert_eq!(
        owner.get("/studio/content/edit/secrets.toml").await.status,
        404
    );
    assert_eq!(owner.get("/studio/content/versions/99").await.status, 404);
    assert_eq!(owner.get("/studio/content/versions/x").await.status, 404);
}

/// The built-in `studio.toml` with the first opening time written as `opens`.
fn studio_opening_at(opens: &str) -> String {
    let text = std::fs::read_to_string(harness::root().join("content/studio.toml")).unwrap();
    assert!(text.contains("\nopens = \"06:00\""));
    text.replacen("\nopens = \"06:00\"", &format!("\nopens = \"{opens}\""), 1)
}

/// The 10 Pack's price line in `prices.toml`, far below the Lite plan's.
const TEN_PACK: &str = "name = \"10 Pack\"\nprice = 120";

/// The built-in `prices.toml` with the Lite plan at `lite` and the 10 Pack at £125.
fn prices_with_lite_and_ten_pack_at_125(lite: &str) -> String {
    let text = prices_with_lite(lite);
    assert!(text.contains(TEN_PACK));
    text.replacen(TEN_PACK, "name = \"10 Pack\"\nprice = 125", 1)
}

/// Posts the review page's form at `action` (publish, update, start-again) with its token.
async fn review_action(
    browser: &mut staff::Browser,
    action: &str,
    note: &str,
) -> harness::Response {
    let token = browser.csrf_of("/studio/content/draft").await;
    browser
        .post(
            &format!("/studio/content/draft/{action}"),
            &[("csrf", &token), ("note", note)],
        )
        .await
}

async fn a_draft_behind_the_live_content_is_brought_up_to_date_or_started_again(
    db: Db,
    name: &str,
) {
    let site = Site::start(db, name).await;
    let (owner_secret, _) = site.account("owner@example.com", "owner").await;
    let (editor_secret, _) = site.account("editor@example.com", "editor").await;
    let mut owner = site.signed_in("owner@example.com", &owner_secret).await;
    let mut editor = site.signed_in("editor@example.com", &editor_secret).await;

    // The editor changes the Lite price and the first opening time from version 1; meanwhile
    // the owner publishes the 10 Pack at £125 as version 2.
    save_draft(&mut editor, "prices.toml", &prices_with_lite("52")).await;
    save_draft(&mut editor, "studio.toml", &studio_opening_at("06:30")).await;
    save_draft(
        &mut owner,
        "prices.toml",
        &prices_with_lite_and_ten_pack_at_125("49"),
    )
    .await;
    let published = review_action(&mut owner, "publish", "10 Pack to £125").await;
    assert_eq!(published.status, 303, "{}", published.text());

    // The editor's review says which files each side changed, and that nothing clashes.
    let review = editor.get("/studio/content/draft").await.text();
    assert!(
        review.contains("<li>Changed in your draft: Prices, Studio details</li>"),
        "{review}"
    );
    assert!(
        review.contains(
            r#"<li>Changed since, up to <a href="/studio/content/versions/2">version 2</a>: Prices</li>"#
        ),
        "{review}"
    );
    assert!(
        review.contains("None of your changes clash with them"),
        "{review}"
    );
    assert!(
        review.contains(r#"action="/studio/content/draft/update""#),
        "{review}"
    );
    assert!(
        review.contains(r#"action="/studio/content/draft/start-again""#),
        "{review}"
    );
    let refused = review_action(&mut editor, "publish", "").await;
    assert_eq!(refused.status, 409, "{}", refused.text());

    // Brought up to date: both prices.toml changes are in, line by line, and nothing is
    // published until the editor publishes the draft again.
    let updated = review_action(&mut editor, "update", "").await;
    assert_eq!(updated.status, 200, "{}", updated.text());
    let page = updated.text();
    assert!(
        page.contains("Your draft is now up to date with version 2"),
        "{page}"
    );
    assert!(
        page.contains("Both your changes and the live version&#39;s are in, line by line: Prices.")
            || page
                .contains("Both your changes and the live version's are in, line by line: Prices."),
        "{page}"
    );
    assert!(
        page.contains("Started from version 2; version 2 is live."),
        "{page}"
    );
    assert!(!page.contains("Your changes left out"), "{page}");
    // Against version 2, the draft changes the Lite price and the opening time, and keeps the
    // 10 Pack's £125.
    assert!(page.contains("<ins>price = 52</ins>"), "{page}");
    assert!(
        page.contains("<ins>opens = &quot;06:30&quot;</ins>"),
        "{page}"
    );
    assert!(!page.contains("<del>price = 125</del>"), "{page}");
    assert_eq!(lite_on_site(&site).await, "£49");
    let published = review_action(&mut editor, "publish", "Lite to £52").await;
    assert_eq!(published.status, 303, "{}", published.text());
    assert_eq!(
        published.header("location"),
        Some("/studio/content?published=3")
    );
    wait_for_lite(&site, "£52").await;
    let version = owner.get("/studio/content/versions/2").await.text();
    assert!(version.contains("<del>price = 52</del>"), "{version}");
    assert!(
        version.contains("<del>opens = &quot;06:30&quot;</del>"),
        "{version}"
    );

    // Both change the Lite price from version 3: the owner publishes £60 first, and the
    // editor's £65 clashes on the same line.
    save_draft(
        &mut editor,
        "prices.toml",
        &prices_with_lite_and_ten_pack_at_125("65"),
    )
    .await;
    save_draft(
        &mut owner,
        "prices.toml",
        &prices_with_lite_and_ten_pack_at_125("60"),
    )
    .await;
    let published = review_action(&mut owner, "publish", "Lite to £60").await;
    assert_eq!(published.status, 303, "{}", published.text());
    let review = editor.get("/studio/content/draft").await.text();
    assert!(
        review.contains(
            r#"<li>Prices was changed by <a href="/studio/content/versions/4">version 4</a> and by you.</li>"#
        ),
        "{review}"
    );
    let updated = review_action(&mut editor, "update", "").await;
    assert_eq!(updated.status, 200, "{}", updated.text());
    let page = updated.text();
    assert!(page.contains("Your changes left out"), "{page}");
    assert!(
        page.contains(
            r#"Prices was changed by <a href="/studio/content/versions/4">version 4</a> and by you: open both and redo your change."#
        ),
        "{page}"
    );
    // The editor's own change, to make again; the draft now holds version 4's file.
    assert!(page.contains("<ins>price = 65</ins>"), "{page}");
    assert!(
        page.contains("Nothing yet: it is the same as the live content."),
        "{page}"
    );
    wait_for_lite(&site, "£60").await;

    // Starting again: a fresh draft from the live version, in one step.
    save_draft(&mut owner, "studio.toml", &studio_opening_at("07:00")).await;
    save_draft(&mut editor, "studio.toml", &studio_opening_at("06:45")).await;
    let published = review_action(&mut editor, "publish", "").await;
    assert_eq!(published.status, 303, "{}", published.text());
    let restarted = review_action(&mut owner, "start-again", "").await;
    assert_eq!(restarted.status, 303, "{}", restarted.text());
    assert_eq!(
        restarted.header("location"),
        Some("/studio/content/draft?restarted=1")
    );
    let page = owner.get("/studio/content/draft?restarted=1").await.text();
    assert!(
        page.contains("Your draft starts again from version 5, the live content."),
        "{page}"
    );
    assert!(
        page.contains("Nothing yet: it is the same as the live content."),
        "{page}"
    );
    assert!(!page.contains("The live content changed since"), "{page}");
    assert!(!site.log().contains("panicked"));
}
