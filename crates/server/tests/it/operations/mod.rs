//! Running the site for real: the launch check (`launch_check`), backups and their restore
//! (`backup`), the server behind Caddy (`proxy`) and the deployment files of docs/deploy/
//! (`deploy_files`).

mod backup;
mod deploy_files;
mod launch_check;
mod proxy;

use std::path::Path;
use std::process::{Command, Output};

use super::harness::binary;

/// The settings a test's commands must not inherit from the machine running the tests.
const MACHINE_SETTINGS: [&str; 8] = [
    "DATABASE_URL",
    "ONESPACE_CONTENT_DIR",
    "ONESPACE_TEAMUP_API_KEY",
    "ONESPACE_TEAMUP_API_KEY_FILE",
    "ONESPACE_SMTP_URL",
    "ONESPACE_TRUST_PROXY",
    "ONESPACE_PUBLIC_URL",
    "ONESPACE_BACKUP_DIR",
];

/// `onespace ARGS --data DATA` with `env`, run to its end.
fn onespace(args: &[&str], data: &Path, env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(binary());
    command
        .args(args)
        .arg("--data")
        .arg(data)
        .env("RUST_LOG", "warn")
        .stdin(std::process::Stdio::null());
    for name in MACHINE_SETTINGS {
        command.env_remove(name);
    }
    for (name, value) in env {
        command.env(name, value);
    }
    command.output().unwrap()
}
