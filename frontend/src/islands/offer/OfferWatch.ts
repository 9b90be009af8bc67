/**
 * Watches a dated offer on its live page (crates/site/src/pages/campaigns.rs): if the page is
 * still open when the offer ends, it says so and points to what is on now, as the server's ended
 * page does, and hides the offer's content (`[data-offer-live]`, via `data-offer-ended` on the
 * document). The end instant comes in the props only to schedule the check; whether the offer
 * has ended is the core's rule (`offerState`, UK calendar days), the same as the server's. A
 * timer and a few elements: no framework.
 *
 * Props: `starts` and `ends` (UK days, `YYYY-MM-DD`), `endsMs` (the end instant), `previewMs`
 * (under the server's `--preview-date`, the preview instant counted from instead of the browser's
 * clock; `null` otherwise), `aheadMs` (under `--preview-from`, how far the server's running clock
 * is ahead of the real one), and the ended notice's `heading`, `message` and `links`.
 */
import { loadCore } from '../../core/load';
import { create, numberOr, pairs, text } from '../plain/props';

/** setTimeout's longest delay (about 24.8 days); longer waits are taken in steps. */
const LONGEST_TIMEOUT_MS = 2_147_483_647;

/** The ended notice, as the server's ended page opens. */
function endedNotice(doc: Document, heading: string, message: string, links: Array<{ label: string; href: string }>): HTMLElement {
  const section = create(doc, 'section', 'page-hero offer-ended');
  section.setAttribute('role', 'status');
  const container = create(doc, 'div', 'container-page relative');
  const actions = create(doc, 'div', 'hero-actions');
  links.forEach((link, index) => {
    const anchor = create(doc, 'a', index === 0 ? 'btn btn-primary' : 'btn btn-outline-light', link.label);
    anchor.href = link.href;
    actions.append(anchor);
  });
  container.append(
    create(doc, 'p', 'eyebrow', 'Offers'),
    create(doc, 'h1', 'page-title', heading),
    create(doc, 'p', 'page-lead', message),
    actions,
  );
  section.append(container);
  return section;
}

export function mount(host: HTMLElement, props: Record<string, unknown>): void {
  const doc = host.ownerDocument;
  const win = doc.defaultView ?? window;
  const starts = text(props, 'starts');
  const ends = text(props, 'ends');
  const endsMs = numberOr(props, 'endsMs', Number.POSITIVE_INFINITY);
  const previewMs = numberOr(props, 'previewMs', null);
  const aheadMs = numberOr(props, 'aheadMs', 0);
  const placeholder = create(doc, 'div', 'offer-ended');
  placeholder.hidden = true;
  host.replaceChildren(placeholder);

  let timer = 0;
  let ended = false;
  const mountedAt = win.performance.now();
  const now = () => (previewMs === null ? Date.now() + aheadMs : previewMs + (win.performance.now() - mountedAt));
  const check = () => {
    const left = endsMs - now();
    if (left > 0) {
      timer = win.setTimeout(check, Math.min(Math.ceil(left), LONGEST_TIMEOUT_MS));
      return;
    }
    void loadCore().then((core) => {
      if (ended || core.offerState(starts, ends, now()).phase !== 'ended') return;
      ended = true;
      doc.removeEventListener('visibilitychange', onVisible);
      host.replaceChildren(endedNotice(doc, text(props, 'heading'), text(props, 'message'), pairs(props, 'links', 'href')));
      doc.documentElement.dataset['offerEnded'] = '';
    });
  };
  // Timers pause while a tab sleeps: check again when it is shown.
  const onVisible = () => {
    if (doc.visibilityState === 'visible') {
      win.clearTimeout(timer);
      check();
    }
  };
  check();
  doc.addEventListener('visibilitychange', onVisible);
}
