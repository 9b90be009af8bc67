//! How a page's scripts and typefaces start: one small inline script in the `<head>`, the only
//! inline script the site has (admitted by its hash in the Content-Security-Policy, never by
//! `'unsafe-inline'`).
//!
//! **The client entry waits for the first paint.** A page is complete server markup, and
//! nothing a script adds is needed to read it: the countdowns show their time, the links and
//! forms work without scripts. So the entry module (and the chunks it imports) is requested only
//! once the page has painted its first content and finished loading, and then its chunks are
//! fetched in parallel. Before, a phone fetched, compiled and ran the entry, the islands that
//! start on their own and the core's WebAssembly before its first paint; each was a request on
//! the way to the Largest Contentful Paint. A page opened in a background tab records
//! no paint until it is shown, so the wait for the paint gives up after three seconds.
//!
//! **The brand's faces from the second page on.** A visitor's first page paints its text in the
//! faces' metric-matched fallbacks (`html.faces-later`, `frontend/src/styles.css`), so no
//! typeface download of 48 KB stands between an ad's click and the first paint (which
//! Lighthouse's phone counted at 0.2–0.3 s of the LCP). Its headline is the exception: the
//! script preloads the headline face (the display face at the headlines' one weight, a third of
//! its bytes: `frontend/build/fonts.ts`, HEADLINE), and Chrome holds the first paint a moment for
//! a preloaded `optional` face, so the `<h1>` is in the brand from the first paint wherever it
//! arrives in time (where it does not, the headline keeps its fallback, and nothing moves).
//! Once that page has loaded, the entry fetches the faces into the browser's cache and records
//! them (`frontend/src/site/faces.ts`); every page after that, in that visit and later ones, uses them from its first paint: the
//! script preloads them there, from the browser's cache, and Chrome holds the first paint for a
//! preloaded `optional` face. Without that hold, a page whose stylesheet rules are inline paints
//! before a face is read from the cache, and the next full layout (the whole stylesheet applied
//! when an island mounts) would set the text again in the face, moving it. With
//! `font-display: optional` the first page never swaps faces while it is read, so nothing moves.
//! The record names the faces' hashed files, so new faces are fetched afresh. Without scripts, or
//! without storage, nothing is gated: the page asks for the faces as it lays out, as before.
//!
//! The script reads what changes between builds (the entry, its chunks, the faces) from its own
//! `data-` attributes, so its text, and therefore its hash, is the same for every build. On a
//! page whose stylesheet rules are inline (`super::critical_css`) it also names the whole
//! stylesheet (`data-stylesheets`), which the entry loads before an island mounts.

use std::sync::OnceLock;

use maud::{html, Markup, PreEscaped};

use crate::assets::EntryLinks;

/// The class on `<html>` while a page paints in the faces' fallbacks (the stylesheet's name).
pub const FACES_LATER_CLASS: &str = "faces-later";

/// The global through which the entry takes over the clicks held before it started
/// (`frontend/src/site/early-clicks.ts`).
pub const START_GLOBAL: &str = "onespaceStart";

/// The localStorage key recording which faces the browser has cached
/// (`frontend/src/site/faces.ts` writes it).
pub const FACES_KEY: &str = "brand-faces";

/// What a click may land on before the entry has started that the entry would handle
/// differently from the control's own action: the buttons and links that open an island
/// (`frontend/src/site/triggers.ts`, TRIGGERS), and a submit button of a form an island takes
/// over (`SUBMITTER_SELECTOR` in `frontend/src/islands/runtime/runtime.ts`: the island checks and
/// sends the form itself). `frontend/src/site/early-clicks.ts` spells the same list, and
/// tests/e2e/specs/page-start.spec.ts checks the two agree. The start script holds such a click
/// and the entry replays it.
pub const EARLY_CLICKS: &str =
    "[data-chat-open],[data-discount-open],[data-one-to-one],[data-plan],[data-island] [type=submit]";

/// The script's text. Classic and ES5, so it runs where module scripts would not (and harms
/// nothing there). It must not change per build: see the module's documentation.
///
/// It starts the entry once the page has painted and loaded, or at once when the visitor reaches
/// for the page first (a press, a key, a touch). A click on one of [`EARLY_CLICKS`] before the
/// entry has taken over is held (the entry replays it: `frontend/src/site/early-clicks.ts`), so a
/// tap on the chat button a moment after the page shows opens the chat rather than the contact
/// page, and a press on a form's submit button is checked and sent by the form's island (the
/// islands runtime holds it again until the island has mounted). Should the entry fail to load,
/// or stop before taking the held clicks over, each does what it does without scripts (the link
/// is followed, the form checked and posted by the browser) once the entry's script has loaded or
/// failed.
const START_SCRIPT: &str = r#"(function () {
  var d = document, data = d.currentScript.dataset, held = [], started = false;
  function preload(href) {
    var face = d.createElement("link");
    face.rel = "preload";
    face.as = "font";
    face.type = "font/woff2";
    face.crossOrigin = "anonymous";
    face.href = href;
    d.head.appendChild(face);
  }
  try {
    if (localStorage.getItem("brand-faces") !== data.faces) {
      d.documentElement.classList.add("faces-later");
      if (data.headline) preload(data.headline);
    } else data.faces.split(" ").forEach(preload);
  } catch (e) {}
  function hold(event) {
    var target = event.target.closest ? event.target.closest(data.earlyClicks) : null;
    if (!target || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    held.push(target);
    start();
  }
  function release() {
    d.removeEventListener("click", hold, true);
    return held.splice(0);
  }
  function start() {
    if (started) return;
    started = true;
    var head = d.head;
    (data.chunks ? data.chunks.split(" ") : []).forEach(function (href) {
      var link = d.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      head.appendChild(link);
    });
    var entry = d.createElement("script");
    entry.type = "module";
    entry.src = data.entry;
    entry.onload = entry.onerror = function () {
      release().forEach(function (target) { target.click(); });
    };
    head.appendChild(entry);
  }
  window.onespaceStart = { release: release };
  d.addEventListener("click", hold, true);
  ["pointerdown", "keydown", "touchstart"].forEach(function (type) {
    addEventListener(type, start, { once: true, passive: true, capture: true });
  });
  var painted = new Promise(function (done) {
    var P = window.PerformanceObserver;
    if (!P || !P.supportedEntryTypes || P.supportedEntryTypes.indexOf("paint") < 0) return done();
    new P(function (list, observer) {
      if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); done(); }
    }).observe({ type: "paint", buffered: true });
    setTimeout(done, 3000);
  });
  var loaded = new Promise(function (done) {
    if (d.readyState === "complete") done();
    else addEventListener("load", function () { done(); });
  });
  Promise.all([painted, loaded]).then(start);
})();"#;

/// The `<script>` element for the head: placed before the stylesheet, so it runs at once (an
/// inline script after a stylesheet would wait for it) and the class is set before any layout.
/// `later_stylesheets`: for a page whose stylesheet rules are inline, the whole stylesheet, which
/// the entry loads before an island mounts (`frontend/src/site/stylesheet.ts`); none for a page
/// that links it.
pub fn script(entry: &EntryLinks, later_stylesheets: &[String]) -> Markup {
    html! {
        script data-entry=(entry.script) data-chunks=(entry.module_preloads.join(" ")) data-stylesheets=[(!later_stylesheets.is_empty()).then(|| later_stylesheets.join(" "))] data-faces=(entry.faces.join(" ")) data-headline=[entry.headline_face.as_deref()] data-early-clicks=(EARLY_CLICKS) {
            (PreEscaped(START_SCRIPT))
        }
    }
}

/// The script's CSP source expression, `'sha256-…'`.
pub fn csp_hash() -> &'static str {
    static HASH: OnceLock<String> = OnceLock::new();
    HASH.get_or_init(|| onespace_http::security::csp_hash_of(START_SCRIPT))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names the script spells out are the ones the stylesheet and the entry use.
    #[test]
    fn the_script_uses_the_shared_names() {
        assert!(START_SCRIPT.contains(&format!(r#"classList.add("{FACES_LATER_CLASS}")"#)));
        assert!(START_SCRIPT.contains(&format!(r#"localStorage.getItem("{FACES_KEY}")"#)));
        assert!(START_SCRIPT.contains(&format!("window.{START_GLOBAL} =")));
    }

    /// The element carries the build's entry, chunks, faces and headline face; the text stays the
    /// same.
    #[test]
    fn the_element_names_the_build_and_keeps_its_text() {
        let entry = EntryLinks {
            script: "/assets/main-a.js".to_owned(),
            stylesheets: vec!["/assets/main-b.css".to_owned()],
            module_preloads: vec![
                "/assets/site-c.js".to_owned(),
                "/assets/run-d.js".to_owned(),
            ],
            faces: vec![
                "/assets/display-e.woff2".to_owned(),
                "/assets/text-f.woff2".to_owned(),
            ],
            headline_face: Some("/assets/headline-g.woff2".to_owned()),
            ..EntryLinks::default()
        };
        let markup = script(&entry, &[]).into_string();
        assert!(markup.contains(r#"data-headline="/assets/headline-g.woff2""#));
        assert!(!markup.contains("data-stylesheets"));
        assert!(markup.contains(r#"data-entry="/assets/main-a.js""#));
        assert!(markup.contains(r#"data-chunks="/assets/site-c.js /assets/run-d.js""#));
        assert!(markup.contains(r#"data-faces="/assets/display-e.woff2 /assets/text-f.woff2""#));
        assert!(markup.contains(&format!(">{START_SCRIPT}</script>")));
        assert!(csp_hash().starts_with("'sha256-") && csp_hash().len() == 53);
        let later = script(&entry, &entry.stylesheets).into_string();
        assert!(later.contains(r#"data-stylesheets="/assets/main-b.css""#));
        assert!(later.contains(&format!(">{START_SCRIPT}</script>")));
    }
}
