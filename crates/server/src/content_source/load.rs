//! Reading the content: a folder (`--content DIR`, `ONESPACE_CONTENT_DIR`) or the default
//! embedded in the binary (the repository's `content/` folder), and writing the default out
//! (`onespace content init DIR`).

use std::path::{Path, PathBuf};

use onespace_core::content::check::{check, ContentError, Document};
use onespace_core::content::{Content, File};

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

    /// The folder of the studio's photos: `images/` in the content folder; for the embedded
    /// content, the repository's `content/images/` (relative to where the server runs), which a
    /// checkout serving the built-in content may fill.
    pub fn images_dir(&self) -> PathBuf {
        match self {
            Source::Embedded => PathBuf::from(onespace_images::DEFAULT_SOURCE_DIR),
            Source::Folder(dir) => dir.join(onespace_images::SOURCE_FOLDER),
        }
    }

    /// Reads and checks the content.
    pub fn load(&self) -> Result<Content, Vec<ContentError>> {
        match self {
            Source::Embedded => onespace_core::content::embedded::content(),
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
/// `images/` folder.
pub fn load_dir(dir: &Path) -> Result<Content, Vec<ContentError>> {
    let (content, mut errors) = check(File::ALL.map(|file| {
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
    }));
    if let Some(content) = &content {
        errors.extend(missing_photos(dir, content));
    }
    checked((content, errors))
}

/// The content if every file read and no rule is broken, else every mistake.
fn checked(
    (content, errors): (Option<Content>, Vec<ContentError>),
) -> Result<Content, Vec<ContentError>> {
    match content {
        Some(content) if errors.is_empty() => Ok(content),
        _ => Err(errors),
    }
}

/// A mistake for each photo the content names that is not a file in the folder's `images/`.
fn missing_photos(dir: &Path, content: &Content) -> Vec<ContentError> {
    let images = dir.join(onespace_images::SOURCE_FOLDER);
    content
        .photo_files()
        .into_iter()
        // A name with a path in it is the rules' to report (content::photos).
        .filter(|(_, _, name)| !name.contains(['/', '\\']) && !name.starts_with('.'))
        .filter(|(_, _, name)| !images.join(name).is_file())
        .map(|(file, path, name)| {
            let text = std::fs::read_to_string(dir.join(file.name())).unwrap_or_default();
            Document::parse(&text).rule_error(
                file.name(),
                &path,
                &format!(
                    "'{name}' is not in {}: put the photo there, or correct the name",
                    images.display()
                ),
            )
        })
        .collect()
}

/// Writes the default content files into `dir` (created if needed) for the studio to edit,
/// refusing to replace a file that is already there. Returns the files written.
pub fn init(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    use anyhow::Context;
    let existing: Vec<String> = onespace_core::content::embedded::FILES
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
    onespace_core::content::embedded::FILES
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
