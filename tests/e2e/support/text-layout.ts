/**
 * What a visitor reads, as laid out: no line of text drawn over another's, no one-line label (a
 * badge) broken onto a second line, no button whose second line holds a single word or bracket
 * ("£49)"), no table cut off at the screen's edge without the cue that says it scrolls, and no
 * footer link shorter than 24 px (WCAG 2.2's target size). Measured in the page by
 * layout.spec.ts on every route at both widths.
 */
import type { Page } from '@playwright/test';

export interface TextFindings {
  overlaps: string[];
  wrappedBadges: string[];
  orphans: string[];
  uncuedTables: string[];
  shortFooterLinks: string[];
}

/** The smallest height of a footer link, in CSS pixels. */
export const MIN_LINK_HEIGHT = 24;

/** Reads the page as it is laid out now. */
export function textFindings(page: Page): Promise<TextFindings> {
  return page.evaluate((minLinkHeight) => {
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).slice(0, 3).join('.')}` : ''}`;
    const excerpt = (text: string | null) => (text ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const visible = (element: Element) => element.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true });

    /** The part of `rect` no clipping ancestor cuts away, or null: a fixed layer, or hidden text. */
    const shownPart = (element: Element, rect: DOMRect) => {
      let { left, top, right, bottom } = rect;
      for (let current: Element | null = element; current && current !== document.documentElement; current = current.parentElement) {
        const style = getComputedStyle(current);
        // Fixed layers (the chat button, the banner) have specs of their own, and the sticky
        // header lies over whatever has scrolled under it by design; a visually hidden element
        // (`sr-only`) is clipped to nothing.
        if (style.position === 'fixed' || style.position === 'sticky' || style.clip !== 'auto' || style.clipPath !== 'none') return null;
        const box = current.getBoundingClientRect();
        if (style.overflowX !== 'visible') [left, right] = [Math.max(left, box.left), Math.min(right, box.right)];
        if (style.overflowY !== 'visible') [top, bottom] = [Math.max(top, box.top), Math.min(bottom, box.bottom)];
      }
      return right - left > 1 && bottom - top > 1 ? { left, top, right, bottom } : null;
    };

    // Every line of every text node a visitor can see, as the box its glyphs take.
    const lines: { node: Node; element: Element; box: { left: number; top: number; right: number; bottom: number } }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !node.textContent?.trim() || element.closest('script, style, noscript, template, [aria-hidden="true"]') || !visible(element)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) {
        const box = shownPart(element, rect);
        if (box) lines.push({ node, element, box });
      }
    }
    const overlaps: string[] = [];
    for (const [index, a] of lines.entries()) {
      for (const b of lines.slice(index + 1)) {
        if (a.node === b.node) continue;
        const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        // Glyph boxes of neighbouring lines may touch by a pixel or two where the line height
        // is tight; a third of a line is text drawn over text.
        const lineHeight = Math.min(a.box.bottom - a.box.top, b.box.bottom - b.box.top);
        if (width > 2 && height > lineHeight / 3) overlaps.push(`"${excerpt(a.node.textContent)}" (${describe(a.element)}) over "${excerpt(b.node.textContent)}" (${describe(b.element)})`);
      }
    }

    const lineTops = (element: Element) => {
      const words: { word: string; top: number }[] = [];
      const inner = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = inner.nextNode(); node; node = inner.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !visible(parent) || getComputedStyle(parent).clip !== 'auto') continue;
        for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rect = Array.from(range.getClientRects()).find((r) => r.width > 0);
          if (rect) words.push({ word: match[0], top: Math.round(rect.top) });
        }
      }
      return words;
    };

    const wrappedBadges: string[] = [];
    for (const badge of Array.from(document.querySelectorAll('.badge'))) {
      if (!visible(badge)) continue;
      if (new Set(lineTops(badge).map(({ top }) => top)).size > 1) wrappedBadges.push(excerpt(badge.textContent));
    }

    const orphans: string[] = [];
    for (const button of Array.from(document.querySelectorAll('button, .btn, [role="button"]'))) {
      if (!visible(button)) continue;
      const words = lineTops(button);
      const last = Math.max(...words.map(({ top }) => top));
      const onLast = words.filter(({ top }) => top === last);
      if (new Set(words.map(({ top }) => top)).size > 1 && onLast.length === 1) orphans.push(`"${excerpt(button.textContent)}" leaves "${onLast[0]?.word}" alone on its last line`);
    }

    const uncuedTables: string[] = [];
    for (const table of Array.from(document.querySelectorAll('main table'))) {
      const scroller = table.closest('.table-wrap');
      if (!scroller || !visible(table)) continue;
      if (scroller.scrollWidth <= scroller.clientWidth + 1) continue;
      const cue = scroller.previousElementSibling;
      if (!cue?.matches('[data-scroll-cue]') || !visible(cue)) uncuedTables.push(`${excerpt(scroller.getAttribute('aria-label') ?? table.textContent)} is cut off at ${scroller.clientWidth} of ${scroller.scrollWidth} px with no cue`);
    }

    const shortFooterLinks: string[] = [];
    for (const link of Array.from(document.querySelectorAll('footer a'))) {
      const height = link.getBoundingClientRect().height;
      if (visible(link) && height < minLinkHeight) shortFooterLinks.push(`"${excerpt(link.textContent)}" is ${height} px tall`);
    }
    return { overlaps, wrappedBadges, orphans, uncuedTables, shortFooterLinks };
  }, MIN_LINK_HEIGHT);
}
