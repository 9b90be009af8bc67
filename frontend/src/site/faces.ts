/**
 * The brand's faces for the pages after the first. A visitor's first page paints in the faces'
 * metric-matched fallbacks (the page's start script sets `faces-later` on `<html>` when the
 * browser has not recorded the faces: crates/site/src/start.rs), so no typeface download
 * stands between the visitor and the first paint. The entry starts once that page has loaded;
 * here it fetches the faces into the browser's cache (the same requests the stylesheet's
 * `@font-face` makes: same-origin, anonymous CORS) and records which files it holds. The next
 * page finds the record and uses the faces from its first paint. The page being read keeps its
 * fallbacks: swapping faces under the reader's eyes would move its lines.
 */

import { safeLocalStorage } from './storage';

/** The localStorage key (the start script reads it: crates/site/src/start.rs, FACES_KEY). */
export const FACES_KEY = 'brand-faces';

/** The class the start script sets while a page paints in the fallbacks (FACES_LATER_CLASS). */
export const FACES_LATER_CLASS = 'faces-later';

/**
 * Fetches the faces named by the start script (`data-faces`, space-separated) when this page
 * paints without them, then records them in `storage`. Resolves once done; a failed fetch
 * records nothing, so the next page asks again.
 */
export async function fetchFacesForNextPage(
  doc: Document,
  storage: Storage | null = safeLocalStorage(),
  fetcher: typeof fetch = (input, init) => fetch(input, init),
): Promise<void> {
  if (!doc.documentElement.classList.contains(FACES_LATER_CLASS)) return;
  const faces = doc.querySelector<HTMLScriptElement>('script[data-faces]')?.dataset['faces'] ?? '';
  const files = faces.split(' ').filter(Boolean);
  if (!storage || files.length === 0) return;
  try {
    const responses = await Promise.all(files.map((file) => fetcher(file, { mode: 'cors', credentials: 'same-origin' })));
    if (!responses.every((response) => response.ok)) return;
    // Read to the end, so each file is whole in the cache before it is recorded.
    await Promise.all(responses.map((response) => response.arrayBuffer()));
    storage.setItem(FACES_KEY, faces);
  } catch {
    // Offline, or storage full or blocked: the next page paints in the fallbacks again.
  }
}
