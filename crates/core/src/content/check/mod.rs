//! The content files checked as the studio writes them (the `check` feature): each file's TOML is
//! read into its types, the whole is checked by [`Content::validate`], and every mistake comes
//! back as `FILE line N: field: what is expected`, all of them at once.
//!
//! This is the one check: `onespace content check`, the server's loads and live reloads, and the
//! staff editor in the browser (its own WebAssembly module) all call [`check`], so a mistake
//! reads the same wherever it is found.
//!
//! - [`document`]: TOML spans to line numbers and field paths.
//! - [`schema`]: each file's JSON Schema, from which the editor draws its forms.
//! - [`form`]: a file's values for the editor's form, and written back keeping its comments.
//! - [`changes`]: what an edit changes, field by field, in the owner's words.
//! - [`words`]: a mistake in the owner's words, for the staff area.

pub mod changes;
pub mod document;
pub mod form;
pub mod schema;
pub mod words;

pub use document::{line_of, ContentError, Document};

use super::{Content, File};

/// Reads every file, then checks the whole: the content when every file reads (whether or not
/// its rules hold), and every mistake of every file. A file given as an error (missing,
/// unreadable) is reported as it is.
pub fn check(
    files: impl IntoIterator<Item = (File, Result<String, ContentError>)>,
) -> (Option<Content>, Vec<ContentError>) {
    let mut errors = Vec::new();
    let mut texts: Vec<(File, String)> = Vec::new();
    let (mut prices, mut offers, mut schedule, mut photos) = (None, None, None, None);
    let (mut studio, mut team, mut faq, mut testimonials) = (None, None, None, None);
    let mut investors = None;
    for (file, text) in files {
        let text = match text {
            Ok(text) => text,
            Err(error) => {
                errors.push(error);
                continue;
            }
        };
        match file {
            File::Prices => prices = read(file, &text, &mut errors),
            File::Offers => offers = read(file, &text, &mut errors),
            File::Schedule => schedule = read(file, &text, &mut errors),
            File::Photos => photos = read(file, &text, &mut errors),
            File::Studio => studio = read(file, &text, &mut errors),
            File::Team => team = read(file, &text, &mut errors),
            File::Faq => faq = read(file, &text, &mut errors),
            File::Testimonials => testimonials = read(file, &text, &mut errors),
            File::Investors => investors = read(file, &text, &mut errors),
        }
        texts.push((file, text));
    }
    let (
        Some(prices),
        Some(offers),
        Some(schedule),
        Some(photos),
        Some(studio),
        Some(team),
        Some(faq),
        Some(testimonials),
        Some(investors),
    ) = (
        prices,
        offers,
        schedule,
        photos,
        studio,
        team,
        faq,
        testimonials,
        investors,
    )
    else {
        return (None, errors);
    };
    let content = Content {
        prices,
        offers,
        schedule,
        photos,
        studio,
        team,
        faq,
        testimonials,
        investors,
    };
    for rule in content.validate() {
        let text = texts
            .iter()
            .find(|(file, _)| *file == rule.file)
            .map_or("", |(_, text)| text.as_str());
        errors.push(Document::parse(text).rule_error(rule.file.name(), &rule.path, &rule.message));
    }
    (Some(content), errors)
}

/// [`check`] of texts the studio has in hand (the editor's, by file name): every file must be
/// there, and a name that is not a content file is a mistake of its own.
pub fn check_texts<'a>(
    texts: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> (Option<Content>, Vec<ContentError>) {
    let mut unknown = Vec::new();
    let mut given: Vec<(File, &str)> = Vec::new();
    for (name, text) in texts {
        match File::from_name(name) {
            Some(file) => given.push((file, text)),
            None => unknown.push(ContentError {
                file: name.to_owned(),
                line: None,
                field: String::new(),
                message: format!(
                    "is not a content file; the files are {}",
                    File::ALL.map(File::name).join(", ")
                ),
            }),
        }
    }
    let files = File::ALL.map(|file| {
        let text = given
            .iter()
            .find(|(named, _)| *named == file)
            .map(|(_, text)| (*text).to_owned())
            .ok_or_else(|| ContentError {
                file: file.name().to_owned(),
                line: None,
                field: String::new(),
                message: "is missing: every content file is needed".to_owned(),
            });
        (file, text)
    });
    let (content, mut errors) = check(files);
    unknown.append(&mut errors);
    (content, unknown)
}

/// One file's types, or its first mistake of syntax or type (pushed to `errors`).
fn read<T: serde::de::DeserializeOwned>(
    file: File,
    text: &str,
    errors: &mut Vec<ContentError>,
) -> Option<T> {
    toml::from_str(text)
        .map_err(|error| errors.push(Document::parse(text).error(file.name(), &error)))
        .ok()
}
