//! Server configuration: command-line flags with environment-variable fallbacks, checked once
//! at start so that a missing or malformed value stops the server with a message naming it.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use onespace_site::clock::RenderClock;
use onespace_site::site::BestCompression;

use crate::mail::{MailArgs, MailConfig, MailConfigError};
use onespace_site::widget_source::{
    WidgetSource, TEAMUP_ORIGIN, TEAMUP_SCRIPT_URL, TEAMUP_WIDGET_CALL,
};

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
    /// `--database-url` / `DATABASE_URL` names neither PostgreSQL nor SQLite.
    #[error(
        "DATABASE_URL (--database-url): '{0}' must be a postgres://, postgresql:// or sqlite: URL, \
         or unset for the SQLite file in the data folder"
    )]
    DatabaseUrl(String),
    /// `--rate-limit-per-minute` / `ONESPACE_RATE_LIMIT_PER_MINUTE` is not a whole number.
    #[error(
        "ONESPACE_RATE_LIMIT_PER_MINUTE (--rate-limit-per-minute): '{0}' must be a whole number \
         of enquiry posts per minute per client (0 turns the limit off)"
    )]
    RateLimit(String),
    /// `--proxy-addresses` / `ONESPACE_PROXY_ADDRESSES` is not a list of IP addresses.
    #[error(
        "ONESPACE_PROXY_ADDRESSES (--proxy-addresses): '{0}' must be the proxy's IP addresses, \
         comma-separated, such as 127.0.0.1,::1"
    )]
    ProxyAddresses(String),
    /// `--retention-days` / `ONESPACE_RETENTION_DAYS` is not a whole number of days.
    #[error(
        "ONESPACE_RETENTION_DAYS (--retention-days): '{0}' must be a whole number of days from 1 \
         to 36500"
    )]
    RetentionDays(String),
    /// `--visits-retention-days` / `ONESPACE_VISITS_RETENTION_DAYS` is not a whole number of days.
    #[error(
        "ONESPACE_VISITS_RETENTION_DAYS (--visits-retention-days): '{0}' must be a whole number \
         of days from 1 to 36500"
    )]
    VisitsRetentionDays(String),
    /// `--schedule-script-url` / `ONESPACE_SCHEDULE_SCRIPT_URL` is not an absolute http(s) URL.
    #[error(
        "ONESPACE_SCHEDULE_SCRIPT_URL (--schedule-script-url): '{0}' must be an absolute \
         http:// or https:// URL of the schedule provider's widget script"
    )]
    ScheduleScriptUrl(String),
    /// `--schedule-widget-call` / `ONESPACE_SCHEDULE_WIDGET_CALL` is not `global.function`.
    #[error(
        "ONESPACE_SCHEDULE_WIDGET_CALL (--schedule-widget-call): '{0}' must be the global \
         function the widget script defines, as object.function, such as {TEAMUP_WIDGET_CALL}"
    )]
    ScheduleWidgetCall(String),
    /// `--schedule-frame-origin` / `ONESPACE_SCHEDULE_FRAME_ORIGIN` is not an origin.
    #[error(
        "ONESPACE_SCHEDULE_FRAME_ORIGIN (--schedule-frame-origin): '{0}' must be the http:// or \
         https:// origin of the page the widget frames, such as {TEAMUP_ORIGIN}"
    )]
    ScheduleFrameOrigin(String),
    /// A schedule setting is wrong (the message names it).
    #[error(transparent)]
    Schedule(#[from] crate::timetable::config::ScheduleConfigError),
    /// A preview setting is wrong (the message names it).
    #[error(transparent)]
    Preview(#[from] onespace_site::clock::PreviewError),
    /// A mail setting is wrong (the message names it).
    #[error(transparent)]
    Mail(#[from] MailConfigError),
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
    /// The schedule provider's widget script on /timetable; the Content-Security-Policy admits
    /// its origin. The provider's own URL unless the studio is told of a new one.
    #[arg(long, env = "ONESPACE_SCHEDULE_SCRIPT_URL", default_value = TEAMUP_SCRIPT_URL)]
    pub schedule_script_url: String,
    /// The global function the widget script defines, `object.function` (observed embeds call
    /// `teamup.calendar`).
    #[arg(long, env = "ONESPACE_SCHEDULE_WIDGET_CALL", default_value = TEAMUP_WIDGET_CALL)]
    pub schedule_widget_call: String,
    /// The origin of the page the widget draws in a frame; the Content-Security-Policy admits it
    /// for frames.
    #[arg(long, env = "ONESPACE_SCHEDULE_FRAME_ORIGIN", default_value = TEAMUP_ORIGIN)]
    pub schedule_frame_origin: String,
    /// Stop when standard input closes: lets a test harness that dies take the server with it.
    #[arg(long, hide = true)]
    pub stop_when_stdin_closes: bool,
    /// PostgreSQL (`postgres://user:password@host/db`) shared by several nodes; unset: the SQLite
    /// file in the data folder.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<String>,
    /// Believe the studio's own proxy (X-Forwarded-For for the client's address,
    /// X-Forwarded-Proto or Forwarded for https) on connections from ONESPACE_PROXY_ADDRESSES.
    #[arg(long, env = "ONESPACE_TRUST_PROXY", value_parser = clap::builder::BoolishValueParser::new())]
    pub trust_proxy: bool,
    /// The proxy's addresses, comma-separated: only connections from them are believed when
    /// ONESPACE_TRUST_PROXY is on. The default is a proxy on the same computer.
    #[arg(long, env = "ONESPACE_PROXY_ADDRESSES", default_value = DEFAULT_PROXY_ADDRESSES)]
    pub proxy_addresses: String,
    /// Enquiry posts a client may make per minute (also the burst); 0 turns the limit off.
    #[arg(long, env = "ONESPACE_RATE_LIMIT_PER_MINUTE", default_value = "10")]
    pub rate_limit_per_minute: String,
    /// Days an enquiry is kept before the worker deletes it (the privacy notice's period).
    #[arg(long, env = "ONESPACE_RETENTION_DAYS", default_value_t = DEFAULT_RETENTION_DAYS.to_string())]
    pub retention_days: String,
    /// Count page views, landings, purchase clicks and enquiries for the staff area's Visitors
    /// page (`false` turns counting off: nothing is counted or stored).
    #[arg(long, env = "ONESPACE_COUNT_VISITORS", default_value = "true", value_parser = clap::builder::BoolishValueParser::new())]
    pub count_visitors: bool,
    /// Days the steps of visits whose visitor accepted analytics are kept; after that only the
    /// daily totals remain (the privacy notice's period).
    #[arg(long, env = "ONESPACE_VISITS_RETENTION_DAYS", default_value_t = crate::visitors::DEFAULT_RETENTION_DAYS.to_string())]
    pub visits_retention_days: String,
    /// Seconds a rendering of the pages is served before they are compressed at brotli's best
    /// setting on a background thread (0: at once). Until then they are served with a quicker
    /// brotli, some 12% larger; a rendering replaced sooner (a burst of published edits, a
    /// restart) never spends the two to three seconds of a core the best setting takes.
    #[arg(long, env = "ONESPACE_BEST_COMPRESSION_AFTER", default_value_t = onespace_site::site::BestCompression::DEFAULT_AFTER.as_secs())]
    pub best_compression_after: u64,
    /// Milliseconds between two writes of the visitor counts (5 s); the end-to-end tests shorten
    /// it so they wait less for the figures. Never set in production.
    #[arg(long, env = "ONESPACE_VISITS_WRITE_MS", hide = true, default_value_t = crate::visitors::flush::EVERY_MS)]
    pub visits_write_ms: u64,
    /// Show the site as it will be (or was) on this date, for checking next month's offers:
    /// `2026-12-01` (the start of that day, UK time) or an RFC 3339 instant. Unset: the real
    /// clock, with pages rendered again whenever an offer starts or ends.
    #[arg(long, env = "ONESPACE_PREVIEW_DATE")]
    pub preview_date: Option<String>,
    /// Start the clock at this date or instant and let it run, for watching an offer start or
    /// end as visitors will (`2025-08-31T22:59:50Z`: ten seconds before back to school ends):
    /// the pages are rendered again by themselves at the boundary, as on the real clock.
    #[arg(long, env = "ONESPACE_PREVIEW_FROM")]
    pub preview_from: Option<String>,
    /// Serve the studio's content (prices, offers, contact details, team, photos...) from this
    /// folder, watched for edits, instead of the copy built in (`onespace content init DIR`
    /// writes that copy out to edit).
    #[arg(long = "content", env = "ONESPACE_CONTENT_DIR")]
    pub content: Option<PathBuf>,
    /// A file holding seconds to add to the staff area's clock (its sessions, set-up links,
    /// sign-in throttle and second-factor codes), read at each use: lets a test of those time
    /// limits move time instead of waiting. Never set in production.
    #[arg(long, env = "ONESPACE_STUDIO_CLOCK_FILE", hide = true)]
    pub studio_clock_file: Option<PathBuf>,
    /// Mail settings.
    #[command(flatten)]
    pub mail: MailArgs,
    /// Where the class schedule is read.
    #[command(flatten)]
    pub schedule: crate::timetable::ScheduleArgs,
    /// The launch check's ages.
    #[command(flatten)]
    pub launch: crate::launch::LaunchArgs,
    /// The backups.
    #[command(flatten)]
    pub backups: crate::backup::BackupArgs,
}

/// How long enquiries are kept unless ONESPACE_RETENTION_DAYS says otherwise: two years.
pub const DEFAULT_RETENTION_DAYS: u64 = 730;

/// Where the studio's proxy is unless ONESPACE_PROXY_ADDRESSES says otherwise: this computer.
pub const DEFAULT_PROXY_ADDRESSES: &str = "127.0.0.1,::1";

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
    /// Days enquiries are kept: the worker deletes older ones and the privacy notice states it.
    pub retention_days: u64,
    /// Days a followed visit's steps are kept: the counting deletes older ones and the privacy
    /// notice states it.
    pub visits_retention_days: u64,
    /// Where the schedule widget comes from and how it starts.
    pub schedule_widget: WidgetSource,
    /// The instant pages are rendered for.
    pub clock: RenderClock,
    /// Where the studio's content is read.
    pub content: crate::content_source::Source,
    /// When a served rendering's pages get their best brotli.
    pub best_compression: BestCompression,
}

/// Checked settings of the forms API, its database and its mail.
#[derive(Debug, Clone)]
pub struct EnquiryConfig {
    /// PostgreSQL or SQLite URL; `None` for the SQLite file in the data folder.
    pub database_url: Option<String>,
    /// Client addresses from X-Forwarded-For, https from X-Forwarded-Proto.
    pub trust_proxy: bool,
    /// The proxy believed when `trust_proxy` (`Proxy::none()` otherwise).
    pub proxy: onespace_http::Proxy,
    /// Posts per minute per client; 0: no limit.
    pub rate_limit_per_minute: u32,
    /// How long enquiries are kept.
    pub retention: Duration,
    /// Mail settings.
    pub mail: MailConfig,
}

/// Everything `onespace serve` needs, checked.
#[derive(Debug, Clone)]
pub struct ServeConfig {
    /// The site.
    pub site: Config,
    /// The forms API.
    pub enquiries: EnquiryConfig,
    /// The class schedule's source.
    pub schedule: crate::timetable::ScheduleConfig,
    /// The staff area's clock.
    pub studio_clock: onespace_store::StaffClock,
    /// The launch check's ages.
    pub launch: crate::launch::LaunchArgs,
    /// Where backups go, and whether nightly ones are taken.
    pub backups: crate::backup::BackupArgs,
    /// What is counted of the visitors.
    pub visitors: crate::visitors::VisitorSettings,
}

impl ServeArgs {
    /// Checks every value, naming the first one that is wrong.
    pub fn validate(&self) -> Result<ServeConfig, ConfigError> {
        let addr = self
            .addr
            .parse()
            .map_err(|_| ConfigError::Addr(self.addr.clone()))?;
        if self.data_dir.as_os_str().is_empty() {
            return Err(ConfigError::DataDir);
        }
        let retention_days = match self.retention_days.trim().parse::<u64>() {
            Ok(days) if (1..=36_500).contains(&days) => days,
            _ => return Err(ConfigError::RetentionDays(self.retention_days.clone())),
        };
        let visits_retention_days = match self.visits_retention_days.trim().parse::<u64>() {
            Ok(days) if (1..=36_500).contains(&days) => days,
            _ => {
                return Err(ConfigError::VisitsRetentionDays(
                    self.visits_retention_days.clone(),
                ))
            }
        };
        let site = Config {
            addr,
            data_dir: self.data_dir.clone(),
            public_url: public_origin(&self.public_url)?,
            retention_days,
            visits_retention_days,
            schedule_widget: self.schedule_widget()?,
            clock: RenderClock::from_settings(
                self.preview_date.as_deref(),
                self.preview_from.as_deref(),
            )?,
            content: crate::content_source::Source::from_option(self.content.as_deref()),
            best_compression: BestCompression::After(Duration::from_secs(
                self.best_compression_after,
            )),
        };
        let database_url = self
            .database_url
            .as_deref()
            .map(str::trim)
            .filter(|url| !url.is_empty())
            .map(str::to_owned);
        if let Some(url) = &database_url {
            let known = ["postgres://", "postgresql://", "sqlite:"];
            if !known.iter().any(|scheme| url.starts_with(scheme)) {
                return Err(ConfigError::DatabaseUrl(onespace_store::redact(url)));
            }
        }
        let rate_limit_per_minute = self
            .rate_limit_per_minute
            .trim()
            .parse()
            .map_err(|_| ConfigError::RateLimit(self.rate_limit_per_minute.clone()))?;
        let proxy_addresses = self
            .proxy_addresses
            .split(',')
            .map(|address| address.trim().parse::<std::net::IpAddr>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| ConfigError::ProxyAddresses(self.proxy_addresses.clone()))?;
        let proxy = if self.trust_proxy {
            onespace_http::Proxy::at(proxy_addresses)
        } else {
            onespace_http::Proxy::none()
        };
        let mail = self.mail.validate(&self.data_dir)?;
        Ok(ServeConfig {
            visitors: crate::visitors::VisitorSettings {
                enabled: self.count_visitors,
                retention: Duration::from_secs(visits_retention_days * 86_400),
                beacons_per_minute: crate::visitors::BEACONS_PER_MINUTE,
                write_every: Duration::from_millis(self.visits_write_ms.max(10)),
            },
            schedule: self.schedule.validate()?,
            studio_clock: onespace_store::StaffClock::new(self.studio_clock_file.clone()),
            launch: self.launch.clone(),
            backups: self.backups.clone(),
            site,
            enquiries: EnquiryConfig {
                database_url,
                trust_proxy: self.trust_proxy,
                proxy,
                rate_limit_per_minute,
                retention: Duration::from_secs(retention_days * 86_400),
                mail,
            },
        })
    }
}

impl ServeConfig {
    /// The settings the launch check reads.
    pub fn launch_settings(&self) -> crate::launch::Settings {
        crate::launch::Settings {
            ages: self.launch.clone(),
            public_url: self.site.public_url.clone(),
            trust_proxy: self.enquiries.trust_proxy,
            mail_leaves: matches!(
                self.enquiries.mail.destination,
                crate::mail::config::Destination::Smtp(_)
            ),
            key_configured: self.schedule.credentials.is_some(),
        }
    }
}

impl ServeArgs {
    /// The schedule widget's three settings, checked.
    fn schedule_widget(&self) -> Result<WidgetSource, ConfigError> {
        let script_url = onespace_http::url_origin(&self.schedule_script_url)
            .map(|_| self.schedule_script_url.trim().to_owned())
            .ok_or_else(|| ConfigError::ScheduleScriptUrl(self.schedule_script_url.clone()))?;
        let identifier = |name: &str| {
            !name.is_empty()
                && !name.starts_with(|c: char| c.is_ascii_digit())
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
        };
        let (global, method) = self
            .schedule_widget_call
            .trim()
            .split_once('.')
            .filter(|(global, method)| identifier(global) && identifier(method))
            .ok_or_else(|| ConfigError::ScheduleWidgetCall(self.schedule_widget_call.clone()))?;
        let frame_origin = public_origin(&self.schedule_frame_origin)
            .map_err(|_| ConfigError::ScheduleFrameOrigin(self.schedule_frame_origin.clone()))?;
        Ok(WidgetSource {
            script_url,
            global: global.to_owned(),
            method: method.to_owned(),
            frame_origin,
        })
    }
}

impl Config {
    /// What the public pages are rendered with from this configuration.
    pub fn site_settings(&self) -> onespace_site::site::Settings {
        onespace_site::site::Settings {
            public_url: self.public_url.clone(),
            retention_days: self.retention_days,
            visits_retention_days: self.visits_retention_days,
            schedule_widget: self.schedule_widget.clone(),
            clock: self.clock,
        }
    }

    /// Defaults suitable for tests and for rendering: public URL as in production.
    pub fn for_rendering() -> Self {
        Self {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data_dir: PathBuf::from("./data"),
            public_url: DEFAULT_PUBLIC_URL.to_owned(),
            retention_days: DEFAULT_RETENTION_DAYS,
            visits_retention_days: crate::visitors::DEFAULT_RETENTION_DAYS,
            schedule_widget: WidgetSource::default(),
            clock: RenderClock::Real,
            content: crate::content_source::Source::Embedded,
            best_compression: BestCompression::After(BestCompression::DEFAULT_AFTER),
        }
    }
}

/// `raw` as a public origin without a trailing slash, or the error naming ONESPACE_PUBLIC_URL.
pub fn public_origin(raw: &str) -> Result<String, ConfigError> {
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
            database_url: None,
            trust_proxy: false,
            proxy_addresses: DEFAULT_PROXY_ADDRESSES.to_owned(),
            rate_limit_per_minute: "10".to_owned(),
            retention_days: "730".to_owned(),
            count_visitors: true,
            visits_retention_days: "90".to_owned(),
            visits_write_ms: crate::visitors::flush::EVERY_MS,
            best_compression_after: BestCompression::DEFAULT_AFTER.as_secs(),
            schedule_script_url: TEAMUP_SCRIPT_URL.to_owned(),
            schedule_widget_call: TEAMUP_WIDGET_CALL.to_owned(),
            schedule_frame_origin: TEAMUP_ORIGIN.to_owned(),
            preview_date: None,
            preview_from: None,
            content: None,
            studio_clock_file: None,
            mail: MailArgs::default(),
            schedule: crate::timetable::ScheduleArgs::default(),
            launch: crate::launch::LaunchArgs::default(),
            backups: crate::backup::BackupArgs::default(),
        }
    }

    #[test]
    fn a_schedule_script_that_is_not_an_absolute_url_is_named() {
        for bad in [
            "",
            "widget.js",
            "//cdn.example/w.js",
            "https:///w.js",
            "https://a b/w.js",
            "https://x.example/w.js; script-src *",
        ] {
            let mut given = args("127.0.0.1:8080", DEFAULT_PUBLIC_URL);
            given.schedule_script_url = bad.to_owned();
            let error = given.validate().err().map(|e| e.to_string());
            assert!(
                error.as_deref().is_some_and(
                    |e| e.starts_with("ONESPACE_SCHEDULE_SCRIPT_URL (--schedule-script-url)")
                ),
                "{bad}: {error:?}"
            );
        }
    }

    #[test]
    fn a_bad_preview_setting_is_named() {
        for bad in ["2026-13-01", "tomorrow", "01/12/2026"] {
            let mut given = args("127.0.0.1:8080", DEFAULT_PUBLIC_URL);
            given.preview_date = Some(bad.to_owned());
            let error = given
                .validate()
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default();
            assert!(
                error.starts_with("ONESPACE_PREVIEW_DATE (--preview-date): '"),
                "{bad}: {error}"
            );
        }
        let error = |date: Option<&str>, from: Option<&str>| {
            let mut given = args("127.0.0.1:8080", DEFAULT_PUBLIC_URL);
            given.preview_date = date.map(str::to_owned);
            given.preview_from = from.map(str::to_owned);
            given
                .validate()
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default()
        };
        assert!(
            error(None, Some("soon")).starts_with("ONESPACE_PREVIEW_FROM (--preview-from): 'soon'")
        );
        assert!(
            error(Some("2025-08-15"), Some("2025-08-31T22:59:50Z")).contains("cannot both be set")
        );
        assert_eq!(error(None, Some("2025-08-31")), "");
    }

    #[test]
    fn accepts_good_values_and_trims_the_trailing_slash() {
        let config = args("127.0.0.1:9000", "https://example.org/")
            .validate()
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(config.site.addr.port(), 9000);
        assert_eq!(config.site.public_url, "https://example.org");
        assert_eq!(config.enquiries.rate_limit_per_minute, 10);
        assert_eq!(config.enquiries.retention.as_secs(), 730 * 86_400);
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

    #[test]
    fn names_the_bad_enquiry_setting() {
        let good = args("127.0.0.1:1", DEFAULT_PUBLIC_URL);
        let cases = [
            (
                ServeArgs {
                    database_url: Some("mysql://x".into()),
                    ..good.clone()
                },
                "DATABASE_URL",
            ),
            (
                ServeArgs {
                    rate_limit_per_minute: "many".into(),
                    ..good.clone()
                },
                "ONESPACE_RATE_LIMIT_PER_MINUTE",
            ),
            (
                ServeArgs {
                    retention_days: "0".into(),
                    ..good.clone()
                },
                "ONESPACE_RETENTION_DAYS",
            ),
            (
                ServeArgs {
                    mail: MailArgs {
                        mail_to: "x".into(),
                        ..MailArgs::default()
                    },
                    ..good
                },
                "ONESPACE_MAIL_TO",
            ),
        ];
        for (args, name) in cases {
            let message = args
                .validate()
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default();
            assert!(message.contains(name), "{name}: {message}");
        }
    }
}
