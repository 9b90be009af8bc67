/**
 * Requests from the page to an island that may not be mounted yet: 'Chat with Our Assistant'
 * on /contact opens the site-wide chat, 'Request Discount Code' opens the discount dialog, a
 * coach's card opens the 1-2-1 dialog, a founder plan opens the membership dialog.
 *
 * A request is kept until the island takes it, and the island is asked to load at once
 * (LOAD_NOW_EVENT), so a click before the island's idle-time load is not lost: the island
 * mounts and then handles it. Module state is shared because the islands' chunks import this
 * module from the entry chunk.
 */
import { LOAD_NOW_EVENT } from '../islands/runtime/runtime';

const pending = new Map<string, unknown>();

function eventName(island: string): string {
  return `onespace:request:${island}`;
}

/** The first element of the named island (one of our own component names) on the page. */
export function findIsland(island: string, root: ParentNode = document): HTMLElement | null {
  return root.querySelector<HTMLElement>(`[data-island="${island}"]`);
}

/**
 * Asks the named island to act on `detail`, loading it first if needed. Returns false when the
 * page has no such island, so the caller can let the link's own action happen instead.
 */
export function requestIsland(island: string, detail: unknown = {}, root: ParentNode = document): boolean {
  const element = findIsland(island, root);
  if (!element) return false;
  pending.set(island, detail);
  document.dispatchEvent(new CustomEvent(eventName(island)));
  if (element.dataset['islandState'] !== 'mounted') element.dispatchEvent(new Event(LOAD_NOW_EVENT));
  return true;
}

/**
 * Starts loading the named island without asking it for anything: the visitor is reaching for a
 * button that opens it (pointer over, focus, touch), so its code is on its way before the click.
 */
export function warmIsland(island: string, root: ParentNode = document): void {
  const element = findIsland(island, root);
  if (element && element.dataset['islandState'] !== 'mounted') element.dispatchEvent(new Event(LOAD_NOW_EVENT));
}

/**
 * Delivers requests for `island` to `handler`: one that arrived before the call at once, later
 * ones as they come. Returns the unsubscribe function (for a React effect's cleanup).
 */
export function onIslandRequest<T>(island: string, handler: (detail: T) => void): () => void {
  const deliver = () => {
    if (!pending.has(island)) return;
    const detail = pending.get(island) as T;
    pending.delete(island);
    handler(detail);
  };
  document.addEventListener(eventName(island), deliver);
  deliver();
  return () => document.removeEventListener(eventName(island), deliver);
}
