/**
 * The staff area (`/studio`) as its staff meet it: a server of the test's own whose public URL
 * is its own origin (the area's forms must come from it), accounts made with the real
 * `onespace studio add-user`, and an authenticator app computing the codes (RFC 6238: SHA-1,
 * six digits, 30-second steps) from the key the set-up page shows.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { violations } from './axe';
import { BINARY, WIDTHS, expect, test as base } from './fixtures';
import { startServer, type RunningServer } from './server';

/** The screens the area is tried at: the suite's phone and desktop widths, at their heights. */
export const VIEWPORTS = WIDTHS.map(([kind, width]) => ({ width, height: kind === 'phone' ? 844 : 900 }));

/**
 * A server for the area: `--public-url` is its own origin, or what `publicURL` makes of it (the
 * same server named `localhost`, for passkeys, which need a domain name); the server returned
 * is named by its public URL.
 */
export async function startStudioServer(
  env: Record<string, string> = {},
  publicURL: (baseURL: string) => string = (baseURL) => baseURL,
): Promise<RunningServer> {
  const server = await startServer((baseURL) => ['--public-url', publicURL(baseURL)], env);
  return { ...server, baseURL: publicURL(server.baseURL) };
}

/**
 * The suite's `test` where each test gets a studio server of its own (`studio`, started as
 * [`startStudioServer`] starts it and stopped after the test), and the pages' relative paths go
 * to it.
 */
export function withStudioServer(env: Record<string, string> = {}, publicURL?: (baseURL: string) => string) {
  return base.extend<{ studio: RunningServer }>({
    studio: async ({}, use) => {
      const server = await startStudioServer(env, publicURL);
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    baseURL: async ({ studio }, use) => {
      await use(studio.baseURL);
    },
  });
}

/** Makes an account with `onespace studio add-user` and returns the set-up link it printed. */
export function addUser(server: RunningServer, email: string, role: 'owner' | 'editor' = 'owner'): string {
  const out = execFileSync(
    BINARY,
    ['studio', 'add-user', email, '--role', role, '--data', server.dataDir, '--public-url', server.baseURL],
    { encoding: 'utf8', env: { ...process.env, DATABASE_URL: '' } },
  );
  const link = out.split('\n')[1]?.trim() ?? '';
  expect(link, `the set-up link on the second line of:\n${out}`).toMatch(
    new RegExp(`^${server.baseURL.replace(/[.]/g, '\\.')}/studio/set-up/[^/\\s]+$`),
  );
  return link;
}

const PERIOD_MS = 30_000;

/**
 * The authenticator app of one account. The area takes each 30-second step's code once, and
 * accepts the next step's code (one step of clock drift), so a code is that of the current step
 * or, when that was used, the next; when both were used, it waits for the clock to reach the
 * step after.
 */
export class Authenticator {
  private readonly totp: TOTP;
  private lastStep = -1;

  constructor(keyAsShown: string) {
    this.totp = new TOTP({
      secret: Secret.fromBase32(keyAsShown.replace(/\s+/g, '')),
      algorithm: 'SHA1',
      digits: 6,
      period: PERIOD_MS / 1000,
    });
  }

  /** A code the area has not seen yet. */
  async code(): Promise<string> {
    const now = Date.now();
    const step = Math.max(Math.floor(now / PERIOD_MS), this.lastStep + 1);
    // More than one step ahead of the clock would be refused: wait until it is one step ahead.
    const waitMs = (step - 1) * PERIOD_MS - now;
    if (waitMs > 0) await new Promise((done) => setTimeout(done, waitMs + 50));
    this.lastStep = step;
    return this.totp.generate({ timestamp: step * PERIOD_MS });
  }
}

export const PASSWORD = 'ember sauna plunge lantern 42';

/** What setting up an account gave its owner. */
export interface SetUpAccount {
  email: string;
  password: string;
  authenticator: Authenticator;
  recoveryCodes: string[];
}

/**
 * Opens the set-up link, reads the key, chooses the password, types the app's code; `onPage`
 * runs on the set-up form and on the recovery codes page (for checks such as axe).
 */
export async function setUpAccount(
  page: Page,
  link: string,
  email: string,
  onPage: (name: 'set-up' | 'recovery-codes') => Promise<void> = async () => {},
): Promise<SetUpAccount> {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your account' })).toBeVisible();
  await expect(page.locator('main')).toContainText(email);
  const key = (await page.locator('code.studio-secret').textContent()) ?? '';
  expect(key, 'the key, base32 in groups of four').toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  await onPage('set-up');
  const authenticator = new Authenticator(key);
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('New password again').fill(PASSWORD);
  await page.getByLabel('The six-digit code the app now shows').fill(await authenticator.code());
  await page.getByRole('button', { name: 'Set up my account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is ready' })).toBeVisible();
  const recoveryCodes = await page.getByRole('list', { name: 'Recovery codes' }).locator('li code').allTextContents();
  await onPage('recovery-codes');
  return { email, password: PASSWORD, authenticator, recoveryCodes };
}

/**
 * Signs in with e-mail address, password and a fresh code, from the sign-in form; `onPage` runs
 * on the form and on the code step.
 */
export async function signIn(
  page: Page,
  account: SetUpAccount,
  onPage: (name: 'sign-in' | 'code') => Promise<void> = async () => {},
): Promise<void> {
  await page.goto('/studio/sign-in');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await onPage('sign-in');
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/studio\/sign-in\/code$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
  await onPage('code');
  await page.getByLabel('Six-digit code').fill(await account.authenticator.code());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/studio\/enquiries$/);
}

/** A new owner account, set up from its link and signed in. */
export async function signedInOwner(page: Page, server: RunningServer, email = 'owner@example.com'): Promise<SetUpAccount> {
  const account = await setUpAccount(page, addUser(server, email), email);
  await signIn(page, account);
  return account;
}

/** The elements that reach past the right edge of the viewport, as `tag.class` (for messages). */
function wideElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 10)
      .map((element) => `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''}`);
  });
}

/** The staff area's cards: panels, forms, the editor's sections and items. */
const CARDS = '.studio-panel, .studio-form, .studio-empty, .editor-section, .editor-group, .editor-item';

/**
 * The elements that stick out of their card (past its left or right edge), as `tag.class in
 * card.class`; a table's own scrolling box (`.table-wrap`) and what a screen reader alone reads
 * (`.sr-only`) are left out, and so is what is not shown (a closed section's fields, which
 * Chromium keeps laid out).
 */
export function outsideTheirCards(page: Page): Promise<string[]> {
  return page.evaluate((cards) => {
    const name = (element: Element) => `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`;
    const found: string[] = [];
    for (const card of Array.from(document.querySelectorAll(cards))) {
      const edge = card.getBoundingClientRect();
      for (const element of Array.from(card.querySelectorAll('*'))) {
        if (element.closest('.table-wrap, .sr-only') || !element.checkVisibility()) continue;
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        if (box.left < edge.left - 0.5 || box.right > edge.right + 0.5) found.push(`${name(element)} in ${name(card)}`);
      }
    }
    return found.slice(0, 10);
  }, CARDS);
}

/** The smallest tap target a staff screen gives a finger, in CSS pixels (the issue's 44 px). */
const TAP_PX = 44;

/**
 * The controls in a staff page's main part smaller than [`TAP_PX`] in height: buttons, fields,
 * menus, what opens a section, and links drawn as buttons (a link in a sentence is the
 * sentence's height, as WCAG allows).
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((least) => {
    const selector = 'main.studio-main :is(button, select, input:not([type=hidden], [type=checkbox], [type=radio]), summary, a.btn)';
    return Array.from(document.querySelectorAll(selector))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return element.checkVisibility() && box.width > 0 && box.height > 0 && box.height < least - 0.5;
      })
      .slice(0, 10)
      .map((element) => `${element.tagName.toLowerCase()} “${(element.textContent ?? '').trim().slice(0, 30)}” (${Math.round(element.getBoundingClientRect().height)} px)`);
  }, TAP_PX);
}

/** Whether `locator` lies wholly within the screen's width, not in a part scrolled out of sight. */
export async function withinScreen(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = locator.page().viewportSize()?.width ?? 0;
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

/**
 * The page as it is now has no axe violation, nothing wider than the viewport, nothing
 * sticking out of its card and no control too small for a finger; with
 * `STUDIO_SHOTS` set, a full-page screenshot is saved in that folder as `NAME-WIDTH.png`, and
 * what the screen shows as `NAME-WIDTH-screen.png`.
 */
export async function checkPage(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const folder = process.env['STUDIO_SHOTS'];
  if (folder) {
    mkdirSync(folder, { recursive: true });
    await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
    await page.screenshot({ path: `${folder}/${name}-${width}-screen.png` });
  }
  expect(await violations(page), `axe on ${name} at ${width} px`).toEqual([]);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  const past = scrollWidth > width ? ` (reaching past it: ${(await wideElements(page)).join(', ')})` : '';
  expect(scrollWidth, `${name} at ${width} px is no wider than the viewport${past}`).toBeLessThanOrEqual(width);
  expect(await outsideTheirCards(page), `${name} at ${width} px: nothing sticks out of its card`).toEqual([]);
  expect(await smallTargets(page), `${name} at ${width} px: every control is at least ${TAP_PX} px tall`).toEqual([]);
}
