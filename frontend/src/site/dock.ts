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
 * as `--dock-bar` and `--dock-banner` on the root element (the distance from the element's top to
 * the bottom of the viewport, 0 when hidden). Layers are measured in order, so the banner's
 * figure already counts the bar beneath it.
 */

/** The measured layers, from the bottom up. */
export const DOCK_LAYERS = ['bar', 'banner'] as const;
export type DockLayer = (typeof DOCK_LAYERS)[number];

const docked = new Map<DockLayer, HTMLElement>();
let observer: ResizeObserver | null = null;

function measure(): void {
  const root = document.documentElement;
  for (const layer of DOCK_LAYERS) {
    const element = docked.get(layer);
    if (!element) {
      root.style.removeProperty(`--dock-${layer}`);
      continue;
    }
    const rect = element.getBoundingClientRect();
    const taken = rect.height > 0 ? Math.max(0, window.innerHeight - rect.top) : 0;
    root.style.setProperty(`--dock-${layer}`, `${Math.ceil(taken)}px`);
  }
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
