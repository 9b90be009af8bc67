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

/** Every element's computed style (and its pseudo-elements'), one line per element. */
function computedStyles(page: Page): Promise<string[]> {
  return page.evaluate((layout) => {
    const resolved = new RegExp(layout);
    return Array.from(document.body.querySelectorAll('*')).map((element, index) => {
      const parts = [null, '::before', '::after'].map((pseudo) => {
        const style = getComputedStyle(element, pseudo);
        // A pseudo-element without content is not drawn.
        if (pseudo && ['none', 'normal'].includes(style.getPropertyValue('content'))) return '';
        return Array.from(style)
          .filter((name) => !resolved.test(name))
          .map((name) => `${name}:${style.getPropertyValue(name)}`)
          .join(';');
      });
      return `${index} ${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''} ${parts.join(' | ')}`;
    });
  }, LAYOUT_RESOLVED.source);
}

/** The first style that differs between `alone` and `whole`, named by element and property. */
function firstDifference(alone: string[], whole: string[]): string | null {
  for (let index = 0; index < Math.max(alone.length, whole.length); index += 1) {
    const a = alone[index] ?? '';
    const b = whole[index] ?? '';
    if (a === b) continue;
    const aParts = a.split(';');
    const bParts = b.split(';');
    const differing = bParts.find((part, at) => part !== aParts[at]) ?? '';
    return `${b.split(' ', 2).join(' ')}: with the whole stylesheet ${differing.slice(0, 160)}`;
  }
  return null;
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
        await page.unroute(url);
        expect(await page.evaluate(() => document.styleSheets.length), `${route.path}: the inline rules alone`).toBe(1);
        expect(firstDifference(alone, whole), route.path).toBeNull();
      }
      expect(inlined, 'pages with inline rules').toBeGreaterThan(routes.length / 2);
    });
  });
}
