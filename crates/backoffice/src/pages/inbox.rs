//! The enquiries inbox: the list (newest first, filtered by form, state and a search in names
//! and addresses, with a weekly chart), one enquiry whole with its state and an answer by
//! e-mail, the CSV export of the filtered list (owners), and erasure (owners).
//!
//! The list is filtered in memory after one query: enquiries are kept for the retention period
//! (two years by default), a few thousand rows for a studio, and the search must look inside
//! each enquiry's JSON, whose name fields differ by form.

use std::collections::HashMap;

use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use onespace_core::forms::Enquiry;
use serde::Deserialize;

use super::html;
use super::see_other;
use super::NoFields;
use crate::audit::{self, Action};
use crate::export;
use crate::launch::LaunchList;
use crate::session::{self, Staff, StaffForm};
use crate::views::{chart, inbox as view, message_page};
use onespace_store::staff::{self, InboxRow, Role};
use onespace_store::StoredEnquiry;

/// Enquiries per page of the list.
const PER_PAGE: usize = 50;
/// Weeks in the chart.
const CHART_WEEKS: usize = 12;
/// Longest note kept with a change of state.
const NOTE_CHARS_MAX: usize = 2000;

/// `GET /studio`: the inbox is the area's front page.
pub async fn home(_staff: Staff) -> HttpResponse {
    see_other("/studio/enquiries")
}

/// The list's query string.
#[derive(Debug, Default, Deserialize)]
pub struct ListQuery {
    #[serde(default)]
    form: String,
    #[serde(default)]
    state: String,
    #[serde(default)]
    q: String,
    #[serde(default)]
    page: Option<String>,
    #[serde(default)]
    erased: Option<String>,
}

impl ListQuery {
    /// The filters, unknown values dropped.
    fn cleaned(&self) -> (String, String, String) {
        let form = view::FORM_CHOICES
            .iter()
            .find(|(value, _)| *value == self.form)
            .map_or("", |(value, _)| value);
        let state = view::STATE_CHOICES
            .iter()
            .find(|(value, _)| *value == self.state)
            .map_or("", |(value, _)| value);
        let query: String = self.q.trim().chars().take(200).collect();
        (form.to_owned(), state.to_owned(), query)
    }
}

/// The stored form names a filter value covers.
fn stored_form(filter: &str) -> &'static str {
    match filter {
        "contact" => "contact",
        "investment" => "investmentInterest",
        "investor-contact" => "investorContact",
        "membership" => "membership",
        _ => "",
    }
}

/// What the studio calls a stored form.
fn form_label(stored: &str) -> &'static str {
    match stored {
        "contact" => "Contact",
        "investmentInterest" => "Investment",
        "investorContact" => "Investor contact",
        "membership" => "Membership",
        _ => "Other",
    }
}

fn series(stored: &str) -> Option<usize> {
    match stored {
        "contact" => Some(0),
        "investmentInterest" => Some(1),
        "investorContact" => Some(2),
        "membership" => Some(3),
        _ => None,
    }
}

fn parse(row: &InboxRow) -> Option<Enquiry> {
    serde_json::from_str(&row.enquiry.payload).ok()
}

/// The sender's name as they gave it.
fn name_of(enquiry: &Enquiry) -> String {
    ["fullName", "name"]
        .iter()
        .find_map(|field| enquiry.get(field).filter(|value| !value.trim().is_empty()))
        .map(|name| name.trim().to_owned())
        .unwrap_or_else(|| {
            let first = enquiry.get("firstName").unwrap_or_default().trim();
            let last = enquiry.get("lastName").unwrap_or_default().trim();
            format!("{first} {last}").trim().to_owned()
        })
}

fn preview_of(enquiry: &Enquiry) -> String {
    let text = ["message", "why", "additionalNotes", "selectedMembership"]
        .iter()
        .find_map(|field| enquiry.get(field).filter(|value| !value.trim().is_empty()))
        .unwrap_or_default();
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() > 140 {
        format!("{}…", flat.chars().take(140).collect::<String>())
    } else {
        flat
    }
}

/// The rows the filters keep.
fn filtered<'a>(rows: &'a [InboxRow], form: &str, state: &str, query: &str) -> Vec<&'a InboxRow> {
    let wanted_form = stored_form(form);
    let needle = query.to_lowercase();
    rows.iter()
        .filter(|row| form.is_empty() || row.enquiry.form == wanted_form)
        .filter(|row| state.is_empty() || row.state == state)
        .filter(|row| {
            if needle.is_empty() {
                return true;
            }
            parse(row).is_some_and(|enquiry| {
                name_of(&enquiry).to_lowercase().contains(&needle)
                    || enquiry
                        .get("email")
                        .unwrap_or_default()
                        .to_lowercase()
                        .contains(&needle)
            })
        })
        .collect()
}

/// The filters as a query string (`?form=...`), empty when none.
fn query_string(form: &str, state: &str, query: &str) -> String {
    let pairs: Vec<(&str, &str)> = [("form", form), ("state", state), ("q", query)]
        .into_iter()
        .filter(|(_, value)| !value.is_empty())
        .collect();
    if pairs.is_empty() {
        String::new()
    } else {
        format!(
            "?{}",
            serde_urlencoded::to_string(pairs).unwrap_or_default()
        )
    }
}

/// Enquiries per UK week (from Monday) for the last [`CHART_WEEKS`] weeks up to `now`.
fn weeks(rows: &[InboxRow], now: DateTime<Utc>) -> Vec<chart::Week> {
    let today = onespace_core::calendar::london_date(now);
    let this_monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
    let first = this_monday - Duration::weeks(i64::try_from(CHART_WEEKS - 1).unwrap_or(11));
    let mut weeks: Vec<chart::Week> = (0..CHART_WEEKS)
        .map(|index| chart::Week {
            label: (first + Duration::weeks(i64::try_from(index).unwrap_or(0)))
                .format("%-d %b")
                .to_string(),
            counts: [0; 4],
        })
        .collect();
    for row in rows {
        let Some(received) = DateTime::<Utc>::from_timestamp_millis(row.enquiry.received_at) else {
            continue;
        };
        let date: NaiveDate = onespace_core::calendar::london_date(received);
        let days = (date - first).num_days();
        if days < 0 {
            continue;
        }
        let index = usize::try_from(days / 7).unwrap_or(usize::MAX);
        if let (Some(week), Some(series)) = (weeks.get_mut(index), series(&row.enquiry.form)) {
            week.counts[series] += 1;
        }
    }
    weeks
}

/// `GET /studio/enquiries`.
pub async fn list(
    request: HttpRequest,
    staff: Staff,
    query: web::Query<ListQuery>,
    launch: Option<web::Data<LaunchList>>,
) -> HttpResponse {
    let staff_area = staff.staff_area();
    let rows = match staff::inbox(&staff_area.store).await {
        Ok(rows) => rows,
        Err(error) => return session::unavailable(&request, &error),
    };
    let launch = match launch {
        Some(list) if staff.account.role == Role::Owner => list.items().await,
        _ => Vec::new(),
    };
    let (form, state, search) = query.cleaned();
    let matching = filtered(&rows, &form, &state, &search);
    let pages = matching.len().div_ceil(PER_PAGE).max(1);
    let page = query
        .page
        .as_deref()
        .and_then(|page| page.parse::<usize>().ok())
        .unwrap_or(1)
        .clamp(1, pages);
    let items: Vec<view::ListItem> = matching
        .iter()
        .skip((page - 1) * PER_PAGE)
        .take(PER_PAGE)
        .map(|row| {
            let enquiry = parse(row);
            view::ListItem {
                id: row.enquiry.id.clone(),
                received_at: row.enquiry.received_at,
                form: form_label(&row.enquiry.form),
                name: enquiry
                    .as_ref()
                    .map(name_of)
                    .filter(|name| !name.is_empty())
                    .unwrap_or_else(|| "(no name)".to_owned()),
                email: enquiry
                    .as_ref()
                    .and_then(|e| e.get("email"))
                    .unwrap_or_default()
                    .to_owned(),
                state: row.state.clone(),
                preview: enquiry.as_ref().map(preview_of).unwrap_or_default(),
            }
        })
        .collect();
    let now =
        DateTime::<Utc>::from_timestamp_millis(staff_area.clock.now_ms()).unwrap_or_else(Utc::now);
    let query_string = query_string(&form, &state, &search);
    let body = view::list(
        &staff.chrome(),
        &view::ListPage {
            filters: view::Filters {
                form: &form,
                state: &state,
                query: &search,
            },
            items: &items,
            matching: matching.len(),
            page,
            pages,
            query_string: &query_string,
            chart: chart::weekly(&weeks(&rows, now)),
            launch: crate::launch::panel(&launch),
            can_export: staff.account.role == Role::Owner,
            notice: query.erased.as_ref().map(|_| "The enquiry was erased."),
        },
    );
    html(StatusCode::OK, body)
}

/// `GET /studio/enquiries/export.csv`: the filtered list as CSV (owners).
pub async fn export(
    request: HttpRequest,
    staff: Staff,
    query: web::Query<ListQuery>,
) -> HttpResponse {
    let staff_area = staff.staff_area();
    let rows = match staff::inbox(&staff_area.store).await {
        Ok(rows) => rows,
        Err(error) => return session::unavailable(&request, &error),
    };
    let (form, state, search) = query.cleaned();
    let mut matching: Vec<StoredEnquiry> = filtered(&rows, &form, &state, &search)
        .into_iter()
        .map(|row| row.enquiry.clone())
        .collect();
    matching.reverse();
    let mut csv = Vec::new();
    let visits = match onespace_store::visitors::visits_of_enquiries(&staff_area.store).await {
        Ok(visits) => visits,
        Err(error) => return session::unavailable(&request, &error),
    };
    if export::write(&matching, &visits, export::Format::Csv, &mut csv).is_err() {
        return session::refused_page(
            &request,
            StatusCode::INTERNAL_SERVER_ERROR,
            "The export failed",
            "Try again in a minute.",
        );
    }
    let filters = query_string(&form, &state, &search);
    let detail = format!(
        "{} enquiries{}",
        matching.len(),
        if filters.is_empty() {
            String::new()
        } else {
            format!(" ({})", filters.trim_start_matches('?'))
        }
    );
    audit::record(
        staff_area,
        Some(&staff.account.email),
        Action::EnquiriesExported,
        &detail,
        &staff.area.address,
    )
    .await;
    let today = onespace_core::calendar::london_date(
        DateTime::<Utc>::from_timestamp_millis(staff_area.clock.now_ms()).unwrap_or_else(Utc::now),
    );
    session::private(
        HttpResponse::Ok()
            .content_type("text/csv; charset=utf-8")
            .insert_header((
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"one-space-enquiries-{today}.csv\""),
            ))
            .body(csv),
    )
}

fn no_such_enquiry(staff: &Staff) -> HttpResponse {
    html(
        StatusCode::NOT_FOUND,
        message_page(
            &staff.chrome(),
            "No such enquiry",
            "It may have been erased. The list shows every enquiry kept.",
        ),
    )
}

/// A `mailto:` link answering the enquiry, with its mail's subject.
fn mailto(enquiry: &Enquiry) -> Option<String> {
    let address = enquiry.get("email")?.trim();
    if address.is_empty() {
        return None;
    }
    let encode = |text: &str| {
        url::form_urlencoded::byte_serialize(text.as_bytes())
            .collect::<String>()
            .replace('+', "%20")
    };
    let subject = format!("Re: {}", enquiry.subject());
    Some(format!(
        "mailto:{}?subject={}",
        encode(address).replace("%40", "@"),
        encode(&subject)
    ))
}

/// `GET /studio/enquiries/{id}`: one enquiry, whole (written to the audit log as viewed).
pub async fn show(
    request: HttpRequest,
    staff: Staff,
    id: web::Path<String>,
    query: web::Query<HashMap<String, String>>,
) -> HttpResponse {
    let staff_area = staff.staff_area();
    let row = match staff::inbox_item(&staff_area.store, &id).await {
        Ok(Some(row)) => row,
        Ok(None) => return no_such_enquiry(&staff),
        Err(error) => return session::unavailable(&request, &error),
    };
    audit::record(
        staff_area,
        Some(&staff.account.email),
        Action::EnquiryViewed,
        &row.enquiry.id,
        &staff.area.address,
    )
    .await;
    let notice = query.contains_key("changed").then_some("Saved.");
    enquiry_page(&staff, &row, StatusCode::OK, notice, None)
}

fn enquiry_page(
    staff: &Staff,
    row: &InboxRow,
    status: StatusCode,
    notice: Option<&str>,
    error: Option<&str>,
) -> HttpResponse {
    let enquiry = parse(row);
    let fields = enquiry
        .as_ref()
        .map(Enquiry::labelled_fields)
        .unwrap_or_default();
    let subject = enquiry.as_ref().map_or_else(
        || format!("{} enquiry", form_label(&row.enquiry.form)),
        Enquiry::subject,
    );
    let body = view::show(
        &staff.chrome(),
        &view::EnquiryPage {
            id: &row.enquiry.id,
            received_at: row.enquiry.received_at,
            form: form_label(&row.enquiry.form),
            subject: &subject,
            fields: &fields,
            state: &row.state,
            note: row.state_note.as_deref(),
            changed: row.state_changed_at.zip(row.state_changed_by.as_deref()),
            mailed_at: row.enquiry.mailed_at,
            mailto: enquiry.as_ref().and_then(mailto),
            can_erase: staff.account.role == Role::Owner,
            notice,
            error,
        },
    );
    html(status, body)
}

/// The state form's fields.
#[derive(Debug, Deserialize)]
pub struct StateFields {
    #[serde(default)]
    state: String,
    #[serde(default)]
    note: String,
}

/// `POST /studio/enquiries/{id}/state`.
pub async fn change_state(
    request: HttpRequest,
    id: web::Path<String>,
    post: StaffForm<StateFields>,
) -> HttpResponse {
    let StaffForm { staff, form } = post;
    let staff_area = staff.staff_area();
    let row = match staff::inbox_item(&staff_area.store, &id).await {
        Ok(Some(row)) => row,
        Ok(None) => return no_such_enquiry(&staff),
        Err(error) => return session::unavailable(&request, &error),
    };
    let known = view::STATE_CHOICES
        .iter()
        .any(|(value, _)| *value == form.state);
    let note = form.note.trim();
    let error = if !known {
        Some("Choose New, Answered or Closed.".to_owned())
    } else if note.chars().count() > NOTE_CHARS_MAX {
        Some(format!(
            "Keep the note under {NOTE_CHARS_MAX} characters (it has {}).",
            note.chars().count()
        ))
    } else {
        None
    };
    if let Some(error) = error {
        return enquiry_page(
            &staff,
            &row,
            StatusCode::UNPROCESSABLE_ENTITY,
            None,
            Some(&error),
        );
    }
    let note = (!note.is_empty()).then_some(note);
    let now = staff_area.clock.now_ms();
    match staff::set_state(
        &staff_area.store,
        &row.enquiry.id,
        &form.state,
        note,
        now,
        &staff.account.email,
    )
    .await
    {
        Ok(true) => {
            audit::record(
                staff_area,
                Some(&staff.account.email),
                Action::EnquiryChanged,
                &format!("{} marked {}", row.enquiry.id, form.state),
                &staff.area.address,
            )
            .await;
            see_other(&format!("/studio/enquiries/{}?changed=1", row.enquiry.id))
        }
        Ok(false) => no_such_enquiry(&staff),
        Err(error) => session::unavailable(&request, &error),
    }
}

/// `GET /studio/enquiries/{id}/erase`: the confirmation (owners).
pub async fn erase_form(request: HttpRequest, staff: Staff, id: web::Path<String>) -> HttpResponse {
    let staff_area = staff.staff_area();
    match staff::inbox_item(&staff_area.store, &id).await {
        Ok(Some(row)) => {
            let subject = parse(&row).map_or_else(
                || format!("{} enquiry", form_label(&row.enquiry.form)),
                |e| e.subject(),
            );
            html(
                StatusCode::OK,
                view::erase(
                    &staff.chrome(),
                    &row.enquiry.id,
                    &subject,
                    row.enquiry.received_at,
                ),
            )
        }
        Ok(None) => no_such_enquiry(&staff),
        Err(error) => session::unavailable(&request, &error),
    }
}

/// `POST /studio/enquiries/{id}/erase`: erases the enquiry, its outbox row and, when mail is
/// delivered as files, its `.eml` file (owners).
pub async fn erase(
    request: HttpRequest,
    id: web::Path<String>,
    post: StaffForm<NoFields>,
) -> HttpResponse {
    let staff = post.staff;
    let staff_area = staff.staff_area();
    let row = match staff::inbox_item(&staff_area.store, &id).await {
        Ok(Some(row)) => row,
        Ok(None) => return no_such_enquiry(&staff),
        Err(error) => return session::unavailable(&request, &error),
    };
    match staff::erase_enquiry(&staff_area.store, &row.enquiry.id).await {
        Ok(true) => {}
        Ok(false) => return no_such_enquiry(&staff),
        Err(error) => return session::unavailable(&request, &error),
    }
    if let Some(folder) = &staff_area.mail_folder {
        let file = folder.join(format!("{}.eml", row.enquiry.id));
        if let Err(error) = std::fs::remove_file(&file) {
            if error.kind() != std::io::ErrorKind::NotFound {
                tracing::warn!(%error, file = %file.display(), "staff area: cannot delete an erased enquiry's mail file");
            }
        }
    }
    audit::record(
        staff_area,
        Some(&staff.account.email),
        Action::EnquiryErased,
        &format!(
            "{} ({} form)",
            row.enquiry.id,
            form_label(&row.enquiry.form)
        ),
        &staff.area.address,
    )
    .await;
    see_other("/studio/enquiries?erased=1")
}
