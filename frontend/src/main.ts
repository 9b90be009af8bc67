/**
 * The client entry, started on every page once it has painted and loaded, or at the visitor's
 * first press (the page's start script: crates/site/src/start.rs). It stays small:
 * consent defaults and the cookie banner, the visit cookie and outbound-link beacon, the phone menu, the chat button stepping aside while
 * the visitor reads, one delegated listener for buttons that open islands (and the clicks on
 * them the start script held), the islands runtime, and the brand's faces fetched for the next
 * page. Components, React and the WebAssembly core load on demand.
 */
import './styles.css';
import './islands/islands.css';
import { tuckChatWhileReading } from './site/chat-tuck';
import { initConsentDefaults, storedConsent } from './site/consent';
import { enhanceCookieBanner } from './site/cookie-banner';
import { replayEarlyClicks } from './site/early-clicks';
import { fetchFacesForNextPage } from './site/faces';
import { enhanceMobileMenu } from './site/mobile-menu';
import { enhanceTriggers } from './site/triggers';
import { keepVisit, watchOutboundLinks } from './site/visit';
import { startIslands } from './islands/runtime/runtime';
import { islands } from './islands/registry';

initConsentDefaults();
enhanceCookieBanner(document);
keepVisit(storedConsent());
watchOutboundLinks(document);
enhanceMobileMenu(document);
enhanceTriggers(document);
tuckChatWhileReading(window);
void startIslands(document, islands);
// After the listeners above: a click held by the start script now finds them.
replayEarlyClicks();
void fetchFacesForNextPage(document);
