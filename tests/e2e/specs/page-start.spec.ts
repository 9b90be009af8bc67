/**
 * How a page starts (crates/site/src/start.rs, frontend/src/site/faces.ts and
 * early-clicks.ts): a visitor's first page paints its text in the faces' metric-matched fallbacks
 * and its headline in the headline face, and asks for no other typeface and no script before its
 * first contentful paint; once it has loaded, the entry fetches the faces and records them, and the next page is set in the brand faces from the
 * browser's cache. A tap on a button that opens an island before the entry has started is held
 * and replayed, or follows its link if the entry cannot load. Without JavaScript nothing is
 * gated. Every route's faces (a first visit on a phone, a later one on a desktop): layout.spec.ts.
 */
import type { Page } from '@playwright/test';
import { expectBrandFaces, expectFirstVisitFaces, facesOf, FACES_KEY, HEADLINE, headlineFaceOf, TEXT } from '../support/brand';
import { expect, test, WIDTHS } from '../support/fixtures';
import { FACES_LATER_CLASS } from '../../../frontend/src/site/faces';
import { EARLY_CLICKS } from '../../../frontend/src/site/early-clicks';
import { prepare, settledLayoutShift } from '../support/islands';

/** The families the page's first heading and its body are set in. */
function families(page: Page): Promise<{ heading: string; body: string }> {
  return page.evaluate(() => ({
    heading: getComputedStyle(document.querySelector('h1') ?? document.body).fontFamily,
    body: getComputedStyle(document.body).fontFamily,
  }));
}

/** The file's resource timing entries on the page (a cached file has one too, of 0 bytes). */
function transfers(page: Page, file: string): Promise<number[]> {
  return page.evaluate(
    (url) => performance.getEntriesByName(url).map((entry) => (entry as PerformanceResourceTiming).transferSize),
    new URL(file, page.url()).href,
  );
}

/** How many new visitors' first pages may be tried for one whose headline face arrived in time. */
const FIRST_VISITS = 3;

for (const [name, width] of WIDTHS) {
  test.describe(`${name} (${width} px)`, () => {
    test.use({ viewport: { width, height: 900 } });

    test(`a first page draws its headline in the headline face when the face arrives in time: one of ${FIRST_VISITS} new visitors' at least`, async ({ browser, baseURL }) => {
      // Each a new browser context, so a new cache: a first visit each time. Chrome holds the first
      // paint only a moment for the preloaded `optional` face, and drops it for the page if it is
      // later, which on a loaded machine it sometimes is; a page that never draws it fails.
      const drawn: boolean[] = [];
      while (drawn.length < FIRST_VISITS && !drawn.includes(true)) {
        const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
        try {
          const page = await context.newPage();
          await prepare(page);
          await page.goto('/hot-yoga');
          drawn.push(await expectFirstVisitFaces(page));
        } finally {
          await context.close();
        }
      }
      expect(drawn, 'the headline drawn in the headline face on some first visit').toContain(true);
    });

    test('a first page sets its headline in the headline face and its text in the fallbacks before any other face or script, and the next page has the brand faces', async ({ page }) => {
      await prepare(page);
      const faces = await facesOf(page, '/hot-yoga');
      const headline = await headlineFaceOf(page, '/hot-yoga');
      await page.goto('/hot-yoga');
      await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${FACES_LATER_CLASS}(\\s|$)`));
      await expectFirstVisitFaces(page);

      // Once loaded, the entry fetches the faces for the next page and records them.
      await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), FACES_KEY)).toBe(faces);
      // Nothing was asked for before the first contentful paint but the headline face: no other
      // face, no script, no WebAssembly (the page's countdown island and the core's module start
      // after it).
      const startedNow = () =>
        page.evaluate(
          (headline) => ({
            paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
            requests: performance
              .getEntriesByType('resource')
              .filter((entry) => /\.(woff2|js|wasm)$/.test(new URL(entry.name).pathname) && new URL(entry.name).pathname !== headline)
              .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
          }),
          headline,
        );
      // A request is listed once its response has ended, which the page may record a moment
      // after the entry has stored the faces: waited for.
      await expect
        .poll(async () => (await startedNow()).requests.map((request) => request.url))
        .toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/main-.*\.js$/), ...faces.split(' ')]));
      const started = await startedNow();
      expect(started.paint).toBeGreaterThan(0);
      for (const request of started.requests) expect(request.start, request.url).toBeGreaterThanOrEqual(started.paint);
      // The page being read keeps its faces: no swap, nothing moves.
      expect(await families(page)).toEqual({
        heading: expect.stringMatching(new RegExp(`^"?${HEADLINE}"?,`)),
        body: expect.stringMatching(new RegExp(`^"?${TEXT} fallback`)),
      });
      expect(await settledLayoutShift(page)).toBe(0);

      // The next page: the brand faces from its first paint, from the cache.
      await page.getByRole('contentinfo').getByRole('link', { name: 'Memberships', exact: true }).first().click();
      await expect(page).toHaveURL(/\/memberships$/);
      await expect(page.locator('html')).not.toHaveClass(new RegExp(FACES_LATER_CLASS));
      await expectBrandFaces(page);
      for (const file of faces.split(' ')) expect(await transfers(page, file), `${file} from the cache`).toEqual([0]);
      expect(await settledLayoutShift(page)).toBe(0);
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a first page asks for the brand faces as it lays out, and the next page is set in them', async ({ page }) => {
    const faces = await facesOf(page);
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveClass(new RegExp(FACES_LATER_CLASS));
    // `font-display: optional`: the first page may keep its fallbacks if a face is late, but
    // both faces are asked for, and the next page has them. Asked for as the text is laid out,
    // which may be after `load`, and listed once the file has arrived: waited for.
    for (const file of faces.split(' ')) await expect.poll(() => transfers(page, file), `${file} asked for`).toHaveLength(1);
    await page.goto('/faq');
    await expectBrandFaces(page);
  });
});

/** Holds the entry's request until the returned function is called. */
async function holdEntry(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((done) => (release = done));
  await page.route(/\/assets\/main-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('the start script holds clicks on exactly the buttons the entry opens islands from and the islands\' submit buttons', async ({ page }) => {
  const html = await (await page.request.get('/')).text();
  const held = /data-early-clicks="([^"]*)"/.exec(html)?.[1];
  expect(held).toBe(EARLY_CLICKS);
});

test('a tap on the chat button before the entry has started opens the chat once it has', async ({ page }) => {
  await prepare(page);
  const release = await holdEntry(page);
  await page.goto('/about');
  await page.locator('#chat').click();
  // Held: the fallback link (the contact page) was not followed.
  await expect(page).toHaveURL(/\/about$/);
  release();
  await expect(page.getByRole('dialog', { name: 'One Space Assistant' })).toBeVisible();
  await expect(page).toHaveURL(/\/about$/);
});

test('if the entry cannot load, a held tap does what its link does without scripts', async ({ page, pageErrors }) => {
  pageErrors.allow(/Failed to load resource: net::ERR_FAILED/, 'the test makes the entry fail to load');
  await prepare(page);
  await page.route(/\/assets\/main-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/about');
  await page.locator('#chat').click();
  await expect(page).toHaveURL(/\/contact$/);
});

test('if the entry stops before taking the held taps over, a held tap does what its link does', async ({ page, pageErrors }) => {
  pageErrors.allow(/the entry stopped/, 'the test serves an entry that throws');
  await prepare(page);
  let arrive = () => {};
  const arrived = new Promise<void>((done) => (arrive = done));
  await page.route(/\/assets\/main-[^/]*\.js$/, async (route) => {
    await arrived;
    await route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("the entry stopped");' });
  });
  await page.goto('/about');
  await page.locator('#chat').click();
  await expect(page).toHaveURL(/\/about$/);
  arrive();
  await expect(page).toHaveURL(/\/contact$/);
});
