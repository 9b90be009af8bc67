//! The site's content versions: which one is live and how each came to be.

use maud::{html, Markup, PreEscaped};
use onespace_core::content::File;

use super::csrf_field;
use super::iso;
use super::page;
use super::uk_time;
use super::Chrome;
use crate::diff::{FileChanges, Line, ShownPhoto};
use onespace_site::render::json::script_safe_json;

/// One version as the history lists it.
pub struct VersionRow<'a> {
    /// Its number.
    pub number: i64,
    /// When it was stored, Unix ms.
    pub stored_at: i64,
    /// What made it, in words.
    pub what: &'static str,
    /// Who, if a person.
    pub by: Option<&'a str>,
    /// Why, as written; may be empty.
    pub note: &'a str,
}

/// Where the content being served comes from.
pub enum Served<'a> {
    /// The database's live version (the newest listed).
    Database,
    /// A folder named when the server started; the versions below are not served.
    Folder(&'a str),
}

/// `/studio/content`: what was just done, the files to edit (while the database is served), and
/// the versions, newest first, the live one marked.
pub fn history(
    chrome: &Chrome<'_>,
    served: &Served<'_>,
    top: (Option<&Done>, &Editing<'_>),
    versions: &[VersionRow<'_>],
    page_number: usize,
    more: bool,
) -> String {
    let (done, files) = top;
    let live = match served {
        Served::Database => versions
            .first()
            .filter(|_| page_number == 1)
            .map(|row| row.number),
        Served::Folder(_) => None,
    };
    page(
        chrome,
        "Content",
        html! {
            h1 class="studio-title" id="content-title" { "Content" }
            @match served {
                Served::Database => {
                    p class="studio-lead" {
                        "The site's prices, offers, team, hours, FAQ and photos' places, as published versions: the newest is live on every page. "
                        "Every version is kept whole."
                    }
                }
                Served::Folder(dir) => {
                    p class="studio-lead" {
                        "The site is serving the content folder " code { (dir) } " named when it started, so the versions below are not live. "
                        "Edits to the folder's files go live when saved."
                    }
                }
            }
            @if matches!(served, Served::Database) { (editing(done, files)) }
            h2 class="studio-subtitle" id="versions-title" { "Versions" }
            div class="table-wrap" role="region" aria-labelledby="versions-title" tabindex="0" {
                table class="data-table data-table-cards" {
                    thead { tr { @for name in VERSION_COLUMNS { th scope="col" { (name) } } } }
                    tbody {
                        @for row in versions {
                            tr {
                                td data-label=(VERSION_COLUMNS[0]) {
                                    a href=(format!("/studio/content/versions/{}", row.number)) { (row.number) }
                                    @if live == Some(row.number) { " " strong { "(live)" } }
                                }
                                td data-label=(VERSION_COLUMNS[1]) { time datetime=(iso(row.stored_at)) { (uk_time(row.stored_at)) } }
                                td data-label=(VERSION_COLUMNS[2]) { (row.what) }
                                td data-label=(VERSION_COLUMNS[3]) { (row.by.unwrap_or("—")) }
                                td data-label=(VERSION_COLUMNS[4]) { (row.note) }
                            }
                        }
                    }
                }
            }
            nav class="studio-pages" aria-label="Pages of the content history" {
                @if page_number > 1 { a href=(format!("/studio/content?page={}", page_number - 1)) { "Newer" } }
                @if more { a href=(format!("/studio/content?page={}", page_number + 1)) { "Older" } }
            }
        },
    )
}

/// The columns of the history's table; each cell is labelled with its column's name too, which
/// a phone shows above the value where the table becomes one card per version
/// (`.data-table-cards`).
const VERSION_COLUMNS: [&str; 5] = ["Version", "Stored", "What", "Who", "Note"];

/// The content files with their edit links, and the person's draft if they have one.
pub struct Editing<'a> {
    /// Every content file, in order.
    pub files: &'a [File],
    /// The version the person's draft started from, if they have a draft.
    pub draft_base: Option<i64>,
}

/// What a change to the content did, shown once at the top of the history.
pub enum Done {
    /// A draft became this version.
    Published(i64),
    /// An earlier version was restored as this one.
    Restored(i64),
    /// The person's draft was thrown away.
    Discarded,
}

/// The history page's top: what was just done, the files to edit and the draft to review.
pub fn editing(done: Option<&Done>, editing: &Editing<'_>) -> Markup {
    html! {
        @match done {
            Some(Done::Published(number)) => p class="studio-notice" role="status" { "Published as version " (number) ": the site shows it within a few seconds." },
            Some(Done::Restored(number)) => p class="studio-notice" role="status" { "Restored as version " (number) ": the site shows it within a few seconds." },
            Some(Done::Discarded) => p class="studio-notice" role="status" { "Your draft was discarded." },
            None => {}
        }
        section class="studio-panel" aria-labelledby="files-title" {
            h2 class="studio-subtitle" id="files-title" { "Edit the content" }
            @if let Some(base) = editing.draft_base {
                p { "You have a draft started from version " (base) ". " a href="/studio/content/draft" { "Review and publish it" } }
            } @else {
                p { "Edits are saved as your own draft as you go; nothing changes on the site until you publish." }
            }
            ul class="studio-file-list" {
                @for file in editing.files {
                    li {
                        a href=(format!("/studio/content/edit/{}", file.name())) { (file.title()) }
                        span class="studio-file-about" { (file.about()) }
                    }
                }
            }
            p { a href="/studio/content/photos" { "Upload a photo" } ": from a phone or a computer, into a place on the site or a coach's portrait, as part of your draft." }
            p { a href="/studio/content/scheduled" { "Scheduled changes" } ": what goes live later, and what went live or was held at its time." }
        }
    }
}

/// One file's editor.
pub struct FileEditor<'a> {
    /// `prices.toml`.
    pub name: &'a str,
    /// What the owner calls it: `Prices`.
    pub title: &'a str,
    /// The text to edit: the draft's, or the live version's.
    pub text: &'a str,
    /// The version being edited from.
    pub base: i64,
    /// Whether the text is the person's draft (rather than the live version).
    pub drafted: bool,
    /// Whether the draft was just saved.
    pub saved: bool,
    /// This file's mistakes in the draft, in the owner's words.
    pub mistakes: &'a [Mistake],
    /// Mistakes in the draft's other files.
    pub elsewhere: usize,
    /// What the form drawn over the plain one starts from.
    pub form: EditorData<'a>,
}

/// What the content editor's script starts from (`frontend/src/backoffice/editor.tsx` reads it):
/// every file of the draft, since the check looks across files (founder plans name plans by
/// id), and the live text of this one, for the list of what the draft changes.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EditorData<'a> {
    /// The file edited: `prices.toml`.
    pub file: &'a str,
    /// Every content file as the person's draft (or the live version) has it.
    pub files: &'a std::collections::BTreeMap<String, String>,
    /// This file as it is live.
    pub live: &'a str,
    /// The version the draft started from.
    pub base: i64,
    /// Where the draft is saved.
    pub save_url: String,
    /// The session's form token, sent with each save.
    pub csrf: &'a str,
}

/// `/studio/content/edit/{file}`: with scripts, the form drawn from the file's types
/// (`editor.tsx`); without them, the file's commented text under "Advanced", which is for
/// whoever edits the files themselves, so it alone may name the file and its syntax.
pub fn edit(chrome: &Chrome<'_>, editor: &FileEditor<'_>) -> String {
    let title = format!("Edit {}", editor.title);
    page(
        chrome,
        &title,
        html! {
            p { a class="studio-back" href="/studio/content" { "All content" } }
            h1 class="studio-title" { (title) }
            p class="studio-lead" {
                @if editor.drafted { "Your draft, started from version " (editor.base) ". " } @else { "Version " (editor.base) ", the live content. " }
                "Your changes are kept as your own draft; nothing changes on the site until you publish."
            }
            div id="content-editor" {
                @if editor.saved {
                    p class="studio-notice" role="status" {
                        @if editor.mistakes.is_empty() && editor.elsewhere == 0 { "Draft saved. It has no mistakes: " a href="/studio/content/draft" { "review and publish it" } "." }
                        @else { "Draft saved." }
                    }
                }
                (mistakes_panel(editor.mistakes))
                @if editor.elsewhere > 0 {
                    p { (editor.elsewhere) " mistake(s) in other files: " a href="/studio/content/draft" { "see them all" } "." }
                }
                p { "This page's form needs JavaScript, which is off or still loading in this browser." }
                div class="studio-filter-actions" {
                    a class="btn btn-sm btn-dark" href="/studio/content/draft" { "Review and publish" }
                    a class="btn btn-sm btn-outline" href="/studio/content/preview" { "Preview" }
                }
                details class=(ADVANCED_CLASS) {
                    summary { "Advanced: edit as text" }
                    form method="post" action=(format!("/studio/content/edit/{}", editor.name)) class="studio-form" {
                        (csrf_field(chrome.csrf()))
                        p { "The text the site reads, with a comment at its top saying how each field is written. Saving keeps your draft, mistakes and all." }
                        div class="field" {
                            label class="field-label" for="text" { (editor.name) }
                            textarea class="field-input studio-code" id="text" name="text" rows="28" spellcheck="false" autocapitalize="off" autocomplete="off" aria-describedby=[(!editor.mistakes.is_empty()).then_some("mistakes-title")] { (editor.text) }
                        }
                        button class="btn btn-dark btn-sm" type="submit" { "Save draft" }
                    }
                }
            }
            script type="application/json" id="content-editor-data" { (PreEscaped(script_safe_json(&editor.form))) }
        },
    )
}

/// The class of a `details` holding what only a developer reads (a file's text, its changes
/// line by line): the one place a staff screen may show file names and their syntax, closed
/// until asked for. The staff area's wording test reads every screen but these.
pub const ADVANCED_CLASS: &str = "studio-advanced";

/// A mistake as a staff screen shows it: in the owner's words, linking to its field.
pub struct Mistake {
    /// `Lite's price must be in pounds, like 49 or 62.50`.
    pub said: String,
    /// The field in the editor: `/studio/content/edit/prices.toml#field-monthly-0-price`.
    pub link: String,
}

/// The mistakes that stand between a draft and publishing, each linking to its field.
pub fn mistakes_panel(mistakes: &[Mistake]) -> Markup {
    html! {
        @if !mistakes.is_empty() {
            section class="studio-panel studio-danger" aria-labelledby="mistakes-title" {
                h2 class="studio-subtitle" id="mistakes-title" { "To correct before publishing" }
                ul class="studio-mistakes" {
                    @for mistake in mistakes {
                        li { a href=(mistake.link) { (mistake.said) } }
                    }
                }
            }
        }
    }
}

/// Files' changes: field by field as the page shows them, the lines of the text only behind
/// "Show technical details".
pub fn changes(files: &[FileChanges]) -> Markup {
    html! {
        @for file in files {
            section class="studio-panel" aria-label=(format!("Changes to {}", file.title)) {
                h3 class="studio-subtitle" { (file.title) }
                @if !file.fields.is_empty() {
                    ul class="studio-changes" aria-label=(format!("Fields changed in {}", file.title)) {
                        @for field in &file.fields { li { (field) } }
                    }
                }
                @if !file.photos.is_empty() {
                    ul class="studio-photo-changes" aria-label=(format!("Photos changed in {}", file.title)) {
                        @for change in &file.photos {
                            li class="studio-photo-change" {
                                p class="studio-photo-place" { (change.place) }
                                div class="studio-photo-pair" {
                                    (thumbnail("Before", change.before.as_ref()))
                                    span class="studio-photo-arrow" aria-hidden="true" { "→" }
                                    (thumbnail("After", change.after.as_ref()))
                                }
                            }
                        }
                    }
                }
                details class=(ADVANCED_CLASS) {
                    summary { "Show technical details" }
                    div class="table-wrap" role="region" aria-label=(format!("Lines of {}", file.name)) tabindex="0" {
                        table class="studio-diff" {
                            tbody {
                                @for line in &file.lines {
                                    @match line {
                                        Line::Same(number, text) => tr { td class="studio-diff-number" { (number) } td class="studio-diff-sign" { "" } td { (text) } },
                                        Line::Removed(number, text) => tr class="studio-diff-removed" { td class="studio-diff-number" { (number) } td class="studio-diff-sign" { span class="sr-only" { "removed" } span aria-hidden="true" { "−" } } td { del { (text) } } },
                                        Line::Added(number, text) => tr class="studio-diff-added" { td class="studio-diff-number" { (number) } td class="studio-diff-sign" { span class="sr-only" { "added" } span aria-hidden="true" { "+" } } td { ins { (text) } } },
                                        Line::Gap => tr class="studio-diff-gap" { td colspan="3" { "⋯" } },
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// One side of a photo's change: the photo as the site serves it, small, captioned "Before" or
/// "After"; in words where there is no photo (the place's designed art) or none to show.
fn thumbnail(side: &str, photo: Option<&ShownPhoto>) -> Markup {
    html! {
        figure class="studio-thumb" {
            @match photo {
                Some(ShownPhoto { thumbnail: Some(small), alt, .. }) => {
                    img src=(small.src) alt=(alt) width=(small.width) height=(small.height) loading="lazy" decoding="async";
                }
                Some(_) => span class="studio-thumb-none" { "A photo that cannot be shown yet" }
                None => span class="studio-thumb-none" { "No photo: the page's own art" }
            }
            figcaption { (side) }
        }
    }
}

/// The draft's review: what it changes, its mistakes, and publishing.
pub struct Review<'a> {
    /// The version it started from.
    pub base: i64,
    /// The live version.
    pub live: i64,
    /// Its changes against the live version.
    pub changes: &'a [FileChanges],
    /// Every mistake in it, in the owner's words.
    pub mistakes: &'a [Mistake],
    /// The note typed, when the page comes back after a refusal.
    pub note: &'a str,
    /// Why publishing was refused, if it was.
    pub refusal: Option<&'a str>,
    /// The schedule form's values, as typed when the page comes back after a refusal.
    pub schedule: ScheduleTyped<'a>,
    /// When the draft started from an earlier version than the live one: what each side
    /// changed since.
    pub behind: Option<&'a Behind>,
    /// What was just done to the draft (brought up to date, or started again).
    pub updated: Option<&'a Updated<'a>>,
}

/// A draft started from an earlier version than the live one, against what came since.
#[derive(Default)]
pub struct Behind {
    /// The files the draft changed, against the version it started from.
    pub yours: Vec<String>,
    /// The files the versions published since changed.
    pub since: Vec<String>,
    /// The files both changed on the same lines: bringing the draft up to date leaves the
    /// person's change to them out.
    pub clashes: Vec<Clash>,
}

/// A file both a draft and a later version changed on the same lines.
pub struct Clash {
    /// `prices.toml` (shown by its title).
    pub file: String,
    /// The first version after the draft's that changed it.
    pub by: i64,
}

/// What was just done to the draft, said once at the top of its review.
pub struct Updated<'a> {
    /// What happened, in a sentence.
    pub said: &'a str,
    /// Files both changed, put together line by line.
    pub lines_merged: &'a [String],
    /// Files whose lines clashed: they are as the live version has them.
    pub left_out: &'a [Clash],
    /// The person's own change to each file left out, against the version they started from.
    pub your_changes: &'a [FileChanges],
}

/// What the staff area calls the content file named `name` (`prices.toml` is `Prices`).
pub fn title_of(name: &str) -> &str {
    match File::from_name(name) {
        Some(file) => file.title(),
        None => name,
    }
}

/// Files as a sentence's list in the owner's words: `Prices, Studio details`, or `none`.
fn names(files: &[String]) -> String {
    if files.is_empty() {
        "none".to_owned()
    } else {
        files
            .iter()
            .map(|name| title_of(name))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Where a draft that is behind goes on: what each side changed, and the two ways forward.
fn behind_panel(csrf: &str, review: &Review<'_>, behind: &Behind) -> Markup {
    html! {
        section class="studio-panel studio-danger" aria-labelledby="conflict-title" {
            h2 class="studio-subtitle" id="conflict-title" { "The live content changed since your draft started" }
            p { "Version " (review.live) " was published after you started from version " (review.base) ". Publishing your draft as it is would undo what changed since, so it is not allowed: bring your draft up to date, or start again from the live version." }
            ul class="studio-changes" aria-label="What each side changed" {
                li { "Changed in your draft: " (names(&behind.yours)) }
                li { "Changed since, up to " a href=(format!("/studio/content/versions/{}", review.live)) { "version " (review.live) } ": " (names(&behind.since)) }
            }
            @if behind.clashes.is_empty() {
                p { "None of your changes clash with them: bringing your draft up to date keeps every one of them." }
            } @else {
                p { "These were changed in the same places by you and since; bringing your draft up to date keeps them as the live version has them and shows you your change to make again:" }
                ul class="studio-mistakes" {
                    @for clash in &behind.clashes {
                        li { (title_of(&clash.file)) " was changed by " a href=(format!("/studio/content/versions/{}", clash.by)) { "version " (clash.by) } " and by you." }
                    }
                }
            }
            div class="studio-filter-actions" {
                form method="post" action="/studio/content/draft/update" {
                    (csrf_field(csrf))
                    button class="btn btn-dark btn-sm" type="submit" { "Bring my draft up to date" }
                }
                form method="post" action="/studio/content/draft/start-again" {
                    (csrf_field(csrf))
                    button class="btn btn-sm btn-outline" type="submit" { "Start again from the live version" }
                }
            }
            p { "Nothing is published either way: you review your draft again first. Starting again discards your changes." }
        }
    }
}

/// What was just done to the draft; for files left out, the person's change to make again.
fn updated_panel(updated: &Updated<'_>) -> Markup {
    html! {
        p class="studio-notice" role="status" { (updated.said) }
        @if !updated.lines_merged.is_empty() {
            p { "Both your changes and the live version's are in, line by line: " (names(updated.lines_merged)) "." }
        }
        @if !updated.left_out.is_empty() {
            section class="studio-panel studio-danger" aria-labelledby="left-out-title" {
                h2 class="studio-subtitle" id="left-out-title" { "Your changes left out" }
                ul class="studio-mistakes" {
                    @for clash in updated.left_out {
                        li {
                            (title_of(&clash.file)) " was changed by " a href=(format!("/studio/content/versions/{}", clash.by)) { "version " (clash.by) } " and by you: open both and redo your change. "
                            a href=(format!("/studio/content/edit/{}", clash.file)) { "Edit " (title_of(&clash.file)) }
                        }
                    }
                }
                p { "Your change, as you had made it (removed lines were there before you, added lines are yours); your draft no longer holds it, so keep this page open while you make it again:" }
                (changes(updated.your_changes))
            }
        }
    }
}

/// What was typed in the review's Schedule form (all empty on a fresh page).
#[derive(Default)]
pub struct ScheduleTyped<'a> {
    /// The UK date, `2026-12-01`.
    pub date: &'a str,
    /// The UK time of day on the 24-hour clock, `09:00`.
    pub time: &'a str,
    /// The note for the history.
    pub note: &'a str,
}

/// The review's Schedule form: the draft goes live at a UK date and time instead of now.
fn schedule_form(csrf: &str, typed: &ScheduleTyped<'_>) -> Markup {
    html! {
        form method="post" action="/studio/content/draft/schedule" class="studio-form studio-panel" aria-labelledby="schedule-title" {
            (csrf_field(csrf))
            h2 class="studio-subtitle" id="schedule-title" { "Or schedule it" }
            p id="schedule-hint" { "UK time, 24-hour clock. It goes live then on every page by itself, checked again at that moment; until then it is listed under " a href="/studio/content/scheduled" { "Scheduled changes" } ", where it can be cancelled. Your draft ends when it is scheduled." }
            div class="studio-form-row" {
                div class="field" {
                    label class="field-label" for="schedule-date" { "Date" }
                    input class="field-input" id="schedule-date" name="date" type="date" required aria-describedby="schedule-hint" value=(typed.date);
                }
                div class="field" {
                    label class="field-label" for="schedule-time" { "Time (UK)" }
                    input class="field-input" id="schedule-time" name="time" type="time" step="60" required aria-describedby="schedule-hint" value=(typed.time);
                }
            }
            div class="field" {
                label class="field-label" for="schedule-note" { "Note for the history (optional)" }
                input class="field-input" id="schedule-note" name="note" maxlength="500" value=(typed.note);
            }
            button class="btn btn-dark btn-sm" type="submit" { "Schedule" }
        }
    }
}

/// `/studio/content/draft`.
pub fn review(chrome: &Chrome<'_>, review: &Review<'_>) -> String {
    let conflict = review.base != review.live;
    let no_base = Behind::default();
    page(
        chrome,
        "Your draft",
        html! {
            p { a class="studio-back" href="/studio/content" { "All content" } }
            h1 class="studio-title" { "Your draft" }
            p class="studio-lead" { "Started from version " (review.base) "; version " (review.live) " is live." }
            p { a href="/studio/content/preview" { "Preview your draft" } " as the whole site, today or on any date and time." }
            @if let Some(refusal) = review.refusal {
                p class="studio-notice studio-notice-error" role="alert" { (refusal) }
            }
            @if let Some(updated) = review.updated { (updated_panel(updated)) }
            @if conflict { (behind_panel(chrome.csrf(), review, review.behind.unwrap_or(&no_base))) }
            (mistakes_panel(review.mistakes))
            h2 class="studio-subtitle" { "What it changes" }
            @if review.changes.is_empty() { p { "Nothing yet: it is the same as the live content." } }
            (changes(review.changes))
            @if !conflict && review.mistakes.is_empty() && !review.changes.is_empty() {
                form method="post" action="/studio/content/draft/publish" class="studio-form studio-panel" {
                    (csrf_field(chrome.csrf()))
                    div class="field" {
                        label class="field-label" for="note" { "Note for the history (optional)" }
                        input class="field-input" id="note" name="note" maxlength="500" value=(review.note);
                    }
                    button class="btn btn-dark btn-sm" type="submit" { "Publish" }
                }
                (schedule_form(chrome.csrf(), &review.schedule))
            }
            form method="post" action="/studio/content/draft/discard" class="studio-form" {
                (csrf_field(chrome.csrf()))
                button class="btn btn-sm btn-outline" type="submit" { "Discard my draft" }
            }
        },
    )
}

/// One earlier version against the live one.
pub struct VersionPage<'a> {
    /// Its number.
    pub number: i64,
    /// The live version.
    pub live: i64,
    /// What made it, who and when.
    pub row: VersionRow<'a>,
    /// What restoring it would change.
    pub changes: &'a [FileChanges],
    /// Whether it can be restored (it reads, it is not the live one, no folder is served).
    pub restorable: bool,
}

/// `/studio/content/versions/{number}`.
pub fn version(chrome: &Chrome<'_>, version: &VersionPage<'_>) -> String {
    let title = format!("Version {}", version.number);
    page(
        chrome,
        &title,
        html! {
            p { a class="studio-back" href="/studio/content" { "All content" } }
            h1 class="studio-title" { (title) @if version.number == version.live { " (live)" } }
            p class="studio-lead" {
                (version.row.what) ", " time datetime=(iso(version.row.stored_at)) { (uk_time(version.row.stored_at)) }
                @if let Some(by) = version.row.by { ", by " (by) }
                "."
                @if !version.row.note.is_empty() { " Note: " (version.row.note) }
            }
            @if version.number != version.live {
                h2 class="studio-subtitle" { "Against the live version " (version.live) }
                p { "Each change reads from the live version to version " (version.number) "." }
                @if version.changes.is_empty() { p { "It is the same as the live content." } }
                (changes(version.changes))
                @if version.restorable {
                    form method="post" action=(format!("/studio/content/versions/{}/restore", version.number)) class="studio-form" {
                        (csrf_field(chrome.csrf()))
                        button class="btn btn-dark btn-sm" type="submit" { "Restore version " (version.number) }
                    }
                    p { "Restoring publishes it again as a new version; the versions since stay in the history." }
                }
            }
        },
    )
}
