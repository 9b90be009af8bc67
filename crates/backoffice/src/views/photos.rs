//! `/studio/content/photos`: a photo from a phone or a computer into a place on the site or a
//! coach's portrait, as part of the person's draft.

use maud::html;

use super::csrf_field;
use super::field_error;
use super::page;
use super::Chrome;

/// Where a photo can go, as the form's select lists it.
pub struct Target<'a> {
    /// The select's value: a place's key (`hot-yoga/hero`) or `coach:<id>`.
    pub value: String,
    /// What it is, for the studio.
    pub label: &'a str,
}

/// What was typed, kept when the page comes back after a refusal (all but the file, which a
/// browser cannot be given back).
#[derive(Default)]
pub struct Typed<'a> {
    /// The target's value.
    pub target: &'a str,
    /// The alt text.
    pub alt: &'a str,
    /// The focal point across, in per cent, as typed.
    pub focus_x: &'a str,
    /// The focal point down, in per cent, as typed.
    pub focus_y: &'a str,
}

/// The upload page.
pub struct UploadPage<'a> {
    /// The photo places, in `photos.toml`'s order.
    pub places: &'a [Target<'a>],
    /// The coaches of the draft (or live) `team.toml`, in card order.
    pub coaches: &'a [Target<'a>],
    /// What was typed.
    pub typed: Typed<'a>,
    /// Why the upload was refused, if it was.
    pub refusal: Option<&'a str>,
    /// Which field the refusal is about (`file`, `target`, `alt`, `focus`), to show it there.
    pub field: Option<&'static str>,
    /// The largest file accepted, in MB.
    pub max_mb: u64,
    /// The most pixels a photo may have, in megapixels.
    pub max_megapixels: u64,
}

/// The form: a plain multipart post that works without scripts; a script may send the same form
/// with `Accept: application/json` to show progress (see `onespace_site::pages::photos`).
pub fn upload(chrome: &Chrome<'_>, upload: &UploadPage<'_>) -> String {
    let error = |field: &str| upload.refusal.filter(|_| upload.field == Some(field));
    let general = upload.refusal.filter(|_| upload.field.is_none());
    let described = |field: &str| error(field).map(|_| format!("{field}-error"));
    page(
        chrome,
        "Upload a photo",
        html! {
            p { a class="studio-back" href="/studio/content" { "All content" } }
            h1 class="studio-title" { "Upload a photo" }
            p class="studio-lead" {
                "A JPEG, PNG or WebP photo, up to " (upload.max_mb) " MB and " (upload.max_megapixels) " megapixels, goes into your draft: "
                "the site shows it once you publish. HEIC photos from an iPhone must be exported as JPEG first "
                "(in Photos, Share, then Options, Most Compatible; or set Camera, Formats, Most Compatible)."
            }
            @if let Some(general) = general {
                p class="studio-notice studio-notice-error" role="alert" { (general) }
            }
            @if upload.refusal.is_some() && general.is_none() {
                p class="studio-notice studio-notice-error" role="alert" { "The photo was not uploaded: see the message below. Choose the file again before sending." }
            }
            form id="photo-upload" method="post" action="/studio/content/photos" enctype="multipart/form-data" class="studio-form studio-panel" {
                (csrf_field(chrome.csrf()))
                div class="field" {
                    label class="field-label" for="target" { "Where it goes" }
                    // Not `required`: with no empty first choice a select always has a value, and
                    // HTML allows `required` only on one that starts with an empty choice.
                    select class="field-input" id="target" name="target" aria-describedby=[described("target")] {
                        optgroup label="Places on the site" {
                            @for place in upload.places {
                                option value=(place.value) selected[place.value == upload.typed.target] { (place.label) }
                            }
                        }
                        @if !upload.coaches.is_empty() {
                            optgroup label="Coaches' portraits (Meet the Team)" {
                                @for coach in upload.coaches {
                                    option value=(coach.value) selected[coach.value == upload.typed.target] { (coach.label) }
                                }
                            }
                        }
                    }
                    (field_error("target", error("target")))
                }
                div class="field" {
                    label class="field-label" for="alt" { "What the photo shows (alt text)" }
                    p class="field-hint" id="alt-hint" { "Read to visitors who cannot see it and to search engines, like \"A hot yoga class in the infrared studio\"." }
                    input class="field-input" id="alt" name="alt" required maxlength="300" value=(upload.typed.alt) aria-describedby=(described("alt").map_or("alt-hint".to_owned(), |id| format!("alt-hint {id}")));
                    (field_error("alt", error("alt")))
                }
                fieldset class="field" aria-describedby="focus-hint" {
                    legend class="field-label" { "Focal point (optional)" }
                    p class="field-hint" id="focus-hint" { "Where the subject is, in per cent from the left and from the top, so a place that crops the photo keeps it in view. Left empty: the middle (50, 50). Coaches' portraits are cropped from the middle." }
                    div class="studio-form-row" {
                        div class="field" {
                            label class="field-label" for="focus_x" { "Across (0-100 %)" }
                            input class="field-input" id="focus_x" name="focus_x" type="number" min="0" max="100" step="1" inputmode="numeric" value=(upload.typed.focus_x) aria-describedby=[described("focus")];
                        }
                        div class="field" {
                            label class="field-label" for="focus_y" { "Down (0-100 %)" }
                            input class="field-input" id="focus_y" name="focus_y" type="number" min="0" max="100" step="1" inputmode="numeric" value=(upload.typed.focus_y) aria-describedby=[described("focus")];
                        }
                    }
                    (field_error("focus", error("focus")))
                }
                div class="field" {
                    label class="field-label" for="file" { "Photo" }
                    input class="field-input" id="file" name="file" type="file" required accept="image/jpeg,image/png,image/webp" aria-describedby=[described("file")];
                    (field_error("file", error("file")))
                }
                button class="btn btn-dark btn-sm" type="submit" { "Upload into my draft" }
            }
        },
    )
}
