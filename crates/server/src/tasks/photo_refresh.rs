//! Keeps the served photo library in line with the live content's uploads.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;

use onespace_core::content::photos::upload_hash;
use onespace_images::uploads::{named, prepare};
use onespace_site::LiveSite;
use onespace_store::Store;

/// Brings the served library's uploads in line with the live content: each upload it names and
/// the library lacks is read from the database and prepared (on a blocking thread); uploads it
/// no longer names go. Every page is rendered again only when something changed. An upload
/// that cannot be read or prepared is logged and its place keeps its art.
pub async fn refresh(site: Arc<LiveSite>, store: Store, cache_dir: PathBuf) {
    let (wanted, missing) = {
        let current = site.current();
        let context = current.context();
        let wanted = named(&context.content);
        let held: BTreeSet<String> = context
            .images
            .photos()
            .map(|(name, _)| name.clone())
            .filter(|name| upload_hash(name).is_some())
            .collect();
        if wanted == held {
            return;
        }
        let missing: Vec<String> = wanted.difference(&held).cloned().collect();
        (wanted, missing)
    };
    let prepared = prepare(missing, &cache_dir, |hash| {
        onespace_store::photos::original_for_pipeline(&store, hash)
    })
    .await;
    let count = prepared.len();
    let rendered = tokio::task::spawn_blocking(move || {
        site.update(move |context| {
            // The content served may have moved on while preparing: follow what it names now.
            let wanted_now = named(&context.content);
            let wanted: BTreeSet<String> = wanted.intersection(&wanted_now).cloned().collect();
            context.images = Arc::new(context.images.with_uploads(&wanted, prepared));
        });
    })
    .await;
    match rendered {
        Ok(()) => {
            tracing::info!(target: "onespace::images", prepared = count, "uploaded photos ready: every page rendered again")
        }
        Err(error) => {
            tracing::error!(target: "onespace::images", %error, "rendering with the uploaded photos failed")
        }
    }
}
