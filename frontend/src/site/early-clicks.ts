/**
 * Clicks that landed before the entry started. The page's start script
 * (crates/site/src/render/start.rs) requests the entry only once the page has painted, and
 * holds a click on a button that opens an island (site/triggers.ts) until then; the entry, once
 * its listeners are in place, takes the held clicks over and replays them, so the tap opens the
 * chat or the dialog it was meant for.
 */

/** What the start script offers the entry (`window.onespaceStart`, START_GLOBAL there). */
interface StartScript {
  /** Stops holding clicks and hands over the ones held so far, oldest first. */
  release(): Element[];
}

declare global {
  interface Window {
    onespaceStart?: StartScript;
  }
}

/** Takes the held clicks over and replays each on its element, if still on the page. */
export function replayEarlyClicks(win: Window = window): void {
  for (const target of win.onespaceStart?.release() ?? []) {
    if (target instanceof HTMLElement && target.isConnected) target.click();
  }
}
