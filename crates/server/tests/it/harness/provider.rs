//! The booking provider's stand-in (tests/support/teamup_standin.py, Python standard library
//! only) on a free 127.0.0.1 port, with its test controls. It speaks TeamUp's documented API,
//! refusals included: a server pointed at it needs [`Provider::env`] (the API and the key).

use std::path::Path;
use std::process::{Child, ChildStdin};
use std::time::{Duration, Instant};

use super::{request, spawn_script};

/// The key the stand-in takes.
pub const API_KEY: &str = "standin-key-5f2a";

/// The built-in content's provider id (content/schedule.toml).
pub const STUDIO_PROVIDER_ID: &str = "5123456";

/// A running stand-in.
pub struct Provider {
    child: Child,
    _stdin: ChildStdin,
    pub port: u16,
}

impl Provider {
    /// Starts the stand-in answering `mode` (`ok`, `slow`, `error`, `malformed`, `hang`,
    /// `ratelimit`, `unavailable`) for the built-in content's account.
    pub fn start(mode: &str) -> Self {
        Self::start_for(mode, STUDIO_PROVIDER_ID)
    }

    /// Starts the stand-in of the provider account `provider_id`: requests naming another
    /// account get the provider's 403.
    pub fn start_for(mode: &str, provider_id: &str) -> Self {
        let (child, stdin, line) = spawn_script(
            Path::new("python3"),
            "teamup_standin.py",
            &[
                "--port",
                "0",
                "--mode",
                mode,
                "--provider-id",
                provider_id,
                "--api-key",
                API_KEY,
            ],
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

    /// The stand-in's widget script (ONESPACE_SCHEDULE_SCRIPT_URL).
    pub fn script_url(&self) -> String {
        format!("http://127.0.0.1:{}/teamup.js", self.port)
    }

    /// The server's settings for this stand-in: its API and the key it takes.
    pub fn env(&self) -> Vec<(&'static str, String)> {
        vec![
            ("ONESPACE_SCHEDULE_API_URL", self.api_url()),
            ("ONESPACE_TEAMUP_API_KEY", API_KEY.to_owned()),
        ]
    }

    /// Serves pages of at most `size` events, their `next` on `next_origin` when given.
    pub async fn set_pages(&self, size: u32, next_origin: Option<&str>) {
        let origin = next_origin.map_or("null".to_owned(), |origin| format!("\"{origin}\""));
        self.control(
            "/_control/pages",
            &format!(r#"{{"max_page_size":{size},"next_origin":{origin}}}"#),
        )
        .await;
    }

    /// Answers slowly, after `delay` seconds.
    pub async fn set_slow(&self, delay: f64) {
        self.control(
            "/_control/mode",
            &format!(r#"{{"mode":"slow","delay":{delay}}}"#),
        )
        .await;
    }

    /// Answers `mode` (`ratelimit`, `unavailable`) with `Retry-After: seconds`.
    pub async fn set_busy(&self, mode: &str, seconds: u64) {
        self.control(
            "/_control/mode",
            &format!(r#"{{"mode":"{mode}","retry_after":{seconds}}}"#),
        )
        .await;
    }

    /// Adds a public class that started 15 minutes ago and ends in 45.
    pub async fn add_class_in_progress(&self, name: &str) {
        self.control(
            "/_control/events",
            &format!(r#"{{"in_progress":"{name}"}}"#),
        )
        .await;
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

    /// Event list requests served so far (every API request, refused ones too).
    pub async fn requests(&self) -> u64 {
        self.stats().await["requests"].as_u64().unwrap()
    }

    /// The stand-in's record: `requests`, `served` (event pages answered 200), `queries` (each
    /// event list query) and `headers` (each request's provider id, mode and scheme).
    pub async fn stats(&self) -> serde_json::Value {
        let response = request(
            &format!("127.0.0.1:{}", self.port),
            "GET",
            "/_control/stats",
            &[],
            b"",
        )
        .await
        .unwrap();
        response.json()
    }
}

impl Drop for Provider {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
