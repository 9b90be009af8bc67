/**
 * The assistant's replies: the chat's own WebAssembly module (crates/chat-wasm, the core's chat
 * replies) run on the facts the server serves (facts.ts). The module is not the islands' core
 * (core/load.ts): the replies' code is most of what the chat adds, and countdowns, forms and the
 * timetable's filters have no use for it. It is fetched when the panel first opens (the facts
 * already as the island mounts), so no page and no other island downloads it.
 */
import type * as ChatCore from './wasm-pkg/onespace_chat_wasm';
import type { ChatReply } from './wasm-pkg/onespace_chat_wasm';
import { loadChatFacts } from './facts';

export type ChatModule = typeof ChatCore;

let pending: Promise<ChatModule | null> | null = null;

/** The chat's module, imported once (a failed import is tried again next time). */
export function loadChatModule(): Promise<ChatModule | null> {
  pending ??= import('./wasm-pkg/onespace_chat_wasm').catch(() => {
    pending = null;
    return null;
  });
  return pending;
}

/** Starts fetching what a reply needs: the module and the facts at `factsUrl` (fetched once). */
export function prepareAnswers(factsUrl: string): void {
  void loadChatModule();
  void loadChatFacts(factsUrl);
}

/**
 * The reply to `text` at the moment both the module and the facts are there; `fallback` (the
 * server's, with the contact button) when either cannot be loaded or the facts are not the
 * server's (the owner sends no blank input).
 */
export async function answer(text: string, factsUrl: string, fallback: ChatReply): Promise<ChatReply> {
  const [chat, facts] = await Promise.all([loadChatModule(), loadChatFacts(factsUrl)]);
  if (!chat || !facts) return fallback;
  try {
    return chat.chatReply(text, facts, Date.now()) ?? fallback;
  } catch {
    return fallback;
  }
}
