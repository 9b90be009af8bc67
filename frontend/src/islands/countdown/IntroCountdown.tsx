/**
 * The intro-offer countdown (SPEC section 4): a 10-minute window whose end time is kept in
 * localStorage. Every figure comes from the core through WebAssembly: the first tick applies the
 * intro rule (keep a future end, otherwise start a new window), later ticks count down to zero
 * and stay expired until the next visit. The markup matches the server fallback, so mounting
 * moves nothing.
 */
import { CountdownView, useCountdown, type CountdownProps, type FirstTick } from './countdown';

const introRule: FirstTick = (core, nowMs, storedEndMs) => core.introOfferCountdown(nowMs, storedEndMs);

export default function IntroCountdown(props: CountdownProps) {
  const state = useCountdown(introRule, props.storageKey);
  return <CountdownView {...props} state={state} />;
}
