//! What a draft (or an earlier version) changes against the live content, file by file: first
//! field by field in the owner's words (`Memberships › Lite › Price: £49 → £55`, the core's
//! [`onespace_core::content::check::changes`], the same the editor lists as they type), then
//! line by line with two lines of context around each change (the `similar` crate's diff), for
//! whoever wants the exact text.

use onespace_core::content::File;
use similar::{ChangeTag, TextDiff};

use onespace_store::published::versions::Files;

/// Lines of unchanged context kept around each change.
const CONTEXT: usize = 2;

/// One line of a file's changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// Unchanged, shown for context, with its line number in the changed text.
    Same(usize, String),
    /// Taken out: its line number in the live text.
    Removed(usize, String),
    /// Put in: its line number in the changed text.
    Added(usize, String),
    /// Unchanged lines left out between two changes.
    Gap,
}

/// One changed file.
#[derive(Debug, Clone)]
pub struct FileChanges {
    /// `prices.toml`.
    pub name: &'static str,
    /// What the staff area calls it: `Prices`.
    pub title: &'static str,
    /// Its changed fields, each as the review prints it.
    pub fields: Vec<String>,
    /// Its changed lines with context.
    pub lines: Vec<Line>,
}

/// The files that differ between `live` and `changed`, in the content's file order.
pub fn changes(live: &Files, changed: &Files) -> Vec<FileChanges> {
    File::ALL
        .into_iter()
        .filter_map(|file| {
            let before = live.get(file.name()).map_or("", String::as_str);
            let after = changed.get(file.name()).map_or("", String::as_str);
            (before != after).then(|| FileChanges {
                name: file.name(),
                title: file.title(),
                fields: onespace_core::content::check::changes::changes(file, before, after)
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
                lines: lines(before, after),
            })
        })
        .collect()
}

fn lines(before: &str, after: &str) -> Vec<Line> {
    let diff = TextDiff::from_lines(before, after);
    let mut lines = Vec::new();
    for (index, group) in diff.grouped_ops(CONTEXT).iter().enumerate() {
        if index > 0 {
            lines.push(Line::Gap);
        }
        for op in group {
            for change in diff.iter_changes(op) {
                let text = change.value().trim_end_matches(['\n', '\r']).to_owned();
                let line = match change.tag() {
                    ChangeTag::Equal => Line::Same(change.new_index().unwrap_or(0) + 1, text),
                    ChangeTag::Delete => Line::Removed(change.old_index().unwrap_or(0) + 1, text),
                    ChangeTag::Insert => Line::Added(change.new_index().unwrap_or(0) + 1, text),
                };
                lines.push(line);
            }
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_price_is_one_line_out_and_one_in_with_its_context() {
        let live = onespace_store::published::versions::release_files();
        let mut changed = live.clone();
        let prices = changed
            .get_mut("prices.toml")
            .unwrap_or_else(|| unreachable!());
        *prices = prices.replacen(
            "name = \"Lite\"\nprice = 49",
            "name = \"Lite\"\nprice = 55",
            1,
        );
        let found = changes(&live, &changed);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].name, "prices.toml");
        assert_eq!(found[0].fields, ["Memberships › Lite › Price: £49 → £55"]);
        let lines = &found[0].lines;
        assert!(
            lines.contains(&Line::Removed(41, "price = 49".to_owned())),
            "{lines:?}"
        );
        assert!(
            lines.contains(&Line::Added(41, "price = 55".to_owned())),
            "{lines:?}"
        );
        assert!(
            lines.contains(&Line::Same(40, "name = \"Lite\"".to_owned())),
            "{lines:?}"
        );
        assert!(!lines.contains(&Line::Gap));
        assert!(changes(&live, &live).is_empty());
    }
}
