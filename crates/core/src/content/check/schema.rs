//! Each content file's JSON Schema (draft 2020-12), derived from its types by `schemars`, so the
//! staff editor draws its forms from the same types the server reads: a field added to a type
//! is a field in the form. The doc comments become the fields' help.
//!
//! Values written as text with a form of their own carry an `x-input` keyword naming the input
//! the editor shows, since JSON Schema's own formats do not say "money in pounds" or "a time on
//! the 24-hour clock": `pounds` (a number of pounds, pence as decimals), `date` (a day, also
//! `format: date`), `time` (`HH:MM`), `month` (`YYYY-MM`) and `validity` (`30 days`, `3 months`).
//! The schema guides the form; what is accepted is decided by [`super::check`], whose messages
//! the editor shows.

use std::borrow::Cow;

use schemars::generate::{Contract, SchemaSettings};
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};

use crate::content::investors::Month;
use crate::content::prices::Validity;
use crate::content::studio::{ClockTime, Day, WEEK};
use crate::content::{
    Faq, File, Investors, Offers, Photos, Prices, Schedule, Studio, Team, Testimonials,
};

/// The schema of `file`, as the file is read (its names and defaults as written in TOML).
///
/// Each `description` is the form's help for the owner: the first paragraph of the type's or
/// field's doc comment, on one line; the paragraphs after it are for developers and stay out.
/// The file's own is what the studio says it holds ([`File::about`]), and each top-level
/// property's `title` is its section's name as the site names it ([`super::changes::section_name`]),
/// which the form's headings and jump list show.
pub fn of(file: File) -> Schema {
    let mut schema = written(file);
    owners_help(schema.as_object_mut());
    schema.insert("description".to_owned(), file.about().into());
    if let Some(properties) = schema
        .get_mut("properties")
        .and_then(serde_json::Value::as_object_mut)
    {
        for (key, property) in properties.iter_mut() {
            if let Some(property) = property.as_object_mut() {
                property.insert(
                    "title".to_owned(),
                    super::changes::section_name(file, key).into(),
                );
            }
        }
    }
    schema
}

/// Keeps the first paragraph of every description in `object` and below it.
fn owners_help(object: Option<&mut serde_json::Map<String, serde_json::Value>>) {
    let Some(object) = object else { return };
    for (key, value) in object.iter_mut() {
        match value {
            serde_json::Value::String(text) if key == "description" => {
                let first = text.split("\n\n").next().unwrap_or_default();
                *text = first.split_whitespace().collect::<Vec<_>>().join(" ");
            }
            serde_json::Value::Object(inner) => owners_help(Some(inner)),
            serde_json::Value::Array(items) => {
                for item in items {
                    owners_help(item.as_object_mut());
                }
            }
            _ => {}
        }
    }
}

/// The schema as `schemars` derives it.
fn written(file: File) -> Schema {
    let mut settings = SchemaSettings::draft2020_12();
    settings.contract = Contract::Deserialize;
    let generator = settings.into_generator();
    match file {
        File::Prices => generator.into_root_schema_for::<Prices>(),
        File::Offers => generator.into_root_schema_for::<Offers>(),
        File::Schedule => generator.into_root_schema_for::<Schedule>(),
        File::Photos => generator.into_root_schema_for::<Photos>(),
        File::Studio => generator.into_root_schema_for::<Studio>(),
        File::Team => generator.into_root_schema_for::<Team>(),
        File::Faq => generator.into_root_schema_for::<Faq>(),
        File::Testimonials => generator.into_root_schema_for::<Testimonials>(),
        File::Investors => generator.into_root_schema_for::<Investors>(),
    }
}

/// A price in pounds (`49`, `62.50`): never negative, at most two decimals.
pub fn pounds(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "number",
        "minimum": 0,
        "multipleOf": 0.01,
        "x-input": "pounds",
    })
}

/// A day written as a quoted ISO date (`"2025-08-31"`).
pub fn date(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "string",
        "format": "date",
        "x-input": "date",
    })
}

/// The booking provider's account number.
pub fn provider_id(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "integer",
        "minimum": 1,
    })
}

/// A type written as text in a form of its own: its schema is `schema`, under the type's name.
macro_rules! written_as {
    ($($kind:ident: $schema:tt),+ $(,)?) => {$(
        impl JsonSchema for $kind {
            fn schema_name() -> Cow<'static, str> {
                stringify!($kind).into()
            }

            fn json_schema(_: &mut SchemaGenerator) -> Schema {
                json_schema!($schema)
            }
        }
    )+};
}

written_as! {
    ClockTime: {
        "type": "string",
        "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$",
        "x-input": "time",
    },
    Day: {
        "type": "string",
        "enum": WEEK,
    },
    Month: {
        "type": "string",
        "pattern": "^[0-9]{4}-(0[1-9]|1[0-2])$",
        "x-input": "month",
    },
    Validity: {
        "type": "string",
        "pattern": "^[1-9][0-9]* (day|days|month|months)$",
        "x-input": "validity",
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `description` (the form's help, from the doc comments) anywhere in `value`.
    fn descriptions<'a>(value: &'a serde_json::Value, found: &mut Vec<&'a str>) {
        match value {
            serde_json::Value::Object(map) => {
                for (key, inner) in map {
                    match (key.as_str(), inner) {
                        ("description", serde_json::Value::String(text)) => found.push(text),
                        _ => descriptions(inner, found),
                    }
                }
            }
            serde_json::Value::Array(items) => {
                items.iter().for_each(|item| descriptions(item, found))
            }
            _ => {}
        }
    }

    /// The form's help is read by the owner: no file names, table headers or the spec's name.
    #[test]
    fn the_forms_help_speaks_the_owners_words() {
        let mut code_words = Vec::new();
        for file in File::ALL {
            let schema = of(file);
            let mut found = Vec::new();
            descriptions(schema.as_value(), &mut found);
            code_words.extend(
                found
                    .into_iter()
                    .filter(|text| {
                        ["SPEC", ".toml", "[[", "]]"]
                            .iter()
                            .any(|word| text.contains(word))
                    })
                    .map(|text| format!("{}: {text}", file.name())),
            );
        }
        assert!(code_words.is_empty(), "{code_words:#?}");
    }

    /// The form's sections are headed as the site names them.
    #[test]
    fn sections_are_titled_as_the_site_names_them() {
        let schema = of(File::Prices);
        let title = |key: &str| schema.as_value()["properties"][key]["title"].clone();
        assert_eq!(title("monthly"), "Memberships");
        assert_eq!(title("packs"), "Session packs");
        let schema = of(File::Investors);
        assert_eq!(schema.as_value()["properties"]["as_of"]["title"], "As of");
    }
}
