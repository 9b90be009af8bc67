/**
 * The timed 10%-off page's countdown (SPEC sections 2, 4): 5 minutes (mm:ss) from the core's
 * timed-offer rule, its end kept in localStorage under the core's key. The page renders the
 * running offer (plan, coupon, discounted checkout) in elements marked `data-offer-running` and
 * the 'Time's Up!' panel with the regular link to /intro-offer in `data-offer-expired` (hidden);
 * at zero the countdown swaps them (`showExpiredOffer`). The server renders the countdown's first state, which is this
 * component's first render, so mounting moves nothing.
 */
import { CountdownView, useCountdown, type CountdownProps, type FirstTick } from './countdown';

const timedRule: FirstTick = (core, nowMs, storedEndMs) => core.timedOfferCountdown(nowMs, storedEndMs);

export default function TimedOfferCountdown(props: CountdownProps) {
  const state = useCountdown(timedRule, props.storageKey);
  return <CountdownView {...props} state={state} />;
}
