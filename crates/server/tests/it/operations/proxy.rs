//! The server behind a real TLS proxy: Debian's Caddy on 127.0.0.1 with its internal
//! certificate authority (`tls internal`, as docs/deploy.md's set-up but with a local
//! certificate), in front of the server with trust-proxy on. Over https through it /healthz and
//! a page answer, HSTS is sent, the enquiry rate limit counts visitors by the address Caddy
//! passes rather than the proxy's own, and a client's own `X-Forwarded-For` cannot choose its
//! address; and the staff area signs in over https through it. Then two nodes on one
//! PostgreSQL database behind Caddy's load balancer. Each visitor is a different loopback
//! address (127.0.0.2, 127.0.0.3: curl binds its side of the connection there), so Caddy sees
//! them apart as it would on the internet.
//!
//! Caddy listens on one free port of 127.0.0.1 only (no :80 or :443, redirects off, admin
//! endpoint off, HTTP/3 off so no UDP port), keeps its state in the test's folder, and stops
//! when the test drops it or the test process goes (a shell holds its standard input).

use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

use crate::harness::staff::{csrf, Db, Site, PASSWORD};
use crate::harness::{contact_json_with, free_port, Server, TempDir};

/// A running Caddy in front of `upstream`.
struct Caddy {
    child: Child,
    stdin: Option<ChildStdin>,
    port: u16,
    dir: TempDir,
}

/// An answer through Caddy, as curl printed it.
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }
}

/// The site's name in these tests: not a loopback name, so the staff area's https rule holds
/// (it lets plain http through from and to a loopback address only); curl resolves it to
/// 127.0.0.1.
const SITE_HOST: &str = "studio.test";

/// The test's Caddyfile: Caddy on `port` of 127.0.0.1 in front of `upstreams` (taken in turn),
/// its state in `storage`. Each answer names the node that gave it in `X-Served-By`.
fn caddyfile_text(port: u16, upstreams: &[&str], storage: &Path) -> String {
    format!(
        "{{
	admin off
	http_port {http_port}
	https_port {port}
	auto_https disable_redirects
	skip_install_trust
	default_bind 127.0.0.1
	storage file_system {{
		root {storage}
	}}
	servers {{
		protocols h1 h2
	}}
}}

https://{SITE_HOST}:{port} {{
	bind 127.0.0.1
	tls internal
	reverse_proxy {upstreams} {{
		lb_policy round_robin
		header_down X-Served-By {{http.reverse_proxy.upstream.hostport}}
	}}
}}
",
        upstreams = upstreams.join(" "),
        http_port = free_port(),
        storage = storage.display(),
    )
}

impl Caddy {
    /// Starts Caddy on `port` proxying to `upstreams` and waits until it answers /healthz.
    fn start(port: u16, upstreams: &[&str]) -> Self {
        let dir = TempDir::new("caddy");
        let caddyfile = dir.path().join("Caddyfile");
        let storage = dir.path().join("storage");
        std::fs::write(&caddyfile, caddyfile_text(port, upstreams, &storage)).unwrap();
        let log = std::fs::File::create(dir.path().join("caddy.log")).unwrap();
        // The shell stops Caddy when its standard input closes: when this handle is dropped or
        // the test process goes.
        let mut child = Command::new("sh")
            .args([
                "-c",
                "caddy run --config \"$1\" --adapter caddyfile & pid=$!; cat >/dev/null; \
                 kill $pid; wait $pid",
                "sh",
            ])
            .arg(&caddyfile)
            .env("HOME", dir.path())
            .env("XDG_DATA_HOME", dir.path().join("data"))
            .env("XDG_CONFIG_HOME", dir.path().join("config"))
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("caddy runs (scripts/ensure-tools.sh --test-services installs it)");
        let stdin = child.stdin.take();
        let caddy = Self {
            child,
            stdin,
            port,
            dir,
        };
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if caddy.root_certificate().exists()
                && caddy
                    .try_get("127.0.0.1", "/healthz")
                    .is_some_and(|a| a.status == 200)
            {
                return caddy;
            }
            assert!(
                Instant::now() < deadline && !caddy.log().contains("Error:"),
                "Caddy did not start: {}",
                caddy.log()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The site's public origin through Caddy.
    fn origin(&self) -> String {
        format!("https://{SITE_HOST}:{}", self.port)
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("caddy.log")).unwrap_or_default()
    }

    /// The internal certificate authority's root, which the visitors' curl trusts.
    fn root_certificate(&self) -> PathBuf {
        self.dir
            .path()
            .join("storage/pki/authorities/local/root.crt")
    }

    /// `curl` over https from the loopback address `from`, with `args` added; `None` when it
    /// could not connect.
    fn curl(&self, from: &str, path: &str, args: &[&str]) -> Option<Answer> {
        let output = Command::new("curl")
            .args(["--silent", "--include", "--http1.1", "--max-time", "30"])
            .arg("--cacert")
            .arg(self.root_certificate())
            .args(["--resolve", &format!("{SITE_HOST}:{}:127.0.0.1", self.port)])
            .args(["--interface", from])
            .args(args)
            .arg(format!("{}{path}", self.origin()))
            .output()
            .unwrap();
        if !output.status.success() {
            return None;
        }
        let text = String::from_utf8_lossy(&output.stdout).into_owned();
        let (head, body) = text.split_once("\r\n\r\n")?;
        let mut lines = head.lines();
        let status = lines.next()?.split(' ').nth(1)?.parse().ok()?;
        let headers = lines
            .filter_map(|line| line.split_once(':'))
            .map(|(name, value)| (name.trim().to_owned(), value.trim().to_owned()))
            .collect();
        Some(Answer {
            status,
            headers,
            body: body.to_owned(),
        })
    }

    fn try_get(&self, from: &str, path: &str) -> Option<Answer> {
        self.curl(from, path, &[])
    }

    fn get(&self, from: &str, path: &str) -> Answer {
        self.try_get(from, path)
            .unwrap_or_else(|| panic!("GET {path} through Caddy failed: {}", self.log()))
    }

    /// Posts a contact enquiry from `from`, with `headers` of the visitor's own.
    fn post(&self, from: &str, message: &str, headers: &[&str]) -> u16 {
        let body = contact_json_with(message);
        let mut args = vec![
            "-H",
            "Content-Type: application/json",
            "--data-binary",
            &body,
        ];
        for header in headers {
            args.extend(["-H", header]);
        }
        self.curl(from, "/api/enquiries", &args)
            .unwrap_or_else(|| panic!("POST through Caddy failed: {}", self.log()))
            .status
    }
}

impl Drop for Caddy {
    fn drop(&mut self) {
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_caddy_the_server_sees_each_visitor_by_the_address_caddy_passes() {
    let data = TempDir::new("behind-caddy");
    let port = free_port();
    let public_url = format!("https://{SITE_HOST}:{port}");
    // One enquiry per visitor a minute: the second is refused for the next 60 s.
    let server = Server::start(
        data.path(),
        &[
            ("ONESPACE_TRUST_PROXY", "true"),
            ("ONESPACE_PUBLIC_URL", &public_url),
            ("ONESPACE_RATE_LIMIT_PER_MINUTE", "1"),
            ("ONESPACE_NIGHTLY_BACKUPS", "false"),
        ],
    )
    .await;
    let caddy = tokio::task::spawn_blocking({
        let upstream = server.addr.clone();
        move || Caddy::start(port, &[&upstream])
    })
    .await
    .unwrap();
    let caddy = std::sync::Arc::new(caddy);
    let run = caddy.clone();
    tokio::task::spawn_blocking(move || check_through(&run))
        .await
        .unwrap();
    drop(caddy);
    drop(server);
}

/// The checks, each a blocking curl.
fn check_through(caddy: &Caddy) {
    let (visitor, other) = ("127.0.0.2", "127.0.0.3");
    let health = caddy.get(visitor, "/healthz");
    assert_eq!(health.status, 200, "{}", health.body);
    assert!(health.body.contains("\"status\":\"ok\""), "{}", health.body);
    let page = caddy.get(visitor, "/memberships");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<title>"), "{}", page.body);
    let hsts = page.header("strict-transport-security").unwrap_or_default();
    assert!(hsts.starts_with("max-age="), "{:?}", page.headers);
    assert!(
        page.header("server")
            .is_some_and(|server| server == "Caddy"),
        "the answer came through Caddy: {:?}",
        page.headers
    );

    // The visitor's one enquiry a minute, then refusals: claiming another address in their own
    // X-Forwarded-For does not get them a new allowance.
    assert_eq!(caddy.post(visitor, "First from the visitor", &[]), 201);
    assert_eq!(caddy.post(visitor, "Second from the visitor", &[]), 429);
    assert_eq!(
        caddy.post(
            visitor,
            "Third from the visitor, posing",
            &["X-Forwarded-For: 203.0.113.9"]
        ),
        429
    );
    // Another visitor through the same proxy is counted apart (the proxy's own address would
    // have been refused), and naming the first visitor's address does not charge theirs.
    assert_eq!(
        caddy.post(
            other,
            "First from the other visitor",
            &["X-Forwarded-For: 127.0.0.2"]
        ),
        201
    );
    assert_eq!(caddy.post(other, "Second from the other visitor", &[]), 429);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_staff_area_signs_in_over_https_through_caddy() {
    let port = free_port();
    let public_url = format!("https://{SITE_HOST}:{port}");
    let site = Site::start_with(
        Db::Sqlite,
        "behind_caddy",
        &[
            ("ONESPACE_TRUST_PROXY", "true"),
            ("ONESPACE_PUBLIC_URL", &public_url),
            ("ONESPACE_NIGHTLY_BACKUPS", "false"),
        ],
    )
    .await;
    let (secret, _) = site.account("owner@onespace.test", "owner").await;
    let code = site.code(&secret, 0);
    let upstream = site.server.addr.clone();
    tokio::task::spawn_blocking(move || {
        let caddy = Caddy::start(port, &[&upstream]);
        let jar = caddy.dir.path().join("cookies");
        let jar = jar.to_str().unwrap();
        let origin = format!("Origin: {}", caddy.origin());
        let browse = |path: &str, form: &[(&str, &str)]| {
            let mut args = vec!["-b", jar, "-c", jar];
            let body = serde_urlencoded::to_string(form).unwrap();
            if !form.is_empty() {
                args.extend(["-H", &origin, "--data", &body]);
            }
            caddy
                .curl("127.0.0.2", path, &args)
                .unwrap_or_else(|| panic!("{path} through Caddy failed: {}", caddy.log()))
        };
        let page = browse("/studio/sign-in", &[]);
        assert_eq!(page.status, 200, "{}", page.body);
        let signed = browse(
            "/studio/sign-in",
            &[
                ("csrf", &csrf(&page.body)),
                ("email", "owner@onespace.test"),
                ("password", PASSWORD),
            ],
        );
        assert_eq!(signed.status, 303, "{}", signed.body);
        // The session's cookie is the https-only kind, which a browser keeps only over https.
        let cookie = signed.header("set-cookie").unwrap_or_default();
        assert!(
            cookie.starts_with("__Host-") && cookie.contains("Secure"),
            "{cookie}"
        );
        let page = browse("/studio/sign-in/code", &[]);
        let entered = browse(
            "/studio/sign-in/code",
            &[("csrf", &csrf(&page.body)), ("code", &code)],
        );
        assert_eq!(entered.status, 303, "{}", entered.body);
        assert_eq!(entered.header("location"), Some("/studio/enquiries"));
        let inbox = browse("/studio/enquiries", &[]);
        assert_eq!(inbox.status, 200, "{}", inbox.body);
        assert!(inbox.body.contains("owner@onespace.test"), "{}", inbox.body);
    })
    .await
    .unwrap();
    // The same page asked of the server directly, over plain http, is sent to https.
    let direct = crate::harness::request(
        &site.server.addr,
        "GET",
        "/studio/sign-in",
        &[("Host", &format!("{SITE_HOST}:{port}"))],
        b"",
    )
    .await
    .unwrap();
    assert_eq!(direct.status, 308);
    assert_eq!(
        direct.header("location"),
        Some(format!("{public_url}/studio/sign-in").as_str())
    );
}

/// The test's Caddyfile binds nothing but one port of 127.0.0.1, with no admin endpoint: the
/// addresses in its adapted configuration.
#[test]
fn the_test_caddy_listens_on_one_loopback_port_only() {
    let dir = TempDir::new("caddy-adapt");
    let caddyfile = dir.path().join("Caddyfile");
    let port = free_port();
    let text = caddyfile_text(port, &["127.0.0.1:1"], &dir.path().join("storage"));
    std::fs::write(&caddyfile, text).unwrap();
    let adapted = adapt(&caddyfile, dir.path());
    let servers = adapted["apps"]["http"]["servers"].as_object().unwrap();
    let listening: Vec<&serde_json::Value> = servers
        .values()
        .flat_map(|server| server["listen"].as_array().unwrap())
        .collect();
    assert_eq!(listening, [&serde_json::json!(format!("127.0.0.1:{port}"))]);
    assert_eq!(adapted["admin"]["disabled"], serde_json::json!(true));
}

/// `caddy adapt`: the Caddyfile as Caddy's JSON configuration.
pub fn adapt(caddyfile: &Path, home: &Path) -> serde_json::Value {
    let output = Command::new("caddy")
        .args(["adapt", "--adapter", "caddyfile", "--config"])
        .arg(caddyfile)
        .env("HOME", home)
        .output()
        .expect("caddy runs (scripts/ensure-tools.sh --test-services installs it)");
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

/// Two nodes on one PostgreSQL database behind Caddy's load balancer, which sends each request
/// to the next node: signing in through it (its steps answered by both nodes) works, so a
/// session made on one is honoured on the other; an enquiry resent with its key, the copy
/// reaching the other node, is stored once; a content version published once is served by
/// both within seconds. (That a scheduled change is published once by two nodes is
/// `content::scheduled`'s test.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_on_postgresql_behind_caddys_load_balancer() {
    let _turn = crate::harness::several_nodes_turn().await;
    let port = free_port();
    let public_url = format!("https://{SITE_HOST}:{port}");
    let settings = [
        ("ONESPACE_TRUST_PROXY", "true"),
        ("ONESPACE_PUBLIC_URL", public_url.as_str()),
        ("ONESPACE_NIGHTLY_BACKUPS", "false"),
        // Nodes on one database share the staff area's key (docs/deploy.md): with one each, a
        // code sent to the node that did not seal the secret is refused.
        (
            "ONESPACE_STUDIO_KEYS",
            "AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA",
        ),
    ];
    let first = Site::start_with(Db::Postgres, "operations_two_nodes", &settings).await;
    let database_url = first.database_url.clone().unwrap();
    let second_data = TempDir::new("two-nodes-second");
    let mut second_settings = settings.to_vec();
    second_settings.push(("DATABASE_URL", &database_url));
    let second = Server::start(second_data.path(), &second_settings).await;
    let (secret, _) = first.account("owner@onespace.test", "owner").await;
    let code = first.code(&secret, 0);
    let nodes = [first.server.addr.clone(), second.addr.clone()];
    let served = tokio::task::spawn_blocking({
        let nodes = nodes.clone();
        move || {
            let caddy = Caddy::start(port, &[&nodes[0], &nodes[1]]);
            let jar = caddy.dir.path().join("cookies");
            let jar = jar.to_str().unwrap();
            let origin = format!("Origin: {}", caddy.origin());
            let mut served = Vec::new();
            let mut browse = |path: &str, form: &[(&str, &str)], extra: &[&str]| {
                let mut args = vec!["-b", jar, "-c", jar];
                let body = serde_urlencoded::to_string(form).unwrap();
                if !form.is_empty() {
                    args.extend(["-H", &origin, "--data", &body]);
                }
                args.extend_from_slice(extra);
                let answer = caddy
                    .curl("127.0.0.2", path, &args)
                    .unwrap_or_else(|| panic!("{path} through Caddy failed: {}", caddy.log()));
                served.push(answer.header("x-served-by").unwrap_or_default().to_owned());
                answer
            };
            let page = browse("/studio/sign-in", &[], &[]);
            let fields = [
                ("csrf", csrf(&page.body)),
                ("email", "owner@onespace.test".to_owned()),
                ("password", PASSWORD.to_owned()),
            ];
            let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
            assert_eq!(browse("/studio/sign-in", &fields, &[]).status, 303);
            let page = browse("/studio/sign-in/code", &[], &[]);
            let token = csrf(&page.body);
            let entered = browse(
                "/studio/sign-in/code",
                &[("csrf", &token), ("code", &code)],
                &[],
            );
            assert_eq!(entered.status, 303, "{}", entered.body);
            let inbox = browse("/studio/enquiries", &[], &[]);
            assert_eq!(inbox.status, 200, "{}", inbox.body);
            assert!(inbox.body.contains("owner@onespace.test"));
            // One enquiry sent twice with its key: the copy goes to the other node.
            let body = contact_json_with("Sent twice through the balancer");
            let send = [
                "-H",
                "Content-Type: application/json",
                "-H",
                "Idempotency-Key: 0b7f3c52-6d1e-4c8a-9f2b-7a1d5e3c9b40",
                "--data-binary",
                &body,
            ];
            let mut resend_served = Vec::new();
            for _ in 0..2 {
                let answer = caddy.curl("127.0.0.3", "/api/enquiries", &send).unwrap();
                assert!(
                    answer.status == 201 || answer.status == 200,
                    "{}",
                    answer.body
                );
                resend_served.push(answer.header("x-served-by").unwrap_or_default().to_owned());
            }
            assert_ne!(resend_served[0], resend_served[1], "{resend_served:?}");
            served
        }
    })
    .await
    .unwrap();
    for node in &nodes {
        assert!(served.contains(node), "{node} answered none of {served:?}");
    }
    let exported = super::onespace(
        &["enquiries", "export", "--format", "json"],
        second_data.path(),
        &[("DATABASE_URL", &database_url)],
    );
    let text = String::from_utf8_lossy(&exported.stdout);
    assert_eq!(
        text.matches("Sent twice through the balancer").count(),
        1,
        "{text}"
    );

    // A version published once is served by both nodes within seconds.
    let folder = crate::harness::content_folder("two-nodes-content");
    let content = folder.path().join("content");
    std::fs::write(
        content.join("prices.toml"),
        crate::harness::prices_with_lite("61"),
    )
    .unwrap();
    let imported = crate::harness::content_command(
        &["import"],
        &content,
        second_data.path(),
        Some(&database_url),
    );
    assert!(
        imported.status.success(),
        "{}",
        crate::harness::said(&imported)
    );
    for node in &nodes {
        crate::harness::wait_for_lite(node, "£61", Duration::from_secs(30)).await;
    }
}
