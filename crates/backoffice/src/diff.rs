//! What a draft (or an earlier version) changes against the live content, file by file: first
//! field by field in the owner's words (`Memberships › Lite › Price: £49 → £55`, the core's
//! [`onespace_core::content::check::changes`], the same the editor lists as they type), then
//! line by line with two lines of context around each change (the `similar` crate's diff), for
//! whoever wants the exact text. A photo set, replaced or taken away is shown as the page shows
//! it: its place by name with the photos before and after as thumbnails ([`PhotoChange`]).

use onespace_core::content::check::changes::section_name;
use onespace_core::content::check::form;
use onespace_core::content::{File, Place};
use serde_json::Value;
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
    /// Its photos set, replaced or taken away, in the file's order.
    pub photos: Vec<PhotoChange>,
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
                photos: photos(file, before, after),
                lines: lines(before, after),
            })
        })
        .collect()
}

/// A place whose photo a change sets, replaces or takes away.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhotoChange {
    /// The place as the staff area names it: `Hot Yoga page, beside the heading`, or
    /// `Meet the team › Anna` for a coach's portrait.
    pub place: String,
    /// The photo there before; none where the place kept its designed art.
    pub before: Option<ShownPhoto>,
    /// The photo there after; none where it goes back to its art.
    pub after: Option<ShownPhoto>,
}

/// One photo of a [`PhotoChange`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShownPhoto {
    /// The file as the content names it (`uploads/<hash>.jpg`, `hot-room.jpg`).
    pub file: String,
    /// Its alt text.
    pub alt: String,
    /// A small variant the site serves, once the page has found one (`crate::pages::content`
    /// fills it in); none while it has not.
    pub thumbnail: Option<Thumbnail>,
}

/// A photo's small variant, as an `<img>` shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thumbnail {
    /// Its address.
    pub src: String,
    /// Its width in pixels.
    pub width: u32,
    /// Its height in pixels.
    pub height: u32,
}

/// The name of the place a photo entry of a list shows in.
type PlaceOf = fn(&Value) -> Option<String>;

/// The photos of `file`'s `text` by the place they show in (a photo place, a coach's portrait),
/// in the file's order; none for a file without photos or a text that does not read.
fn placed(file: File, text: &str) -> Vec<(String, ShownPhoto)> {
    let Ok(values) = form::read(file, text) else {
        return Vec::new();
    };
    let (list, place_of, file_key, alt_key): (&str, PlaceOf, &str, &str) = match file {
        File::Photos => (
            "photo",
            |item| {
                let key = item.get("place")?.as_str()?;
                Some(
                    Place::from_key(key)
                        .map_or_else(|| key.to_owned(), |place| place.name().to_owned()),
                )
            },
            "file",
            "alt",
        ),
        File::Team => (
            "coaches",
            |item| {
                let name = item.get("name").or_else(|| item.get("id"))?.as_str()?;
                Some(format!("{} › {name}", section_name(File::Team, "coaches")))
            },
            "photo",
            "photo_alt",
        ),
        _ => return Vec::new(),
    };
    values
        .get(list)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|item| {
            let shown = ShownPhoto {
                file: item.get(file_key)?.as_str()?.to_owned(),
                alt: item
                    .get(alt_key)
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_owned(),
                thumbnail: None,
            };
            Some((place_of(item)?, shown))
        })
        .collect()
}

/// The places whose photo differs from `before` to `after` (both `file`'s text).
fn photos(file: File, before: &str, after: &str) -> Vec<PhotoChange> {
    let (old, new) = (placed(file, before), placed(file, after));
    let find = |list: &[(String, ShownPhoto)], place: &str| {
        list.iter()
            .find(|(at, _)| at == place)
            .map(|(_, photo)| photo.clone())
    };
    let places = new
        .iter()
        .chain(old.iter().filter(|(place, _)| find(&new, place).is_none()))
        .map(|(place, _)| place.clone());
    places
        .filter_map(|place| {
            let (before, after) = (find(&old, &place), find(&new, &place));
            (before != after).then_some(PhotoChange {
                place,
                before,
                after,
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
        assert!(found[0].photos.is_empty());
        assert!(changes(&live, &live).is_empty());
    }

    #[test]
    fn a_photo_set_or_replaced_is_named_by_its_place_with_both_photos() {
        let one = |file: &str| {
            format!("[[photo]]\nplace = \"hot-yoga/hero\"\nfile = \"{file}\"\nalt = \"A pose\"\n")
        };
        let set = photos(File::Photos, "", &one("uploads/ab.jpg"));
        assert_eq!(set.len(), 1);
        assert_eq!(set[0].place, "Hot Yoga page, beside the heading");
        assert_eq!(set[0].before, None);
        assert_eq!(
            set[0].after.as_ref().map(|photo| photo.file.as_str()),
            Some("uploads/ab.jpg")
        );
        let replaced = photos(File::Photos, &one("uploads/ab.jpg"), &one("uploads/cd.jpg"));
        assert_eq!(
            replaced[0].before.as_ref().map(|photo| photo.file.as_str()),
            Some("uploads/ab.jpg")
        );
        let gone = photos(File::Photos, &one("uploads/ab.jpg"), "");
        assert_eq!(gone[0].after, None);
        assert!(photos(File::Photos, &one("a.jpg"), &one("a.jpg")).is_empty());
        let team = |photo: &str| format!("[[coaches]]\nid = \"anna\"\nname = \"Anna\"\n{photo}");
        let portrait = photos(
            File::Team,
            &team(""),
            &team("photo = \"anna.jpg\"\nphoto_alt = \"Anna\"\n"),
        );
        assert_eq!(portrait[0].place, "Meet the team › Anna");
    }
}
