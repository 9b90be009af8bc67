/**
 * The intro price (£39, usually £49) is true wherever it shows: it says what it is, and when the
 * countdown ends nothing on the page still offers it. How it is offered is the studio's choice in
 * prices.toml (`intro_countdown`): SPEC's new window on every visit, one window per visitor, or
 * no countdown; each is tried here from a content folder of its own, with JavaScript on and off.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, routes, test } from '../support/fixtures';
import { prepare } from '../support/islands';
import { startServer, type RunningServer } from '../support/server';

const INTRO = '£39 online intro price, usually £49';
const EXPIRED = 'Offer Expired - Regular Price Applies';
const STORAGE_KEY = 'onespace-intro-offer-end';
const DAY_MS = 86_400_000;

/** /intro-offer and the six service pages: every page that offers the intro price. */
const introPages = ['/intro-offer', ...routes.filter((route) => route.landing).map((route) => route.path)];

/** The text a visitor sees (hidden twins excluded). */
function seen(page: Page): Promise<string> {
  return page.locator('main').innerText();
}

/** Links to the provider's intro checkout that a visitor can see. */
function visibleIntroLinks(page: Page) {
  return page.locator('main a[href*="14-day-ultimate-experience-intro"]:visible');
}

/** A server reading a copy of the studio's content with `intro_countdown` set to `mode`. */
function serverWithCountdown(mode: string, extra = ''): () => RunningServer {
  let server: RunningServer | undefined;
  let folder = '';
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    folder = mkdtempSync(join(tmpdir(), 'onespace-content-'));
    cpSync(resolve(import.meta.dirname, '../../../content'), folder, { recursive: true });
    const prices = join(folder, 'prices.toml');
    const text = readFileSync(prices, 'utf8').replace(/^intro_countdown = ".*"$/m, `intro_countdown = "${mode}"${extra}`);
    writeFileSync(prices, text);
    server = await startServer(['--content', folder]);
  });
  test.afterAll(async () => {
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  });
  return () => {
    if (!server) throw new Error(`the server with intro_countdown = ${mode} did not start`);
    return server;
  };
}

/** A page of `browser` with JavaScript off. */
async function withoutScripts(browser: Browser, watch: (context: import('@playwright/test').BrowserContext) => void) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  watch(context);
  return { context, page: await context.newPage() };
}

test.describe('with SPEC\'s countdown (the default)', () => {
  test.beforeEach(async ({ page }) => {
    await prepare(page);
  });

  for (const path of introPages) {
    test(`${path}: the intro price says what it is, and none is left once the countdown ends`, async ({ page }) => {
      await page.clock.install({ time: new Date('2026-03-02T10:00:00Z') });
      await page.goto(path);
      // The island's first tick has read the clock (before it, a fast-forward would start the
      // window late).
      await expect(page.locator('[data-countdown-time]').first()).not.toHaveAttribute('data-pending');
      await expect(page.locator('[data-countdown-time]').first()).toHaveText(/^(10:00|09:59)$/);
      expect(await seen(page)).toContain(INTRO);
      expect(await visibleIntroLinks(page).count()).toBeGreaterThan(0);
      await page.clock.fastForward('10:01');
      await expect(page.getByText(EXPIRED).first()).toBeVisible();
      const text = await seen(page);
      expect(text).not.toContain('£39');
      expect(text).toContain('£49');
      await expect(visibleIntroLinks(page)).toHaveCount(0);
      await expect(page.locator('main a[href$="14-day-ultimate-experience"]:visible').first()).toBeVisible();
    });
  }

  test('a revisit after the window ran out starts a new one (SPEC)', async ({ page }) => {
    await page.addInitScript(([key, end]) => localStorage.setItem(key, end), [STORAGE_KEY, String(Date.now() - DAY_MS)] as const);
    await page.goto('/hot-yoga');
    await expect(page.locator('[data-countdown-time]')).toHaveText(/^(10:00|09:5\d)$/);
    expect(await seen(page)).toContain(INTRO);
  });

  test('without JavaScript the page shows the fresh window and only the intro price', async ({ browser, pageErrors }) => {
    const { context, page } = await withoutScripts(browser, pageErrors.watch);
    await page.goto(`${process.env['E2E_BASE_URL']}/intro-offer`);
    expect(await seen(page)).toContain(INTRO);
    expect(await seen(page)).not.toContain('Start My Trial for £49');
    await context.close();
  });
});

test.describe('with one countdown per visitor', () => {
  const server = serverWithCountdown('once-per-visitor', '\nintro_regular_days = 30');

  test('a visitor back the next day sees the regular price, and a new window only after the period', async ({ page }) => {
    await prepare(page);
    await page.addInitScript(([key, end]) => localStorage.setItem(key, end), [STORAGE_KEY, String(Date.now() - DAY_MS)] as const);
    await page.goto(`${server().baseURL}/group-pt`);
    await expect(page.getByText(EXPIRED).first()).toBeVisible();
    expect(await seen(page)).not.toContain('£39');
    await expect(visibleIntroLinks(page)).toHaveCount(0);

    const later = await page.context().newPage();
    await later.addInitScript(([key, end]) => localStorage.setItem(key, end), [STORAGE_KEY, String(Date.now() - 31 * DAY_MS)] as const);
    await later.goto(`${server().baseURL}/group-pt`);
    await expect(later.locator('[data-countdown-time]')).toHaveText(/^(10:00|09:5\d)$/);
    expect(await seen(later)).toContain(INTRO);
  });

  test('without JavaScript the first visit\'s window shows', async ({ browser, pageErrors }) => {
    const { context, page } = await withoutScripts(browser, pageErrors.watch);
    await page.goto(`${server().baseURL}/pilates`);
    expect(await seen(page)).toContain(INTRO);
    await context.close();
  });
});

test.describe('with no countdown', () => {
  const server = serverWithCountdown('none');

  for (const javaScriptEnabled of [true, false]) {
    test(`the intro price is shown plainly, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async ({ browser, pageErrors }) => {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1440, height: 900 } });
      pageErrors.watch(context);
      const page = await context.newPage();
      for (const path of ['/intro-offer', '/hot-yoga']) {
        await page.goto(`${server().baseURL}${path}`);
        await expect(page.locator('[data-island="IntroCountdown"]')).toHaveCount(0);
        expect(await seen(page)).toContain(INTRO);
        expect(await page.locator('[data-offer-expired]').count()).toBe(0);
        const data = await page.locator('script[type="application/ld+json"]').first().textContent();
        expect(data).toContain('"price":"39"');
      }
      await context.close();
    });
  }
});
