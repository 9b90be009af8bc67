//! A content mistake as the studio reads it: `prices.toml line 12: monthly[0].price: must be in
//! pounds, like 49 or 62.50`. TOML's spans give the line; the field's path is found by walking
//! the parsed document to the value the span falls in (serde's errors) or from the path the
//! content's rules name.

use std::ops::Range;

use toml::de::{DeTable, DeValue};
use toml::Spanned;

/// One mistake in one content file.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ContentError {
    /// The file's name (`prices.toml`).
    pub file: String,
    /// The line, from 1; `None` when the mistake is the file itself (missing, unreadable).
    pub line: Option<usize>,
    /// The field's path (`monthly[0].price`); empty when no field is concerned (a syntax error).
    pub field: String,
    /// What is expected.
    pub message: String,
}

impl std::fmt::Display for ContentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.file)?;
        if let Some(line) = self.line {
            write!(f, " line {line}")?;
        }
        if !self.field.is_empty() {
            write!(f, ": {}", self.field)?;
        }
        write!(f, ": {}", self.message)
    }
}

/// The line (from 1) of byte `offset` in `text`.
pub fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
        + 1
}

/// A parsed document, for finding fields by span or by path.
pub struct Document<'a> {
    text: &'a str,
    root: Option<Spanned<DeTable<'a>>>,
}

impl<'a> Document<'a> {
    /// Parses `text` (a document that fails to parse has no fields to find).
    pub fn parse(text: &'a str) -> Self {
        Self {
            text,
            root: DeTable::parse(text).ok(),
        }
    }

    /// The error for a serde or syntax failure of this document.
    pub fn error(&self, file: &str, error: &toml::de::Error) -> ContentError {
        let span = error.span();
        let field = span
            .as_ref()
            .and_then(|span| self.path_at(span.start))
            .unwrap_or_default();
        ContentError {
            file: file.to_owned(),
            line: span.map(|span| line_of(self.text, span.start)),
            field,
            message: plain(error.message()),
        }
    }

    /// The error for the core's rule broken at `path`, placed on the line of the deepest part of
    /// the path that the file has (a missing field is reported on its table's line).
    pub fn rule_error(&self, file: &str, path: &str, message: &str) -> ContentError {
        ContentError {
            file: file.to_owned(),
            line: self
                .span_of(path)
                .map(|span| line_of(self.text, span.start)),
            field: path.to_owned(),
            message: message.to_owned(),
        }
    }

    /// The path of the innermost value or key containing byte `offset`.
    fn path_at(&self, offset: usize) -> Option<String> {
        let root = self.root.as_ref()?;
        find_in_table(root.get_ref(), offset, "")
    }

    /// The span of the deepest existing part of `path` (`monthly[2].price`).
    fn span_of(&self, path: &str) -> Option<Range<usize>> {
        let root = self.root.as_ref()?;
        let mut table = root.get_ref();
        let mut found: Option<Range<usize>> = None;
        let mut value: Option<&Spanned<DeValue<'a>>> = None;
        for part in path.split('.') {
            let (key, index) = match part.split_once('[') {
                Some((key, index)) => (key, index.trim_end_matches(']').parse::<usize>().ok()),
                None => (part, None),
            };
            if let Some(current) = value {
                match current.get_ref() {
                    DeValue::Table(inner) => table = inner,
                    _ => break,
                }
            }
            let Some((name, entry)) = table.iter().find(|(name, _)| name.get_ref() == key) else {
                break;
            };
            found = Some(name.span());
            value = Some(entry);
            if let Some(index) = index {
                match entry.get_ref() {
                    DeValue::Array(items) => match items.get(index) {
                        Some(item) => {
                            found = Some(item.span());
                            value = Some(item);
                        }
                        None => break,
                    },
                    _ => break,
                }
            }
        }
        found
    }
}

/// The path of the key or value at `offset` under `table` (whose own path is `prefix`). A
/// table's span covers only its header, so every entry is searched, not only the one whose span
/// contains the offset.
fn find_in_table(table: &DeTable<'_>, offset: usize, prefix: &str) -> Option<String> {
    table.iter().find_map(|(key, value)| {
        let path = if prefix.is_empty() {
            key.get_ref().to_string()
        } else {
            format!("{prefix}.{}", key.get_ref())
        };
        if contains(&key.span(), offset) {
            return Some(path);
        }
        find_in_value(value, offset, path)
    })
}

fn find_in_value(value: &Spanned<DeValue<'_>>, offset: usize, path: String) -> Option<String> {
    match value.get_ref() {
        DeValue::Table(table) => find_in_table(table, offset, &path)
            .or_else(|| contains(&value.span(), offset).then_some(path)),
        DeValue::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(index, item)| find_in_value(item, offset, format!("{path}[{index}]")))
            .or_else(|| contains(&value.span(), offset).then_some(path)),
        _ => contains(&value.span(), offset).then_some(path),
    }
}

fn contains(span: &Range<usize>, offset: usize) -> bool {
    span.start <= offset && offset < span.end.max(span.start + 1)
}

/// serde's wording made readable for the studio: backticks dropped, one line.
fn plain(message: &str) -> String {
    message
        .replace('`', "'")
        .replace('\n', " ")
        .trim()
        .to_owned()
}
