//! The provider's public events API: `GET {api}/events` with the `Teamup-Provider-ID` header and
//! no login. Lists answer in the envelope `{count, next, previous, results}`, at most
//! [`PAGE_SIZE`] a page, the next page at the absolute URL in `next`. Dates are filtered with
//! `starts_at_gte` / `starts_at_lte` (the provider ignores other filter names, so nothing else is
//! relied on). Instructors and the offering type are asked for expanded (`expand=`); when the
//! provider sends plain ids instead the class simply shows no coach and groups by its name.
//!
//! Kept out: appointments (1-2-1 sessions booked privately, not classes) and cancelled events.
//! The blocking client runs on a blocking thread (see [`super::refresh`]); every request is
//! bounded by [`REQUEST_TIMEOUT`].

use chrono::{DateTime, Duration, FixedOffset, SecondsFormat, Utc};
use serde::Deserialize;
use serde_json::Value;

use super::{Class, REQUEST_TIMEOUT, WINDOW_DAYS};
use crate::config::url_origin;

/// Events asked for per page: the provider's maximum.
pub const PAGE_SIZE: u32 = 100;

/// Pages followed before giving up: a fortnight of a studio's classes fits in a few, so more
/// means a provider answering in a loop.
const MAX_PAGES: usize = 20;

/// Why a fetch failed. The refresh keeps the last good copy and tries again later.
#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    /// No answer: connection refused, timeout, TLS failure.
    #[error("the provider did not answer: {0}")]
    Unreachable(String),
    /// An answer other than 200.
    #[error("the provider answered HTTP {0}")]
    Status(u16),
    /// A body that is not the documented envelope.
    #[error("the provider's answer is not the documented event list: {0}")]
    Malformed(String),
    /// `next` pointing away from the configured API, or too many pages.
    #[error("the provider's pagination cannot be followed: {0}")]
    Pagination(String),
}

/// A list answer.
#[derive(Debug, Deserialize)]
struct Envelope {
    next: Option<String>,
    results: Vec<Event>,
}

/// An event as the provider describes it; only the fields the timetable shows.
#[derive(Debug, Deserialize)]
struct Event {
    id: u64,
    #[serde(rename = "type", default)]
    kind: Option<String>,
    name: String,
    starts_at: DateTime<FixedOffset>,
    ends_at: DateTime<FixedOffset>,
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    max_occupancy: Option<u32>,
    #[serde(default)]
    attending_count: Option<u32>,
    /// Expanded objects, or ids when not expanded.
    #[serde(default)]
    instructors: Vec<Value>,
    /// `{id, name}` expanded, or an id.
    #[serde(default)]
    offering_type: Option<Value>,
}

impl Event {
    /// The class, or `None` for what the timetable leaves out.
    fn into_class(self) -> Option<Class> {
        if self.kind.as_deref() == Some("appointment")
            || matches!(self.status.as_deref(), Some("cancelled" | "canceled"))
        {
            return None;
        }
        let coaches: Vec<String> = self.instructors.iter().filter_map(person_name).collect();
        let kind = self
            .offering_type
            .as_ref()
            .and_then(|offering| offering.get("name"))
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .unwrap_or(self.name.trim())
            .to_owned();
        let spaces_left = match (self.max_occupancy, self.attending_count) {
            (Some(capacity), Some(attending)) if capacity > 0 => {
                Some(capacity.saturating_sub(attending))
            }
            _ => None,
        };
        Some(Class {
            id: self.id,
            name: self.name.trim().to_owned(),
            kind,
            coach: (!coaches.is_empty()).then(|| coaches.join(" & ")),
            starts_at: self.starts_at.with_timezone(&Utc),
            ends_at: self.ends_at.with_timezone(&Utc),
            spaces_left,
        })
    }
}

/// An expanded instructor's display name: first name and last initial ("Sophie R."), as studios
/// show coaches; `name` when that is all there is.
fn person_name(person: &Value) -> Option<String> {
    let field = |key: &str| {
        person
            .get(key)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|text| !text.is_empty())
    };
    match (field("first_name"), field("last_name")) {
        (Some(first), Some(last)) => Some(format!(
            "{first} {}.",
            last.chars().next().unwrap_or_default()
        )),
        (Some(first), None) => Some(first.to_owned()),
        _ => field("name").map(str::to_owned),
    }
}

/// The classes of one page body.
fn parse_page(body: &str) -> Result<(Vec<Class>, Option<String>), ProviderError> {
    let envelope: Envelope =
        serde_json::from_str(body).map_err(|error| ProviderError::Malformed(error.to_string()))?;
    let classes = envelope
        .results
        .into_iter()
        .filter_map(Event::into_class)
        .collect();
    Ok((classes, envelope.next))
}

/// The first page's address for classes starting from `from` to [`WINDOW_DAYS`] later.
pub fn first_page_url(api_url: &str, from: DateTime<Utc>) -> String {
    let stamp = |instant: DateTime<Utc>| instant.to_rfc3339_opts(SecondsFormat::Secs, true);
    let query = serde_urlencoded::to_string([
        ("starts_at_gte", stamp(from)),
        ("starts_at_lte", stamp(from + Duration::days(WINDOW_DAYS))),
        ("page_size", PAGE_SIZE.to_string()),
        ("expand", "instructors,offering_type".to_owned()),
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

/// Every class from `from` to [`WINDOW_DAYS`] later, following `next` to the last page, sorted by
/// start. Blocking: run it on a blocking thread.
pub fn fetch(
    agent: &ureq::Agent,
    api_url: &str,
    provider_id: &str,
    from: DateTime<Utc>,
) -> Result<Vec<Class>, ProviderError> {
    let origin = url_origin(api_url);
    let mut url = first_page_url(api_url, from);
    let mut classes = Vec::new();
    for _ in 0..MAX_PAGES {
        let mut response = agent
            .get(&url)
            .header("Teamup-Provider-ID", provider_id)
            .header("Accept", "application/json")
            .call()
            .map_err(|error| ProviderError::Unreachable(error.to_string()))?;
        let status = response.status().as_u16();
        if status != 200 {
            return Err(ProviderError::Status(status));
        }
        let body = response
            .body_mut()
            .read_to_string()
            .map_err(|error| ProviderError::Unreachable(error.to_string()))?;
        let (page, next) = parse_page(&body)?;
        classes.extend(page);
        match next.filter(|next| !next.is_empty()) {
            None => {
                classes.sort_by_key(|class: &Class| (class.starts_at, class.id));
                classes.dedup_by_key(|class| class.id);
                return Ok(classes);
            }
            // The provider id header goes to the provider only.
            Some(next) if url_origin(&next) == origin => url = next,
            Some(next) => return Err(ProviderError::Pagination(format!("next page at {next}"))),
        }
    }
    Err(ProviderError::Pagination(format!(
        "more than {MAX_PAGES} pages"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = r#"{"count": 3, "next": null, "previous": null, "results": [
        {"id": 7, "type": "class", "name": "Hot Yoga ", "starts_at": "2026-11-24T07:00:00+00:00",
         "ends_at": "2026-11-24T08:00:00+00:00", "status": "active", "max_occupancy": 20,
         "attending_count": 14, "instructors": [{"id": 1, "first_name": "Sophie", "last_name": "Reid"}],
         "offering_type": {"id": 3, "name": "Hot Yoga"}},
        {"id": 8, "type": "appointment", "name": "1-2-1", "starts_at": "2026-11-24T12:00:00+00:00",
         "ends_at": "2026-11-24T13:00:00+00:00"},
        {"id": 9, "type": "class", "name": "HYROX", "starts_at": "2026-07-01T18:00:00+01:00",
         "ends_at": "2026-07-01T18:45:00+01:00", "instructors": [4], "offering_type": 5}
    ]}"#;

    #[test]
    fn reads_classes_and_skips_appointments() {
        let (classes, next) = parse_page(PAGE).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(next, None);
        assert_eq!(classes.len(), 2);
        assert_eq!(classes[0].name, "Hot Yoga");
        assert_eq!(classes[0].kind, "Hot Yoga");
        assert_eq!(classes[0].coach.as_deref(), Some("Sophie R."));
        assert_eq!(classes[0].spaces_left, Some(6));
        assert_eq!(classes[0].minutes(), 60);
        // Not expanded: no coach, grouped by name; the offset is read.
        assert_eq!(classes[1].coach, None);
        assert_eq!(classes[1].kind, "HYROX");
        assert_eq!(classes[1].spaces_left, None);
        assert_eq!(
            classes[1].starts_at.to_rfc3339(),
            "2026-07-01T17:00:00+00:00"
        );
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
    fn the_first_page_asks_for_the_window_by_start() {
        let from: DateTime<Utc> = "2026-11-23T10:00:00Z".parse().unwrap_or_default();
        let url = first_page_url("http://127.0.0.1:9/api/v2", from);
        assert!(url.starts_with("http://127.0.0.1:9/api/v2/events?"));
        assert!(url.contains("starts_at_gte=2026-11-23T10%3A00%3A00Z"));
        assert!(url.contains("starts_at_lte=2026-12-07T10%3A00%3A00Z"));
        assert!(url.contains("page_size=100"));
    }
}
