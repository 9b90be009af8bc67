//! Owners' audit log.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};

use super::html;
use crate::studio::session::{self, Staff};
use crate::studio::store;
use crate::studio::views::audit as view;

/// Lines per page.
const PER_PAGE: i64 = 50;

/// `GET /studio/audit?page=N`.
pub async fn list(
    request: HttpRequest,
    staff: Staff,
    query: web::Query<HashMap<String, String>>,
) -> HttpResponse {
    let page = query
        .get("page")
        .and_then(|page| page.parse::<i64>().ok())
        .filter(|page| (1..=100_000).contains(page))
        .unwrap_or(1);
    let studio = staff.studio();
    match store::audit_entries(&studio.store, PER_PAGE + 1, (page - 1) * PER_PAGE).await {
        Ok(mut entries) => {
            let more = entries.len() > usize::try_from(PER_PAGE).unwrap_or(50);
            entries.truncate(usize::try_from(PER_PAGE).unwrap_or(50));
            let number = usize::try_from(page).unwrap_or(1);
            html(
                StatusCode::OK,
                view::list(&staff.chrome(), &entries, number, more),
            )
        }
        Err(error) => session::unavailable(&request, &error),
    }
}
