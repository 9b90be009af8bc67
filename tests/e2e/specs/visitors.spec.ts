/**
 * First-party visitor counting in Debian's Chromium against the release binary, on a
 * server of its own, at a phone's width: a visitor who accepts, lands on /hot-yoga from a
 * Facebook campaign, goes to the intro offer and clicks to buy is one followed visit with a
 * purchase click on /hot-yoga's row of the Visitors page; one who declines, and one whose
 * browser sends Global Privacy Control (after accepting), raise the counts but are never
 * followed: no visit cookie, and nothing in the browser's storage but the site's own functional
 * entries (the consent choice, the brand faces cached for the next page, the countdowns' ends). A signed-in owner browsing the site is not counted. The Visitors page passes axe
 * and fits 390 px.
 */
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expect } from '../support/fixtures';
import { entryStarted } from '../support/islands';
import { checkPage, signedInOwner, withStudioServer } from '../support/studio';

/** A desktop Chrome's user agent: headless Chromium names itself HeadlessChrome, which the
 * server's rule leaves out as a robot (crates/server/src/visitors/signs.rs). */
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const LANDING = '/hot-yoga?utm_source=facebook&utm_campaign=spring';
/** The browser storage entries the site keeps that are not analytics: the consent choice, the
 * brand's faces fetched for the next page, the countdowns' ends that SPEC keeps. */
const FUNCTIONAL = /^(cookie-consent|brand-faces|onespace-intro-offer-end|onespace-timed-offer-end)$/;

// The counts written every 200 ms rather than 5 s, so the figures are there at once.
const test = withStudioServer({ ONESPACE_VISITS_WRITE_MS: '200' });

// The owner's browser too, so that only the staff session's cookie keeps their pages out.
test.use({ viewport: { width: 390, height: 844 }, userAgent: CHROME });

/** A visitor's own browser: a normal user agent, and the booking site answered locally. */
async function visitor(browser: Browser, baseURL: string, privacyControl = false): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    userAgent: CHROME,
    viewport: { width: 390, height: 844 },
    ...(privacyControl ? { extraHTTPHeaders: { 'Sec-GPC': '1' } } : {}),
  });
  if (privacyControl) {
    await context.addInitScript(() => Object.defineProperty(navigator, 'globalPrivacyControl', { value: true }));
  }
  await context.route('https://goteamup.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Booking</title>' }));
  return context;
}

/** Lands from the campaign, makes the cookie choice, goes to the intro offer and clicks to buy. */
async function visit(context: BrowserContext, choice: 'Accept All' | 'Decline'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(LANDING, { referer: 'https://l.facebook.com/' });
  await page.getByRole('button', { name: choice }).click();
  await expect(page.locator('[data-cookie-banner]')).toBeHidden();
  await page.goto('/intro-offer', { referer: page.url() });
  // The beacon is the entry's (site/visit.ts), which starts once the page has painted and
  // loaded: a click before it follows the link uncounted.
  await entryStarted(page);
  const buy = page.locator('main a[href^="https://goteamup.com"]:visible').first();
  const beacon = page.waitForRequest((request) => request.url().endsWith('/api/visits/click'));
  const popup = context.waitForEvent('page');
  await buy.click();
  await beacon;
  await (await popup).close();
  return page;
}

/** What a visit leaves in the browser: the visit cookie, and storage entries other than the site's functional ones. */
async function leftBehind(context: BrowserContext, page: Page): Promise<{ cookie: boolean; storage: string[] }> {
  const cookie = (await context.cookies()).some((entry) => entry.name === 'onespace-visit');
  const keys = await page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage).map((key) => `session:${key}`)]);
  return { cookie, storage: keys.filter((key) => !FUNCTIONAL.test(key)) };
}

/** A row of a table of the Visitors page, by its heading cell. */
function row(owner: Page, table: string, heading: string | RegExp): Locator {
  return owner.getByRole('region', { name: table }).getByRole('row').filter({ has: owner.getByRole('rowheader', { name: heading }) });
}

/** The row's cells after its heading: visits, followed, looked at prices, clicked or enquired. */
async function figures(owner: Page, table: string, heading: string | RegExp): Promise<string[]> {
  await owner.reload();
  const cells = row(owner, table, heading).getByRole('cell');
  return (await cells.count()) === 0 ? [] : (await cells.allTextContents()).slice(0, 4);
}

test('a consented visit is followed from its campaign to a purchase click; declined and Sec-GPC visits are only counted', async ({ browser, page: owner, studio, pageErrors }) => {
  test.setTimeout(120_000);
  await signedInOwner(owner, studio);
  await owner.goto('/studio/visitors?days=7');
  await expect(owner.getByRole('heading', { level: 1, name: 'Visitors' })).toBeVisible();

  const accepting = await visitor(browser, studio.baseURL);
  pageErrors.watch(accepting);
  const accepted = await visit(accepting, 'Accept All');
  expect((await leftBehind(accepting, accepted)).cookie, 'the consented visit has its cookie').toBe(true);
  const source = /^facebook · campaign spring$/;
  // Written within a few seconds (the server's batch): visits, followed, reached the offer, clicked to buy.
  await expect.poll(() => figures(owner, 'Sources and campaigns', source), { timeout: 15_000 }).toEqual(['1', '1', '1', '1']);
  expect(await figures(owner, 'Landing pages', '/hot-yoga')).toEqual(['1', '1', '1', '1']);
  await expect(owner.getByRole('region', { name: 'Followed visits at each step' }).getByRole('row', { name: /Clicked to buy/ })).toContainText('1');
  await checkPage(owner, 'visitors');

  for (const [name, privacyControl, choice] of [
    ['declined', false, 'Decline'],
    ['Sec-GPC', true, 'Accept All'],
  ] as const) {
    const context = await visitor(browser, studio.baseURL, privacyControl);
    pageErrors.watch(context);
    const page = await visit(context, choice);
    expect(await leftBehind(context, page), `${name}: nothing follows the visitor`).toEqual({ cookie: false, storage: [] });
    const visits = name === 'declined' ? '2' : '3';
    await expect.poll(() => figures(owner, 'Sources and campaigns', source), { timeout: 15_000 }).toEqual([visits, '1', '1', '1']);
    await context.close();
  }
  expect(await figures(owner, 'Landing pages', '/hot-yoga')).toEqual(['3', '1', '1', '1']);

  // The signed-in owner browsing the site is not counted: once a visitor's later page is in
  // the figures, the owner's earlier one would be too.
  const views = async (path: string): Promise<string> => (await figures(owner, 'Pages: views, clicks and enquiries', path))[0] ?? '0';
  const before = await views('/hot-yoga');
  await owner.goto(LANDING);
  await owner.goto('/studio/visitors?days=7');
  await (await accepting.newPage()).goto('/faq');
  await expect.poll(() => views('/faq'), { timeout: 15_000 }).toBe('1');
  expect(await views('/hot-yoga')).toBe(before);
  await accepting.close();
});
