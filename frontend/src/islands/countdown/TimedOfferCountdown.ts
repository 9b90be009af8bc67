/**
 * The timed 10%-off page's countdown (SPEC sections 2, 4): 5 minutes (mm:ss) from the core's
 * timed-offer rule, its end kept in localStorage under the core's key. The page renders the
 * running offer (plan, coupon, discounted checkout) in elements marked `data-offer-running` and
 * the 'Time's Up!' panel with the regular link to /intro-offer in `data-offer-expired` (hidden);
 * at zero the countdown swaps them (`showExpiredOffer`). It writes into the server's markup (the
 * countdown's first state), so mounting moves nothing, and needs no framework.
 */
import { countdownProps, mountCountdown } from './countdown';

export async function mount(element: HTMLElement, props: Record<string, unknown>): Promise<void> {
  await mountCountdown(element, countdownProps(props), (core, nowMs, storedEndMs) =>
    core.timedOfferCountdown(nowMs, storedEndMs),
  );
}
