//! Photos uploaded from a phone or a computer: `GET /studio/content/photos` shows the form,
//! `POST` takes it as `multipart/form-data` (a plain form post, no script needed).
//!
//! A photo goes into a place of `photos.toml` (`onespace_core::content::Place`, with an optional
//! focal point, `focus_x`/`focus_y`) or, as `team.toml` lets a coach have a portrait, into a
//! coach's `photo`/`photo_alt`. It becomes part of the person's draft: the original is stored in
//! the database once, under the SHA-256 of its bytes (`onespace_store::photos`), and the draft's
//! file names it `uploads/<hash>.<ext>`, written into the file's own text so its comments stay.
//! Visitors see it only once the draft is published (`onespace_images::uploads`). The preview
//! (`/studio/content/preview`) shows the place's art until then: the variants of an unpublished
//! upload are not served anywhere.
//!
//! Refused, each with its message on the form and everything typed kept but the file: a file
//! that is not a JPEG, PNG or WebP by its bytes (an iPhone's HEIC is named as such), one over
//! the pipeline's byte or pixel limits (`onespace_images::decode`), one that does not decode,
//! empty alt text, an unknown place or coach and a focal point outside 0-100. The body is read
//! as it streams and cut off at the byte limit; a declared length far over it is refused before
//! any of it is read.
//!
//! For a progress bar a script may send the same form (`FormData` of `#photo-upload`, fields in
//! the form's order, the `csrf` field first) with `XMLHttpRequest` and `Accept:
//! application/json`: the answer is then `200 { "review": "/studio/content/draft" }`, or the
//! refusal's 4xx status with `{ "error": "message", "field": "alt" }` (`field` absent when the
//! message is about the whole form).

use std::collections::BTreeSet;

use actix_web::http::{header, StatusCode};
use actix_web::{HttpRequest, HttpResponse};
use futures_util::StreamExt;
use onespace_core::content::check::form;
use onespace_core::content::photos::{upload_name, Place};
use onespace_core::content::File;
use serde_json::{json, Value};

use super::html;
use super::see_other;
use super::wants_json;
use crate::audit::{self, Action};
use crate::session::{self, Staff, StaffUpload};
use crate::views::message_page;
use crate::views::photos::{self as view, Target as Choice, Typed, UploadPage};
use onespace_images::decode::{MAX_FILE_BYTES, MAX_PIXELS};
use onespace_images::uploads;
use onespace_store::drafts::{self, Draft};
use onespace_store::photos::{self as originals, NewOriginal};
use onespace_store::published::versions;

/// Where the review of the draft is: where an upload leads.
const REVIEW: &str = "/studio/content/draft";

/// The most a text field of the form may hold (the alt text is the longest).
const TEXT_FIELD_LIMIT: usize = 4 * 1024;

/// Room for the form's other fields and the multipart framing beside the photo: a declared
/// length over the photo limit plus this is refused before reading.
const FRAMING_ALLOWANCE: u64 = 64 * 1024;

/// The places and the draft's (or live) coaches, for the select.
fn targets(team_text: &str) -> (Vec<Choice<'static>>, Vec<(String, String)>) {
    let places = Place::ALL
        .iter()
        .map(|place| Choice {
            value: place.key().to_owned(),
            label: place.about(),
        })
        .collect();
    let coaches = form::read(File::Team, team_text)
        .ok()
        .and_then(|values| values.get("coaches").and_then(Value::as_array).cloned())
        .unwrap_or_default()
        .iter()
        .filter_map(|coach| {
            let id = coach.get("id")?.as_str()?.to_owned();
            let name = coach.get("name")?.as_str()?.to_owned();
            Some((format!("coach:{id}"), name))
        })
        .collect();
    (places, coaches)
}

/// A refusal, or the form page when nothing was refused.
struct Refusal {
    status: StatusCode,
    message: String,
    field: Option<&'static str>,
}

impl Refusal {
    fn new(status: StatusCode, field: Option<&'static str>, message: impl Into<String>) -> Self {
        Self {
            status,
            message: message.into(),
            field,
        }
    }
}

/// The form page, with a refusal if any.
fn form_page(
    request: &HttpRequest,
    staff: &Staff,
    team_text: &str,
    typed: Typed<'_>,
    refusal: Option<&Refusal>,
) -> HttpResponse {
    let (places, coaches) = targets(team_text);
    let coaches: Vec<Choice<'_>> = coaches
        .iter()
        .map(|(value, name)| Choice {
            value: value.clone(),
            label: name,
        })
        .collect();
    let page = UploadPage {
        places: &places,
        coaches: &coaches,
        typed,
        refusal: refusal.map(|refusal| refusal.message.as_str()),
        field: refusal.and_then(|refusal| refusal.field),
        max_mb: MAX_FILE_BYTES / 1_000_000,
        max_megapixels: MAX_PIXELS / 1_000_000,
    };
    html(
        refusal.map_or(StatusCode::OK, |refusal| refusal.status),
        // The editor's build gives the form its progress bar.
        view::upload(
            &staff
                .chrome()
                .with_script(session::editor_links(request).as_ref()),
            &page,
        ),
    )
}

/// The text of `team.toml` the form lists coaches from: the person's draft's, else the live one.
async fn team_text(staff: &Staff) -> String {
    let store = &staff.staff_area().store;
    if let Ok(Some(draft)) = drafts::get(store, &staff.account.id).await {
        return draft
            .files
            .get(File::Team.name())
            .cloned()
            .unwrap_or_default();
    }
    match versions::live(store).await {
        Ok(Some(live)) => live
            .files
            .get(File::Team.name())
            .cloned()
            .unwrap_or_default(),
        _ => String::new(),
    }
}

/// The page saying the content is a folder's, if it is (uploads go into the database's drafts).
fn read_only(staff: &Staff) -> Option<HttpResponse> {
    let dir = staff.staff_area().content_folder.as_ref()?;
    Some(html(
        StatusCode::CONFLICT,
        message_page(
            &staff.chrome(),
            "The content is a folder's",
            &format!(
                "The site is serving the content folder {} named when it started: put photos in \
                 its images/ folder and name them in photos.toml. Start the server without \
                 --content to upload photos in the staff area.",
                dir.display()
            ),
        ),
    ))
}

/// `GET /studio/content/photos`.
pub async fn form(request: HttpRequest, staff: Staff) -> HttpResponse {
    if let Some(refusal) = read_only(&staff) {
        return refusal;
    }
    let team = team_text(&staff).await;
    form_page(&request, &staff, &team, Typed::default(), None)
}

/// The fields as read.
#[derive(Default)]
struct Fields {
    token: Option<String>,
    target: String,
    alt: String,
    focus_x: String,
    focus_y: String,
    /// The file's bytes, whole; none when no file was chosen.
    file: Option<Vec<u8>>,
}

/// How reading the body ended, short of a whole form.
enum Cut {
    /// The file passed the byte limit: reading stopped there.
    TooLarge,
    /// The body is not a multipart form, or broke off.
    Unreadable(String),
    /// The form's token was not the session's (or came after the file).
    Forged,
}

/// Reads the form field by field. The token must come before the file (the form puts it first),
/// so a file is only read into memory for a request already known to be the person's own.
async fn read_fields(
    request: &HttpRequest,
    upload: &mut StaffUpload,
) -> Result<Fields, (Cut, Fields)> {
    let mut fields = Fields::default();
    let mut admitted = false;
    while let Some(field) = upload.fields.next().await {
        let mut field = match field {
            Ok(field) => field,
            Err(error) => return Err((Cut::Unreadable(error.to_string()), fields)),
        };
        let name = field.name().unwrap_or_default().to_owned();
        if name == "file" {
            if !admitted {
                return Err((Cut::Forged, fields));
            }
            let mut bytes = Vec::new();
            while let Some(chunk) = field.next().await {
                let chunk = match chunk {
                    Ok(chunk) => chunk,
                    Err(error) => return Err((Cut::Unreadable(error.to_string()), fields)),
                };
                if (bytes.len() + chunk.len()) as u64 > MAX_FILE_BYTES {
                    return Err((Cut::TooLarge, fields));
                }
                bytes.extend_from_slice(&chunk);
            }
            fields.file = (!bytes.is_empty()).then_some(bytes);
            continue;
        }
        let text = match field.bytes(TEXT_FIELD_LIMIT).await {
            Ok(Ok(bytes)) => String::from_utf8_lossy(&bytes).into_owned(),
            Ok(Err(error)) => return Err((Cut::Unreadable(error.to_string()), fields)),
            Err(_) => {
                return Err((
                    Cut::Unreadable(format!("the field '{name}' is too long")),
                    fields,
                ))
            }
        };
        match name.as_str() {
            "csrf" => {
                admitted = upload.admit(request, Some(&text)).is_ok();
                fields.token = Some(text);
            }
            "target" => fields.target = text,
            "alt" => fields.alt = text,
            "focus_x" => fields.focus_x = text,
            "focus_y" => fields.focus_y = text,
            _ => {}
        }
    }
    if !admitted {
        return Err((Cut::Forged, fields));
    }
    Ok(fields)
}

/// A focal point's field: none when empty, else a whole percentage.
fn percentage(typed: &str) -> Result<Option<u8>, ()> {
    let typed = typed.trim().trim_end_matches('%').trim();
    if typed.is_empty() {
        return Ok(None);
    }
    match typed.parse::<u8>() {
        Ok(value) if value <= 100 => Ok(Some(value)),
        _ => Err(()),
    }
}

/// `POST /studio/content/photos`.
pub async fn upload(request: HttpRequest, mut upload: StaffUpload) -> HttpResponse {
    let json = wants_json(&request);
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    let result = if declared.is_some_and(|length| length > MAX_FILE_BYTES + FRAMING_ALLOWANCE) {
        Err((Cut::TooLarge, Fields::default()))
    } else {
        read_fields(&request, &mut upload).await
    };
    let forged = |upload: &StaffUpload| {
        match upload.admit(&request, None) {
        Err(_) if json => HttpResponse::Forbidden().json(json!({
            "error": "This form has expired. Nothing was changed: reload the page and send it again.",
        })),
        Err(refusal) => refusal.error_response(),
        Ok(_) => HttpResponse::Forbidden().finish(),
    }
    };
    let (fields, cut) = match result {
        Ok(fields) => (fields, None),
        Err((Cut::Forged, _)) => return session::private(forged(&upload)),
        Err((cut, fields)) => (fields, Some(cut)),
    };
    // Past here the token has been checked, except for a body refused by its declared length,
    // which is refused without acting on anything.
    let staff = match upload.admit(&request, fields.token.as_deref()) {
        Ok(staff) => staff.clone(),
        Err(_) if matches!(cut, Some(Cut::TooLarge)) => {
            let message = too_large_message();
            return refuse_without_form(&request, json, &message);
        }
        Err(_) => return session::private(forged(&upload)),
    };
    if let Some(refusal) = read_only(&staff) {
        return refusal;
    }
    let team = team_text(&staff).await;
    let typed = Typed {
        target: fields.target.trim(),
        alt: fields.alt.trim(),
        focus_x: fields.focus_x.trim(),
        focus_y: fields.focus_y.trim(),
    };
    let refuse = |refusal: Refusal| {
        if json {
            let mut body = json!({ "error": refusal.message });
            if let Some(field) = refusal.field {
                body["field"] = json!(field);
            }
            return session::private(HttpResponse::build(refusal.status).json(body));
        }
        form_page(&request, &staff, &team, Typed { ..typed }, Some(&refusal))
    };
    match cut {
        Some(Cut::TooLarge) => {
            return refuse(Refusal::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                Some("file"),
                too_large_message(),
            ))
        }
        Some(Cut::Unreadable(why)) => {
            return refuse(Refusal::new(
                StatusCode::BAD_REQUEST,
                None,
                format!(
                    "The form did not arrive whole ({why}). Nothing was changed: send it again."
                ),
            ))
        }
        Some(Cut::Forged) | None => {}
    }
    let target = match Target::parse(typed.target, &team) {
        Some(target) => target,
        None => {
            return refuse(Refusal::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                Some("target"),
                "Choose where the photo goes: a place on the site or a coach.",
            ))
        }
    };
    if typed.alt.is_empty() {
        return refuse(Refusal::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("alt"),
            "Say what the photo shows, for visitors who cannot see it (like \"A hot yoga class \
             in the infrared studio\"): alt text is required.",
        ));
    }
    let (Ok(focus_x), Ok(focus_y)) = (percentage(typed.focus_x), percentage(typed.focus_y)) else {
        return refuse(Refusal::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("focus"),
            "The focal point is two whole percentages from 0 to 100 (50 and 50 is the middle), \
             or empty.",
        ));
    };
    let Some(bytes) = fields.file else {
        return refuse(Refusal::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("file"),
            "Choose the photo to upload.",
        ));
    };
    let hash = originals::hash(&bytes);
    let uploads::Examined {
        media_type,
        extension,
        width,
        height,
    } = match uploads::examine(bytes.clone()).await {
        Ok(examined) => examined,
        Err(message) => {
            return refuse(Refusal::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                Some("file"),
                message,
            ))
        }
    };
    let staff_area = staff.staff_area();
    let now = staff_area.clock.now_ms();
    let original = NewOriginal {
        hash: &hash,
        bytes: &bytes,
        media_type,
        width,
        height,
        uploaded_by: &staff.account.email,
        uploaded_at: now,
    };
    if let Err(error) = originals::store(&staff_area.store, original).await {
        return session::unavailable(&request, &error);
    }
    let mut draft = match drafts::get(&staff_area.store, &staff.account.id).await {
        Ok(Some(draft)) => draft,
        Ok(None) => match versions::live(&staff_area.store).await {
            Ok(Some(live)) => Draft {
                base: live.number,
                files: live.files,
                updated_at: 0,
            },
            Ok(None) => {
                return refuse(Refusal::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    None,
                    "The site's content has not been stored yet. Try again in a minute.",
                ))
            }
            Err(error) => return session::unavailable(&request, &error),
        },
        Err(error) => return session::unavailable(&request, &error),
    };
    let name = upload_name(&hash, extension);
    let placed = target.place_in(&mut draft.files, &name, typed.alt, (focus_x, focus_y));
    if let Err(message) = placed {
        return refuse(Refusal::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            None,
            message,
        ));
    }
    draft.updated_at = now;
    if let Err(error) = drafts::save(&staff_area.store, &staff.account.id, &draft).await {
        return session::unavailable(&request, &error);
    }
    audit::record(
        staff_area,
        Some(&staff.account.email),
        Action::ContentPhotoUploaded,
        &format!(
            "{} to {} in the draft from version {} ({width} x {height})",
            name,
            target.describe(),
            draft.base
        ),
        &staff.area.address,
    )
    .await;
    if json {
        return session::private(HttpResponse::Ok().json(json!({ "review": REVIEW })));
    }
    see_other(REVIEW)
}

/// The message for a file over the byte limit.
fn too_large_message() -> String {
    format!(
        "The photo is larger than the {} MB a photo may be: export it smaller (2400 px wide is \
         plenty) and upload it again. Nothing was changed.",
        MAX_FILE_BYTES / 1_000_000
    )
}

/// A refusal before the form could be read (its declared length alone is over the limit).
fn refuse_without_form(request: &HttpRequest, json: bool, message: &str) -> HttpResponse {
    if json {
        return session::private(
            HttpResponse::PayloadTooLarge().json(json!({ "error": message, "field": "file" })),
        );
    }
    session::refused_page(
        request,
        StatusCode::PAYLOAD_TOO_LARGE,
        "That photo is too large",
        message,
    )
}

/// Where an upload goes.
enum Target {
    /// A place of `photos.toml`.
    Place(Place),
    /// A coach of `team.toml`, by id.
    Coach(String),
}

impl Target {
    /// The select's value, if it names a place or a coach of `team_text`.
    fn parse(value: &str, team_text: &str) -> Option<Self> {
        if let Some(id) = value.strip_prefix("coach:") {
            let (_, coaches) = targets(team_text);
            return coaches
                .iter()
                .any(|(known, _)| known == value)
                .then(|| Self::Coach(id.to_owned()));
        }
        Place::ALL
            .iter()
            .find(|place| place.key() == value)
            .map(|place| Self::Place(*place))
    }

    /// For the audit log.
    fn describe(&self) -> String {
        match self {
            Self::Place(place) => format!("place {}", place.key()),
            Self::Coach(id) => format!("coach {id}"),
        }
    }

    /// Writes the photo `name` with `alt` (and, for a place, the focal point) into the draft's
    /// file, replacing the photo there before, its comments kept.
    fn place_in(
        &self,
        files: &mut versions::Files,
        name: &str,
        alt: &str,
        (focus_x, focus_y): (Option<u8>, Option<u8>),
    ) -> Result<(), String> {
        let file = match self {
            Self::Place(_) => File::Photos,
            Self::Coach(_) => File::Team,
        };
        let text = files.get(file.name()).cloned().unwrap_or_default();
        let unreadable = || {
            format!(
                "Your draft's {} cannot be read: correct it first (the mistakes are listed on \
                 your draft's review), then upload again.",
                file.title()
            )
        };
        let mut values = form::read(file, &text).map_err(|_| unreadable())?;
        let Some(root) = values.as_object_mut() else {
            return Err(unreadable());
        };
        match self {
            Self::Place(place) => {
                let list = root.entry("photo").or_insert_with(|| json!([]));
                let Some(list) = list.as_array_mut() else {
                    return Err(unreadable());
                };
                let mut entry = json!({ "place": place.key(), "file": name, "alt": alt });
                if let Some(x) = focus_x {
                    entry["focus_x"] = json!(x);
                }
                if let Some(y) = focus_y {
                    entry["focus_y"] = json!(y);
                }
                match list
                    .iter_mut()
                    .find(|photo| photo.get("place").and_then(Value::as_str) == Some(place.key()))
                {
                    Some(existing) => *existing = entry,
                    None => list.push(entry),
                }
            }
            Self::Coach(id) => {
                let coach = root
                    .get_mut("coaches")
                    .and_then(Value::as_array_mut)
                    .and_then(|coaches| {
                        coaches
                            .iter_mut()
                            .find(|coach| coach.get("id").and_then(Value::as_str) == Some(id))
                    })
                    .and_then(Value::as_object_mut)
                    .ok_or_else(|| format!("No coach '{id}' in your draft's Team."))?;
                coach.insert("photo".to_owned(), json!(name));
                coach.insert("photo_alt".to_owned(), json!(alt));
            }
        }
        files.insert(file.name().to_owned(), form::write(&text, &values));
        Ok(())
    }
}

/// The upload names a draft's files hold (for tests of the module).
#[allow(dead_code)]
fn uploads_in(files: &versions::Files) -> BTreeSet<String> {
    versions::checked(files)
        .map(|content| onespace_images::uploads::named(&content))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_read_as_typed() {
        assert_eq!(percentage(""), Ok(None));
        assert_eq!(percentage(" 30 %"), Ok(Some(30)));
        assert_eq!(percentage("101"), Err(()));
        assert_eq!(percentage("-1"), Err(()));
    }

    #[test]
    fn a_place_gets_its_entry_replaced_and_comments_stay() {
        let mut files = versions::release_files();
        let target = Target::Place(Place::HotYogaHero);
        let name = upload_name(&"ab".repeat(32), "jpg");
        target
            .place_in(&mut files, &name, "A class", (Some(30), None))
            .unwrap_or_else(|message| panic!("{message}"));
        target
            .place_in(&mut files, &name, "A hot yoga class", (None, None))
            .unwrap_or_else(|message| panic!("{message}"));
        let text = &files["photos.toml"];
        assert!(text.starts_with('#'), "the file's comment stays");
        // One entry for the place (the file's comment names it in an example too).
        assert_eq!(
            text.lines()
                .filter(|line| *line == "place = \"hot-yoga/hero\"")
                .count(),
            1,
            "{text}"
        );
        assert!(text.contains("A hot yoga class"));
        // The focal point left empty the second time is gone (the comment still explains it).
        assert!(
            !text.lines().any(|line| line.starts_with("focus_x")),
            "{text}"
        );
        let content = versions::checked(&files).unwrap_or_else(|errors| panic!("{errors:?}"));
        assert_eq!(
            content
                .photos
                .at(Place::HotYogaHero)
                .map(|photo| photo.file.as_str()),
            Some(name.as_str())
        );
        assert_eq!(uploads_in(&files).len(), 1);
    }
}
