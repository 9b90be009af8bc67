//! `/studio/visitors` and its CSV: the period asked for, the store's totals and followed visits'
//! steps for it, and the figures of `crate::visitors`.

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use onespace_core::calendar;
use onespace_store::visitors as store;
use serde::Deserialize;

use super::html;
use crate::session::{self, Staff};
use crate::views::visitors as view;
use crate::visitors::{Period, Report, PERIODS};

/// The page's query string.
#[derive(Debug, Default, Deserialize)]
pub struct PeriodQuery {
    #[serde(default)]
    days: Option<String>,
    #[serde(default)]
    from: Option<String>,
    #[serde(default)]
    to: Option<String>,
}

/// The period asked for, what to say if it was not taken, and the report for it.
async fn report(
    staff: &Staff,
    query: &PeriodQuery,
) -> Result<(NaiveDate, Period, Option<String>, Report), onespace_store::StorageError> {
    let staff_area = staff.staff_area();
    let now =
        DateTime::<Utc>::from_timestamp_millis(staff_area.clock.now_ms()).unwrap_or_else(Utc::now);
    let today = calendar::london_date(now);
    let (period, notice) = Period::from_query(
        today,
        query.days.as_deref(),
        query.from.as_deref(),
        query.to.as_deref(),
    );
    let (first, last) = period.keys();
    let totals = store::totals(&staff_area.store, &first, &last).await?;
    let from = calendar::london_midnight(period.first).timestamp_millis();
    let to = calendar::london_midnight(period.last + Duration::days(1)).timestamp_millis();
    let steps = store::steps(&staff_area.store, from, to).await?;
    Ok((today, period, notice, Report::new(&totals, &steps)))
}

/// The query string naming a period, with its `?`.
fn query_string(today: NaiveDate, period: &Period) -> (String, Option<u32>) {
    match PERIODS
        .into_iter()
        .find(|days| period.is_last_days(today, *days))
    {
        Some(days) => (format!("?days={days}"), Some(days)),
        None => {
            let (first, last) = period.keys();
            (format!("?from={first}&to={last}"), None)
        }
    }
}

/// `GET /studio/visitors`.
pub async fn show(
    request: HttpRequest,
    staff: Staff,
    query: web::Query<PeriodQuery>,
) -> HttpResponse {
    let (today, period, notice, report) = match report(&staff, &query).await {
        Ok(found) => found,
        Err(error) => return session::unavailable(&request, &error),
    };
    let (query, days) = query_string(today, &period);
    let retention_days = staff.staff_area().visits_retention.as_secs() / 86_400;
    html(
        actix_web::http::StatusCode::OK,
        view::visitors(
            &staff.chrome(),
            &view::VisitorsPage {
                period,
                days,
                notice: notice.as_deref(),
                report: &report,
                query: &query,
                retention_days,
            },
        ),
    )
}

/// `GET /studio/visitors/export.csv`: the figures of the period shown, as CSV.
pub async fn export(
    request: HttpRequest,
    staff: Staff,
    query: web::Query<PeriodQuery>,
) -> HttpResponse {
    let (_, period, _, report) = match report(&staff, &query).await {
        Ok(found) => found,
        Err(error) => return session::unavailable(&request, &error),
    };
    let (first, last) = period.keys();
    session::private(
        HttpResponse::Ok()
            .content_type("text/csv; charset=utf-8")
            .insert_header((
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"one-space-visitors-{first}-to-{last}.csv\""),
            ))
            .body(report.csv(&period)),
    )
}
