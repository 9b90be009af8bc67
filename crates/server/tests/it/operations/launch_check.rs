//! `onespace launch-check` and the same list on the staff area's first page: against the
//! built-in content every blocker is listed with where to fix it (exit status 1), and against a
//! launch-ready data folder (the studio's own TeamUp account answering, photographs in every
//! place, current investor figures, an owner, SMTP, https behind a trusted proxy) it exits 0.

use std::path::Path;
use std::time::Duration;

use chrono::{Datelike, Utc};
use onespace_core::content::Place;

use super::onespace;
use crate::harness::provider::{Provider, API_KEY};
use crate::harness::staff::{Db, Site};
use crate::harness::{content_folder, free_port, said, small_jpeg, wait_for_async};

/// Each blocker of the built-in content and a fresh data folder, by a phrase of its line and of
/// its fix.
const DEFAULT_BLOCKERS: [(&str, &str); 10] = [
    ("provider id is 5123456", "schedule.toml: provider_id"),
    (
        "purchase link(s) are on the example account",
        "prices.toml: monthly[0].purchase_url",
    ),
    ("No TeamUp API key", "ONESPACE_TEAMUP_API_KEY"),
    ("33 of 33 places still show drawn art", "photos.toml"),
    ("No owner account", "onespace studio add-user"),
    ("Enquiry mail is written to files", "ONESPACE_SMTP_URL"),
    ("trust-proxy is off", "ONESPACE_TRUST_PROXY=true"),
    (
        "investor figures are as of June 2025, more than 6 months ago",
        "investors.toml: as_of",
    ),
    (
        "without the prescribed risk warning",
        "investors.toml: risk_warning, approved_by",
    ),
    ("forecast ended in June 2026", "investors.toml: [forecast]"),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_default_content_is_not_ready_and_says_where_to_fix_each_blocker() {
    let dir = crate::harness::TempDir::new("launch-default");
    let output = onespace(&["launch-check"], dir.path(), &[]);
    let out = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(1), "{}", said(&output));
    for (what, fix) in DEFAULT_BLOCKERS {
        let line = out
            .lines()
            .position(|line| line.starts_with("blocker") && line.contains(what))
            .unwrap_or_else(|| panic!("no blocker '{what}': {out}"));
        let next = out.lines().nth(line + 1).unwrap_or_default();
        assert!(
            next.contains("fix: ") && next.contains(fix),
            "{what}: {next}"
        );
    }
    for warning in [
        "warning  Offers whose dates have all passed",
        "warning  The 6-week challenge has no price",
        "warning  29 of 29 member quotes do not say where and when they were said",
    ] {
        assert!(out.contains(warning), "{out}");
    }
    assert!(
        out.ends_with("launch check: 10 blocker(s), 4 warning(s): not ready to launch\n"),
        "{out}"
    );
    // The figures' age is the content's, the one the pages warn at: five years lets June
    // 2025's figures pass; a challenge price ends its warning.
    let lenient = content_folder("launch-lenient");
    let folder = lenient.path().join("content");
    for (file, from, to) in [
        (
            "investors.toml",
            "figures_age_months = 6",
            "figures_age_months = 60",
        ),
        ("offers.toml", "[challenge]", "[challenge]\nprice = 99"),
    ] {
        let text = std::fs::read_to_string(folder.join(file)).unwrap();
        assert!(text.contains(from), "{file}: {from}");
        std::fs::write(folder.join(file), text.replacen(from, to, 1)).unwrap();
    }
    let folder = folder.display().to_string();
    let output = onespace(
        &["launch-check"],
        dir.path(),
        &[("ONESPACE_CONTENT_DIR", folder.as_str())],
    );
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(!out.contains("investor figures are as of"), "{out}");
    assert!(!out.contains("challenge has no price"), "{out}");

    // The staff area's first page shows an owner the same list, each item linking to its
    // screen; an editor sees none of it.
    let site = Site::start(Db::Sqlite, "launch_default").await;
    let (owner_secret, _) = site.account("owner@onespace.test", "owner").await;
    let (editor_secret, _) = site.account("editor@onespace.test", "editor").await;
    let mut owner = site.signed_in("owner@onespace.test", &owner_secret).await;
    let page = owner.get("/studio/enquiries").await.text();
    assert!(page.contains("Launch check"), "{page}");
    assert!(
        page.contains("9 blocker(s) stand between the site and launch day"),
        "{page}"
    );
    for screen in [
        "/studio/content/edit/schedule.toml",
        "/studio/content/edit/prices.toml",
        "/studio/content/photos",
        "/studio/content/edit/investors.toml",
        "/studio/content/edit/offers.toml",
    ] {
        assert!(
            page.contains(&format!("href=\"{screen}\"")),
            "{screen}: {page}"
        );
    }
    // The owner who reads it is set up: that blocker is gone.
    assert!(!page.contains("No owner account"), "{page}");
    let mut editor = site.signed_in("editor@onespace.test", &editor_secret).await;
    let page = editor.get("/studio/enquiries").await.text();
    assert!(!page.contains("Launch check"), "{page}");
}

/// The studio's own account (7654321), a photograph in every place and investor figures of last
/// month with their risk warning and approver, written over the built-in content in `content`.
fn make_ready(content: &Path) {
    for file in ["schedule.toml", "prices.toml"] {
        let path = content.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text.replace("5123456", "7654321")).unwrap();
    }
    std::fs::create_dir_all(content.join("images")).unwrap();
    std::fs::write(content.join("images/studio.jpg"), small_jpeg()).unwrap();
    let mut photos = std::fs::read_to_string(content.join("photos.toml")).unwrap();
    for place in Place::ALL {
        photos.push_str(&format!(
            "\n[[photo]]\nplace = \"{}\"\nfile = \"studio.jpg\"\nalt = \"Members stretching in the \
             heated studio\"\n",
            place.key()
        ));
    }
    std::fs::write(content.join("photos.toml"), photos).unwrap();
    let today = Utc::now().date_naive();
    let (year, month) = if today.month() == 1 {
        (today.year() - 1, 12)
    } else {
        (today.year(), today.month() - 1)
    };
    let investors = std::fs::read_to_string(content.join("investors.toml")).unwrap();
    assert!(
        investors.contains("as_of = \"2025-06\"")
            && investors.contains("starts = \"2025-07\"")
            && investors.contains("approved_by = \"\"")
    );
    let investors = investors
        .replace(
            "risk_warning = \"\"",
            "risk_warning = \"Don't invest unless you're prepared to lose all the money you invest.\"",
        )
        .replace("approved_by = \"\"", "approved_by = \"Example Capital Ltd (FRN 123456)\"")
        .replace(
            "as_of = \"2025-06\"",
            &format!("as_of = \"{year}-{month:02}\""),
        )
        .replace(
            "starts = \"2025-07\"",
            &format!("starts = \"{}-{:02}\"", today.year(), today.month()),
        );
    std::fs::write(content.join("investors.toml"), investors).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_launch_ready_data_folder_passes() {
    let folder = content_folder("launch-ready");
    let content = folder.path().join("content");
    make_ready(&content);
    let provider = Provider::start_for("ok", "7654321");
    let smtp = format!("smtp://127.0.0.1:{}", free_port());
    let content_text = content.display().to_string();
    let (api_url, script_url) = (provider.api_url(), provider.script_url());
    let env = [
        ("ONESPACE_CONTENT_DIR", content_text.as_str()),
        ("ONESPACE_SMTP_URL", smtp.as_str()),
        ("ONESPACE_TRUST_PROXY", "true"),
        ("ONESPACE_TEAMUP_API_KEY", API_KEY),
        ("ONESPACE_SCHEDULE_API_URL", api_url.as_str()),
        ("ONESPACE_SCHEDULE_SCRIPT_URL", script_url.as_str()),
    ];
    let site = Site::start_with(Db::Sqlite, "launch_ready", &env).await;
    // Not set up yet: the owner is the one blocker left.
    let output = onespace(&["launch-check"], site.dir.path(), &env);
    let out = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(1), "{}", said(&output));
    assert_eq!(out.matches("blocker ").count(), 1, "{out}");
    assert!(out.contains("No owner account"), "{out}");

    let (secret, _) = site.account("owner@onespace.test", "owner").await;
    let output = onespace(&["launch-check"], site.dir.path(), &env);
    let out = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(0), "{}", said(&output));
    assert!(!out.contains("blocker "), "{out}");
    assert!(out.contains("launch check: no blockers"), "{out}");

    // The staff area agrees once the server has read the timetable with the key.
    let mut owner = site.signed_in("owner@onespace.test", &secret).await;
    let owner = tokio::sync::Mutex::new(&mut owner);
    wait_for_async(
        Duration::from_secs(30),
        "no blockers on the page",
        || async {
            let page = owner.lock().await.get("/studio/enquiries").await.text();
            page.contains("Nothing blocks the launch")
        },
    )
    .await;
}
