/**
 * Clicks that landed before the entry started. The page's start script
 * (crates/site/src/start.rs) requests the entry only once the page has painted, and holds a
 * click on a button that opens an island (site/triggers.ts) or on a submit button of a form an
 * island takes over ([EARLY_CLICKS]) until then; the entry, once its listeners are in place,
 * takes the held clicks over and replays them, so the tap opens the chat or the dialog it was
 * meant for, and the submit reaches the islands runtime, which holds it until the form's island
 * has mounted and then submits the island's form (islands/runtime/runtime.ts, holdSubmits).
 */
import { SUBMITTER_SELECTOR } from '../islands/runtime/runtime';
import { TRIGGERS } from './triggers';

/**
 * What the start script holds a click on (its `data-early-clicks`, EARLY_CLICKS in
 * crates/site/src/start.rs, which tests/e2e/specs/page-start.spec.ts checks against this).
 */
export const EARLY_CLICKS = [
  ...TRIGGERS.map((trigger) => `[${trigger.attribute}]`),
  `[data-island] ${SUBMITTER_SELECTOR}`,
].join(',');

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
