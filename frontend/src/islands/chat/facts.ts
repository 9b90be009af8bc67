/**
 * The chat's facts (prices, hours, address, challenge dates and the coming classes of the stored
 * timetable copy), fetched from the server once, when the panel first opens: no page carries
 * them, so no page's HTML or initial JavaScript grows. The core reads them; the island never
 * looks inside.
 */
import type { ChatFacts } from './wasm-pkg/onespace_chat_wasm';

let pending: Promise<ChatFacts | null> | null = null;
let pendingUrl = '';

/** The facts at `url`, fetched once per page (a failed fetch is tried again next time). */
export function loadChatFacts(url: string): Promise<ChatFacts | null> {
  if (!pending || pendingUrl !== url) {
    pendingUrl = url;
    pending = fetch(url, { headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<ChatFacts>) : null))
      .catch(() => null)
      .then((facts) => {
        if (!facts) pending = null;
        return facts;
      });
  }
  return pending;
}

/** Forgets a fetched copy (tests). */
export function forgetChatFacts(): void {
  pending = null;
  pendingUrl = '';
}
