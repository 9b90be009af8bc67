//! Where the timetable's schedule widget comes from and how it starts: configuration, since
//! TeamUp does not document its embeddable widget (`crate::widgets::schedule` says what was
//! observed). The pages and the Content-Security-Policy both read it.

use onespace_core::content::schedule::PROVIDER_ORIGIN;

/// The provider's customer site, drawn by the widget in a frame (observed).
pub const TEAMUP_ORIGIN: &str = PROVIDER_ORIGIN;

/// The provider's widget script, unless configured otherwise (observed embeds).
pub const TEAMUP_SCRIPT_URL: &str = "https://teamupstatic.com/teamup.js";

/// The global function the script defines and embeds call (observed embeds).
pub const TEAMUP_WIDGET_CALL: &str = "teamup.calendar";

/// Where the widget comes from and how it is started: configuration (see the module's note).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WidgetSource {
    /// The script (an absolute http(s) URL).
    pub script_url: String,
    /// The global object the script defines (`teamup`).
    pub global: String,
    /// Its function that draws the widget (`calendar`).
    pub method: String,
    /// The origin of the frame the widget draws (`https://goteamup.com`).
    pub frame_origin: String,
}

impl Default for WidgetSource {
    /// TeamUp's, as observed.
    fn default() -> Self {
        let (global, method) = TEAMUP_WIDGET_CALL.split_once('.').unwrap_or_default();
        Self {
            script_url: TEAMUP_SCRIPT_URL.to_owned(),
            global: global.to_owned(),
            method: method.to_owned(),
            frame_origin: TEAMUP_ORIGIN.to_owned(),
        }
    }
}

impl WidgetSource {
    /// What the Content-Security-Policy admits besides this origin: the start script and this
    /// widget's two hosts.
    pub fn policy_sources(&self) -> onespace_http::security::PolicySources {
        onespace_http::security::PolicySources {
            start_script: crate::start::csp_hash().to_owned(),
            widget_script: self.script_origin(),
            widget_frame: self.frame_origin.clone(),
        }
    }

    /// The script's origin, which the Content-Security-Policy admits for scripts.
    pub fn script_origin(&self) -> String {
        onespace_http::url_origin(&self.script_url).unwrap_or_else(|| TEAMUP_ORIGIN.to_owned())
    }
}
