import { expect, test } from '../support/fixtures';
import { layoutShift, mounted, pauseClockAt, prepare } from '../support/islands';

/** The paused instant the page loads at; the clock moves only when the test says so. */
const START = new Date('2026-01-15T10:00:01Z');

test.beforeEach(async ({ page }) => {
  await prepare(page);
});

test("the timed offer counts 5 minutes, then hides the coupon and checkout and shows Time's Up! and the intro offer", async ({ page }) => {
  await pauseClockAt(page, START);
  await page.goto('/fast-access');
  await mounted(page, 'TimedOfferCountdown');
  const time = page.locator('[data-countdown-time]');
  await expect(time).toHaveText('05:00');
  await expect(page.locator('[data-offer-running] .coupon-code')).toBeVisible();
  await expect(page.getByText('Claim it before the timer runs out.')).toBeVisible();
  await expect(page.locator('.expired-panel')).toBeHidden();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('onespace-timed-offer-end')))
    .toBe(String(START.getTime() + 5 * 60 * 1000));

  await page.clock.runFor(61_000);
  await expect(time).toHaveText('03:59');

  await page.clock.runFor(240_000);
  await expect(page.locator('.countdown-expired')).toHaveText("Time's Up!");
  for (const running of await page.locator('[data-offer-running]').all()) await expect(running).toBeHidden();
  // The hero's lead follows: no "claim it before the timer runs out" above 'Time's Up!'.
  await expect(page.locator('.page-lead:visible')).toHaveText(/The timer has run out on this offer/);
  await expect(page.locator('[data-offer-expired]').getByRole('link', { name: 'See the Intro Offer' })).toHaveAttribute(
    'href',
    '/intro-offer',
  );

  // No renewal: a revisit stays expired.
  await page.reload();
  await expect(page.locator('.expired-panel')).toBeVisible();
  await expect(page.getByText('Claim it before the timer runs out.')).toBeHidden();
});

for (const path of ['/hot-yoga', '/yoga-beginners', '/pilates', '/group-pt', '/hyrox-training', '/fire-ice-recovery']) {
  test(`${path} runs the intro countdown without moving the page`, async ({ page }) => {
    await pauseClockAt(page, START);
    await page.goto(path);
    await mounted(page, 'IntroCountdown');
    await expect(page.locator('[data-countdown-time]').first()).toHaveText('10:00');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('onespace-intro-offer-end'))).not.toBeNull();
    await page.clock.runFor(2000);
    await expect(page.locator('[data-countdown-time]').first()).toHaveText('09:58');
    expect(await layoutShift(page)).toBe(0);
  });
}
