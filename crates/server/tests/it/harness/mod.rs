//! Real parts for the tests: the `onespace` binary, a PostgreSQL server (`postgres`), an SMTP
//! sink (tests/support/smtp_sink.py), the booking provider's stand-in (`provider`), temporary
//! folders and a small HTTP/1.1 client (`http`); the site built in-process (`built_site`) and the
//! staff area's sign-in and browser (`staff`). Every process listens on 127.0.0.1 only and stops
//! by itself when the test process goes (each watches its standard input), and is killed when
//! its handle is dropped.

pub mod built_site;
pub mod http;
pub mod passkey;
pub mod postgres;
pub mod provider;
pub mod staff;

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

pub use http::{request, Response};

/// The repository root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `html` without the spans that keep words whole (`onespace_site::render::hyphens`), for tests
/// that look for text as the templates wrote it ("Start My 14-Day Trial"). Such a span holds
/// text only, so its end is the next `</span>`.
pub fn as_written(html: &str) -> String {
    let open = format!(
        "<span class=\"{}\">",
        onespace_site::render::hyphens::KEEP_WHOLE
    );
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find(&open) {
        out.push_str(&rest[..at]);
        rest = &rest[at + open.len()..];
        let end = rest.find("</span>").unwrap_or(rest.len());
        out.push_str(&rest[..end]);
        rest = rest.get(end + "</span>".len()..).unwrap_or_default();
    }
    out.push_str(rest);
    out
}

/// The Lite plan's price on a /memberships page, as its card shows it (`£49`): the content
/// tests change it and look for it.
pub fn lite_card_price(page: &str) -> String {
    let card = page
        .split(r#"<h3 class="price-card-name">Lite</h3>"#)
        .nth(1)
        .unwrap_or_default();
    let start = card.find('£').unwrap_or(card.len());
    card[start..]
        .chars()
        .take_while(|c| *c == '£' || c.is_ascii_digit() || *c == '.')
        .collect()
}

/// The Lite plan's lines in the built-in `prices.toml`, which the content tests change.
pub const LITE_LINE: &str = "name = \"Lite\"\nprice = 49";

/// `prices` (a `prices.toml` holding [`LITE_LINE`]) with the Lite plan at `price`.
pub fn with_lite_price(prices: &str, price: &str) -> String {
    assert!(prices.contains(LITE_LINE), "{prices}");
    prices.replacen(LITE_LINE, &format!("name = \"Lite\"\nprice = {price}"), 1)
}

/// The built-in `prices.toml` with the Lite plan at `price`.
pub fn prices_with_lite(price: &str) -> String {
    let text = std::fs::read_to_string(root().join("content/prices.toml")).unwrap();
    with_lite_price(&text, price)
}

/// The Lite plan's price on `addr`'s /memberships, as its card shows it.
pub async fn lite_price_at(addr: &str) -> String {
    let page = request(addr, "GET", "/memberships", &[], b"")
        .await
        .unwrap();
    assert_eq!(page.status, 200);
    lite_card_price(&page.text())
}

/// Waits up to `limit` for `addr`'s /memberships to show the Lite plan at `price`.
pub async fn wait_for_lite(addr: &str, price: &str, limit: Duration) {
    let deadline = Instant::now() + limit;
    while lite_price_at(addr).await != price {
        assert!(
            Instant::now() < deadline,
            "{addr}/memberships never showed Lite at {price}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A turn for a test that runs several servers on one PostgreSQL database and times how soon a
/// change made through one reaches the others: each server renders the whole site again when it
/// sees the change, and two such tests at once (four debug servers rendering on a two-core
/// machine) miss their limits. All the tests share one process, where tests of different files
/// run side by side, so these take turns: hold the guard for the whole test.
pub async fn several_nodes_turn() -> tokio::sync::MutexGuard<'static, ()> {
    static TURN: std::sync::OnceLock<tokio::sync::Mutex<()>> = std::sync::OnceLock::new();
    TURN.get_or_init(tokio::sync::Mutex::default).lock().await
}

/// A 64 x 48 JPEG of a gradient: a photograph to the content checks and the upload's.
pub fn small_jpeg() -> Vec<u8> {
    use image::codecs::jpeg::JpegEncoder;
    use image::{ImageEncoder, Rgb, RgbImage};
    let pixels = RgbImage::from_fn(64, 48, |x, y| Rgb([(x * 4) as u8, (y * 5) as u8, 120]));
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, 85)
        .write_image(pixels.as_raw(), 64, 48, image::ExtendedColorType::Rgb8)
        .unwrap();
    out
}

/// A free port on 127.0.0.1.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A folder removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(label: &str) -> Self {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let path = std::env::temp_dir().join(format!(
            "onespace-{label}-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::SeqCst)
        ));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        Self(path)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A folder with `content/`, the built-in content written by `onespace content init`, and an
/// empty `data/`.
pub fn content_folder(label: &str) -> TempDir {
    let dir = TempDir::new(label);
    std::fs::create_dir_all(dir.path().join("data")).unwrap();
    let init = Command::new(binary())
        .args(["content", "init"])
        .arg(dir.path().join("content"))
        .output()
        .unwrap();
    assert!(init.status.success(), "{init:?}");
    dir
}

/// The binary under test: the release build when `ONESPACE_TEST_RELEASE=1` (as `make test`
/// sets after building it), otherwise the debug build Cargo made for the tests.
pub fn binary() -> PathBuf {
    if std::env::var("ONESPACE_TEST_RELEASE").as_deref() == Ok("1") {
        root().join("target/release/onespace")
    } else {
        PathBuf::from(env!("CARGO_BIN_EXE_onespace"))
    }
}

/// `onespace content ARGS DIR` on the database of the data folder `data` (or `database_url`),
/// run to its end.
pub fn content_command(
    args: &[&str],
    dir: &Path,
    data: &Path,
    database_url: Option<&str>,
) -> std::process::Output {
    let mut command = Command::new(binary());
    command
        .arg("content")
        .args(args)
        .arg(dir)
        .arg("--data")
        .arg(data)
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "warn");
    if let Some(url) = database_url {
        command.env("DATABASE_URL", url);
    }
    command.output().unwrap()
}

/// A finished command's status and what it printed, for an assertion's message.
pub fn said(output: &std::process::Output) -> String {
    format!(
        "status {}\nstdout: {}\nstderr: {}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// How long a test waits for a change (a publish, an import, a scheduled change, an upload) to
/// reach a node's pages: a tick, a poll and a render, so seconds on a quiet machine and many more
/// on a loaded one. A wait for a state, not a speed check (`make bench` measures speed).
pub const REACH: Duration = Duration::from_secs(60);

/// How long a test waits for the server to encode its photos: seconds a photo on a quiet
/// machine, but one core's minute when the test suite, Playwright and builds share two cores
/// (120 s ran out at load 45). A wait for a state, not a speed check (`make bench` measures).
pub const PHOTO_ENCODING: Duration = Duration::from_secs(600);

/// Polls `ready` every 50 ms until it holds or `limit` passes.
pub async fn wait_for(limit: Duration, what: &str, mut ready: impl FnMut() -> bool) {
    let deadline = Instant::now() + limit;
    while !ready() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Polls the async `ready` every 100 ms until it holds or `limit` passes.
pub async fn wait_for_async<F: std::future::Future<Output = bool>>(
    limit: Duration,
    what: &str,
    mut ready: impl FnMut() -> F,
) {
    let deadline = Instant::now() + limit;
    while !ready().await {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The booking provider's API for servers whose test is not about the timetable: a loopback
/// port nothing listens on, so the schedule source is refused at once and no test reaches the
/// real provider. Tests of the timetable pass their stand-in's URL in `env` instead.
pub const NO_PROVIDER: &str = "http://127.0.0.1:9/api/v2";

/// A running `onespace serve`.
pub struct Server {
    child: Child,
    _stdin: ChildStdin,
    pub addr: String,
    pub log: PathBuf,
}

impl Server {
    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Starts the server on a free port with `data` as its data folder and `env` added, and
    /// waits until /healthz answers 200.
    pub async fn start(data: &Path, env: &[(&str, &str)]) -> Self {
        let port = free_port();
        let addr = format!("127.0.0.1:{port}");
        let log = data.join(format!("server-{port}.log"));
        let mut command = Command::new(binary());
        command
            .args(["serve", "--addr", &addr, "--data"])
            .arg(data)
            .arg("--stop-when-stdin-closes")
            .env_remove("DATABASE_URL")
            .env_remove("ONESPACE_SMTP_URL")
            .env("RUST_LOG", "info,sqlx=warn")
            .env("ONESPACE_LOG_FORMAT", "json")
            .env("ONESPACE_SCHEDULE_API_URL", NO_PROVIDER)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap());
        for (name, value) in env {
            command.env(name, value);
        }
        let mut child = command.spawn().unwrap();
        let stdin = child.stdin.take().unwrap();
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(status) = child.try_wait().unwrap() {
                panic!(
                    "the server exited ({status}): {}",
                    std::fs::read_to_string(&log).unwrap_or_default()
                );
            }
            if let Ok(response) = request(&addr, "GET", "/healthz", &[], b"").await {
                if response.status == 200 {
                    break;
                }
            }
            assert!(Instant::now() < deadline, "the server did not start");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        Self {
            child,
            _stdin: stdin,
            addr,
            log,
        }
    }

    /// Kills the server with SIGKILL and waits for it.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Stops the server with SIGTERM, as a service manager does, and waits for it; returns
    /// whether it exited successfully.
    pub fn terminate(mut self) -> bool {
        let sent = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success(), "kill -TERM failed");
        self.child.wait().unwrap().success()
    }

    /// Stops the server with SIGTERM and waits up to `limit` for it to exit: `Some(success)`,
    /// or `None` if it was still running then (it is killed).
    pub fn terminate_within(mut self, limit: Duration) -> Option<bool> {
        self.signal("TERM");
        let deadline = Instant::now() + limit;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return Some(status.success());
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Sends the server a signal (`HUP`, `TERM`...) with `kill`.
    pub fn signal(&self, name: &str) {
        let sent = Command::new("kill")
            .args([&format!("-{name}"), &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success(), "kill -{name} failed");
    }

    /// The server's log so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Waits until a line of the server's log satisfies `matches`, for at most `limit`; on
    /// timeout the failure names `what` and shows the log. The server writes its log from a
    /// worker thread, so a line can land a moment after the change it reports is visible.
    pub async fn wait_for_log_line(
        &self,
        limit: Duration,
        what: &str,
        matches: impl Fn(&str) -> bool,
    ) {
        let deadline = Instant::now() + limit;
        while !self.log().lines().any(&matches) {
            assert!(
                Instant::now() < deadline,
                "no {what} in the log: {}",
                self.log()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Posts JSON to /api/enquiries.
    pub async fn post_json(&self, body: &str) -> Response {
        request(
            &self.addr,
            "POST",
            "/api/enquiries",
            &[("Content-Type", "application/json")],
            body.as_bytes(),
        )
        .await
        .unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `python tests/support/<script> <args>` with its standard input piped (the support
/// scripts stop when it closes) and returns it with that input and the first line it prints.
/// What it writes to stderr is forwarded by a thread of this process rather than inherited, so a
/// script that outlived its test could never hold the test runner's output open.
pub fn spawn_script(python: &Path, script: &str, args: &[&str]) -> (Child, ChildStdin, String) {
    let mut child = Command::new(python)
        .arg(root().join("tests/support").join(script))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut errors = child.stderr.take().unwrap();
    std::thread::spawn(move || std::io::copy(&mut errors, &mut std::io::stderr()));
    let stdin = child.stdin.take().unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    (child, stdin, line)
}

/// The Python with aiosmtpd that `scripts/ensure-tools.sh` set up.
fn python() -> PathBuf {
    let venv = root().join("target/test-venv/bin/python");
    assert!(
        venv.exists(),
        "{} is missing: run `bash scripts/ensure-tools.sh --test-services` (make test does)",
        venv.display()
    );
    venv
}

/// How an [`SmtpSink`] behaves: plain SMTP by default, or like a real relay.
#[derive(Debug, Clone, Default)]
pub struct SinkOptions {
    /// `Some(("starttls" | "implicit", certificates))`: TLS with the test certificate.
    pub tls: Option<(&'static str, PathBuf, PathBuf)>,
    /// A required login: user, password and the one mechanism offered (`LOGIN`, `PLAIN`).
    pub login: Option<(String, String, &'static str)>,
    /// Takes each message and never answers it.
    pub hang_after_data: bool,
}

/// A real SMTP server storing each accepted message in `dir`.
pub struct SmtpSink {
    child: Option<(Child, ChildStdin)>,
    pub port: u16,
    pub dir: PathBuf,
    pub options: SinkOptions,
}

impl SmtpSink {
    /// Starts a sink on a free port.
    pub fn start(dir: &Path) -> Self {
        Self::start_with(dir, SinkOptions::default())
    }

    /// Starts a sink on a free port behaving as `options` say.
    pub fn start_with(dir: &Path, options: SinkOptions) -> Self {
        let mut sink = Self::stopped(dir);
        sink.options = options;
        sink.resume();
        sink
    }

    /// A sink that is not running yet: its port refuses connections until [`Self::resume`].
    pub fn stopped(dir: &Path) -> Self {
        Self {
            child: None,
            port: free_port(),
            dir: dir.to_owned(),
            options: SinkOptions::default(),
        }
    }

    /// The URL for ONESPACE_SMTP_URL.
    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Starts (again) on the same port, as [`Self::options`] say.
    pub fn resume(&mut self) {
        let mut args: Vec<String> = vec![
            "--port".into(),
            self.port.to_string(),
            "--dir".into(),
            self.dir.to_string_lossy().into_owned(),
        ];
        if let Some((mode, cert, key)) = &self.options.tls {
            args.extend([
                "--tls".into(),
                (*mode).into(),
                "--cert".into(),
                cert.to_string_lossy().into_owned(),
                "--key".into(),
                key.to_string_lossy().into_owned(),
            ]);
        }
        if let Some((user, password, mechanism)) = &self.options.login {
            args.extend([
                "--user".into(),
                user.clone(),
                "--password".into(),
                password.clone(),
                "--mechanism".into(),
                (*mechanism).into(),
            ]);
        }
        if self.options.hang_after_data {
            args.push("--hang-after-data".into());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (child, stdin, line) = spawn_script(&python(), "smtp_sink.py", &args);
        assert_eq!(line.trim(), "ready", "the SMTP sink did not start");
        self.child = Some((child, stdin));
    }

    /// Stops the server; its port refuses connections.
    pub fn pause(&mut self) {
        if let Some((mut child, stdin)) = self.child.take() {
            drop(stdin);
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Every accepted message, raw.
    pub fn messages(&self) -> Vec<String> {
        self.files("eml")
            .iter()
            .map(|path| std::fs::read_to_string(path).unwrap_or_default())
            .collect()
    }

    /// How many messages arrived and were never answered (`hang_after_data`).
    pub fn hung(&self) -> usize {
        self.files("marker").len()
    }

    fn files(&self, extension: &str) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&self.dir)
            .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        files.retain(|path| path.extension().is_some_and(|ext| ext == extension));
        files.sort();
        files
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.pause();
    }
}

/// A certificate authority and a certificate it issued for 127.0.0.1 and localhost, made with
/// `openssl` for one test: the private keys live only in the test's temporary folder.
pub struct TestCertificates {
    /// The authority's certificate (PEM), for ONESPACE_SMTP_CA_FILE.
    pub ca: PathBuf,
    /// The relay's certificate (PEM).
    pub cert: PathBuf,
    /// The relay's private key (PEM).
    pub key: PathBuf,
    _dir: TempDir,
}

impl TestCertificates {
    pub fn new() -> Self {
        let dir = TempDir::new("certs");
        let at = |name: &str| dir.path().join(name);
        let openssl = |args: &[&str]| {
            let output = Command::new("openssl")
                .args(args)
                .current_dir(dir.path())
                .output()
                .expect("openssl is needed to make the test certificate");
            assert!(
                output.status.success(),
                "openssl {args:?}: {}",
                String::from_utf8_lossy(&output.stderr)
            );
        };
        openssl(&[
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-keyout",
            "ca.key",
            "-out",
            "ca.pem",
            "-subj",
            "/CN=One Space test authority",
            "-addext",
            "basicConstraints=critical,CA:TRUE",
            "-addext",
            "keyUsage=critical,keyCertSign,cRLSign",
        ]);
        openssl(&[
            "req",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-keyout",
            "relay.key",
            "-out",
            "relay.csr",
            "-subj",
            "/CN=127.0.0.1",
        ]);
        std::fs::write(
            at("relay.ext"),
            "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n\
             extendedKeyUsage=serverAuth\n",
        )
        .unwrap();
        openssl(&[
            "x509",
            "-req",
            "-in",
            "relay.csr",
            "-CA",
            "ca.pem",
            "-CAkey",
            "ca.key",
            "-CAcreateserial",
            "-days",
            "1",
            "-extfile",
            "relay.ext",
            "-out",
            "relay.pem",
        ]);
        Self {
            ca: at("ca.pem"),
            cert: at("relay.pem"),
            key: at("relay.key"),
            _dir: dir,
        }
    }
}

/// The header section of a raw message, unfolded, as (name, value) pairs.
pub fn headers(raw: &str) -> Vec<(String, String)> {
    let head = raw.split("\r\n\r\n").next().unwrap_or_default();
    let mut lines: Vec<String> = Vec::new();
    for line in head.split("\r\n") {
        if line.starts_with([' ', '\t']) {
            if let Some(last) = lines.last_mut() {
                last.push_str(line);
            }
        } else {
            lines.push(line.to_owned());
        }
    }
    lines
        .iter()
        .filter_map(|line| {
            let (name, value) = line.split_once(':')?;
            Some((name.to_owned(), value.trim().to_owned()))
        })
        .collect()
}

/// The enquiry id in a message's Message-ID.
pub fn enquiry_id(raw: &str) -> Option<String> {
    let (_, value) = headers(raw)
        .into_iter()
        .find(|(name, _)| name.eq_ignore_ascii_case("Message-ID"))?;
    let inner = value.trim_start_matches("<enquiry-");
    Some(inner.split('@').next()?.to_owned())
}

/// `onespace enquiries export --format json` for a data folder or database URL.
pub fn export(data: &Path, database_url: Option<&str>) -> Vec<serde_json::Value> {
    let mut command = Command::new(binary());
    command
        .args(["enquiries", "export", "--format", "json", "--data"])
        .arg(data)
        .env_remove("DATABASE_URL");
    if let Some(url) = database_url {
        command.args(["--database-url", url]);
    }
    let output = command.output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice::<serde_json::Value>(&output.stdout)
        .unwrap()
        .as_array()
        .cloned()
        .unwrap()
}

/// A valid contact enquiry whose message carries `tag`.
pub fn contact_json(tag: &str) -> String {
    contact_json_with(&format!("Hello {tag}"))
}

/// A valid contact enquiry with exactly this `message`.
pub fn contact_json_with(message: &str) -> String {
    serde_json::json!({
        "formType": "contact",
        "firstName": "Jo",
        "lastName": "Smith",
        "email": "jo@example.com",
        "phone": "",
        "interest": "Other",
        "message": message,
    })
    .to_string()
}
