/**
 * Floating things as a visitor meets them, at phone (390 px) and desktop (1440 px) widths:
 * toasts raised while a modal dialog is open show above it and its backdrop and are reachable
 * with Alt+T (checked in pixels: the toast on screen must look as it does with nothing over it);
 * the chat button, toasts, cookie banner and back-to-school bar never cover each other or a
 * control, and at the end of /back-to-school the bar leaves the footer's last line clear; the
 * chat button stands out on the dark home hero; the e-mail address on /contact and the /invest
 * chart keep their shape; and the intro countdown's first paint shows no time that changes a
 * moment later.
 *
 * At rest, wherever the visitor has read down to, no fixed or floating element covers text or a
 * control of the page beneath it (checked point by point with `elementsFromPoint`). Bars that
 * span the screen's width at its top or bottom edge (the sticky header, the back-to-school bar)
 * are the screen's frame: the page passes under them as it passes the screen's edge, so they are
 * checked where the page meets them, at its top and its end. The cookie banner is a question
 * waiting for the visitor's answer; these checks run once it has been answered (the tests above
 * keep its buttons clear while it shows).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, routes, test, WIDTHS } from '../support/fixtures';
import { fillContact, layoutShift, mounted, pauseClockAt, prepare, restsOnScreen, toasts, wheelBy } from '../support/islands';
import { previewServer } from '../support/preview';

/** Stops the page's clock, so toasts stay until the test is done with them. */
async function holdTime(page: Page): Promise<void> {
  await pauseClockAt(page, Date.now());
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator.toString()}`);
  return found;
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Asserts that no two of `named` overlap on screen. */
async function noOverlaps(named: Record<string, Locator>): Promise<void> {
  const boxes = await Promise.all(Object.entries(named).map(async ([name, locator]) => [name, await box(locator)] as const));
  for (const [i, [first, a]] of boxes.entries()) {
    for (const [second, b] of boxes.slice(i + 1)) {
      expect(overlap(a, b), `${first} ${JSON.stringify(a)} overlaps ${second} ${JSON.stringify(b)}`).toBe(false);
    }
  }
}

/** Asserts that what the visitor hits at `x`,`y` (default: the centre) belongs to `locator`. */
async function onTop(locator: Locator, at?: { x: number; y: number }): Promise<void> {
  let point = at;
  if (!point) {
    const area = await box(locator);
    point = { x: area.x + area.width / 2, y: area.y + area.height / 2 };
  }
  const hit = await locator.evaluate((element, { x, y }) => {
    const found = document.elementFromPoint(x, y);
    return found !== null && (element === found || element.contains(found));
  }, point);
  expect(hit, `${locator.toString()} is covered at ${JSON.stringify(point)}`).toBe(true);
}

/** A fixed or floating element over text or a control of the page, as found on screen. */
interface Covering {
  fixed: string;
  under: string;
}

/**
 * What the fixed and sticky elements on screen cover: for each, points 6 px apart over its box;
 * at each, what lies beneath it there (`elementsFromPoint`, below the element and its children)
 * that is a control or a line of text passing through the point. Bars spanning the screen's
 * width at its top or bottom edge count only where `edges` says the page meets them.
 */
function coverings(page: Page, edges: { top: boolean; bottom: boolean }): Promise<Covering[]> {
  return page.evaluate(({ top, bottom }) => {
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}> ${(element.textContent ?? '').trim().slice(0, 40)}`;
    const controls = 'a[href], button, input, select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';
    const textAt = (element: Element, x: number, y: number) =>
      Array.from(element.childNodes).some((node) => {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) return false;
        const range = document.createRange();
        range.selectNodeContents(node);
        return Array.from(range.getClientRects()).some((line) => x >= line.left && x <= line.right && y >= line.top && y <= line.bottom);
      });
    const fixed = Array.from(document.querySelectorAll('body *')).filter((element) => {
      const position = getComputedStyle(element).position;
      return position === 'fixed' || position === 'sticky';
    });
    const found = new Map<string, { fixed: string; under: string }>();
    for (const element of fixed) {
      const area = element.getBoundingClientRect();
      if (area.width === 0 || area.height === 0) continue;
      const spans = area.left <= 0 && area.right >= window.innerWidth - 1;
      if (spans && area.top <= 0 && !top) continue;
      if (spans && area.bottom >= window.innerHeight - 1 && !bottom) continue;
      for (let x = Math.max(0, area.left) + 2; x < Math.min(window.innerWidth, area.right) - 1; x += 6) {
        for (let y = Math.max(0, area.top) + 2; y < Math.min(window.innerHeight, area.bottom) - 1; y += 6) {
          const stack = document.elementsFromPoint(x, y);
          const at = stack.findIndex((hit) => element === hit || element.contains(hit));
          if (at < 0) continue;
          for (const under of stack.slice(at + 1)) {
            if (element.contains(under) || under.contains(element)) continue;
            if (under.matches(controls) || textAt(under, x, y)) {
              const key = `${describe(element)} | ${describe(under)}`;
              found.set(key, { fixed: describe(element), under: describe(under) });
            }
          }
        }
      }
    }
    return Array.from(found.values());
  }, edges);
}

/**
 * Scrolls the page instantly to `y` (clamped to the page), as a visitor's scrolling ends there,
 * and returns once the page has drawn two frames there. The page reads the scroll
 * position once a frame (site/scroll-frames.ts), as it does a visitor's: two scrolls inside one
 * frame are one move to it, so 300 → 1500 → 1400 without a frame between would be a scroll down.
 */
async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate(async (top) => {
    window.scrollTo({ top, behavior: 'instant' });
    for (let frame = 0; frame < 2; frame++) await new Promise((done) => requestAnimationFrame(done));
  }, y);
}

/** The RGBA pixels of a screenshot, decoded by the browser itself. */
async function decode(page: Page, png: Buffer): Promise<number[]> {
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    if (!context) return [];
    context.drawImage(image, 0, 0);
    return Array.from(context.getImageData(0, 0, image.width, image.height).data);
  }, png.toString('base64'));
}

/** The share of pixels that differ visibly between two same-sized images. */
function difference(a: number[], b: number[]): number {
  let differing = 0;
  const count = Math.min(a.length, b.length) / 4;
  for (let i = 0; i < count; i += 1) {
    const delta = [0, 1, 2].reduce((sum, channel) => sum + Math.abs((a[i * 4 + channel] ?? 0) - (b[i * 4 + channel] ?? 0)), 0);
    if (delta > 24) differing += 1;
  }
  return count === 0 ? 0 : differing / count;
}

/**
 * Asserts that `toast` is seen whole while the dialog is open: its pixels on screen differ from
 * the same place with the toast hidden (so it is not behind anything opaque) and match the same
 * toast once the dialog has closed (so nothing dims or covers it).
 */
async function toastSeenAboveDialog(page: Page, toast: Locator, dialog: Locator): Promise<void> {
  const clip = await box(toast);
  const shown = await decode(page, await page.screenshot({ clip }));
  await toast.evaluate((element) => ((element as HTMLElement).style.visibility = 'hidden'));
  const hidden = await decode(page, await page.screenshot({ clip }));
  await toast.evaluate((element) => ((element as HTMLElement).style.visibility = ''));
  expect(difference(shown, hidden), 'the toast changes what is on screen').toBeGreaterThan(0.5);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(toast).toBeVisible();
  expect(await box(toast)).toEqual(clip);
  const alone = await decode(page, await page.screenshot({ clip }));
  // Only the rounded corners show what is behind the toast.
  expect(difference(shown, alone), 'the toast over the dialog looks as it does alone').toBeLessThan(0.05);
}

for (const [, width] of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('a toast raised in the discount dialog shows above it and Alt+T reaches it', async ({ page }) => {
      await prepare(page);
      // Time stands still, so the toasts stay until the test is done with them.
      await holdTime(page);
      await page.goto('/contact');
      await page.getByRole('link', { name: 'Request Discount Code' }).click();
      const dialog = page.getByRole('dialog', { name: 'Request Your Discount Code' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Request Discount Code' }).click();
      const toast = toasts(page).filter({ hasText: 'Please fill in all required fields' });
      await expect(toast).toBeVisible();
      await onTop(toast.locator('.toast-close'));

      await page.keyboard.press('Alt+t');
      await expect(page.locator('.toaster')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(toast.locator('.toast-close')).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await dialog.getByLabel('Full Name').focus();

      await toastSeenAboveDialog(page, toast, dialog);
    });

    test('Missing Information from the founder modal shows above it', async ({ page }) => {
      await prepare(page);
      await holdTime(page);
      await page.goto('/founder-memberships');
      await page.locator('a[data-plan]').first().click();
      const dialog = page.getByRole('dialog', { name: 'Claim Your Founder Membership' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Confirm Membership Request' }).click();
      const toast = toasts(page).filter({ hasText: 'Missing Information' });
      await expect(toast).toBeVisible();
      await onTop(toast);
      await toastSeenAboveDialog(page, toast, dialog);
    });

    test('the chat button, cookie banner and toasts share the bottom without covering each other', async ({ page }) => {
      // No stored cookie choice: the banner shows.
      await holdTime(page);
      await page.goto('/contact');
      const banner = page.locator('[data-cookie-banner]');
      const fab = page.locator('#chat');
      await expect(banner).toBeVisible();
      // The banner's figure is set on the dock's readers alone: on the root every element would
      // inherit it, and its change restyle the whole page.
      const figure = (selector: string) =>
        page.evaluate((s) => getComputedStyle(document.querySelector(s)!).getPropertyValue('--dock-banner'), selector);
      await expect.poll(() => figure('[data-cookie-banner]')).toMatch(/^[1-9]\d*px$/);
      expect(await figure('main')).toBe('0px');
      const form = await fillContact(page);
      await form.getByRole('button', { name: 'Send Message' }).click();
      const toast = toasts(page).first();
      await expect(toast).toBeVisible();
      if (width < 640) {
        // On a phone the banner spans the screen; the chat button, lifted above it, stood over
        // the page's text, so it waits until the visitor has chosen.
        await expect(fab).toBeHidden();
        await noOverlaps({ 'cookie banner': banner, toast });
      } else {
        await noOverlaps({ 'chat button': fab, 'cookie banner': banner, toast });
        await onTop(fab);
      }
      for (const button of await banner.getByRole('button').all()) await onTop(button);
      await onTop(toast.locator('.toast-close'));

      // Once the banner goes, the chat button and toasts stay clear of each other.
      await banner.getByRole('button', { name: 'Decline' }).click();
      await expect(banner).toBeHidden();
      await noOverlaps({ 'chat button': fab, toast });
      await onTop(fab);
    });

    // The bar belongs to the live offer: a server of the test's own on a day it runs.
    test.describe('while the back-to-school offer runs', () => {
      const live = previewServer('2025-08-15');

      test('the back-to-school bar keeps its controls clear of the chat button and the banner', async ({ page }) => {
        await page.goto(`${live()}/back-to-school`);
        await mounted(page, 'BackToSchoolBar');
        // Each turn of the wheel waits for its scroll: sent at once, the second would join the
        // first mid-way, the page would only ever have scrolled down, and the button stay away.
        await wheelBy(page, 1500);
        // Scrolling back up a little brings the chat button back, above the bar.
        await wheelBy(page, -200);
        const bar = page.locator('.quick-bar');
        await expect(bar).toBeVisible();
        const banner = page.locator('[data-cookie-banner]');
        const fab = page.locator('#chat');
        await expect(banner).toBeVisible();
        if (width < 640) {
          // On a phone the button waits until the visitor has chosen (islands.css): it would
          // stand over the page's text above the full-width banner.
          await expect(fab).toBeHidden();
          await noOverlaps({ 'cookie banner': banner, bar });
        } else {
          // The button slides back in (a 200 ms transform): measure it once it has arrived.
          await restsOnScreen(fab);
          await expect.poll(async () => overlap(await box(fab), await box(bar))).toBe(false);
          await expect.poll(async () => overlap(await box(fab), await box(banner))).toBe(false);
          await noOverlaps({ 'chat button': fab, 'cookie banner': banner, bar });
          await onTop(fab);
        }
        if (width < 768) {
          const select = bar.locator('select');
          const field = await box(select);
          // The drop-down arrow at the right end of the select.
          await onTop(select, { x: field.x + field.width - 12, y: field.y + field.height / 2 });
        } else {
          for (const link of await bar.getByRole('link').all()) {
            const area = await box(link);
            await onTop(link, { x: area.x + area.width - 4, y: area.y + area.height / 2 });
          }
        }
        await banner.getByRole('button', { name: 'Accept All' }).click();
        await expect(banner).toBeHidden();
        await restsOnScreen(fab);
        await expect.poll(async () => overlap(await box(fab), await box(bar))).toBe(false);
        await onTop(fab);
      });

      test('at the end of /back-to-school the bar covers no footer text and no row repeats its links', async ({ page }) => {
        await prepare(page);
        await page.goto(`${live()}/back-to-school`);
        await mounted(page, 'BackToSchoolBar');
        const bar = page.locator('.quick-bar');
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expect(bar).toBeVisible();
        const copyright = page.locator('footer').getByText('All rights reserved');
        await expect.poll(async () => overlap(await box(copyright), await box(bar))).toBe(false);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await onTop(copyright);
        // The chat button, lifted above the bar, stands clear of the footer's last row too.
        const fab = page.locator('#chat');
        await restsOnScreen(fab);
        const last = [copyright, ...(await page.locator('.footer-legal a').all())];
        for (const item of last) expect(overlap(await box(fab), await box(item)), `the chat button covers ${await item.textContent()}`).toBe(false);
        // The quick links are in the hero, the offer cards, the closing banner and the bar: none
        // in a row of their own above the footer.
        const links = page.locator('main a:not(.quick-bar *)', { hasText: 'Book Zoom Consult' });
        await expect(links).toHaveCount(3);
      });
    });

    test.describe('reading down a page', () => {
      // The chat button's slide is instant, so what is checked is where it comes to rest.
      test.use({ reducedMotion: 'reduce' });

      /** Reads the page at `url` from the top to the end and checks what covers what at each stop. */
      async function readDown(page: Page, url: string): Promise<void> {
        await prepare(page);
        await page.goto(url);
        const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
        const fab = page.locator('#chat');
        // The last stop is the page's end as it is then: the back-to-school bar, shown on the
        // way down, adds its height to the footer's room below the last line.
        const stops = [0, 0.15, 0.3, 0.45, 0.6, 0.75, 0.9].map((share) => Math.round(share * height)).concat(10 * height);
        for (const [index, y] of stops.entries()) {
          await scrollTo(page, y);
          const end = index === stops.length - 1;
          // At the end of the page the button is back (checked first, so what follows sees it
          // where it rests), over the footer's empty ground.
          if (end) await expect.poll(() => fab.evaluate((element) => element.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
          const edges = { top: index === 0, bottom: end };
          await expect.poll(() => coverings(page, edges), `${url} scrolled to ${Math.min(y, height)} of ${height}`).toEqual([]);
        }
        expect(await layoutShift(page)).toBe(0);
      }

      for (const path of ['/', '/contact', '/invest', ...routes.filter((route) => route.landing).map((route) => route.path)]) {
        test(`on ${path} nothing fixed covers text or a control at rest`, async ({ page }) => {
          await readDown(page, path);
        });
      }

      test.describe('while the back-to-school offer runs', () => {
        const live = previewServer('2025-08-15');
        test('on /back-to-school nothing fixed covers text or a control at rest', async ({ page }) => {
          await readDown(page, `${live()}/back-to-school`);
        });
      });

      test('the chat button comes back when the visitor scrolls up or tabs to it, and its open panel takes its place', async ({ page }) => {
        await prepare(page);
        await page.goto('/');
        const fab = page.locator('#chat');
        const onScreen = () => fab.evaluate((element) => {
          const area = element.getBoundingClientRect();
          return area.top >= 0 && area.bottom <= window.innerHeight;
        });
        expect(await onScreen()).toBe(true);
        await scrollTo(page, 300);
        await scrollTo(page, 1500);
        await expect.poll(onScreen).toBe(width >= 1408);
        await scrollTo(page, 1400);
        await expect.poll(onScreen).toBe(true);
        await scrollTo(page, 2500);
        await expect.poll(onScreen).toBe(width >= 1408);

        // A keyboard visitor reaches it where it is; the chat takes focus over and opens.
        await fab.focus();
        await expect.poll(onScreen).toBe(true);
        await page.keyboard.press('Enter');
        await mounted(page, 'ChatAssistant');
        await expect(fab).toHaveAttribute('aria-expanded', 'true');
        await expect(page.locator('.chat-panel')).toBeVisible();
        await fab.blur();
        await scrollTo(page, 3500);
        const panel = page.locator('.chat-panel');
        await expect(panel).toBeVisible();
        expect(await onScreen()).toBe(true);
        // The panel covers the button whole: no button showing under the open panel.
        const area = await box(fab);
        for (const [x, y] of [[0.5, 0.5], [0.1, 0.1], [0.9, 0.1], [0.1, 0.9], [0.9, 0.9]] as const) {
          await onTop(panel, { x: area.x + x * area.width, y: area.y + y * area.height });
        }
        // Its ring and shadow, which reach past its box, are not drawn past the panel's corner.
        expect(await fab.evaluate((element) => getComputedStyle(element).opacity)).toBe('0');
      });
    });

    test('the e-mail address on /contact wraps, if at all, only after its @', async ({ page }) => {
      await page.goto('/contact');
      const email = page.locator('main .info-card a[href^="mailto:"]');
      for (const part of await email.locator('span').all()) {
        const lines = await part.evaluate((element) => element.getClientRects().length);
        expect(lines, `${await part.textContent()} breaks across lines`).toBe(1);
      }
    });

    test('the /invest forecast chart fits one screen and labels every bar', async ({ page }) => {
      await page.goto('/invest');
      const chart = page.locator('svg.bar-chart');
      await chart.scrollIntoViewIfNeeded();
      expect((await box(chart)).height).toBeLessThanOrEqual(844);
      await expect(chart.locator('.bar-value')).toHaveCount(12);
      for (const value of await chart.locator('.bar-value').all()) {
        await expect(value).toHaveText(/^£\d{1,3}(,\d{3})*$/);
        // Each value is inside the chart, not cut off at its right edge.
        const area = await box(value);
        const frame = await box(chart);
        expect(area.x + area.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
      }
    });

    test('the chat button stands out on the dark home hero', async ({ page }) => {
      await prepare(page);
      await page.goto('/');
      const fab = page.locator('#chat');
      // The chat loads when the visitor reaches for its button (it then looks as it will stay).
      await fab.hover();
      await mounted(page, 'ChatAssistant');
      await page.mouse.move(0, 0);
      await page.evaluate(() => window.scrollTo(0, 0));
      const area = await box(fab);
      const margin = 8;
      const clip = { x: area.x - margin, y: area.y - margin, width: area.width + 2 * margin, height: area.height + 2 * margin };
      const pixels = await decode(page, await page.screenshot({ clip }));
      const stride = Math.round(clip.width) * 4;
      const luminance = (x: number, y: number) => {
        const at = Math.round(y) * stride + Math.round(x) * 4;
        const [r, g, b] = [pixels[at] ?? 0, pixels[at + 1] ?? 0, pixels[at + 2] ?? 0].map((value) => {
          const c = value / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
      };
      const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      // Left edge, halfway down: the ring just outside the button against the section around.
      const y = margin + area.height / 2;
      const ring = luminance(margin - 1, y);
      const around = luminance(1, y);
      const button = luminance(margin + 6, y);
      expect(contrast(ring, around), 'ring against the hero').toBeGreaterThanOrEqual(3);
      expect(contrast(ring, button), 'ring against the button').toBeGreaterThanOrEqual(3);
    });

    test('the intro countdown first paints no time that changes a moment later', async ({ page, pageErrors }) => {
      pageErrors.allow(/Failed to load resource: net::ERR_FAILED/, "the site's scripts are blocked on purpose to see the first paint");
      const start = new Date('2026-01-15T10:00:00Z');
      await pauseClockAt(page, start.getTime() + 1000);
      // A revisit with 3 minutes 20 seconds left.
      await page.addInitScript((end) => {
        localStorage.setItem('onespace-intro-offer-end', String(end));
      }, start.getTime() + 1000 + 200_000);
      await prepare(page);
      // The page as painted before any script has run: the time's box is there, its digits not.
      await page.route('**/*.js', (route) => route.abort());
      await page.goto('/intro-offer');
      const time = page.locator('[data-countdown-time]').first();
      await expect(time).toBeAttached();
      await expect(time).toBeHidden();
      // The time's box (a system monospace face) and the countdown's height: the label's width
      // depends on whether that load drew the brand face in time (`font-display: optional`).
      const timeBox = await box(time);
      const height = (await box(page.locator('.countdown').first())).height;
      await page.unroute('**/*.js');

      await page.reload();
      await mounted(page, 'IntroCountdown');
      await expect(time).toBeVisible();
      await expect(time).toHaveText('03:20');
      expect((await box(time)).width).toBe(timeBox.width);
      expect((await box(time)).height).toBe(timeBox.height);
      expect((await box(page.locator('.countdown').first())).height).toBe(height);
      expect(await layoutShift(page)).toBe(0);
    });
  });
}

test('without JavaScript the intro countdown shows its fresh window', async ({ browser, baseURL, pageErrors }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  pageErrors.watch(context);
  const page = await context.newPage();
  await page.goto('/intro-offer');
  await expect(page.locator('[data-countdown-time]').first()).toBeVisible();
  await expect(page.locator('[data-countdown-time]').first()).toHaveText('10:00');
  await context.close();
});

test('without JavaScript the chat links lead to /contact and the floating button stays off the text on phones', async ({ browser, baseURL, pageErrors }) => {
  for (const [width, shown] of [
    [390, false],
    [1440, true],
  ] as const) {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width, height: 844 } });
    pageErrors.watch(context);
    const page = await context.newPage();
    await page.goto('/contact');
    // No assistant runs without JavaScript: its buttons are links to the contact page.
    const chatLinks = page.getByRole('link', { name: 'Chat with Our Assistant' });
    expect(await chatLinks.count()).toBeGreaterThan(0);
    for (const link of await chatLinks.all()) await expect(link).toHaveAttribute('href', '/contact');
    // Nothing tucks the floating button away while the visitor reads, so where the content
    // reaches it it is left out; on wide screens it sits beside the column.
    await expect(page.locator('#chat')).toBeVisible({ visible: shown });
    await context.close();
  }
});
