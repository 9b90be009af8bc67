//! Where the schedule comes from: the provider's API base URL (configuration, so tests and a
//! staging account can point elsewhere), the studio's API key (a secret: configuration, never
//! content, never logged) and how it is sent, and how often it is read. The provider id is the
//! studio's content (`schedule.toml`), read at each refresh (`super::refresh`).

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use super::DEFAULT_REFRESH;

/// The provider's API, unless configured otherwise.
pub const TEAMUP_API_URL: &str = "https://goteamup.com/api/v2";

/// A schedule setting that cannot be used; the message names the flag and the variable, and
/// never shows the key.
#[derive(Debug, thiserror::Error)]
pub enum ScheduleConfigError {
    /// `--schedule-api-url` / `ONESPACE_SCHEDULE_API_URL` is not an absolute http(s) URL.
    #[error(
        "ONESPACE_SCHEDULE_API_URL (--schedule-api-url): '{0}' must be an absolute http:// or \
         https:// URL of the booking provider's API, such as {TEAMUP_API_URL}"
    )]
    ApiUrl(String),
    /// `--schedule-refresh-seconds` / `ONESPACE_SCHEDULE_REFRESH_SECONDS` is out of range.
    #[error(
        "ONESPACE_SCHEDULE_REFRESH_SECONDS (--schedule-refresh-seconds): '{0}' must be a whole \
         number of seconds from 1 to 86400"
    )]
    Refresh(String),
    /// Both the key and a key file are given.
    #[error(
        "ONESPACE_TEAMUP_API_KEY and ONESPACE_TEAMUP_API_KEY_FILE (--teamup-api-key-file): give \
         one of them, not both"
    )]
    TwoKeys,
    /// The key file cannot be read.
    #[error("ONESPACE_TEAMUP_API_KEY_FILE (--teamup-api-key-file): cannot read {path}: {reason}")]
    KeyFile {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
    /// A key with spaces or control characters inside (a pasted line with its label, say).
    #[error(
        "ONESPACE_TEAMUP_API_KEY: the key must be one word without spaces (paste the key alone, \
         without 'Token' or 'Bearer'; ONESPACE_TEAMUP_AUTH_SCHEME says which)"
    )]
    KeyShape,
    /// `--teamup-auth-scheme` / `ONESPACE_TEAMUP_AUTH_SCHEME` is neither `Token` nor `Bearer`.
    #[error(
        "ONESPACE_TEAMUP_AUTH_SCHEME (--teamup-auth-scheme): '{0}' must be Token (an API key) or \
         Bearer (an OAuth access token)"
    )]
    Scheme(String),
    /// `--teamup-request-mode` / `ONESPACE_TEAMUP_REQUEST_MODE` is neither value.
    #[error(
        "ONESPACE_TEAMUP_REQUEST_MODE (--teamup-request-mode): '{0}' must be provider (a staff \
         key) or customer"
    )]
    Mode(String),
}

/// Raw values as given on the command line or in the environment.
#[derive(Debug, Clone, clap::Args)]
pub struct ScheduleArgs {
    /// The booking provider's API base URL; `/events` is read below it.
    #[arg(long, env = "ONESPACE_SCHEDULE_API_URL", default_value = TEAMUP_API_URL)]
    pub schedule_api_url: String,
    /// Seconds between two reads of the schedule while the provider answers.
    #[arg(long, env = "ONESPACE_SCHEDULE_REFRESH_SECONDS", default_value_t = DEFAULT_REFRESH.as_secs().to_string())]
    pub schedule_refresh_seconds: String,
    /// The studio's TeamUp API key (environment only: a flag would show it in the process list).
    #[arg(skip = std::env::var("ONESPACE_TEAMUP_API_KEY").ok())]
    pub teamup_api_key: Option<String>,
    /// A file holding the key (for secret stores that mount files), instead of the variable.
    #[arg(long, env = "ONESPACE_TEAMUP_API_KEY_FILE")]
    pub teamup_api_key_file: Option<PathBuf>,
    /// How the key is sent: `Token` (an API key, the documented prefix) or `Bearer` (an OAuth
    /// access token).
    #[arg(long, env = "ONESPACE_TEAMUP_AUTH_SCHEME", default_value = "Token")]
    pub teamup_auth_scheme: String,
    /// `Teamup-Request-Mode`: `provider` for a staff key (documented as required when the
    /// credentials have both modes; listing events needs staff permissions).
    #[arg(long, env = "ONESPACE_TEAMUP_REQUEST_MODE", default_value = "provider")]
    pub teamup_request_mode: String,
}

/// The documented `Teamup-Request-Mode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestMode {
    /// Staff.
    Provider,
    /// Customer (more limited).
    Customer,
}

impl RequestMode {
    /// The header's value.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Provider => "provider",
            Self::Customer => "customer",
        }
    }
}

/// The studio's credentials. `Debug` shows no key.
#[derive(Clone, PartialEq, Eq)]
pub struct Credentials {
    key: String,
    /// `Token` or `Bearer`.
    pub scheme: &'static str,
    /// The request mode.
    pub mode: RequestMode,
}

impl fmt::Debug for Credentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Credentials")
            .field("key", &"(hidden)")
            .field("scheme", &self.scheme)
            .field("mode", &self.mode)
            .finish()
    }
}

impl Credentials {
    /// Credentials from a key (tests, the check command).
    pub fn new(key: &str, scheme: &'static str, mode: RequestMode) -> Self {
        Self {
            key: key.to_owned(),
            scheme,
            mode,
        }
    }

    /// The `Authorization` header's value.
    pub fn authorization(&self) -> String {
        format!("{} {}", self.scheme, self.key)
    }
}

/// Checked schedule settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduleConfig {
    /// API base URL without a trailing slash.
    pub api_url: String,
    /// Pause between reads while the provider answers.
    pub refresh: Duration,
    /// The key, when one is configured; without it the provider is never asked.
    pub credentials: Option<Credentials>,
}

impl Default for ScheduleArgs {
    /// The values without flags or variables.
    fn default() -> Self {
        Self {
            schedule_api_url: TEAMUP_API_URL.to_owned(),
            schedule_refresh_seconds: DEFAULT_REFRESH.as_secs().to_string(),
            teamup_api_key: None,
            teamup_api_key_file: None,
            teamup_auth_scheme: "Token".to_owned(),
            teamup_request_mode: "provider".to_owned(),
        }
    }
}

impl ScheduleArgs {
    /// Checks every value.
    pub fn validate(&self) -> Result<ScheduleConfig, ScheduleConfigError> {
        let api_url = self.schedule_api_url.trim().trim_end_matches('/');
        onespace_http::url_origin(api_url)
            .ok_or_else(|| ScheduleConfigError::ApiUrl(self.schedule_api_url.clone()))?;
        let refresh = match self.schedule_refresh_seconds.trim().parse::<u64>() {
            Ok(seconds) if (1..=86_400).contains(&seconds) => Duration::from_secs(seconds),
            _ => {
                return Err(ScheduleConfigError::Refresh(
                    self.schedule_refresh_seconds.clone(),
                ))
            }
        };
        let scheme = match self.teamup_auth_scheme.trim() {
            scheme if scheme.eq_ignore_ascii_case("token") => "Token",
            scheme if scheme.eq_ignore_ascii_case("bearer") => "Bearer",
            _ => return Err(ScheduleConfigError::Scheme(self.teamup_auth_scheme.clone())),
        };
        let mode = match self.teamup_request_mode.trim() {
            "provider" => RequestMode::Provider,
            "customer" => RequestMode::Customer,
            _ => return Err(ScheduleConfigError::Mode(self.teamup_request_mode.clone())),
        };
        let given = self
            .teamup_api_key
            .as_deref()
            .map(str::trim)
            .filter(|key| !key.is_empty());
        let key = match (given, &self.teamup_api_key_file) {
            (Some(_), Some(_)) => return Err(ScheduleConfigError::TwoKeys),
            (Some(key), None) => Some(key.to_owned()),
            (None, Some(path)) => {
                let text = std::fs::read_to_string(path).map_err(|error| {
                    ScheduleConfigError::KeyFile {
                        path: path.display().to_string(),
                        reason: error.to_string(),
                    }
                })?;
                Some(text.trim().to_owned()).filter(|key| !key.is_empty())
            }
            (None, None) => None,
        };
        if key
            .as_deref()
            .is_some_and(|key| key.chars().any(|c| c.is_whitespace() || c.is_control()))
        {
            return Err(ScheduleConfigError::KeyShape);
        }
        Ok(ScheduleConfig {
            api_url: api_url.to_owned(),
            refresh,
            credentials: key.map(|key| Credentials { key, scheme, mode }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(url: &str, refresh: &str) -> ScheduleArgs {
        ScheduleArgs {
            schedule_api_url: url.to_owned(),
            schedule_refresh_seconds: refresh.to_owned(),
            ..ScheduleArgs::default()
        }
    }

    fn message(args: ScheduleArgs) -> String {
        match args.validate() {
            Ok(config) => panic!("accepted {config:?}"),
            Err(error) => error.to_string(),
        }
    }

    #[test]
    fn defaults_are_the_provider_five_minutes_and_no_key() {
        let config = ScheduleArgs::default()
            .validate()
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(config.api_url, TEAMUP_API_URL);
        assert_eq!(config.refresh, Duration::from_secs(300));
        assert_eq!(config.credentials, None);
    }

    #[test]
    fn bad_values_name_their_variable() {
        assert!(message(args("goteamup.com/api", "300")).starts_with("ONESPACE_SCHEDULE_API_URL"));
        for refresh in ["0", "five", "86401"] {
            assert!(message(args(TEAMUP_API_URL, refresh))
                .starts_with("ONESPACE_SCHEDULE_REFRESH_SECONDS"));
        }
        let scheme = ScheduleArgs {
            teamup_auth_scheme: "Basic".to_owned(),
            ..ScheduleArgs::default()
        };
        assert!(message(scheme).starts_with("ONESPACE_TEAMUP_AUTH_SCHEME"));
        let mode = ScheduleArgs {
            teamup_request_mode: "staff".to_owned(),
            ..ScheduleArgs::default()
        };
        assert!(message(mode).starts_with("ONESPACE_TEAMUP_REQUEST_MODE"));
    }

    #[test]
    fn the_key_comes_from_the_variable_or_a_file_and_is_never_shown() {
        let with_key = ScheduleArgs {
            teamup_api_key: Some(" sk_live_secret \n".to_owned()),
            teamup_auth_scheme: "bearer".to_owned(),
            ..ScheduleArgs::default()
        };
        let credentials = with_key
            .validate()
            .unwrap_or_else(|e| panic!("{e}"))
            .credentials
            .unwrap_or_else(|| panic!("no key"));
        assert_eq!(credentials.authorization(), "Bearer sk_live_secret");
        assert!(!format!("{credentials:?}").contains("sk_live_secret"));
        let dir = std::env::temp_dir().join(format!("onespace-key-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let file = dir.join("key");
        let _ = std::fs::write(&file, "from_file\n");
        let from_file = ScheduleArgs {
            teamup_api_key_file: Some(file.clone()),
            ..ScheduleArgs::default()
        };
        let config = from_file.validate().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            config.credentials.map(|c| c.authorization()),
            Some("Token from_file".to_owned())
        );
        let both = ScheduleArgs {
            teamup_api_key: Some("a".to_owned()),
            teamup_api_key_file: Some(file),
            ..ScheduleArgs::default()
        };
        assert!(message(both).contains("not both"));
        let pasted = ScheduleArgs {
            teamup_api_key: Some("Token sk_live_secret".to_owned()),
            ..ScheduleArgs::default()
        };
        let error = message(pasted);
        assert!(error.starts_with("ONESPACE_TEAMUP_API_KEY:") && !error.contains("sk_live"));
        let _ = std::fs::remove_dir_all(dir);
    }
}
