//! The studio's photographs: a folder of source photos (`content/images/`) made into responsive
//! variants, cached in the data folder and served at hashed, immutable addresses.
//!
//! [`prepare`] is the one entry point (`onespace images check`, start-up, and later the content
//! loader and `content check`): for each photo it
//! 1. reads and decodes it within bounds ([`decode`]): a size cap on the file, a pixel and
//!    allocation cap on the decoder and a time limit, so a hostile or broken file is a clear
//!    error naming it, never a crash or a hang; the EXIF orientation is applied;
//! 2. makes its variants ([`encode`]): [`WIDTHS`] wide or the photo's own width, never upscaled,
//!    in each of [`FORMATS`], from the pixels alone, so no EXIF (GPS location, camera serial) or
//!    other metadata reaches a visitor; plus a tiny blurred placeholder inlined in the page;
//! 3. keeps them in the cache ([`cache`]) under the hash of the source's bytes: start-up and a
//!    check find them there and encode nothing; a changed photo has a new hash and is redone.
//!
//! The markup (`<picture>`) is `pages::components::photo`; the route is `/images/<file>`
//! ([`crate::IMAGES_PREFIX`]).
//!
//! ## Formats, measured
//! On this 2-core machine (shared, so the times are generous), one 12-megapixel photo (4256 x
//! 2832, a real camera JPEG), per variant: time to encode on one thread in a release build, and
//! bytes. AVIF is ravif/rav1e through `image`; WebP is libwebp (the `webp` crate: no pure-Rust
//! lossy WebP encoder exists; `image` only writes lossless WebP, several times larger than JPEG).
//!
//! | width | resize | JPEG q80       | WebP q75       | AVIF q60 speed 8 | AVIF q60 speed 10 | AVIF q80 speed 8 |
//! |-------|--------|----------------|----------------|------------------|-------------------|------------------|
//! | 1600  | 0.40 s | 0.05 s, 104 KB | 0.13 s, 25 KB  | 4.8 s, 16.6 KB   | 1.9 s, 20.3 KB    | 7.1 s, 24.0 KB   |
//! | 1200  | 0.35 s | 0.06 s, 65 KB  | 0.09 s, 17 KB  | 2.8 s, 11.8 KB   | 0.9 s, 14.3 KB    | 4.0 s, 17.0 KB   |
//! | 768   | 0.23 s | 0.01 s, 33 KB  | 0.03 s, 9.6 KB | 1.1 s, 7.3 KB    | 0.3 s, 8.5 KB     | 1.6 s, 10.5 KB   |
//! | 480   | 0.21 s | 0.005 s, 16 KB | 0.01 s, 5.3 KB | 0.4 s, 4.4 KB    | 0.16 s, 5.1 KB    | 0.7 s, 6.3 KB    |
//!
//! (Resizing here was from the full photo each time; [`encode`] resizes each width from the
//! previous one, which is cheaper.) In the server, that photo's twelve variants took 12 s in
//! the background after a start that answered in milliseconds (`pages and assets prepared
//! millis=11`); the next start read them from the cache (`photos ready ... encoded=0`).
//!
//! Decision: all three. AVIF at quality 60, speed 8 is a third smaller than WebP at the widths
//! phones download, and costs some 9 s of one core per photo, once: variants are cached, and
//! start-up makes them in the background ([`background`]), so a studio's twenty photos take
//! three minutes on first start and nothing after. Speed 10 would be 2.5 times faster for 20%
//! more bytes; speed 6 is slower still for 1% fewer. WebP serves the few browsers without
//! AVIF, and JPEG (the `image` crate's baseline encoder: large, but only browsers from before
//! 2020 download it) is the `<img>` fallback.
//!
//! Build cost: `image` with AVIF encoding (rav1e is the big one) and libwebp add about four and
//! a half minutes to a clean release build on this machine (measured alone, `nice`d beside other
//! builds; 4 m 18 s of CPU) and 4.9 MB to the release binary (18.3 to 23.2 MB).

pub mod cache;
pub mod decode;
pub mod encode;
pub mod uploads;

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use actix_web::web::Bytes;

use onespace_http::{CachePolicy, Representation};

/// Where the photo variants are served: `/images/<hash>-<width>.<ext>`.
pub const IMAGES_PREFIX: &str = "/images/";

/// The photos' folder inside a content folder.
pub const SOURCE_FOLDER: &str = "images";

/// Where the photos of the built-in content are read: the repository's content folder's.
pub const DEFAULT_SOURCE_DIR: &str = "content/images";

/// The cache's folder inside the data folder.
pub const CACHE_FOLDER: &str = "image-cache";

/// The cache folder for the data folder `data_dir`.
pub fn cache_dir(data_dir: &Path) -> PathBuf {
    data_dir.join(CACHE_FOLDER)
}

/// Variant widths in CSS pixels x device pixel ratio: a phone (390 px at 1x..2x), a tablet, a
/// laptop column and a wide hero at 2x. A photo narrower than one of them gets its own width
/// instead of the larger ones: never upscaled.
pub const WIDTHS: [u32; 4] = [480, 768, 1200, 1600];

/// The formats made for every photo, best first: the order of `<source>` elements. JPEG is the
/// last, the `<img>` fallback every browser reads.
pub const FORMATS: [Format; 3] = [Format::Avif, Format::Webp, Format::Jpeg];

/// An encoded image format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// AV1 image: the smallest.
    Avif,
    /// Lossy WebP: read by every current browser.
    Webp,
    /// Baseline JPEG: the fallback.
    Jpeg,
}

impl Format {
    /// The file extension.
    pub fn extension(self) -> &'static str {
        match self {
            Self::Avif => "avif",
            Self::Webp => "webp",
            Self::Jpeg => "jpg",
        }
    }

    /// The Content-Type and `<source type>`.
    pub fn mime(self) -> &'static str {
        match self {
            Self::Avif => "image/avif",
            Self::Webp => "image/webp",
            Self::Jpeg => "image/jpeg",
        }
    }
}

/// One encoded variant of a photo.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Variant {
    /// Its format.
    pub format: Format,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

/// A prepared photo: what the markup needs.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Photo {
    /// Hash of the source's bytes (and of the pipeline's settings): the variants' addresses.
    pub hash: String,
    /// Width of the photo as displayed (orientation applied), in pixels.
    pub width: u32,
    /// Height of the photo as displayed, in pixels.
    pub height: u32,
    /// The tiny blurred placeholder as a `data:` URI; none for a photo with transparency, whose
    /// placeholder would show through it.
    pub placeholder: Option<String>,
    /// Every variant, by format (in [`FORMATS`] order) then width.
    pub variants: Vec<Variant>,
}

impl Photo {
    /// The address of a variant.
    pub fn url(&self, variant: &Variant) -> String {
        format!("{}{}", crate::IMAGES_PREFIX, file_name(&self.hash, variant))
    }

    /// The variants of one format, narrowest first.
    pub fn of_format(&self, format: Format) -> impl Iterator<Item = &Variant> {
        self.variants
            .iter()
            .filter(move |variant| variant.format == format)
    }

    /// `srcset` for one format: `url 480w, url 768w, ...`.
    pub fn srcset(&self, format: Format) -> String {
        self.of_format(format)
            .map(|variant| format!("{} {}w", self.url(variant), variant.width))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The widest variant of one format (the `<img src>`).
    pub fn widest(&self, format: Format) -> Option<&Variant> {
        self.of_format(format).max_by_key(|variant| variant.width)
    }
}

/// The file name of a variant in the cache and in its address: `<hash>-<width>.<ext>`.
fn file_name(hash: &str, variant: &Variant) -> String {
    format!("{hash}-{}.{}", variant.width, variant.format.extension())
}

/// Every prepared photo, by source file name, and the variants' bytes, by file name. Cloning
/// shares the variants' bytes.
#[derive(Debug, Default, Clone)]
pub struct Library {
    photos: BTreeMap<String, Photo>,
    files: HashMap<String, Representation>,
    encoded: usize,
}

impl Library {
    /// The photo made from the source file `name` (e.g. `coach-anna.jpg`).
    pub fn photo(&self, name: &str) -> Option<&Photo> {
        self.photos.get(name)
    }

    /// Every photo with its source file name, in name order.
    pub fn photos(&self) -> impl Iterator<Item = (&String, &Photo)> {
        self.photos.iter()
    }

    /// The variant served at `/images/<file>`.
    pub fn file(&self, file: &str) -> Option<&Representation> {
        self.files.get(file)
    }

    /// Every variant with its file name, for the static render.
    pub fn files(&self) -> impl Iterator<Item = (&String, &Representation)> {
        self.files.iter()
    }

    /// Whether `other` holds the same photos under the same names (nothing to re-render).
    pub fn same_photos(&self, other: &Library) -> bool {
        self.photos == other.photos
    }

    /// How many variants this preparation encoded (0 when every photo came from the cache).
    pub fn encoded(&self) -> usize {
        self.encoded
    }

    /// Adds a prepared photo under `name` with its variants' bytes (in `photo.variants` order).
    fn insert(&mut self, name: String, photo: Photo, files: Vec<Bytes>) {
        for (variant, bytes) in photo.variants.iter().zip(files) {
            self.files.insert(
                file_name(&photo.hash, variant),
                Representation::precompressed(
                    variant.format.mime(),
                    bytes,
                    None,
                    None,
                    CachePolicy::Immutable,
                ),
            );
        }
        self.photos.insert(name, photo);
    }

    /// Copies the photo `name` of this library, with its variants, into `into`.
    fn copy_into(&self, name: &str, into: &mut Library) {
        let Some(photo) = self.photos.get(name) else {
            return;
        };
        for variant in &photo.variants {
            let file = file_name(&photo.hash, variant);
            if let Some(representation) = self.files.get(&file) {
                into.files.insert(file, representation.clone());
            }
        }
        into.photos.insert(name.to_owned(), photo.clone());
    }

    /// Whether `name` is a photo uploaded in the studio (its original in the database) rather
    /// than a file of the photo folder.
    fn is_upload(name: &str) -> bool {
        onespace_core::content::photos::upload_hash(name).is_some()
    }

    /// The folder's photos of `folder` with this library's uploads: how a new preparation of
    /// the folder is served without dropping the uploads prepared beside it.
    pub fn with_folder(&self, mut folder: Library) -> Library {
        for name in self.photos.keys().filter(|name| Self::is_upload(name)) {
            self.copy_into(name, &mut folder);
        }
        folder
    }

    /// This library's folder photos with the uploads `wanted` (names as the live content
    /// writes them): those already here are kept, `prepared` adds the others; an upload no
    /// longer wanted goes, so `/images/` serves only what the live content shows.
    pub fn with_uploads(
        &self,
        wanted: &std::collections::BTreeSet<String>,
        prepared: Vec<(String, Photo, Vec<Bytes>)>,
    ) -> Library {
        let mut library = Library {
            encoded: self.encoded,
            ..Library::default()
        };
        for name in self.photos.keys() {
            if !Self::is_upload(name) || wanted.contains(name) {
                self.copy_into(name, &mut library);
            }
        }
        for (name, photo, files) in prepared {
            if wanted.contains(&name) {
                library.insert(name, photo, files);
            }
        }
        library
    }
}

/// Why a photo could not be used: the message names the file.
#[derive(Debug, thiserror::Error)]
#[error("{}: {reason}", path.display())]
pub struct ImageError {
    /// The source file.
    pub path: PathBuf,
    /// What is wrong with it.
    pub reason: Reason,
}

/// What is wrong with a photo.
#[derive(Debug, thiserror::Error)]
pub enum Reason {
    /// The folder or file cannot be read.
    #[error("cannot be read ({0})")]
    Read(std::io::Error),
    /// More bytes than any photo the site needs.
    #[error(
        "is {} MB, more than the {} MB a photo may be: export it smaller (2400 px wide is plenty)",
        .0 / 1_000_000,
        decode::MAX_FILE_BYTES / 1_000_000
    )]
    FileTooLarge(u64),
    /// An SVG: a drawing that may carry script, not a photo.
    #[error(
        "is an SVG drawing, not a photo (SVG can carry script and is not accepted as a photo): \
         export it as PNG or JPEG"
    )]
    Svg,
    /// Not a format the pipeline reads.
    #[error("is not a JPEG, PNG or WebP image (an iPhone HEIC photo must be exported as JPEG)")]
    NotAnImage,
    /// Too many pixels to decode safely.
    #[error(
        "is {width} x {height} pixels ({} megapixels), more than the {} megapixels a photo may \
         have: resize it (2400 px wide is plenty)",
        (u64::from(*.width) * u64::from(*.height)) / 1_000_000,
        decode::MAX_PIXELS / 1_000_000
    )]
    TooManyPixels {
        /// Width in the file's header.
        width: u32,
        /// Height in the file's header.
        height: u32,
    },
    /// Cut short or corrupt.
    #[error("is damaged or cut short and cannot be decoded ({0})")]
    Damaged(String),
    /// Decoding did not finish in time.
    #[error("took longer than {} s to decode", decode::TIME_LIMIT.as_secs())]
    TooSlow,
    /// A variant could not be encoded.
    #[error("cannot be encoded as {format:?} ({message})")]
    Encode {
        /// The format.
        format: Format,
        /// The encoder's message.
        message: String,
    },
    /// The cache folder cannot be written.
    #[error("its variants cannot be written to the cache ({0})")]
    Cache(std::io::Error),
}

/// Prepares every photo in `source_dir` (files directly in it; hidden files are skipped),
/// reusing what `cache_dir` holds and writing what it lacks. Returns the photos that could be
/// prepared and an error naming each file that could not; a missing `source_dir` is an empty
/// library, not an error (the site without photos is complete).
pub fn prepare(source_dir: &Path, cache_dir: &Path) -> (Library, Vec<ImageError>) {
    let mut library = Library::default();
    let mut errors = Vec::new();
    let sources = match sources(source_dir) {
        Ok(sources) => sources,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return (library, errors),
        Err(error) => {
            errors.push(ImageError {
                path: source_dir.to_owned(),
                reason: Reason::Read(error),
            });
            return (library, errors);
        }
    };
    for path in sources {
        let name = path
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        match prepare_one(&path, cache_dir) {
            Ok((photo, files, encoded)) => {
                library.encoded += encoded;
                library.insert(name, photo, files);
            }
            Err(reason) => errors.push(ImageError { path, reason }),
        }
    }
    (library, errors)
}

/// The files of `dir`, in name order, without hidden files and folders.
fn sources(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut paths = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let hidden = entry.file_name().to_string_lossy().starts_with('.');
        if !hidden && entry.file_type()?.is_file() {
            paths.push(entry.path());
        }
    }
    paths.sort();
    Ok(paths)
}

/// One photo from the cache, or decoded and encoded into it: the photo, its variants' bytes in
/// the order of `photo.variants`, and how many variants were encoded.
fn prepare_one(path: &Path, cache_dir: &Path) -> Result<(Photo, Vec<Bytes>, usize), Reason> {
    prepare_bytes(decode::read(path)?, cache_dir)
}

/// A photo's source bytes (a file's, or an upload's original) from the cache, or decoded and
/// encoded into it, as [`prepare_one`].
pub fn prepare_bytes(
    source: Vec<u8>,
    cache_dir: &Path,
) -> Result<(Photo, Vec<Bytes>, usize), Reason> {
    if source.len() as u64 > decode::MAX_FILE_BYTES {
        return Err(Reason::FileTooLarge(source.len() as u64));
    }
    let hash = cache::hash(&source);
    if let Some(cached) = cache::load(cache_dir, &hash) {
        return Ok((cached.0, cached.1, 0));
    }
    let pixels = decode::decode(source)?;
    let (photo, files) = encode::variants(&hash, &pixels)?;
    cache::store(cache_dir, &photo, &files).map_err(Reason::Cache)?;
    let encoded = files.len();
    Ok((photo, files.into_iter().map(Bytes::from).collect(), encoded))
}
