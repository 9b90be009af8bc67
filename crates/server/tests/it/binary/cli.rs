//! The `onespace` binary's start-up checks: a bad configuration value stops it with a message
//! naming the variable, `onespace routes` prints the route table, `routes` and `render` take a
//! preview date, and the default log leaves out the line per request.

use std::process::Command;

fn onespace() -> Command {
    Command::new(env!("CARGO_BIN_EXE_onespace"))
}

#[test]
fn a_bad_address_stops_the_server_naming_the_variable() {
    let output = onespace()
        .args(["serve", "--data", "target/cli-test-data"])
        .env("ONESPACE_ADDR", "not-an-address")
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("ONESPACE_ADDR"), "{stderr}");
    assert!(stderr.contains("not-an-address"), "{stderr}");
}

#[test]
fn a_bad_public_url_stops_the_server_naming_the_variable() {
    let output = onespace()
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--public-url",
            "www.example.org",
        ])
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("ONESPACE_PUBLIC_URL"));
}

#[test]
fn routes_prints_the_route_table_as_json() {
    let output = onespace().arg("routes").output().unwrap();
    assert!(output.status.success());
    let rows: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), onespace_site::routes::ROUTES.len());
    assert!(rows.iter().any(|row| row["path"] == "/intro-offer"));
}

#[test]
fn routes_and_render_take_a_preview_date_and_refuse_a_bad_one() {
    let listed = |preview: Option<&str>| {
        let mut command = onespace();
        command.arg("routes").env_remove("ONESPACE_PREVIEW_DATE");
        if let Some(date) = preview {
            command.args(["--preview-date", date]);
        }
        let output = command.output().unwrap();
        assert!(output.status.success());
        let rows: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let row = rows
            .as_array()
            .unwrap()
            .iter()
            .find(|row| row["path"] == "/back-to-school")
            .unwrap()
            .clone();
        assert_eq!(row["liveFrom"], "2025-08-01");
        row["inSitemap"].as_bool().unwrap()
    };
    assert!(listed(Some("2025-08-15")));
    assert!(!listed(Some("2025-09-01")));
    // The real clock: the August 2025 offer has ended.
    assert!(!listed(None));

    let out = std::env::temp_dir().join(format!("onespace-render-{}", std::process::id()));
    let output = onespace()
        .args(["render", "--preview-date", "2025-08-15", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let page = std::fs::read_to_string(out.join("back-to-school.html")).unwrap();
    assert!(page.contains("Back to School Savings"));
    let _ = std::fs::remove_dir_all(&out);

    for args in [&["routes"][..], &["render", "--out", "target/unused"]] {
        let command = args[0];
        let output = onespace()
            .args(args)
            .args(["--preview-date", "next tuesday"])
            .output()
            .unwrap();
        assert!(!output.status.success());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("ONESPACE_PREVIEW_DATE (--preview-date): 'next tuesday'"),
            "{command}: {stderr}"
        );
    }
}

/// Sends `GET path` over plain HTTP/1.1 and returns the status line.
fn get(addr: &str, path: &str) -> String {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer.lines().next().unwrap_or_default().to_owned()
}

/// Starts the server with `RUST_LOG` set to `filter` (or unset), asks for `/` and `missing`
/// missing pages (`/no-such-page`, then `/no-such-page-1`...), stops it with SIGTERM (the log is
/// flushed on the way out) and returns its log.
fn log_of_requests(filter: Option<&str>, missing: usize) -> String {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let addr = format!("127.0.0.1:{port}");
    let data = std::env::temp_dir().join(format!("onespace-cli-log-{port}"));
    let mut command = onespace();
    command
        .args(["serve", "--addr", &addr, "--data"])
        .arg(&data)
        .env_remove("RUST_LOG")
        .env_remove("DATABASE_URL")
        .env_remove("ONESPACE_SMTP_URL")
        // No route to the booking provider from a test: a loopback port that refuses at once.
        .env("ONESPACE_SCHEDULE_API_URL", "http://127.0.0.1:9/api/v2")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped());
    if let Some(filter) = filter {
        command.env("RUST_LOG", filter);
    }
    let child = command.spawn().unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while std::net::TcpStream::connect(&addr).is_err() {
        assert!(
            std::time::Instant::now() < deadline,
            "the server did not start"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert!(get(&addr, "/").contains("200"));
    assert!(get(&addr, "/no-such-page").contains("404"));
    for number in 1..missing {
        assert!(get(&addr, &format!("/no-such-page-{number}")).contains("404"));
    }
    let stopped = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(stopped.success());
    let output = child.wait_with_output().unwrap();
    let _ = std::fs::remove_dir_all(&data);
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn by_default_the_log_names_missing_pages_but_writes_no_line_per_request() {
    // A scanner's 200 missing pages in a moment: the first ten are named, the rest counted.
    let log = log_of_requests(None, 200);
    assert!(
        log.contains("page not found") && log.contains("/no-such-page"),
        "{log}"
    );
    let named = log.matches("page not found").count();
    assert!(
        named <= usize::try_from(onespace_server::app::NOT_FOUND_LINES_PER_WINDOW).unwrap(),
        "{named} lines for 200 missing pages: {log}"
    );
    assert!(!log.contains("onespace::http"), "{log}");
    assert!(
        !log.contains('\u{1b}'),
        "colour codes in a piped log: {log}"
    );
}

#[test]
fn with_the_access_log_on_each_request_has_its_line() {
    let log = log_of_requests(Some("warn,onespace::http=info"), 1);
    let lines: Vec<&str> = log
        .lines()
        .filter(|line| line.contains("onespace::http"))
        .collect();
    assert_eq!(lines.len(), 2, "{log}");
    for (line, (path, status)) in lines.iter().zip([("/", 200), ("/no-such-page", 404)]) {
        assert!(
            line.contains("method=GET")
                && line.contains(&format!("path={path} "))
                && line.contains(&format!("status={status}"))
                && line.contains("micros="),
            "{line}"
        );
    }
}
