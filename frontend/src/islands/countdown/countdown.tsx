/**
 * What the two countdown islands share: the ticking, driven by the core's rules through
 * WebAssembly (the first tick applies the island's rule to the end time kept in localStorage;
 * later ticks count down to that end and stop at zero), and the markup, which matches the
 * server's fallback so that mounting moves nothing.
 */
import { useEffect, useState } from 'react';
import { loadCore, type CoreModule } from '../../core/load';
import type { CountdownState } from '../../wasm-pkg/onespace_wasm';
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

/** The countdown's state, `null` until the core has answered. */
export function useCountdown(firstTick: FirstTick, storageKey: string): CountdownState | null {
  const [state, setState] = useState<CountdownState | null>(null);
  useEffect(() => {
    let timer: number | undefined;
    let cancelled = false;
    void loadCore().then((core) => {
      if (cancelled) return;
      const first = firstTick(core, Date.now(), readStoredEnd(storageKey));
      storeEnd(storageKey, first.endMs);
      setState(first);
      if (first.expired) {
        showExpiredOffer(document);
        return;
      }
      timer = window.setInterval(() => {
        const next = core.countdownAt(Date.now(), first.endMs);
        setState(next);
        if (next.expired) {
          window.clearInterval(timer);
          showExpiredOffer(document);
        }
      }, 1000);
    });
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [firstTick, storageKey]);
  return state;
}

/**
 * The running time, or the expired message at zero. Until the core has answered, the time is
 * marked `data-pending` (as the server's fallback is): with scripts on it is kept hidden in its
 * box, so a revisit shows no '10:00' that jumps a moment later to the time really left (the end
 * is in this browser's storage, which the server cannot read), and nothing shifts when it shows.
 * Without scripts the stylesheet shows the fallback's fresh window.
 */
export function CountdownView({ state, label, initialDisplay, expiredMessage }: CountdownProps & { state: CountdownState | null }) {
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
      <span className="countdown-time" data-countdown-time data-pending={state ? undefined : ''}>
        {state?.display ?? initialDisplay}
      </span>
    </div>
  );
}
