/**
 * A price change scheduled in the studio for next week, as an owner would do it, at a phone's
 * and a desktop's width: Lite set to £55 in the editor's form, reviewed and scheduled for 09:00
 * UK time a week from today, listed as coming up while visitors still see £49; then the studio's
 * clock (`ONESPACE_STUDIO_CLOCK_FILE`, the injected instant) is moved eight days on and the
 * change goes live on /memberships by itself, with no visit to the studio, and is listed as
 * published.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test as base } from '../support/fixtures';
import type { RunningServer } from '../support/server';
import { VIEWPORTS, checkPage, signedInOwner, startStudioServer, withinScreen } from '../support/studio';

/** A studio server whose clock the test moves by writing seconds into `clockFile`. */
const test = base.extend<{ studio: RunningServer & { clockFile: string } }>({
  studio: async ({}, use) => {
    const folder = mkdtempSync(join(tmpdir(), 'onespace-clock-'));
    const clockFile = join(folder, 'studio-clock');
    writeFileSync(clockFile, '0');
    const server = await startStudioServer({ ONESPACE_STUDIO_CLOCK_FILE: clockFile });
    try {
      await use({ ...server, clockFile });
    } finally {
      await server.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  },
  baseURL: async ({ studio }, use) => {
    await use(studio.baseURL);
  },
});

/** The day `days` from now, as a UK date (`2026-12-02`). */
function ukDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now() + days * 86_400_000);
}

const LITE_CARD = (price: string) => `<h3 class="price-card-name">Lite</h3><p class="price">${price}`;

for (const viewport of VIEWPORTS) {
  test.describe(`scheduled changes at ${viewport.width} px`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 120_000 });

    test('a price change scheduled for next week goes live by itself at its time', async ({ page, studio }) => {
      await signedInOwner(page, studio);
      // A mistake's link opens the form at its field, its section open.
      await page.goto('/studio/content/edit/prices.toml#field-monthly-0-price');
      await page.getByRole('group', { name: 'Lite', exact: true }).getByLabel('Price', { exact: true }).fill('55');
      await page.getByRole('link', { name: 'Review and publish' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Your draft' })).toBeVisible();

      const date = ukDate(7);
      const schedule = page.getByRole('form', { name: 'Or schedule it' });
      await schedule.getByLabel('Date').fill(date);
      await schedule.getByLabel('Time (UK)').fill('09:00');
      await schedule.getByLabel('Note for the history (optional)').fill('Lite to £55 next week');
      await checkPage(page, 'schedule-review');
      await schedule.getByRole('button', { name: 'Schedule' }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'Scheduled changes' })).toBeVisible();
      await expect(page.getByRole('status')).toContainText('Scheduled: it goes live at');
      const coming = page.getByRole('region', { name: 'Coming up' });
      await expect(coming.getByRole('row')).toHaveCount(2);
      await expect(coming).toContainText('Waiting');
      await expect(coming).toContainText('Lite to £55 next week');
      // The change's actions are on the screen, a phone's too, not in a table scrolled sideways.
      expect(await withinScreen(coming.getByRole('button', { name: /^Cancel the change for/ }))).toBe(true);
      await checkPage(page, 'schedule-list');
      expect(await (await page.request.get('/memberships')).text()).toContain(LITE_CARD('£49'));

      // Eight days on by the studio's clock: past 09:00 next week, the change is live without
      // anyone visiting the studio.
      writeFileSync(studio.clockFile, String(8 * 86_400));
      await expect
        .poll(async () => (await page.request.get('/memberships')).text(), { timeout: 15_000 })
        .toContain(LITE_CARD('£55'));
    });
  });
}
