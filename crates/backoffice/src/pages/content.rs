//! The site's content: its versions for every staff member, and editing it as a draft of one's
//! own, reviewed and published as the next version, or an earlier version restored.
//!
//! A file is edited as a form drawn from its types (the editor's script, `frontend/src/backoffice/`),
//! or without scripts as its TOML text, with the comment at its top saying how each field is
//! written: either way the draft holds the same text `onespace content export` writes, checked
//! by the same check on every save (the core's, `onespace_core::content::check`). The editor
//! saves as the owner types (asking for JSON rather than the next page), so a closed tab loses
//! nothing. A draft keeps the version it started
//! from; publishing it when another version has been published since is refused (the number is
//! the versions' primary key, so two publishes from one version cannot both land), never a
//! silent overwrite. The refusal says which files each side changed and offers two ways on:
//! bring the draft up to date (the person's changes put on top of the live version file by
//! file and, within a file both changed, line by line: `onespace_store::published::merge`, the rule a
//! scheduled change follows too; a file whose lines clash keeps the live text and the person's
//! change to it is shown to redo), or start again from the live version. Neither publishes: the
//! person reviews the draft again first. A published or restored version is served by every node within seconds
//! (`onespace_store::published::versions::follow`). While the server serves a `--content` folder, the
//! folder is the one source and nothing here edits.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use onespace_core::content::check::{words, ContentError};
use onespace_core::content::File;

use super::html;
use super::see_other;
use super::wants_json;
use super::Paging;
use crate::audit::{self, Action};
use crate::diff::{self, FileChanges, Thumbnail};
use crate::session::{self, Staff, StaffForm};
use crate::views::content::{
    self as view, Behind, Clash, Done, Editing, EditorData, FileEditor, Mistake, Review, Served,
    Updated, VersionPage, VersionRow,
};
use crate::views::message_page;
use onespace_images::{uploads, Format, Photo};
use onespace_site::SiteData;
use onespace_store::drafts::{self, Draft};
use onespace_store::published::merge::{self, Lines};
use onespace_store::published::scheduled;
use onespace_store::published::versions::{self, Added, Files, Kind, NewVersion, Version};
use onespace_store::{StorageError, Store};

/// Versions per page.
const PER_PAGE: i64 = 50;

/// The longest note kept with a version.
const NOTE_CHARS_MAX: usize = 500;

/// `GET /studio/content?page=N`.
pub async fn history(
    request: HttpRequest,
    staff: Staff,
    query: web::Query<HashMap<String, String>>,
) -> HttpResponse {
    let paging = Paging::from_query(&query, PER_PAGE);
    let staff_area = staff.staff_area();
    let found = versions::history(&staff_area.store, paging.limit(), paging.offset()).await;
    let draft = drafts::get(&staff_area.store, &staff.account.id).await;
    let (found, draft) = match (found, draft) {
        (Ok(found), Ok(draft)) => (found, draft),
        (Err(error), _) | (_, Err(error)) => return session::unavailable(&request, &error),
    };
    let (found, more) = paging.split(found);
    let rows: Vec<VersionRow<'_>> = found
        .iter()
        .map(|version| VersionRow {
            number: version.number,
            stored_at: version.created_at,
            what: version.kind.describe(),
            by: version.author.as_deref(),
            note: &version.note,
        })
        .collect();
    let folder = staff_area
        .content_folder
        .as_ref()
        .map(|dir| dir.display().to_string());
    let served = match &folder {
        Some(dir) => Served::Folder(dir),
        None => Served::Database,
    };
    let number = |key: &str| query.get(key).and_then(|value| value.parse::<i64>().ok());
    let done = number("published")
        .map(Done::Published)
        .or_else(|| number("restored").map(Done::Restored))
        .or_else(|| query.contains_key("discarded").then_some(Done::Discarded));
    let editing = Editing {
        files: &File::ALL,
        draft_base: draft.map(|draft| draft.base),
    };
    html(
        StatusCode::OK,
        view::history(
            &staff.chrome(),
            &served,
            (done.as_ref(), &editing),
            &rows,
            paging.number(),
            more,
        ),
    )
}

/// The page saying the content is a folder's and is not edited here, if it is.
fn read_only(staff: &Staff) -> Option<HttpResponse> {
    let dir = staff.staff_area().content_folder.as_ref()?;
    Some(html(
        StatusCode::CONFLICT,
        message_page(
            &staff.chrome(),
            "The content is a folder's",
            &format!(
                "The site is serving the content folder {} named when it started, so it is edited \
                 there, not here. Start the server without --content to edit the content in the \
                 staff area.",
                dir.display()
            ),
        ),
    ))
}

fn no_such_file(staff: &Staff) -> HttpResponse {
    html(
        StatusCode::NOT_FOUND,
        message_page(
            &staff.chrome(),
            "No such content",
            &format!(
                "The content you can edit is {}: open it from the Content page.",
                File::ALL.map(File::title).join(", ")
            ),
        ),
    )
}

/// The live version; the database always has one once the server has started.
async fn live_version(request: &HttpRequest, staff: &Staff) -> Result<Version, HttpResponse> {
    match versions::live(&staff.staff_area().store).await {
        Ok(Some(live)) => Ok(live),
        Ok(None) => Err(html(
            StatusCode::SERVICE_UNAVAILABLE,
            message_page(
                &staff.chrome(),
                "Try again in a minute",
                "The site's content has not been stored yet. Nothing was changed.",
            ),
        )),
        Err(error) => Err(session::unavailable(request, &error)),
    }
}

/// The mistakes of `files`, none when they may be published.
fn mistakes_of(files: &versions::Files) -> Vec<ContentError> {
    versions::checked(files).err().unwrap_or_default()
}

/// Each mistake of `files` in the owner's words (the core's
/// [`onespace_core::content::check::words`]), linking to its field in the editor.
pub(crate) fn listed(errors: &[ContentError], files: &versions::Files) -> Vec<Mistake> {
    errors
        .iter()
        .map(|error| {
            let text = files.get(&error.file).map_or("", String::as_str);
            let said = words::said(error, text);
            let editor = format!("/studio/content/edit/{}", error.file);
            Mistake {
                link: if said.anchor.is_empty() {
                    editor
                } else {
                    format!("{editor}#{}", said.anchor)
                },
                said: said.sentence,
            }
        })
        .collect()
}

/// `GET /studio/content/edit/{file}?saved=1`.
pub async fn edit_form(
    request: HttpRequest,
    staff: Staff,
    file: web::Path<String>,
    query: web::Query<HashMap<String, String>>,
) -> HttpResponse {
    if let Some(refusal) = read_only(&staff) {
        return refusal;
    }
    let Some(file) = File::from_name(&file) else {
        return no_such_file(&staff);
    };
    let live = match live_version(&request, &staff).await {
        Ok(live) => live,
        Err(response) => return response,
    };
    let draft = match drafts::get(&staff.staff_area().store, &staff.account.id).await {
        Ok(draft) => draft,
        Err(error) => return session::unavailable(&request, &error),
    };
    let (files, base) = match &draft {
        Some(draft) => (&draft.files, draft.base),
        None => (&live.files, live.number),
    };
    let errors = if draft.is_some() {
        mistakes_of(files)
    } else {
        Vec::new()
    };
    let (here, elsewhere): (Vec<_>, Vec<_>) =
        errors.iter().partition(|error| error.file == file.name());
    let here: Vec<ContentError> = here.into_iter().cloned().collect();
    let mistakes = listed(&here, files);
    fn text(files: &versions::Files, file: File) -> &str {
        files.get(file.name()).map_or("", String::as_str)
    }
    let editor = FileEditor {
        name: file.name(),
        title: file.title(),
        text: text(files, file),
        base,
        drafted: draft.is_some(),
        saved: query.contains_key("saved"),
        mistakes: &mistakes,
        elsewhere: elsewhere.len(),
        form: EditorData {
            file: file.name(),
            files,
            live: text(&live.files, file),
            base,
            save_url: format!("/studio/content/edit/{}", file.name()),
            csrf: &staff.session.csrf,
        },
    };
    let script = session::editor_links(&request);
    let chrome = staff.chrome().with_script(script.as_ref());
    html(StatusCode::OK, view::edit(&chrome, &editor))
}

/// A file's text as sent.
#[derive(Debug, serde::Deserialize)]
pub struct EditFields {
    text: String,
}

/// `POST /studio/content/edit/{file}`: saves the text into the person's draft (started from
/// the live version if they have none), mistakes and all, then shows the file again with them.
pub async fn edit_save(
    request: HttpRequest,
    file: web::Path<String>,
    post: StaffForm<EditFields>,
) -> HttpResponse {
    let StaffForm { staff, form } = post;
    if let Some(refusal) = read_only(&staff) {
        return refusal;
    }
    let Some(file) = File::from_name(&file) else {
        return no_such_file(&staff);
    };
    let staff_area = staff.staff_area();
    let draft = match drafts::get(&staff_area.store, &staff.account.id).await {
        Ok(Some(draft)) => draft,
        Ok(None) => match live_version(&request, &staff).await {
            Ok(live) => Draft {
                base: live.number,
                files: live.files,
                updated_at: 0,
            },
            Err(response) => return response,
        },
        Err(error) => return session::unavailable(&request, &error),
    };
    let mut draft = draft;
    // A browser sends a text area's line breaks as CRLF; the files are written with LF.
    draft
        .files
        .insert(file.name().to_owned(), form.text.replace("\r\n", "\n"));
    draft.updated_at = staff_area.clock.now_ms();
    if let Err(error) = drafts::save(&staff_area.store, &staff.account.id, &draft).await {
        return session::unavailable(&request, &error);
    }
    if wants_json(&request) {
        // The editor's saves as the owner types: it only needs to know the draft is kept.
        return HttpResponse::Ok().json(serde_json::json!({
            "savedAt": draft.updated_at,
            "base": draft.base,
        }));
    }
    see_other(&format!("/studio/content/edit/{}?saved=1", file.name()))
}

/// The person's draft, the live version and, when the draft started from an earlier one,
/// what each side changed since.
struct Found {
    draft: Draft,
    live: Version,
    behind: Option<Behind>,
    /// What the draft changes against the live version, its photos' thumbnails found.
    changes: Vec<FileChanges>,
}

/// The review page of the draft against the live version.
fn review_page(
    staff: &Staff,
    status: StatusCode,
    found: &Found,
    note: &str,
    refusal: Option<&str>,
) -> HttpResponse {
    let typed = view::ScheduleTyped::default();
    review_page_with(staff, status, found, (note, refusal), (typed, None))
}

/// The review page just after the draft was brought up to date or started again, saying what
/// that did.
fn updated_review(staff: &Staff, found: &Found, updated: Option<&Updated>) -> HttpResponse {
    let typed = view::ScheduleTyped::default();
    review_page_with(staff, StatusCode::OK, found, ("", None), (typed, updated))
}

/// The review page, with the Schedule form's values as typed and, just after the draft was
/// brought up to date, what that did.
fn review_page_with(
    staff: &Staff,
    status: StatusCode,
    Found {
        draft,
        live,
        behind,
        changes,
    }: &Found,
    (note, refusal): (&str, Option<&str>),
    (schedule, updated): (view::ScheduleTyped<'_>, Option<&Updated>),
) -> HttpResponse {
    let errors = mistakes_of(&draft.files);
    let mistakes = listed(&errors, &draft.files);
    let review = Review {
        base: draft.base,
        live: live.number,
        changes,
        mistakes: &mistakes,
        note,
        refusal,
        schedule,
        behind: behind.as_ref(),
        updated,
    };
    html(status, view::review(&staff.chrome(), &review))
}

/// The files of the version `draft` started from; none if it is no longer stored.
async fn base_files(store: &Store, draft: &Draft) -> Result<Option<Files>, StorageError> {
    Ok(versions::version(store, draft.base)
        .await?
        .map(|version| version.files))
}

/// For each file both `draft` (from `base`) and the versions since changed on the same lines,
/// the first version after the draft's base that changed it.
async fn clashes_of(
    store: &Store,
    draft: &Draft,
    base: &Files,
    live: &Version,
    files: Vec<String>,
) -> Result<Vec<Clash>, StorageError> {
    let mut clashes = Vec::new();
    for file in files {
        let by = merge::changed_by(store, draft.base, live, &file, base.get(&file)).await?;
        clashes.push(Clash { file, by });
    }
    Ok(clashes)
}

/// What `draft` and the versions published since it started each changed, and where bringing
/// it up to date would clash; none while it is up to date.
async fn behind_of(
    store: &Store,
    draft: &Draft,
    live: &Version,
) -> Result<Option<Behind>, StorageError> {
    if draft.base == live.number {
        return Ok(None);
    }
    let Some(base) = base_files(store, draft).await? else {
        return Ok(Some(Behind::default()));
    };
    let merged = merge::three_way(&draft.files, &base, &live.files, Lines::Merge);
    Ok(Some(Behind {
        yours: merge::changed(&base, &draft.files),
        since: merge::changed(&base, &live.files),
        clashes: clashes_of(store, draft, &base, live, merged.clashes).await?,
    }))
}

/// The person's draft and the live version, or the page to show instead.
async fn draft_and_live(
    request: &HttpRequest,
    staff: &Staff,
) -> Result<(Draft, Version), HttpResponse> {
    if let Some(refusal) = read_only(staff) {
        return Err(refusal);
    }
    let draft = match drafts::get(&staff.staff_area().store, &staff.account.id).await {
        Ok(Some(draft)) => draft,
        Ok(None) => return Err(see_other("/studio/content")),
        Err(error) => return Err(session::unavailable(request, &error)),
    };
    let live = live_version(request, staff).await?;
    Ok((draft, live))
}

/// [`draft_and_live`] with what each side changed since the draft started, for the review page
/// (read from the versions only while the draft is behind the live one).
async fn find_for_review(request: &HttpRequest, staff: &Staff) -> Result<Found, HttpResponse> {
    let (draft, live) = draft_and_live(request, staff).await?;
    let changes = with_thumbnails(request, staff, diff::changes(&live.files, &draft.files)).await;
    match behind_of(&staff.staff_area().store, &draft, &live).await {
        Ok(behind) => Ok(Found {
            draft,
            live,
            behind,
            changes,
        }),
        Err(error) => Err(session::unavailable(request, &error)),
    }
}

/// `changes` with a thumbnail for each photo they set, replace or take away: a photo the live
/// site shows at its own `/images/` address, a draft's upload (prepared into the photo cache
/// from the database, as the preview does, read back from the cache after the first time) at the
/// preview's address for photos, which only staff reach. A photo that cannot be prepared keeps
/// none, and the review says so in words.
async fn with_thumbnails(
    request: &HttpRequest,
    staff: &Staff,
    mut changes: Vec<FileChanges>,
) -> Vec<FileChanges> {
    let Some(site) = request.app_data::<SiteData>() else {
        return changes;
    };
    let live = site.current().context().images.clone();
    let mut wanted: Vec<String> = changes
        .iter()
        .flat_map(|file| &file.photos)
        .flat_map(|change| [&change.before, &change.after])
        .flatten()
        .filter(|photo| live.photo(&photo.file).is_none())
        .map(|photo| photo.file.clone())
        .collect();
    wanted.sort();
    wanted.dedup();
    let staff_area = staff.staff_area();
    let prepared = uploads::prepare(wanted, &staff_area.image_cache, |hash| {
        onespace_store::photos::original_for_pipeline(&staff_area.store, hash)
    })
    .await;
    for photo in changes
        .iter_mut()
        .flat_map(|file| &mut file.photos)
        .flat_map(|change| [&mut change.before, &mut change.after])
        .flatten()
    {
        photo.thumbnail = match live.photo(&photo.file) {
            Some(served) => thumbnail(served, onespace_images::IMAGES_PREFIX),
            None => prepared
                .iter()
                .find(|(name, _, _)| *name == photo.file)
                .and_then(|(_, made, _)| thumbnail(made, crate::preview::IMAGES_PREFIX)),
        };
    }
    changes
}

/// `photo`'s narrowest JPEG (every browser reads it), at `prefix` (the site's `/images/` or the
/// preview's address for photos, which serves the same file names).
fn thumbnail(photo: &Photo, prefix: &str) -> Option<Thumbnail> {
    let variant = photo.of_format(Format::Jpeg).next()?;
    let src = photo.url(variant);
    Some(Thumbnail {
        src: format!(
            "{prefix}{}",
            src.strip_prefix(onespace_images::IMAGES_PREFIX)
                .unwrap_or(&src)
        ),
        width: variant.width,
        height: variant.height,
    })
}

/// `GET /studio/content/draft?restarted=1`.
pub async fn review(
    request: HttpRequest,
    staff: Staff,
    query: web::Query<HashMap<String, String>>,
) -> HttpResponse {
    let found = match find_for_review(&request, &staff).await {
        Ok(found) => found,
        Err(response) => return response,
    };
    let restarted = query.contains_key("restarted").then(|| {
        format!(
            "Your draft starts again from version {}, the live content.",
            found.live.number
        )
    });
    let updated = restarted.as_deref().map(|said| Updated {
        said,
        lines_merged: &[],
        left_out: &[],
        your_changes: &[],
    });
    updated_review(&staff, &found, updated.as_ref())
}

/// The note kept with a publish.
#[derive(Debug, serde::Deserialize)]
pub struct PublishFields {
    #[serde(default)]
    note: String,
}

/// Why a draft cannot go live (`verb`: "published" or "scheduled"), before the version check:
/// a note too long, mistakes left, or nothing changed.
fn not_ready(note: &str, draft: &Draft, live: &Version, verb: &str) -> Option<String> {
    if note.chars().count() > NOTE_CHARS_MAX {
        Some(format!("Keep the note under {NOTE_CHARS_MAX} characters."))
    } else if !mistakes_of(&draft.files).is_empty() {
        Some(format!(
            "Nothing was {verb}: correct the mistakes listed first."
        ))
    } else if draft.files == live.files {
        Some(format!(
            "Nothing was {verb}: the draft is the same as the live content."
        ))
    } else {
        None
    }
}

/// `POST /studio/content/draft/publish`: checked again, then stored as the next version if the
/// live version is still the one the draft started from.
pub async fn publish(request: HttpRequest, post: StaffForm<PublishFields>) -> HttpResponse {
    let StaffForm { staff, form } = post;
    let found = match find_for_review(&request, &staff).await {
        Ok(found) => found,
        Err(response) => return response,
    };
    let Found { draft, live, .. } = &found;
    let note = form.note.trim();
    let refuse = |status, why: &str| review_page(&staff, status, &found, note, Some(why));
    if let Some(why) = not_ready(note, draft, live, "published") {
        return refuse(StatusCode::UNPROCESSABLE_ENTITY, &why);
    }
    let staff_area = staff.staff_area();
    let new = NewVersion {
        kind: Kind::Publish,
        author: Some(&staff.account.email),
        note,
        files: &draft.files,
    };
    match versions::add(&staff_area.store, Some(draft.base), new).await {
        Ok(Added::Stored(number)) => {
            if let Err(error) = drafts::discard(&staff_area.store, &staff.account.id).await {
                tracing::warn!(%error, "staff area: published, but the draft stays");
            }
            audit::record(
                staff_area,
                Some(&staff.account.email),
                Action::ContentPublished,
                &format!("version {number} from version {}", draft.base),
                &staff.area.address,
            )
            .await;
            see_other(&format!("/studio/content?published={number}"))
        }
        Ok(Added::Conflict { live: now }) => {
            let found = match find_for_review(&request, &staff).await {
                Ok(found) => found,
                Err(response) => return response,
            };
            let live = &found.live;
            review_page(
                &staff,
                StatusCode::CONFLICT,
                &found,
                note,
                Some(&format!(
                    "Nothing was published: version {} was published after your draft started \
                     from version {}.",
                    now.unwrap_or(live.number),
                    draft.base
                )),
            )
        }
        Err(error) => session::unavailable(&request, &error),
    }
}

/// `POST /studio/content/draft/update`: brings a draft started from an earlier version up to
/// date with the live one (`onespace_store::published::merge`, line by line within a file), as the
/// person's draft from the live version; a file whose lines clash keeps the live text, and the
/// page shows the person's change to it to make again. Nothing is published: the review page
/// comes back with the updated draft.
pub async fn bring_up_to_date(
    request: HttpRequest,
    post: StaffForm<super::NoFields>,
) -> HttpResponse {
    let StaffForm { staff, .. } = post;
    let (draft, live) = match draft_and_live(&request, &staff).await {
        Ok(pair) => pair,
        Err(response) => return response,
    };
    if draft.base == live.number {
        return see_other("/studio/content/draft");
    }
    let staff_area = staff.staff_area();
    let base = match base_files(&staff_area.store, &draft).await {
        Ok(Some(base)) => base,
        Ok(None) => {
            return html(
                StatusCode::CONFLICT,
                message_page(
                    &staff.chrome(),
                    "Not brought up to date",
                    &format!(
                        "Version {} that your draft started from is no longer stored, so what \
                         you changed cannot be told apart from what changed since. Start again \
                         from the live version on the review page.",
                        draft.base
                    ),
                ),
            )
        }
        Err(error) => return session::unavailable(&request, &error),
    };
    let merged = merge::three_way(&draft.files, &base, &live.files, Lines::Merge);
    let clashes = match clashes_of(&staff_area.store, &draft, &base, &live, merged.clashes).await {
        Ok(clashes) => clashes,
        Err(error) => return session::unavailable(&request, &error),
    };
    // What the person changed in the files left out, which the new draft no longer holds.
    let only = |files: &Files| -> Files {
        clashes
            .iter()
            .filter_map(|clash| Some((clash.file.clone(), files.get(&clash.file)?.clone())))
            .collect()
    };
    let your_changes = diff::changes(&only(&base), &only(&draft.files));
    let updated_draft = Draft {
        base: live.number,
        files: merged.files,
        updated_at: staff_area.clock.now_ms(),
    };
    if let Err(error) = drafts::save(&staff_area.store, &staff.account.id, &updated_draft).await {
        return session::unavailable(&request, &error);
    }
    let said = format!(
        "Your draft is now up to date with version {}: your changes are on top of it. Review \
         it again before publishing.",
        live.number
    );
    let updated = Updated {
        said: &said,
        lines_merged: &merged.lines_merged,
        left_out: &clashes,
        your_changes: &your_changes,
    };
    let changes = with_thumbnails(
        &request,
        &staff,
        diff::changes(&live.files, &updated_draft.files),
    )
    .await;
    let found = Found {
        draft: updated_draft,
        live,
        behind: None,
        changes,
    };
    updated_review(&staff, &found, Some(&updated))
}

/// `POST /studio/content/draft/start-again`: the person's draft is replaced by a new one from
/// the live version (the way on when their changes are easier made again than merged).
pub async fn start_again(request: HttpRequest, post: StaffForm<super::NoFields>) -> HttpResponse {
    let StaffForm { staff, .. } = post;
    if let Some(refusal) = read_only(&staff) {
        return refusal;
    }
    let live = match live_version(&request, &staff).await {
        Ok(live) => live,
        Err(response) => return response,
    };
    let staff_area = staff.staff_area();
    let draft = Draft {
        base: live.number,
        files: live.files,
        updated_at: staff_area.clock.now_ms(),
    };
    match drafts::save(&staff_area.store, &staff.account.id, &draft).await {
        Ok(()) => see_other("/studio/content/draft?restarted=1"),
        Err(error) => session::unavailable(&request, &error),
    }
}

/// `POST /studio/content/draft/discard`.
pub async fn discard(request: HttpRequest, post: StaffForm<super::NoFields>) -> HttpResponse {
    let StaffForm { staff, .. } = post;
    match drafts::discard(&staff.staff_area().store, &staff.account.id).await {
        Ok(()) => see_other("/studio/content?discarded=1"),
        Err(error) => session::unavailable(&request, &error),
    }
}

fn no_such_version(staff: &Staff) -> HttpResponse {
    html(
        StatusCode::NOT_FOUND,
        message_page(
            &staff.chrome(),
            "No such version",
            "The versions are listed on the Content page.",
        ),
    )
}

/// Version `number` and the live one, or the page to show instead.
async fn version_and_live(
    request: &HttpRequest,
    staff: &Staff,
    number: &str,
) -> Result<(Version, Version), HttpResponse> {
    let Ok(number) = number.parse::<i64>() else {
        return Err(no_such_version(staff));
    };
    let version = match versions::version(&staff.staff_area().store, number).await {
        Ok(Some(version)) => version,
        Ok(None) => return Err(no_such_version(staff)),
        Err(error) => return Err(session::unavailable(request, &error)),
    };
    let live = live_version(request, staff).await?;
    Ok((version, live))
}

/// `GET /studio/content/versions/{number}`: what restoring it would change.
pub async fn version(
    request: HttpRequest,
    staff: Staff,
    number: web::Path<String>,
) -> HttpResponse {
    let (version, live) = match version_and_live(&request, &staff, &number).await {
        Ok(found) => found,
        Err(response) => return response,
    };
    let files = with_thumbnails(&request, &staff, diff::changes(&live.files, &version.files)).await;
    let page = VersionPage {
        number: version.number,
        live: live.number,
        row: VersionRow {
            number: version.number,
            stored_at: version.created_at,
            what: version.kind.describe(),
            by: version.author.as_deref(),
            note: &version.note,
        },
        changes: &files,
        restorable: version.number != live.number
            && staff.staff_area().content_folder.is_none()
            && version.content().is_ok(),
    };
    html(StatusCode::OK, view::version(&staff.chrome(), &page))
}

/// `POST /studio/content/versions/{number}/restore`: the version, checked again, stored as the
/// next one.
pub async fn restore(
    request: HttpRequest,
    number: web::Path<String>,
    post: StaffForm<super::NoFields>,
) -> HttpResponse {
    let StaffForm { staff, .. } = post;
    if let Some(refusal) = read_only(&staff) {
        return refusal;
    }
    let (version, live) = match version_and_live(&request, &staff, &number).await {
        Ok(found) => found,
        Err(response) => return response,
    };
    let refused = |why: String| {
        html(
            StatusCode::UNPROCESSABLE_ENTITY,
            message_page(&staff.chrome(), "Not restored", &why),
        )
    };
    if version.number == live.number {
        return refused(format!("Version {} is the live version.", version.number));
    }
    if let Err(errors) = version.content() {
        return refused(format!(
            "Version {} no longer passes the content check ({}), so it cannot be restored as it is.",
            version.number,
            listed(&errors, &version.files)
                .into_iter()
                .map(|mistake| mistake.said)
                .collect::<Vec<_>>()
                .join("; ")
        ));
    }
    let staff_area = staff.staff_area();
    let note = format!("version {} restored", version.number);
    let new = NewVersion {
        kind: Kind::Restore,
        author: Some(&staff.account.email),
        note: &note,
        files: &version.files,
    };
    match versions::add(&staff_area.store, Some(live.number), new).await {
        Ok(Added::Stored(number)) => {
            audit::record(
                staff_area,
                Some(&staff.account.email),
                Action::ContentRestored,
                &format!("version {number} restores version {}", version.number),
                &staff.area.address,
            )
            .await;
            see_other(&format!("/studio/content?restored={number}"))
        }
        Ok(Added::Conflict { live }) => refused(format!(
            "Nothing was restored: version {} was published a moment ago. Look at it, then \
             restore again if you still want to.",
            live.unwrap_or(0)
        )),
        Err(error) => session::unavailable(&request, &error),
    }
}

/// The Schedule form of the review page.
#[derive(Debug, serde::Deserialize)]
pub struct ScheduleFields {
    #[serde(default)]
    date: String,
    #[serde(default)]
    time: String,
    #[serde(default)]
    note: String,
}

/// `POST /studio/content/draft/schedule`: the draft, checked as a publish is, becomes a change
/// that goes live at the UK date and time given (`onespace_store::published::scheduled`), and the draft
/// ends. A time that has passed, does not exist or cannot be read, a draft with mistakes, and
/// a draft the live content has moved on from are refused on the review page with everything
/// typed kept.
pub async fn schedule(request: HttpRequest, post: StaffForm<ScheduleFields>) -> HttpResponse {
    let StaffForm { staff, form } = post;
    let found = match find_for_review(&request, &staff).await {
        Ok(found) => found,
        Err(response) => return response,
    };
    let Found { draft, live, .. } = &found;
    let note = form.note.trim();
    let typed = || view::ScheduleTyped {
        date: form.date.trim(),
        time: form.time.trim(),
        note,
    };
    let refuse = |status, why: &str| {
        review_page_with(&staff, status, &found, ("", Some(why)), (typed(), None))
    };
    if let Some(why) = not_ready(note, draft, live, "scheduled") {
        return refuse(StatusCode::UNPROCESSABLE_ENTITY, &why);
    }
    if draft.base != live.number {
        return refuse(
            StatusCode::CONFLICT,
            &format!(
                "Nothing was scheduled: version {} was published after your draft started from \
                 version {}.",
                live.number, draft.base
            ),
        );
    }
    let staff_area = staff.staff_area();
    let now = staff_area.clock.now_ms();
    let go_live_at = match super::schedules::go_live_at(form.date.trim(), form.time.trim(), now) {
        Ok(at) => at,
        Err(why) => {
            return refuse(
                StatusCode::UNPROCESSABLE_ENTITY,
                &format!("Nothing was scheduled: {why}"),
            )
        }
    };
    let new = scheduled::NewSchedule {
        created_by: &staff.account.email,
        base: draft.base,
        files: &draft.files,
        note,
        go_live_at,
        now,
    };
    let id = match scheduled::add(&staff_area.store, new).await {
        Ok(id) => id,
        Err(error) => return session::unavailable(&request, &error),
    };
    if let Err(error) = drafts::discard(&staff_area.store, &staff.account.id).await {
        tracing::warn!(%error, "staff area: scheduled, but the draft stays");
    }
    audit::record(
        staff_area,
        Some(&staff.account.email),
        Action::ContentScheduled,
        &format!(
            "schedule {id} from version {} for {} UK time",
            draft.base,
            scheduled::uk_time(go_live_at)
        ),
        &staff.area.address,
    )
    .await;
    see_other(&format!("/studio/content/scheduled?scheduled={id}"))
}
