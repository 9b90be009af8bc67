//! The `onespace` binary's start-up checks: a bad configuration value stops it with a message
//! naming the variable, and `onespace routes` prints the route table.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

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
    assert_eq!(rows.len(), onespace_server::routes::ROUTES.len());
    assert!(rows.iter().any(|row| row["path"] == "/intro-offer"));
}
