/**
 * Every route as a crawler or a visitor without JavaScript sees it: status, title, canonical
 * link, the shared layout, the page's key content and its structured data are all in the
 * server's HTML, which is valid as the HTML checkers see it (support/markup.ts). Also the
 * sitemap and robots.txt, and that accordions work without scripts.
 */
import { expect, routes, test } from '../support/fixtures';
import { expectValid } from '../support/markup';
import { previewServer } from '../support/preview';

test.use({ javaScriptEnabled: false });

interface Expectation {
  /** Strings SPEC quotes or the page's headline content. */
  text: string[];
  /** The JSON-LD @type the page carries, if any. */
  ld?: string;
  /** The title, when it is not the route table's (an offer page once the offer has ended). */
  title?: string;
}

/** A dated offer's page on the real clock, after the offer (calendar.spec.ts sees it live): what
 * is on now first, the ended offer second. */
const ENDED = (message: string): Expectation => ({
  text: ['Start with a 14-day trial', 'Start My 14-Day Trial', 'See Memberships', message],
  title: 'On Now: 14-Day Trial and Memberships | One Space Livingston',
});

const SERVICE: Expectation = { text: ['Get £10 Off - Pay £39 (Usually £49)', 'What our members say'], ld: 'Service' };

const EXPECTED: Record<string, Expectation> = {
  '/': {
    text: [
      'Everything You Need in One Space',
      "West Lothian's Premier Hot Yoga, HYROX & Recovery Studio",
      'What We Offer',
      'Pricing',
      "Flexible memberships with no contracts. Just 30 days' notice to cancel.",
      'Rolling Monthly Memberships',
      'See every price: unlimited plans from £109/month and session packs from £13',
      'What our members say',
      'MOST POPULAR',
    ],
    ld: 'WebPage',
  },
  '/about': { text: ['Why Choose Us', 'Special Features', 'Edinburgh', 'via M8', 'Visit Our Studio'], ld: 'HealthClub' },
  '/our-classes': { text: ['Hot Yoga', '32-35 °C', 'Pilates', 'HYROX Training', 'Functional Training', 'Fire & Ice Recovery'] },
  // The week's classes come from the booking provider's stand-in (see support/global-setup.ts).
  '/timetable': {
    text: ['Book Your Classes', '45-60 minutes', 'All levels welcome', 'Water available', 'at least 3 hours before', 'Open the Class Schedule', 'Warm Pilates', 'with Leanne Brown', 'Updated '],
    ld: 'Event',
  },
  // The year-end code ran to 31 December 2025: calendar.spec.ts sees it while it runs.
  '/memberships': { text: ['Pricing', 'Rolling Monthly Memberships', 'Unlimited Membership Options at £109/month', 'Session Packs', 'MOST POPULAR', 'Valid for 6 months', 'Invest in One Space'], ld: 'OfferCatalog' },
  '/challenge': { text: ['86% of our challenge members stay long term', "What's Included", 'Consultation slots', 'Book Your Free Consultation'] },
  '/fire-ice': { text: ['Benefits of Fire & Ice', '40-minute private session', '£25', 'Contact Us to Book'] },
  '/hyrox': { text: ['8 x 1 km runs', 'relay of 4', 'Beginner programme', 'Simulation events'] },
  '/intro-offer': { text: ['10:00', '14-Day Ultimate Experience', 'Fire & Ice recovery included', 'Money back if you feel no benefit after 14 days', '8 sessions in 2 weeks'], ld: 'Offer' },
  '/meet-the-team': { text: ['Meet the Team', 'Enquire about 1-2-1'] },
  '/corporate-wellness': { text: ['Corporate Wellness Days', 'Content Creation & Shoot Hire', 'Think days', 'Monthly staff wellness credits', 'Evening socials'] },
  '/invest': { text: ['£50,000', '12.5%', '£966.67', 'Financial snapshot', 'Figures as of June 2025', 'Monthly outgoings', '12-month revenue forecast', 'Forecast from July 2025', 'What the money funds', 'Who can join'] },
  '/investinonespace': { text: ['Community Champion', 'Inner Circle', 'Founding Investor', 'Legacy Investor', '£350,000', 'Register your interest'] },
  '/contact': { text: ['Visit One Space', 'Free on-site parking', 'Mon-Fri', '6:00 AM-8:00 PM', 'Chat with Our Assistant', 'Request Discount Code', 'What Makes Us Special', 'Get in Touch'] },
  '/faq': { text: ['What are your opening hours?', 'Is there parking?', 'What is the 6-week challenge?'], ld: 'FAQPage' },
  '/terms': { text: ['Terms & Conditions', 'Effective 3 June 2025', '15. Changes and governing law'] },
  '/privacy': { text: ['Privacy Notice', 'cookie-consent', 'Enquiries are kept for 2 years', 'Your rights'] },
  '/fast-access': { text: ['05:00', '£44', '£49', 'FAST10', '12 sessions in 3 weeks plus both body scans'] },
  '/yoga-retreat': { text: ['A Day to Reset', '£160', '£140 for members', '10:00 AM to 5:00 PM', 'Book Your Place'] },
  '/founder-memberships': { text: ['20% Off For Life', 'Unlimited Gym + Yoga/Pilates', '£111.20', '£1,112', 'Annual prices'] },
  '/back-to-school': ENDED('The back to school offers ended on 31 August 2025.'),
  '/september-sale': ENDED('The September sale ended on 30 September 2024.'),
  '/hot-yoga': SERVICE,
  '/yoga-beginners': SERVICE,
  '/pilates': SERVICE,
  '/group-pt': SERVICE,
  '/hyrox-training': { text: [...SERVICE.text, 'Early access to event tickets', 'Discounted simulations'], ld: 'Service' },
  '/fire-ice-recovery': SERVICE,
};

/** This year in the UK, as the footer's copyright line states it. */
const ukYear = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric' }).format(new Date());

test('every route has expectations', () => {
  expect(routes.map((route) => route.path).sort()).toEqual(Object.keys(EXPECTED).sort());
});

for (const route of routes) {
  test(`${route.path} renders completely without JavaScript`, async ({ page, baseURL }) => {
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(EXPECTED[route.path]?.title ?? route.title);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(new URL(canonical ?? '').pathname).toBe(route.path);
    expect(canonical?.startsWith('http')).toBe(true);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/og-image\.png$/);
    await expect(page.locator('h1')).toHaveCount(1);
    // The shared layout: the header's call to action and home link, this year's copyright in the
    // footer (UK time), and the menu but on the adverts' landing pages.
    await expect(page.getByRole('link', { name: 'Start Today' }).first()).toHaveAttribute('href', '/intro-offer');
    await expect(page.getByRole('link', { name: 'One Space home' }).first()).toHaveAttribute('href', '/');
    await expect(page.getByRole('contentinfo')).toContainText(`© ${ukYear} One Space`);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(route.landing ? 0 : 1);
    const main = page.locator('main');
    for (const text of EXPECTED[route.path]?.text ?? []) {
      await expect(main).toContainText(text);
    }
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    // A block is one item or, for the timetable's classes, a list of items of one type.
    const types = blocks.map((block) => {
      const value = JSON.parse(block) as { '@type': string } | { '@type': string }[];
      return (Array.isArray(value) ? value[0] : value)?.['@type'];
    });
    const expected = EXPECTED[route.path]?.ld;
    expect(types).toEqual(expected ? [expected] : []);
    expect(baseURL).toBeTruthy();
    await expectValid(page);
  });
}

test('the share image and icons are served', async ({ request }) => {
  for (const [path, type] of [
    ['/og-image.png', 'image/png'],
    ['/apple-touch-icon.png', 'image/png'],
    ['/icon-512.png', 'image/png'],
    ['/favicon.svg', 'image/svg+xml'],
    ['/favicon.ico', 'image/x-icon'],
  ] as const) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type']).toContain(type);
  }
});

test('the sitemap lists the indexable routes and robots.txt points to it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const route of routes) {
    const listed = sitemap.includes(`${route.path === '/' ? '/' : route.path}</loc>`);
    expect(listed, route.path).toBe(route.inSitemap);
  }
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
});

test('FAQ answers open and close without JavaScript', async ({ page }) => {
  await page.goto('/faq');
  const first = page.locator('details.faq-item').first();
  const second = page.locator('details.faq-item').nth(1);
  await first.locator('summary').click();
  await second.locator('summary').click();
  await expect(first).toHaveAttribute('open', '');
  await expect(second).toHaveAttribute('open', '');
  await first.locator('summary').click();
  await expect(first).not.toHaveAttribute('open', '');
});

test.describe('the September sale, on a day it ran', () => {
  const september2024 = previewServer('2024-09-15');

  test('the sale FAQ keeps one answer open at a time', async ({ page }) => {
    await page.goto(`${september2024()}/september-sale`);
    const items = page.locator('details.faq-item');
    await items.nth(0).locator('summary').click();
    await items.nth(1).locator('summary').click();
    await expect(items.nth(1)).toHaveAttribute('open', '');
    await expect(items.nth(0)).not.toHaveAttribute('open', '');
  });
});

test('external purchase links open in a new tab without an opener', async ({ page }) => {
  await page.goto('/memberships');
  const links = page.getByRole('link', { name: 'Choose Plan' });
  await expect(links).toHaveCount(7);
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  await expect(page.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/timetable');
  await expect(page.getByRole('link', { name: 'Enquire by e-mail' })).toHaveAttribute(
    'href',
    /^mailto:[^?]+\?subject=Drop-in%20Class%20Enquiry&body=/,
  );
});
