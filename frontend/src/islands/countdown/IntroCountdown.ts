/**
 * The intro-offer countdown (SPEC section 4): a 10-minute window whose end time is kept in
 * localStorage. Every figure comes from the core through WebAssembly: the first tick applies the
 * intro rule (keep a future end; after one ran out, a new window, or with the studio's
 * `once-per-visitor` choice the regular price for `regularMs` first), later ticks count down to
 * zero and stay expired until the next visit. At zero the page's intro prices give way to the
 * regular ones (`showExpiredOffer`). It writes into the server's markup, so mounting moves
 * nothing, and needs no framework.
 */
import { countdownProps, mountCountdown } from './countdown';

export async function mount(element: HTMLElement, props: Record<string, unknown>): Promise<void> {
  const regularMs = typeof props['regularMs'] === 'number' ? props['regularMs'] : undefined;
  await mountCountdown(element, countdownProps(props), (core, nowMs, storedEndMs) =>
    core.introOfferCountdown(nowMs, storedEndMs, regularMs),
  );
}
