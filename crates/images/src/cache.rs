//! The variants on disk, in the data folder, so each is encoded once. A photo's folder is named
//! by the hash of its source bytes and of the pipeline's settings: the same photo finds its
//! variants at every start and `images check`; a changed photo (or changed settings) has another
//! hash and is encoded anew.
//!
//! `<cache>/<hash>/photo.json` describes the photo and is written last, after every variant
//! (each written to a temporary name and renamed), so a folder with a description is complete:
//! an interrupted preparation is redone, never served half-made. Folders of photos no longer in
//! the source folder are left in place (a few megabytes each); deleting the cache folder is
//! always safe.

use std::path::{Path, PathBuf};

use actix_web::web::Bytes;
use sha2::{Digest, Sha256};

use super::encode;
use super::file_name;
use super::Photo;
use super::FORMATS;
use super::WIDTHS;

/// The description's file name in a photo's folder.
const DESCRIPTION: &str = "photo.json";

/// Hex digits of the hash kept in folder and file names: 64 bits, no collision among a studio's
/// photos.
const HASH_DIGITS: usize = 16;

/// The cache key of a source photo: its bytes and everything that decides its variants.
pub fn hash(source: &[u8]) -> String {
    let mut hasher = Sha256::new();
    hasher.update(format!("{WIDTHS:?} {FORMATS:?} {}\n", encode::settings()).as_bytes());
    hasher.update(source);
    hasher.finalize()[..HASH_DIGITS / 2]
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

fn folder(cache_dir: &Path, hash: &str) -> PathBuf {
    cache_dir.join(hash)
}

/// The photo and its variants' bytes, when the cache holds them all.
pub fn load(cache_dir: &Path, hash: &str) -> Option<(Photo, Vec<Bytes>)> {
    let folder = folder(cache_dir, hash);
    let description = std::fs::read(folder.join(DESCRIPTION)).ok()?;
    let photo: Photo = serde_json::from_slice(&description).ok()?;
    if photo.hash != hash || photo.variants.is_empty() {
        return None;
    }
    let files = photo
        .variants
        .iter()
        .map(|variant| std::fs::read(folder.join(file_name(hash, variant))).map(Bytes::from))
        .collect::<Result<Vec<_>, _>>()
        .ok()?;
    Some((photo, files))
}

/// The variant `file` (`<hash>-<width>.<ext>`, as [`file_name`] names it) of a photo the cache
/// holds whole, with its media type: for the studio's preview, which shows photos no live page
/// does yet. Any other name (a path, another folder's file, a half-made photo) is none.
pub fn variant(cache_dir: &Path, file: &str) -> Option<(Bytes, &'static str)> {
    let (stem, extension) = file.rsplit_once('.')?;
    let (hash, width) = stem.split_once('-')?;
    let hex = hash.len() == HASH_DIGITS
        && hash
            .bytes()
            .all(|byte| byte.is_ascii_digit() || (b'a'..=b'f').contains(&byte));
    if !hex || width.is_empty() || !width.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    let format = FORMATS
        .iter()
        .find(|format| format.extension() == extension)?;
    let folder = folder(cache_dir, hash);
    if !folder.join(DESCRIPTION).is_file() {
        return None;
    }
    let bytes = std::fs::read(folder.join(file)).ok()?;
    Some((Bytes::from(bytes), format.mime()))
}

/// Writes the variants, then the description.
pub fn store(cache_dir: &Path, photo: &Photo, files: &[Vec<u8>]) -> std::io::Result<()> {
    let folder = folder(cache_dir, &photo.hash);
    std::fs::create_dir_all(&folder)?;
    for (variant, bytes) in photo.variants.iter().zip(files) {
        write_whole(&folder.join(file_name(&photo.hash, variant)), bytes)?;
    }
    let description = serde_json::to_vec_pretty(photo).map_err(std::io::Error::other)?;
    write_whole(&folder.join(DESCRIPTION), &description)
}

/// Writes `bytes` to a temporary name beside `path` and renames it: `path` is whole or absent.
fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".part");
    std::fs::write(&temporary, bytes)?;
    std::fs::rename(&temporary, path)
}
