//! `onespace schedule check`: the launch-day question "does the studio's TeamUp account really
//! answer?", asked with the same configuration as `serve` (the key, the API, `schedule.toml`, the
//! widget script). It asks the provider for the account's name and the next [`SHOWN_DAYS`] days'
//! events once, and the widget script once, and prints what the studio needs to know; every
//! problem is a line starting with `problem:`, and the caller exits with status 1 when there is
//! one. The key is never printed.

use std::io::Write;

use chrono::{DateTime, Utc};
use onespace_core::calendar::london_time;
use onespace_core::content::Schedule;
use serde_json::Value;

use super::provider::{self, LeftOut, ProviderError};
use super::ScheduleConfig;
use onespace_core::timetable::Availability;
use onespace_core::timetable::Timetable;
use onespace_core::timetable::SHOWN_DAYS;

/// Classes printed as the page shows them.
const SHOWN_IN_CHECK: usize = 3;

/// The provider account's name (`GET {api}/providers/{id}`, documented), or why not.
fn provider_name(
    agent: &ureq::Agent,
    config: &ScheduleConfig,
    credentials: &super::Credentials,
    provider_id: u64,
) -> Result<String, ProviderError> {
    let url = format!("{}/providers/{provider_id}?fields=id,name", config.api_url);
    let body = provider::get(agent, &url, credentials, provider_id)?;
    serde_json::from_str::<Value>(&body)
        .ok()
        .and_then(|value| value.get("name").and_then(Value::as_str).map(str::to_owned))
        .ok_or_else(|| ProviderError::Malformed("the provider has no name".to_owned()))
}

/// Whether the widget script answers: `Ok` with its size, or the problem.
fn script_answers(agent: &ureq::Agent, script_url: &str) -> Result<usize, String> {
    let mut response = agent
        .get(script_url)
        .call()
        .map_err(|error| format!("no answer: {error}"))?;
    let status = response.status().as_u16();
    let body = response
        .body_mut()
        .read_to_string()
        .map_err(|error| format!("unreadable answer: {error}"))?;
    match status {
        200 if !body.trim().is_empty() => Ok(body.len()),
        200 => Err("an empty answer".to_owned()),
        other => Err(format!("HTTP {other}")),
    }
}

/// One class as the timetable shows it: `Tue 24 Nov 07:00  Hot Yoga with Sophie Reid, 60 min,
/// 6 spaces left`.
fn class_line(class: &onespace_core::timetable::Class, now: DateTime<Utc>) -> String {
    let start = london_time(class.starts_at);
    let mut line = format!("{}  {}", start.format("%a %-d %b %H:%M"), class.name);
    if let Some(coach) = &class.coach {
        line.push_str(&format!(" with {coach}"));
    }
    line.push_str(&format!(", {} min", class.minutes()));
    match class.availability(now) {
        Availability::Open => {}
        Availability::Spaces(n) => line.push_str(&format!(", {n} spaces left")),
        Availability::Waitlist => line.push_str(", Full: join the waitlist"),
        Availability::Full => line.push_str(", Full"),
        Availability::Closed => line.push_str(", Booking closed"),
    }
    line
}

/// Runs the check, writing its report to `out`; returns the number of problems.
pub fn run(
    config: &ScheduleConfig,
    schedule: &Schedule,
    script_url: &str,
    now: DateTime<Utc>,
    out: &mut impl Write,
) -> std::io::Result<usize> {
    let agent = provider::agent();
    let mut problems = 0;
    let mut problem = |out: &mut dyn Write, text: String| -> std::io::Result<()> {
        problems += 1;
        writeln!(out, "problem: {text}")
    };
    writeln!(
        out,
        "TeamUp provider id {} (schedule.toml), customer site {}, API {}",
        schedule.provider_id,
        schedule.customer_pages(),
        config.api_url
    )?;
    match &config.credentials {
        None => problem(
            out,
            "not authenticated: no API key is configured (ONESPACE_TEAMUP_API_KEY or \
             ONESPACE_TEAMUP_API_KEY_FILE); the timetable would show only its link to the \
             provider"
                .to_owned(),
        )?,
        Some(credentials) => {
            match provider_name(&agent, config, credentials, schedule.provider_id) {
                Err(error) => problem(out, format!("not authenticated: {error}"))?,
                Ok(name) => {
                    writeln!(
                        out,
                        "authenticated ({} key, {} mode): the account is '{name}'",
                        credentials.scheme,
                        credentials.mode.as_str()
                    )?;
                    let fetched = provider::fetch(
                        &agent,
                        &config.api_url,
                        credentials,
                        schedule.provider_id,
                        provider::window_start(now),
                        SHOWN_DAYS,
                    );
                    match fetched {
                        Err(error) => problem(out, format!("the events were not read: {error}"))?,
                        Ok(fetched) => {
                            let count =
                                |reason| fetched.left_out.iter().filter(|r| **r == reason).count();
                            let copy = Timetable {
                                fetched_at: now,
                                classes: fetched.classes,
                            };
                            let upcoming: Vec<_> = copy.upcoming(now, SHOWN_DAYS).collect();
                            writeln!(
                                out,
                                "{} public classes in the next {SHOWN_DAYS} days (left out: {} \
                                 not public or of unknown visibility, {} appointments, {} \
                                 cancelled)",
                                upcoming.len(),
                                count(LeftOut::NotPublic),
                                count(LeftOut::Appointment),
                                count(LeftOut::Cancelled),
                            )?;
                            for class in upcoming.iter().take(SHOWN_IN_CHECK) {
                                writeln!(out, "  {}", class_line(class, now))?;
                            }
                            if upcoming.is_empty() {
                                problem(
                                    out,
                                    "no public class in the next days: the timetable would be \
                                     empty (are the class types' customer visibility public?)"
                                        .to_owned(),
                                )?;
                            }
                            if !fetched.missing.is_empty() {
                                let missing: Vec<&str> = fetched.missing.into_iter().collect();
                                problem(
                                    out,
                                    format!(
                                        "fields the documentation promises were missing: {}",
                                        missing.join(", ")
                                    ),
                                )?;
                            }
                        }
                    }
                }
            }
        }
    }
    match script_answers(&agent, script_url) {
        Ok(bytes) => writeln!(
            out,
            "the widget script answers ({script_url}, {bytes} bytes)"
        )?,
        Err(reason) => problem(
            out,
            format!("the widget script {script_url} does not load: {reason}"),
        )?,
    }
    if problems == 0 {
        writeln!(out, "all good")?;
    } else {
        writeln!(out, "{problems} problem(s)")?;
    }
    Ok(problems)
}
