/**
 * The studio moves an offer's dates in its own content folder: `onespace content init` writes
 * the built-in files, back to school is set to end on 20 August 2025, and the folder is served
 * with `--content DIR --preview-date` two seconds before that end. Without JavaScript the page
 * is live with the folder's dates (banner, sitemap, Event JSON-LD); with JavaScript the open page
 * turns into the ended notice at the folder's end. Then the folder is edited while the server
 * runs, and the page follows without a restart: ended (an earlier end), then not yet open (a
 * later start), each `noindex`, out of the sitemap and without its Event.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { BINARY, startServer, type RunningServer } from '../support/server';

test.describe.configure({ mode: 'serial' });

let folder = '';
let server: RunningServer | undefined;

/** Replaces `from` (once) with `to` in the folder's offers.toml. */
function edit(from: string, to: string): void {
  const path = join(folder, 'offers.toml');
  const text = readFileSync(path, 'utf8');
  if (!text.includes(from)) throw new Error(`offers.toml has no ${from}`);
  writeFileSync(path, text.replace(from, to));
}

function url(path: string): string {
  if (!server) throw new Error('no server');
  return `${server.baseURL}${path}`;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  folder = join(mkdtempSync(join(tmpdir(), 'onespace-e2e-content-')), 'content');
  execFileSync(BINARY, ['content', 'init', folder]);
  edit('ends = "2025-08-31"', 'ends = "2025-08-20"');
  // Two seconds before the end of 20 August, UK summer time.
  server = await startServer(['--content', folder, '--preview-date', '2025-08-20T22:59:58Z']);
});

test.afterAll(async () => {
  await server?.stop();
  if (folder) rmSync(join(folder, '..'), { recursive: true, force: true });
});

interface Seen {
  noindex: boolean;
  event: boolean;
  inSitemap: boolean;
  main: string;
}

async function look(page: Page): Promise<Seen> {
  await page.goto(url('/back-to-school'));
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const sitemap = await (await page.request.get(url('/sitemap.xml'))).text();
  return {
    noindex: (await page.locator('meta[name="robots"][content="noindex"]').count()) === 1,
    event: blocks.some((block) => (JSON.parse(block) as { '@type': string })['@type'] === 'Event'),
    inSitemap: sitemap.includes('/back-to-school</loc>'),
    main: (await page.locator('main').textContent()) ?? '',
  };
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the folder's dates make the offer live until its moved end", async ({ page }) => {
    const seen = await look(page);
    expect(seen).toMatchObject({ noindex: false, event: true, inSitemap: true });
    expect(seen.main).toContain("Ends 20 Aug — Don't miss your Back to School savings");
    expect(seen.main).toContain('Buy before 20 August 2025.');
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.join('')).toContain('"endDate":"2025-08-20"');
  });
});

test.describe('with JavaScript', () => {
  test("a page left open turns into the ended notice at the folder's end", async ({ page }) => {
    await page.goto(url('/back-to-school'));
    await expect(page.locator('[data-island="OfferWatch"]')).toHaveAttribute('data-island-state', 'mounted');
    const notice = page.getByRole('status');
    await expect(notice).toContainText('The back to school offers ended on 20 August 2025.', { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Start with a 14-day trial');
  });
});

test.describe('editing the folder while the server runs', () => {
  test.use({ javaScriptEnabled: false });

  test('an earlier end, then a later start, change the page without a restart', async ({ page }) => {
    edit('ends = "2025-08-20"', 'ends = "2025-08-10"');
    await expect.poll(async () => (await look(page)).main, { timeout: 30_000 }).toContain(
      'The back to school offers ended on 10 August 2025.',
    );
    expect(await look(page)).toMatchObject({ noindex: true, event: false, inSitemap: false });

    edit('starts = "2025-08-01"', 'starts = "2025-08-21"');
    edit('ends = "2025-08-10"', 'ends = "2025-08-31"');
    await expect.poll(async () => (await look(page)).main, { timeout: 30_000 }).toContain(
      'The back to school offers start on 21 August 2025.',
    );
    const upcoming = await look(page);
    expect(upcoming).toMatchObject({ noindex: true, event: false, inSitemap: false });
    expect(upcoming.main).toContain('This offer has not started yet');
  });
});
