//! The site prepared ahead of requests: every page rendered once (on every core) and ETagged,
//! then compressed in the background, next to the embedded assets, the sitemap and robots.txt.
//! Nothing a page shows depends on the request, so serving a page is a map lookup. Pages with an
//! enquiry form also have their thank-you variant (`?sent=1`) prepared; only a form post that
//! failed validation renders on request.
//!
//! A [`Site`] never changes once built. What it is rendered from (the [`RenderContext`]) can:
//! [`LiveSite`] holds the site being served and swaps in a whole new one, rendered from the changed
//! context, so a visitor never sees half of a change.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

use arc_swap::{ArcSwap, Guard};

use crate::assets::{AssetError, Assets};
use crate::clock::RenderClock;
use crate::layout::Stylesheet;
use crate::pages;
use crate::render::{Document, FormView, RenderContext};
use crate::routes::{Route, ROUTES};
use crate::widget_source::WidgetSource;
use crate::{layout, start};
use onespace_core::content::check::ContentError;
use onespace_http::security::{content_security_policy, csp_hash_of};
use onespace_http::{CachePolicy, Representation};

const HTML: &str = "text/html; charset=utf-8";

/// What the pages are rendered with besides the content: the server's configuration.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Public origin for canonical and Open Graph URLs, without a trailing slash.
    pub public_url: String,
    /// Days enquiries are kept, as the privacy notice states.
    pub retention_days: u64,
    /// Days a followed visit's steps are kept, as the privacy notice states.
    pub visits_retention_days: u64,
    /// Where the schedule widget on /timetable comes from and how it starts.
    pub schedule_widget: WidgetSource,
    /// Where the render instant comes from.
    pub clock: RenderClock,
}

/// Everything the server answers with, prepared.
#[derive(Debug)]
pub struct Site {
    pages: HashMap<&'static str, Representation>,
    /// Thank-you variants of the pages with a form, by path.
    sent: HashMap<&'static str, Representation>,
    context: RenderContext,
    /// The not-found page (served with status 404).
    pub not_found: Representation,
    /// The unexpected-error page (served with status 500).
    pub server_error: Representation,
    /// Embedded frontend files, shared by every site rendered in this process: re-rendering the
    /// pages never re-reads or re-compresses them.
    pub assets: Arc<Assets>,
    /// /sitemap.xml.
    pub sitemap: Representation,
    /// /robots.txt.
    pub robots: Representation,
    /// The chat's facts (`widgets::chat::FACTS_PATH`).
    pub chat_facts: Representation,
}

impl Site {
    /// Loads the assets, then renders and prepares every page from `settings` and `content`
    /// (read by the caller: a folder, the embedded copy or the database's live version).
    pub fn build(
        settings: &Settings,
        content: onespace_core::content::Content,
    ) -> Result<Self, BuildError> {
        let assets = Arc::new(Assets::load()?);
        let context = RenderContext {
            public_url: settings.public_url.clone(),
            entry: assets.entry.clone(),
            retention_days: settings.retention_days,
            visits_retention_days: settings.visits_retention_days,
            schedule_widget: settings.schedule_widget.clone(),
            clock: settings.clock,
            now: settings.clock.now(),
            timetable: None,
            content: Arc::new(content),
            images: Arc::default(),
        };
        Ok(Self::render(context, assets))
    }

    /// Renders and prepares every page from `context`, beside already loaded `assets`.
    pub fn render(context: RenderContext, assets: Arc<Assets>) -> Self {
        let html = |document| prepared_page(&context, &document);
        // Pages depend on the configuration (public URL, retention period, schedule script), so
        // they render at start, sharing the cores; they are compressed on first need and in the
        // background (`http/representation.rs` says why).
        let jobs: Vec<Job> = ROUTES
            .iter()
            .map(Job::Page)
            .chain(
                ROUTES
                    .iter()
                    .filter(|route| route.form.is_some())
                    .map(Job::Sent),
            )
            .collect();
        // The two error pages render on a thread of their own beside the pages, and come back
        // as they are: nothing to look up in the pages' results, nothing that could be missing.
        let ((not_found, server_error), prepared) = std::thread::scope(|scope| {
            let errors = scope.spawn(|| (html(pages::not_found()), html(pages::server_error(500))));
            let prepared = in_parallel(&jobs, |job| {
                html(match job {
                    Job::Page(route) => pages::document(route, &context),
                    Job::Sent(route) => {
                        pages::document_with_form(route, &context, &FormView::sent())
                    }
                })
            });
            let errors = errors
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (errors, prepared)
        });
        let mut pages = HashMap::new();
        let mut sent = HashMap::new();
        for (job, representation) in jobs.iter().zip(prepared) {
            match job {
                Job::Page(route) => pages.insert(route.path, representation),
                Job::Sent(route) => sent.insert(route.path, representation),
            };
        }
        Self {
            pages,
            sent,
            not_found,
            server_error,
            sitemap: Representation::new(
                "application/xml; charset=utf-8",
                sitemap(&context).into_bytes(),
                CachePolicy::Revalidate,
            ),
            robots: Representation::new(
                "text/plain; charset=utf-8",
                format!(
                    "User-agent: *\nAllow: /\nDisallow: /studio\n\nSitemap: {}\n",
                    context.absolute("/sitemap.xml")
                )
                .into_bytes(),
                CachePolicy::Revalidate,
            ),
            chat_facts: Representation::new(
                "application/json",
                crate::widgets::chat::facts_json(&context).into_bytes(),
                CachePolicy::Revalidate,
            ),
            assets,
            context,
        }
    }

    /// What the pages were rendered from.
    pub fn context(&self) -> &RenderContext {
        &self.context
    }

    /// Every page prepared at start, in the route table's order (the home page first), then the
    /// thank-you variants and the two error pages: what the background compression works through.
    fn prepared_pages(&self) -> impl Iterator<Item = &Representation> {
        ROUTES
            .iter()
            .filter_map(|route| self.pages.get(route.path))
            .chain(self.sent.values())
            .chain([&self.not_found, &self.server_error])
    }

    /// The thank-you variant of the form page at `path`.
    pub fn sent_page(&self, path: &str) -> Option<&Representation> {
        self.sent.get(path)
    }

    /// The page at `route` with its form in the state `view` (a post that failed validation).
    pub fn render_form(&self, route: &Route, view: &FormView) -> String {
        layout::render(
            &self.context,
            &pages::document_with_form(route, &self.context, view),
            Stylesheet::Linked,
        )
    }

    /// The prepared page at `path`.
    pub fn page(&self, path: &str) -> Option<&Representation> {
        self.pages.get(path)
    }

    /// Every page with its path, for the static render.
    pub fn pages(&self) -> impl Iterator<Item = (&'static str, &Representation)> {
        self.pages.iter().map(|(path, page)| (*path, page))
    }
}

/// Why the site could not be built.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// The embedded frontend build is missing or broken.
    #[error(transparent)]
    Assets(#[from] AssetError),
    /// The content has mistakes.
    #[error(transparent)]
    Content(#[from] ContentErrors),
}

/// Every mistake of one content load, one per line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContentErrors(pub Vec<ContentError>);

impl std::fmt::Display for ContentErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "the content has {} mistake(s):", self.0.len())?;
        let lines: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&lines.join("\n"))
    }
}

impl std::error::Error for ContentErrors {}

/// The site being served. Requests read the current [`Site`] without locking; a change of what the
/// pages are rendered from (see [`LiveSite::update`]) renders a complete new site and swaps it in
/// at once, so every response comes from one consistent rendering and ETags follow the content.
#[derive(Debug)]
pub struct LiveSite {
    served: ArcSwap<Site>,
    /// Held while a new site renders, so two changes arriving together are applied one after the
    /// other and neither renders from a context that lacks the other.
    updating: Mutex<()>,
    /// How many updates have been served, and a signal on each: the calendar thread waits on it
    /// so a content reload re-schedules its next re-render at once.
    updates: (Mutex<u64>, Condvar),
    /// When each rendering's pages get their best brotli.
    best_compression: BestCompression,
}

/// When the pages of a served rendering get brotli's best encoding, some 12% smaller than the
/// quick one they are served with first (`onespace_http::representation` says why pages are
/// compressed after they are rendered). The best pass takes a core for two to three seconds,
/// nine tenths of what a start costs; a rendering that is replaced within moments (a burst of
/// edits published one after another, a node restarted in a deploy, an offer's boundary) would
/// spend it for nothing, so it waits until the rendering has been served a while.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BestCompression {
    /// Once the rendering has been served this long and is still served.
    After(Duration),
    /// Never: the quick encodings only (a site built for a test in the test's own process).
    Never,
}

impl BestCompression {
    /// Half a minute: a burst of edits is over by then, and a visitor in the meantime gets pages
    /// a few hundred bytes larger.
    pub const DEFAULT_AFTER: Duration = Duration::from_secs(30);
}

impl LiveSite {
    /// Serves `site` until the first update, compressing its pages in the background.
    pub fn new(site: Site, best_compression: BestCompression) -> Self {
        let site = Arc::new(site);
        compress_in_background(&site, best_compression);
        Self {
            served: ArcSwap::new(site),
            updating: Mutex::new(()),
            updates: (Mutex::new(0), Condvar::new()),
            best_compression,
        }
    }

    /// The site to answer the current request from. Hold it for one request only: a long-lived
    /// guard keeps an old rendering alive.
    pub fn current(&self) -> Guard<Arc<Site>> {
        self.served.load()
    }

    /// Applies `change` to a copy of the served site's render context, with `now` read again from
    /// its clock, renders every page from it and serves the result from then on (compression
    /// follows in the background). Rendering takes every core for a moment: call it from a
    /// blocking thread (`actix_web::web::block`), never on a worker serving requests.
    pub fn update(&self, change: impl FnOnce(&mut RenderContext)) {
        let _one_at_a_time = self.updating.lock().unwrap_or_else(PoisonError::into_inner);
        let served = self.served.load_full();
        let mut context = served.context.clone();
        context.now = context.clock.now();
        change(&mut context);
        let site = Arc::new(Site::render(context, Arc::clone(&served.assets)));
        self.served.store(Arc::clone(&site));
        compress_in_background(&site, self.best_compression);
        let (count, signal) = &self.updates;
        *count.lock().unwrap_or_else(PoisonError::into_inner) += 1;
        signal.notify_all();
    }

    /// How many updates have been served so far (for [`LiveSite::wait_for_update`]).
    pub fn updates(&self) -> u64 {
        *self
            .updates
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Blocks until an update after the `seen`-th is served or `timeout` passes; true if one was.
    pub fn wait_for_update(&self, seen: u64, timeout: Duration) -> bool {
        let (count, signal) = &self.updates;
        let guard = count.lock().unwrap_or_else(PoisonError::into_inner);
        let (guard, _) = signal
            .wait_timeout_while(guard, timeout, |count| *count == seen)
            .unwrap_or_else(PoisonError::into_inner);
        *guard != seen
    }
}

/// Compresses `site`'s pages on one background thread, leaving the other cores to the visitors:
/// at once the quick encodings of every page (so that no first request has to make them), then,
/// if `best` says so and the rendering is still served by then, the best brotli of each. The
/// thread holds the rendering only while it works on a page, so a replaced one is let go at once.
/// Without a thread (the system refuses one) each page is compressed by its first request
/// instead, at the quick setting, which is correct, only larger.
fn compress_in_background(site: &Arc<Site>, best: BestCompression) {
    let rendering = Arc::downgrade(site);
    let spawned = std::thread::Builder::new()
        .name("compress-pages".to_owned())
        .spawn(move || {
            let Some(pages) = rendering.upgrade().map(|site| {
                site.prepared_pages()
                    .for_each(Representation::prepare_quick);
                site.prepared_pages().count()
            }) else {
                return;
            };
            let BestCompression::After(delay) = best else {
                return;
            };
            std::thread::sleep(delay);
            for index in 0..pages {
                let Some(site) = rendering.upgrade() else {
                    return;
                };
                if let Some(page) = site.prepared_pages().nth(index) {
                    page.improve();
                };
            }
        });
    if let Err(error) = spawned {
        tracing::warn!(%error, "pages are compressed by their first requests");
    }
}

/// The most a page may weigh, compressed, for its stylesheet rules to go inline: what a new
/// connection delivers in its first round trip as production serves it, through the proxy over
/// TLS and HTTP/2 (docs/deploy.md). TCP's initial window is ten segments (RFC 6928). Lighthouse's
/// phone (Lantern) counts them as 14,600 bytes against the document's transfer size, in which
/// Chrome counts some 860 bytes of HTTP/2 headers for a page with its own policy (measured through
/// Caddy by `make audit`): 13,740 are left, 40 of them kept spare. On the wire the headers are
/// fewer bytes (HPACK) and the window larger (the client's acknowledgements of the TLS handshake
/// grow it by the segments of the proxy's certificates). Served straight over HTTP/1.1 (955 bytes
/// of headers, no TLS: tests and `AUDIT_DIRECT`), a page at the budget takes a second round trip
/// for its last segment.
pub const FIRST_ROUND_TRIP_BODY_BYTES: usize = 13_700;

/// A page prepared for serving. Its stylesheet rules go inline (`render::critical_css` says
/// why), admitted by their hash in the page's own Content-Security-Policy, when the page with
/// them still arrives in the first round trip ([`FIRST_ROUND_TRIP_BODY_BYTES`], on the best
/// brotli, which is served once the rendering has settled ([`BestCompression`]); judged from a
/// quick brotli, and only a page close to the budget is compressed at its best now,
/// `Representation::best_brotli_fits`). A heavier page links the stylesheet: a document that
/// needs a second round trip would spend what inlining saves.
/// Rendered twice: once to see which classes the page uses, once with their rules (the second
/// render only adds to the `<head>`).
fn prepared_page(context: &RenderContext, document: &Document) -> Representation {
    let linked = layout::render(context, document, Stylesheet::Linked);
    let css = context
        .entry
        .style_rules
        .used_by(&linked, &[start::FACES_LATER_CLASS]);
    // Text that could end the `<style>` element early is never inlined (the build's stylesheet
    // has none).
    if !css.is_empty() && !css.to_ascii_lowercase().contains("</style") {
        let page = layout::render(context, document, Stylesheet::Inline(&css));
        let policy = content_security_policy(
            &context.schedule_widget.policy_sources(),
            Some(&csp_hash_of(&css)),
        );
        let inline = Representation::deferred(HTML, page.into_bytes(), CachePolicy::Revalidate)
            .with_content_security_policy(&policy);
        if inline.best_brotli_fits(FIRST_ROUND_TRIP_BODY_BYTES) {
            return inline;
        }
    }
    Representation::deferred(HTML, linked.into_bytes(), CachePolicy::Revalidate)
}

/// One page prepared at start, on one of the cores.
enum Job {
    /// The page at the route as visitors first see it.
    Page(&'static Route),
    /// Its thank-you variant (`?sent=1`).
    Sent(&'static Route),
}

/// `work` applied to every item, on as many threads as the machine has cores (each takes the
/// next item when it is done), results in the order of `items`.
fn in_parallel<T: Sync, R: Send>(items: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZeroUsize::get)
        .min(items.len());
    let next = AtomicUsize::new(0);
    let mut results: Vec<Option<R>> = std::iter::repeat_with(|| None).take(items.len()).collect();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(index) else { break };
                        done.push((index, work(item)));
                    }
                    done
                })
            })
            .collect();
        for worker in workers {
            match worker.join() {
                Ok(done) => {
                    for (index, result) in done {
                        results[index] = Some(result);
                    }
                }
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    });
    results.into_iter().flatten().collect()
}

fn sitemap(context: &RenderContext) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for route in ROUTES
        .iter()
        .filter(|route| pages::campaigns::listed(route, &context.content.offers, context.now))
    {
        xml.push_str("  <url><loc>");
        xml.push_str(&context.absolute(route.path));
        xml.push_str("</loc></url>\n");
    }
    xml.push_str("</urlset>\n");
    xml
}
