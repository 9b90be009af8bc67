//! A content mistake in the owner's words: `Lite's price must be in pounds, like 49 or 62.50`
//! rather than `prices.toml line 41: monthly[0].price: ...`, with where it is as the staff area
//! names it (`Memberships › Lite › Price`, the section by the site's name for it) and the id of its field in the editor's form, so
//! every screen an owner or editor sees can say it plainly and link to the field.
//!
//! The file-and-line form ([`ContentError`]'s `Display`) stays what `onespace content check`
//! prints, for whoever edits the files themselves.

use serde_json::Value;

use super::changes::{field_name, item_name, section_name};
use super::{form, ContentError};
use crate::content::File;

/// A mistake as the staff area says it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Said {
    /// The section (as the site names it), items and field: `["Memberships", "Lite", "Price"]`;
    /// the content area (`["Prices"]`) for a mistake in the whole text.
    pub place: Vec<String>,
    /// The mistake as a sentence: `Lite's price must be in pounds, like 49 or 62.50`.
    pub sentence: String,
    /// The id of the field in the editor's form (`field-monthly-0-price`), the same the form
    /// gives it (`fieldId` in `frontend/src/backoffice/form/SchemaForm.tsx`); empty when the
    /// mistake is the whole text (it does not read).
    pub anchor: String,
}

impl std::fmt::Display for Said {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.sentence)
    }
}

/// One step of a field's path.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Step {
    Key(String),
    Index(usize),
}

/// `monthly[0].price` as its steps; `None` when it is not a path (a name with spaces).
fn steps(path: &str) -> Option<Vec<Step>> {
    let mut steps = Vec::new();
    for part in path.split('.') {
        let mut pieces = part.split('[');
        let key = pieces.next().unwrap_or_default();
        if !key.is_empty() {
            if !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return None;
            }
            steps.push(Step::Key(key.to_owned()));
        }
        for index in pieces {
            steps.push(Step::Index(index.strip_suffix(']')?.parse().ok()?));
        }
    }
    (!steps.is_empty()).then_some(steps)
}

/// The value at `path` (`questions[2].answer`, `challenge.price`) of a file's values as the form
/// reads them; none where nothing is there.
pub fn value_at<'v>(root: &'v Value, path: &str) -> Option<&'v Value> {
    steps(path)?
        .iter()
        .try_fold(root, |value, step| match step {
            Step::Key(key) => value.get(key),
            Step::Index(index) => value.get(index),
        })
}

/// The editor form's id of the field at `path`: `field-` and the path with every run of other
/// characters than letters and digits as one `-`.
pub fn anchor(path: &str) -> String {
    let mut id = String::from("field-");
    let mut gap = false;
    for c in path.chars() {
        if c.is_ascii_alphanumeric() {
            id.push(c);
            gap = false;
        } else if !gap {
            id.push('-');
            gap = true;
        }
    }
    id
}

/// Each step's name as the owner reads it (the first as the site names its section, a list
/// item by its own name, as the review of changes names them), from `root`, the values of
/// `file` when they read.
fn names(file: Option<File>, steps: &[Step], root: Option<&Value>) -> Vec<String> {
    let mut value = root;
    steps
        .iter()
        .enumerate()
        .map(|(at, step)| match step {
            Step::Key(key) => {
                value = value.and_then(|value| value.get(key));
                match file {
                    Some(file) if at == 0 => section_name(file, key),
                    _ => field_name(key),
                }
            }
            Step::Index(index) => {
                value = value.and_then(|value| value.get(index));
                match value {
                    Some(item @ Value::Object(_)) => item_name(item, *index),
                    _ => format!("item {}", index + 1),
                }
            }
        })
        .collect()
}

/// `error` (of a file whose text is `text`) in the owner's words.
pub fn said(error: &ContentError, text: &str) -> Said {
    let file = File::from_name(&error.file);
    let title = file.map_or("The content", File::title);
    let root = file.and_then(|file| form::read(file, text).ok());
    let steps = steps(&error.field).unwrap_or_default();
    let named = names(file, &steps, root.as_ref());
    if steps.is_empty() {
        // The text itself: it does not read (only the text view can make it so), or it is missing.
        let sentence = if error.line.is_some() {
            format!(
                "The text of {title} does not read ({}); correct it under Advanced, or undo \
                 your last change there",
                message(&error.message, &[], file, root.as_ref())
            )
        } else {
            format!(
                "{title} {}",
                message(&error.message, &[], file, root.as_ref())
            )
        };
        return Said {
            place: vec![title.to_owned()],
            sentence,
            anchor: String::new(),
        };
    }
    let parent = &steps[..steps.len() - 1];
    let subject = match (named.len(), named.last()) {
        (1, Some(only)) => only.clone(),
        (count, Some(last)) if count > 1 => {
            let owner = &named[count - 2];
            let last = match steps.last() {
                Some(Step::Key(_)) => last.to_lowercase(),
                _ => last.clone(),
            };
            format!("{}{} {last}", owner, possessive(owner))
        }
        _ => title.to_owned(),
    };
    Said {
        sentence: format!(
            "{subject} {}",
            message(&error.message, parent, file, root.as_ref())
        ),
        place: named,
        anchor: anchor(&error.field),
    }
}

/// `'s`, or `'` after an s.
fn possessive(name: &str) -> &'static str {
    if name.ends_with('s') {
        "'"
    } else {
        "'s"
    }
}

/// The check's `message` with the field paths it names (`unlimited[0].price`, `monthly_revenue`,
/// `` `starts` ``) as the owner names them, looked up beside the field (`parent`) then from the
/// file's top; and the readers' own wording (`invalid type: ...`) said plainly.
fn message(message: &str, parent: &[Step], file: Option<File>, root: Option<&Value>) -> String {
    let message = reader_message(message);
    message
        .split(' ')
        .map(|word| {
            let start = word
                .find(|c: char| c.is_ascii_alphanumeric() || c == '`')
                .unwrap_or(word.len());
            let end = word
                .rfind(|c: char| c.is_ascii_alphanumeric() || c == ']' || c == '`')
                .map_or(start, |end| end + 1)
                .max(start);
            let (before, token, after) = (&word[..start], &word[start..end], &word[end..]);
            let quoted = token.len() > 2 && token.starts_with('`') && token.ends_with('`');
            let bare = if quoted {
                &token[1..token.len() - 1]
            } else {
                token
            };
            let Some(found) =
                steps(bare).filter(|_| bare.starts_with(|c: char| c.is_ascii_lowercase()))
            else {
                return word.to_owned();
            };
            let in_file = |steps: &[Step]| {
                let mut value = root;
                for step in steps {
                    value = match step {
                        Step::Key(key) => value.and_then(|value| value.get(key)),
                        Step::Index(index) => value.and_then(|value| value.get(index)),
                    };
                }
                value.is_some()
            };
            let beside: Vec<Step> = parent
                .iter()
                .cloned()
                .chain(found.iter().cloned())
                .collect();
            // A word with a dot only (`e.g.`) is a path only where the file has it.
            let surely = quoted || bare.contains('_') || bare.contains('[');
            if !surely && !bare.contains('.') {
                return word.to_owned();
            }
            match () {
                () if in_file(&beside) => format!(
                    "{before}{}{after}",
                    names(file, &beside, root)[parent.len()..].join(" › ")
                ),
                () if in_file(&found) => {
                    format!("{before}{}{after}", names(file, &found, root).join(" › "))
                }
                () if surely => format!("{before}{}{after}", names(file, &found, None).join(" › ")),
                _ => word.to_owned(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The TOML and serde readers' messages in plain words: `invalid type: string "5x", expected a
/// number` reads `must be a number, not "5x"`.
fn reader_message(message: &str) -> String {
    if let Some(rest) = message.strip_prefix("invalid type: ") {
        if let Some((found, wanted)) = rest.split_once(", expected ") {
            let found = found
                .strip_prefix("string ")
                .or_else(|| found.strip_prefix("integer "))
                .or_else(|| found.strip_prefix("floating point "))
                .unwrap_or(found);
            return format!("must be {}, not {found}", wanted.trim_end_matches('.'));
        }
    }
    if let Some(rest) = message.strip_prefix("missing field ") {
        return format!("needs its {} filled in", rest.trim_matches(['\'', '`']));
    }
    if let Some(rest) = message.strip_prefix("unknown field ") {
        let name = rest
            .split(',')
            .next()
            .unwrap_or(rest)
            .trim_matches(['\'', '`']);
        return format!(
            "has a field the site does not use ({}): remove it",
            field_name(name)
        );
    }
    if let Some(rest) = message.strip_prefix("unknown variant ") {
        let name = rest
            .split(',')
            .next()
            .unwrap_or(rest)
            .trim_matches(['\'', '`']);
        return format!("cannot be {name}: choose one from the list");
    }
    message.to_owned()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    const PRICES: &str = "[trial]\nprice = 49\n\n[[monthly]]\nid = \"lite\"\nname = \"Lite\"\nprice = \"5x\"\n\n[[unlimited]]\nprice = 99\n";

    fn error(field: &str, message: &str) -> ContentError {
        ContentError {
            file: "prices.toml".to_owned(),
            line: Some(7),
            field: field.to_owned(),
            message: message.to_owned(),
        }
    }

    #[test]
    fn a_price_is_named_by_its_plan_and_links_to_its_field() {
        let said = said(
            &error("monthly[0].price", crate::content::money::EXPECTED),
            PRICES,
        );
        assert_eq!(
            said.sentence,
            "Lite's price must be in pounds, like 49 or 62.50"
        );
        assert_eq!(said.place, ["Memberships", "Lite", "Price"]);
        assert_eq!(said.anchor, "field-monthly-0-price");
    }

    #[test]
    fn paths_in_a_message_and_the_readers_words_read_as_the_owner_names_them() {
        let said = said(
            &error(
                "monthly[0].price",
                "must be the same as unlimited[0].price (£99)",
            ),
            PRICES,
        );
        assert_eq!(
            said.sentence,
            "Lite's price must be the same as Unlimited options › Item 1 › Price (£99)"
        );
        let said = super::said(
            &error(
                "trial.price",
                "invalid type: string \"5x\", expected a number",
            ),
            PRICES,
        );
        assert_eq!(
            said.sentence,
            "14-day trial's price must be a number, not \"5x\""
        );
        let said = super::said(
            &error("trial", "must be less than `intro_discount`"),
            PRICES,
        );
        assert_eq!(
            said.sentence,
            "14-day trial must be less than Intro discount"
        );
    }

    #[test]
    fn text_that_does_not_read_names_the_area_not_the_file() {
        let said = said(&error("", "expected '='"), "[trial\n");
        assert!(
            said.sentence
                .starts_with("The text of Prices does not read"),
            "{said}"
        );
        assert!(!said.sentence.contains(".toml"), "{said}");
        assert_eq!(said.anchor, "");
    }

    #[test]
    fn anchors_are_the_forms_ids() {
        assert_eq!(anchor("photo[2]"), "field-photo-2-");
        assert_eq!(anchor("address.country"), "field-address-country");
    }

    #[test]
    fn values_are_found_by_path() {
        let root = serde_json::json!({
            "challenge": { "price": 99 },
            "questions": [{ "question": "Parking?" }, { "question": "Showers?" }],
        });
        assert_eq!(
            value_at(&root, "challenge.price"),
            Some(&serde_json::json!(99))
        );
        assert_eq!(
            value_at(&root, "questions[1].question"),
            Some(&serde_json::json!("Showers?"))
        );
        assert_eq!(value_at(&root, "questions[2].question"), None);
        assert_eq!(value_at(&root, "challenge.starts"), None);
        assert_eq!(value_at(&root, "lite.price"), None);
        assert_eq!(value_at(&root, "not a path"), None);
    }
}
