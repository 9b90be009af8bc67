//! Server configuration: command-line flags with environment-variable fallbacks, checked once
//! at start so that a missing or malformed value stops the server with a message naming it.

use std::net::SocketAddr;
use std::path::PathBuf;

/// A configuration value that cannot be used; the message names the flag and the variable.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// `--addr` / `ONESPACE_ADDR` is not `HOST:PORT`.
    #[error("ONESPACE_ADDR (--addr): '{0}' is not a HOST:PORT address such as 127.0.0.1:8080")]
    Addr(String),
    /// `--public-url` / `ONESPACE_PUBLIC_URL` is not an absolute http(s) origin.
    #[error(
        "ONESPACE_PUBLIC_URL (--public-url): '{0}' must be an absolute http:// or https:// origin \
         without a path, such as https://www.onespacestudio.co.uk"
    )]
    PublicUrl(String),
    /// `--data` / `ONESPACE_DATA_DIR` is empty.
    #[error("ONESPACE_DATA_DIR (--data): the data folder must not be empty")]
    DataDir,
}

/// Raw values as given on the command line or in the environment.
#[derive(Debug, Clone, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "ONESPACE_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// Folder for the database and outgoing mail.
    #[arg(long = "data", env = "ONESPACE_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,
    /// Public origin used in canonical links, Open Graph tags and the sitemap.
    #[arg(long, env = "ONESPACE_PUBLIC_URL", default_value = DEFAULT_PUBLIC_URL)]
    pub public_url: String,
    /// Stop when standard input closes: lets a test harness that dies take the server with it.
    #[arg(long, hide = true)]
    pub stop_when_stdin_closes: bool,
}

/// The studio's public origin.
pub const DEFAULT_PUBLIC_URL: &str = "https://www.onespacestudio.co.uk";

/// Checked configuration.
#[derive(Debug, Clone)]
pub struct Config {
    /// Listening address.
    pub addr: SocketAddr,
    /// Data folder.
    pub data_dir: PathBuf,
    /// Public origin without a trailing slash.
    pub public_url: String,
}

impl ServeArgs {
    /// Checks every value, naming the first one that is wrong.
    pub fn validate(&self) -> Result<Config, ConfigError> {
        let addr = self
            .addr
            .parse()
            .map_err(|_| ConfigError::Addr(self.addr.clone()))?;
        if self.data_dir.as_os_str().is_empty() {
            return Err(ConfigError::DataDir);
        }
        Ok(Config {
            addr,
            data_dir: self.data_dir.clone(),
            public_url: public_origin(&self.public_url)?,
        })
    }
}

impl Config {
    /// Defaults suitable for tests and for rendering: public URL as in production.
    pub fn for_rendering() -> Self {
        Self {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data_dir: PathBuf::from("./data"),
            public_url: DEFAULT_PUBLIC_URL.to_owned(),
        }
    }
}

fn public_origin(raw: &str) -> Result<String, ConfigError> {
    let trimmed = raw.trim_end_matches('/');
    let rest = trimmed
        .strip_prefix("https://")
        .or_else(|| trimmed.strip_prefix("http://"));
    match rest {
        Some(host)
            if !host.is_empty()
                && !host.contains(['/', '?', '#', ' ', '"', '<', '>'])
                && !host.starts_with(':') =>
        {
            Ok(trimmed.to_owned())
        }
        _ => Err(ConfigError::PublicUrl(raw.to_owned())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(addr: &str, public_url: &str) -> ServeArgs {
        ServeArgs {
            addr: addr.to_owned(),
            data_dir: PathBuf::from("data"),
            public_url: public_url.to_owned(),
            stop_when_stdin_closes: false,
        }
    }

    #[test]
    fn accepts_good_values_and_trims_the_trailing_slash() {
        let config = args("127.0.0.1:9000", "https://example.org/")
            .validate()
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(config.addr.port(), 9000);
        assert_eq!(config.public_url, "https://example.org");
    }

    #[test]
    fn names_the_bad_value() {
        let error = args("localhost", DEFAULT_PUBLIC_URL).validate().err();
        assert!(error.is_some_and(|e| e.to_string().contains("ONESPACE_ADDR")));
        for bad in [
            "example.org",
            "https://",
            "https://a.org/path",
            "ftp://a.org",
        ] {
            let error = args("127.0.0.1:1", bad).validate().err();
            assert!(
                error.is_some_and(|e| e.to_string().contains("ONESPACE_PUBLIC_URL")),
                "{bad}"
            );
        }
    }
}
