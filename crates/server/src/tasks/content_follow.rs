//! Every node follows the database's published content: a publish on one node is served by all
//! of them within [`versions::POLL`].

use std::sync::Arc;

use onespace_site::LiveSite;
use onespace_store::published::versions;
use onespace_store::Store;

/// Follows the database for as long as the server runs: every [`versions::POLL`], a newer version is
/// checked and every page rendered from it; one that does not read is logged with its mistakes
/// and the content served stays. Photos uploaded in the studio that the new version names are
/// then read from the database and prepared into `image_cache`
/// ([`super::photo_refresh::refresh`]). Spawn it on the server's runtime.
pub async fn follow(
    store: Store,
    live_site: Arc<LiveSite>,
    mut serving: i64,
    image_cache: std::path::PathBuf,
) {
    // The newest version that could not be read, said once rather than every poll.
    let mut unread = None;
    loop {
        tokio::time::sleep(versions::POLL).await;
        let newest = match versions::live_number(&store).await {
            Ok(Some(number)) if number > serving => number,
            Ok(_) => continue,
            Err(error) => {
                tracing::warn!(%error, "content: cannot look for a newer version");
                continue;
            }
        };
        let version = match versions::live(&store).await {
            Ok(Some(version)) => version,
            Ok(None) => continue,
            Err(error) => {
                if unread != Some(newest) {
                    tracing::error!(
                        %error,
                        "content: cannot read version {newest}: the last good content is still \
                         served"
                    );
                    unread = Some(newest);
                }
                continue;
            }
        };
        serving = version.number;
        match version.content() {
            Ok(content) => {
                let site = live_site.clone();
                let content = Arc::new(content);
                // Rendering every page takes the cores for a moment: not on an async worker.
                let rendered = tokio::task::spawn_blocking(move || {
                    site.update(move |context| context.content = content);
                })
                .await;
                match rendered {
                    Ok(()) => {
                        tracing::info!(
                            number = version.number,
                            kind = version.kind.as_str(),
                            "content: version served, every page rendered again"
                        );
                        crate::tasks::photo_refresh::refresh(
                            live_site.clone(),
                            store.clone(),
                            image_cache.clone(),
                        )
                        .await;
                    }
                    Err(error) => {
                        tracing::error!(%error, "content: rendering the new version failed")
                    }
                }
            }
            Err(errors) => {
                for error in &errors {
                    tracing::error!(number = version.number, "content mistake: {error}");
                }
                tracing::error!(
                    number = version.number,
                    "content: version not served: the last good content is still served"
                );
            }
        }
    }
}
