/** The chat's message list (SPEC section 3: id, text, isBot, timestamp and the two buttons),
 * with a reply's class rows, notes and links (the core's structured reply). */
import type { ChatClassRow, ChatLink, ChatReply } from './wasm-pkg/onespace_chat_wasm';

export interface ChatMessage {
  id: number;
  text: string;
  isBot: boolean;
  timestamp: number;
  showContactButton: boolean;
  showCancelButton: boolean;
  classes: ChatClassRow[];
  notes: string[];
  links: ChatLink[];
}

let nextId = 1;

export function botMessage(text: string, reply?: ChatReply): ChatMessage {
  return {
    id: nextId++,
    text,
    isBot: true,
    timestamp: Date.now(),
    showContactButton: reply?.showContactButton ?? false,
    showCancelButton: reply?.showCancelButton ?? false,
    classes: reply?.classes ?? [],
    notes: reply?.notes ?? [],
    links: reply?.links ?? [],
  };
}

export function visitorMessage(text: string): ChatMessage {
  return {
    id: nextId++,
    text,
    isBot: false,
    timestamp: Date.now(),
    showContactButton: false,
    showCancelButton: false,
    classes: [],
    notes: [],
    links: [],
  };
}
