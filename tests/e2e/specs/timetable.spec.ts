/**
 * The timetable's classes as a visitor uses them, against the booking provider's stand-in
 * (support/global-setup.ts): readable without JavaScript, filtered by class type and by day
 * without a reload, the choice kept in the address so it can be shared, and operable from the
 * keyboard with labelled controls and a status line.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { mounted, prepare } from '../support/islands';

const rows = (page: Page) => page.locator('.class-row');

/** The day key of the first listed day with a class called `name`. */
async function dayWith(page: Page, name: string): Promise<string> {
  const row = rows(page).filter({ hasText: name }).first();
  return (await row.getAttribute('data-class-day')) ?? '';
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every class is listed with its time, coach, length, spaces and a Book link', async ({ page }) => {
    await page.goto('/timetable');
    // Seven days from today; six once today's last public class (18:00-18:45 UK time in the
    // stand-in) is over.
    await expect(page.locator('.class-day').first()).toBeVisible();
    expect([6, 7]).toContain(await page.locator('.class-day').count());
    // Today's 9:30 class is listed as closed once 9:30 UK time has passed: the first still open.
    const first = rows(page).filter({ hasText: 'Warm Pilates', hasNotText: 'Booking closed' }).first();
    await expect(first).toContainText('with Leanne Brown');
    await expect(first).toContainText('50 min');
    await expect(first).toContainText('Full: join the waitlist');
    const book = first.getByRole('link', { name: /^Book Warm Pilates, .+ at 9:30 AM/ });
    await expect(book).toHaveAttribute('target', '_blank');
    // The class's own page as the provider gives it (customer_url).
    await expect(book).toHaveAttribute('href', /^https:\/\/goteamup\.com\/p\/\d+-[a-z-]+\/c\/schedule\?e=\d+&startdate=/);
    // Appointments, members-only, private and cancelled classes are not public.
    for (const hidden of ['1-2-1 Personal Training', "Members' Mobility", 'Staff Training', 'Fire & Ice']) {
      await expect(rows(page).filter({ hasText: hidden })).toHaveCount(0);
    }
  });

  test("the home page's Classes today lists the next public classes from the same copy", async ({ page }) => {
    await page.goto('/');
    const section = page.locator('section', { has: page.locator('#today-title') });
    await expect(section.locator('#today-title')).toHaveText(/^(Classes today|Next classes)$/);
    const next = section.locator('.class-row');
    await expect(next).toHaveCount(3);
    let bookable = 0;
    for (const row of await next.all()) {
      await expect(row.locator('.class-name')).toHaveText(/^(Hot Yoga|Warm Pilates|HYROX)$/);
      const book = row.getByRole('link', { name: /^Book / });
      // A class under way has closed its bookings (the stand-in closes them at the start, so
      // its 18:00 class does so from 18:00 to 18:45 UK time): it says so and offers no link.
      if ((await row.getByText('Booking closed').count()) > 0) {
        await expect(book).toHaveCount(0);
        continue;
      }
      await expect(book).toHaveAttribute('href', /^https:\/\/goteamup\.com\/p\/\d+-[a-z-]+\/c\/schedule\?e=\d+/);
      bookable += 1;
    }
    expect(bookable).toBeGreaterThan(0);
    await expect(section.getByRole('link', { name: 'See the full timetable' })).toHaveAttribute('href', '/timetable');
  });
});

test.describe('filters', () => {
  test.beforeEach(async ({ page }) => {
    await prepare(page);
  });

  test('by class type and by day, without a reload, with the choice in the address', async ({ page }) => {
    await page.goto('/timetable');
    await mounted(page, 'TimetableFilters');
    const total = await rows(page).count();
    expect(total).toBeGreaterThan(10);
    // A reload would drop this mark.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    await page.getByLabel('Class', { exact: true }).selectOption({ label: 'Warm Pilates' });
    await expect(page).toHaveURL(/\/timetable\?type=warm-pilates$/);
    const visible = rows(page).locator('visible=true');
    await expect(visible.first()).toContainText('Warm Pilates');
    for (const text of await visible.allTextContents()) expect(text).toContain('Warm Pilates');
    await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toContainText(
      `Showing ${await visible.count()} of ${total} classes`,
    );

    const day = await dayWith(page, 'Warm Pilates');
    await page.getByLabel('Day', { exact: true }).selectOption(day);
    await expect(page).toHaveURL(new RegExp(`/timetable\\?type=warm-pilates&day=${day}$`));
    await expect(visible).toHaveCount(1);
    await expect(page.locator('.class-day').locator('visible=true')).toHaveCount(1);

    await page.getByLabel('Class', { exact: true }).selectOption({ label: 'All classes' });
    await expect(page).toHaveURL(new RegExp(`/timetable\\?day=${day}$`));
    for (const row of await visible.all()) await expect(row).toHaveAttribute('data-class-day', day);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test('a shared filtered address opens filtered, and the filters work from the keyboard', async ({ page }) => {
    await page.goto('/timetable?type=hyrox');
    await mounted(page, 'TimetableFilters');
    await expect(page.getByLabel('Class', { exact: true })).toHaveValue('hyrox');
    const visible = rows(page).locator('visible=true');
    await expect(visible.first()).toContainText('HYROX');
    for (const text of await visible.allTextContents()) expect(text).toContain('HYROX');

    await page.getByLabel('Class', { exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Day', { exact: true })).toBeFocused();
    await page.getByLabel('Class', { exact: true }).focus();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByLabel('Class', { exact: true })).toHaveValue('');
    await expect(page).toHaveURL(/\/timetable$/);
    await expect(visible).toHaveCount(await rows(page).count());
  });

  test('a mangled address shows every class', async ({ page }) => {
    await page.goto('/timetable?type=<script>&day=someday');
    await mounted(page, 'TimetableFilters');
    await expect(page.getByLabel('Class', { exact: true })).toHaveValue('');
    await expect(page).toHaveURL(/\/timetable$/);
    await expect(rows(page).locator('visible=true')).toHaveCount(await rows(page).count());
  });
});
