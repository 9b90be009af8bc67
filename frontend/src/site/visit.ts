/**
 * First-party visit counting's browser side (the server's crates/server/src/visitors).
 *
 * Pages are counted by the server as it answers them, so nothing here runs for a page view.
 * This script only:
 * - With consent ('Accept All' stored, and no Global Privacy Control), keeps a random visit id
 *   in the first-party cookie `onespace-visit` for 30 minutes after the last page, so the
 *   server can link one visit's steps; a new id is announced once with the page it began on
 *   (the start beacon). Without consent, or once declined, the cookie is deleted at once and
 *   nothing is stored.
 * - Sends a beacon with no identifier when an outbound link is followed (the server counts those
 *   to the booking provider as purchase clicks and ignores the rest). The visit cookie goes with
 *   it only while it exists, i.e. with consent.
 */
import type { Consent } from './consent';

/** The cookie's name; the server reads the same (`visitors::signs::VISIT_COOKIE`). */
export const VISIT_COOKIE = 'onespace-visit';
/** Seconds a visit lasts after its last page (the limit: 30 minutes of inactivity). */
export const VISIT_SECONDS = 30 * 60;
/** The beacons' paths (`visitors::beacon::CLICK_PATH`, `START_PATH` on the server). */
export const CLICK_PATH = '/api/visits/click';
export const START_PATH = '/api/visits/start';

/** Whether the browser asks for Global Privacy Control (then nothing is linked). */
function privacyControl(): boolean {
  return (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
}

/** The visit id the cookie holds, or null. */
export function currentVisit(): string | null {
  const prefix = `${VISIT_COOKIE}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? entry.slice(prefix.length) || null : null;
}

function writeVisit(id: string, seconds: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${VISIT_COOKIE}=${id}; Max-Age=${seconds}; Path=/; SameSite=Lax${secure}`;
}

function send(path: string, body: Record<string, string>): void {
  const text = JSON.stringify(body);
  try {
    if (navigator.sendBeacon?.(path, text)) return;
  } catch {
    // Fall through to fetch.
  }
  void fetch(path, { method: 'POST', body: text, keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
}

/**
 * Applies the visitor's choice to the visit cookie: with consent, keeps the visit going for
 * another 30 minutes (making and announcing a new id when none is running); otherwise deletes
 * the cookie at once. Called on every page and whenever the choice changes.
 */
export function keepVisit(consent: Consent | null): void {
  if (consent !== 'accepted' || privacyControl()) {
    if (currentVisit() !== null) writeVisit('', 0);
    return;
  }
  const running = currentVisit();
  const id = running ?? crypto.randomUUID();
  writeVisit(id, VISIT_SECONDS);
  if (running === null) {
    send(START_PATH, { page: location.pathname, search: location.search, referrer: document.referrer });
  }
}

/** Sends the click beacon when a link to another site is followed (clicked, or middle-clicked). */
export function watchOutboundLinks(root: Document): void {
  const listener = (event: MouseEvent): void => {
    const target = event.target instanceof Element ? event.target : null;
    const link = target?.closest('a[href]');
    if (!(link instanceof HTMLAnchorElement)) return;
    let url: URL;
    try {
      url = new URL(link.href);
    } catch {
      return;
    }
    if (url.origin === location.origin || (url.protocol !== 'https:' && url.protocol !== 'http:')) return;
    send(CLICK_PATH, { page: location.pathname, href: url.href });
  };
  root.addEventListener('click', listener, { capture: true });
  root.addEventListener('auxclick', listener, { capture: true });
}
