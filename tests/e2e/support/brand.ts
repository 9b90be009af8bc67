/**
 * The brand's typefaces as a page uses them for a visitor whose browser holds them (any page
 * after the first: crates/site/src/render/start.rs): both faces (`frontend/build/fonts.ts`,
 * FACES) declared, loaded and used, headings in the display face and text in the text face, each
 * fetched once. Checked on every route at both widths by layout.spec.ts, which loads each page
 * there anyway; a first visit's fallbacks and the fetch for the next page are page-start.spec.ts's.
 */
import type { Page } from '@playwright/test';
import { FACES_KEY } from '../../../frontend/src/site/faces';
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
      // Iterated, not forEach'd: a page without JavaScript runs no callback of ours.
      let loaded = false;
      for (const face of document.fonts) {
        if (face.family.replace(/["']/g, '') === family && face.status === 'loaded') loaded = true;
      }
      return { checked: document.fonts.check(`${weight} 1em "${family}"`), loaded };
    },
    { family, weight },
  );
}

export { FACES_KEY };

/** The faces' files a page names to its start script (`data-faces`, space-separated). */
export async function facesOf(page: Page, path = '/'): Promise<string> {
  const response = await page.request.get(path);
  expect(response.ok()).toBe(true);
  const faces = /data-faces="([^"]*)"/.exec(await response.text())?.[1] ?? '';
  expect(faces.split(' ').filter(Boolean), 'the page names both faces').toHaveLength(2);
  return faces;
}

/**
 * Makes `page` a visitor past their first page: it opens the home page and waits until the entry
 * has fetched the faces and recorded them, so the pages after it paint in the brand faces from
 * their start, from the browser's cache.
 */
export async function asReturningVisitor(page: Page): Promise<void> {
  const faces = await facesOf(page);
  await page.goto('/');
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), FACES_KEY)).toBe(faces);
}

/** Expects the page's headings and text in the brand faces, each fetched once. */
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

  // Each face is asked for once (the stylesheet's `@font-face` and nothing else).
  const files = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[data-faces]')?.dataset['faces'] ?? '');
  for (const file of files.split(' ').filter(Boolean)) {
    const fetches = await page.evaluate(
      (url) => performance.getEntriesByType('resource').filter((entry) => entry.name === url).length,
      new URL(file, page.url()).href,
    );
    expect.soft(fetches, `${file} fetched once`).toBe(1);
  }
}
