//! The staff area's handlers: each takes the guard's extractor (see `super::session`), does its
//! work through `onespace_store::staff`, and renders a template from `super::views` with plain values.

pub mod account;
pub mod audit_log;
pub mod content;
pub mod inbox;
pub mod passkeys;
pub mod photos;
pub mod preview;
pub mod schedules;
pub mod set_up;
pub mod sign_in;
pub mod staff;
pub mod visitors;

use actix_web::http::{header, StatusCode};
use actix_web::HttpResponse;

use super::session::private;

/// A rendered page with `status`, private to the area.
pub fn html(status: StatusCode, body: String) -> HttpResponse {
    private(
        HttpResponse::build(status)
            .content_type("text/html; charset=utf-8")
            .body(body),
    )
}

/// 303 to `location`, private to the area.
pub fn see_other(location: &str) -> HttpResponse {
    private(
        HttpResponse::SeeOther()
            .insert_header((header::LOCATION, location.to_owned()))
            .finish(),
    )
}

/// Whether the request is the staff editor's script (the draft's saves, the photo upload),
/// which asks for JSON rather than the next page.
pub fn wants_json(request: &actix_web::HttpRequest) -> bool {
    request
        .headers()
        .get(header::ACCEPT)
        .and_then(|accept| accept.to_str().ok())
        .is_some_and(|accept| accept.starts_with("application/json"))
}

/// A page of a list (`?page=N`, from 1; anything else is the first), fetched one row over so
/// the page knows whether an older one follows.
pub struct Paging {
    number: i64,
    per_page: i64,
}

impl Paging {
    /// The page `query` asks for, of `per_page` rows.
    pub fn from_query(query: &std::collections::HashMap<String, String>, per_page: i64) -> Self {
        let number = query
            .get("page")
            .and_then(|page| page.parse::<i64>().ok())
            .filter(|page| (1..=100_000).contains(page))
            .unwrap_or(1);
        Self { number, per_page }
    }

    /// Rows to fetch: the page's and one more.
    pub fn limit(&self) -> i64 {
        self.per_page + 1
    }

    /// Rows to skip.
    pub fn offset(&self) -> i64 {
        (self.number - 1) * self.per_page
    }

    /// The page's number, from 1.
    pub fn number(&self) -> usize {
        usize::try_from(self.number).unwrap_or(1)
    }

    /// The page's rows of those fetched, and whether more follow.
    pub fn split<T>(&self, mut rows: Vec<T>) -> (Vec<T>, bool) {
        let per_page = usize::try_from(self.per_page).unwrap_or(usize::MAX);
        let more = rows.len() > per_page;
        rows.truncate(per_page);
        (rows, more)
    }
}

/// A form with no fields but its token.
#[derive(Debug, serde::Deserialize)]
pub struct NoFields {}

/// An e-mail address as accounts are keyed: trimmed, lower case.
pub fn normalise_email(typed: &str) -> String {
    typed.trim().to_lowercase()
}

/// The answer when the server is running as many password checks as it may and none ended in
/// time (`passwords::Gate`): nothing was checked or changed; try again in a moment.
pub fn busy(request: &actix_web::HttpRequest) -> HttpResponse {
    let mut response = super::session::refused_page(
        request,
        StatusCode::TOO_MANY_REQUESTS,
        "The staff area is busy",
        "Nothing was checked or changed. Try again in a few seconds.",
    );
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, header::HeaderValue::from_static("2"));
    response
}
