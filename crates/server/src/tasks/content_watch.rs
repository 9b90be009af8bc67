//! Live reload: the content folder is watched (the `notify` crate) and SIGHUP asks for a reload
//! too. Either way the whole folder is read and checked again; valid content is swapped in with
//! [`LiveSite::update`] (every page re-rendered, ETags following), while a mistake is logged with
//! its file and line and the last good content stays served. Nothing half-applied is ever served.
//!
//! Reloads run on one thread of their own: rendering the site takes the cores for a moment and
//! must not hold an async worker. Editors write a file in bursts (a temporary file, a rename, a
//! metadata change), so events are gathered until the folder has been quiet for [`QUIET`].
//!
//! The watch covers the folder's `images/` too (recursively, so a photos folder made after the
//! start is seen): after each reload the photos are prepared again, from the cache in
//! milliseconds, and a photo added, replaced or removed is served once its variants are made
//! (seconds for a new photo; the content edit itself is served first, without waiting).

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::time::Duration;

use notify::{RecursiveMode, Watcher};

use crate::content_source::ContentError;
use crate::content_source::Source;
use onespace_site::site::LiveSite;

/// How long the folder must be quiet after a change before it is read: long enough for an
/// editor's save (several events within milliseconds), short enough to feel immediate.
pub const QUIET: Duration = Duration::from_millis(300);

/// What asked for a reload.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// A file in the folder changed.
    Changed,
    /// The process received SIGHUP.
    Hangup,
}

/// The outcome of one reload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reloaded {
    /// The content changed and every page was rendered again from it.
    Applied,
    /// The content read is the content served: nothing to do.
    Unchanged,
    /// The content has mistakes; the last good content is still served.
    Refused(Vec<ContentError>),
}

/// Reads and checks `source` and, if valid and different, serves the site rendered from it.
pub fn reload(live: &LiveSite, source: &Source) -> Reloaded {
    match source.load() {
        Err(errors) => Reloaded::Refused(errors),
        Ok(content) if *live.current().context().content == content => Reloaded::Unchanged,
        Ok(content) => {
            let content = Arc::new(content);
            live.update(move |context| context.content = content);
            Reloaded::Applied
        }
    }
}

/// Reloads with logging: what changed, or each mistake on a line of its own.
fn reload_and_log(live: &LiveSite, source: &Source, trigger: Trigger) {
    match reload(live, source) {
        Reloaded::Applied => {
            tracing::info!(?trigger, "content reloaded: every page rendered again")
        }
        Reloaded::Unchanged => tracing::info!(?trigger, "content read again: nothing changed"),
        Reloaded::Refused(errors) => {
            for error in &errors {
                tracing::error!(?trigger, "content mistake: {error}");
            }
            tracing::error!(
                mistakes = errors.len(),
                "content not reloaded: the last good content is still served"
            );
        }
    }
}

/// A running watch: dropping it stops watching (the reload thread ends with it).
pub struct Watch {
    /// Sends reload requests (SIGHUP's, from [`Watch::requests`]).
    requests: Sender<Trigger>,
    /// Kept alive while watching.
    _watcher: Option<notify::RecommendedWatcher>,
}

impl Watch {
    /// Where to send a reload request.
    pub fn requests(&self) -> Sender<Trigger> {
        self.requests.clone()
    }
}

/// Starts the reload thread for `source` and, for a folder, the watcher feeding it; photos are
/// cached in `image_cache`. A folder that cannot be watched (the system refuses a watch) is
/// logged: SIGHUP still reloads it.
pub fn start(live: Arc<LiveSite>, source: Source, image_cache: PathBuf) -> std::io::Result<Watch> {
    let (requests, received) = mpsc::channel();
    let watcher = match &source {
        Source::Folder(dir) => watch_folder(dir.clone(), requests.clone()),
        Source::Embedded => None,
    };
    std::thread::Builder::new()
        .name("content-reload".to_owned())
        .spawn(move || run(&live, &source, &image_cache, &received))?;
    Ok(Watch {
        requests,
        _watcher: watcher,
    })
}

fn watch_folder(dir: PathBuf, requests: Sender<Trigger>) -> Option<notify::RecommendedWatcher> {
    let handler = move |event: notify::Result<notify::Event>| {
        let changed = event.is_ok_and(|event| !event.kind.is_access());
        if changed {
            let _ = requests.send(Trigger::Changed);
        }
    };
    let watched = notify::recommended_watcher(handler).and_then(|mut watcher| {
        watcher
            .watch(&dir, RecursiveMode::Recursive)
            .map(|()| watcher)
    });
    match watched {
        Ok(watcher) => {
            tracing::info!(dir = %dir.display(), "watching the content folder for edits");
            Some(watcher)
        }
        Err(error) => {
            tracing::warn!(dir = %dir.display(), %error, "cannot watch the content folder; SIGHUP reloads it");
            None
        }
    }
}

/// Waits for requests; after each, lets a burst settle, then reloads once.
fn run(live: &LiveSite, source: &Source, image_cache: &Path, received: &Receiver<Trigger>) {
    while let Ok(mut trigger) = received.recv() {
        loop {
            match received.recv_timeout(QUIET) {
                Ok(Trigger::Hangup) => trigger = Trigger::Hangup,
                Ok(Trigger::Changed) => {}
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => return,
            }
        }
        if trigger == Trigger::Hangup && *source == Source::Embedded {
            tracing::info!(
                "SIGHUP: the content is the database's, followed without a signal; \
                 'onespace content import DIR' publishes a folder"
            );
            continue;
        }
        reload_and_log(live, source, trigger);
        refresh_photos(live, source, image_cache);
    }
}

/// Prepares the folder's photos again and serves them if they changed.
fn refresh_photos(live: &LiveSite, source: &Source, image_cache: &Path) {
    let folder = source.images_dir();
    let (library, errors) = onespace_images::prepare(&folder, image_cache);
    for error in &errors {
        tracing::warn!(target: "onespace::images", %error, "photo left out");
    }
    let served = live.current();
    let current = &served.context().images;
    if current.same_photos(&current.with_folder(library.clone())) {
        return;
    }
    let (photos, encoded) = (library.photos().count(), library.encoded());
    live.update(move |context| context.images = Arc::new(context.images.with_folder(library)));
    tracing::info!(target: "onespace::images", photos, encoded, folder = %folder.display(), "photos reloaded: every page rendered again");
}

/// Sends a reload request on every SIGHUP, for as long as the server runs. Spawn it on the
/// server's runtime.
#[cfg(unix)]
pub async fn reload_on_hangup(requests: Sender<Trigger>) {
    use tokio::signal::unix::{signal, SignalKind};
    let mut hangups = match signal(SignalKind::hangup()) {
        Ok(hangups) => hangups,
        Err(error) => {
            tracing::warn!(%error, "cannot listen for SIGHUP; the folder is still watched");
            return;
        }
    };
    while hangups.recv().await.is_some() {
        tracing::info!("SIGHUP: reloading the content");
        if requests.send(Trigger::Hangup).is_err() {
            return;
        }
    }
}
