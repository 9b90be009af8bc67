/**
 * The bottom of the screen, shared by the floating things by one rule: each sits one
 * `--dock-edge` above the highest thing beneath it, in this order from the bottom:
 *
 * 1. the back-to-school bar (full width, on the screen's edge);
 * 2. the cookie banner (full width on phones, at the left from `sm` up);
 * 3. the chat button (at the right) and its panel above it;
 * 4. the toasts, above both the chat button and the banner.
 *
 * The stylesheet holds the rule (islands.css, 'Bottom dock'); this module gives it the one thing
 * CSS cannot know: how much of the screen's bottom the bar and the banner take while they show,
 * as `--dock-bar` and `--dock-banner` (the distance from the element's top to the bottom of the
 * viewport, 0 when hidden). Layers are measured in order, so the banner's figure already counts
 * the bar beneath it.
 *
 * The figures are set on the elements that read them (`DOCK_READERS`) and nowhere else, by a
 * style sheet of this module's own. Set on the root element, as they once were, every element of
 * the page inherited them, so the banner's first measurement made the browser work out the whole
 * page's style a second time while the page loaded. A rule for the readers' classes restyles the
 * readers alone, and covers the ones islands make later (the chat's panel, the toasts).
 */

/** The measured layers, from the bottom up. */
export const DOCK_LAYERS = ['bar', 'banner'] as const;
export type DockLayer = (typeof DOCK_LAYERS)[number];

/**
 * The elements whose place follows the dock's figures: the same list as the rule in islands.css
 * that works out their lifts from them ('Bottom dock'; dock.test.ts holds the two together).
 */
export const DOCK_READERS = ['.site-footer-bottom', '.toaster', '.chat-fab', '.chat-panel', '.cookie-banner'] as const;

const docked = new Map<DockLayer, HTMLElement>();
let observer: ResizeObserver | null = null;
/** The readers' rule, in a style sheet adopted by the document; null where that is not supported. */
let readers: CSSStyleDeclaration | null | undefined;

/** Where the figures are written: the readers' rule, or the root element where a page cannot adopt a sheet. */
function figures(): CSSStyleDeclaration {
  if (readers === undefined) {
    readers = null;
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(`${DOCK_READERS.join(', ')} {}`);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      readers = (sheet.cssRules[0] as CSSStyleRule).style;
    } catch {
      // An older browser: the root element, inherited by all.
    }
  }
  return readers ?? document.documentElement.style;
}

function measure(): void {
  const style = figures();
  for (const layer of DOCK_LAYERS) {
    const name = `--dock-${layer}`;
    const element = docked.get(layer);
    const taken = element ? Math.ceil(takenBy(element)) : 0;
    // None taken is the stylesheet's own 0px.
    const value = taken > 0 ? `${taken}px` : '';
    // Written only when it changes: each write restyles the readers.
    if (style.getPropertyValue(name) === value) continue;
    if (value === '') style.removeProperty(name);
    else style.setProperty(name, value);
  }
}

/** How much of the screen's bottom `element` takes: 0 while it has no size. */
function takenBy(element: HTMLElement): number {
  const rect = element.getBoundingClientRect();
  return rect.height > 0 ? Math.max(0, window.innerHeight - rect.top) : 0;
}

/**
 * Counts `element` as the dock's `layer` while it is connected: its share of the screen's
 * bottom is kept up to date as it shows, hides or changes size. Returns the way to stop.
 */
export function dock(element: HTMLElement, layer: DockLayer): () => void {
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  if (!observer) {
    observer = new ResizeObserver(measure);
    window.addEventListener('resize', measure, { passive: true });
  }
  const previous = docked.get(layer);
  if (previous) observer.unobserve(previous);
  docked.set(layer, element);
  // The observer's first report, made after the next layout and before that frame's paint,
  // measures a shown layer; one hidden (no size) keeps its 0 unless it replaced a measured one.
  // Not measured here: a layer docks while the page's scripts start, and reading its size then
  // would make the browser lay the page out once for the read and again for the first paint.
  observer.observe(element);
  if (previous) window.requestAnimationFrame(measure);
  return () => {
    if (docked.get(layer) !== element) return;
    docked.delete(layer);
    observer?.unobserve(element);
    measure();
  };
}
