//! The preview's marks turned into the way to edit what is seen: each element a preview render
//! marked with the content field that produced it (`data-field="prices.toml#lite.price"`,
//! `onespace_site::render::marks`, and every photo's `data-photo-place`) gets the editor's
//! address of that field (`data-edit="/studio/content/edit/prices.toml#field-monthly-0-price"`,
//! which the preview's script opens on a tap), and those whose value the draft changes against
//! the live content are marked `data-changed`, the first also `id="preview-changed"`, where the
//! preview opens ([`CHANGED`]).

use std::collections::HashMap;

use onespace_core::content::check::{form, words};
use onespace_core::content::{File, Place};
use serde_json::Value;

use onespace_store::published::versions::Files;

/// The id of the first changed element of a previewed page: the preview's address with
/// `#preview-changed` opens there.
pub const CHANGED: &str = "preview-changed";

/// The editor's address of the field at `path` (`monthly[0].price`) of `file`: the form opens
/// at it with the cursor in it.
pub fn edit_link(file: File, path: &str) -> String {
    format!(
        "/studio/content/edit/{}#{}",
        file.name(),
        words::anchor(path)
    )
}

/// Each content file's values as the form reads them; none for a text that does not read.
struct Values<'a> {
    files: &'a Files,
    /// By file name.
    read: HashMap<&'static str, Option<Value>>,
}

impl<'a> Values<'a> {
    fn new(files: &'a Files) -> Self {
        Self {
            files,
            read: HashMap::new(),
        }
    }

    fn of(&mut self, file: File) -> Option<&Value> {
        let files = self.files;
        self.read
            .entry(file.name())
            .or_insert_with(|| form::read(file, files.get(file.name())?).ok())
            .as_ref()
    }
}

/// The value of a table's field that is not set.
static UNSET: Value = Value::Null;

/// What a mark names, in the core's path form (`monthly[0].price`), and the value there: a mark
/// is a list item by its `id` and the item's field (`lite.price`), or the field's path itself.
fn resolve<'v>(values: &'v Value, file: File, mark: &str) -> Option<(String, &'v Value)> {
    if file == File::Photos {
        // A photo's place: its entry in the photos' list.
        let list = values.get("photo")?.as_array()?;
        let index = list
            .iter()
            .position(|item| item.get("place").and_then(Value::as_str) == Some(mark))?;
        return Some((format!("photo[{index}].file"), &list[index]));
    }
    // A field by its path: a list item's by its place (`questions[2].answer`), or a table's
    // (`challenge.price`), which the form shows whether it is set or not.
    if let Some(value) = words::value_at(values, mark) {
        return Some((mark.to_owned(), value));
    }
    let section = mark.split(['.', '[']).next().unwrap_or_default();
    if values.get(section).is_some_and(Value::is_object) {
        return Some((mark.to_owned(), &UNSET));
    }
    // A list item by its id, then the item's field.
    let (id, field) = mark.split_once('.')?;
    let object = values.as_object()?;
    object.iter().find_map(|(key, list)| {
        let list = list.as_array()?;
        let index = list
            .iter()
            .position(|item| item.get("id").and_then(Value::as_str) == Some(id))?;
        let value = list[index].get(field)?;
        Some((format!("{key}[{index}].{field}"), value))
    })
}

/// `html` (a page rendered with marks from `shown`'s content) with each mark's editor address,
/// and what differs from `live` marked as changed; `live` none marks nothing changed.
pub fn mark(html: &str, shown: &Files, live: Option<&Files>) -> String {
    const FIELD: &str = " data-field=\"";
    const PHOTO: &str = " data-photo-place=\"";
    let (mut shown, mut live) = (Values::new(shown), live.map(Values::new));
    let mut out = String::with_capacity(html.len() + html.len() / 16);
    let mut rest = html;
    let mut first = true;
    loop {
        let next = [FIELD, PHOTO]
            .into_iter()
            .filter_map(|attribute| Some((rest.find(attribute)?, attribute)))
            .min_by_key(|(at, _)| *at);
        let Some((at, attribute)) = next else { break };
        let value_start = at + attribute.len();
        let Some(value_len) = rest[value_start..].find('"') else {
            break;
        };
        let end = value_start + value_len + 1;
        let value = &rest[value_start..end - 1];
        out.push_str(&rest[..end]);
        let (file, mark) = if attribute == PHOTO {
            (Some(File::Photos), value)
        } else {
            match value.split_once('#') {
                Some((name, mark)) => (File::from_name(name), mark),
                None => (None, value),
            }
        };
        if let Some(file) = file {
            let found = shown
                .of(file)
                .and_then(|values| resolve(values, file, mark))
                .map(|(path, value)| (path, value.clone()));
            let link = match &found {
                Some((path, _)) => edit_link(file, path),
                // A place without a photo yet: the upload form, where one is chosen for it.
                None if file == File::Photos => "/studio/content/photos".to_owned(),
                None => format!("/studio/content/edit/{}", file.name()),
            };
            out.push_str(&format!(" data-edit=\"{link}\""));
            let before = live.as_mut().map(|live| {
                live.of(file)
                    .and_then(|values| resolve(values, file, mark))
                    .map(|(_, value)| value.clone())
            });
            let changed = match before {
                Some(before) => before != found.map(|(_, value)| value),
                None => false,
            };
            if changed {
                out.push_str(" data-changed");
                let tag = &out[out.rfind('<').unwrap_or(0)..];
                if first && !tag.contains(" id=\"") {
                    out.push_str(&format!(" id=\"{CHANGED}\""));
                    first = false;
                }
            }
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The page a draft's first change (against `live`, in the content's file order) shows on, with
/// its changed element: where the editor's Preview opens. The home page when nothing differs.
pub fn first_changed_page(draft: &Files, live: &Files) -> String {
    for file in File::ALL {
        let (Some(after), before) = (draft.get(file.name()), live.get(file.name())) else {
            continue;
        };
        if Some(after) == before {
            continue;
        }
        let (Ok(after), before) = (
            form::read(file, after),
            before.and_then(|before| form::read(file, before).ok()),
        ) else {
            continue;
        };
        let Some(after) = after.as_object() else {
            continue;
        };
        for (key, value) in after {
            if before.as_ref().and_then(|before| before.get(key)) == Some(value) {
                continue;
            }
            if file == File::Photos {
                let place = value
                    .as_array()
                    .into_iter()
                    .flatten()
                    .find(|item| {
                        before
                            .as_ref()
                            .and_then(|before| before.get(key))
                            .and_then(Value::as_array)
                            .is_none_or(|old| !old.contains(item))
                    })
                    .and_then(|item| item.get("place")?.as_str())
                    .and_then(Place::from_key);
                return place.map_or_else(|| "/".to_owned(), Place::page);
            }
            return file.page(key).to_owned();
        }
    }
    "/".to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(prices: &str) -> Files {
        Files::from([("prices.toml".to_owned(), prices.to_owned())])
    }

    const PRICES: &str = "[[monthly]]\nid = \"lite\"\nname = \"Lite\"\nprice = 49\n\n[[monthly]]\nid = \"core\"\nname = \"Core\"\nprice = 79\n";

    #[test]
    fn marks_link_to_their_fields_and_the_first_change_is_where_the_preview_opens() {
        let page = r#"<article data-field="prices.toml#lite.name"><p class="price" data-field="prices.toml#lite.price">£55</p></article><p data-field="prices.toml#core.price">£79</p>"#;
        let draft = files(&PRICES.replace("price = 49", "price = 55"));
        let marked = mark(page, &draft, Some(&files(PRICES)));
        assert_eq!(
            marked,
            r#"<article data-field="prices.toml#lite.name" data-edit="/studio/content/edit/prices.toml#field-monthly-0-name"><p class="price" data-field="prices.toml#lite.price" data-edit="/studio/content/edit/prices.toml#field-monthly-0-price" data-changed id="preview-changed">£55</p></article><p data-field="prices.toml#core.price" data-edit="/studio/content/edit/prices.toml#field-monthly-1-price">£79</p>"#
        );
        // The live version previewed: nothing is changed.
        assert!(!mark(page, &draft, None).contains("data-changed"));
    }

    /// A mark's text comes from the content (a plan's id, a photo's place): whatever it holds, the
    /// address the preview's script follows is the editor's, on this site, and quotes in it
    /// never end the attribute.
    #[test]
    fn a_hostile_mark_still_links_only_to_the_editor() {
        let hostile =
            "<p data-field=\"prices.toml#javascript:alert(1)//&quot; onclick=&quot;x.price\">a</p>\
            <p data-field=\"prices.toml#monthly[0].price&quot;&gt;&lt;script&gt;\">b</p>\
            <div data-photo-place=\"//evil.example/x\"></div>";
        let prices =
            files(&PRICES.replace("\"lite\"", "\"javascript:alert(1)//\\\" onclick=\\\"x\""));
        let marked = mark(hostile, &prices, Some(&files(PRICES)));
        let links: Vec<&str> = marked
            .split(" data-edit=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .collect();
        assert_eq!(links.len(), 3, "{marked}");
        for link in links {
            let (page, anchor) = link.split_once('#').unwrap_or((link, "field-"));
            assert!(
                ["/studio/content/edit/prices.toml", "/studio/content/photos"].contains(&page),
                "{link}"
            );
            assert!(anchor
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-'));
        }
    }

    #[test]
    fn a_photo_links_to_its_entry_or_to_the_upload() {
        let page = r#"<div data-photo-place="hot-yoga/hero"></div>"#;
        let photos = Files::from([(
            "photos.toml".to_owned(),
            "[[photo]]\nplace = \"hot-yoga/hero\"\nfile = \"a.jpg\"\nalt = \"A\"\n".to_owned(),
        )]);
        assert!(mark(page, &photos, Some(&Files::new())).contains(
            r#"data-edit="/studio/content/edit/photos.toml#field-photo-0-file" data-changed"#
        ));
        assert!(mark(page, &Files::new(), None).contains(r#"data-edit="/studio/content/photos""#));
        assert_eq!(first_changed_page(&photos, &Files::new()), "/hot-yoga");
    }

    #[test]
    fn marks_by_path_link_to_a_list_items_field_by_its_place_and_to_a_tables_field_set_or_not() {
        let page = r#"<p data-field="faq.toml#questions[1].answer">A</p><p data-field="offers.toml#retreat.price">£160</p><p data-field="offers.toml#challenge.price">Ask us</p>"#;
        let live = Files::from([
            (
                "faq.toml".to_owned(),
                "[[questions]]\nquestion = \"Q1\"\nanswer = \"A1\"\n\n[[questions]]\nquestion = \"Q2\"\nanswer = \"A2\"\n".to_owned(),
            ),
            (
                "offers.toml".to_owned(),
                "[retreat]\nprice = 160\n\n[challenge]\nstarts = \"2025-09-01\"\n".to_owned(),
            ),
        ]);
        let mut draft = live.clone();
        draft.insert(
            "faq.toml".to_owned(),
            live["faq.toml"].replace("A2", "A new answer"),
        );
        let marked = mark(page, &draft, Some(&live));
        assert!(marked.contains(r#"data-edit="/studio/content/edit/faq.toml#field-questions-1-answer" data-changed id="preview-changed">"#), "{marked}");
        assert!(
            marked.contains(r#"data-edit="/studio/content/edit/offers.toml#field-retreat-price">"#),
            "{marked}"
        );
        assert!(
            marked
                .contains(r#"data-edit="/studio/content/edit/offers.toml#field-challenge-price">"#),
            "{marked}"
        );
    }

    #[test]
    fn the_preview_opens_on_the_page_of_the_first_change() {
        let draft = files(&PRICES.replace("price = 49", "price = 55"));
        assert_eq!(first_changed_page(&draft, &files(PRICES)), "/memberships");
        assert_eq!(first_changed_page(&files(PRICES), &files(PRICES)), "/");
    }
}
