//! Moving content between a folder and the database (`onespace content import DIR` and
//! `content export DIR`), for whoever edits files rather than the studio's screens: export the
//! live version, edit, check, import. An import is checked exactly as `content check` and the
//! server check, and refused whole on any mistake.
//!
//! Photos uploaded in the studio travel with the content: an export writes the originals the
//! live version names into `images/uploads/<hash>.<ext>` (their names in the content), and an
//! import stores each such file in the database after checking that its bytes are the ones its
//! name promises (the SHA-256) and that the pipeline reads it. An upload the folder lacks is
//! fine when the database holds it already (a folder exported from this database) and a mistake
//! otherwise, so a version never names a photo no node can serve. The folder's other photos
//! stay the server's photo folder's business, as before.

use std::path::{Path, PathBuf};

use anyhow::Context;
use onespace_core::content::File;

use onespace_core::content::photos::{upload_hash, UPLOADS_PREFIX};
use onespace_core::content::Content;

use onespace_images::uploads::{self, Examined};
use onespace_store::audit::{self, Action};
use onespace_store::photos::{self as originals, NewOriginal};
use onespace_store::published::versions::{self, Added, Kind, NewVersion};
use onespace_store::Store;

/// What an import did, or why it did not.
#[derive(Debug)]
pub enum Imported {
    /// Stored as the live version.
    Stored {
        /// Its number.
        number: i64,
        /// How many uploads in the folder's `images/uploads/` were stored with it (or were
        /// already in the database).
        uploads: usize,
        /// The folder has other photos, which an import does not carry (said to the studio).
        photos_left: bool,
    },
    /// The live content already is the folder's: nothing stored.
    Unchanged(i64),
    /// Refused: every mistake, as `content check` prints them.
    Refused(Vec<String>),
}

/// Checks the folder `dir` and stores it as the next version, with a line in the studio's audit
/// log (as a publish in the studio has), naming the command line as who.
pub async fn import(store: &Store, dir: &Path, note: &str) -> anyhow::Result<Imported> {
    let files = match versions::read_folder(dir) {
        Ok(files) => files,
        // Reading again through the loader names each missing or unreadable file.
        Err(_) => {
            let errors = super::load_dir(dir).err().unwrap_or_default();
            return Ok(Imported::Refused(
                errors.iter().map(ToString::to_string).collect(),
            ));
        }
    };
    let content = match versions::checked(&files) {
        Ok(content) => content,
        Err(errors) => {
            return Ok(Imported::Refused(
                errors.iter().map(ToString::to_string).collect(),
            ))
        }
    };
    let photos = match uploads_of(store, dir, &content).await? {
        Ok(photos) => photos,
        Err(mistakes) => return Ok(Imported::Refused(mistakes)),
    };
    // Stored before the version that names them: an original no version names is never served.
    for (hash, bytes, examined) in &photos {
        let original = NewOriginal {
            hash,
            bytes,
            media_type: examined.media_type,
            width: examined.width,
            height: examined.height,
            uploaded_by: COMMAND_LINE,
            uploaded_at: chrono::Utc::now().timestamp_millis(),
        };
        originals::store(store, original).await?;
    }
    let live = versions::live(store).await?;
    if let Some(live) = live.as_ref().filter(|live| live.files == files) {
        return Ok(Imported::Unchanged(live.number));
    }
    let new = NewVersion {
        kind: Kind::Import,
        author: None,
        note,
        files: &files,
    };
    let base = live.map(|live| live.number);
    match versions::add(store, base, new).await? {
        Added::Stored(number) => {
            let mut detail = format!("version {number}");
            if let Some(base) = base {
                detail.push_str(&format!(" from version {base}"));
            }
            detail.push_str(&format!(", imported from the folder {}", dir.display()));
            audit::record_command_line(store, Action::ContentImported, &detail)
                .await
                .context(
                    "the content was imported and is live, but the audit log could not be \
                     written",
                )?;
            Ok(Imported::Stored {
                number,
                uploads: photos.len(),
                photos_left: folder_photos_left(dir),
            })
        }
        Added::Conflict { live } => anyhow::bail!(
            "the live content changed while importing (now version {}); nothing was stored, \
             import again",
            live.unwrap_or(0)
        ),
    }
}

/// Who stored an original an import brought, as the photos' table names uploaders.
const COMMAND_LINE: &str = "onespace content import";

/// An upload in a folder: its hash, bytes and what the pipeline read of them.
type FolderUpload = (String, Vec<u8>, Examined);

/// The uploads `content` names that `dir` holds, read and checked; the mistakes instead when
/// one is not what its name says, does not read as a photo, or is neither in the folder nor in
/// the database.
async fn uploads_of(
    store: &Store,
    dir: &Path,
    content: &Content,
) -> anyhow::Result<Result<Vec<FolderUpload>, Vec<String>>> {
    let mut found = Vec::new();
    let mut mistakes = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for (file, path, name) in content.photo_files() {
        let Some(hash) = upload_hash(name) else {
            continue;
        };
        if !seen.insert(hash.to_owned()) {
            continue;
        }
        let at = dir.join(onespace_images::SOURCE_FOLDER).join(name);
        let place = format!("{} {path}", file.name());
        let bytes = match std::fs::read(&at) {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                if originals::original(store, hash).await?.is_none() {
                    mistakes.push(format!(
                        "{place}: '{name}' is neither in {} nor in the database: put the \
                         photo there (as 'content export' writes it), or upload it in the staff area",
                        at.display()
                    ));
                }
                continue;
            }
            Err(error) => {
                mistakes.push(format!("{}: cannot be read: {error}", at.display()));
                continue;
            }
        };
        if originals::hash(&bytes) != hash {
            mistakes.push(format!(
                "{}: its bytes are not the photo its name promises (an upload is named by the \
                 SHA-256 of its bytes, so an edited photo needs a new name): upload the new \
                 photo in the staff area, or put back the exported file",
                at.display()
            ));
            continue;
        }
        match uploads::examine(bytes.clone()).await {
            Ok(examined) => found.push((hash.to_owned(), bytes, examined)),
            Err(message) => mistakes.push(format!("{}: {message}", at.display())),
        }
    }
    Ok(if mistakes.is_empty() {
        Ok(found)
    } else {
        Err(mistakes)
    })
}

/// Whether the folder's `images/` has photos other than uploads, which an import does not
/// carry (they are the server's photo folder's).
fn folder_photos_left(dir: &Path) -> bool {
    let uploads_folder = UPLOADS_PREFIX.trim_end_matches('/');
    std::fs::read_dir(dir.join(onespace_images::SOURCE_FOLDER)).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|entry| entry.file_name() != uploads_folder)
    })
}

/// Writes the live version's files into `dir` (created if needed), refusing to replace a file
/// that is there; the built-in content if the database has no version yet. The uploads the
/// version names go into `images/uploads/` from the database, so the folder imports again
/// anywhere. Returns the version written (none: built-in) and the files.
pub async fn export(store: &Store, dir: &Path) -> anyhow::Result<(Option<i64>, Vec<PathBuf>)> {
    let live = versions::live(store).await?;
    let named: Vec<String> = live
        .as_ref()
        .and_then(|version| version.content().ok())
        .map(|content| uploads::named(&content).into_iter().collect())
        .unwrap_or_default();
    let (number, files) = match live {
        Some(version) => (Some(version.number), version.files),
        None => (None, versions::release_files()),
    };
    let existing: Vec<String> = File::ALL
        .into_iter()
        .map(|file| dir.join(file.name()))
        .filter(|path| path.exists())
        .map(|path| path.display().to_string())
        .collect();
    if !existing.is_empty() {
        anyhow::bail!(
            "{} already there; export writes only into a folder without content files, so \
             nothing was changed",
            existing.join(", ")
        );
    }
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut written = Vec::new();
    for (name, text) in &files {
        let path = dir.join(name);
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
        written.push(path);
    }
    for name in named {
        let Some(hash) = upload_hash(&name) else {
            continue;
        };
        let Some(bytes) = originals::original(store, hash).await? else {
            anyhow::bail!(
                "the live version names the photo {name}, which the database does not hold; \
                 the content files were written, the photo was not"
            );
        };
        let path = dir.join(onespace_images::SOURCE_FOLDER).join(&name);
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder)
                .with_context(|| format!("cannot create {}", folder.display()))?;
        }
        std::fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
        written.push(path);
    }
    Ok((number, written))
}
