/**
 * A path the site does not have: the not-found page, with its way home. (Every route's status,
 * title and shared layout: pages-nojs.spec.ts.)
 */
import { expect, test } from '../support/fixtures';

test('an unknown path answers 404 with the not-found page', async ({ page, pageErrors }) => {
  pageErrors.allow(/Failed to load resource: the server responded with a status of 404/, 'the path is unknown on purpose');
  const response = await page.goto('/this-page-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
