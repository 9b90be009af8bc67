/**
 * The back-to-school page's fixed bottom bar (SPEC sections 2, 9): it appears once the visitor
 * has scrolled past `threshold` pixels and offers the page's three offers; on phones the links
 * become a <select> that navigates when an offer is chosen. The server renders it hidden (it
 * is fixed to the viewport, so showing it moves nothing on the page). It is the lowest layer of
 * the bottom dock (site/dock.ts): the chat button, banner and toasts stand above it. A scroll
 * listener and a few elements: no framework.
 *
 * Props: `title`, `threshold` (px), `links` ({label, href}), `selectLabel`, `selectPrompt`.
 */
import { dock } from '../../site/dock';
import { onScrollFrames } from '../../site/scroll-frames';
import { create, numberOr, pairs, text } from '../plain/props';

export function mount(host: HTMLElement, props: Record<string, unknown>): void {
  const doc = host.ownerDocument;
  const win = doc.defaultView ?? window;
  const title = text(props, 'title');
  const threshold = numberOr(props, 'threshold', 0);
  const links = pairs(props, 'links', 'href');

  const bar = create(doc, 'nav', 'quick-bar');
  bar.setAttribute('aria-label', title);
  bar.hidden = true;
  const inner = create(doc, 'div', 'quick-bar-inner');
  const list = create(doc, 'div', 'quick-bar-links');
  for (const link of links) {
    const anchor = create(doc, 'a', 'btn btn-outline btn-sm', link.label);
    anchor.href = link.href;
    list.append(anchor);
  }
  const label = create(doc, 'label', 'sr-only', text(props, 'selectLabel'));
  label.htmlFor = 'quick-bar-select';
  const select = create(doc, 'select', 'quick-bar-select');
  select.id = 'quick-bar-select';
  const prompt = create(doc, 'option', '', text(props, 'selectPrompt'));
  prompt.value = '';
  prompt.disabled = true;
  prompt.selected = true;
  select.append(prompt);
  for (const link of links) {
    const option = create(doc, 'option', '', link.label);
    option.value = link.href;
    select.append(option);
  }
  select.addEventListener('change', () => {
    if (select.value) win.location.assign(select.value);
  });
  inner.append(create(doc, 'p', 'quick-bar-title', title), list, label, select);
  bar.append(inner);
  host.replaceChildren(bar);
  dock(bar, 'bar');

  onScrollFrames(win, () => {
    bar.hidden = !(win.scrollY > threshold);
  });
}
