//! Owners' audit log.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};

use super::html;
use super::Paging;
use crate::session::{self, Staff};
use crate::views::audit as view;
use onespace_store::staff;

/// Lines per page.
const PER_PAGE: i64 = 50;

/// `GET /studio/audit?page=N`.
pub async fn list(
    request: HttpRequest,
    staff: Staff,
    query: web::Query<HashMap<String, String>>,
) -> HttpResponse {
    let paging = Paging::from_query(&query, PER_PAGE);
    let staff_area = staff.staff_area();
    match staff::audit_entries(&staff_area.store, paging.limit(), paging.offset()).await {
        Ok(entries) => {
            let (entries, more) = paging.split(entries);
            html(
                StatusCode::OK,
                view::list(&staff.chrome(), &entries, paging.number(), more),
            )
        }
        Err(error) => session::unavailable(&request, &error),
    }
}
