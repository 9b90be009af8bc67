//! Delivery: an SMTP server through lettre's pooled tokio transport, or `.eml` files named by the
//! enquiry id when no SMTP server is configured (so a fresh machine loses nothing and a second
//! delivery of the same enquiry replaces its file).

use std::path::PathBuf;

use lettre::transport::smtp::AsyncSmtpTransport;
use lettre::{AsyncTransport, Message, Tokio1Executor};

use super::config::{Destination, MailConfigError, SMTP_TIMEOUT};

/// Why one delivery failed; the worker retries all of them.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// The SMTP server refused the message or could not be reached.
    #[error("SMTP delivery failed: {0}")]
    Smtp(#[from] lettre::transport::smtp::Error),
    /// The `.eml` file could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The stored enquiry could not be read back.
    #[error("the stored enquiry cannot be read: {0}")]
    Payload(#[from] serde_json::Error),
    /// The message could not be composed.
    #[error("the mail cannot be composed: {0}")]
    Compose(#[from] lettre::error::Error),
}

/// Checks an SMTP URL without connecting.
pub fn check_smtp_url(url: &str) -> Result<(), MailConfigError> {
    AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
        .map(drop)
        .map_err(|error| MailConfigError::SmtpUrl(error.to_string()))
}

/// The pooled SMTP transport for `url`. Building it starts the pool's task, so call it inside
/// the tokio runtime.
fn smtp(url: &str) -> Result<AsyncSmtpTransport<Tokio1Executor>, MailConfigError> {
    let builder = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
        .map_err(|error| MailConfigError::SmtpUrl(error.to_string()))?;
    Ok(builder.timeout(Some(SMTP_TIMEOUT)).build())
}

/// Where the worker delivers.
#[derive(Clone)]
pub enum Deliverer {
    /// An SMTP server.
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    /// A folder of `.eml` files.
    Folder(PathBuf),
}

impl std::fmt::Debug for Deliverer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Smtp(_) => f.write_str("Deliverer::Smtp"),
            Self::Folder(dir) => write!(f, "Deliverer::Folder({})", dir.display()),
        }
    }
}

impl Deliverer {
    /// The deliverer for a checked destination; call it inside the tokio runtime.
    pub fn new(destination: &Destination) -> Result<Self, MailConfigError> {
        Ok(match destination {
            Destination::Smtp(url) => Self::Smtp(smtp(url)?),
            Destination::Folder(dir) => Self::Folder(dir.clone()),
        })
    }

    /// Where mail goes, for the start-up log (never the SMTP password).
    pub fn describe(&self) -> String {
        match self {
            Self::Smtp(_) => "SMTP server (ONESPACE_SMTP_URL)".to_owned(),
            Self::Folder(dir) => format!(".eml files in {}", dir.display()),
        }
    }

    /// Delivers the mail about enquiry `id`; `Ok` means the server accepted it or the file is
    /// complete on disk.
    pub async fn deliver(&self, id: &str, message: &Message) -> Result<(), MailError> {
        match self {
            Self::Smtp(transport) => {
                transport.send(message.clone()).await?;
                Ok(())
            }
            Self::Folder(dir) => {
                let write = |path: PathBuf| move |source| MailError::Write { path, source };
                tokio::fs::create_dir_all(dir)
                    .await
                    .map_err(write(dir.clone()))?;
                let path = dir.join(format!("{id}.eml"));
                let partial = dir.join(format!(".{id}.eml.partial"));
                tokio::fs::write(&partial, message.formatted())
                    .await
                    .map_err(write(partial.clone()))?;
                tokio::fs::rename(&partial, &path)
                    .await
                    .map_err(write(path.clone()))?;
                Ok(())
            }
        }
    }
}
