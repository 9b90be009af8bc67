import { expect, test } from '../support/fixtures';
import { pauseClockAt } from '../support/islands';

/** The paused instant the page loads at; the clock moves only when the test says so. */
const START = new Date('2026-01-15T10:00:01Z');

test('the intro-offer countdown runs on the core WebAssembly and keeps its end time', async ({ page }) => {
  await pauseClockAt(page, START);
  const wasm: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.wasm')) wasm.push(request.url());
  });
  await page.goto('/intro-offer');
  const time = page.locator('[data-countdown-time]');
  await expect(page.locator('[data-island="IntroCountdown"]')).toHaveAttribute('data-island-state', 'mounted');
  await expect(time).toHaveText('10:00');
  await expect.poll(() => wasm.length).toBe(1);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('onespace-intro-offer-end')))
    .toBe(String(START.getTime() + 10 * 60 * 1000));

  await page.clock.runFor(61_000);
  await expect(time).toHaveText('08:59');

  // A revisit inside the window keeps the stored end.
  await page.reload();
  await expect(page.locator('[data-island="IntroCountdown"]')).toHaveAttribute('data-island-state', 'mounted');
  await expect(time).toHaveText(/^08:5\d$/);

  await page.clock.runFor(9 * 60 * 1000);
  await expect(page.getByText('Offer Expired - Regular Price Applies', { exact: true })).toBeVisible();

  // A revisit after expiry starts a new 10-minute window.
  await page.reload();
  await expect(page.locator('[data-countdown-time]')).toHaveText('10:00');
});

test('pages without a core island fetch no WebAssembly before the visitor reaches for the chat', async ({ page }) => {
  const wasm: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.wasm')) wasm.push(request.url());
  });
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  expect(wasm).toEqual([]);
});
