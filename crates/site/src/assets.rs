//! The built frontend, embedded in the binary.
//!
//! Vite writes hashed files to `frontend/dist/assets` and a manifest to
//! `frontend/dist/.vite/manifest.json`; the release binary embeds the folder, so one file plus a
//! data folder is a deployment. The production build also writes `.br` and `.gz` beside each
//! text file (`frontend/build/precompress.ts`), embedded with it, so start-up only hashes each
//! file for its ETag and borrows the bytes from the binary. The manifest is read to find the
//! entry's script, stylesheet, module preloads and faces.
//!
//! With the `dev` feature (`make dev`) the folder is `frontend/dist-dev`, which `vite build
//! --watch --mode development` rewrites with stable names and no encodings; a debug build reads
//! it from disk, so a rebuilt island is served without restarting the server.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use rust_embed::RustEmbed;
use serde::Deserialize;

use actix_web::web::Bytes;

use crate::critical_css::StyleRules;
use onespace_http::{CachePolicy, Representation};

#[derive(RustEmbed)]
#[cfg_attr(not(feature = "dev"), folder = "../../frontend/dist")]
#[cfg_attr(feature = "dev", folder = "../../frontend/dist-dev")]
pub(crate) struct Dist;

/// Suffixes of the prepared encodings the build writes beside a file.
const GZIP_SUFFIX: &str = ".gz";
const BROTLI_SUFFIX: &str = ".br";

/// Path of the Vite manifest inside the build folder.
const MANIFEST_PATH: &str = ".vite/manifest.json";

/// Path of the staff editor's build manifest (a build of its own: `frontend/vite.config.ts`).
const EDITOR_MANIFEST_PATH: &str = ".vite/editor-manifest.json";

/// The source path of the client entry, as Vite's manifest names it.
const CLIENT_ENTRY: &str = "src/main.ts";

/// The studio's content editor, an entry of its own: only the staff editor pages link it, so
/// no visitor's page carries its script, its React form or its WebAssembly module.
const EDITOR_ENTRY: &str = "src/backoffice/editor.tsx";

/// The studio's passkey prompts (sign-in and account pages), in the editor's build: no
/// visitor's page carries it.
const PASSKEY_ENTRY: &str = "src/backoffice/passkey.ts";

/// The extension of the brand's faces, which the entry's stylesheet names
/// (`frontend/build/fonts.ts`).
const FONT_EXTENSION: &str = ".woff2";

/// How the headline face's file name starts (`frontend/build/fonts.ts`, HEADLINE_FILE_PREFIX):
/// the one face a visitor's first page asks for (`render::start`).
const HEADLINE_FACE_PREFIX: &str = "assets/brand-headline-";

/// Why the embedded frontend cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum AssetError {
    /// The frontend was not built before the server.
    #[error("the frontend build is missing ({0} not found in frontend/dist): run `make build`")]
    MissingManifest(&'static str),
    /// A manifest is not what Vite writes.
    #[error("a manifest in frontend/dist/.vite cannot be read: {0}")]
    BadManifest(#[from] serde_json::Error),
    /// The manifest lacks an entry.
    #[error("the Vite manifest has no entry for {0}")]
    MissingEntry(&'static str),
}

#[derive(Debug, Deserialize)]
struct ManifestChunk {
    file: String,
    #[serde(default)]
    css: Vec<String>,
    #[serde(default)]
    imports: Vec<String>,
    /// Files its stylesheet refers to (the fonts).
    #[serde(default)]
    assets: Vec<String>,
}

/// What a page's `<head>` links to.
#[derive(Debug, Clone, Default)]
pub struct EntryLinks {
    /// The client entry module.
    pub script: String,
    /// Stylesheets, render-blocking.
    pub stylesheets: Vec<String>,
    /// Statically imported chunks of the entry, preloaded with it.
    pub module_preloads: Vec<String>,
    /// The brand's faces (`woff2`) the stylesheet names, but the headline face. Not preloaded: a
    /// visitor's first page paints in their fallbacks and the faces are fetched after it
    /// (`render::start`).
    pub faces: Vec<String>,
    /// The headline face (`woff2`), which a visitor's first page preloads for its `<h1>`
    /// (`render::start`); none where the stylesheet names none (the staff editor's build).
    pub headline_face: Option<String>,
    /// The stylesheets' rules, read once, for the rules each page inlines
    /// (`render::critical_css`).
    pub style_rules: Arc<StyleRules>,
}

/// Every embedded file, prepared, by URL path.
#[derive(Debug)]
pub struct Assets {
    files: HashMap<String, Representation>,
    /// The entry's links for the page head.
    pub entry: EntryLinks,
    /// The studio content editor's links.
    pub editor: EntryLinks,
    /// The studio's passkey script's links.
    pub passkey: EntryLinks,
}

impl Assets {
    /// Reads the manifest and prepares every embedded file.
    pub fn load() -> Result<Self, AssetError> {
        let chunks = |path: &'static str| -> Result<HashMap<String, ManifestChunk>, AssetError> {
            let manifest = Dist::get(path).ok_or(AssetError::MissingManifest(path))?;
            Ok(serde_json::from_slice(&manifest.data)?)
        };
        let entry = entry_links(&chunks(MANIFEST_PATH)?, CLIENT_ENTRY)?;
        let editor_chunks = chunks(EDITOR_MANIFEST_PATH)?;
        let editor = entry_links(&editor_chunks, EDITOR_ENTRY)?;
        let passkey = entry_links(&editor_chunks, PASSKEY_ENTRY)?;
        let embedded: BTreeSet<_> = Dist::iter().collect();
        let files = embedded
            .iter()
            .filter(|path| !path.starts_with(".vite/"))
            .filter(|path| !is_encoding_of(path, &embedded))
            .filter_map(|path| Some((format!("/{path}"), prepare(path)?)))
            .collect();
        Ok(Self {
            files,
            entry,
            editor,
            passkey,
        })
    }

    /// The prepared file served at `path`.
    pub fn get(&self, path: &str) -> Option<&Representation> {
        self.files.get(path)
    }

    /// All URL paths, for the static render.
    pub fn paths(&self) -> impl Iterator<Item = (&String, &Representation)> {
        self.files.iter()
    }
}

fn entry_links(
    chunks: &HashMap<String, ManifestChunk>,
    name: &'static str,
) -> Result<EntryLinks, AssetError> {
    let entry = chunks.get(name).ok_or(AssetError::MissingEntry(name))?;
    let mut stylesheets: BTreeSet<String> = entry.css.iter().map(|f| format!("/{f}")).collect();
    let mut module_preloads = Vec::new();
    let mut pending: Vec<&String> = entry.imports.iter().collect();
    let mut seen = BTreeSet::new();
    while let Some(key) = pending.pop() {
        if !seen.insert(key) {
            continue;
        }
        if let Some(chunk) = chunks.get(key) {
            module_preloads.push(format!("/{}", chunk.file));
            stylesheets.extend(chunk.css.iter().map(|f| format!("/{f}")));
            pending.extend(chunk.imports.iter());
        }
    }
    let (headline, faces): (Vec<&String>, Vec<&String>) = entry
        .assets
        .iter()
        .filter(|file| file.ends_with(FONT_EXTENSION))
        .partition(|file| file.starts_with(HEADLINE_FACE_PREFIX));
    let faces = faces.iter().map(|file| format!("/{file}")).collect();
    let headline_face = headline.first().map(|file| format!("/{file}"));
    let css: String = stylesheets
        .iter()
        .filter_map(|path| Dist::get(path.trim_start_matches('/')))
        .map(|file| String::from_utf8_lossy(&file.data).into_owned())
        .collect();
    Ok(EntryLinks {
        script: format!("/{}", entry.file),
        stylesheets: stylesheets.into_iter().collect(),
        module_preloads,
        faces,
        headline_face,
        style_rules: Arc::new(StyleRules::parse(&css)),
    })
}

/// The embedded file at `path` with the encodings the build wrote beside it.
pub(crate) fn prepare(path: &str) -> Option<Representation> {
    let file = Dist::get(path)?;
    // The development build keeps its file names across rebuilds: always revalidate there.
    let cache = if path.starts_with("assets/") && !cfg!(feature = "dev") {
        CachePolicy::Immutable
    } else {
        CachePolicy::Day
    };
    let encoded = |suffix: &str| Dist::get(&format!("{path}{suffix}")).map(|file| bytes(file.data));
    Some(Representation::precompressed(
        &content_type_of(path),
        bytes(file.data),
        encoded(GZIP_SUFFIX),
        encoded(BROTLI_SUFFIX),
        cache,
    ))
}

/// Whether `path` is a prepared encoding of another file in `embedded` rather than a file of its
/// own.
fn is_encoding_of(path: &str, embedded: &BTreeSet<Cow<'static, str>>) -> bool {
    [GZIP_SUFFIX, BROTLI_SUFFIX].iter().any(|suffix| {
        path.strip_suffix(suffix)
            .is_some_and(|original| embedded.contains(original))
    })
}

/// Release builds embed the files in the binary: serve them from there without a copy.
fn bytes(data: Cow<'static, [u8]>) -> Bytes {
    match data {
        Cow::Borrowed(data) => Bytes::from_static(data),
        Cow::Owned(data) => Bytes::from(data),
    }
}

fn content_type_of(path: &str) -> String {
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    match (mime.type_(), mime.subtype().as_str()) {
        (mime_guess::mime::TEXT, _) | (mime_guess::mime::APPLICATION, "javascript") => {
            format!("{}; charset=utf-8", mime.essence_str())
        }
        _ if path.ends_with(".webmanifest") => "application/manifest+json".to_owned(),
        _ => mime.essence_str().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stylesheets_faces_are_found() -> Result<(), Box<dyn std::error::Error>> {
        let chunks: HashMap<String, ManifestChunk> = serde_json::from_str(
            r#"{ "src/main.ts": { "file": "assets/main-a.js", "css": ["assets/main-b.css"],
                 "assets": ["assets/brand-headline-archivo-f.woff2", "assets/brand-display-archivo-c.woff2", "assets/brand-text-figtree-d.woff2", "assets/e.png"] } }"#,
        )?;
        let links = entry_links(&chunks, CLIENT_ENTRY)?;
        assert_eq!(
            links.faces,
            [
                "/assets/brand-display-archivo-c.woff2",
                "/assets/brand-text-figtree-d.woff2"
            ]
        );
        assert_eq!(
            links.headline_face.as_deref(),
            Some("/assets/brand-headline-archivo-f.woff2")
        );
        Ok(())
    }

    /// The build the binary embeds names its two faces, heading and text, and the headline face.
    #[test]
    fn the_embedded_build_names_both_faces() -> Result<(), AssetError> {
        let assets = Assets::load()?;
        assert_eq!(assets.entry.faces.len(), 2);
        assert!(assets.entry.headline_face.is_some());
        Ok(())
    }
}
