//! Reading the content: a folder (`--content DIR`, `ONESPACE_CONTENT_DIR`) or the default
//! embedded in the binary (the repository's `content/` folder), and writing the default out
//! (`onespace content init DIR`).

use std::path::{Path, PathBuf};

use onespace_core::content::{Content, FieldError, File};
use serde::de::DeserializeOwned;

use super::errors::{ContentError, Document};

/// The default content, the files of the repository's `content/` folder as built.
const DEFAULT: [(File, &str); 5] = [
    (
        File::Prices,
        include_str!("../../../../content/prices.toml"),
    ),
    (
        File::Studio,
        include_str!("../../../../content/studio.toml"),
    ),
    (File::Team, include_str!("../../../../content/team.toml")),
    (File::Faq, include_str!("../../../../content/faq.toml")),
    (
        File::Testimonials,
        include_str!("../../../../content/testimonials.toml"),
    ),
];

/// The folder inside a content folder holding the photos its files name (`team.toml`'s `photo`).
pub const IMAGES_FOLDER: &str = "images";

/// Where the content comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// The copy embedded in the binary.
    Embedded,
    /// A folder of content files, watched for changes.
    Folder(PathBuf),
}

impl Source {
    /// A folder if one is named (an empty name counts as none), else the embedded copy.
    pub fn from_option(dir: Option<&Path>) -> Self {
        match dir {
            Some(dir) if !dir.as_os_str().is_empty() => Source::Folder(dir.to_owned()),
            _ => Source::Embedded,
        }
    }

    /// Reads and checks the content.
    pub fn load(&self) -> Result<Content, Vec<ContentError>> {
        match self {
            Source::Embedded => parse(
                DEFAULT.map(|(file, text)| (file, Ok(text.to_owned()))),
                None,
            ),
            Source::Folder(dir) => load_dir(dir),
        }
    }
}

/// The embedded default content. It is checked by the tests (and by `content check` on the
/// repository's folder in CI), so an error here is a build mistake, reported like any other.
pub fn default_content() -> Result<Content, Vec<ContentError>> {
    Source::Embedded.load()
}

/// Reads and checks the content files in `dir`, and that every photo they name is in its
/// [`IMAGES_FOLDER`].
pub fn load_dir(dir: &Path) -> Result<Content, Vec<ContentError>> {
    let files = File::ALL.map(|file| {
        let path = dir.join(file.name());
        let text = std::fs::read_to_string(&path).map_err(|error| ContentError {
            file: file.name().to_owned(),
            line: None,
            field: String::new(),
            message: if error.kind() == std::io::ErrorKind::NotFound {
                format!(
                    "missing from {}; 'onespace content init {}' writes the default files to edit",
                    dir.display(),
                    dir.display()
                )
            } else {
                format!("cannot be read from {}: {error}", dir.display())
            },
        });
        (file, text)
    });
    parse(files, Some(&dir.join(IMAGES_FOLDER)))
}

/// Parses every file, then checks the whole: every error of every file. With `images`, every
/// photo named must be a file there (the embedded default names none).
fn parse<const N: usize>(
    files: [(File, Result<String, ContentError>); N],
    images: Option<&Path>,
) -> Result<Content, Vec<ContentError>> {
    let mut errors = Vec::new();
    let mut texts: Vec<(File, String)> = Vec::new();
    for (file, text) in files {
        match text {
            Ok(text) => texts.push((file, text)),
            Err(error) => errors.push(error),
        }
    }
    let text_of = |file: File| {
        texts
            .iter()
            .find(|(named, _)| *named == file)
            .map(|(_, text)| text.as_str())
    };
    let prices = read(File::Prices, text_of(File::Prices), &mut errors);
    let studio = read(File::Studio, text_of(File::Studio), &mut errors);
    let team = read(File::Team, text_of(File::Team), &mut errors);
    let faq = read(File::Faq, text_of(File::Faq), &mut errors);
    let testimonials = read(File::Testimonials, text_of(File::Testimonials), &mut errors);
    let (Some(prices), Some(studio), Some(team), Some(faq), Some(testimonials)) =
        (prices, studio, team, faq, testimonials)
    else {
        return Err(errors);
    };
    let content = Content {
        prices,
        studio,
        team,
        faq,
        testimonials,
    };
    let mut rules = content.validate();
    if let Some(images) = images {
        rules.extend(missing_photos(&content, images));
    }
    for rule in rules {
        let text = text_of(rule.file).unwrap_or_default();
        errors.push(Document::parse(text).rule_error(rule.file.name(), &rule.path, &rule.message));
    }
    if errors.is_empty() {
        Ok(content)
    } else {
        Err(errors)
    }
}

/// A rule error for each photo the content names that is not a file in `images`. A photo that
/// is there but cannot be read is the photo pipeline's to report (`onespace images check`).
fn missing_photos(content: &Content, images: &Path) -> Vec<FieldError> {
    content
        .team
        .coaches
        .iter()
        .enumerate()
        .filter_map(|(index, coach)| {
            let photo = coach.photo.as_deref()?;
            let plain = !photo.contains(['/', '\\']) && !photo.starts_with('.');
            (plain && !images.join(photo).is_file()).then(|| FieldError {
                file: File::Team,
                path: format!("coaches[{index}].photo"),
                message: format!("names a photo that is not in {}", images.display()),
            })
        })
        .collect()
}

/// Deserializes one file's `text` (`None` when it could not be read: that error is already
/// recorded), recording a syntax or type mistake in `errors`.
fn read<T: DeserializeOwned>(
    file: File,
    text: Option<&str>,
    errors: &mut Vec<ContentError>,
) -> Option<T> {
    let text = text?;
    toml::from_str(text)
        .map_err(|error| errors.push(Document::parse(text).error(file.name(), &error)))
        .ok()
}

/// Writes the default content files into `dir` (created if needed) for the studio to edit,
/// refusing to replace a file that is already there. Returns the files written.
pub fn init(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    use anyhow::Context;
    let existing: Vec<String> = DEFAULT
        .iter()
        .map(|(file, _)| dir.join(file.name()))
        .filter(|path| path.exists())
        .map(|path| path.display().to_string())
        .collect();
    if let Some((last, others)) = existing.split_last() {
        let (named, verb) = if others.is_empty() {
            (last.clone(), "exists")
        } else {
            (format!("{} and {last}", others.join(", ")), "exist")
        };
        anyhow::bail!(
            "{named} already {verb}; content init writes only into a folder without content \
             files, so nothing was changed"
        );
    }
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    DEFAULT
        .iter()
        .map(|(file, text)| {
            let path = dir.join(file.name());
            std::fs::write(&path, text)
                .with_context(|| format!("cannot write {}", path.display()))?;
            Ok(path)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_default_is_valid() {
        let errors = default_content().err().unwrap_or_default();
        assert!(errors.is_empty(), "{errors:?}");
    }
}
