/**
 * Buttons and links in the server's page content that open an island: one delegated click
 * listener for the whole document, so the pages need no script of their own.
 *
 * Each trigger is a working link without JavaScript ('Request Discount Code' is a mailto link,
 * 'Chat with Our Assistant' a link to the contact page, a plan's 'Choose Plan' a link to the
 * membership form further down). With JavaScript the click opens the island instead; when the
 * page has no such island the link does what it always did. When the visitor reaches for a
 * trigger (pointer over, focus, touch) its island starts loading, so the click finds it ready.
 */
import { requestIsland, warmIsland } from './island-requests';

interface Trigger {
  /** Attribute that marks a trigger. */
  attribute: string;
  /** Island that handles it. */
  island: string;
  /** What the island needs from the trigger element. */
  detail: (element: HTMLElement) => unknown;
}

export const TRIGGERS: readonly Trigger[] = [
  { attribute: 'data-chat-open', island: 'ChatAssistant', detail: () => ({}) },
  { attribute: 'data-discount-open', island: 'DiscountDialog', detail: () => ({}) },
  {
    attribute: 'data-one-to-one',
    island: 'OneToOneDialog',
    detail: (element) => ({ memberId: element.dataset['oneToOne'] ?? '' }),
  },
  {
    attribute: 'data-plan',
    island: 'MembershipDialog',
    detail: (element) => ({ plan: element.dataset['plan'] ?? '' }),
  },
];

const SELECTOR = TRIGGERS.map((trigger) => `[${trigger.attribute}]`).join(',');

/** Signs that the visitor is about to press a trigger. */
const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

function triggerOf(target: EventTarget | null): { element: HTMLElement; trigger: Trigger } | null {
  const element = target instanceof Element ? target.closest<HTMLElement>(SELECTOR) : null;
  const trigger = element && TRIGGERS.find((candidate) => element.hasAttribute(candidate.attribute));
  return element && trigger ? { element, trigger } : null;
}

/** Listens for trigger clicks below `root`. */
export function enhanceTriggers(root: Document = document): void {
  root.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const found = triggerOf(event.target);
    if (found && requestIsland(found.trigger.island, found.trigger.detail(found.element), root)) event.preventDefault();
  });
  for (const type of INTENT_EVENTS) {
    root.addEventListener(
      type,
      (event) => {
        const found = triggerOf(event.target);
        if (found) warmIsland(found.trigger.island, root);
      },
      { passive: true },
    );
  }
}
