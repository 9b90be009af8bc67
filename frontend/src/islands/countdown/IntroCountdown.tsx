/**
 * The intro-offer countdown (SPEC section 4): a 10-minute window whose end time is kept in
 * localStorage. Every figure comes from the core through WebAssembly: the first tick applies the
 * intro rule (keep a future end, otherwise start a new window), later ticks count down to zero
 * and stay expired until the next visit. The markup matches the server fallback, so mounting
 * moves nothing.
 */
import { useEffect, useState } from 'react';
import { loadCore } from '../../core/load';
import type { CountdownState } from '../../wasm-pkg/onespace_wasm';
import { readStoredEnd, storeEnd } from './storage';

interface IntroCountdownProps {
  /** Words before the running time, as the server renders them. */
  label: string;
  /** The server's first render of the time, shown until the core answers. */
  initialDisplay: string;
  /** Shown at zero. */
  expiredMessage: string;
  /** localStorage key of the end time (milliseconds since the epoch), from the core. */
  storageKey: string;
}

export default function IntroCountdown({ label, initialDisplay, expiredMessage, storageKey }: IntroCountdownProps) {
  const [state, setState] = useState<CountdownState | null>(null);

  useEffect(() => {
    let timer: number | undefined;
    let cancelled = false;
    void loadCore().then((core) => {
      if (cancelled) return;
      const first = core.introOfferCountdown(Date.now(), readStoredEnd(storageKey));
      storeEnd(storageKey, first.endMs);
      setState(first);
      timer = window.setInterval(() => {
        const next = core.countdownAt(Date.now(), first.endMs);
        setState(next);
        if (next.expired) window.clearInterval(timer);
      }, 1000);
    });
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [storageKey]);

  if (state?.expired) {
    return (
      <div className="countdown countdown-expired" role="status">
        <span className="countdown-label">{expiredMessage}</span>
      </div>
    );
  }
  return (
    <div className="countdown" role="timer" aria-live="off">
      <span className="countdown-label">{label}</span>
      <span className="countdown-time" data-countdown-time>
        {state?.display ?? initialDisplay}
      </span>
    </div>
  );
}
