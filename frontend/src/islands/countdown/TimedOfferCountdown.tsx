/**
 * The timed 10%-off page's countdown (SPEC sections 2, 4): 5 minutes (mm:ss) from the core's
 * timed-offer rule, its end kept in localStorage under the core's key. The page renders the
 * running offer (plan, coupon, discounted checkout) in elements marked `data-offer-running` and
 * the 'Time's Up!' panel with the regular link to /intro-offer in `data-offer-expired` (hidden);
 * at zero this island swaps them. The server renders the countdown's first state, which is this
 * component's first render, so mounting moves nothing.
 */
import { useEffect, useState } from 'react';
import { loadCore } from '../../core/load';
import type { CountdownState } from '../../wasm-pkg/onespace_wasm';
import { readStoredEnd, storeEnd } from './storage';

interface TimedOfferCountdownProps {
  label: string;
  initialDisplay: string;
  expiredMessage: string;
  storageKey: string;
}

/** Hides the running offer and shows the expired panel, wherever the page put them. */
function showExpiredOffer(doc: Document): void {
  for (const element of Array.from(doc.querySelectorAll<HTMLElement>('[data-offer-running]'))) element.hidden = true;
  for (const element of Array.from(doc.querySelectorAll<HTMLElement>('[data-offer-expired]'))) element.hidden = false;
}

export default function TimedOfferCountdown({ label, initialDisplay, expiredMessage, storageKey }: TimedOfferCountdownProps) {
  const [state, setState] = useState<CountdownState | null>(null);

  useEffect(() => {
    let timer: number | undefined;
    let cancelled = false;
    void loadCore().then((core) => {
      if (cancelled) return;
      const first = core.timedOfferCountdown(Date.now(), readStoredEnd(storageKey));
      storeEnd(storageKey, first.endMs);
      setState(first);
      if (first.expired) return;
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

  const expired = state?.expired ?? false;
  useEffect(() => {
    if (expired) showExpiredOffer(document);
  }, [expired]);

  if (expired) {
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
