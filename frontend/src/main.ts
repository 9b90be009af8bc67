/**
 * The client entry, linked from every page. It stays small: consent defaults and the cookie
 * banner, the phone menu, the chat button stepping aside while the visitor reads, one delegated
 * listener for buttons that open islands, and the islands runtime. Components, React and the
 * WebAssembly core load on demand.
 */
import './styles.css';
import './islands/islands.css';
import { tuckChatWhileReading } from './site/chat-tuck';
import { initConsentDefaults } from './site/consent';
import { enhanceCookieBanner } from './site/cookie-banner';
import { enhanceMobileMenu } from './site/mobile-menu';
import { enhanceTriggers } from './site/triggers';
import { startIslands } from './islands/runtime/runtime';
import { islands } from './islands/registry';

initConsentDefaults();
enhanceCookieBanner(document);
enhanceMobileMenu(document);
enhanceTriggers(document);
tuckChatWhileReading(window);
void startIslands(document, islands);
