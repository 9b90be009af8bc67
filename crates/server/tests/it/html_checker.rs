//! Every page is valid HTML, as the W3C Nu HTML Checker (the npm package `vnu-jar`, run with
//! Java) judges it: the whole site as `onespace render` writes it on the dates that put each
//! dated offer before, during and after its run, with the intro offer's three countdown choices,
//! the yoga retreat with a date to come and past, and the timetable's typical week and none; and,
//! from the running release binary, the timetable and home page with a live copy of the
//! provider's timetable, the not-found page, every form's page refusing a post and thanking for
//! one, the unexpected-error page, and every staff screen at /studio, signed out and signed in.
//!
//! The checker runs once over all of them (a JVM starts slowly), on each distinct page once (a
//! page with the same bytes on several dates is reported under its first name), and the test
//! fails on any error but the checker's own two gaps in [`ALLOWED`], each with its reason.
//! Warnings are reported in the output, not failed on.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::harness::provider::Provider;
use crate::harness::staff::{csrf, Db, Site, PASSWORD};
use crate::harness::{self, binary, content_folder, request, root, said, TempDir};

/// Whether one of the checker's messages is of an allowed kind.
type Allows = fn(&Value) -> bool;

/// What the checker reports that is not the site's fault: (why, whether a message is one of
/// them). Each is the checker lagging behind a standard the browsers follow.
const ALLOWED: [(&str, Allows); 2] = [
    (
        "The checker's CSS parser predates current CSS: it reports `@property` and `@container` \
         as unknown at-rules, `margin-trim`, `vector-effect` and `container-type` as unknown \
         properties, and a custom property in `transition-property` as not a property, though \
         the stylesheet's browsers (Tailwind's baseline) all support them.",
        css_the_checker_does_not_know,
    ),
    (
        "The HTML standard allows `blocking=\"render\"` on `<link rel=expect>` (the page holds \
         its first paint until the footer is parsed); the checker still allows `blocking` on \
         `rel=stylesheet` only.",
        blocking_on_link_rel_expect,
    ),
];

/// The CSS at-rules and properties the checker does not know yet.
const NEWER_AT_RULES: [&str; 2] = ["@property", "@container"];
const NEWER_PROPERTIES: [&str; 3] = ["margin-trim", "vector-effect", "container-type"];

fn css_the_checker_does_not_know(message: &Value) -> bool {
    let text = message["message"].as_str().unwrap_or_default();
    let Some(css) = text.strip_prefix("CSS: ") else {
        return false;
    };
    NEWER_AT_RULES
        .iter()
        .any(|rule| css == format!("Unrecognized at-rule “{rule}”"))
        || NEWER_PROPERTIES
            .iter()
            .any(|name| css == format!("“{name}”: Property “{name}” doesn't exist."))
        || (css.starts_with("“transition-property”: “--")
            && css.ends_with("” is not a “transition-property” value."))
}

fn blocking_on_link_rel_expect(message: &Value) -> bool {
    message["message"].as_str()
        == Some(
            "A “link” element with a “blocking” attribute must have a “rel” attribute whose \
             value is “stylesheet”.",
        )
        && message["extract"]
            .as_str()
            .is_some_and(|extract| extract.contains(r#"<link rel="expect" "#))
}

/// The pages to check, as files in one folder.
struct Pages {
    dir: TempDir,
    count: usize,
}

impl Pages {
    fn new() -> Self {
        Self {
            dir: TempDir::new("html-checker"),
            count: 0,
        }
    }

    /// Keeps `html` as `name`.html (a name says where the page came from).
    fn keep(&mut self, name: &str, html: &str) {
        let file: String = name
            .trim_matches('/')
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let path = self.dir.path().join("served").join(format!("{file}.html"));
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        assert!(!path.exists(), "two pages named {file}");
        std::fs::write(path, html).unwrap();
        self.count += 1;
    }

    /// Keeps the body of `response` to a request for `what`, which must have `status`.
    fn keep_response(&mut self, name: &str, response: &harness::Response, status: u16) {
        assert_eq!(response.status, status, "{name}: {}", response.text());
        let kind = response.header("content-type").unwrap_or_default();
        assert!(kind.starts_with("text/html"), "{name} is {kind}");
        self.keep(name, &response.text());
    }

    /// Every `.html` file under the folder whose bytes no earlier file (in path order) has: the
    /// checker's verdict is a function of a file's bytes, and most pages read the same on
    /// several of the rendered dates. With the number of files in all.
    fn distinct_files(&self) -> (Vec<PathBuf>, usize) {
        let files = self.files();
        let count = files.len();
        let mut seen = std::collections::HashSet::new();
        let distinct = files
            .into_iter()
            .filter(|path| seen.insert(std::fs::read(path).unwrap()))
            .collect();
        (distinct, count)
    }

    /// Every `.html` file under the folder.
    fn files(&self) -> Vec<PathBuf> {
        fn walk(dir: &Path, into: &mut Vec<PathBuf>) {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    walk(&path, into);
                } else if path.extension().is_some_and(|ext| ext == "html") {
                    into.push(path);
                }
            }
        }
        let mut files = Vec::new();
        walk(self.dir.path(), &mut files);
        files.sort();
        files
    }
}

/// The site's content with each of `edits` (file, text to find, its replacement) made.
fn content_with(label: &str, edits: &[(&str, &str, &str)]) -> TempDir {
    let dir = content_folder(label);
    for (file, from, to) in edits {
        let path = dir.path().join("content").join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(from), "{file} has no {from:?}");
        std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    }
    dir
}

/// `schedule.toml` without its typical week: every `[[typical_week]]` is at its end.
fn without_typical_week(dir: &TempDir) {
    let path = dir.path().join("content/schedule.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let first = text.find("\n[[typical_week]]").expect("a typical week");
    std::fs::write(&path, &text[..=first]).unwrap();
}

const EVERY_VISIT: &str = "intro_countdown = \"every-visit\"";
const RETREAT: &str = "[retreat]\n";
const RETREAT_DATED: &str = "[retreat]\ndate = \"2026-06-13\"\n";

/// Renders the site into `pages` as `onespace render` writes it, once per state: the built-in
/// content today and on the days around each dated offer (content/offers.toml), and content
/// changed for the states no day reaches. Two renders at a time.
fn render_every_state(into: &Path) {
    let none = content_with(
        "html-checker-none",
        &[
            ("prices.toml", EVERY_VISIT, "intro_countdown = \"none\""),
            ("offers.toml", RETREAT, RETREAT_DATED),
        ],
    );
    without_typical_week(&none);
    let once = content_with(
        "html-checker-once",
        &[
            (
                "prices.toml",
                EVERY_VISIT,
                "intro_countdown = \"once-per-visitor\"\nintro_regular_days = 30",
            ),
            ("offers.toml", RETREAT, RETREAT_DATED),
        ],
    );
    let content = |dir: &TempDir| Some(dir.path().join("content"));
    let states: Vec<(String, Option<&str>, Option<PathBuf>)> = vec![
        ("today".into(), None, None),
        // Before the September sale; during it.
        ("2024-08-15".into(), Some("2024-08-15"), None),
        ("2024-09-15".into(), Some("2024-09-15"), None),
        // Back to School and the challenge's sign-up running.
        ("2025-08-15".into(), Some("2025-08-15"), None),
        // Both ended, the challenge under way, the year-end code not yet shown.
        ("2025-10-15".into(), Some("2025-10-15"), None),
        // The year-end code.
        ("2025-11-15".into(), Some("2025-11-15"), None),
        // No countdown, a retreat to come, no typical week.
        ("none-2026-06-01".into(), Some("2026-06-01"), content(&none)),
        // One countdown per visitor, the retreat past.
        ("once-2026-07-01".into(), Some("2026-07-01"), content(&once)),
    ];
    for pair in states.chunks(2) {
        let children: Vec<_> = pair
            .iter()
            .map(|(name, date, content)| {
                let out = into.join("rendered").join(name);
                let data = into.join("render-data").join(name);
                std::fs::create_dir_all(&out).unwrap();
                std::fs::create_dir_all(&data).unwrap();
                let mut command = Command::new(binary());
                command
                    .args(["render", "--out"])
                    .arg(&out)
                    .arg("--data")
                    .arg(&data)
                    .env_remove("ONESPACE_PREVIEW_DATE")
                    .env_remove("ONESPACE_CONTENT_DIR")
                    .env("RUST_LOG", "warn");
                if let Some(date) = date {
                    command.args(["--preview-date", date]);
                }
                if let Some(content) = content {
                    command.arg("--content").arg(content);
                }
                (name, command.output())
            })
            .collect();
        for (name, output) in children {
            let output = output.unwrap();
            assert!(output.status.success(), "render {name}: {}", said(&output));
        }
    }
}

/// Waits until `path` on `addr` answers with `text` in it (a minute at most).
async fn until_shown(addr: &str, path: &str, text: &str) -> harness::Response {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let page = request(addr, "GET", path, &[], b"").await.unwrap();
        if page.status == 200 && page.text().contains(text) {
            return page;
        }
        assert!(Instant::now() < deadline, "{path} never showed {text:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// What only the running server answers: the live timetable, the not-found page, the forms'
/// answers without JavaScript, and the staff area.
async fn fetch_from_the_server(pages: &mut Pages) {
    let provider = Provider::start("ok");
    let provider_env = provider.env();
    let mut env: Vec<(&str, &str)> = provider_env
        .iter()
        .map(|(name, value)| (*name, value.as_str()))
        .collect();
    env.push(("ONESPACE_SCHEDULE_REFRESH_SECONDS", "1"));
    env.push(("ONESPACE_RATE_LIMIT_PER_MINUTE", "0"));
    let site = Site::start_with(Db::Sqlite, "html-checker", &env).await;
    let addr = site.server.addr.clone();

    // A live copy of the timetable: only it has an 'Updated' line.
    let live = until_shown(&addr, "/timetable", "class=\"class-updated\"").await;
    pages.keep_response("live/timetable", &live, 200);
    let home = request(&addr, "GET", "/", &[], b"").await.unwrap();
    pages.keep_response("live/home", &home, 200);

    let missing = request(&addr, "GET", "/no-such-page", &[], b"")
        .await
        .unwrap();
    pages.keep_response("live/not-found", &missing, 404);

    // Each form's page: refusing an empty post (a message at each field), refusing a post of
    // the wrong type (one message at the form), and thanking for a post.
    for route in onespace_site::routes::ROUTES
        .iter()
        .filter(|route| route.form.is_some())
    {
        let form = [("Content-Type", "application/x-www-form-urlencoded")];
        let empty = request(&addr, "POST", route.path, &form, b"website=")
            .await
            .unwrap();
        pages.keep_response(&format!("form{}-invalid", route.path), &empty, 422);
        let text = [("Content-Type", "text/plain")];
        let wrong = request(&addr, "POST", route.path, &text, b"hello")
            .await
            .unwrap();
        pages.keep_response(&format!("form{}-refused", route.path), &wrong, 415);
        let sent = request(&addr, "GET", &format!("{}?sent=1", route.path), &[], b"")
            .await
            .unwrap();
        pages.keep_response(&format!("form{}-sent", route.path), &sent, 200);
    }

    staff_screens(&site, pages).await;
}

/// Every screen of the staff area, from signing up to the audit log, with something on each.
async fn staff_screens(site: &Site, pages: &mut Pages) {
    // The area exists once it has an account.
    let link = site.add_user("owner@example.com", "owner");
    let mut visitor = site.browser();
    let page = visitor.get("/studio/sign-in").await;
    pages.keep_response("studio/sign-in", &page, 200);
    let wrong = visitor.sign_in("nobody@example.com", PASSWORD).await;
    pages.keep_response("studio/sign-in-refused", &wrong, 403);
    let missing = visitor.get("/studio/no-such-screen").await;
    pages.keep("studio/not-found", &missing.text());

    // Setting up the account: the form, the form refusing, the recovery codes.
    let mut owner = site.browser();
    let set_up = owner.get(&link).await;
    pages.keep_response("studio/set-up", &set_up, 200);
    let token = csrf(&set_up.text());
    let refused = owner
        .post(
            &link,
            &[
                ("csrf", &token),
                ("password", "short"),
                ("confirm", "other"),
                ("code", "000000"),
            ],
        )
        .await;
    pages.keep_response("studio/set-up-refused", &refused, 422);
    let secret = harness::staff::secret_of(&set_up.text());
    let done = owner
        .post(
            &link,
            &[
                ("csrf", &token),
                ("password", PASSWORD),
                ("confirm", PASSWORD),
                ("code", &site.code(&secret, 0)),
            ],
        )
        .await;
    pages.keep_response("studio/set-up-done", &done, 200);
    site.advance(30);

    // Signing in: the code's two forms and a wrong code.
    let mut signing = site.browser();
    let step = signing.sign_in("owner@example.com", PASSWORD).await;
    assert_eq!(step.status, 303, "{}", step.text());
    let code_form = signing.get("/studio/sign-in/code").await;
    pages.keep_response("studio/sign-in-code", &code_form, 200);
    let recovery = signing.get("/studio/sign-in/code?recovery=1").await;
    pages.keep_response("studio/sign-in-recovery", &recovery, 200);
    let wrong_code = signing
        .post(
            "/studio/sign-in/code",
            &[("csrf", &csrf(&code_form.text())), ("code", "123456")],
        )
        .await;
    pages.keep_response("studio/sign-in-code-refused", &wrong_code, 403);

    // Enquiries of each form, then the inbox.
    for body in [
        harness::contact_json("html-checker"),
        r#"{"formType":"investment","name":"Cara Invest","email":"cara@example.com","phone":"","investmentAmount":"5k","why":"Growth"}"#.to_owned(),
        r#"{"formType":"membership","fullName":"Eve Founder","email":"eve@example.com","phone":"07700 900123","selectedMembership":"founder-unlimited","payAnnually":"no","additionalNotes":""}"#.to_owned(),
    ] {
        let answer = site.server.post_json(&body).await;
        assert_eq!(answer.status, 201, "{}", answer.text());
    }
    let mut owner = site.signed_in("owner@example.com", &secret).await;
    let inbox = owner.get("/studio/enquiries").await;
    pages.keep_response("studio/enquiries", &inbox, 200);
    let ids: Vec<String> = inbox
        .text()
        .split("href=\"/studio/enquiries/")
        .skip(1)
        .map(|rest| rest.split(['"', '?', '/']).next().unwrap().to_owned())
        .filter(|id| !id.is_empty() && !id.starts_with("export"))
        .collect();
    assert!(!ids.is_empty(), "no enquiry links: {}", inbox.text());
    for (n, id) in ids.iter().enumerate().take(3) {
        let detail = owner.get(&format!("/studio/enquiries/{id}")).await;
        pages.keep_response(&format!("studio/enquiry-{n}"), &detail, 200);
    }
    let erase = owner
        .get(&format!("/studio/enquiries/{}/erase", ids[0]))
        .await;
    pages.keep_response("studio/enquiry-erase", &erase, 200);

    for path in [
        "/studio/account",
        "/studio/account/password",
        "/studio/staff",
        "/studio/content",
        "/studio/content/photos",
        "/studio/content/versions/1",
        "/studio/audit",
    ] {
        let page = owner.get(path).await;
        pages.keep_response(path, &page, 200);
    }
    let token = owner.csrf_of("/studio/account/password").await;
    let password_refused = owner
        .post(
            "/studio/account/password",
            &[
                ("csrf", &token),
                ("current", "wrong"),
                ("password", "short"),
                ("confirm", "other"),
            ],
        )
        .await;
    pages.keep("studio/account/password-refused", &password_refused.text());

    // Each content file's editor; a draft with a mistake, its review and its preview.
    let mut files: Vec<String> = std::fs::read_dir(root().join("content"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".toml"))
        .collect();
    files.sort();
    for file in &files {
        let page = owner.get(&format!("/studio/content/edit/{file}")).await;
        pages.keep_response(&format!("studio/content/edit/{file}"), &page, 200);
    }
    let token = owner.csrf_of("/studio/content/edit/prices.toml").await;
    let saved = owner
        .post(
            "/studio/content/edit/prices.toml",
            &[
                ("csrf", &token),
                ("text", &harness::prices_with_lite("\"£5x\"")),
            ],
        )
        .await;
    assert_eq!(saved.status, 303, "{}", saved.text());
    let mistaken = owner.get("/studio/content/edit/prices.toml?saved=1").await;
    pages.keep_response("studio/content/edit/prices-mistake", &mistaken, 200);
    let review = owner.get("/studio/content/draft").await;
    pages.keep_response("studio/content/draft-mistake", &review, 200);
    let saved = owner
        .post(
            "/studio/content/edit/prices.toml",
            &[("csrf", &token), ("text", &harness::prices_with_lite("45"))],
        )
        .await;
    assert_eq!(saved.status, 303, "{}", saved.text());
    for path in [
        "/studio/content/draft",
        "/studio/content/preview",
        "/studio/content/preview/intro-offer",
        "/studio/content/preview/memberships",
    ] {
        let page = owner.get(path).await;
        pages.keep_response(path, &page, 200);
    }

    // The draft scheduled for tomorrow: the list and its page.
    let tomorrow = chrono::Utc::now() + chrono::Duration::days(1);
    let scheduled = owner
        .post(
            "/studio/content/draft/schedule",
            &[
                ("csrf", &token),
                ("date", &tomorrow.format("%Y-%m-%d").to_string()),
                ("time", "12:00"),
                ("note", "Lite at £45"),
            ],
        )
        .await;
    assert_eq!(scheduled.status, 303, "{}", scheduled.text());
    let location = scheduled.header("location").unwrap().to_owned();
    let list = owner.get(&location).await;
    pages.keep_response("studio/content/scheduled", &list, 200);
    let id = location.rsplit('=').next().unwrap();
    let one = owner.get(&format!("/studio/content/scheduled/{id}")).await;
    pages.keep_response("studio/content/scheduled-one", &one, 200);
}

/// One error or warning of the checker, for the failure's message.
fn describe(message: &Value, base: &Path) -> String {
    let url = message["url"].as_str().unwrap_or_default();
    let file = url
        .strip_prefix("file:")
        .map(Path::new)
        .and_then(|path| path.strip_prefix(base).ok())
        .map_or(url.to_owned(), |path| path.display().to_string());
    format!(
        "{file}:{}.{}: {}: {}\n    {}",
        message["lastLine"],
        message["firstColumn"],
        message["subType"]
            .as_str()
            .unwrap_or(message["type"].as_str().unwrap_or_default()),
        message["message"].as_str().unwrap_or_default(),
        message["extract"]
            .as_str()
            .unwrap_or_default()
            .replace('\n', " "),
    )
}

/// How long the checker may take over every page.
const CHECKER_LIMIT: Duration = Duration::from_secs(600);

/// The checker: Java and the jar that `npm ci` (scripts/ensure-tools.sh) installs.
fn checker() -> (PathBuf, PathBuf) {
    let jar = root().join("node_modules/vnu-jar/build/dist/vnu.jar");
    assert!(
        jar.exists(),
        "{} is missing: run `bash scripts/ensure-tools.sh` (npm ci installs the W3C checker, \
         the tests workspace's vnu-jar)",
        jar.display()
    );
    let java = PathBuf::from("java");
    let found = Command::new(&java).arg("-version").output();
    assert!(
        found.as_ref().is_ok_and(|output| output.status.success()),
        "the W3C checker needs Java 11 or later, and `java -version` failed ({found:?}): run \
         `bash scripts/ensure-tools.sh --test-services` (it installs Debian's \
         default-jre-headless)"
    );
    (java, jar)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_in_every_state_is_valid_html() {
    let (java, jar) = checker();
    let started = Instant::now();
    let mut pages = Pages::new();
    let into = pages.dir.path().to_owned();
    let rendering = tokio::task::spawn_blocking(move || render_every_state(&into));
    fetch_from_the_server(&mut pages).await;
    rendering.await.unwrap();
    eprintln!("pages rendered and fetched in {:?}", started.elapsed());
    // The unexpected-error page, which nothing can make the binary serve on purpose.
    let live = harness::built_site::site();
    let error = live.current().server_error.identity().clone();
    pages.keep("server-error", std::str::from_utf8(&error).unwrap());

    let (files, count) = pages.distinct_files();
    let rendered = count - pages.count;
    assert!(
        rendered > 8 * 25,
        "only {rendered} rendered pages in {}",
        pages.dir.path().display()
    );
    let checked = files.len();
    eprintln!("{count} pages, {checked} of them with bytes of their own");
    let report_file = pages.dir.path().join("checker-report.json");
    let report_path = report_file.clone();
    let status = tokio::task::spawn_blocking(move || {
        let mut child = Command::new(java)
            .arg("-Xss4m")
            .arg("-jar")
            .arg(jar)
            .args(["--format", "json", "--exit-zero-always"])
            .args(&files)
            .stdout(std::process::Stdio::null())
            .stderr(std::fs::File::create(&report_path).unwrap())
            .spawn()
            .unwrap();
        // About half a minute on a quiet two-core machine; much more means it hangs.
        let deadline = Instant::now() + CHECKER_LIMIT;
        loop {
            if let Some(status) = child.try_wait().unwrap() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    })
    .await
    .unwrap();
    let said = std::fs::read_to_string(&report_file).unwrap_or_default();
    let status = status.unwrap_or_else(|| {
        panic!("the checker did not finish within {CHECKER_LIMIT:?} and was stopped: {said}")
    });
    assert!(status.success(), "the checker: {status}: {said}");
    eprintln!("{checked} pages checked, {:?} in all", started.elapsed());
    let report: Value = serde_json::from_str(&said)
        .unwrap_or_else(|error| panic!("the checker's report ({error}): {said}"));
    let messages = report["messages"].as_array().expect("a list of messages");
    let base = pages.dir.path();
    let mut allowed = vec![0_usize; ALLOWED.len()];
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    for message in messages {
        if message["type"] == "info" {
            if message["subType"] == "warning" {
                warnings.push(describe(message, base));
            }
            continue;
        }
        match ALLOWED.iter().position(|(_, allows)| allows(message)) {
            Some(index) => allowed[index] += 1,
            None => errors.push(describe(message, base)),
        }
    }
    for ((why, _), count) in ALLOWED.iter().zip(&allowed) {
        eprintln!("allowed {count} times: {why}");
    }
    for warning in &warnings {
        eprintln!("warning: {warning}");
    }
    assert!(
        errors.is_empty(),
        "{} errors in {} pages:\n{}",
        errors.len(),
        checked,
        errors.join("\n")
    );
}
