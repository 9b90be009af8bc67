/**
 * Shared test fixtures, used by every spec: `baseURL` points at the server global-setup started,
 * `routes` is the server's own route table (`onespace routes`), so no path or title is retyped in
 * the tests, and `pageErrors` fails any test whose pages threw an uncaught error or logged a
 * console error.
 *
 * `pageErrors` watches the test's own browser context by itself; a test that opens another
 * (`browser.newContext`) hands it to `pageErrors.watch`. A test that provokes an error on purpose
 * (a page that answers 404, a request it makes fail) allows exactly that message with
 * `pageErrors.allow(pattern, reason)`; nothing is allowed for every test.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { test as base, expect, type BrowserContext } from '@playwright/test';

/** The widths every page is tried at: a phone's and a desktop's, named for the tests' titles. */
export const WIDTHS = [
  ['phone', 390],
  ['desktop', 1440],
] as const;

export interface RouteRow {
  path: string;
  title: string;
  description: string;
  landing: boolean;
  inSitemap: boolean;
  /** A dated offer's page: the first day of its offer. */
  liveFrom: string | null;
}

export const BINARY = resolve(import.meta.dirname, '../../../target/release/onespace');

export const routes: RouteRow[] = JSON.parse(execFileSync(BINARY, ['routes'], { encoding: 'utf8' })) as RouteRow[];

/** What a test's pages reported that a visitor's console would show as an error. */
export interface PageErrors {
  /** Also watches `context`, a context the test opened itself. */
  watch(context: BrowserContext): void;
  /** Lets errors matching `pattern` pass in this test only; `reason` says why they are expected. */
  allow(pattern: RegExp, reason: string): void;
}

interface Allowance {
  pattern: RegExp;
  reason: string;
}

/** Every uncaught error and console error of `context`'s pages, as one line each, into `seen`. */
function record(context: BrowserContext, seen: string[]): void {
  context.on('weberror', (error) => {
    const thrown = error.error();
    seen.push(`uncaught error on ${error.page()?.url() ?? 'a page'}: ${thrown.stack ?? thrown.message}`);
  });
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url, lineNumber } = message.location();
    seen.push(`console error on ${message.page()?.url() ?? 'a page'}: ${message.text()} (${url}:${lineNumber})`);
  });
}

export const test = base.extend<{ pageErrors: PageErrors }>({
  baseURL: async ({}, use) => {
    const url = process.env['E2E_BASE_URL'];
    if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts');
    await use(url);
  },
  pageErrors: [
    async ({ context }, use) => {
      const seen: string[] = [];
      const allowances: Allowance[] = [];
      record(context, seen);
      await use({
        watch: (other) => record(other, seen),
        allow: (pattern, reason) => {
          if (!reason.trim()) throw new Error(`allowing ${pattern} needs a reason`);
          allowances.push({ pattern, reason });
        },
      });
      const unexpected = seen.filter((line) => !allowances.some(({ pattern }) => pattern.test(line)));
      expect(unexpected, 'uncaught page errors and console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
