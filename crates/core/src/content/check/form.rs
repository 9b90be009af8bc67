//! A content file as the staff editor's form holds it, and back.
//!
//! The form edits plain values (the file's TOML read as JSON: tables as objects, `[[monthly]]`
//! as a list of objects), drawn by the file's [`super::schema`]. Each change is written back
//! into the file's own text rather than printed anew, so the comments that explain each field
//! (the file's format notes, the studio's own remarks) survive every edit, and a value the owner
//! did not touch keeps the way it was written (`62.50` stays `62.50`). What is written is then
//! checked like any text: the form cannot save anything the raw view could not.
//!
//! A value the form could not make sense of (`"5x"` typed as a price) is written as text, so the
//! check reports it at its field with the same message as `content check`; nothing typed is
//! lost or silently changed.

use serde_json::{Map, Value};
use toml_edit::{ArrayOfTables, DocumentMut, Item, Table};

use super::{ContentError, Document};
use crate::content::File;

/// The values of `file`'s `text`, for the form; the file's syntax error when it does not read
/// as TOML (the raw view then shows where).
pub fn read(file: File, text: &str) -> Result<Value, ContentError> {
    let table: toml::Table =
        toml::from_str(text).map_err(|error| Document::parse(text).error(file.name(), &error))?;
    Ok(table_to_json(&table))
}

/// `text` with its values replaced by `values` (an object, as [`read`] gives): keys the form
/// removed go, new ones are added at the end of their table, list items follow by position
/// (so a section's comment stays at the head of its list), and every comment and untouched
/// value is kept. Text that does not read as TOML is replaced whole.
pub fn write(text: &str, values: &Value) -> String {
    let mut document: DocumentMut = text.parse().unwrap_or_default();
    let Value::Object(values) = values else {
        return text.to_owned();
    };
    // A file of comments only (photos.toml places nothing by default) has them all after its
    // last item; the first item added goes below them rather than above.
    let comments = document
        .as_table()
        .is_empty()
        .then(|| document.trailing().as_str().map(str::to_owned))
        .flatten();
    merge_table(document.as_table_mut(), values);
    if let Some(comments) = comments {
        // With a blank line between them, as the content files are written.
        let comments = format!("{}\n\n", comments.trim_end());
        if lead_with(document.as_table_mut(), &comments) {
            document.set_trailing("");
        }
    }
    document.to_string()
}

/// Puts `comments` before the table's first item; false when it has none.
fn lead_with(table: &mut Table, comments: &str) -> bool {
    let Some(key) = table.iter().next().map(|(key, _)| key.to_owned()) else {
        return false;
    };
    match table.get_mut(&key) {
        Some(Item::ArrayOfTables(tables)) => match tables.get_mut(0) {
            Some(first) => first.decor_mut().set_prefix(comments),
            None => return false,
        },
        Some(Item::Table(inner)) => inner.decor_mut().set_prefix(comments),
        _ => match table.key_mut(&key) {
            Some(mut key) => key.leaf_decor_mut().set_prefix(comments),
            None => return false,
        },
    }
    true
}

fn table_to_json(table: &toml::Table) -> Value {
    Value::Object(
        table
            .iter()
            .map(|(key, value)| (key.clone(), toml_to_json(value)))
            .collect(),
    )
}

fn toml_to_json(value: &toml::Value) -> Value {
    match value {
        toml::Value::String(text) => Value::String(text.clone()),
        toml::Value::Integer(number) => Value::from(*number),
        toml::Value::Float(number) => Value::from(*number),
        toml::Value::Boolean(flag) => Value::Bool(*flag),
        // The content writes its dates as quoted text; a bare TOML date is shown as written.
        toml::Value::Datetime(datetime) => Value::String(datetime.to_string()),
        toml::Value::Array(items) => Value::Array(items.iter().map(toml_to_json).collect()),
        toml::Value::Table(table) => table_to_json(table),
    }
}

/// Whether `item` already holds `value` (so that it is left exactly as written).
fn same(item: &toml_edit::Value, value: &Value) -> bool {
    match (item, value) {
        (toml_edit::Value::String(text), Value::String(wanted)) => text.value() == wanted,
        (toml_edit::Value::Integer(number), Value::Number(wanted)) => {
            wanted.as_i64() == Some(*number.value())
        }
        (toml_edit::Value::Float(number), Value::Number(wanted)) => {
            wanted.as_f64() == Some(*number.value())
        }
        (toml_edit::Value::Boolean(flag), Value::Bool(wanted)) => flag.value() == wanted,
        (toml_edit::Value::Array(items), Value::Array(wanted)) => {
            items.len() == wanted.len()
                && items
                    .iter()
                    .zip(wanted)
                    .all(|(item, wanted)| same(item, wanted))
        }
        _ => false,
    }
}

fn merge_table(table: &mut Table, values: &Map<String, Value>) {
    let gone: Vec<String> = table
        .iter()
        .map(|(key, _)| key.to_owned())
        .filter(|key| !values.contains_key(key))
        .collect();
    for key in gone {
        table.remove(&key);
    }
    for (key, value) in values {
        match table.get_mut(key) {
            Some(item) => merge_item(item, value),
            None => {
                table.insert(key, new_item(value));
            }
        }
    }
}

fn merge_item(item: &mut Item, value: &Value) {
    match (item, value) {
        (Item::Table(table), Value::Object(values)) => merge_table(table, values),
        (Item::ArrayOfTables(tables), Value::Array(items)) if all_objects(items) => {
            merge_tables(tables, items);
        }
        (Item::Value(current), value) => {
            if !same(current, value) {
                // The new value keeps the old one's surroundings (a comment after it on its line).
                let decor = current.decor().clone();
                *current = new_value(value);
                *current.decor_mut() = decor;
            }
        }
        (item, value) => *item = new_item(value),
    }
}

fn merge_tables(tables: &mut ArrayOfTables, items: &[Value]) {
    while tables.len() > items.len() {
        tables.remove(tables.len() - 1);
    }
    for (index, item) in items.iter().enumerate() {
        let Value::Object(values) = item else {
            continue;
        };
        match tables.get_mut(index) {
            Some(table) => merge_table(table, values),
            None => {
                let mut table = Table::new();
                merge_table(&mut table, values);
                tables.push(table);
            }
        }
    }
}

fn all_objects(items: &[Value]) -> bool {
    !items.is_empty() && items.iter().all(Value::is_object)
}

fn new_item(value: &Value) -> Item {
    match value {
        Value::Object(values) => {
            let mut table = Table::new();
            merge_table(&mut table, values);
            Item::Table(table)
        }
        Value::Array(items) if all_objects(items) => {
            let mut tables = ArrayOfTables::new();
            merge_tables(&mut tables, items);
            Item::ArrayOfTables(tables)
        }
        value => Item::Value(new_value(value)),
    }
}

fn new_value(value: &Value) -> toml_edit::Value {
    match value {
        Value::String(text) => text.as_str().into(),
        Value::Bool(flag) => (*flag).into(),
        Value::Number(number) => match number.as_i64() {
            Some(integer) => integer.into(),
            None => number.as_f64().unwrap_or_default().into(),
        },
        Value::Array(items) => {
            let mut array = toml_edit::Array::new();
            for item in items {
                array.push(new_value(item));
            }
            toml_edit::Value::Array(array)
        }
        Value::Object(values) => {
            let mut table = toml_edit::InlineTable::new();
            for (key, value) in values {
                table.insert(key, new_value(value));
            }
            toml_edit::Value::InlineTable(table)
        }
        // TOML has no null: the form removes a field rather than send one; an empty text is
        // the nearest a stray one can be written as, and the check says if it is not allowed.
        Value::Null => "".into(),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use serde_json::json;

    const TEXT: &str = "# Prices.\n\n[trial]\nprice = 49 # a month\nintro_discount = 10\n\n# Plans.\n[[monthly]]\nid = \"lite\"\nprice = 62.50\n\n[[monthly]]\nid = \"core\"\nprice = 79\n";

    #[test]
    fn an_untouched_read_writes_back_the_same_text() {
        let values = read(File::Prices, TEXT).unwrap();
        assert_eq!(write(TEXT, &values), TEXT);
    }

    #[test]
    fn a_changed_value_keeps_every_comment_and_the_other_values_as_written() {
        let mut values = read(File::Prices, TEXT).unwrap();
        values["trial"]["price"] = json!(55);
        let written = write(TEXT, &values);
        assert_eq!(written, TEXT.replace("price = 49 #", "price = 55 #"));
    }

    #[test]
    fn list_items_are_added_removed_and_reordered_with_the_section_comment_kept_on_top() {
        let mut values = read(File::Prices, TEXT).unwrap();
        let items = values["monthly"].as_array_mut().unwrap();
        items.swap(0, 1);
        items.push(json!({ "id": "flex", "price": 99 }));
        let written = write(TEXT, &values);
        let core = written.find("\"core\"").unwrap();
        let lite = written.find("\"lite\"").unwrap();
        assert!(
            written.find("# Plans.").unwrap() < core && core < lite,
            "{written}"
        );
        assert!(
            written.contains("[[monthly]]\nid = \"flex\"\nprice = 99\n"),
            "{written}"
        );
        values["monthly"].as_array_mut().unwrap().truncate(1);
        let written = write(TEXT, &values);
        assert_eq!(written.matches("[[monthly]]").count(), 1, "{written}");
    }

    #[test]
    fn a_removed_field_goes_and_a_text_typed_for_a_number_is_kept_for_the_check() {
        let mut values = read(File::Prices, TEXT).unwrap();
        values["trial"]
            .as_object_mut()
            .unwrap()
            .remove("intro_discount");
        values["monthly"][0]["price"] = json!("5x");
        let written = write(TEXT, &values);
        assert!(!written.contains("intro_discount"), "{written}");
        assert!(written.contains("price = \"5x\""), "{written}");
    }

    #[test]
    fn the_first_entry_of_a_file_of_comments_goes_below_them() {
        let text = "# photos.toml: the photos.\n#\n# [[photo]] entries.\n";
        let values = json!({ "photo": [{ "place": "hot-yoga/hero", "file": "a.jpg" }] });
        assert_eq!(
            write(text, &values),
            format!("{text}\n[[photo]]\nfile = \"a.jpg\"\nplace = \"hot-yoga/hero\"\n")
        );
    }

    #[test]
    fn text_that_does_not_read_is_a_mistake_with_its_line() {
        let error = read(File::Prices, "[trial]\nprice = = 4\n").unwrap_err();
        assert_eq!(error.line, Some(2));
        assert_eq!(error.file, "prices.toml");
    }
}
