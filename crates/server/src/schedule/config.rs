//! Where the schedule comes from: the provider's API base URL (configuration, so tests and a
//! staging account can point elsewhere) and how often it is read. The provider id is the studio's
//! content (`schedule.toml`), read at each refresh (`super::refresh`).

use std::time::Duration;

use super::DEFAULT_REFRESH;

/// The provider's public API, unless configured otherwise.
pub const TEAMUP_API_URL: &str = "https://goteamup.com/api/v2";

/// A schedule setting that cannot be used; the message names the flag and the variable.
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
}

/// Checked schedule settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduleConfig {
    /// API base URL without a trailing slash.
    pub api_url: String,
    /// Pause between reads while the provider answers.
    pub refresh: Duration,
}

impl Default for ScheduleArgs {
    /// The values without flags or variables.
    fn default() -> Self {
        Self {
            schedule_api_url: TEAMUP_API_URL.to_owned(),
            schedule_refresh_seconds: DEFAULT_REFRESH.as_secs().to_string(),
        }
    }
}

impl ScheduleArgs {
    /// Checks both values.
    pub fn validate(&self) -> Result<ScheduleConfig, ScheduleConfigError> {
        let api_url = self.schedule_api_url.trim().trim_end_matches('/');
        crate::config::url_origin(api_url)
            .ok_or_else(|| ScheduleConfigError::ApiUrl(self.schedule_api_url.clone()))?;
        let refresh = match self.schedule_refresh_seconds.trim().parse::<u64>() {
            Ok(seconds) if (1..=86_400).contains(&seconds) => Duration::from_secs(seconds),
            _ => {
                return Err(ScheduleConfigError::Refresh(
                    self.schedule_refresh_seconds.clone(),
                ))
            }
        };
        Ok(ScheduleConfig {
            api_url: api_url.to_owned(),
            refresh,
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
        }
    }

    #[test]
    fn defaults_are_the_provider_and_five_minutes() {
        let config = ScheduleArgs::default()
            .validate()
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(config.api_url, TEAMUP_API_URL);
        assert_eq!(config.refresh, Duration::from_secs(300));
    }

    #[test]
    fn bad_values_name_their_variable() {
        let message = |args: ScheduleArgs| match args.validate() {
            Ok(config) => panic!("accepted {config:?}"),
            Err(error) => error.to_string(),
        };
        assert!(message(args("goteamup.com/api", "300")).starts_with("ONESPACE_SCHEDULE_API_URL"));
        for refresh in ["0", "five", "86401"] {
            assert!(message(args(TEAMUP_API_URL, refresh))
                .starts_with("ONESPACE_SCHEDULE_REFRESH_SECONDS"));
        }
    }
}
