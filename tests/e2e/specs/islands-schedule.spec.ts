/**
 * The TeamUp schedule widget, loaded as the server is configured: from the provider stand-in's
 * "static host" (its script on 127.0.0.1:PORT, another origin than the site), which draws the
 * customer site in a frame on a third origin (localhost:PORT), as the public embeds of TeamUp's
 * widget do. The server's Content-Security-Policy must admit both, and the script loads only
 * when the visitor asks. The failure paths replace the stand-in's script in the browser (a 404,
 * a script without the global, a widget that never draws).
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { prepare } from '../support/islands';

const SCRIPT = '**/teamup.js';

/** Serves `script` instead of the stand-in's widget script. */
async function replaceScript(page: Page, script: { status: number; body: string }) {
  await page.route(SCRIPT, (route) =>
    route.fulfill({ status: script.status, contentType: 'text/javascript', body: script.body }),
  );
}

const OPEN_WIDGET = 'Book or manage my account here';

/** Opens the timetable and asks for the widget, as a visitor who wants to book does. */
async function showWidget(page: Page) {
  await page.goto('/timetable');
  await page.getByRole('button', { name: OPEN_WIDGET }).click();
}

test.beforeEach(async ({ page }) => {
  await prepare(page);
});

test('the widget comes from its static host only when asked, and draws its frame under the CSP', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/teamup.js')) scripts.push(request.url());
  });
  await page.goto('/timetable');
  const island = page.locator('[data-island="ScheduleWidget"]');
  await island.scrollIntoViewIfNeeded();
  await island.hover();
  await expect(island).toHaveAttribute('data-island-state', 'pending');
  expect(scripts).toEqual([]);

  await page.getByRole('button', { name: OPEN_WIDGET }).click();
  const frame = page.locator('[data-schedule-container] iframe.teamup-frame');
  await expect(frame).toBeVisible();
  // The script came from another origin than the page's, and the frame from a third.
  expect(scripts).toHaveLength(1);
  const pageOrigin = new URL(page.url()).origin;
  expect(new URL(scripts[0] ?? '').origin).not.toBe(pageOrigin);
  expect(new URL((await frame.getAttribute('src')) ?? '').hostname).toBe('localhost');
  await expect(page.frameLocator('iframe.teamup-frame').locator('#standin-schedule')).toContainText('Stand-in schedule');
  const config = await page.evaluate(() => (window as unknown as { __teamupConfig: Record<string, unknown> }).__teamupConfig);
  expect(config).toMatchObject({
    type: 'specific_pages',
    view: 'schedule.week',
    all_venues: true,
    version: 3,
    target_element_id: 'teamup-schedule',
  });
  expect(typeof config['provider_id']).toBe('number');
  expect(config['pages']).toEqual([
    'schedule.week',
    'upcoming_registrations',
    'profile',
    'memberships',
    'registrations',
    'reservations',
    'referrals',
    'payments',
    'documents',
    'notifications',
    'contact',
  ]);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(violations).toEqual([]);
});

test('a script that fails to load shows the failure message', async ({ page, pageErrors }) => {
  pageErrors.allow(/Failed to load resource: the server responded with a status of 404/, "the provider's script is missing on purpose");
  await replaceScript(page, { status: 404, body: '' });
  await showWidget(page);
  await expect(page.getByRole('alert')).toContainText('Failed to load calendar. Please refresh the page.');
  await expect(page.getByRole('link', { name: 'Open the Class Schedule' })).toHaveAttribute('target', '_blank');
});

test('a script without the provider object shows the failure message', async ({ page }) => {
  await replaceScript(page, { status: 200, body: 'window.SomethingElse = {};' });
  await showWidget(page);
  await expect(page.getByRole('alert')).toContainText('Failed to load calendar. Please refresh the page.');
});

test('a widget that never appears gives up after 300 polls with a working Refresh Page', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-01-15T10:00:00Z') });
  await replaceScript(page, { status: 200, body: 'window.teamup = { calendar() { window.__teamupStarted = true; } };' });
  await showWidget(page);
  await page.clock.runFor(150);
  // The island polls for the first time straight after init, which runs once the script has
  // arrived and executed: only then may the fake clock run on (polled from Node, since the page's
  // own timers are fake).
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __teamupStarted?: boolean }).__teamupStarted === true))
    .toBe(true);
  await page.clock.runFor(29_000);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.clock.runFor(1_100);
  await expect(page.getByRole('alert')).toContainText('Failed to load calendar automatically.');
  const reloaded = page.waitForEvent('framenavigated');
  await page.getByRole('button', { name: 'Refresh Page' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/timetable$/);
});
