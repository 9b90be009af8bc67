//! Photos at start-up without delaying it: the site starts with the photos' places showing
//! their art, while one background thread prepares the library (from the cache in milliseconds,
//! or encoding new photos for seconds to minutes); when it is ready the site is rendered again
//! with it ([`LiveSite::update`]) and every page shows its photos from then on. Encoding on the
//! server's start would hold its first answer for as long as the slowest photo, and a server
//! that cannot answer is worse than a page with art for a minute.

use std::path::PathBuf;
use std::sync::Arc;

use onespace_site::site::LiveSite;

/// Prepares the photos of `source_dir` on a background thread, then renders `site` again with
/// them. Each photo that cannot be used is logged with its reason; nothing is re-rendered when
/// there are no photos.
pub fn prepare_then_render(site: Arc<LiveSite>, source_dir: PathBuf, cache_dir: PathBuf) {
    let spawned = std::thread::Builder::new()
        .name("prepare-photos".to_owned())
        .spawn(move || {
            let (library, errors) = onespace_images::prepare(&source_dir, &cache_dir);
            for error in &errors {
                tracing::warn!(target: "onespace::images", %error, "photo left out");
            }
            let (photos, encoded) = (library.photos().count(), library.encoded());
            if photos > 0 {
                // Merged as the update runs: uploads prepared meanwhile stay.
                site.update(|context| {
                    context.images = Arc::new(context.images.with_folder(library))
                });
            }
            // Logged once the pages show them: 'ready' means served.
            tracing::info!(
                target: "onespace::images",
                photos,
                encoded,
                folder = %source_dir.display(),
                "photos ready"
            );
        });
    if let Err(error) = spawned {
        tracing::warn!(target: "onespace::images", %error, "no thread to prepare the photos: none are shown");
    }
}
