//! The content check and the editor's schemas, on the repository's default content.
//!
//! The check's vectors (`vectors/content-check.json`) are shared with the staff editor's
//! WebAssembly tests, so the browser is held to the same messages as `onespace content check`.

use std::path::PathBuf;

use onespace_core::content::check::{check_texts, schema};
use onespace_core::content::File;
use serde::Deserialize;
use serde_json::Value;

/// The repository's `content/` folder.
fn content_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../content")
}

/// The default content files' texts, by file.
fn default_texts() -> Vec<(File, String)> {
    File::ALL
        .into_iter()
        .map(|file| {
            let text = std::fs::read_to_string(content_dir().join(file.name()))
                .unwrap_or_else(|error| panic!("{}: {error}", file.name()));
            (file, text)
        })
        .collect()
}

#[derive(Deserialize)]
struct Vectors {
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    name: String,
    edits: Vec<Edit>,
    errors: Vec<String>,
}

#[derive(Deserialize)]
struct Edit {
    file: String,
    find: String,
    replace: String,
}

fn vectors() -> Vectors {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/vectors/content-check.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path:?}: {error}"));
    serde_json::from_str(&text).unwrap_or_else(|error| panic!("{path:?}: {error}"))
}

#[test]
fn every_vector_reads_as_content_check_prints_it() {
    for case in vectors().cases {
        let mut texts = default_texts();
        for edit in &case.edits {
            let (_, text) = texts
                .iter_mut()
                .find(|(file, _)| file.name() == edit.file)
                .unwrap_or_else(|| panic!("{}: no file {}", case.name, edit.file));
            assert!(
                text.contains(&edit.find),
                "{}: {:?} is not in {}",
                case.name,
                edit.find,
                edit.file
            );
            *text = text.replacen(&edit.find, &edit.replace, 1);
        }
        let (_, errors) = check_texts(
            texts
                .iter()
                .map(|(file, text)| (file.name(), text.as_str())),
        );
        let printed: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(printed, case.errors, "{}", case.name);
    }
}

#[test]
fn a_file_left_out_or_unknown_is_named() {
    let texts = default_texts();
    let mut given: Vec<(&str, &str)> = texts
        .iter()
        .filter(|(file, _)| *file != File::Faq)
        .map(|(file, text)| (file.name(), text.as_str()))
        .collect();
    given.push(("prices.tmol", ""));
    let (content, errors) = check_texts(given);
    assert!(content.is_none());
    let printed: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(
        printed,
        [
            "prices.tmol: is not a content file; the files are prices.toml, offers.toml, \
             schedule.toml, photos.toml, studio.toml, team.toml, faq.toml, testimonials.toml, \
             investors.toml",
            "faq.toml: is missing: every content file is needed",
        ]
    );
}

/// The schema `reference` points at (`#/$defs/Name`), or `node` itself.
fn resolve<'a>(root: &'a Value, node: &'a Value) -> &'a Value {
    match node.get("$ref").and_then(Value::as_str) {
        Some(reference) => {
            let name = reference.trim_start_matches("#/$defs/");
            &root["$defs"][name]
        }
        None => node,
    }
}

/// Walks `data` (a file's content as JSON) beside its schema `node`, and reports each field the
/// schema does not describe, each described field without help, and each value whose type the
/// schema does not allow.
fn uncovered(root: &Value, node: &Value, data: &Value, path: &str, found: &mut Vec<String>) {
    let node = resolve(root, node);
    if let Some(options) = node
        .get("anyOf")
        .or_else(|| node.get("oneOf"))
        .and_then(Value::as_array)
    {
        // An option or a choice of shapes: the data must fit one of them.
        let fits = options.iter().any(|option| {
            let mut inner = Vec::new();
            uncovered(root, option, data, path, &mut inner);
            inner.is_empty()
        });
        if !fits {
            found.push(format!("{path}: fits none of its schema's options"));
        }
        return;
    }
    let types: Vec<&str> = match node.get("type") {
        Some(Value::String(kind)) => vec![kind.as_str()],
        Some(Value::Array(kinds)) => kinds.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let kind = match data {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(number) if number.is_i64() || number.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    };
    let allowed = types.contains(&kind) || (kind == "integer" && types.contains(&"number"));
    if !allowed && node.get("enum").is_none() && node.get("const").is_none() {
        found.push(format!("{path}: a {kind}, where the schema says {types:?}"));
        return;
    }
    match data {
        Value::Object(fields) => {
            let properties = node.get("properties").and_then(Value::as_object);
            for (key, value) in fields {
                let field = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                match properties.and_then(|properties| properties.get(key)) {
                    None => found.push(format!("{field}: not in the schema")),
                    Some(property) => {
                        let described = property.get("description").is_some()
                            || resolve(root, property).get("description").is_some();
                        if !described {
                            found.push(format!("{field}: no help text"));
                        }
                        uncovered(root, property, value, &field, found);
                    }
                }
            }
        }
        Value::Array(items) => {
            if let Some(item_schema) = node.get("items") {
                for (index, item) in items.iter().enumerate() {
                    uncovered(root, item_schema, item, &format!("{path}[{index}]"), found);
                }
            }
        }
        _ => {}
    }
}

#[test]
fn every_files_schema_describes_every_field_of_the_default_content_with_help() {
    for (file, text) in default_texts() {
        let data: Value = toml::from_str::<toml::Value>(&text)
            .map(|value| serde_json::to_value(value).unwrap_or(Value::Null))
            .unwrap_or_else(|error| panic!("{}: {error}", file.name()));
        let schema = schema::of(file).to_value();
        let mut found = Vec::new();
        uncovered(&schema, &schema, &data, "", &mut found);
        assert!(found.is_empty(), "{}:\n{}", file.name(), found.join("\n"));
    }
}

#[test]
fn money_dates_and_times_name_their_inputs() {
    let prices = schema::of(File::Prices).to_value();
    let plan = resolve(&prices, &prices["properties"]["monthly"]["items"]);
    assert_eq!(plan["properties"]["price"]["x-input"], "pounds", "{plan:#}");
    let offers = schema::of(File::Offers).to_value();
    let text = offers.to_string();
    assert!(text.contains(r#""x-input":"date""#), "{offers:#}");
    let studio = schema::of(File::Studio).to_value().to_string();
    assert!(studio.contains(r#""x-input":"time""#), "{studio}");
    let schedule = schema::of(File::Schedule).to_value();
    let class = resolve(&schedule, &schedule["properties"]["typical_week"]["items"]);
    let day = resolve(&schedule, &class["properties"]["day"]);
    assert_eq!(day["enum"][0], "Monday", "{class:#}");
}

/// The editor's form reads every default file and writes it back unchanged, comments and all,
/// so opening a file in the form and saving it changes nothing.
#[test]
fn every_default_file_reads_into_the_form_and_writes_back_as_it_was() {
    use onespace_core::content::check::{changes, form};
    for (file, text) in default_texts() {
        let values = form::read(file, &text).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(form::write(&text, &values), text, "{}", file.name());
        assert_eq!(changes::changes(file, &text, &text), [], "{}", file.name());
    }
}
