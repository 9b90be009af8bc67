//! What an edit changes, field by field, in words the owner reads at a glance:
//! `Memberships › Lite › Price: £49 → £55` (each section named as the site names it). The studio's review shows these above the line-by-line
//! changes, and the editor lists them as the owner types.
//!
//! Fields are walked with the file's [`super::schema`], so money reads in pounds and a day in
//! words (`31 August 2025`), as the pages show them; a list item is
//! named by its own name (`name`, `title`, `question`, `label`, `place`, then `id`) rather than its
//! position, and items with ids are matched by id, so a reordered list reads as "order changed"
//! rather than as every item edited.

use serde_json::{Map, Value};

use super::form;
use crate::calendar::Date;
use crate::content::{File, Place};

/// One changed field.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Change {
    /// Where: the sections, items and field, each as the owner would name it.
    pub place: Vec<String>,
    /// What happened there.
    pub what: What,
}

/// What happened to a field or item.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum What {
    /// A value changed, both as shown.
    Changed {
        /// Before.
        before: String,
        /// After.
        after: String,
    },
    /// A field with its value, or a list item (no value shown).
    Added {
        /// The new value, as shown; `None` for a whole item.
        value: Option<String>,
    },
    /// A field or list item went.
    Removed,
    /// A list's items are in another order.
    Reordered,
    /// The text does not read as TOML, so it has no fields to compare.
    Unreadable,
}

impl std::fmt::Display for Change {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: ", self.place.join(" › "))?;
        match &self.what {
            What::Changed { before, after } => write!(f, "{before} → {after}"),
            What::Added { value: Some(value) } => write!(f, "added, {value}"),
            What::Added { value: None } => f.write_str("added"),
            What::Removed => f.write_str("removed"),
            What::Reordered => f.write_str("order changed"),
            What::Unreadable => {
                f.write_str("its text does not read yet; the technical details show the change")
            }
        }
    }
}

/// The changes from `before` to `after` (both `file`'s text). A text that does not read as TOML
/// has no fields to compare: one change says so, and the line-by-line view shows the rest.
pub fn changes(file: File, before: &str, after: &str) -> Vec<Change> {
    let (Ok(old), Ok(new)) = (form::read(file, before), form::read(file, after)) else {
        return if before == after {
            Vec::new()
        } else {
            vec![Change {
                place: vec![file.title().to_owned()],
                what: What::Unreadable,
            }]
        };
    };
    let schema = super::schema::of(file);
    let walk = Walk {
        file,
        defs: schema.as_value().get("$defs").and_then(Value::as_object),
    };
    let mut found = Vec::new();
    walk.compare(
        &mut Vec::new(),
        Some(schema.as_value()),
        &old,
        &new,
        &mut found,
    );
    found
}

/// Reads subschemas through the root's definitions.
struct Walk<'a> {
    /// Whose top-level sections are named as the site names them ([`File::section`]).
    file: File,
    defs: Option<&'a Map<String, Value>>,
}

impl<'a> Walk<'a> {
    /// The schema itself: through a `$ref`, and an optional's non-null alternative.
    fn resolve(&self, schema: Option<&'a Value>) -> Option<&'a Value> {
        let mut schema = schema?;
        for _ in 0..8 {
            if let Some(name) = schema
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|path| path.strip_prefix("#/$defs/"))
            {
                schema = self.defs?.get(name)?;
                continue;
            }
            let alternatives = schema.get("anyOf").and_then(Value::as_array);
            if let Some(inner) = alternatives.and_then(|alternatives| {
                alternatives
                    .iter()
                    .find(|alternative| alternative.get("type") != Some(&Value::from("null")))
            }) {
                schema = inner;
                continue;
            }
            break;
        }
        Some(schema)
    }

    fn property(&self, schema: Option<&'a Value>, key: &str) -> Option<&'a Value> {
        self.resolve(schema)?.get("properties")?.get(key)
    }

    fn items(&self, schema: Option<&'a Value>) -> Option<&'a Value> {
        self.resolve(schema)?.get("items")
    }

    /// The form's input for the value (`pounds`, `date`...: the schema's `x-input`).
    fn input(&self, schema: Option<&'a Value>) -> Option<&'a str> {
        self.resolve(schema)
            .and_then(|schema| schema.get("x-input"))
            .and_then(Value::as_str)
    }

    fn compare(
        &self,
        place: &mut Vec<String>,
        schema: Option<&'a Value>,
        old: &Value,
        new: &Value,
        found: &mut Vec<Change>,
    ) {
        if old == new {
            return;
        }
        match (old, new) {
            (Value::Object(old), Value::Object(new)) => {
                let keys = old
                    .keys()
                    .chain(new.keys().filter(|key| !old.contains_key(*key)));
                for key in keys {
                    place.push(if place.is_empty() {
                        section_name(self.file, key)
                    } else {
                        field_name(key)
                    });
                    let inner = self.property(schema, key);
                    match (old.get(key), new.get(key)) {
                        (Some(old), Some(new)) => self.compare(place, inner, old, new, found),
                        // A list of items that appears or goes whole reads item by item, as the
                        // first photo uploaded into an empty photos.toml does.
                        (Some(Value::Array(old)), None) if old.iter().all(Value::is_object) => {
                            self.compare_items(place, self.items(inner), old, &[], found);
                        }
                        (None, Some(Value::Array(new))) if new.iter().all(Value::is_object) => {
                            self.compare_items(place, self.items(inner), &[], new, found);
                        }
                        (Some(_), None) => found.push(Change {
                            place: place.clone(),
                            what: What::Removed,
                        }),
                        (None, Some(new)) => found.push(Change {
                            place: place.clone(),
                            what: What::Added {
                                value: Some(self.shown(inner, new)),
                            },
                        }),
                        (None, None) => {}
                    }
                    place.pop();
                }
            }
            (Value::Array(old), Value::Array(new))
                if old.iter().chain(new).all(Value::is_object) =>
            {
                self.compare_items(place, self.items(schema), old, new, found);
            }
            (old, new) => found.push(Change {
                place: place.clone(),
                what: What::Changed {
                    before: self.shown(schema, old),
                    after: self.shown(schema, new),
                },
            }),
        }
    }

    fn compare_items(
        &self,
        place: &mut Vec<String>,
        schema: Option<&'a Value>,
        old: &[Value],
        new: &[Value],
        found: &mut Vec<Change>,
    ) {
        let ids = |items: &[Value]| -> Option<Vec<String>> {
            items
                .iter()
                .map(|item| item.get("id").and_then(Value::as_str).map(str::to_owned))
                .collect()
        };
        let pairs: Vec<(Option<&Value>, Option<&Value>)> = match (ids(old), ids(new)) {
            (Some(old_ids), Some(new_ids)) => {
                let mut pairs: Vec<_> = new
                    .iter()
                    .zip(&new_ids)
                    .map(|(item, id)| {
                        let before = old_ids.iter().position(|old_id| old_id == id);
                        (before.map(|index| &old[index]), Some(item))
                    })
                    .collect();
                pairs.extend(
                    old.iter()
                        .zip(&old_ids)
                        .filter(|(_, id)| !new_ids.contains(id))
                        .map(|(item, _)| (Some(item), None)),
                );
                let kept_old: Vec<&String> =
                    old_ids.iter().filter(|id| new_ids.contains(id)).collect();
                let kept_new: Vec<&String> =
                    new_ids.iter().filter(|id| old_ids.contains(id)).collect();
                if kept_old != kept_new {
                    found.push(Change {
                        place: place.clone(),
                        what: What::Reordered,
                    });
                }
                pairs
            }
            _ => (0..old.len().max(new.len()))
                .map(|index| (old.get(index), new.get(index)))
                .collect(),
        };
        for (index, (before, after)) in pairs.into_iter().enumerate() {
            let named = after
                .or(before)
                .map_or(String::new(), |item| item_name(item, index));
            place.push(named);
            match (before, after) {
                (Some(before), Some(after)) => self.compare(place, schema, before, after, found),
                (Some(_), None) => found.push(Change {
                    place: place.clone(),
                    what: What::Removed,
                }),
                (None, Some(_)) => found.push(Change {
                    place: place.clone(),
                    what: What::Added { value: None },
                }),
                (None, None) => {}
            }
            place.pop();
        }
    }

    /// A value as the owner reads it, as the page shows it: money in pounds, dates in words,
    /// yes or no, text in quotes.
    fn shown(&self, schema: Option<&'a Value>, value: &Value) -> String {
        match value {
            Value::String(text) if self.input(schema) == Some("date") => {
                Date::parse_iso(text).map_or_else(|_| format!("“{}”", shortened(text)), Date::long)
            }
            Value::Number(number) if self.input(schema) == Some("pounds") => {
                let pounds = number.as_f64().unwrap_or_default();
                if pounds.fract() == 0.0 {
                    format!("£{pounds:.0}")
                } else {
                    format!("£{pounds:.2}")
                }
            }
            Value::Number(number) => number.to_string(),
            Value::Bool(true) => "yes".to_owned(),
            Value::Bool(false) => "no".to_owned(),
            Value::String(text) => format!("“{}”", shortened(text)),
            Value::Array(items) => items
                .iter()
                .map(|item| self.shown(self.items(schema), item))
                .collect::<Vec<_>>()
                .join(", "),
            Value::Object(_) => "(a group of fields)".to_owned(),
            Value::Null => "nothing".to_owned(),
        }
    }
}

/// At most 80 characters of `text`, on one line.
fn shortened(text: &str) -> String {
    const LONGEST: usize = 80;
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match line.char_indices().nth(LONGEST) {
        Some((end, _)) => format!("{}…", &line[..end]),
        None => line,
    }
}

/// `purchase_url` → `Purchase url`.
pub fn field_name(key: &str) -> String {
    let spaced = key.replace('_', " ");
    let mut letters = spaced.chars();
    letters
        .next()
        .map(|first| first.to_uppercase().chain(letters).collect())
        .unwrap_or_default()
}

/// The section of `file` under its top-level `key`, as the site names it: `Memberships` for
/// `monthly`.
pub fn section_name(file: File, key: &str) -> String {
    file.section(key)
        .map_or_else(|| field_name(key), str::to_owned)
}

/// A list item by its own name, else its position (from 1); a photo by its place's name
/// (`Hot Yoga page, beside the heading`), not its key.
pub(crate) fn item_name(item: &Value, index: usize) -> String {
    ["name", "title", "question", "label", "place", "id"]
        .iter()
        .find_map(|key| {
            let text = item.get(key).and_then(Value::as_str)?;
            Some(match Place::from_key(text) {
                Some(place) if *key == "place" => place.name(),
                _ => text,
            })
        })
        .map_or_else(|| format!("Item {}", index + 1), shortened)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    const PRICES: &str = "[trial]\nprice = 49\n\n[[monthly]]\nid = \"lite\"\nname = \"Lite\"\nprice = 49\nsessions = 4\n\n[[monthly]]\nid = \"core\"\nname = \"Core\"\nprice = 79\n";

    fn read_as(before: &str, after: &str) -> Vec<String> {
        changes(File::Prices, before, after)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn a_price_reads_in_pounds_under_its_plan_name() {
        let after = PRICES.replace("price = 49\nsessions", "price = 55\nsessions");
        assert_eq!(
            read_as(PRICES, &after),
            ["Memberships › Lite › Price: £49 → £55"]
        );
        let after = PRICES.replace("price = 79", "price = 62.5");
        assert_eq!(
            read_as(PRICES, &after),
            ["Memberships › Core › Price: £79 → £62.50"]
        );
    }

    #[test]
    fn a_date_reads_in_words() {
        let read = |before: &str, after: &str| -> Vec<String> {
            changes(File::Offers, before, after)
                .iter()
                .map(ToString::to_string)
                .collect()
        };
        let offers = "[back_to_school]\nstarts = \"2025-08-01\"\nends = \"2025-08-31\"\n";
        let after = offers.replace("2025-08-31", "2025-09-30");
        assert_eq!(
            read(offers, &after),
            ["Back to school › Ends: 31 August 2025 → 30 September 2025"]
        );
    }

    #[test]
    fn items_are_matched_by_id_so_a_reorder_is_one_change() {
        let after = "[trial]\nprice = 49\n\n[[monthly]]\nid = \"core\"\nname = \"Core\"\nprice = 79\n\n[[monthly]]\nid = \"lite\"\nname = \"Lite\"\nprice = 49\nsessions = 4\n";
        assert_eq!(read_as(PRICES, after), ["Memberships: order changed"]);
    }

    #[test]
    fn added_and_removed_fields_and_items_say_so() {
        let after = PRICES
            .replace("sessions = 4\n", "")
            .replace("price = 79\n", "price = 79\nfeatured = true\n")
            + "\n[[monthly]]\nid = \"flex\"\nname = \"Flex\"\nprice = 99\n";
        assert_eq!(
            read_as(PRICES, &after),
            [
                "Memberships › Lite › Sessions: removed",
                "Memberships › Core › Featured: added, yes",
                "Memberships › Flex: added",
            ]
        );
    }

    #[test]
    fn a_list_that_appears_or_goes_whole_is_read_item_by_item() {
        let one = "[[photo]]\nplace = \"hot-yoga/hero\"\nfile = \"a.jpg\"\nalt = \"A pose\"\n";
        let read = |before, after| -> Vec<String> {
            changes(File::Photos, before, after)
                .iter()
                .map(ToString::to_string)
                .collect()
        };
        assert_eq!(
            read("", one),
            ["Photos › Hot Yoga page, beside the heading: added"]
        );
        assert_eq!(
            read(one, ""),
            ["Photos › Hot Yoga page, beside the heading: removed"]
        );
    }

    #[test]
    fn text_that_does_not_read_is_one_change_and_the_same_text_none() {
        assert_eq!(read_as(PRICES, PRICES), Vec::<String>::new());
        assert_eq!(
            read_as(PRICES, "[trial"),
            ["Prices: its text does not read yet; the technical details show the change"]
        );
    }
}
