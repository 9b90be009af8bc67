/**
 * The timed 10%-off page's countdown (SPEC sections 2, 4): 5 minutes (mm:ss) from the core's
 * timed-offer rule, its end kept in localStorage under the core's key. The page renders the
 * running offer (plan, coupon, discounted checkout) in elements marked `data-offer-running` and
 * the 'Time's Up!' panel with the regular link to /intro-offer in `data-offer-expired` (hidden);
 * at zero this island swaps them. The server renders the countdown's first state, which is this
 * component's first render, so mounting moves nothing.
 */
import { useEffect } from 'react';
import { CountdownView, useCountdown, type CountdownProps, type FirstTick } from './countdown';

const timedRule: FirstTick = (core, nowMs, storedEndMs) => core.timedOfferCountdown(nowMs, storedEndMs);

/** Hides the running offer and shows the expired panel, wherever the page put them. */
function showExpiredOffer(doc: Document): void {
  for (const element of Array.from(doc.querySelectorAll<HTMLElement>('[data-offer-running]'))) element.hidden = true;
  for (const element of Array.from(doc.querySelectorAll<HTMLElement>('[data-offer-expired]'))) element.hidden = false;
}

export default function TimedOfferCountdown(props: CountdownProps) {
  const state = useCountdown(timedRule, props.storageKey);
  const expired = state?.expired ?? false;
  useEffect(() => {
    if (expired) showExpiredOffer(document);
  }, [expired]);
  return <CountdownView {...props} state={state} />;
}
