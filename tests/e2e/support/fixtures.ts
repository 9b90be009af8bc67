/**
 * Shared test fixtures: `baseURL` points at the server global-setup started, and `routes` is the
 * server's own route table (`onespace routes`), so no path or title is retyped in the tests.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { test as base } from '@playwright/test';

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

export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env['E2E_BASE_URL'];
    if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts');
    await use(url);
  },
});

export { expect } from '@playwright/test';
