/**
 * A prepared page carries only the stylesheet rules its markup can use (crates/site/src/render/
 * critical_css.rs), and a visitor with scripts sees the page with those alone until an island
 * mounts. So on every route, at phone and desktop widths, every element and its `::before` and
 * `::after` must have the same computed style with the page's inline rules alone as with the
 * whole stylesheet as well (what a browser without scripts applies, through the page's
 * `<noscript>` link). Computed styles, not screenshots: the same page drawn twice is not always
 * the same pixels. The brand's faces are refused, so both are laid out in the fallbacks: with
 * `font-display: optional` whether a face is used depends on when it arrives, and the resolved
 * widths a computed style reports with it.
 */
import type { Page } from '@playwright/test';
import { expect, routes, test, WIDTHS } from '../support/fixtures';

test.use({ javaScriptEnabled: false });

/**
 * Properties whose computed value is the laid-out size or position (CSSOM's resolved values):
 * they follow the layout (an `auto` margin, a scrollbar) rather than the rules, and the rules
 * that set them are compared through the properties that are not.
 */
const LAYOUT_RESOLVED = /^(width|height|inline-size|block-size|margin-.*|padding-.*|top|right|bottom|left|inset-.*|transform-origin|perspective-origin|grid-template-(columns|rows))$/;

/**
 * Custom properties (`--x`), which the inline rules keep only where a kept rule reads them
 * (critical_css.rs): one no rule reads draws nothing, and one that is read is compared through
 * the properties that read it.
 */
const CUSTOM_PROPERTY = /^--/;

/**
 * Every element's computed style (and its pseudo-elements'), one line per element; with `at`,
 * the line of that element alone, otherwise each line's hash (FNV-1a): a page's lines run to
 * megabytes, which the browser would otherwise send over for every page, twice.
 */
function computedStyles(page: Page, at?: number): Promise<string[]> {
  return page.evaluate(
    ([layout, custom, only]) => {
      const resolved = new RegExp(layout);
      const customProperty = new RegExp(custom);
      const line = (element: Element, index: number): string => {
        const parts = [null, '::before', '::after'].map((pseudo) => {
          const style = getComputedStyle(element, pseudo);
          // A pseudo-element without content is not drawn.
          if (pseudo && ['none', 'normal'].includes(style.getPropertyValue('content'))) return '';
          return Array.from(style)
            .filter((name) => !resolved.test(name) && !customProperty.test(name))
            .map((name) => `${name}:${style.getPropertyValue(name)}`)
            .join(';');
        });
        return `${index} ${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''} ${parts.join(' | ')}`;
      };
      const elements = Array.from(document.body.querySelectorAll('*'));
      if (only !== null) {
        const element = elements[only];
        return element ? [line(element, only)] : [];
      }
      return elements.map((element, index) => {
        const text = line(element, index);
        let hash = 0x811c9dc5;
        for (let char = 0; char < text.length; char += 1) {
          hash = Math.imul(hash ^ text.charCodeAt(char), 0x01000193);
        }
        return `${text.length}:${(hash >>> 0).toString(16)}`;
      });
    },
    [LAYOUT_RESOLVED.source, CUSTOM_PROPERTY.source, at ?? null] as const,
  );
}

/** The first style that differs between `alone` and `whole` (one element's lines), named by element and property. */
function difference(alone: string, whole: string): string {
  const aParts = alone.split(';');
  const bParts = whole.split(';');
  const differing = bParts.find((part, at) => part !== aParts[at]) ?? '';
  return `${whole.split(' ', 2).join(' ')}: with the whole stylesheet ${differing.slice(0, 160)}`;
}

for (const [, width] of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('every page with inline rules is styled by them as by the whole stylesheet', async ({ page, baseURL, pageErrors }) => {
      test.setTimeout(600_000);
      pageErrors.allow(/Failed to load resource/, 'the brand faces are refused, so both renderings use the fallbacks');
      await page.route('**/*.woff2', (request) => request.abort());
      let inlined = 0;
      for (const route of routes) {
        const url = `${baseURL}${route.path}`;
        const response = await page.goto(url);
        const html = (await response?.text()) ?? '';
        const noscript = /<noscript><link rel="stylesheet" href="[^"]+"><\/noscript>/;
        if (!html.includes('<style>')) continue;
        inlined += 1;
        expect(html, `${route.path}: the whole stylesheet for a browser without scripts`).toMatch(noscript);
        const whole = await computedStyles(page);
        await page.route(url, (request) => request.fulfill({ contentType: 'text/html; charset=utf-8', body: html.replace(noscript, '') }));
        await page.goto(url);
        const alone = await computedStyles(page);
        expect(await page.evaluate(() => document.styleSheets.length), `${route.path}: the inline rules alone`).toBe(1);
        const lines = Math.max(alone.length, whole.length);
        const first = Array.from({ length: lines }, (_, index) => index).find((index) => alone[index] !== whole[index]);
        if (first !== undefined) {
          // The two lines themselves, for the message: this page's, then the whole stylesheet's.
          const [aloneLine = ''] = await computedStyles(page, first);
          await page.unroute(url);
          await page.goto(url);
          const [wholeLine = ''] = await computedStyles(page, first);
          expect(difference(aloneLine, wholeLine), route.path).toBe('');
        }
        await page.unroute(url);
      }
      expect(inlined, 'pages with inline rules').toBeGreaterThan(routes.length / 2);
    });
  });
}
