import { expect, routes, test } from '../support/fixtures';

/** This year in the UK, as the footer's copyright line states it. */
const ukYear = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric' }).format(new Date());

test.describe('every route', () => {
  for (const route of routes) {
    test(`${route.path} answers 200 with its title and the shared layout`, async ({ page }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      // A dated offer's page out of its dates (not in the sitemap) says the offer is not on, or
      // once it has ended leads with what is on now.
      const notOn = route.liveFrom !== null && !route.inSitemap;
      await expect(page).toHaveTitle(
        notOn ? /^(Offer Not Yet Open|On Now: 14-Day Trial and Memberships) \| One Space Livingston$/ : route.title,
      );
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${route.path === '/' ? '/' : route.path}$`));
      await expect(page.getByRole('link', { name: 'Start Today' }).first()).toHaveAttribute('href', '/intro-offer');
      await expect(page.getByRole('link', { name: 'One Space home' }).first()).toHaveAttribute('href', '/');
      await expect(page.getByRole('contentinfo')).toContainText(`© ${ukYear} One Space`);
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(route.landing ? 0 : 1);
    });
  }
});

test('an unknown path answers 404 with the not-found page', async ({ page, pageErrors }) => {
  pageErrors.allow(/Failed to load resource: the server responded with a status of 404/, 'the path is unknown on purpose');
  const response = await page.goto('/this-page-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
