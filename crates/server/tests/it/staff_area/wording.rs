//! The staff area speaks the owner's words: every screen an owner or an editor opens, with the
//! content as released and with a draft holding mistakes of each kind (a rule broken, a value
//! of the wrong kind, text that does not read), is read as a person reads it (what the page
//! shows and what a screen reader says) and must name no content file, no `.toml`, no TOML table
//! header, no field path with brackets, no setting and no "SPEC". Only what sits behind an
//! "Advanced" or "Show technical details" control (`details.studio-advanced`) may.

use onespace_core::content::File;

use super::save_draft;
use crate::harness::prices_with_lite;
use crate::harness::staff::{self, Db, Site};

/// The advanced control's opening tag, as the staff area writes it.
const ADVANCED: &str = "<details class=\"studio-advanced\">";

/// What `html` shows a person: its text and its `aria-label`s and `alt`s, without scripts,
/// styles and what is behind the advanced control.
fn visible(html: &str) -> String {
    let mut rest = html;
    let mut kept = String::new();
    let skipped = [
        ("<script", "</script>"),
        ("<style", "</style>"),
        (ADVANCED, "</details>"),
    ];
    while let Some((start, (_, close))) = skipped
        .iter()
        .filter_map(|pair| rest.find(pair.0).map(|at| (at, *pair)))
        .min_by_key(|(at, _)| *at)
    {
        kept.push_str(&rest[..start]);
        let after = &rest[start..];
        let end = after.find(close).expect("a closed element") + close.len();
        rest = &after[end..];
    }
    kept.push_str(rest);
    let mut text = String::new();
    let mut in_tag = false;
    let mut tag = String::new();
    for c in kept.chars() {
        match (in_tag, c) {
            (false, '<') => {
                in_tag = true;
                tag.clear();
            }
            (true, '>') => {
                in_tag = false;
                for attribute in ["aria-label=\"", "alt=\""] {
                    if let Some(at) = tag.find(attribute) {
                        let value = &tag[at + attribute.len()..];
                        text.push(' ');
                        text.push_str(value.split('"').next().unwrap_or_default());
                    }
                }
                text.push(' ');
            }
            (true, c) => tag.push(c),
            (false, c) => text.push(c),
        }
    }
    text.replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// The code words `text` holds, each with a little around it.
fn code_words(text: &str) -> Vec<String> {
    let around = |at: usize| {
        let before: String = text[..at]
            .chars()
            .rev()
            .take(60)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let after: String = text[at..].chars().take(60).collect();
        format!("{before}{after}")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut found = Vec::new();
    // The content files' names end in `.toml`; the server's settings start `ONESPACE_`.
    for word in [".toml", "SPEC", "[[", "]]", "ONESPACE_", "docs/"] {
        if let Some(at) = text.find(word) {
            found.push(format!("{word:?} in “{}”", around(at)));
        }
    }
    // A field path with brackets: `monthly[0]`.
    let bytes = text.as_bytes();
    for (at, _) in text.match_indices('[') {
        let named = at > 0 && (bytes[at - 1].is_ascii_lowercase() || bytes[at - 1] == b'_');
        let digits = text[at + 1..]
            .find(|c: char| !c.is_ascii_digit())
            .filter(|&count| count > 0 && text[at + 1 + count..].starts_with(']'));
        if named && digits.is_some() {
            found.push(format!("a field path in “{}”", around(at)));
        }
    }
    found
}

/// Opens each of `paths` as `browser` and lists what any of them says in code words.
async fn read_screens(browser: &mut staff::Browser, who: &str, paths: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    for path in paths {
        let page = browser.get(path).await;
        assert!(
            page.status < 500,
            "{who} {path}: {} {}",
            page.status,
            page.text()
        );
        found.extend(
            code_words(&visible(&page.text()))
                .into_iter()
                .map(|said| format!("{who} {path} ({}): {said}", page.status)),
        );
    }
    found
}

/// Every staff screen of the content as it is: the history, each area's editor, photos,
/// schedules, an earlier version, the review and the preview.
fn content_screens() -> Vec<String> {
    let mut paths: Vec<String> = [
        "/studio/content",
        "/studio/content/draft",
        "/studio/content/preview",
        "/studio/content/photos",
        "/studio/content/scheduled",
        "/studio/content/versions/1",
        "/studio/content/edit/no-such-area",
    ]
    .map(str::to_owned)
    .to_vec();
    paths.extend(File::ALL.map(|file| format!("/studio/content/edit/{}", file.name())));
    paths
}

/// The screens outside the content: the inbox (with the owner's launch check), staff, audit
/// and account.
fn other_screens() -> Vec<String> {
    [
        "/studio",
        "/studio/enquiries",
        "/studio/enquiries?state=closed",
        "/studio/staff",
        "/studio/audit",
        "/studio/account",
        "/studio/account/password",
    ]
    .map(str::to_owned)
    .to_vec()
}

#[test]
fn the_reading_finds_code_words_but_not_behind_the_advanced_control() {
    let html = format!(
        "<p title=\"x\">Lite: prices.toml line 41: monthly[0].price &amp; SPEC</p>\
         <a aria-label=\"Lines of team.toml\">x</a><script>a[[0]]</script>\
         {ADVANCED}<summary>Advanced</summary>[[monthly]] ONESPACE_X</details><p>ok</p>"
    );
    let text = visible(&html);
    assert!(text.contains("Lite: prices.toml") && text.contains("& SPEC") && text.contains("ok"));
    assert!(
        !text.contains("[[") && !text.contains("ONESPACE_"),
        "{text}"
    );
    let found = code_words(&text);
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(found[0].starts_with("\".toml\"") && found[1].starts_with("\"SPEC\""));
    assert!(found[2].starts_with("a field path"), "{found:?}");
    assert!(code_words(&visible("<p>Lite's price: £49 → £55 [note]</p>")).is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_staff_screen_names_a_file_a_table_a_field_path_or_the_spec() {
    let site = Site::start(Db::Sqlite, "wording").await;
    let (owner_secret, _) = site.account("owner@example.com", "owner").await;
    let (editor_secret, _) = site.account("editor@example.com", "editor").await;
    let mut owner = site.signed_in("owner@example.com", &owner_secret).await;
    let mut editor = site.signed_in("editor@example.com", &editor_secret).await;
    let mut found = Vec::new();

    // A published change, so an earlier version's page has something to show.
    save_draft(&mut owner, "prices.toml", &prices_with_lite("55")).await;
    let token = owner.csrf_of("/studio/content/draft").await;
    let published = owner
        .post(
            "/studio/content/draft/publish",
            &[("csrf", &token), ("note", "")],
        )
        .await;
    assert_eq!(published.status, 303, "{}", published.text());

    let all: Vec<String> = other_screens()
        .into_iter()
        .chain(content_screens())
        .collect();
    found.extend(read_screens(&mut owner, "owner", &all).await);
    found.extend(read_screens(&mut editor, "editor", &all).await);

    // A draft changing a price (the review lists it), then one with each kind of mistake.
    let prices = prices_with_lite("55");
    let url = "purchase_url = \"https://goteamup.com/p/5123456-one-space/memberships/lite\"";
    assert!(prices.contains(url), "the Lite plan's link");
    let drafts = [
        ("a change", prices_with_lite("62.50")),
        (
            "a rule broken",
            prices.replacen(url, "purchase_url = \"http://lite\"", 1),
        ),
        ("a value of the wrong kind", prices_with_lite("\"5x\"")),
        ("text that does not read", format!("[[monthly]\n{prices}")),
    ];
    for (kind, text) in drafts {
        for (who, browser) in [("owner", &mut owner), ("editor", &mut editor)] {
            save_draft(browser, "prices.toml", &text).await;
            let who = format!("{who} with {kind}");
            found.extend(read_screens(browser, &who, &content_screens()).await);
        }
    }
    // The mistake of the wrong kind is said as the owner would say it, linking to its field.
    let review = owner.get("/studio/content/draft").await.text();
    assert!(
        review.contains("The text of Prices does not read"),
        "{review}"
    );
    save_draft(&mut owner, "prices.toml", &prices_with_lite("\"5x\"")).await;
    let review = owner.get("/studio/content/draft").await.text();
    let lite = r##"<a href="/studio/content/edit/prices.toml#field-monthly-0-price">Lite's price must be in pounds, like 49 or 62.50</a>"##;
    assert!(review.contains(lite), "{review}");

    assert!(found.is_empty(), "{}", found.join("\n"));
}
