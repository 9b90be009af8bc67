/**
 * Watches a dated offer on its live page (crates/server/src/pages/campaigns.rs): if the page is
 * still open when the offer ends, it says so and points to what is on now, as the server's ended
 * page does, and hides the offer's content (`[data-offer-live]`, via `data-offer-ended` on the
 * document). The end instant comes in the props only to schedule the check; whether the offer
 * has ended is the core's rule (`offerState`, UK calendar days), the same as the server's.
 */
import { useEffect, useState } from 'react';
import { loadCore } from '../../core/load';

interface OfferLink {
  label: string;
  href: string;
}

export interface OfferWatchProps {
  /** First day, `YYYY-MM-DD` (UK). */
  starts: string;
  /** Last day, `YYYY-MM-DD` (UK). */
  ends: string;
  /** The end instant, ms since the Unix epoch. */
  endsMs: number;
  /** Under the server's `--preview-date`: the preview instant, counted from instead of the
   * browser's clock (the page shows that date, not today). `null` with the real clock. */
  previewMs: number | null;
  /** Under the server's `--preview-from`: how far its running clock is ahead of the real one,
   * added to the browser's clock. 0 otherwise. */
  aheadMs: number;
  heading: string;
  message: string;
  links: OfferLink[];
}

/** setTimeout's longest delay (about 24.8 days); longer waits are taken in steps. */
const LONGEST_TIMEOUT_MS = 2_147_483_647;

export default function OfferWatch({
  starts,
  ends,
  endsMs,
  previewMs,
  aheadMs,
  heading,
  message,
  links,
}: OfferWatchProps) {
  const [ended, setEnded] = useState(false);

  useEffect(() => {
    if (ended) return;
    let timer = 0;
    let live = true;
    const mountedAt = performance.now();
    const now = () => (previewMs === null ? Date.now() + aheadMs : previewMs + (performance.now() - mountedAt));
    const check = () => {
      const left = endsMs - now();
      if (left > 0) {
        timer = window.setTimeout(check, Math.min(Math.ceil(left), LONGEST_TIMEOUT_MS));
        return;
      }
      void loadCore().then((core) => {
        if (live && core.offerState(starts, ends, now()).phase === 'ended') setEnded(true);
      });
    };
    check();
    // Timers pause while a tab sleeps: check again when it is shown.
    const onVisible = () => {
      if (document.visibilityState === 'visible') {
        window.clearTimeout(timer);
        check();
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [starts, ends, endsMs, previewMs, aheadMs, ended]);

  useEffect(() => {
    if (ended) document.documentElement.dataset['offerEnded'] = '';
  }, [ended]);

  if (!ended) return <div className="offer-ended" hidden />;
  return (
    <section className="page-hero offer-ended" role="status">
      <div className="container-page relative">
        <p className="eyebrow">Offers</p>
        <h1 className="page-title">{heading}</h1>
        <p className="page-lead">{message}</p>
        <div className="hero-actions">
          {links.map((link, index) => (
            <a key={link.href} className={index === 0 ? 'btn btn-primary' : 'btn btn-outline-light'} href={link.href}>
              {link.label}
            </a>
          ))}
        </div>
      </div>
    </section>
  );
}
