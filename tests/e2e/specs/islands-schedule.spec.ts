/**
 * The TeamUp schedule widget against a local stand-in of the provider's script. The page's props
 * name the real script; the test rewrites that one prop in the HTML to a same-origin path and
 * serves the stand-in there (or a 404), so the island's loading, polling, moving and failure
 * paths run in a real browser without the network.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { prepare } from '../support/islands';

const STAND_IN = '/__e2e__/teamup-stand-in.js';

const WIDGET_APPEARS = `
  window.TeamUp = {
    init(config) {
      window.__teamupConfig = config;
      setTimeout(() => {
        const widget = document.createElement('div');
        widget.className = 'teamup-widget';
        widget.textContent = 'Stand-in schedule for ' + config.providerId + ' (' + config.view + ')';
        document.body.append(widget);
      }, 300);
    },
  };`;

async function timetableWith(page: Page, script: { status: number; body: string }) {
  await page.route('**/timetable', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/"scriptUrl":"[^"]*"/, `"scriptUrl":"${STAND_IN}"`);
    await route.fulfill({ response, body: html });
  });
  await page.route(`**${STAND_IN}`, (route) =>
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

test('the widget is initialised with the configuration and moved into its container', async ({ page }) => {
  await timetableWith(page, { status: 200, body: WIDGET_APPEARS });
  await showWidget(page);
  const widget = page.locator('[data-schedule-container] .teamup-widget');
  await expect(widget).toHaveText(/Stand-in schedule for .+ \(schedule\.week\)/);
  const config = await page.evaluate(() => (window as unknown as { __teamupConfig: Record<string, unknown> }).__teamupConfig);
  expect(config).toMatchObject({ type: 'specific_pages', view: 'schedule.week', allVenues: true, version: 3 });
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
  await expect(page.locator('body > .teamup-widget')).toHaveCount(0);
});

test('the widget script loads only when the visitor asks to book, not with the page', async ({ page }) => {
  let requested = 0;
  await timetableWith(page, { status: 200, body: WIDGET_APPEARS });
  page.on('request', (request) => {
    if (request.url().includes(STAND_IN)) requested += 1;
  });
  await page.goto('/timetable');
  const island = page.locator('[data-island="ScheduleWidget"]');
  await island.scrollIntoViewIfNeeded();
  await island.hover();
  await expect(island).toHaveAttribute('data-island-state', 'pending');
  await expect(page.getByRole('button', { name: OPEN_WIDGET })).toBeVisible();
  expect(requested).toBe(0);
  await page.getByRole('button', { name: OPEN_WIDGET }).click();
  await expect(page.locator('[data-schedule-container] .teamup-widget')).toBeVisible();
  expect(requested).toBe(1);
});

test('a script that fails to load shows the failure message', async ({ page }) => {
  await timetableWith(page, { status: 404, body: '' });
  await showWidget(page);
  await expect(page.getByRole('alert')).toContainText('Failed to load calendar. Please refresh the page.');
  await expect(page.getByRole('link', { name: 'Open the Class Schedule' })).toHaveAttribute('target', '_blank');
});

test('a script without the provider object shows the failure message', async ({ page }) => {
  await timetableWith(page, { status: 200, body: 'window.SomethingElse = {};' });
  await showWidget(page);
  await expect(page.getByRole('alert')).toContainText('Failed to load calendar. Please refresh the page.');
});

test('a widget that never appears gives up after 300 polls with a working Refresh Page', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-01-15T10:00:00Z') });
  await timetableWith(page, { status: 200, body: 'window.TeamUp = { init() { window.__teamupStarted = true; } };' });
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
