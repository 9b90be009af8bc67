import type { Page } from '@playwright/test';
import { expect, routes, test } from '../support/fixtures';
import { layoutShifts, mountEveryIsland, prepare, quietScheduleWidgetOf, settledLayoutShift, wheelBy } from '../support/islands';
import { expectValid } from '../support/markup';
import { previewServer } from '../support/preview';

/** The back-to-school offer runs in August 2025: its page is seen on a day it is live. */
const august = previewServer('2025-08-15');

test.beforeEach(async ({ page }) => {
  await prepare(page);
});

test('the back-to-school bar appears after 600 px of scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${august()}/back-to-school`);
  const bar = page.getByRole('navigation', { name: 'Back to school quick links' });
  await expect(page.locator('[data-island="BackToSchoolBar"]')).toHaveAttribute('data-island-state', 'mounted');
  await expect(bar).toBeHidden();
  // 400 px down, and the page has drawn it: the bar has had its look at the scroll and stays hidden.
  await wheelBy(page, 400);
  await expect(bar).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 700));
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link')).toHaveText(['Buy Credit Packs', 'Join with 20% Off', 'Book Zoom Consult']);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toBeHidden();
});

test('on phones the bar is a select that navigates on choice', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${august()}/back-to-school`);
  await expect(page.locator('[data-island="BackToSchoolBar"]')).toHaveAttribute('data-island-state', 'mounted');
  await page.evaluate(() => window.scrollTo(0, 900));
  const select = page.getByRole('combobox', { name: 'Choose an offer' });
  await expect(select).toBeVisible();
  await select.selectOption({ label: 'Book Zoom Consult' });
  await expect(page).toHaveURL(/\/challenge$/);
});

test('FAQ items open independently on /faq and one at a time on /back-to-school, without JavaScript', async ({ browser, pageErrors }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env['E2E_BASE_URL'] });
  pageErrors.watch(context);
  const page = await context.newPage();
  await page.goto('/faq');
  const faq = page.locator('details.faq-item');
  await faq.nth(0).locator('summary').click();
  await faq.nth(1).locator('summary').click();
  await expect(page.locator('details.faq-item[open]')).toHaveCount(2);
  await page.goto(`${august()}/back-to-school`);
  const items = page.locator('details.faq-item');
  await items.nth(0).locator('summary').click();
  await items.nth(1).locator('summary').click();
  await expect(page.locator('details.faq-item[open]')).toHaveCount(1);
  await items.nth(1).locator('summary').click();
  await expect(page.locator('details.faq-item[open]')).toHaveCount(0);
  await context.close();
});

test('scroll-to-form links reach the investor forms', async ({ page }) => {
  await page.goto('/investinonespace');
  await page.locator('a[href="#register-form"]').first().click();
  await expect(page).toHaveURL(/#register-form$/);
  await expect(page.locator('#register-form')).toBeInViewport();
});

/**
 * Opens `url` on a phone, mounts every island on it the way a visitor sets each off (see
 * mountEveryIsland) and expects no layout shift at all, and the page then still valid.
 */
async function expectIslandsMountInPlace(page: Page, url: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await quietScheduleWidgetOf(page, url);
  await page.goto(url);
  const resized: string[] = [];
  const islands = await mountEveryIsland(page, resized);
  expect(islands.length, 'islands on the page').toBeGreaterThan(0);
  const shift = await settledLayoutShift(page);
  expect(shift, `layout shift while mounting ${islands.join(', ')}: ${(await layoutShifts(page)).join(' | ')}`).toBe(0);
  // What the shift score cannot see: an island replacing its server-rendered box with one of
  // another height.
  expect(resized, 'islands whose height changed when they mounted').toEqual([]);
  // And the page the islands made is as valid as the one the server wrote (pages-nojs.spec.ts).
  await expectValid(page);
}

// Every page of the site on the real clock (the dated offers' pages as ended), then each dated
// offer's page on its first day, live.
for (const route of routes) {
  test(`${route.path}: every island mounts without moving anything`, async ({ page, baseURL }) => {
    await expectIslandsMountInPlace(page, `${baseURL}${route.path}`);
  });
}

for (const route of routes.filter((candidate) => candidate.liveFrom !== null)) {
  test.describe(`${route.path} while its offer runs`, () => {
    const live = previewServer(route.liveFrom ?? '');
    test(`${route.path} on ${route.liveFrom}: every island mounts without moving anything`, async ({ page }) => {
      await expectIslandsMountInPlace(page, `${live()}${route.path}`);
    });
  });
}
