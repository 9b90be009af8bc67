//! The deployment files docs/deploy.md installs (docs/deploy/): the systemd unit passes
//! `systemd-analyze verify` without a warning and keeps its sandbox, and both Caddyfiles are
//! read by Debian's Caddy as the guide says: the one node's proxy reaches the address the
//! settings file gives the server, the two nodes' balances over both with health checks.

use std::path::PathBuf;
use std::process::Command;

use super::proxy::adapt;
use crate::harness::{binary, root, TempDir};

fn deploy_file(name: &str) -> PathBuf {
    root().join("docs/deploy").join(name)
}

/// A setting of docs/deploy/onespace.env.
fn setting(name: &str) -> String {
    let text = std::fs::read_to_string(deploy_file("onespace.env")).unwrap();
    text.lines()
        .find_map(|line| line.strip_prefix(&format!("{name}=")))
        .unwrap_or_else(|| panic!("{name} in onespace.env"))
        .to_owned()
}

#[test]
fn the_systemd_unit_verifies_and_is_sandboxed() {
    let unit = std::fs::read_to_string(deploy_file("onespace.service")).unwrap();
    for directive in [
        "User=onespace",
        "StateDirectory=onespace",
        "ProtectSystem=strict",
        "NoNewPrivileges=yes",
        "ProtectHome=yes",
        "PrivateTmp=yes",
        "CapabilityBoundingSet=\n",
        "EnvironmentFile=/etc/onespace/onespace.env",
        "ExecStart=/usr/local/bin/onespace serve",
    ] {
        assert!(unit.contains(directive), "{directive}");
    }
    // The data folder the settings name is the unit's state directory.
    assert_eq!(setting("ONESPACE_DATA_DIR"), "/var/lib/onespace");
    let Ok(found) = Command::new("systemd-analyze").arg("--version").output() else {
        eprintln!("systemd-analyze is not installed here: the unit was not verified");
        return;
    };
    assert!(found.status.success());
    // verify checks that the command exists: the binary under test stands in for the installed one.
    let dir = TempDir::new("systemd-unit");
    let copy = dir.path().join("onespace.service");
    let here = unit.replace("/usr/local/bin/onespace", &binary().display().to_string());
    std::fs::write(&copy, here).unwrap();
    let verified = Command::new("systemd-analyze")
        .arg("verify")
        .arg(&copy)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&verified.stderr);
    assert!(verified.status.success(), "{said}");
    // An unknown key or a bad value is only a warning to systemd: none is allowed.
    assert!(said.trim().is_empty(), "{said}");
}

#[test]
fn the_caddyfiles_read_as_the_guide_says() {
    let home = TempDir::new("caddy-deploy");
    let one = adapt(&deploy_file("Caddyfile"), home.path());
    let routes = one["apps"]["http"]["servers"]["srv0"]["routes"].to_string();
    let upstream = format!("{{\"dial\":\"{}\"}}", setting("ONESPACE_ADDR"));
    assert!(routes.contains(&upstream), "{routes}");
    assert!(routes.contains("www.onespacestudio.co.uk"), "{routes}");
    let two = adapt(&deploy_file("Caddyfile.two-nodes"), home.path());
    let routes = two["apps"]["http"]["servers"]["srv0"]["routes"].to_string();
    for expected in [
        "{\"dial\":\"10.0.0.11:8080\"}",
        "{\"dial\":\"10.0.0.12:8080\"}",
        "\"uri\":\"/healthz\"",
        "round_robin",
    ] {
        assert!(routes.contains(expected), "{expected}: {routes}");
    }
}
