//! The preview: the whole site rendered from the person's draft (or the live version) as it will
//! be at a chosen date and time, for staff only.
//!
//! Each previewed page is rendered on request by the site's own renderer (`pages::document`
//! and `render::layout`) from a copy of the served site's render context, with its content
//! replaced by the checked draft and its clock stopped at the chosen instant
//! ([`RenderClock::Fixed`], as `--preview-date` does for the whole server): offers, countdowns,
//! today's classes, founder prices, the chat's replies and the JSON-LD are all decided for that
//! instant and that content, by the same code that will serve them. Nothing is stored (a
//! draft's new photo is prepared into the photo cache, as publishing it would) and nothing
//! cached: the served site is untouched, and every answer is `no-store, private` and `noindex`,
//! under the studio's guard like every other path of the area, the preview's photos included
//! (`/studio/content/preview-images/`).
//!
//! `GET /studio/content/preview[/{page}]?at=2025-09-15T14:30&of=live`: `at` is UK time to the
//! minute (absent: now, by the studio's clock); `of=live` previews the live version instead of
//! the person's draft (without a draft the live version is shown anyway). The bar's form sends
//! `page`, `date` and `time` to the home address, which answers with the page's own address.

use std::collections::HashMap;
use std::sync::Arc;

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use onespace_core::content::check::ContentError;

use super::html;
use super::see_other;
use crate::marks;
use crate::preview::{self, Asked, Moment};
use crate::session::{self, Staff};
use crate::views::message_page;
use crate::views::preview::{self as view, PreviewBar, Previewed};
use onespace_images::uploads;
use onespace_site::clock::RenderClock;
use onespace_site::layout;
use onespace_site::render::RenderContext;
use onespace_site::routes::{self, Route, ROUTES};
use onespace_site::SiteData;
use onespace_store::drafts;
use onespace_store::published::versions::{self, Files};

/// The longest part of a typed date repeated back in a refusal.
const ECHO_CHARS_MAX: usize = 40;

/// `GET /studio/content/preview`: the home page's preview, or, from the bar's form (`page`,
/// `date`, `time`), the address of the page and instant chosen.
pub async fn home(
    request: HttpRequest,
    staff: Staff,
    site: SiteData,
    query: web::Query<HashMap<String, String>>,
) -> HttpResponse {
    let form_sent = ["page", "date", "time"]
        .iter()
        .any(|field| query.contains_key(*field));
    if form_sent {
        return uncached(chosen(&staff, &query));
    }
    if query.contains_key("changed") {
        return uncached(at_the_change(&request, &staff).await);
    }
    uncached(show(&request, &staff, &site, "/", &query).await)
}

/// `GET /studio/content/preview?changed`, the editor's Preview: the page the draft's first
/// change shows on, opened at the changed element (`#preview-changed`); the home page without a
/// draft or a change.
async fn at_the_change(request: &HttpRequest, staff: &Staff) -> HttpResponse {
    let store = &staff.staff_area().store;
    let draft = match drafts::get(store, &staff.account.id).await {
        Ok(draft) => draft,
        Err(error) => return session::unavailable(request, &error),
    };
    let live = match versions::live(store).await {
        Ok(live) => live,
        Err(error) => return session::unavailable(request, &error),
    };
    match (draft, live) {
        (Some(draft), Some(live)) => {
            let page = marks::first_changed_page(&draft.files, &live.files);
            see_other(&format!(
                "{}#{}",
                Asked::default().url(&page),
                marks::CHANGED
            ))
        }
        _ => see_other(preview::PREFIX),
    }
}

/// `GET /studio/content/preview-edit.js`: the preview's script that opens a tapped element's
/// field in the editor (`crate::marks`).
pub async fn edit_script(_: Staff) -> HttpResponse {
    uncached(
        HttpResponse::Ok()
            .insert_header((header::CONTENT_TYPE, "text/javascript; charset=utf-8"))
            .body(EDIT_SCRIPT),
    )
}

/// The preview's script, from the crate's sources.
const EDIT_SCRIPT: &str = include_str!("../preview-edit.js");

/// `GET /studio/content/preview/{path}`: the preview of the site's page at `/{path}`.
pub async fn page(
    request: HttpRequest,
    staff: Staff,
    site: SiteData,
    path: web::Path<String>,
    query: web::Query<HashMap<String, String>>,
) -> HttpResponse {
    let path = format!("/{path}");
    uncached(show(&request, &staff, &site, &path, &query).await)
}

/// `GET /studio/content/preview-images/{file}`: a photo variant the preview shows, from the
/// photo pipeline's cache (where the preview prepared a draft's new photo), to staff only; the
/// site's not-found page for any other name.
pub async fn image(staff: Staff, file: web::Path<String>) -> HttpResponse {
    let cache = staff.staff_area().image_cache.clone();
    let file = file.into_inner();
    match web::block(move || onespace_images::cache::variant(&cache, &file)).await {
        Ok(Some((bytes, media_type))) => uncached(
            HttpResponse::Ok()
                .insert_header((header::CONTENT_TYPE, media_type))
                .body(bytes),
        ),
        Ok(None) | Err(_) => uncached(no_such_page(&staff)),
    }
}

/// Every answer of the preview: the area's answers are `no-store` already; `private` as well,
/// for any cache that reads only that word. A preview is one person's draft, and neither it nor
/// a refusal of it may be kept anywhere.
fn uncached(mut response: HttpResponse) -> HttpResponse {
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("no-store, private"),
    );
    response
}

/// The bar's form sent: 303 to the preview's address of the page at that date and time, so the
/// address bar (and every link in the page) carries `at` as a link would.
fn chosen(staff: &Staff, query: &HashMap<String, String>) -> HttpResponse {
    let field = |name: &str| query.get(name).map_or("", |value| value.trim());
    let Some(route) = routes::find(match field("page") {
        "" => "/",
        path => path,
    }) else {
        return no_such_page(staff);
    };
    let live = match of_live(query) {
        Ok(live) => live,
        Err(unread) => return unread.refusal(staff),
    };
    let (date, time) = (field("date"), field("time"));
    let at = if date.is_empty() && time.is_empty() {
        None
    } else {
        match Moment::from_fields(date, time) {
            Some(at) => Some(at),
            None => return Unread::Date(format!("{date} {time}")).refusal(staff),
        }
    };
    see_other(&Asked { at, live }.url(route.path))
}

/// A part of a preview's address that does not read.
enum Unread {
    /// `of` is neither the draft nor the live version.
    Content,
    /// The date and time, as typed.
    Date(String),
}

impl Unread {
    /// The page saying what was expected.
    fn refusal(self, staff: &Staff) -> HttpResponse {
        match self {
            Self::Content => refused(
                staff,
                StatusCode::BAD_REQUEST,
                "Which content to preview?",
                "A preview shows your draft (of=draft, or nothing) or the live version (of=live).",
            ),
            Self::Date(typed) => bad_date(staff, &typed),
        }
    }
}

/// Whether `of` asks for the live version.
fn of_live(query: &HashMap<String, String>) -> Result<bool, Unread> {
    match query.get("of").map(|of| of.trim()) {
        None | Some("" | "draft") => Ok(false),
        Some("live") => Ok(true),
        Some(_) => Err(Unread::Content),
    }
}

/// What the address asks for.
fn asked(query: &HashMap<String, String>) -> Result<Asked, Unread> {
    let live = of_live(query)?;
    let at = match query.get("at").map(|at| at.trim()) {
        None | Some("") => None,
        Some(typed) => Some(Moment::parse(typed).ok_or_else(|| Unread::Date(typed.to_owned()))?),
    };
    Ok(Asked { at, live })
}

/// The page of the site at `path`, previewed as `query` asks.
async fn show(
    request: &HttpRequest,
    staff: &Staff,
    site: &SiteData,
    path: &str,
    query: &HashMap<String, String>,
) -> HttpResponse {
    let asked = match asked(query) {
        Ok(asked) => asked,
        Err(unread) => return unread.refusal(staff),
    };
    let Some(route) = routes::find(path) else {
        return no_such_page(staff);
    };
    let staff_area = staff.staff_area();
    let draft = match drafts::get(&staff_area.store, &staff.account.id).await {
        Ok(draft) => draft,
        Err(error) => return session::unavailable(request, &error),
    };
    // With a `--content` folder the folder is the one source (nothing is edited in the studio),
    // so the preview shows what the server serves, on the date chosen.
    let live = if staff_area.content_folder.is_some() {
        None
    } else {
        match versions::live(&staff_area.store).await {
            Ok(live) => live,
            Err(error) => return session::unavailable(request, &error),
        }
    };
    // The files shown, and the live ones a draft's changes are marked against.
    let (previewed, files, against): (Previewed, Option<Files>, Option<Files>) =
        if staff_area.content_folder.is_some() {
            (Previewed::Folder, None, None)
        } else if let Some(draft) = draft.as_ref().filter(|_| !asked.live) {
            (
                Previewed::Draft { base: draft.base },
                Some(draft.files.clone()),
                live.map(|live| live.files),
            )
        } else {
            match live {
                Some(live) => (
                    Previewed::Live {
                        number: live.number,
                    },
                    Some(live.files),
                    None,
                ),
                None => {
                    return refused(
                        staff,
                        StatusCode::SERVICE_UNAVAILABLE,
                        "Try again in a minute",
                        "The site's content has not been stored yet.",
                    )
                }
            }
        };
    let now =
        DateTime::<Utc>::from_timestamp_millis(staff_area.clock.now_ms()).unwrap_or_else(Utc::now);
    let instant = asked.at.map_or(now, Moment::instant);
    let mut context = site.current().context().clone();
    // Checking the files and rendering the page take milliseconds of CPU: not on the worker
    // that serves the area's other requests.
    let mut shown = None;
    if let Some(files) = files {
        let content = match web::block(move || (versions::checked(&files), files)).await {
            Ok((Ok(content), files)) => {
                shown = Some(files);
                Arc::new(content)
            }
            Ok((Err(errors), files)) => {
                return cannot_render(staff, (&errors, &files), asked, route)
            }
            Err(error) => return did_not_render(staff, route, &error),
        };
        // A photo the draft names that the live site does not show yet is prepared here, and
        // served to staff at the preview's own address for photos.
        context.images = Arc::new(
            uploads::for_preview(&context.images, &staff_area.image_cache, &content, |hash| {
                onespace_store::photos::original_for_pipeline(&staff_area.store, hash)
            })
            .await,
        );
        context.content = content;
    }
    // The content's own pages are marked with the fields that made them, to be tapped and
    // edited (a folder's content is not edited here). Not the live version beside a draft: a tap
    // edits the draft, whose fields (a list's items among them) may no longer be where the live
    // version has them.
    let marked = !(matches!(previewed, Previewed::Live { .. }) && draft.is_some());
    let rendered = web::block(move || match shown {
        Some(shown) if marked => {
            let page = onespace_site::render::marks::marking(|| render(context, route, instant));
            marks::mark(&page, &shown, against.as_ref())
        }
        _ => render(context, route, instant),
    })
    .await;
    let html_page = match rendered {
        Ok(page) => page,
        Err(error) => return did_not_render(staff, route, &error),
    }; // A draft kept from before the server was given a folder is not the site's to preview.
    let has_draft = draft.is_some() && staff_area.content_folder.is_none();
    let other = match previewed {
        Previewed::Draft { .. } => Some((
            "Preview the live version",
            Asked {
                live: true,
                ..asked
            }
            .url(route.path),
        )),
        Previewed::Live { .. } if has_draft => Some((
            "Preview your draft",
            Asked {
                live: false,
                ..asked
            }
            .url(route.path),
        )),
        Previewed::Live { .. } | Previewed::Folder => None,
    };
    let shown = asked.at.unwrap_or_else(|| Moment::at_instant(now));
    let pages: Vec<(&'static str, &'static str)> = ROUTES
        .iter()
        .map(|route| (route.path, page_name(route)))
        .collect();
    let bar = view::bar(&PreviewBar {
        previewed,
        when: &shown.describe(),
        chosen: asked.at.is_some(),
        date: &shown.date(),
        time: &shown.time(),
        path: route.path,
        pages: &pages,
        other,
        has_draft,
    });
    let page = preview::rewrite_images(&preview::rewrite_links(&html_page, asked));
    let body = preview::insert_bar(&page, &bar);
    html(StatusCode::OK, body)
}

/// The page at `route` as the site would render it from `context` (the content previewed in
/// it) at `instant`, kept out of search results.
fn render(mut context: RenderContext, route: &'static Route, instant: DateTime<Utc>) -> String {
    context.now = instant;
    context.clock = RenderClock::Fixed(instant);
    let mut document = onespace_site::pages::document(route, &context);
    document.noindex = true;
    layout::render(&context, &document, layout::Stylesheet::Linked)
}

/// 500: checking or rendering the page failed (a panic caught on its thread), logged.
fn did_not_render(staff: &Staff, route: &Route, error: &dyn std::fmt::Display) -> HttpResponse {
    tracing::error!(target: "onespace::backoffice", %error, path = route.path, "staff area: the preview did not render");
    html(
        StatusCode::INTERNAL_SERVER_ERROR,
        message_page(
            &staff.chrome(),
            "The preview did not render",
            "Something went wrong while rendering this page of the preview. Nothing was changed; the site is as it was.",
        ),
    )
}

/// 422: the draft's mistakes, since the site cannot be rendered from it.
fn cannot_render(
    staff: &Staff,
    (errors, files): (&[ContentError], &Files),
    asked: Asked,
    route: &Route,
) -> HttpResponse {
    let mistakes = super::content::listed(errors, files);
    let mut files: Vec<&str> = errors.iter().map(|error| error.file.as_str()).collect();
    files.sort_unstable();
    files.dedup();
    let live = Asked {
        live: true,
        ..asked
    }
    .url(route.path);
    html(
        StatusCode::UNPROCESSABLE_ENTITY,
        view::cannot_render(&staff.chrome(), &mistakes, &files, &live),
    )
}

fn refused(staff: &Staff, status: StatusCode, title: &str, text: &str) -> HttpResponse {
    html(status, view::refused(&staff.chrome(), title, text))
}

fn no_such_page(staff: &Staff) -> HttpResponse {
    refused(
        staff,
        StatusCode::NOT_FOUND,
        "No such page of the site",
        "The preview shows the site's own pages: choose one from the list at the top of the preview.",
    )
}

/// 400: the date and time typed (`typed`, repeated shortened) do not read.
fn bad_date(staff: &Staff, typed: &str) -> HttpResponse {
    let typed: String = typed.trim().chars().take(ECHO_CHARS_MAX).collect();
    refused(
        staff,
        StatusCode::BAD_REQUEST,
        "That date and time could not be read",
        &format!(
            "“{typed}” is not a date and time the preview can show. The form expects a date such \
             as 2025-09-15 (between the years 2000 and 2100) and a time on the 24-hour clock such \
             as 14:30, UK time; in an address, at=2025-09-15T14:30."
        ),
    )
}

/// A page as the preview's page list names it: its title's first part (`Pricing & Memberships`
/// of `Pricing & Memberships | One Space Livingston`); the home page's title starts with the
/// studio's name, so it is `Home`.
fn page_name(route: &Route) -> &'static str {
    if route.path == "/" {
        "Home"
    } else {
        route.title.split(" | ").next().unwrap_or(route.title)
    }
}
