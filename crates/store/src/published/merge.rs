//! Putting a change made from one version on top of a later one, file by file: the one rule a
//! scheduled change follows at its time (`super::schedules`) and a draft follows when its
//! author brings it up to date with the live version (the studio's review page), so the two
//! can never disagree about what "both changed the same file" means.
//!
//! For each file: changed only by the change (against the version it started from, its base),
//! the change's text goes in; changed only by the later version, the later text stays; changed
//! by both to the same text, that text. Changed by both differently, the file *clashes*: the
//! later version's text stays and the file is listed, never overwritten either way. A draft,
//! which its author reviews again before anything is published, first tries the file's lines
//! ([`Lines::Merge`]: diffy's three-way merge, the one `git merge-file` does): changes to
//! different lines both go in, and only lines both changed clash. A scheduled change goes live
//! with nobody looking, so it merges whole files only ([`Lines::Whole`]).

use std::collections::BTreeSet;

use super::versions::{self, Files, Version};
use crate::{StorageError, Store};

/// How far a file both sides changed is merged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lines {
    /// Not at all: a file both changed differently clashes.
    Whole,
    /// Line by line: it clashes only where both changed the same lines.
    Merge,
}

/// What [`three_way`] made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Merged {
    /// Every file: the later version's, with the change's files put on top.
    pub files: Files,
    /// Files both changed, merged line by line (both sides' changes are in).
    pub lines_merged: Vec<String>,
    /// Files both changed where they clash: the later version's text is in `files`, and the
    /// change's own text of them is left out.
    pub clashes: Vec<String>,
}

/// The names of the files `side` changed against `base` (added, removed or edited).
pub fn changed(base: &Files, side: &Files) -> Vec<String> {
    let names: BTreeSet<&String> = base.keys().chain(side.keys()).collect();
    names
        .into_iter()
        .filter(|name| base.get(*name) != side.get(*name))
        .cloned()
        .collect()
}

/// `change` (started from `base`) put on top of `later`, file by file (see the module's
/// comment); `lines` says whether a file both changed is merged line by line.
pub fn three_way(change: &Files, base: &Files, later: &Files, lines: Lines) -> Merged {
    let mut merged = Merged {
        files: later.clone(),
        lines_merged: Vec::new(),
        clashes: Vec::new(),
    };
    for name in changed(base, change) {
        let before = base.get(&name);
        let mine = change.get(&name);
        let now = later.get(&name);
        let take = if now == before || now == mine {
            Some(mine.cloned())
        } else {
            match (lines, before, mine, now) {
                (Lines::Merge, Some(before), Some(mine), Some(now)) => {
                    match diffy::merge(before, mine, now) {
                        Ok(text) => {
                            merged.lines_merged.push(name.clone());
                            Some(Some(text))
                        }
                        Err(_with_markers) => None,
                    }
                }
                _ => None,
            }
        };
        match take {
            Some(Some(text)) => {
                merged.files.insert(name, text);
            }
            Some(None) => {
                merged.files.remove(&name);
            }
            None => merged.clashes.push(name),
        }
    }
    merged
}

/// How many versions back [`changed_by`] looks for the one that changed a file.
const LOOK_BACK: i64 = 200;

/// The first version after `base` (up to `live`) whose `file` differs from `base_text`: the
/// one to open to see the change a clash is with.
pub async fn changed_by(
    store: &Store,
    base: i64,
    live: &Version,
    file: &str,
    base_text: Option<&String>,
) -> Result<i64, StorageError> {
    for number in (base + 1)..live.number.min(base + LOOK_BACK) {
        if let Some(version) = versions::version(store, number).await? {
            if version.files.get(file) != base_text {
                return Ok(number);
            }
        }
    }
    Ok(live.number)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(pairs: &[(&str, &str)]) -> Files {
        pairs
            .iter()
            .map(|(name, text)| ((*name).to_owned(), (*text).to_owned()))
            .collect()
    }

    #[test]
    fn a_file_changed_by_one_side_only_takes_that_sides_text() {
        let base = files(&[("prices.toml", "a"), ("studio.toml", "x")]);
        let change = files(&[("prices.toml", "b"), ("studio.toml", "x")]);
        let later = files(&[("prices.toml", "a"), ("studio.toml", "y")]);
        for lines in [Lines::Whole, Lines::Merge] {
            let merged = three_way(&change, &base, &later, lines);
            assert_eq!(
                merged.files,
                files(&[("prices.toml", "b"), ("studio.toml", "y")])
            );
            assert!(merged.clashes.is_empty() && merged.lines_merged.is_empty());
        }
        // The same change made on both sides is no clash.
        let later = files(&[("prices.toml", "b"), ("studio.toml", "y")]);
        let merged = three_way(&change, &base, &later, Lines::Whole);
        assert_eq!(merged.files, later);
        assert!(merged.clashes.is_empty());
        assert_eq!(changed(&base, &change), vec!["prices.toml".to_owned()]);
        assert_eq!(changed(&base, &later), ["prices.toml", "studio.toml"]);
    }

    #[test]
    fn a_file_both_changed_differently_clashes_and_keeps_the_later_text() {
        let base = files(&[("prices.toml", "a\n"), ("studio.toml", "x\n")]);
        let change = files(&[("prices.toml", "b\n"), ("studio.toml", "x\n")]);
        let later = files(&[("prices.toml", "c\n"), ("studio.toml", "x\n")]);
        for lines in [Lines::Whole, Lines::Merge] {
            let merged = three_way(&change, &base, &later, lines);
            assert_eq!(merged.clashes, vec!["prices.toml".to_owned()]);
            assert_eq!(merged.files, later);
        }
    }

    #[test]
    fn a_draft_merges_changes_to_different_lines_of_one_file() {
        let base = files(&[(
            "prices.toml",
            "[lite]\nprice = 49\n\n\n[plus]\nprice = 79\n",
        )]);
        let draft = files(&[(
            "prices.toml",
            "[lite]\nprice = 55\n\n\n[plus]\nprice = 79\n",
        )]);
        let live = files(&[(
            "prices.toml",
            "[lite]\nprice = 49\n\n\n[plus]\nprice = 85\n",
        )]);
        let merged = three_way(&draft, &base, &live, Lines::Merge);
        assert_eq!(
            merged.files["prices.toml"],
            "[lite]\nprice = 55\n\n\n[plus]\nprice = 85\n"
        );
        assert_eq!(merged.lines_merged, vec!["prices.toml".to_owned()]);
        assert!(merged.clashes.is_empty());
        // A scheduled change does not: the whole file clashes.
        let whole = three_way(&draft, &base, &live, Lines::Whole);
        assert_eq!(whole.clashes, vec!["prices.toml".to_owned()]);
        // The same line changed on both sides clashes even line by line, and is left out.
        let live = files(&[(
            "prices.toml",
            "[lite]\nprice = 52\n\n\n[plus]\nprice = 79\n",
        )]);
        let merged = three_way(&draft, &base, &live, Lines::Merge);
        assert_eq!(merged.clashes, vec!["prices.toml".to_owned()]);
        assert_eq!(merged.files, live);
    }
}
