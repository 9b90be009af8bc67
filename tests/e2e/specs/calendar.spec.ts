/**
 * Offers follow the calendar: the site as `onespace serve --preview-date` shows it before, during
 * and after each dated offer, as a visitor without JavaScript and a crawler see it (what the page
 * says, `noindex`, sitemap membership, JSON-LD), and with JavaScript a live page left open across
 * the offer's end turning into the ended notice. The shared server runs on the real clock, on
 * which every offer SPEC dates has ended.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { startServer, startServerOn, type RunningServer } from '../support/server';

test.describe.configure({ mode: 'serial' });

/** Preview dates: each offer before, during and after (today is the shared server). */
const DATES = {
  beforeBackToSchool: '2025-07-31T22:59:59Z',
  backToSchool: '2025-08-15',
  backToSchoolLastSeconds: '2025-08-31T22:59:58Z',
  september2024: '2024-09-15',
  yearEnd: '2025-12-01',
} as const;

const servers: Partial<Record<keyof typeof DATES, RunningServer>> = {};

function base(key: keyof typeof DATES | 'today'): string {
  if (key === 'today') return process.env['E2E_BASE_URL'] ?? '';
  const server = servers[key];
  if (!server) throw new Error(`no server for ${key}`);
  return server.baseURL;
}

test.beforeAll(async () => {
  // Five servers render the site at start: give a loaded machine room.
  test.setTimeout(180_000);
  await Promise.all(
    (Object.entries(DATES) as [keyof typeof DATES, string][]).map(async ([key, date]) => {
      servers[key] = await startServerOn(date);
    }),
  );
});

test.afterAll(async () => {
  await Promise.all(Object.values(servers).map((server) => server?.stop()));
});

interface Seen {
  status: number;
  h1: string;
  noindex: boolean;
  ld: string[];
  inSitemap: boolean;
}

async function look(page: Page, key: keyof typeof DATES | 'today', path: string): Promise<Seen> {
  const response = await page.goto(`${base(key)}${path}`);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const sitemap = await (await page.request.get(`${base(key)}/sitemap.xml`)).text();
  return {
    status: response?.status() ?? 0,
    h1: (await page.locator('h1').textContent()) ?? '',
    noindex: (await page.locator('meta[name="robots"][content="noindex"]').count()) === 1,
    ld: blocks.map((block) => (JSON.parse(block) as { '@type': string })['@type']),
    inSitemap: sitemap.includes(`${path}</loc>`),
  };
}

/** The ended offer's notice is the first thing in the page's content, above its heading, on the first screen. */
async function endedNoticeFirst(page: Page): Promise<void> {
  const notice = page.locator('#ended-title');
  const first = await notice.evaluate((element) => {
    const heading = document.querySelector('main h1');
    return heading !== null && (element.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  });
  expect(first, 'the notice comes before the heading').toBe(true);
  await expect(notice).toBeInViewport();
}

const TRIAL_LINK = 'a[href="/intro-offer"]:has-text("Start My 14-Day Trial")';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('back to school: not open on 31 July, live in August, ended after 31 August UK time', async ({ page }) => {
    const before = await look(page, 'beforeBackToSchool', '/back-to-school');
    expect(before).toMatchObject({ status: 200, h1: 'This offer has not started yet', noindex: true, ld: [], inSitemap: false });
    await expect(page.locator('main')).toContainText('The back to school offers start on 1 August 2025.');

    for (const key of ['backToSchool', 'backToSchoolLastSeconds'] as const) {
      const live = await look(page, key, '/back-to-school');
      expect(live, key).toMatchObject({ status: 200, h1: 'Back to School Savings', noindex: false, ld: ['Event'], inSitemap: true });
      await expect(page.locator('main')).toContainText("Ends 31 Aug — Don't miss your Back to School savings");
    }

    const after = await look(page, 'today', '/back-to-school');
    expect(after).toMatchObject({ status: 200, h1: 'Start with a 14-day trial', noindex: true, ld: [], inSitemap: false });
    await expect(page.locator('main')).toContainText('The back to school offers ended on 31 August 2025.');
    await endedNoticeFirst(page);
    await expect(page.locator('main')).not.toContainText('Buy before');
    await expect(page.locator(TRIAL_LINK).first()).toBeVisible();
    await expect(page.locator('main a[href="/memberships"]').first()).toBeVisible();
  });

  test('the September sale: live in September 2024, ended today', async ({ page }) => {
    const live = await look(page, 'september2024', '/september-sale');
    expect(live).toMatchObject({ status: 200, h1: '50% Off First Month + Free PT', noindex: false, ld: ['SpecialAnnouncement'], inSitemap: true });
    await expect(page.locator('main')).toContainText('Only 7 Left!');

    const after = await look(page, 'today', '/september-sale');
    expect(after).toMatchObject({ status: 200, h1: 'Start with a 14-day trial', noindex: true, ld: [], inSitemap: false });
    await expect(page.locator('main')).toContainText('The September sale ended on 30 September 2024.');
    await endedNoticeFirst(page);
    await expect(page.locator('main')).not.toContainText('Only 7 Left!');
  });

  test('the year-end code shows on /memberships only while the campaign runs', async ({ page }) => {
    await page.goto(`${base('yearEnd')}/memberships`);
    await expect(page.locator('#year-end-offer')).toContainText('valid until 31 December 2025');
    await page.goto(`${base('today')}/memberships`);
    await expect(page.locator('main')).toContainText('Rolling Monthly Memberships');
    await expect(page.locator('#year-end-offer')).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText('Valid until');
  });

  test('the challenge start is mentioned only while sign-up is open', async ({ page }) => {
    await page.goto(`${base('backToSchool')}/challenge`);
    await expect(page.locator('main')).toContainText('Next challenge starts 1 September 2025.');
    await page.goto(`${base('today')}/challenge`);
    await expect(page.locator('main')).not.toContainText('Next challenge starts');
  });
});

test.describe('with JavaScript', () => {
  test('a live offer page stays as it is while the offer runs', async ({ page }) => {
    await page.goto(`${base('backToSchool')}/back-to-school`);
    await expect(page.locator('[data-island="OfferWatch"]')).toHaveAttribute('data-island-state', 'mounted');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Back to School Savings');
    await expect(page.getByRole('status')).toHaveCount(0);
  });

  test('a live page left open across the end turns into the ended notice', async ({ page }) => {
    // The preview instant is two seconds before midnight BST: the island counts from it.
    await page.goto(`${base('backToSchoolLastSeconds')}/back-to-school`);
    await expect(page.locator('[data-island="OfferWatch"]')).toHaveAttribute('data-island-state', 'mounted');
    const notice = page.getByRole('status');
    await expect(notice).toContainText('The back to school offers ended on 31 August 2025.', { timeout: 20_000 });
    await expect(page.getByText("Ends 31 Aug — Don't miss your Back to School savings").first()).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Start with a 14-day trial');
    await expect(notice.locator(TRIAL_LINK)).toBeVisible();
  });
});

test.describe('on a running clock', () => {
  /** The end of back to school: midnight BST after 31 August 2025. */
  const END_MS = Date.parse('2025-08-31T23:00:00Z');

  test('a server whose clock runs into the end changes the open page and its own by itself', async ({ page }) => {
    // Starting a server takes a while on a loaded machine: if the end has passed by the time it
    // answers, it is started again further ahead, since the page must first be seen live.
    test.setTimeout(600_000);
    for (const secondsAhead of [20, 60, 180]) {
      const server = await startServer(['--preview-from', new Date(END_MS - secondsAhead * 1000).toISOString()]);
      try {
        const first = await page.goto(`${server.baseURL}/back-to-school`);
        if ((await page.getByRole('heading', { level: 1 }).textContent()) !== 'Back to School Savings') continue;
        const liveTag = first?.headers()['etag'] ?? '';
        expect(liveTag).not.toBe('');
        await expect(page.locator('[data-island="OfferWatch"]')).toHaveAttribute('data-island-state', 'mounted');
        // The open page: the island adds the server clock's lead to the browser's.
        await expect(page.getByRole('status')).toContainText('The back to school offers ended on 31 August 2025.', {
          timeout: (secondsAhead + 60) * 1000,
        });
        // The server's page: rendered again by the calendar, with a new ETag, no restart.
        await expect
          .poll(async () => (await page.request.get(`${server.baseURL}/back-to-school`)).headers()['etag'], {
            timeout: 60_000,
          })
          .not.toBe(liveTag);
        const ended = await page.goto(`${server.baseURL}/back-to-school`);
        expect(ended?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Start with a 14-day trial');
        await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
        return;
      } finally {
        await server.stop();
      }
    }
    throw new Error('the server never answered before the end, even three minutes ahead');
  });
});
