/**
 * The brand on every route, at a phone's and a desktop's width: the two typefaces are served,
 * loaded and used (both preloaded, each fetched once), no two neighbouring pictures draw
 * the same art, and a coach's monogram is a portrait tile, not a column-wide block.
 */
import type { Page } from '@playwright/test';
import { expect, routes, test } from '../support/fixtures';

/** The faces `frontend/build/fonts.ts` prepares (FACES): headings, then text. */
const DISPLAY = 'Archivo';
const TEXT = 'Figtree';

/** The tallest a monogram tile may be: a portrait (11rem wide at 3:4 is 235 px), not a poster. */
const MONOGRAM_MAX_HEIGHT = 260;

const WIDTHS = [
  ['phone', 390],
  ['desktop', 1440],
] as const;

interface FontState {
  /** `document.fonts.check` for the weight the pages use. */
  checked: boolean;
  /** A face of that family is in the document's font set and has loaded. */
  loaded: boolean;
}

/** Whether `family` is declared, loaded and ready at `weight`, once the page's fonts settle. */
async function fontState(page: Page, family: string, weight: number): Promise<FontState> {
  return page.evaluate(
    async ({ family, weight }) => {
      await document.fonts.ready;
      // check() alone is true for a family with no @font-face at all: also find the face.
      let loaded = false;
      document.fonts.forEach((face) => {
        if (face.family.replace(/["']/g, '') === family && face.status === 'loaded') loaded = true;
      });
      return { checked: document.fonts.check(`${weight} 1em "${family}"`), loaded };
    },
    { family, weight },
  );
}

for (const [name, width] of WIDTHS) {
  test.describe(`${name} (${width} px)`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const route of routes) {
      test(`${route.path} sets its headings and text in the brand faces`, async ({ page }) => {
        await page.goto(route.path);
        // Soft: one run names every way the fonts fail, not only the first.
        expect.soft(await fontState(page, DISPLAY, 600), DISPLAY).toEqual({ checked: true, loaded: true });
        expect.soft(await fontState(page, TEXT, 400), TEXT).toEqual({ checked: true, loaded: true });
        const families = await page.evaluate(() => ({
          heading: getComputedStyle(document.querySelector('h1') ?? document.body).fontFamily,
          body: getComputedStyle(document.body).fontFamily,
        }));
        expect.soft(families.heading).toMatch(new RegExp(`^"?${DISPLAY}"?,`));
        expect.soft(families.body).toMatch(new RegExp(`^"?${TEXT}"?,`));

        // Both faces are preloaded, and each preload is the very request the font uses (a
        // preload without `crossorigin` would be fetched a second time).
        const preloads = page.locator('link[rel="preload"][as="font"]');
        await expect(preloads).toHaveCount(2);
        for (const preload of await preloads.all()) {
          await expect(preload).toHaveAttribute('type', 'font/woff2');
          await expect(preload).toHaveAttribute('crossorigin', '');
          const href = await preload.evaluate((link) => (link as HTMLLinkElement).href);
          const fetches = await page.evaluate(
            (url) => performance.getEntriesByType('resource').filter((entry) => entry.name === url).length,
            href,
          );
          expect(fetches, `${href} fetched once`).toBe(1);
        }
      });
    }

    test('the coaches’ monograms are portrait tiles', async ({ page }) => {
      await page.goto('/meet-the-team');
      const tiles = page.locator('[data-monogram]');
      expect(await tiles.count()).toBeGreaterThan(0);
      for (const tile of await tiles.all()) {
        const box = await tile.boundingBox();
        expect(box, 'a monogram is laid out').not.toBeNull();
        expect(box?.height ?? Infinity).toBeLessThanOrEqual(MONOGRAM_MAX_HEIGHT);
        // Portrait: taller than wide.
        expect(box?.height ?? 0).toBeGreaterThan(box?.width ?? Infinity);
      }
    });
  });
}

// The art is chosen by the server and is the same at every width: checked once per route.
for (const route of routes) {
  test(`${route.path} never shows the same art twice in a row`, async ({ page }) => {
    await page.goto(route.path);
    const slots = await page.locator('[data-photo-slot]').evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('data-art') ?? ''),
    );
    for (const art of slots) expect(art, 'every art slot names its art').not.toBe('');
    for (let index = 1; index < slots.length; index += 1) {
      expect(slots[index], `slots ${index} and ${index + 1} of ${slots.join(', ')}`).not.toBe(slots[index - 1]);
    }
  });
}
