//! Delivery: an SMTP server through lettre's tokio transport, or `.eml` files named by the
//! enquiry id when no SMTP server is configured (so a fresh machine loses nothing and a second
//! delivery of the same enquiry replaces its file).
//!
//! Every delivery opens its own SMTP connection (STARTTLS or TLS and the login as the URL says)
//! and the whole conversation is bounded by [`SMTP_TIMEOUT`]: lettre bounds only the connect, so
//! a relay that stops answering mid-conversation (after the message, say) would otherwise hold
//! the delivery, and a stop of the server, for ever. A delivery given up on drops its
//! connection, which closes it.

use std::path::PathBuf;

use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
use lettre::transport::smtp::AsyncSmtpTransport;
use lettre::{AsyncTransport, Message, Tokio1Executor};

use super::config::{Destination, MailConfigError, SmtpRelay, SmtpSecurity, SMTP_TIMEOUT};

/// Why one delivery failed; the worker retries all of them.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// The SMTP server refused the message or could not be reached.
    #[error("SMTP delivery failed: {0}")]
    Smtp(lettre::transport::smtp::Error),
    /// The SMTP server refused the login (or asked for one that is not configured). The message
    /// is the server's reply, never the password.
    #[error(
        "SMTP delivery failed: the SMTP server refused the login; check the user name and \
         password (ONESPACE_SMTP_URL, or ONESPACE_SMTP_USERNAME and ONESPACE_SMTP_PASSWORD): {0}"
    )]
    LoginRefused(lettre::transport::smtp::Error),
    /// The TLS handshake failed, most often a certificate the server cannot be trusted with.
    #[error(
        "SMTP delivery failed: TLS with the SMTP server failed (a certificate not issued by a \
         trusted authority for this host? ONESPACE_SMTP_CA_FILE adds a private one): {0}"
    )]
    Tls(lettre::transport::smtp::Error),
    /// The SMTP server did not finish the conversation within [`SMTP_TIMEOUT`].
    #[error("SMTP delivery failed: the SMTP server did not answer within {} seconds", SMTP_TIMEOUT.as_secs())]
    Timeout,
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

/// Why `pem` cannot serve as extra certificate authorities, if it cannot.
pub fn check_certificates(pem: &[u8]) -> Result<(), String> {
    if !String::from_utf8_lossy(pem).contains("-----BEGIN CERTIFICATE-----") {
        return Err("no PEM certificate in it (-----BEGIN CERTIFICATE-----)".to_owned());
    }
    let certificate = Certificate::from_pem(pem).map_err(|error| error.to_string())?;
    TlsParameters::builder("localhost".to_owned())
        .add_root_certificate(certificate)
        .build()
        .map(drop)
        .map_err(|error| error.to_string())
}

/// The SMTP transport for a checked relay: lettre reads the URL (host, port, TLS mode, a login
/// in it); a login from the settings and extra certificate authorities are added here.
fn smtp(relay: &SmtpRelay) -> Result<AsyncSmtpTransport<Tokio1Executor>, MailConfigError> {
    let mut builder = AsyncSmtpTransport::<Tokio1Executor>::from_url(&relay.url)
        .map_err(|error| MailConfigError::SmtpUrl(error.to_string()))?;
    if let Some((user, password)) = &relay.login {
        builder = builder.credentials(Credentials::new(user.clone(), password.clone()));
    }
    if let Some(pem) = &relay.extra_roots {
        let failed =
            |error: lettre::transport::smtp::Error| MailConfigError::SmtpCaFile(error.to_string());
        let parameters = TlsParameters::builder(relay.host.clone())
            .add_root_certificate(Certificate::from_pem(pem).map_err(failed)?)
            .build()
            .map_err(failed)?;
        builder = builder.tls(match relay.security {
            SmtpSecurity::Tls => Tls::Wrapper(parameters),
            SmtpSecurity::StartTls => Tls::Required(parameters),
            SmtpSecurity::Opportunistic => Tls::Opportunistic(parameters),
            SmtpSecurity::Plain => Tls::None,
        });
    }
    Ok(builder.timeout(Some(SMTP_TIMEOUT)).build())
}

/// Whether a connection error came from the TLS handshake: lettre reports a certificate rustls
/// refused as a connection error, with rustls's reason (`invalid peer certificate: ...`) in it.
fn handshake_failed(error: &lettre::transport::smtp::Error) -> bool {
    let text = error.to_string().to_ascii_lowercase();
    text.contains("certificate") || text.contains("handshake")
}

/// The relay for the start-up log: host, protection and user name, never the password.
fn describe(relay: &SmtpRelay) -> String {
    let security = match relay.security {
        SmtpSecurity::Plain => "no TLS",
        SmtpSecurity::Opportunistic => "STARTTLS if offered",
        SmtpSecurity::StartTls => "STARTTLS required",
        SmtpSecurity::Tls => "TLS",
    };
    let login = if relay.login.is_some()
        || url::Url::parse(&relay.url).is_ok_and(|url| !url.username().is_empty())
    {
        ", with a login"
    } else {
        ""
    };
    format!("SMTP server {} ({security}{login})", relay.host)
}

/// The error for a failed conversation, naming a refused login or a failed TLS handshake.
fn smtp_error(error: lettre::transport::smtp::Error) -> MailError {
    // 530: authentication required; 534, 535: credentials refused or mechanism too weak.
    let code = error.status().map(u16::from);
    if matches!(code, Some(530 | 534 | 535)) {
        MailError::LoginRefused(error)
    } else if error.is_tls() || handshake_failed(&error) {
        MailError::Tls(error)
    } else {
        MailError::Smtp(error)
    }
}

/// Where the worker delivers.
#[derive(Clone)]
pub enum Deliverer {
    /// An SMTP server, and how the start-up log names it.
    Smtp(AsyncSmtpTransport<Tokio1Executor>, String),
    /// A folder of `.eml` files.
    Folder(PathBuf),
}

impl std::fmt::Debug for Deliverer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Smtp(_, about) => write!(f, "Deliverer::Smtp({about})"),
            Self::Folder(dir) => write!(f, "Deliverer::Folder({})", dir.display()),
        }
    }
}

impl Deliverer {
    /// The deliverer for a checked destination; call it inside the tokio runtime.
    pub fn new(destination: &Destination) -> Result<Self, MailConfigError> {
        Ok(match destination {
            Destination::Smtp(relay) => Self::Smtp(smtp(relay)?, describe(relay)),
            Destination::Folder(dir) => Self::Folder(dir.clone()),
        })
    }

    /// Where mail goes, for the start-up log (never the SMTP password).
    pub fn describe(&self) -> String {
        match self {
            Self::Smtp(_, about) => about.clone(),
            Self::Folder(dir) => format!(".eml files in {}", dir.display()),
        }
    }

    /// Delivers the mail about enquiry `id`; `Ok` means the server accepted it or the file is
    /// complete on disk.
    pub async fn deliver(&self, id: &str, message: &Message) -> Result<(), MailError> {
        match self {
            Self::Smtp(transport, _) => {
                match tokio::time::timeout(SMTP_TIMEOUT, transport.send(message.clone())).await {
                    Ok(Ok(_)) => Ok(()),
                    Ok(Err(error)) => Err(smtp_error(error)),
                    Err(_) => Err(MailError::Timeout),
                }
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
