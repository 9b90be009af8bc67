/**
 * The brand's art: no two neighbouring pictures on a route draw the same art, and a coach's
 * stand-in is a portrait tile, not a column-wide block, at a phone's and a desktop's width, its
 * discipline inside it. The
 * typefaces are checked on every route at both widths by layout.spec.ts (support/brand.ts).
 */
import { expect, routes, test, WIDTHS } from '../support/fixtures';

/** The tallest a stand-in tile may be: a portrait (11rem wide at 3:4 is 235 px), not a poster. */
const STAND_IN_MAX_HEIGHT = 260;

for (const [name, width] of WIDTHS) {
  test.describe(`${name} (${width} px)`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the coaches’ stand-ins are portrait tiles that hold their discipline', async ({ page }) => {
      await page.goto('/meet-the-team');
      const tiles = page.locator('[data-stand-in]');
      expect(await tiles.count()).toBeGreaterThan(0);
      for (const tile of await tiles.all()) {
        const box = await tile.boundingBox();
        expect(box, 'a stand-in is laid out').not.toBeNull();
        expect(box?.height ?? Infinity).toBeLessThanOrEqual(STAND_IN_MAX_HEIGHT);
        // Portrait: taller than wide.
        expect(box?.height ?? 0).toBeGreaterThan(box?.width ?? Infinity);
        // The discipline's words stay inside the tile, however long.
        const words = await tile.locator('.stand-in-discipline').boundingBox();
        expect(words, 'the discipline is laid out').not.toBeNull();
        expect((words?.x ?? 0) + (words?.width ?? Infinity)).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0) + 0.5);
        expect((words?.y ?? 0) + (words?.height ?? Infinity)).toBeLessThanOrEqual((box?.y ?? 0) + (box?.height ?? 0) + 0.5);
      }
    });
  });
}

// The art is chosen by the server and is the same at every width and with or without scripts:
// checked once per route, in the HTML the server sends.
for (const route of routes) {
  test(`${route.path} never shows the same art twice in a row`, async ({ request }) => {
    const response = await request.get(route.path);
    expect(response.ok()).toBe(true);
    const html = await response.text();
    const slots = [...html.matchAll(/<[^>]*\bdata-photo-slot\b[^>]*>/g)].map(
      ([tag]) => /\bdata-art="([^"]*)"/.exec(tag)?.[1] ?? '',
    );
    expect(slots.length, 'every slot was read').toBe(html.split('data-photo-slot').length - 1);
    for (const art of slots) expect(art, 'every art slot names its art').not.toBe('');
    for (let index = 1; index < slots.length; index += 1) {
      expect(slots[index], `slots ${index} and ${index + 1} of ${slots.join(', ')}`).not.toBe(slots[index - 1]);
    }
  });
}
