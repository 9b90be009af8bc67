/**
 * The site as a crawler walks it: every route reachable from / by following links, but the pages
 * a visitor reaches only from outside. (What the HTML checkers check on each page:
 * support/markup.ts, run by pages-nojs.spec.ts and islands-page.spec.ts.)
 */
import { expect, routes, test } from '../support/fixtures';

/**
 * Pages a visitor reaches only from outside: /fast-access is the five-minute offer the studio
 * sends people to by link (noindex, out of the sitemap); a dated offer's page is linked from
 * the site only while it runs; the six service pages are the adverts' landing pages (no menu, a
 * countdown), so the class cards lead a browsing visitor to the timetable instead (crawlers find
 * them in the sitemap).
 */
const REACHED_FROM_OUTSIDE = new Set([
  '/fast-access',
  ...routes.filter((route) => route.liveFrom !== null || route.landing).map((route) => route.path),
]);

test('every route can be reached from / by following links', async ({ request }) => {
  test.setTimeout(120_000);
  const seen = new Set<string>(['/']);
  const queue = ['/'];
  while (queue.length > 0) {
    const path = queue.shift() ?? '/';
    const response = await request.get(path);
    const html = await response.text();
    for (const match of html.matchAll(/<a\s[^>]*href="(\/[^"#?]*)/g)) {
      const next = match[1] ?? '';
      if (!seen.has(next) && routes.some((route) => route.path === next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  const unreached = routes.map((route) => route.path).filter((path) => !seen.has(path) && !REACHED_FROM_OUTSIDE.has(path));
  expect(unreached, 'routes no link leads to').toEqual([]);
});
