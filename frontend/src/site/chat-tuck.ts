/**
 * The floating chat button steps aside while the visitor reads (on phones it sat over
 * card text). A studio site's chat bubble is there when wanted and out of the way otherwise, so:
 *
 * - reading down the page, the button slides below the screen's edge once the visitor has
 *   scrolled `SLACK` pixels down, and stays away while they read (it does not come back when
 *   they stop: it would come back over the line they stopped at);
 * - scrolling up `SLACK` pixels brings it back, as the browser's own toolbar does, and so do the
 *   top and the end of the page (the footer leaves it empty ground there, islands.css);
 * - it never leaves while it has focus (a keyboard user tabbing to it finds it on screen) or
 *   while its panel is open; screen readers always find it, since it only moves.
 *
 * This module only states, as `data-chat-tucked` on the root element, whether the visitor is
 * reading down the page; the stylesheet decides what that does ('Chat assistant' in
 * islands.css): it moves the button with `transform`, which shifts no layout, and only at the
 * widths where the page's content reaches the button. Without JavaScript the button (then a link
 * to /contact) stays where it is.
 */

import { onScrollFrames } from './scroll-frames';

/** Pixels scrolled in one direction before the button follows. */
export const SLACK = 24;

/** The root attribute the stylesheet reads. */
export const TUCKED_ATTRIBUTE = 'data-chat-tucked';

/** Whether the button steps aside, given the scroll so far; pure, for the tests. */
export interface TuckState {
  /** The last scroll position seen. */
  y: number;
  /** Pixels scrolled down (positive) or up (negative) since the direction last changed. */
  run: number;
  tucked: boolean;
}

/** The state after the page has scrolled to `y`, of a page `height` tall in a `viewport`. */
export function nextTuck(state: TuckState, y: number, viewport: number, height: number): TuckState {
  const delta = y - state.y;
  const run = delta === 0 ? state.run : Math.sign(delta) === Math.sign(state.run) ? state.run + delta : delta;
  const atTop = y <= 0;
  const atEnd = y + viewport >= height - 1;
  let tucked = state.tucked;
  if (atTop || atEnd || run <= -SLACK) tucked = false;
  else if (run >= SLACK) tucked = true;
  return { y, run, tucked };
}

/** Follows the visitor's scrolling in `win` and keeps the root's attribute up to date. */
export function tuckChatWhileReading(win: Window): void {
  const root = win.document.documentElement;
  const measure = () => ({ y: win.scrollY, viewport: win.innerHeight, height: root.scrollHeight });
  let state: TuckState | null = null;
  onScrollFrames(win, () => {
    const now = measure();
    // A page opened part-way down (an anchor, a reload) counts as being read.
    state ??= { y: now.y, run: SLACK, tucked: false };
    state = nextTuck(state, now.y, now.viewport, now.height);
    root.toggleAttribute(TUCKED_ATTRIBUTE, state.tucked);
  });
}
