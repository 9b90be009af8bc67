/**
 * The layout as a visitor's phone (390 px) and desktop (1440 px) lay it out, on every route and
 * after the contact form's thank-you: nothing wider than the screen, header, content and footer
 * starting at one left edge, no paragraph squeezed into a sliver on a wide screen, no heading
 * or number-led word ("14-" / "day") broken at a hyphen, the brand's typefaces as the visitor
 * sees them (support/brand.ts: on a phone a first visit, its headline in the headline face; on a
 * desktop a page after the first, all in the brand faces), nothing moving as the page loads, the text
 * readable as laid out: no text over text, no badge broken, no word alone on a button's line, no
 * table cut off without a cue, no footer link under 24 px (support/text-layout.ts); and, once
 * settled, no axe violation (WCAG 2.0–2.2 A and AA, support/axe.ts).
 */
import type { Page } from '@playwright/test';
import { violations } from '../support/axe';
import { asReturningVisitor, expectBrandFaces, expectFirstVisitFaces } from '../support/brand';
import { expect, routes, test, WIDTHS } from '../support/fixtures';
import { fillContact, layoutShifts, ownIslandsMounted, prepare, settledShifts } from '../support/islands';
import { textFindings } from '../support/text-layout';

/** Paragraphs this short may be narrow (a price's note, a badge); longer ones may not. */
const MIN_WORDS = 8;
const MIN_TEXT_WIDTH = 200;

interface Findings {
  overflow: string[];
  edges: { header: number; main: number; footer: number };
  narrow: string[];
  brokenWords: string[];
}

/** What the page's layout breaks, measured in the page. */
function measure(page: Page, minWords: number, minWidth: number): Promise<Findings> {
  return page.evaluate(
    ({ minWords, minWidth }) => {
      const viewport = document.documentElement.clientWidth;
      const describe = (element: Element) =>
        `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`;
      const clipped = (element: Element) => {
        for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          if (style.overflowX !== 'visible' || style.clipPath !== 'none' || style.position === 'fixed') return true;
        }
        return false;
      };
      const overflow: string[] = [];
      if (document.documentElement.scrollWidth > viewport) overflow.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px`);
      for (const element of Array.from(document.body.querySelectorAll('*'))) {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        const style = getComputedStyle(element);
        // Fixed layers (the chat button, the cookie banner) are measured by their own specs; a
        // visually hidden element (`sr-only`, the skip link until focused) is clipped to nothing.
        // The form's trap for robots is a 1 px box far off screen on purpose.
        if (style.position === 'fixed' || style.clip !== 'auto' || style.clipPath !== 'none' || (rect.width <= 1 && rect.height <= 1) || clipped(element)) continue;
        if (rect.right > viewport + 0.5 || rect.left < -0.5) overflow.push(`${describe(element)} spans ${Math.round(rect.left)}..${Math.round(rect.right)} of ${viewport}`);
      }
      const contentLeft = (element: Element | null) => {
        if (!element) return Number.NaN;
        return element.getBoundingClientRect().left + Number.parseFloat(getComputedStyle(element).paddingLeft);
      };
      const edges = {
        header: contentLeft(document.querySelector('.site-header-inner')),
        main: contentLeft(document.querySelector('main .container-page')),
        footer: contentLeft(document.querySelector('.site-footer-grid')),
      };
      const narrow: string[] = [];
      for (const element of Array.from(document.querySelectorAll('main p, main blockquote, main li'))) {
        const text = element.textContent?.trim() ?? '';
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || text.split(/\s+/).length < minWords) continue;
        if (rect.width < minWidth) narrow.push(`${describe(element)} is ${Math.round(rect.width)} px wide: "${text.slice(0, 50)}"`);
      }
      // A word broken at its hyphen: in a heading any hyphenated word, elsewhere one that starts
      // with a number ("14-" / "day"), as the server keeps them (render::hyphens).
      const brokenWords: string[] = [];
      const hyphenated = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('script, style, svg, select, textarea, [hidden]') || parent.getBoundingClientRect().width === 0) continue;
        const heading = parent.closest('h1, h2, h3, h4, h5, h6');
        const text = node.textContent ?? '';
        for (const match of text.matchAll(hyphenated)) {
          if (!heading && !/^\p{N}/u.test(match[0])) continue;
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) brokenWords.push(`"${match[0]}" in "${(heading ?? parent).textContent?.trim().slice(0, 80)}"`);
        }
      }
      // A word kept whole has no box of its own: in a flex row (a badge, a button) a box would
      // make it an item of its own, and the space beside it would go ("32-35°C").
      for (const kept of Array.from(document.querySelectorAll('.keep-whole'))) {
        const parent = kept.parentElement;
        const display = parent ? getComputedStyle(parent).display : '';
        if (/flex|grid/.test(display) && getComputedStyle(kept).display !== 'contents') {
          brokenWords.push(`"${kept.textContent}" is an item of its own in ${describe(parent as Element)}`);
        }
      }
      return { overflow, edges, narrow, brokenWords };
    },
    { minWords, minWidth },
  );
}

async function expectLaidOut(page: Page, width: number) {
  const found = await measure(page, MIN_WORDS, MIN_TEXT_WIDTH);
  expect(found.overflow, 'elements wider than the screen').toEqual([]);
  expect(Math.abs(found.edges.main - found.edges.header), `content starts at ${found.edges.main}, the header at ${found.edges.header}`).toBeLessThan(1);
  expect(Math.abs(found.edges.footer - found.edges.header), `the footer starts at ${found.edges.footer}, the header at ${found.edges.header}`).toBeLessThan(1);
  if (width >= 1440) expect(found.narrow, 'text squeezed narrower than 200 px').toEqual([]);
  expect(found.brokenWords, 'words broken at a hyphen').toEqual([]);
  const text = await textFindings(page);
  expect(text.overlaps, 'text drawn over text').toEqual([]);
  expect(text.wrappedBadges, 'badges broken over two lines').toEqual([]);
  expect(text.orphans, 'buttons with one word on their last line').toEqual([]);
  expect(text.uncuedTables, 'tables cut off without a cue').toEqual([]);
  expect(text.shortFooterLinks, 'footer links under 24 px').toEqual([]);
}

/**
 * Who is looking at each width: on a phone, a visitor's first page (an advert's visitor, who may
 * see no other: the headline in the headline face, the text in the fallbacks); on a desktop, a
 * visitor past their first page (the brand faces throughout).
 */
const FIRST_VISIT_WIDTH: number = WIDTHS[0][1];

for (const [, width] of WIDTHS) {
  const firstVisit = width === FIRST_VISIT_WIDTH;
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.beforeEach(async ({ page }) => {
      await prepare(page);
      if (!firstVisit) await asReturningVisitor(page);
    });

    for (const route of routes) {
      const faces = firstVisit ? 'its headline in the headline face on a first visit' : 'its type in the brand faces';
      test(`${route.path} fits, shares its edges, sets ${faces} and keeps still`, async ({ page }) => {
        await page.goto(route.path, { waitUntil: 'load' });
        // The page as it settles by itself before the layout is measured: the islands that mount
        // on their own (after which the faces load anew), then the text set in its faces,
        // loaded, and no face still loading. Waited for: the faces load as the text is laid out,
        // which may be after `load` and after `document.fonts.ready` has once resolved.
        await ownIslandsMounted(page);
        await (firstVisit ? expectFirstVisitFaces(page) : expectBrandFaces(page));
        await expectLaidOut(page, width);
        // Still, but for text set again in its face where the face missed the first paint, which
        // a loaded machine sometimes makes it (support/islands.ts, settledShifts): noted, and
        // nothing else may move.
        const { total, faceSwaps } = await settledShifts(page);
        const shifts = (await layoutShifts(page)).join('\n');
        if (faceSwaps > 0) test.info().annotations.push({ type: 'face set late', description: shifts });
        expect(total - faceSwaps, shifts).toBeCloseTo(0, 9);
        // The settled page has no axe violations: checked here, where each route is loaded at
        // each width anyway (accessibility.spec.ts has the states no plain visit reaches).
        expect(await violations(page), 'axe').toEqual([]);
      });
    }

    test('the contact thank-you fits', async ({ page }) => {
      await page.goto('/contact');
      const form = await fillContact(page);
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByText("Thanks for contacting us! We'll get back in touch ASAP.")).toBeVisible();
      await expectLaidOut(page, width);
    });
  });
}

/** The home page's budget on a phone: read to its end, every SPEC section kept. */
const HOME_PHONE_HEIGHT = 7000;
const [[, PHONE_WIDTH]] = WIDTHS;

test.describe('the home page on a phone, without JavaScript', () => {
  test.use({ viewport: { width: PHONE_WIDTH, height: 844 }, javaScriptEnabled: false });

  test(`reads in under ${HOME_PHONE_HEIGHT} px, its member quotes in one row that scrolls sideways`, async ({ page }) => {
    await page.goto('/');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(HOME_PHONE_HEIGHT);
    const row = page.getByRole('region', { name: 'Member stories' });
    const quotes = row.locator('figure');
    await expect(quotes).toHaveCount(3);
    const tops = await quotes.evaluateAll((figures) => figures.map((figure) => Math.round(figure.getBoundingClientRect().top)));
    expect(new Set(tops).size, 'the quotes side by side').toBe(1);
    await row.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => row.evaluate((element) => element.scrollLeft), 'the row scrolls from the keyboard').toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the page itself does not').toBe(PHONE_WIDTH);
  });
});
