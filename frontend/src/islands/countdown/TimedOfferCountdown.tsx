/**
 * The timed 10%-off page (SPEC sections 2, 4): a 5-minute countdown (mm:ss) from the core's
 * timed-offer rule, its end kept in localStorage under the core's key. While it runs the coupon
 * code and the discounted checkout link show; at zero both hide and 'Time's Up!' and the regular
 * link to /intro-offer show. The server renders the running state, which is this component's
 * first render, so mounting moves nothing.
 */
import { useEffect, useState } from 'react';
import { loadCore } from '../../core/load';
import type { CountdownState } from '../../wasm-pkg/onespace_wasm';
import { readStoredEnd, storeEnd } from './storage';

interface Link {
  href: string;
  label: string;
}

interface TimedOfferCountdownProps {
  label: string;
  initialDisplay: string;
  expiredMessage: string;
  storageKey: string;
  /** Words before the coupon code. */
  codeLabel: string;
  code: string;
  /** The discounted checkout (external, new tab). */
  offer: Link;
  /** The regular offer once time is up (/intro-offer). */
  regular: Link;
}

export default function TimedOfferCountdown(props: TimedOfferCountdownProps) {
  const { storageKey } = props;
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

  if (state?.expired) {
    return (
      <div className="timed-offer">
        <div className="countdown countdown-expired" role="status">
          <span className="countdown-label">{props.expiredMessage}</span>
        </div>
        <a className="btn btn-primary" href={props.regular.href}>
          {props.regular.label}
        </a>
      </div>
    );
  }
  return (
    <div className="timed-offer">
      <div className="countdown" role="timer" aria-live="off">
        <span className="countdown-label">{props.label}</span>
        <span className="countdown-time" data-countdown-time>
          {state?.display ?? props.initialDisplay}
        </span>
      </div>
      <p className="timed-offer-code">
        {props.codeLabel} <strong className="coupon-code">{props.code}</strong>
      </p>
      <a className="btn btn-primary" href={props.offer.href} target="_blank" rel="noopener noreferrer">
        {props.offer.label}
      </a>
    </div>
  );
}
