//! Photos uploaded in the studio, in the photo library: the live content names an upload as
//! `uploads/<hash>.<ext>` and its original is in the database (`onespace_store::photos`), so
//! every node reads it from there and prepares its variants into its own cache exactly as a
//! folder photo's (the cache key is the bytes' hash: a node that has made them once reads them
//! back in milliseconds).
//!
//! Only what the live content names is prepared, and the server's photo refresh drops an upload the live
//! content stops naming: `/images/` answers from the library alone, so a draft's upload, never
//! published, has no address a visitor can reach (its variants' names are not guessable anyway,
//! but they are not served either).

use std::collections::BTreeSet;
use std::future::Future;
use std::path::Path;

use actix_web::web::Bytes;
use image::ImageFormat;
use onespace_core::content::photos::upload_hash;
use onespace_core::content::Content;

use super::decode;
use super::Library;
use super::Photo;
use super::Reason;

/// The uploads `content` shows (photo places and coaches' portraits), by name.
pub fn named(content: &Content) -> BTreeSet<String> {
    content
        .photo_files()
        .into_iter()
        .map(|(_, _, name)| name)
        .filter(|name| upload_hash(name).is_some())
        .map(str::to_owned)
        .collect()
}

/// An upload prepared: its name in the content, the photo and its variants' bytes.
pub type Prepared = (String, Photo, Vec<Bytes>);

/// Reads each upload of `missing` with `original` (from the database: the caller's, since this
/// crate holds no SQL; `Ok(None)` when it is not there, `Err` with why it cannot be read) and
/// prepares it into `cache_dir` (on a blocking thread; a photo made once is read back from the
/// cache). One that cannot be read or prepared is logged and left out, and its place keeps its
/// art.
pub async fn prepare<F, Read>(
    missing: Vec<String>,
    cache_dir: &Path,
    mut original: F,
) -> Vec<Prepared>
where
    F: FnMut(String) -> Read,
    Read: Future<Output = Result<Option<Vec<u8>>, String>>,
{
    let mut prepared: Vec<Prepared> = Vec::new();
    for name in missing {
        let Some(hash) = upload_hash(&name) else {
            continue;
        };
        let bytes = match original(hash.to_owned()).await {
            Ok(Some(bytes)) => bytes,
            Ok(None) => {
                tracing::warn!(target: "onespace::images", photo = %name, "photo left out: the content names an upload the database does not hold");
                continue;
            }
            Err(error) => {
                tracing::warn!(target: "onespace::images", photo = %name, %error, "photo left out for now: cannot read it from the database");
                continue;
            }
        };
        let cache = cache_dir.to_owned();
        let made = tokio::task::spawn_blocking(move || crate::prepare_bytes(bytes, &cache)).await;
        match made {
            Ok(Ok((photo, files, _))) => prepared.push((name, photo, files)),
            Ok(Err(reason)) => {
                tracing::warn!(target: "onespace::images", photo = %name, %reason, "photo left out")
            }
            Err(error) => {
                tracing::warn!(target: "onespace::images", photo = %name, %error, "photo left out: preparing it failed")
            }
        }
    }
    prepared
}

/// The photos a preview of `content` shows: `library`'s folder photos with the uploads
/// `content` names, those the live site has not prepared read from the database, so a draft's
/// new photo is seen in the preview before it is published. The preview's photos are served to
/// staff only (`onespace_backoffice::preview`); `/images/` still serves what the live content
/// shows. `original` reads an upload as for [`prepare`].
pub async fn for_preview<F, Read>(
    library: &Library,
    cache_dir: &Path,
    content: &Content,
    original: F,
) -> Library
where
    F: FnMut(String) -> Read,
    Read: Future<Output = Result<Option<Vec<u8>>, String>>,
{
    let wanted = named(content);
    let missing: Vec<String> = wanted
        .iter()
        .filter(|name| library.photo(name).is_none())
        .cloned()
        .collect();
    let prepared = prepare(missing, cache_dir, original).await;
    library.with_uploads(&wanted, prepared)
}

/// What the pipeline read of an upload's bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Examined {
    /// `image/jpeg`, `image/png` or `image/webp`, from the bytes rather than the file's name.
    pub media_type: &'static str,
    /// The extension its name takes (`uploads/<hash>.<extension>`).
    pub extension: &'static str,
    /// Width as displayed (orientation applied), in pixels.
    pub width: u32,
    /// Height as displayed, in pixels.
    pub height: u32,
}

/// Whether `bytes` are an HEIC or HEIF image (an iPhone's photo format): an ISO-BMFF `ftyp`
/// box naming one of their brands.
fn is_heic(bytes: &[u8]) -> bool {
    const BRANDS: [&[u8]; 7] = [
        b"heic", b"heix", b"heif", b"hevc", b"hevx", b"mif1", b"msf1",
    ];
    bytes.len() >= 12 && &bytes[4..8] == b"ftyp" && BRANDS.contains(&&bytes[8..12])
}

/// Reads an upload as the pipeline will (decoded on a blocking thread, within its limits): what
/// it is, or the refusal's message, the same for a photo uploaded in the studio and one in a
/// folder given to `content import`.
pub async fn examine(bytes: Vec<u8>) -> Result<Examined, String> {
    if is_heic(&bytes) {
        return Err(
            "This is an HEIC photo, which the site cannot read: HEIC photos from an iPhone must \
             be exported as JPEG first (in Photos, Share, Options, Most Compatible), then \
             uploaded."
                .to_owned(),
        );
    }
    let format = decode::sniff(&bytes).map_err(|reason| format!("The file {reason}."))?;
    let (media_type, extension) = match format {
        ImageFormat::Png => ("image/png", "png"),
        ImageFormat::WebP => ("image/webp", "webp"),
        _ => ("image/jpeg", "jpg"),
    };
    match tokio::task::spawn_blocking(move || decode::decode(bytes)).await {
        Ok(Ok(pixels)) => Ok(Examined {
            media_type,
            extension,
            width: pixels.width(),
            height: pixels.height(),
        }),
        Ok(Err(reason)) => Err(format!("The photo {reason}.")),
        Err(_) => Err(format!("The photo {}.", Reason::TooSlow)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heic_is_named_by_its_brand() {
        let mut heic = vec![0, 0, 0, 24];
        heic.extend_from_slice(b"ftypheic");
        heic.extend_from_slice(&[0; 16]);
        assert!(is_heic(&heic));
        assert!(!is_heic(b"\xff\xd8\xff\xe0 not heic at all"));
    }
}
