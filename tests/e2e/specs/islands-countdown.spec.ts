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
  // Drawn with the page's own rules: the island fetched no stylesheet, and adding the whole one
  // changes nothing in how the expired box looks.
  const expiredStyle = () =>
    page.locator('.countdown-expired').evaluate((box) => {
      const style = getComputedStyle(box);
      // Custom properties aside: the inline rules keep only those a kept rule reads.
      return Array.from(style)
        .filter((name) => !name.startsWith('--'))
        .map((name) => `${name}:${style.getPropertyValue(name)}`)
        .join(';');
    });
  expect(await page.evaluate(() => document.styleSheets.length), 'the inline rules alone').toBe(1);
  const alone = await expiredStyle();
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        const names = document.querySelector<HTMLElement>('script[data-stylesheets]')?.dataset['stylesheets'] ?? '';
        const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: names.split(' ')[0] ?? '' });
        link.addEventListener('load', () => done());
        document.head.append(link);
      }),
  );
  expect(await page.evaluate(() => document.styleSheets.length), 'the whole stylesheet too').toBe(2);
  expect(await expiredStyle()).toBe(alone);
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
    // The countdown draws with the page's own rules: it fetched no stylesheet to mount.
    expect(await page.evaluate(() => document.styleSheets.length)).toBe(1);
  });
}
