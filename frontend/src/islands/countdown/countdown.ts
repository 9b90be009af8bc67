/**
 * What the two countdown islands share, without a framework: the ticking, driven by the core's
 * rules through WebAssembly (the first tick applies the island's rule to the end time kept in
 * localStorage; later ticks count down to that end and stop at zero), written into the server's
 * markup in place. The countdowns sit on the pages paid visitors land on (the intro offer, the six
 * service pages, the timed offer), so they load at once; a few lines over the server's markup
 * keep React off those pages until a visitor taps something that needs it.
 */
import { loadCore, type CoreModule } from '../../core/load';
import type { CountdownState } from '../../wasm-pkg/onespace_wasm';
import { create, text } from '../plain/props';
import { readStoredEnd, storeEnd } from './storage';

export interface CountdownProps {
  /** Words before the running time, as the server renders them. */
  label: string;
  /** The server's first render of the time, shown until the core answers. */
  initialDisplay: string;
  /** Shown at zero. */
  expiredMessage: string;
  /** localStorage key of the end time (milliseconds since the epoch), from the core. */
  storageKey: string;
}

/**
 * Hides the running offer and shows the regular one, wherever the page put them: the server
 * renders every price and button that holds only while the countdown runs in an element marked
 * `data-offer-running`, and its regular twin, hidden, in one marked `data-offer-expired`. So when
 * a countdown ends, nothing on the page still offers the price that ended.
 */
export function showExpiredOffer(doc: Document): void {
  for (const element of Array.from(doc.querySelectorAll<HTMLElement>('[data-offer-running]'))) element.hidden = true;
  for (const element of Array.from(doc.querySelectorAll<HTMLElement>('[data-offer-expired]'))) element.hidden = false;
}

/** The core's rule for the first tick: the intro offer's or the timed offer's. */
export type FirstTick = (core: CoreModule, nowMs: number, storedEndMs: number | undefined) => CountdownState;

/** Reads the props the server wrote; a missing text is empty rather than a crash. */
export function countdownProps(props: Record<string, unknown>): CountdownProps {
  return {
    label: text(props, 'label'),
    initialDisplay: text(props, 'initialDisplay'),
    expiredMessage: text(props, 'expiredMessage'),
    storageKey: text(props, 'storageKey'),
  };
}

/**
 * The countdown's box in `element`: the server's (`.countdown` with its label and its time
 * marked `data-pending`), or the same markup built here when the element is empty.
 */
function countdownBox(element: HTMLElement, props: CountdownProps): HTMLElement {
  const existing = element.querySelector<HTMLElement>(':scope > .countdown');
  if (existing) return existing;
  const doc = element.ownerDocument;
  const box = create(doc, 'div', 'countdown');
  box.setAttribute('role', 'timer');
  box.setAttribute('aria-live', 'off');
  const label = create(doc, 'span', 'countdown-label', props.label);
  const time = create(doc, 'span', 'countdown-time');
  time.dataset['countdownTime'] = '';
  time.dataset['pending'] = '';
  time.textContent = props.initialDisplay;
  box.append(label, time);
  element.append(box);
  return box;
}

/**
 * Shows `state` in the box: the running time (no longer pending: until the first tick the time
 * stays hidden in its box, so a revisit shows no '10:00' that jumps a moment later to the time
 * really left), or at zero the expired message as a status in the same box.
 */
function show(box: HTMLElement, state: CountdownState, props: CountdownProps): void {
  if (state.expired) {
    if (box.classList.contains('countdown-expired')) return;
    const label = create(box.ownerDocument, 'span', 'countdown-label', props.expiredMessage);
    box.className = 'countdown countdown-expired';
    box.setAttribute('role', 'status');
    box.removeAttribute('aria-live');
    box.replaceChildren(label);
    return;
  }
  const time = box.querySelector<HTMLElement>('[data-countdown-time]');
  if (!time) return;
  delete time.dataset['pending'];
  if (time.textContent !== state.display) time.textContent = state.display;
}

/**
 * Runs a countdown over `element`: loads the core, applies `firstTick` to the stored end, keeps
 * the end, and ticks every second until zero, when the page's running offer gives way to the
 * regular one. Resolves once the first tick is shown.
 */
export async function mountCountdown(element: HTMLElement, props: CountdownProps, firstTick: FirstTick): Promise<void> {
  const box = countdownBox(element, props);
  const core = await loadCore();
  const doc = element.ownerDocument;
  const win = doc.defaultView ?? window;
  const first = firstTick(core, Date.now(), readStoredEnd(props.storageKey));
  storeEnd(props.storageKey, first.endMs);
  show(box, first, props);
  if (first.expired) {
    showExpiredOffer(doc);
    return;
  }
  const timer = win.setInterval(() => {
    const next = core.countdownAt(Date.now(), first.endMs);
    show(box, next, props);
    if (next.expired) {
      win.clearInterval(timer);
      showExpiredOffer(doc);
    }
  }, 1000);
}
