//! A throwaway PostgreSQL server for the tests: `initdb` into a temporary folder and `postgres`
//! on a free 127.0.0.1 port, run as the `postgres` user when the tests run as root (PostgreSQL
//! refuses to run as root). A shell wrapper stops the server when the test process's pipe to it
//! closes, so the server never outlives the tests; dropping the handle stops it at once.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

use super::{free_port, TempDir};

/// The folder with `initdb` and `postgres`: `ONESPACE_PG_BIN`, or Debian's newest
/// /usr/lib/postgresql/N/bin.
fn bin_dir() -> PathBuf {
    if let Ok(dir) = std::env::var("ONESPACE_PG_BIN") {
        return PathBuf::from(dir);
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .map(|entries| {
            entries
                .filter_map(|entry| {
                    let entry = entry.ok()?;
                    let version = entry.file_name().to_str()?.parse().ok()?;
                    let bin = entry.path().join("bin");
                    bin.join("postgres").exists().then_some((version, bin))
                })
                .collect()
        })
        .unwrap_or_default();
    versions.sort();
    versions.pop().map(|(_, bin)| bin).unwrap_or_else(|| {
        panic!("PostgreSQL server binaries are missing: run `bash scripts/ensure-tools.sh --test-services` (make test does)")
    })
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|out| String::from_utf8_lossy(&out.stdout).trim() == "0")
        .unwrap_or(false)
}

/// A command run as the postgres user when we are root.
fn as_owner(program: &Path) -> Command {
    if is_root() {
        let mut command = Command::new("runuser");
        command.args(["-u", "postgres", "--"]).arg(program);
        command
    } else {
        Command::new(program)
    }
}

/// A running PostgreSQL server.
pub struct Postgres {
    wrapper: Option<(Child, ChildStdin)>,
    pub port: u16,
    dir: TempDir,
}

/// How [`Postgres::stop`] stops the server.
#[derive(Debug, Clone, Copy)]
pub enum Stop {
    /// SIGINT, "fast" shutdown: sessions are ended and the server exits cleanly.
    Fast,
    /// SIGQUIT, "immediate" shutdown: every process exits at once, as in a crash, and the next
    /// start recovers from the write-ahead log.
    Crash,
}

impl Postgres {
    /// Initialises and starts a server; returns once it accepts connections.
    pub fn start() -> Self {
        let bin = bin_dir();
        let dir = TempDir::new("pg");
        let data = dir.path().join("data");
        if is_root() {
            let status = Command::new("chown")
                .args(["-R", "postgres:postgres"])
                .arg(dir.path())
                .status()
                .unwrap();
            assert!(status.success());
        }
        let output = as_owner(&bin.join("initdb"))
            .args(["-D"])
            .arg(&data)
            .args(["-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"])
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "initdb failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let mut server = Self {
            wrapper: None,
            port: free_port(),
            dir,
        };
        server.start_again();
        server
    }

    /// Starts the server (again) on its port and data folder; returns once it accepts
    /// connections.
    pub fn start_again(&mut self) {
        assert!(self.wrapper.is_none(), "PostgreSQL is running");
        let dir = self.dir.path();
        let port = self.port;
        // The wrapper starts the server, waits for a line on its standard input naming a signal
        // or for the input to close, then stops the server with that signal (SIGINT, a fast
        // shutdown, when the input closes) and waits for it.
        let script = format!(
            "'{}' -D '{}' -h 127.0.0.1 -p {port} -k '{}' -c fsync=off -c max_connections=100 \
             >>'{}' 2>&1 & pid=$!; read -r sig; kill -${{sig:-INT}} $pid; wait $pid",
            bin_dir().join("postgres").display(),
            dir.join("data").display(),
            dir.display(),
            dir.join("postgres.log").display(),
        );
        let mut wrapper = as_owner(Path::new("/bin/sh"))
            .args(["-c", &script])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            // A file, not the test runner's stderr, which the wrapper could otherwise hold open.
            .stderr(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(dir.join("wrapper.log"))
                    .unwrap(),
            )
            .spawn()
            .unwrap();
        let stdin = wrapper.stdin.take().unwrap();
        self.wrapper = Some((wrapper, stdin));
        let deadline = Instant::now() + Duration::from_secs(60);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "PostgreSQL did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        // Accepting TCP is not yet accepting queries; give it a moment to finish recovery.
        std::thread::sleep(Duration::from_millis(300));
    }

    /// Stops the server as `how` says and waits until it has exited; its port then refuses
    /// connections until [`Self::start_again`].
    pub fn stop(&mut self, how: Stop) {
        if let Some((mut wrapper, mut stdin)) = self.wrapper.take() {
            let signal = match how {
                Stop::Fast => "INT",
                Stop::Crash => "QUIT",
            };
            let _ = writeln!(stdin, "{signal}");
            let _ = stdin.flush();
            drop(stdin);
            let _ = wrapper.wait();
        }
    }

    /// A URL for a fresh database named `name`.
    pub fn database(&self, name: &str) -> String {
        let psql = bin_dir().join("psql");
        let psql = if psql.exists() {
            psql
        } else {
            PathBuf::from("psql")
        };
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let output = Command::new(&psql)
                .args([
                    "-h",
                    "127.0.0.1",
                    "-p",
                    &self.port.to_string(),
                    "-U",
                    "postgres",
                    "-c",
                ])
                .arg(format!("CREATE DATABASE {name}"))
                .output()
                .unwrap();
            if output.status.success() {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "CREATE DATABASE failed: {}",
                String::from_utf8_lossy(&output.stderr)
            );
            std::thread::sleep(Duration::from_millis(200));
        }
        format!("postgres://postgres@127.0.0.1:{}/{name}", self.port)
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        self.stop(Stop::Fast);
    }
}
