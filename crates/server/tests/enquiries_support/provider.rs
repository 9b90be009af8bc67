//! The booking provider's stand-in (tests/support/teamup_standin.py, Python standard library
//! only) on a free 127.0.0.1 port, with its test controls.

use std::path::Path;
use std::process::{Child, ChildStdin};
use std::time::{Duration, Instant};

use super::{request, spawn_script};

/// A running stand-in.
pub struct Provider {
    child: Child,
    _stdin: ChildStdin,
    pub port: u16,
}

impl Provider {
    /// Starts the stand-in answering `mode` (`ok`, `slow`, `error`, `malformed`, `hang`).
    pub fn start(mode: &str) -> Self {
        Self::start_for(mode, "one-space-livingston")
    }

    /// Starts the stand-in of the provider account `provider_id`: requests naming another
    /// account get the provider's 404.
    pub fn start_for(mode: &str, provider_id: &str) -> Self {
        let (child, stdin, line) = spawn_script(
            Path::new("python3"),
            "teamup_standin.py",
            &["--port", "0", "--mode", mode, "--provider-id", provider_id],
        );
        let port = line
            .trim()
            .strip_prefix("ready ")
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("the provider stand-in did not start: {line:?}"));
        Self {
            child,
            _stdin: stdin,
            port,
        }
    }

    /// The value for ONESPACE_SCHEDULE_API_URL.
    pub fn api_url(&self) -> String {
        format!("http://127.0.0.1:{}/api/v2", self.port)
    }

    async fn control(&self, path: &str, body: &str) {
        let response = request(
            &format!("127.0.0.1:{}", self.port),
            "POST",
            path,
            &[("Content-Type", "application/json")],
            body.as_bytes(),
        )
        .await
        .unwrap();
        assert_eq!(response.status, 200, "{path}: {}", response.text());
    }

    /// Switches how the stand-in answers from now on.
    pub async fn set_mode(&self, mode: &str) {
        self.control("/_control/mode", &format!(r#"{{"mode":"{mode}"}}"#))
            .await;
    }

    /// Renames every class called `from`.
    pub async fn rename(&self, from: &str, to: &str) {
        self.control(
            "/_control/events",
            &format!(r#"{{"rename":"{from}","to":"{to}"}}"#),
        )
        .await;
    }

    /// Waits until the stand-in has been asked for events more than `count` times in all (a
    /// minute at most).
    pub async fn until_asked_more_than(&self, count: u64) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while self.requests().await <= count {
            assert!(Instant::now() < deadline, "the provider was not asked");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Event list requests served so far.
    pub async fn requests(&self) -> u64 {
        let response = request(
            &format!("127.0.0.1:{}", self.port),
            "GET",
            "/_control/stats",
            &[],
            b"",
        )
        .await
        .unwrap();
        response.json()["requests"].as_u64().unwrap()
    }
}

impl Drop for Provider {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
