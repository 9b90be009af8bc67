/**
 * The chat answers from the live timetable, in real Chromium: on a site whose
 * provider stand-in has a Hot Yoga class every evening at 6:00 PM UK time (the stand-in's
 * HYROX class renamed, before the server first reads it), "hot yoga tomorrow evening" is
 * answered with tomorrow's class and its Book link to the provider's page in a new tab; asked
 * at 390 px with the keyboard only, and read through the accessibility tree (dialog, live log,
 * list, links).
 */
import type { Page } from '@playwright/test';
import { startProvider, providerEnv, waitForClasses } from '../../support/provider.mjs';
import { expect, test } from '../support/fixtures';
import { mounted, prepare } from '../support/islands';
import { startServer, type RunningServer } from '../support/server';

let provider: { port: number; stop: () => void };
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  provider = await startProvider();
  const control = await fetch(`http://127.0.0.1:${provider.port}/_control/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rename: 'HYROX', to: 'Hot Yoga' }),
  });
  expect(control.ok).toBe(true);
  server = await startServer([], providerEnv(provider.port));
  await waitForClasses(server.baseURL, Date.now() + 90_000);
});

test.afterAll(async () => {
  await server?.stop();
  provider?.stop();
});

test.use({ viewport: { width: 390, height: 844 } });

/** Presses Tab until the chat button has focus (keyboard only, as a visitor would reach it). */
async function tabToChat(page: Page): Promise<void> {
  for (let presses = 0; presses < 200; presses += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.id === 'chat')) return;
  }
  throw new Error('Tab never reached the chat button');
}

test('"hot yoga tomorrow evening" names tomorrow\'s class with a Book link to the provider in a new tab, keyboard only at 390 px', async ({
  page,
  context,
}) => {
  await prepare(page);
  // The provider's real pages are not fetched: any request there is answered here.
  await context.route('https://goteamup.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Provider</title><p>Booking page</p>' }),
  );
  const facts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/chat-facts.json')) facts.push(request.url());
  });
  await page.goto(`${server.baseURL}/about`);
  await page.waitForLoadState('networkidle');
  // No page carries the facts: they are fetched when the chat opens.
  expect(facts).toEqual([]);

  await tabToChat(page);
  await mounted(page, 'ChatAssistant');
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'One Space Assistant' });
  const input = panel.getByRole('textbox', { name: 'Your message' });
  await expect(input).toBeFocused();
  await page.keyboard.type('hot yoga tomorrow evening');
  await page.keyboard.press('Enter');

  const reply = panel.locator('[data-from="bot"]').nth(1);
  await expect(reply).toContainText('Next hot yoga class tomorrow evening:');
  const row = reply.getByRole('listitem').filter({ hasText: 'Hot Yoga' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Tomorrow, 6:00 PM Hot Yoga with Chris Wallace');
  await expect(row).toContainText('7 spaces left');
  const book = row.getByRole('link', { name: /^Book Hot Yoga, \w+ \d+ \w+ at 6:00 PM \(opens in a new tab\)$/ });
  await expect(book).toHaveAttribute('target', '_blank');
  await expect(book).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(book).toHaveAttribute('href', /^https:\/\/goteamup\.com\/p\/\d+-[a-z-]+\/c\/schedule\?e=\d+/);
  await expect(reply.getByRole('link', { name: 'See the full timetable' })).toHaveAttribute('href', '/timetable');
  expect(facts).toHaveLength(1);

  // The accessibility tree: a dialog holding a polite live log, the reply's class list and links.
  await expect(panel.locator('.chat-log')).toHaveAttribute('aria-live', 'polite');
  const tree = await panel.ariaSnapshot();
  expect(tree).toContain('dialog "One Space Assistant"');
  expect(tree).toMatch(/- list:\n(\s+- listitem:[\s\S]*)+/);
  expect(tree).toMatch(/- link "Book Hot Yoga, \w+ \d+ \w+ at 6:00 PM \(opens in a new tab\)"/);
  expect(tree).toContain('- link "See the full timetable"');

  // Keyboard only: Shift+Tab back from the input reaches the reply's links; the Book link opens
  // the provider's page in a new tab.
  let reached = false;
  for (let presses = 0; presses < 10 && !reached; presses += 1) {
    await page.keyboard.press('Shift+Tab');
    reached = await book.evaluate((link) => link === document.activeElement);
  }
  expect(reached).toBe(true);
  const [tab] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
  await tab.waitForLoadState();
  expect(tab.url()).toMatch(/^https:\/\/goteamup\.com\/p\/\d+-[a-z-]+\/c\/schedule\?e=\d+/);
  await expect(page).toHaveURL(/\/about$/);
});
