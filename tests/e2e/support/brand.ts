/**
 * The brand's typefaces as a page uses them: both faces (`frontend/build/fonts.ts`, FACES)
 * declared, loaded and used, headings in the display face and text in the text face, and both
 * preloaded, each preload being the very request the font uses. Checked on every route at both
 * widths by layout.spec.ts, which loads each page there anyway.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The faces: headings, then text. */
export const DISPLAY = 'Archivo';
export const TEXT = 'Figtree';

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

/** Expects the page's headings and text in the brand faces, both preloaded and fetched once. */
export async function expectBrandFaces(page: Page): Promise<void> {
  // Soft: one run names every way the fonts fail, not only the first.
  expect.soft(await fontState(page, DISPLAY, 600), DISPLAY).toEqual({ checked: true, loaded: true });
  expect.soft(await fontState(page, TEXT, 400), TEXT).toEqual({ checked: true, loaded: true });
  const families = await page.evaluate(() => ({
    heading: getComputedStyle(document.querySelector('h1') ?? document.body).fontFamily,
    body: getComputedStyle(document.body).fontFamily,
  }));
  expect.soft(families.heading).toMatch(new RegExp(`^"?${DISPLAY}"?,`));
  expect.soft(families.body).toMatch(new RegExp(`^"?${TEXT}"?,`));

  // Both faces are preloaded, and each preload is the very request the font uses (a preload
  // without `crossorigin` would be fetched a second time).
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
}
