//! The provider's events API, read as TeamUp documents it (API v2, "Events: List"; an unofficial
//! copy of the reference pages is the public repository `rob693/teamup-api-docs`, the official
//! pages at docs.goteamup.com cover pagination, rate limits and authentication).
//!
//! From the documentation:
//! - `GET {api}/events` needs credentials with one of the permissions manage_events,
//!   attendances, instructor_manage_events, instructor_attendances, developer or pos, sent as
//!   `Authorization: Token <key>` (or `Bearer <token>` for an OAuth token);
//! - `TeamUp-Provider-ID` (the account's number) and `Teamup-Request-Mode` (`customer` or
//!   `provider`, required when the credentials have both) are headers;
//! - filters `starts_at_gte`/`starts_at_lte`, `status` (active|cancelled), `sort`
//!   (start|-start|end|-end), `fields` (dot notation for nested fields), `expand`, `page`,
//!   `page_size`; the answer is `{count, next, previous, results}`, `next` an absolute URL or
//!   null. The reference gives `page_size <= 250`, the pagination page "the default, as well as
//!   the max allowed size, is 100": [`PAGE_SIZE`] is 100, which both allow;
//! - 429 when over 250 requests a minute, to be retried with a growing pause. A `Retry-After`
//!   header is not documented; when one comes (on 429 or 503) it is honoured
//!   ([`ProviderError::retry_after`]);
//! - event fields as in [`Event`], the offering type's `customer_visibility` (public |
//!   membership_holders | private) and `waitlist_max` when expanded.
//!
//! Where the documentation is silent, this module guesses, and says so where it does: what a
//! null waitlist maximum means ([`waitlist_open`]) and the shape of `customer_url`.
//!
//! Privacy: the key is a staff credential that could read customers and attendances. Only the
//! fields the timetable shows are asked for ([`FIELDS`]), attendances are never expanded, and
//! only the [`Class`] built from them is kept. The key never appears in an error, a log line or a
//! page: errors carry the status and the provider's own `detail` text, never the request.
//!
//! The blocking client runs on a blocking thread (see [`super::refresh`]); every request is
//! bounded by [`REQUEST_TIMEOUT`].

use std::collections::BTreeSet;
use std::time::Duration;

use chrono::{DateTime, FixedOffset, SecondsFormat, Utc};
use serde::Deserialize;
use serde_json::Value;

use super::Credentials;
use super::REQUEST_TIMEOUT;
use onespace_core::timetable::Class;
use onespace_core::timetable::WINDOW_DAYS;
use onespace_http::url_origin;

/// Events asked for per page (see the module's note on the documented maximum).
pub const PAGE_SIZE: u32 = 100;

/// Pages followed before giving up: a fortnight of a studio's classes fits in one or two, so more
/// means a provider answering in a loop.
pub const MAX_PAGES: usize = 20;

/// The event fields the timetable shows, and nothing else (documented names; dot notation
/// selects the expanded instructors' and offering type's fields).
pub const FIELDS: &[&str] = &[
    "id",
    "name",
    "starts_at",
    "ends_at",
    "status",
    "max_occupancy",
    "waitlist_max_override",
    "attending_count",
    "waiting_count",
    "is_appointment",
    "registrations_close_at",
    "customer_url",
    "instructors.name",
    "offering_type.name",
    "offering_type.customer_visibility",
    "offering_type.waitlist_max",
];

/// Related objects asked for expanded: the coaches' names and the class type with its
/// visibility. Attendances are never expanded.
pub const EXPAND: &str = "instructors,offering_type";

/// Longest `Retry-After` honoured: a provider asking for more is retried after this.
pub const MAX_RETRY_AFTER: Duration = Duration::from_secs(3_600);

/// Why a fetch failed. The refresh keeps the last good copy and tries again later. No variant
/// carries the key.
#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    /// No answer: connection refused, timeout, TLS failure.
    #[error("the provider did not answer: {0}")]
    Unreachable(String),
    /// 401: no key, or one the provider does not know.
    #[error(
        "the provider refused the API key (HTTP 401: {detail}): check ONESPACE_TEAMUP_API_KEY, a \
         key of the studio's TeamUp account"
    )]
    KeyRefused {
        /// The provider's own explanation.
        detail: String,
    },
    /// 403: a key without permission to list this account's events.
    #[error(
        "the provider refused to list the events of provider id {provider_id} with this key \
         (HTTP 403: {detail}): the key needs a permission that lists events (manage_events, \
         attendances, instructor_manage_events, instructor_attendances, developer or pos) on \
         that account, and provider_id in schedule.toml must be the studio's"
    )]
    NotPermitted {
        /// The id asked for.
        provider_id: u64,
        /// The provider's own explanation.
        detail: String,
    },
    /// 400 or 404: a request the provider does not take, most likely a wrong provider id.
    #[error(
        "the provider refused the request for provider id {provider_id} (HTTP {status}: \
         {detail}): check provider_id in schedule.toml"
    )]
    Refused {
        /// 400 or 404.
        status: u16,
        /// The id asked for.
        provider_id: u64,
        /// The provider's own explanation.
        detail: String,
    },
    /// 429 or 503: asked to come back later.
    #[error("the provider is busy (HTTP {status}){}", retry_note(*retry_after))]
    Busy {
        /// 429 or 503.
        status: u16,
        /// The `Retry-After` it sent, capped at [`MAX_RETRY_AFTER`].
        retry_after: Option<Duration>,
    },
    /// Another answer than 200.
    #[error("the provider answered HTTP {0}")]
    Status(u16),
    /// A body that is not the documented event list.
    #[error("the provider's answer is not the documented event list: {0}")]
    Malformed(String),
    /// `next` pointing away from the configured API, or too many pages.
    #[error("the provider's pagination cannot be followed: {0}")]
    Pagination(String),
}

fn retry_note(retry_after: Option<Duration>) -> String {
    retry_after
        .map(|pause| format!(", asking to retry after {} s", pause.as_secs()))
        .unwrap_or_default()
}

impl ProviderError {
    /// How long the provider asked to be left alone, if it did.
    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            Self::Busy { retry_after, .. } => *retry_after,
            _ => None,
        }
    }
}

/// An event as the provider documents it; only the fields the timetable shows (the rest are not
/// asked for).
#[derive(Debug, Deserialize)]
struct Event {
    id: u64,
    name: String,
    starts_at: DateTime<FixedOffset>,
    ends_at: DateTime<FixedOffset>,
    /// `active` or `cancelled`.
    #[serde(default)]
    status: Option<String>,
    /// Null and 0 both mean unlimited (documented).
    #[serde(default)]
    max_occupancy: Option<u32>,
    /// This event's waitlist maximum instead of its offering type's.
    #[serde(default)]
    waitlist_max_override: Option<i64>,
    #[serde(default)]
    attending_count: Option<u32>,
    #[serde(default)]
    waiting_count: Option<u32>,
    /// Documented as a string; read as a boolean or the text "true".
    #[serde(default)]
    is_appointment: Option<Value>,
    #[serde(default)]
    registrations_close_at: Option<DateTime<FixedOffset>>,
    /// A related-collection URL unless expanded; expanded: `[{id, name, picture_url, ...}]`.
    #[serde(default)]
    instructors: Option<Value>,
    /// An id unless expanded; expanded: `{name, customer_visibility, waitlist_max, ...}`.
    #[serde(default)]
    offering_type: Option<Value>,
    /// The event's own page for customers (documented as a string; its shape is not).
    #[serde(default)]
    customer_url: Option<String>,
}

/// Whether a full class still takes waitlist names. The effective maximum is the event's
/// `waitlist_max_override`, else its offering type's `waitlist_max` (both documented, 0 to 65535
/// for the latter). Not documented, and guessed: null means no maximum (the waitlist is open);
/// 0 or less means no waitlist.
pub fn waitlist_open(
    override_max: Option<i64>,
    offering_max: Option<i64>,
    waiting: Option<u32>,
) -> bool {
    match override_max.or(offering_max) {
        None => true,
        Some(max) if max <= 0 => false,
        Some(max) => i64::from(waiting.unwrap_or(0)) < max,
    }
}

/// Why an event is left out, for the check command's count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeftOut {
    /// `status` cancelled.
    Cancelled,
    /// `is_appointment`.
    Appointment,
    /// The offering type is not public, or its visibility is unknown (not expanded).
    NotPublic,
}

impl Event {
    /// The class, or why the timetable leaves it out.
    fn into_class(self) -> Result<Class, LeftOut> {
        if matches!(self.status.as_deref(), Some("cancelled" | "canceled")) {
            return Err(LeftOut::Cancelled);
        }
        let appointment = match &self.is_appointment {
            Some(Value::Bool(flag)) => *flag,
            Some(Value::String(text)) => text.eq_ignore_ascii_case("true"),
            _ => false,
        };
        if appointment {
            return Err(LeftOut::Appointment);
        }
        // Only a class whose type is known to be public is advertised: members-only and private
        // types, and types the provider did not expand, stay off the public site.
        let offering = self
            .offering_type
            .as_ref()
            .filter(|value| value.is_object());
        let visibility = offering
            .and_then(|offering| offering.get("customer_visibility"))
            .and_then(Value::as_str);
        if visibility != Some("public") {
            return Err(LeftOut::NotPublic);
        }
        let text = |value: Option<&Value>| {
            value
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|text| !text.is_empty())
                .map(str::to_owned)
        };
        let coaches: Vec<String> = match &self.instructors {
            Some(Value::Array(people)) => people
                .iter()
                .filter_map(|person| text(person.get("name")))
                .collect(),
            _ => Vec::new(),
        };
        let kind = text(offering.and_then(|offering| offering.get("name")))
            .unwrap_or_else(|| self.name.trim().to_owned());
        let spaces_left = match (self.max_occupancy, self.attending_count) {
            (Some(capacity), attending) if capacity > 0 => {
                Some(capacity.saturating_sub(attending.unwrap_or(0)))
            }
            _ => None,
        };
        let offering_max = offering
            .and_then(|offering| offering.get("waitlist_max"))
            .and_then(Value::as_i64);
        let booking_url = self
            .customer_url
            .map(|url| url.trim().to_owned())
            .filter(|url| url.starts_with("https://") && !url.chars().any(char::is_whitespace));
        Ok(Class {
            id: self.id,
            name: self.name.trim().to_owned(),
            kind,
            coach: (!coaches.is_empty()).then(|| coaches.join(" & ")),
            starts_at: self.starts_at.with_timezone(&Utc),
            ends_at: self.ends_at.with_timezone(&Utc),
            spaces_left,
            waitlist_open: waitlist_open(
                self.waitlist_max_override,
                offering_max,
                self.waiting_count,
            ),
            booking_closes_at: self
                .registrations_close_at
                .map(|close| close.with_timezone(&Utc)),
            booking_url,
        })
    }
}

/// One page as read.
#[derive(Debug, Default)]
pub struct Page {
    /// The classes the timetable shows.
    pub classes: Vec<Class>,
    /// Events left out, and why.
    pub left_out: Vec<LeftOut>,
    /// The next page's address.
    pub next: Option<String>,
    /// Fields asked for ([`FIELDS`]) that some event lacked.
    pub missing: BTreeSet<&'static str>,
}

/// The fields of [`FIELDS`] `event` lacks (nested ones only when their parent is expanded).
fn missing_fields(event: &Value) -> impl Iterator<Item = &'static str> + '_ {
    FIELDS.iter().copied().filter(move |field| {
        let mut parts = field.split('.');
        let top = parts.next().unwrap_or_default();
        let Some(value) = event.get(top) else {
            return true;
        };
        match parts.next() {
            None => false,
            Some(inner) => match value {
                Value::Object(object) => !object.contains_key(inner),
                Value::Array(items) => items.iter().any(|item| item.get(inner).is_none()),
                // Not expanded: reported as the parent's expansion missing.
                _ => true,
            },
        }
    })
}

/// The classes of one page body.
pub fn parse_page(body: &str) -> Result<Page, ProviderError> {
    #[derive(Deserialize)]
    struct Envelope {
        next: Option<String>,
        results: Vec<Value>,
    }
    let envelope: Envelope =
        serde_json::from_str(body).map_err(|error| ProviderError::Malformed(error.to_string()))?;
    let mut page = Page {
        next: envelope.next.filter(|next| !next.is_empty()),
        ..Page::default()
    };
    for raw in envelope.results {
        page.missing.extend(missing_fields(&raw));
        let event: Event = serde_json::from_value(raw)
            .map_err(|error| ProviderError::Malformed(format!("an event: {error}")))?;
        match event.into_class() {
            Ok(class) => page.classes.push(class),
            Err(reason) => page.left_out.push(reason),
        }
    }
    Ok(page)
}

/// The first page's address for classes starting from `from` to `days` days later: active
/// events only, by start (so offset pages do not shift), only the shown fields.
pub fn first_page_url(api_url: &str, from: DateTime<Utc>, days: i64) -> String {
    let stamp = |instant: DateTime<Utc>| instant.to_rfc3339_opts(SecondsFormat::Secs, true);
    let query = serde_urlencoded::to_string([
        ("starts_at_gte", stamp(from)),
        ("starts_at_lte", stamp(from + chrono::Duration::days(days))),
        ("status", "active".to_owned()),
        ("sort", "start".to_owned()),
        ("fields", FIELDS.join(",")),
        ("expand", EXPAND.to_owned()),
        ("page_size", PAGE_SIZE.to_string()),
    ])
    .unwrap_or_default();
    format!("{api_url}/events?{query}")
}

/// The blocking HTTP client, each request bounded by [`REQUEST_TIMEOUT`].
pub fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .timeout_global(Some(REQUEST_TIMEOUT))
        .http_status_as_error(false)
        .user_agent("onespace-website")
        .build()
        .into()
}

/// The provider's `detail` (or the first 200 characters of the body): its explanation of a
/// refusal, safe to log (it is the provider's text, not the request).
fn detail(body: &str) -> String {
    serde_json::from_str::<Value>(body)
        .ok()
        .and_then(|value| {
            value
                .get("detail")
                .and_then(Value::as_str)
                .map(str::to_owned)
        })
        .unwrap_or_else(|| body.chars().take(200).collect())
        .trim()
        .to_owned()
}

/// One authenticated GET: the body of a 200, or the error its status means.
pub fn get(
    agent: &ureq::Agent,
    url: &str,
    credentials: &Credentials,
    provider_id: u64,
) -> Result<String, ProviderError> {
    let mut response = agent
        .get(url)
        .header("Authorization", credentials.authorization())
        .header("TeamUp-Provider-ID", provider_id.to_string())
        .header("Teamup-Request-Mode", credentials.mode.as_str())
        .header("Accept", "application/json")
        .call()
        .map_err(|error| ProviderError::Unreachable(error.to_string()))?;
    let status = response.status().as_u16();
    let retry_after = response
        .headers()
        .get("Retry-After")
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.trim().parse::<u64>().ok())
        .map(|seconds| Duration::from_secs(seconds).min(MAX_RETRY_AFTER));
    let body = response
        .body_mut()
        .read_to_string()
        .map_err(|error| ProviderError::Unreachable(error.to_string()))?;
    match status {
        200 => Ok(body),
        401 => Err(ProviderError::KeyRefused {
            detail: detail(&body),
        }),
        403 => Err(ProviderError::NotPermitted {
            provider_id,
            detail: detail(&body),
        }),
        400 | 404 => Err(ProviderError::Refused {
            status,
            provider_id,
            detail: detail(&body),
        }),
        429 | 503 => Err(ProviderError::Busy {
            status,
            retry_after,
        }),
        other => Err(ProviderError::Status(other)),
    }
}

/// What a whole fetch found.
#[derive(Debug, Default)]
pub struct Fetched {
    /// The classes, by start.
    pub classes: Vec<Class>,
    /// Events left out, and why.
    pub left_out: Vec<LeftOut>,
    /// Documented fields some event lacked.
    pub missing: BTreeSet<&'static str>,
}

/// Every class starting from `from` to `days` later, following `next` to the last page (on the
/// configured API's origin only, so the key never goes elsewhere; [`MAX_PAGES`] at most), sorted
/// by start. Blocking: run it on a blocking thread.
pub fn fetch(
    agent: &ureq::Agent,
    api_url: &str,
    credentials: &Credentials,
    provider_id: u64,
    from: DateTime<Utc>,
    days: i64,
) -> Result<Fetched, ProviderError> {
    let origin = url_origin(api_url);
    let mut url = first_page_url(api_url, from, days);
    let mut fetched = Fetched::default();
    for _ in 0..MAX_PAGES {
        let page = parse_page(&get(agent, &url, credentials, provider_id)?)?;
        fetched.classes.extend(page.classes);
        fetched.left_out.extend(page.left_out);
        fetched.missing.extend(page.missing);
        match page.next {
            None => {
                fetched
                    .classes
                    .sort_by_key(|class: &Class| (class.starts_at, class.id));
                fetched.classes.dedup_by_key(|class| class.id);
                return Ok(fetched);
            }
            Some(next) if url_origin(&next) == origin => url = next,
            Some(next) => {
                return Err(ProviderError::Pagination(format!(
                    "the next page is on another site ({}), not the configured API's",
                    url_origin(&next).unwrap_or(next)
                )))
            }
        }
    }
    Err(ProviderError::Pagination(format!(
        "more than {MAX_PAGES} pages"
    )))
}

/// The start of the fetch window: the start of today (UK), so a class in progress stays listed
/// (and one that ended earlier today is simply not shown, [`super::Timetable::upcoming`]).
pub fn window_start(now: DateTime<Utc>) -> DateTime<Utc> {
    onespace_core::calendar::london_midnight(onespace_core::calendar::london_date(now))
}

/// Days fetched, from [`window_start`].
pub const DAYS: i64 = WINDOW_DAYS;

#[cfg(test)]
mod tests {
    use super::*;

    /// An event as the reference documents it, expanded, in the shape the stand-in serves too.
    fn event(id: u64, extra: Value) -> Value {
        let mut event = serde_json::json!({
            "id": id, "name": "Hot Yoga ", "starts_at": "2026-11-24T07:00:00Z",
            "ends_at": "2026-11-24T08:00:00Z", "status": "active", "max_occupancy": 20,
            "waitlist_max_override": null, "attending_count": 14, "waiting_count": 0,
            "is_appointment": false, "registrations_close_at": "2026-11-24T06:00:00Z",
            "customer_url": format!("https://goteamup.com/p/1-x/c/schedule?e={id}&from=api"),
            "instructors": [{"name": "Sophie Reid"}],
            "offering_type": {"name": "Hot Yoga", "customer_visibility": "public", "waitlist_max": null},
        });
        if let (Value::Object(base), Value::Object(extra)) = (&mut event, extra) {
            base.extend(extra);
        }
        event
    }

    fn page(events: Vec<Value>) -> Page {
        let body = serde_json::json!({"count": events.len(), "next": null, "previous": null, "results": events});
        parse_page(&body.to_string()).unwrap_or_else(|e| panic!("{e}"))
    }

    fn one(extra: Value) -> Result<Class, LeftOut> {
        let page = page(vec![event(7, extra)]);
        match (page.classes.into_iter().next(), page.left_out.first()) {
            (Some(class), None) => Ok(class),
            (None, Some(reason)) => Err(*reason),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_expanded_public_class_is_read_with_its_documented_fields() {
        let class = one(serde_json::json!({})).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(class.name, "Hot Yoga");
        assert_eq!(class.kind, "Hot Yoga");
        assert_eq!(class.coach.as_deref(), Some("Sophie Reid"));
        assert_eq!(class.spaces_left, Some(6));
        assert_eq!(class.minutes(), 60);
        assert_eq!(
            class.booking_url.as_deref(),
            Some("https://goteamup.com/p/1-x/c/schedule?e=7&from=api")
        );
        assert_eq!(
            class.booking_closes_at.map(|at| at.to_rfc3339()),
            Some("2026-11-24T06:00:00+00:00".to_owned())
        );
        // Two instructors, the offset read.
        let class = one(serde_json::json!({
            "instructors": [{"name": "Sophie Reid"}, {"name": " Chris Wallace "}],
            "starts_at": "2026-07-01T18:00:00+01:00",
        }))
        .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(class.coach.as_deref(), Some("Sophie Reid & Chris Wallace"));
        assert_eq!(class.starts_at.to_rfc3339(), "2026-07-01T17:00:00+00:00");
    }

    #[test]
    fn not_expanded_the_class_has_no_coach_and_an_unknown_visibility_keeps_it_off() {
        // Instructors as the documented related-collection URL: no coach, still listed.
        let class = one(
            serde_json::json!({"instructors": "https://goteamup.com/api/v2/related_collection"}),
        )
        .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(class.coach, None);
        // An offering type as its id: its visibility is unknown, so it is not advertised.
        assert_eq!(
            one(serde_json::json!({"offering_type": 5})),
            Err(LeftOut::NotPublic)
        );
        let page = page(vec![event(
            7,
            serde_json::json!({"offering_type": 5, "instructors": "https://x"}),
        )]);
        assert!(page.missing.contains("offering_type.customer_visibility"));
        assert!(page.missing.contains("instructors.name"));
    }

    #[test]
    fn members_only_private_cancelled_and_appointments_are_left_out() {
        for visibility in ["membership_holders", "private"] {
            assert_eq!(
                one(
                    serde_json::json!({"offering_type": {"name": "X", "customer_visibility": visibility}})
                ),
                Err(LeftOut::NotPublic),
                "{visibility}"
            );
        }
        assert_eq!(
            one(serde_json::json!({"status": "cancelled"})),
            Err(LeftOut::Cancelled)
        );
        // Documented as a string; a boolean is read too.
        for flag in [serde_json::json!(true), serde_json::json!("true")] {
            assert_eq!(
                one(serde_json::json!({"is_appointment": flag})),
                Err(LeftOut::Appointment)
            );
        }
        assert!(one(serde_json::json!({"is_appointment": "false"})).is_ok());
    }

    #[test]
    fn capacity_null_or_zero_is_unlimited_and_full_depends_on_the_waitlist() {
        for capacity in [serde_json::json!(null), serde_json::json!(0)] {
            let class = one(serde_json::json!({"max_occupancy": capacity}))
                .unwrap_or_else(|e| panic!("{e:?}"));
            assert_eq!(class.spaces_left, None);
        }
        let full = |extra: Value| {
            let mut all = serde_json::json!({"max_occupancy": 16, "attending_count": 16});
            if let (Value::Object(base), Value::Object(extra)) = (&mut all, extra) {
                base.extend(extra);
            }
            one(all).unwrap_or_else(|e| panic!("{e:?}"))
        };
        // No maximum anywhere: the waitlist takes names.
        let class = full(serde_json::json!({}));
        assert_eq!((class.spaces_left, class.waitlist_open), (Some(0), true));
        // The offering type's maximum reached.
        let class = full(serde_json::json!({"waiting_count": 3,
            "offering_type": {"name": "P", "customer_visibility": "public", "waitlist_max": 3}}));
        assert!(!class.waitlist_open);
        // The event's override wins over its type's maximum, both ways.
        let class = full(
            serde_json::json!({"waiting_count": 3, "waitlist_max_override": 5,
            "offering_type": {"name": "P", "customer_visibility": "public", "waitlist_max": 3}}),
        );
        assert!(class.waitlist_open);
        let class = full(serde_json::json!({"waitlist_max_override": 0}));
        assert!(!class.waitlist_open);
    }

    #[test]
    fn the_book_link_is_the_customer_url_only_when_it_is_an_https_address() {
        for url in [
            serde_json::json!(null),
            serde_json::json!("javascript:alert(1)"),
            serde_json::json!(""),
        ] {
            let class =
                one(serde_json::json!({"customer_url": url})).unwrap_or_else(|e| panic!("{e:?}"));
            assert_eq!(class.booking_url, None, "{url}");
        }
    }

    #[test]
    fn malformed_bodies_are_errors_not_panics() {
        for body in [
            "",
            "{",
            "[]",
            r#"{"results": [{"id": 1}]}"#,
            r#"{"count": 1}"#,
        ] {
            assert!(
                matches!(parse_page(body), Err(ProviderError::Malformed(_))),
                "{body}"
            );
        }
    }

    #[test]
    fn the_first_page_asks_for_active_events_by_start_with_the_shown_fields_only() {
        let from: DateTime<Utc> = "2026-11-23T00:00:00Z".parse().unwrap_or_default();
        let url = first_page_url("http://127.0.0.1:9/api/v2", from, 14);
        assert!(url.starts_with("http://127.0.0.1:9/api/v2/events?"));
        let query: Vec<(String, String)> =
            serde_urlencoded::from_str(url.split_once('?').map(|(_, q)| q).unwrap_or_default())
                .unwrap_or_default();
        let value = |name: &str| {
            query
                .iter()
                .find(|(key, _)| key == name)
                .map(|(_, value)| value.as_str())
        };
        assert_eq!(value("starts_at_gte"), Some("2026-11-23T00:00:00Z"));
        assert_eq!(value("starts_at_lte"), Some("2026-12-07T00:00:00Z"));
        assert_eq!(value("status"), Some("active"));
        assert_eq!(value("sort"), Some("start"));
        assert_eq!(value("expand"), Some("instructors,offering_type"));
        assert_eq!(value("page_size"), Some("100"));
        let fields = value("fields").unwrap_or_default();
        assert!(!fields.contains("attendance") && !fields.contains("customer,"));
        assert!(fields.split(',').any(|field| field == "customer_url"));
    }

    #[test]
    fn retry_after_is_capped() {
        let error = ProviderError::Busy {
            status: 429,
            retry_after: Some(Duration::from_secs(30)),
        };
        assert_eq!(error.retry_after(), Some(Duration::from_secs(30)));
        assert!(error.to_string().contains("retry after 30 s"));
    }
}
