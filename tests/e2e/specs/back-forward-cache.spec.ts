/**
 * Every page can be kept in the browser's back/forward cache: going back restores it as it was
 * (the `pageshow` event says `persisted`) instead of loading it again. Playwright's Chromium
 * normally runs with --disable-back-forward-cache; this file runs it without, as visitors' browsers
 * are (and as `make audit` runs Lighthouse), and in the full browser: the headless shell the other
 * specs use keeps no back/forward cache.
 */
import { CHROMIUM_ARGS, FULL_CHROMIUM_PATH } from '../playwright.config';
import { expect, routes, test } from '../support/fixtures';

test.use({
  launchOptions: {
    executablePath: FULL_CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  },
});

declare global {
  interface Window {
    __restoredFromCache?: boolean;
  }
}

for (const route of routes) {
  test(`${route.path} is restored from the back/forward cache`, async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('cookie-consent', 'declined');
      window.addEventListener('pageshow', (event) => {
        window.__restoredFromCache = event.persisted;
      });
    });
    await page.goto(route.path);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      window.__restoredFromCache = false;
    });
    await page.goto('/robots.txt');
    // A page restored from the cache fires no new load event: wait for the navigation only.
    await page.goBack({ waitUntil: 'commit' });
    await expect.poll(() => page.evaluate(() => window.__restoredFromCache)).toBe(true);
  });
}
