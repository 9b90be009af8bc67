//! The staff editor's WebAssembly module: the core's content check and the content files' JSON
//! Schemas, so the editor checks what the owner types with the very code `onespace content
//! check` and the server run, and draws its forms from the same types.
//!
//! A module of its own rather than exports of `onespace-wasm`: it carries a TOML parser and the
//! schemas, which the public pages' module (downloaded by visitors' phones) must not grow by.
//! `frontend/src/backoffice/content-check.test.ts` runs the core's shared check vectors through it.

use onespace_core::content::check::{changes, check_texts, form, schema, words, ContentError};
use onespace_core::content::File;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** One mistake in one content file, as `onespace content check` reports it. */
export interface ContentMistake {
  /** The file's name: `prices.toml`. */
  file: string;
  /** The line, from 1; null when the mistake is the file itself. */
  line: number | null;
  /** The field's path (`monthly[0].price`); empty when no field is concerned. */
  field: string;
  /** What is expected. */
  message: string;
  /** The whole mistake as `content check` prints it (for the text view only). */
  text: string;
  /** The mistake in the owner's words: `Lite's price must be in pounds, like 49 or 62.50`. */
  said: string;
  /** The id of its field in the form (`field-monthly-0-price`); empty for the whole text. */
  anchor: string;
}

/** A file's values for the form, or why its text does not read. */
export type ContentValues =
  | { ok: true; values: Record<string, unknown> }
  | { ok: false; mistake: ContentMistake };

/** One changed field, in the owner's words. */
export interface ContentChange {
  /** The sections, items and field: `["Memberships", "Lite", "Price"]`. */
  place: string[];
  /** What happened there. */
  what:
    | { kind: 'changed'; before: string; after: string }
    | { kind: 'added'; value: string | null }
    | { kind: 'removed' }
    | { kind: 'reordered' }
    | { kind: 'unreadable' };
  /** The whole change as the review prints it: `Memberships › Lite › Price: £49 → £55`. */
  text: string;
}
"#;

/// A value with its printed form beside its fields.
#[derive(Serialize)]
struct Printed<'a, T: Serialize> {
    #[serde(flatten)]
    value: &'a T,
    text: String,
}

impl<'a, T: Serialize + std::fmt::Display> Printed<'a, T> {
    fn of(value: &'a T) -> Self {
        Self {
            value,
            text: value.to_string(),
        }
    }
}

/// Serialises a value as a JSON-compatible JavaScript value.
fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|error| JsError::new(&error.to_string()))
}

/// The content files' names, in the order they are checked and reported.
#[wasm_bindgen(js_name = contentFiles, unchecked_return_type = "string[]")]
pub fn content_files() -> Result<JsValue, JsError> {
    to_js(&File::ALL.map(File::name))
}

/// Checks the whole content (every file's text, by file name) and returns every mistake; none
/// when the content may be published.
#[wasm_bindgen(js_name = checkContent, unchecked_return_type = "ContentMistake[]")]
pub fn check_content(
    #[wasm_bindgen(unchecked_param_type = "Record<string, string>")] files: JsValue,
) -> Result<JsValue, JsError> {
    let files: std::collections::BTreeMap<String, String> =
        serde_wasm_bindgen::from_value(files).map_err(|error| JsError::new(&error.to_string()))?;
    let (_, errors) = check_texts(
        files
            .iter()
            .map(|(name, text)| (name.as_str(), text.as_str())),
    );
    #[derive(Serialize)]
    struct Mistake<'a> {
        #[serde(flatten)]
        printed: Printed<'a, ContentError>,
        said: String,
        anchor: String,
    }
    let mistakes: Vec<Mistake<'_>> = errors
        .iter()
        .map(|error| {
            let text = files.get(&error.file).map_or("", String::as_str);
            let said = words::said(error, text);
            Mistake {
                printed: Printed::of(error),
                said: said.sentence,
                anchor: said.anchor,
            }
        })
        .collect();
    to_js(&mistakes)
}

/// The JSON Schema of the content file named `file` (`prices.toml`).
#[wasm_bindgen(js_name = contentSchema, unchecked_return_type = "Record<string, unknown>")]
pub fn content_schema(file: &str) -> Result<JsValue, JsError> {
    to_js(schema::of(file_named(file)?).as_value())
}

fn file_named(file: &str) -> Result<File, JsError> {
    File::from_name(file).ok_or_else(|| JsError::new(&format!("{file} is not a content file")))
}

/// The values of `file`'s `text` for the form, or the mistake that stops it being read.
#[wasm_bindgen(js_name = readContent, unchecked_return_type = "ContentValues")]
pub fn read_content(file: &str, text: &str) -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    #[serde(untagged)]
    enum Read<'a> {
        Values {
            ok: bool,
            values: serde_json::Value,
        },
        Mistake {
            ok: bool,
            mistake: Printed<'a, ContentError>,
        },
    }
    let file = file_named(file)?;
    match form::read(file, text) {
        Ok(values) => to_js(&Read::Values { ok: true, values }),
        Err(error) => to_js(&Read::Mistake {
            ok: false,
            mistake: Printed::of(&error),
        }),
    }
}

/// `text` with the form's `values` written into it, its comments kept.
#[wasm_bindgen(js_name = writeContent)]
pub fn write_content(
    text: &str,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] values: JsValue,
) -> Result<String, JsError> {
    let values: serde_json::Value =
        serde_wasm_bindgen::from_value(values).map_err(|error| JsError::new(&error.to_string()))?;
    Ok(form::write(text, &values))
}

/// What `after` changes in `file` against `before`, field by field.
#[wasm_bindgen(js_name = contentChanges, unchecked_return_type = "ContentChange[]")]
pub fn content_changes(file: &str, before: &str, after: &str) -> Result<JsValue, JsError> {
    let file = file_named(file)?;
    let found = changes::changes(file, before, after);
    let printed: Vec<Printed<'_, changes::Change>> = found.iter().map(Printed::of).collect();
    to_js(&printed)
}
