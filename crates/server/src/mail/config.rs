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

/// How long one SMTP conversation may take.
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
    /// An SMTP server, by URL (contains the password: never log it).
    Smtp(String),
    /// `.eml` files in this folder.
    Folder(PathBuf),
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
            Some(url) if !url.is_empty() => {
                super::transport::check_smtp_url(url)?;
                Destination::Smtp(url.to_owned())
            }
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

impl Default for MailArgs {
    fn default() -> Self {
        Self {
            smtp_url: None,
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
}
