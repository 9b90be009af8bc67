/**
 * The chat's facts, fetched from the server once, as the island mounts (when the visitor reaches
 * for the button): the panel's words (`panel`) beside what the replies are computed from (prices,
 * hours, address, challenge dates and the coming classes of the stored timetable copy). No page
 * carries them, so no page's HTML or initial JavaScript grows. The core reads the facts; the
 * island reads only the words.
 */
import type { FieldTexts } from '../forms/FormFields';
import type { ChatFacts, ChatReply } from './wasm-pkg/onespace_chat_wasm';
import type { ChatPanelLabels } from './ChatPanel';

/** The panel's words (crates/site/src/widgets/chat.rs, `panel_words`). */
export interface ChatPanelWords {
  labels: ChatPanelLabels;
  contactDialogTitle: string;
  cancelDialogTitle: string;
  texts: FieldTexts;
  /** The core's fallback reply, given when the chat's module cannot be fetched. */
  fallback: ChatReply;
  greeting: string;
  /** Appended after the contact dialog's mail link opens. */
  contactConfirmation: string;
  /** Appended after the cancellation dialog's mail link opens. */
  cancelConfirmation: string;
  /** The studio's e-mail address (from the content), which the dialogs' mail links go to. */
  to: string;
}

/** What the server serves at the facts' address. */
export type ServedChatFacts = ChatFacts & { panel: ChatPanelWords };

let pending: Promise<ServedChatFacts | null> | null = null;
let pendingUrl = '';

/** The facts at `url`, fetched once per page (a failed fetch is tried again next time). */
export function loadChatFacts(url: string): Promise<ServedChatFacts | null> {
  if (!pending || pendingUrl !== url) {
    pendingUrl = url;
    pending = fetch(url, { headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<ServedChatFacts>) : null))
      .then((facts) => (facts && typeof facts === 'object' && facts.panel ? facts : null))
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
