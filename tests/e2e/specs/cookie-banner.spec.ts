import { expect, test } from '../support/fixtures';

const banner = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Cookie consent' });

function consentUpdates(page: import('@playwright/test').Page) {
  return page.evaluate(() =>
    (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((entry) => entry[0] === 'consent' && entry[1] === 'update')
      .map((entry) => entry[2]),
  );
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

test('Accept All stores accepted, grants analytics and stays hidden across reloads', async ({ page }) => {
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole('button', { name: 'Accept All' }).click();
  await expect(banner(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('accepted');
  expect(await consentUpdates(page)).toEqual([{ analytics_storage: 'granted' }]);

  await page.reload();
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  await expect(banner(page)).toBeHidden();
  const defaults = await page.evaluate(() =>
    (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)).find((entry) => entry[1] === 'default'),
  );
  expect(defaults?.[2]).toMatchObject({ analytics_storage: 'granted' });
});

test('Decline stores declined, denies analytics and stays hidden across reloads', async ({ page }) => {
  await page.goto('/contact');
  await banner(page).getByRole('button', { name: 'Decline' }).click();
  await expect(banner(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('declined');
  expect(await consentUpdates(page)).toEqual([{ analytics_storage: 'denied' }]);
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(banner(page)).toBeHidden();
});

test('the banner links to the privacy notice', async ({ page }) => {
  await page.goto('/');
  await banner(page).getByRole('link', { name: 'Privacy Notice' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the banner stays hidden: nothing is stored and no analytics can run', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-cookie-banner]')).toHaveCount(1);
    await expect(banner(page)).toBeHidden();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the chat button does not cover the banner’s choices', async ({ page }) => {
    await page.goto('/timetable');
    await expect(banner(page)).toBeVisible();
    for (const name of ['Decline', 'Accept All']) {
      const button = banner(page).getByRole('button', { name });
      const label = ((await button.textContent()) ?? '').trim();
      // Polled: the chat button stands clear of the banner once the dock has measured it (a
      // ResizeObserver, in the frame after the banner shows), which may be after the banner is
      // visible to the test.
      await expect
        .poll(
          () =>
            button.evaluate((element) => {
              const box = element.getBoundingClientRect();
              return document.elementFromPoint(box.right - 4, box.top + box.height / 2)?.closest('button')?.textContent?.trim() ?? null;
            }),
          { message: `${name} is covered` },
        )
        .toBe(label);
    }
  });
});
