/**
 * The intro-offer countdown (SPEC section 4): a 10-minute window whose end time is kept in
 * localStorage. Every figure comes from the core through WebAssembly: the first tick applies the
 * intro rule (keep a future end, otherwise start a new window), later ticks count down to zero
 * and stay expired until the next visit. The markup matches the server fallback, so mounting
 * moves nothing.
 */
import { useEffect, useState } from 'react';
import { loadCore } from '../../core/load';

/** Storage key of the intro-offer end time (milliseconds since the epoch). */
export const INTRO_OFFER_END_KEY = 'intro-offer-end';

interface IntroCountdownProps {
  /** Words before the running time, as the server renders them. */
  label: string;
  /** The server's first render of the time, shown until the core answers. */
  initialDisplay: string;
  /** Shown at zero. */
  expiredMessage: string;
}

interface CountdownState {
  endMs: number;
  remainingSeconds: number;
  display: string;
  expired: boolean;
}

function readStoredEnd(): number | undefined {
  try {
    const raw = window.localStorage.getItem(INTRO_OFFER_END_KEY);
    const value = raw === null ? Number.NaN : Number(raw);
    return Number.isFinite(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function storeEnd(endMs: number): void {
  try {
    window.localStorage.setItem(INTRO_OFFER_END_KEY, String(endMs));
  } catch {
    // Storage blocked: the countdown still runs for this page view.
  }
}

export default function IntroCountdown({ label, initialDisplay, expiredMessage }: IntroCountdownProps) {
  const [state, setState] = useState<CountdownState | null>(null);

  useEffect(() => {
    let timer: number | undefined;
    let cancelled = false;
    void loadCore().then((core) => {
      if (cancelled) return;
      const first = core.introOfferCountdown(Date.now(), readStoredEnd()) as CountdownState;
      storeEnd(first.endMs);
      setState(first);
      timer = window.setInterval(() => {
        const next = core.countdownAt(Date.now(), first.endMs) as CountdownState;
        setState(next);
        if (next.expired) window.clearInterval(timer);
      }, 1000);
    });
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, []);

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
