//! Mail settings from flags and environment variables, checked at start with messages naming
//! the variable.

use std::path::{Path, PathBuf};
use std::time::Duration;

use lettre::message::Mailbox;

/// Raw mail settings.
#[derive(Debug, Clone, clap::Args)]
pub struct MailArgs {
    /// SMTP server as a URL: `smtp://user:password@host:587?tls=required` (STARTTLS),
    /// `smtps://user:password@host:465` (TLS) or `smtp://host:25` (plain, local relays only).
    /// Without it, mail is written as .eml files to the data folder's `outbox/`.
    #[arg(long, env = "ONESPACE_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,
    /// The SMTP login's user name, when it is not in `ONESPACE_SMTP_URL` (with
    /// `ONESPACE_SMTP_PASSWORD`; neither needs percent-encoding here).
    #[arg(long, env = "ONESPACE_SMTP_USERNAME")]
    pub smtp_username: Option<String>,
    /// The SMTP login's password, when it is not in `ONESPACE_SMTP_URL`.
    #[arg(long, env = "ONESPACE_SMTP_PASSWORD", hide_env_values = true)]
    pub smtp_password: Option<String>,
    /// A PEM file of certificate authorities to trust for the SMTP server's certificate besides
    /// the public ones (a relay with a private CA).
    #[arg(long, env = "ONESPACE_SMTP_CA_FILE")]
    pub smtp_ca_file: Option<PathBuf>,
    /// Who receives the studio's enquiry mail.
    #[arg(long, env = "ONESPACE_MAIL_TO", default_value = DEFAULT_TO)]
    pub mail_to: String,
    /// The sender of the studio's enquiry mail (its domain also names the Message-IDs).
    #[arg(long, env = "ONESPACE_MAIL_FROM", default_value = DEFAULT_FROM)]
    pub mail_from: String,
    /// Seconds a worker holds a claimed mail before another worker may take it.
    #[arg(long, env = "ONESPACE_MAIL_LEASE_SECONDS", default_value = "120")]
    pub mail_lease_seconds: String,
    /// Longest wait between two delivery attempts of one mail, in seconds.
    #[arg(long, env = "ONESPACE_MAIL_RETRY_MAX_SECONDS", default_value = "3600")]
    pub mail_retry_max_seconds: String,
}

/// The default recipient of enquiries: the studio's inbox. An operations setting, kept apart from
/// the published address in `studio.toml` (which the studio edits while the server runs), so that
/// an edit to the website's contact details never silently redirects stored enquiries.
pub const DEFAULT_TO: &str = "hello@onespacestudio.co.uk";

/// The default sender.
pub const DEFAULT_FROM: &str = "One Space website <website@onespacestudio.co.uk>";

/// How long one SMTP conversation may take, connecting and TLS to the server's answer after the
/// message: a relay that stops answering is given up on after it and tried again later.
pub const SMTP_TIMEOUT: Duration = Duration::from_secs(10);

/// A mail setting that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum MailConfigError {
    /// `ONESPACE_SMTP_URL` is not an SMTP URL lettre understands.
    #[error(
        "ONESPACE_SMTP_URL (--smtp-url): {0}; expected smtp://user:password@host:587?tls=required, \
         smtps://user:password@host:465 or smtp://host:25"
    )]
    SmtpUrl(String),
    /// The SMTP login is given in a way that cannot be used or would travel unencrypted.
    #[error("{0}")]
    SmtpLogin(String),
    /// `ONESPACE_SMTP_CA_FILE` cannot be read or used.
    #[error("ONESPACE_SMTP_CA_FILE (--smtp-ca-file): {0}")]
    SmtpCaFile(String),
    /// `ONESPACE_MAIL_TO` is not an address.
    #[error("ONESPACE_MAIL_TO (--mail-to): '{0}' is not an e-mail address")]
    To(String),
    /// `ONESPACE_MAIL_FROM` is not an address.
    #[error(
        "ONESPACE_MAIL_FROM (--mail-from): '{0}' is not an e-mail address such as \
         'One Space website <website@onespacestudio.co.uk>'"
    )]
    From(String),
    /// A number of seconds is not a whole number in range.
    #[error("{name}: '{value}' must be a whole number of seconds from {min} to {max}")]
    Seconds {
        /// Variable and flag.
        name: &'static str,
        /// Given value.
        value: String,
        /// Smallest accepted.
        min: u64,
        /// Largest accepted.
        max: u64,
    },
}

/// Where mail goes.
#[derive(Debug, Clone)]
pub enum Destination {
    /// An SMTP server.
    Smtp(SmtpRelay),
    /// `.eml` files in this folder.
    Folder(PathBuf),
}

/// How the connection to the SMTP server is protected, from the URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmtpSecurity {
    /// `smtp://host` without `tls`: plain text, for a relay on the same machine.
    Plain,
    /// `smtp://host?tls=opportunistic`: STARTTLS when the server offers it, plain otherwise.
    Opportunistic,
    /// `smtp://host?tls=required`: STARTTLS, and nothing is sent if the server does not offer it.
    StartTls,
    /// `smtps://host`: TLS from the first byte (implicit TLS, port 465).
    Tls,
}

/// A checked SMTP server setting.
#[derive(Clone)]
pub struct SmtpRelay {
    /// The URL as given (it may contain the password: never log it).
    pub url: String,
    /// The host, which the server's certificate must name.
    pub host: String,
    /// How the connection is protected.
    pub security: SmtpSecurity,
    /// User name and password from `ONESPACE_SMTP_USERNAME` and `ONESPACE_SMTP_PASSWORD`
    /// (lettre reads a login in the URL itself).
    pub login: Option<(String, String)>,
    /// Extra certificate authorities (PEM) from `ONESPACE_SMTP_CA_FILE`.
    pub extra_roots: Option<Vec<u8>>,
}

impl std::fmt::Debug for SmtpRelay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpRelay")
            .field("host", &self.host)
            .field("security", &self.security)
            .field("login", &self.login.as_ref().map(|(user, _)| user))
            .field("extra_roots", &self.extra_roots.is_some())
            .finish_non_exhaustive()
    }
}

/// Checked mail settings.
#[derive(Debug, Clone)]
pub struct MailConfig {
    /// SMTP server or folder.
    pub destination: Destination,
    /// Recipient.
    pub to: Mailbox,
    /// Sender.
    pub from: Mailbox,
    /// Claim lease.
    pub lease: Duration,
    /// Longest retry delay.
    pub retry_max: Duration,
}

impl MailArgs {
    /// Checks every value; `data_dir` holds the `.eml` folder when no SMTP server is set.
    pub fn validate(&self, data_dir: &Path) -> Result<MailConfig, MailConfigError> {
        let destination = match self.smtp_url.as_deref().map(str::trim) {
            Some(url) if !url.is_empty() => Destination::Smtp(self.relay(url)?),
            _ => Destination::Folder(data_dir.join("outbox")),
        };
        let to = self
            .mail_to
            .parse()
            .map_err(|_| MailConfigError::To(self.mail_to.clone()))?;
        let from = self
            .mail_from
            .parse()
            .map_err(|_| MailConfigError::From(self.mail_from.clone()))?;
        let lease = seconds(
            "ONESPACE_MAIL_LEASE_SECONDS (--mail-lease-seconds)",
            &self.mail_lease_seconds,
            2,
            86_400,
        )?;
        let retry_max = seconds(
            "ONESPACE_MAIL_RETRY_MAX_SECONDS (--mail-retry-max-seconds)",
            &self.mail_retry_max_seconds,
            1,
            7 * 86_400,
        )?;
        Ok(MailConfig {
            destination,
            to,
            from,
            lease,
            retry_max,
        })
    }
}

impl MailArgs {
    /// Checks the SMTP URL, the login and the extra certificate authorities together: a login
    /// is refused unless TLS protects it (`smtps://` or `tls=required`), so a password never
    /// crosses the network in clear text.
    fn relay(&self, url: &str) -> Result<SmtpRelay, MailConfigError> {
        super::transport::check_smtp_url(url)?;
        let parsed =
            url::Url::parse(url).map_err(|error| MailConfigError::SmtpUrl(error.to_string()))?;
        let host = parsed
            .host_str()
            .ok_or_else(|| MailConfigError::SmtpUrl("no host".to_owned()))?
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_owned();
        let tls = parsed
            .query_pairs()
            .find(|(name, _)| name == "tls")
            .map(|(_, value)| value.into_owned());
        let security = match (parsed.scheme(), tls.as_deref()) {
            ("smtps", _) => SmtpSecurity::Tls,
            ("smtp", Some("required")) => SmtpSecurity::StartTls,
            ("smtp", Some("opportunistic")) => SmtpSecurity::Opportunistic,
            _ => SmtpSecurity::Plain,
        };
        let in_url = !parsed.username().is_empty() || parsed.password().is_some();
        let login = match (self.smtp_username.as_deref(), self.smtp_password.as_deref()) {
            (None, None) => None,
            (Some(user), Some(password)) if !user.is_empty() && !password.is_empty() => {
                Some((user.to_owned(), password.to_owned()))
            }
            _ => {
                return Err(MailConfigError::SmtpLogin(
                    "ONESPACE_SMTP_USERNAME and ONESPACE_SMTP_PASSWORD (--smtp-username, \
                     --smtp-password) go together: set both, or neither"
                        .to_owned(),
                ))
            }
        };
        if in_url && login.is_some() {
            return Err(MailConfigError::SmtpLogin(
                "the SMTP login is given twice: in ONESPACE_SMTP_URL and in \
                 ONESPACE_SMTP_USERNAME/ONESPACE_SMTP_PASSWORD; keep one"
                    .to_owned(),
            ));
        }
        let encrypted = matches!(security, SmtpSecurity::StartTls | SmtpSecurity::Tls);
        if (in_url || login.is_some()) && !encrypted {
            return Err(MailConfigError::SmtpLogin(
                "ONESPACE_SMTP_URL (--smtp-url): a login is sent only over TLS; use \
                 smtps://host:465 or smtp://host:587?tls=required"
                    .to_owned(),
            ));
        }
        let extra_roots = match &self.smtp_ca_file {
            None => None,
            Some(_) if security == SmtpSecurity::Plain => return Err(MailConfigError::SmtpCaFile(
                "only used with TLS, and ONESPACE_SMTP_URL has none (smtps:// or ?tls=required)"
                    .to_owned(),
            )),
            Some(path) => {
                let pem = std::fs::read(path).map_err(|error| {
                    MailConfigError::SmtpCaFile(format!("cannot read {}: {error}", path.display()))
                })?;
                super::transport::check_certificates(&pem).map_err(|why| {
                    MailConfigError::SmtpCaFile(format!("{}: {why}", path.display()))
                })?;
                Some(pem)
            }
        };
        Ok(SmtpRelay {
            url: url.to_owned(),
            host,
            security,
            login,
            extra_roots,
        })
    }
}

impl Default for MailArgs {
    fn default() -> Self {
        Self {
            smtp_url: None,
            smtp_username: None,
            smtp_password: None,
            smtp_ca_file: None,
            mail_to: DEFAULT_TO.to_owned(),
            mail_from: DEFAULT_FROM.to_owned(),
            mail_lease_seconds: "120".to_owned(),
            mail_retry_max_seconds: "3600".to_owned(),
        }
    }
}

fn seconds(
    name: &'static str,
    value: &str,
    min: u64,
    max: u64,
) -> Result<Duration, MailConfigError> {
    match value.trim().parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(Duration::from_secs(n)),
        _ => Err(MailConfigError::Seconds {
            name,
            value: value.to_owned(),
            min,
            max,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_write_files_to_the_studio() {
        let config = MailArgs::default()
            .validate(Path::new("data"))
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(config.to.email.to_string(), DEFAULT_TO);
        assert!(
            matches!(config.destination, Destination::Folder(ref dir) if dir.ends_with("outbox"))
        );
    }

    #[test]
    fn names_the_bad_variable() {
        let cases = [
            (
                MailArgs {
                    smtp_url: Some("http://x".into()),
                    ..MailArgs::default()
                },
                "ONESPACE_SMTP_URL",
            ),
            (
                MailArgs {
                    mail_to: "nobody".into(),
                    ..MailArgs::default()
                },
                "ONESPACE_MAIL_TO",
            ),
            (
                MailArgs {
                    mail_from: "a\r\nBcc: x@y.z".into(),
                    ..MailArgs::default()
                },
                "ONESPACE_MAIL_FROM",
            ),
            (
                MailArgs {
                    mail_lease_seconds: "0".into(),
                    ..MailArgs::default()
                },
                "ONESPACE_MAIL_LEASE_SECONDS",
            ),
            (
                MailArgs {
                    mail_retry_max_seconds: "soon".into(),
                    ..MailArgs::default()
                },
                "ONESPACE_MAIL_RETRY_MAX_SECONDS",
            ),
        ];
        for (args, name) in cases {
            let message = args
                .validate(Path::new("d"))
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default();
            assert!(message.contains(name), "{name}: {message}");
        }
    }

    fn smtp(url: &str) -> MailArgs {
        MailArgs {
            smtp_url: Some(url.into()),
            ..MailArgs::default()
        }
    }

    fn refusal(args: &MailArgs) -> String {
        args.validate(Path::new("d"))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    }

    #[test]
    fn a_login_travels_only_over_tls_and_is_given_once() {
        let relay = |args: &MailArgs| match args.validate(Path::new("d")) {
            Ok(MailConfig {
                destination: Destination::Smtp(relay),
                ..
            }) => relay,
            other => panic!("{other:?}"),
        };
        let starttls = relay(&smtp("smtp://u:secret@mail.example:587?tls=required"));
        assert_eq!(starttls.security, SmtpSecurity::StartTls);
        assert_eq!(starttls.host, "mail.example");
        assert!(!format!("{starttls:?}").contains("secret"));
        assert_eq!(
            relay(&smtp("smtps://mail.example")).security,
            SmtpSecurity::Tls
        );
        assert_eq!(
            relay(&smtp("smtp://127.0.0.1:25")).security,
            SmtpSecurity::Plain
        );
        let in_config = relay(&MailArgs {
            smtp_username: Some("website@onespacestudio.co.uk".into()),
            smtp_password: Some("p@ss:word/".into()),
            ..smtp("smtps://mail.example:465")
        });
        assert_eq!(
            in_config.login.as_ref().map(|(user, _)| user.as_str()),
            Some("website@onespacestudio.co.uk")
        );

        for url in [
            "smtp://u:secret@mail.example:25",
            "smtp://u:secret@mail.example?tls=opportunistic",
        ] {
            let message = refusal(&smtp(url));
            assert!(message.contains("only over TLS"), "{url}: {message}");
            assert!(!message.contains("secret"), "{message}");
        }
        let twice = refusal(&MailArgs {
            smtp_username: Some("u".into()),
            smtp_password: Some("secret".into()),
            ..smtp("smtps://v:other@mail.example")
        });
        assert!(twice.contains("given twice"), "{twice}");
        let half = refusal(&MailArgs {
            smtp_username: Some("u".into()),
            ..smtp("smtps://mail.example")
        });
        assert!(half.contains("go together"), "{half}");
    }

    #[test]
    fn the_ca_file_must_be_certificates_for_a_tls_relay() {
        let dir = std::env::temp_dir().join(format!("onespace-ca-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let junk = dir.join("junk.pem");
        std::fs::write(&junk, "not a certificate").unwrap_or_else(|e| panic!("{e}"));
        let with = |url: &str, path: PathBuf| MailArgs {
            smtp_ca_file: Some(path),
            ..smtp(url)
        };
        let missing = refusal(&with("smtps://mail.example", dir.join("missing.pem")));
        assert!(
            missing.contains("ONESPACE_SMTP_CA_FILE") && missing.contains("cannot read"),
            "{missing}"
        );
        let bad = refusal(&with("smtps://mail.example", junk.clone()));
        assert!(
            bad.contains("ONESPACE_SMTP_CA_FILE") && bad.contains("no PEM certificate"),
            "{bad}"
        );
        let plain = refusal(&with("smtp://127.0.0.1:25", junk));
        assert!(plain.contains("only used with TLS"), "{plain}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
