/**
 * The intro-offer countdown (SPEC section 4): a 10-minute window whose end time is kept in
 * localStorage. Every figure comes from the core through WebAssembly: the first tick applies the
 * intro rule (keep a future end; after one ran out, a new window, or with the studio's
 * `once-per-visitor` choice the regular price for `regularMs` first), later ticks count down to
 * zero and stay expired until the next visit. At zero the page's intro prices give way to the
 * regular ones (`showExpiredOffer`). The markup matches the server fallback, so mounting moves
 * nothing.
 */
import { useCallback } from 'react';
import { CountdownView, useCountdown, type CountdownProps, type FirstTick } from './countdown';

export interface IntroCountdownProps extends CountdownProps {
  /** How long a visitor whose window ran out sees the regular price; absent: a new window each visit. */
  regularMs?: number;
}

export default function IntroCountdown(props: IntroCountdownProps) {
  const { regularMs } = props;
  const introRule: FirstTick = useCallback(
    (core, nowMs, storedEndMs) => core.introOfferCountdown(nowMs, storedEndMs, regularMs),
    [regularMs],
  );
  const state = useCountdown(introRule, props.storageKey);
  return <CountdownView {...props} state={state} />;
}
