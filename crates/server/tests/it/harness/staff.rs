//! The staff area's test parts, shared by the tests that drive it as a browser would: a
//! running site with its data folder, database and moved studio clock (`Site`), accounts set up
//! from `onespace studio add-user` links, and a client that keeps cookies and sends `Origin`
//! (`Browser`). The `staff_area` tests and the studio's content tests (photos, preview,
//! schedules) use them.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use super::postgres::Postgres;
use super::{binary, request, Response, Server, TempDir};
use totp_rs::{Builder, Secret};

/// A strong password the area accepts.
pub const PASSWORD: &str = "ember sauna plunge lantern 42";

/// The one PostgreSQL server of the cases below, started by the first that needs it.
pub fn postgres() -> &'static Postgres {
    static SERVER: OnceLock<Postgres> = OnceLock::new();
    SERVER.get_or_init(Postgres::start)
}

/// Defines the SQLite and the PostgreSQL variant of each case `async fn name(db: Db, name: &str)`,
/// given its name; on PostgreSQL the name is prefixed with the file's own (`"photos_"`; the
/// staff area's own cases have none), since each case's database is named after it on the one
/// PostgreSQL server ([`postgres`]) that every file using this macro shares.
macro_rules! on_both {
    ($prefix:literal; $($case:ident),* $(,)?) => {
        $(
            mod $case {
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn sqlite() {
                    super::$case(super::Db::Sqlite, stringify!($case)).await;
                }

                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn postgres() {
                    super::$case(super::Db::Postgres, concat!($prefix, stringify!($case))).await;
                }
            }
        )*
    };
}
pub(crate) use on_both;

/// Which database a case runs on.
#[derive(Debug, Clone, Copy)]
pub enum Db {
    Sqlite,
    Postgres,
}

/// A running site with its data folder, its database and its studio clock.
pub struct Site {
    pub server: Server,
    pub dir: TempDir,
    pub database_url: Option<String>,
    pub clock: PathBuf,
    pub offset: std::cell::Cell<i64>,
    pub env: Vec<(String, String)>,
}

impl Site {
    pub async fn start(db: Db, name: &str) -> Self {
        Self::start_with(db, name, &[]).await
    }

    pub async fn start_with(db: Db, name: &str, env: &[(&str, &str)]) -> Self {
        let dir = TempDir::new("studio");
        let database_url = match db {
            Db::Sqlite => None,
            Db::Postgres => {
                let name = name.to_owned();
                Some(
                    tokio::task::spawn_blocking(move || postgres().database(&name))
                        .await
                        .unwrap(),
                )
            }
        };
        let clock = dir.path().join("studio-clock");
        std::fs::write(&clock, "0").unwrap();
        let clock_text = clock.display().to_string();
        let mut all: Vec<(&str, &str)> = vec![("ONESPACE_STUDIO_CLOCK_FILE", &clock_text)];
        if let Some(url) = &database_url {
            all.push(("DATABASE_URL", url));
        }
        all.extend_from_slice(env);
        let server = Server::start(dir.path(), &all).await;
        let env = all
            .iter()
            .map(|(name, value)| ((*name).to_owned(), (*value).to_owned()))
            .collect();
        Self {
            server,
            dir,
            database_url,
            clock,
            offset: std::cell::Cell::new(0),
            env,
        }
    }

    /// Stops the server and starts it again on the same data and database.
    pub async fn restart(self) -> Self {
        let Self {
            server,
            dir,
            database_url,
            clock,
            offset,
            env,
        } = self;
        server.kill();
        let pairs: Vec<(&str, &str)> = env
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_str()))
            .collect();
        let server = Server::start(dir.path(), &pairs).await;
        Self {
            server,
            dir,
            database_url,
            clock,
            offset,
            env,
        }
    }

    /// Moves the studio's clock on by `seconds`.
    pub fn advance(&self, seconds: i64) {
        self.offset.set(self.offset.get() + seconds);
        std::fs::write(&self.clock, self.offset.get().to_string()).unwrap();
    }

    /// The studio's time now, in Unix seconds.
    pub fn now_seconds(&self) -> u64 {
        let real = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs();
        u64::try_from(i64::try_from(real).unwrap() + self.offset.get()).unwrap()
    }

    /// `onespace studio add-user EMAIL --role ROLE` on this site's database: the link's path.
    pub fn add_user(&self, email: &str, role: &str) -> String {
        let mut command = Command::new(binary());
        command
            .args(["studio", "add-user", email, "--role", role, "--data"])
            .arg(self.dir.path())
            .args(["--public-url", "https://www.onespacestudio.co.uk"])
            .env("ONESPACE_STUDIO_CLOCK_FILE", &self.clock)
            .env_remove("DATABASE_URL");
        if let Some(url) = &self.database_url {
            command.env("DATABASE_URL", url);
        }
        let output = command.output().unwrap();
        assert!(output.status.success(), "{output:?}");
        let text = String::from_utf8(output.stdout).unwrap();
        let link = text.lines().nth(1).unwrap().trim().to_owned();
        link.strip_prefix("https://www.onespacestudio.co.uk")
            .unwrap()
            .to_owned()
    }

    pub fn browser(&self) -> Browser {
        Browser {
            addr: self.server.addr.clone(),
            cookies: BTreeMap::new(),
            last_set_cookies: Vec::new(),
        }
    }

    /// The TOTP code of `secret` at the studio's time, `steps` steps of 30 s later (earlier when
    /// negative).
    pub fn code(&self, secret: &str, steps: i64) -> String {
        let totp = Builder::new()
            .with_secret(Secret::try_from_base32(secret).unwrap())
            .build()
            .unwrap();
        let at = self.now_seconds().checked_add_signed(steps * 30).unwrap();
        totp.generate(at).to_string()
    }

    /// Sets up an account for `email` with `role`: returns its TOTP secret and recovery codes.
    pub async fn account(&self, email: &str, role: &str) -> (String, Vec<String>) {
        let link = self.add_user(email, role);
        let mut browser = self.browser();
        let page = browser.get(&link).await;
        assert_eq!(page.status, 200, "{}", page.text());
        let secret = secret_of(&page.text());
        let code = self.code(&secret, 0);
        let done = browser
            .post(
                &link,
                &[
                    ("csrf", &csrf(&page.text())),
                    ("password", PASSWORD),
                    ("confirm", PASSWORD),
                    ("code", &code),
                ],
            )
            .await;
        assert_eq!(done.status, 200, "{}", done.text());
        // The set-up used this step's code: sign-ins need the next.
        self.advance(30);
        (secret, recovery_codes(&done.text()))
    }

    /// A browser signed in as `email` (set up with [`PASSWORD`] and `secret`).
    pub async fn signed_in(&self, email: &str, secret: &str) -> Browser {
        let mut browser = self.browser();
        let response = browser.sign_in(email, PASSWORD).await;
        assert_eq!(response.status, 303, "{}", response.text());
        assert_eq!(response.header("location"), Some("/studio/sign-in/code"));
        let done = browser.enter_code(&self.code(secret, 0)).await;
        assert_eq!(done.status, 303, "{}", done.text());
        assert_eq!(done.header("location"), Some("/studio/enquiries"));
        // Each code is used once: the next sign-in in this test needs the next step.
        self.advance(30);
        browser
    }

    pub fn log(&self) -> String {
        self.server.log()
    }
}

/// A client that keeps cookies as a browser does and sends `Origin` on posts.
pub struct Browser {
    pub addr: String,
    pub cookies: BTreeMap<String, String>,
    pub last_set_cookies: Vec<String>,
}

impl Browser {
    pub fn origin(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn cookie_header(&self) -> String {
        self.cookies
            .iter()
            .map(|(name, value)| format!("{name}={value}"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    pub fn keep_cookies(&mut self, response: &Response) {
        self.last_set_cookies = response
            .headers
            .iter()
            .filter(|(name, _)| name.eq_ignore_ascii_case("set-cookie"))
            .map(|(_, value)| value.clone())
            .collect();
        for line in &self.last_set_cookies {
            let pair = line.split(';').next().unwrap();
            let (name, value) = pair.split_once('=').unwrap();
            let removed = line.to_ascii_lowercase().contains("max-age=0") || value.is_empty();
            if removed {
                self.cookies.remove(name.trim());
            } else {
                self.cookies
                    .insert(name.trim().to_owned(), value.trim().to_owned());
            }
        }
    }

    pub async fn send(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> Response {
        let cookie = self.cookie_header();
        let mut all: Vec<(&str, &str)> = headers.to_vec();
        if !cookie.is_empty() {
            all.push(("Cookie", &cookie));
        }
        let response = request(&self.addr, method, path, &all, body).await.unwrap();
        self.keep_cookies(&response);
        response
    }

    pub async fn get(&mut self, path: &str) -> Response {
        self.send("GET", path, &[], b"").await
    }

    pub async fn post(&mut self, path: &str, fields: &[(&str, &str)]) -> Response {
        let origin = self.origin();
        self.post_with(path, fields, &[("Origin", &origin)]).await
    }

    pub async fn post_with(
        &mut self,
        path: &str,
        fields: &[(&str, &str)],
        headers: &[(&str, &str)],
    ) -> Response {
        let body = serde_urlencoded::to_string(fields).unwrap();
        let mut all = vec![("Content-Type", "application/x-www-form-urlencoded")];
        all.extend_from_slice(headers);
        self.send("POST", path, &all, body.as_bytes()).await
    }

    /// Step one of signing in, from a fresh sign-in page.
    pub async fn sign_in(&mut self, email: &str, password: &str) -> Response {
        let page = self.get("/studio/sign-in").await;
        assert_eq!(page.status, 200, "{}", page.text());
        self.post(
            "/studio/sign-in",
            &[
                ("csrf", &csrf(&page.text())),
                ("email", email),
                ("password", password),
            ],
        )
        .await
    }

    /// Step two of signing in: a code from the authenticator.
    pub async fn enter_code(&mut self, code: &str) -> Response {
        let token = self.csrf_of("/studio/sign-in/code").await;
        self.post("/studio/sign-in/code", &[("csrf", &token), ("code", code)])
            .await
    }

    /// Step two of signing in with a recovery code.
    pub async fn enter_recovery_code(&mut self, code: &str) -> Response {
        let token = self.csrf_of("/studio/sign-in/code?recovery=1").await;
        let fields = [
            ("csrf", token.as_str()),
            ("kind", "recovery"),
            ("code", code),
        ];
        self.post("/studio/sign-in/code", &fields).await
    }

    /// Invites `email` as `role` from the Staff page, confirmed with [`PASSWORD`].
    pub async fn invite(&mut self, email: &str, role: &str) -> Response {
        let token = self.csrf_of("/studio/staff").await;
        let fields = [
            ("csrf", token.as_str()),
            ("email", email),
            ("role", role),
            ("password", PASSWORD),
        ];
        self.post("/studio/staff/invite", &fields).await
    }

    /// A page's form token, read from a fresh GET of `path`.
    pub async fn csrf_of(&mut self, path: &str) -> String {
        let page = self.get(path).await;
        assert_eq!(page.status, 200, "{path}: {}", page.text());
        csrf(&page.text())
    }
}

/// The value of the first hidden `csrf` field in `html`.
pub fn csrf(html: &str) -> String {
    let start = html.find(r#"name="csrf" value=""#).expect("no form token") + 19;
    html[start..].split('"').next().unwrap().to_owned()
}

/// The path of the set-up link an invitation's answer shows.
pub fn set_up_link(html: &str) -> String {
    let start = html
        .find("https://www.onespacestudio.co.uk/studio/set-up/")
        .expect("a set-up link");
    html[start + 32..].split('<').next().unwrap().to_owned()
}

/// The TOTP secret a set-up page shows (base32 in groups of four).
pub fn secret_of(html: &str) -> String {
    let start = html.find(r#"class="studio-secret">"#).unwrap() + 22;
    html[start..].split('<').next().unwrap().replace(' ', "")
}

/// The recovery codes on the set-up's last page.
pub fn recovery_codes(html: &str) -> Vec<String> {
    html.split("<li><code>")
        .skip(1)
        .map(|part| part.split('<').next().unwrap().to_owned())
        .collect()
}
