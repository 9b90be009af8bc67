/**
 * axe-core with the WCAG 2.0, 2.1 and 2.2 A and AA rules, at phone and desktop widths, on what a
 * plain visit to each route does not show (layout.spec.ts runs axe on every route once it has
 * settled): the not-found page, a first visit with the cookie banner asking, every dated offer's
 * page while it runs (a server on its first day), and every enquiry form in its error state,
 * with and without JavaScript. And the keyboard: the skip link and every field of the contact
 * form reached with real Tab presses, each with a visible focus ring, and the error state
 * reached by pressing Enter.
 */
import type { Locator, Page } from '@playwright/test';
import { violations } from '../support/axe';
import { expect, routes, test, WIDTHS } from '../support/fixtures';
import { mounted } from '../support/islands';
import { previewServer } from '../support/preview';

/** The pages with enquiry forms. */
const FORM_PAGES = ['/contact', '/invest', '/investinonespace', '/founder-memberships'];

/** The cookie banner's name (crates/site/src/widgets/cookie_banner.rs). */
const COOKIE_BANNER = 'Cookie consent';

/** A form showing what is wrong: a field marked invalid, or the toast that says so. */
const ERROR_STATE = '[aria-invalid="true"], .toaster .toast[role="alert"]';

/**
 * Fills a form so that the browser's own checks (`required`, `type="email"`) let it be posted
 * and the server's refuse it: blank-looking names (spaces) and an address without a top-level
 * domain, the first plan and payment choice. Without JavaScript, that is how a visitor reaches
 * the server-rendered error state.
 */
async function passBrowserChecksOnly(form: Locator): Promise<void> {
  for (const field of await form.locator('input[required]:is([type="text"], [type="tel"]), textarea[required]').all()) {
    await field.fill('   ');
  }
  for (const field of await form.locator('input[required][type="email"]').all()) await field.fill('ada@example');
  for (const select of await form.locator('select[required]').all()) await select.selectOption({ index: 1 });
  const radios = form.locator('input[required][type="radio"]');
  if ((await radios.count()) > 0) await radios.first().check();
}

for (const [name, width] of WIDTHS) {
  test.describe(`${name} (${width} px)`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the not-found page has no axe violations', async ({ page, pageErrors }) => {
      pageErrors.allow(/Failed to load resource: the server responded with a status of 404/, 'the page is not found on purpose');
      await page.goto('/no-such-page');
      await page.waitForLoadState('networkidle');
      expect(await violations(page)).toEqual([]);
    });

    test('a first visit, the cookie banner asking, has no axe violations', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('region', { name: COOKIE_BANNER })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await violations(page)).toEqual([]);
    });

    for (const path of FORM_PAGES) {
      test(`${path}: every form in its error state has no axe violations`, async ({ page }) => {
        await page.goto(path);
        const forms = page.locator('form.enquiry-form');
        const count = await forms.count();
        expect(count, `forms on ${path}`).toBeGreaterThan(0);
        for (let index = 0; index < count; index += 1) {
          const form = forms.nth(index);
          // The island mounts when the visitor reaches for the form: the pointer over it.
          await form.hover();
          await expect(form.locator('xpath=ancestor::*[@data-island][1]')).toHaveAttribute('data-island-state', 'mounted');
          await form.locator('button[type="submit"]').click();
          await expect(page.locator(`${ERROR_STATE}`).first()).toBeVisible();
        }
        expect(await violations(page)).toEqual([]);
      });

      test(`${path} without the site's scripts: a refused post shows its errors without axe violations`, async ({ page, pageErrors }) => {
        pageErrors.allow(/Failed to load resource: the server responded with a status of 422/, 'the form is refused on purpose');
        // The site's scripts are served empty, so the page is what a visitor without JavaScript
        // gets (the form posts to the server, which renders the errors); axe itself still runs,
        // which it cannot in a context with JavaScript off.
        await page.route('**/*.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
        await page.goto(path);
        const forms = page.locator('form.enquiry-form');
        const count = await forms.count();
        expect(count, `forms on ${path}`).toBeGreaterThan(0);
        for (let index = 0; index < count; index += 1) {
          await page.goto(path);
          await passBrowserChecksOnly(forms.nth(index));
          const [response] = await Promise.all([
            page.waitForResponse((answer) => answer.request().method() === 'POST'),
            forms.nth(index).locator('button[type="submit"]').click(),
          ]);
          expect(response.status(), `post of form ${index + 1}`).toBe(422);
          await page.waitForLoadState();
          await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
          expect(await violations(page)).toEqual([]);
        }
      });
    }

    test('/founder-memberships: the membership dialog in its error state has no axe violations', async ({ page }) => {
      await page.goto('/founder-memberships');
      await page.locator('a[data-plan]').first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await dialog.locator('button[type="submit"]').click();
      await expect(page.locator(ERROR_STATE).first()).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });
}

// Each dated offer's page on its first day, live (on the shared server it has ended), served by
// one server of its own for both widths.
for (const route of routes.filter((candidate) => candidate.liveFrom !== null)) {
  test.describe(`${route.path} while its offer runs`, () => {
    const live = previewServer(route.liveFrom ?? '');
    for (const [name, width] of WIDTHS) {
      test(`${route.path} on ${route.liveFrom} has no axe violations (${name}, ${width} px)`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${live()}${route.path}`);
        await page.waitForLoadState('networkidle');
        // Live, not the ended notice the shared server shows.
        await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(0);
        expect(await violations(page)).toEqual([]);
      });
    }
  });
}

/** Whether the focused element draws a focus indicator (an outline or a ring). */
function focusRing(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return false;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== 'none';
  });
}

/** What has the focus, as `tag#id` or `tag "text"`, for the failure message. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return 'nothing';
    const name = element.id ? `#${element.id}` : ` "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    return `${element.tagName.toLowerCase()}${name}`;
  });
}

/** Presses Tab until `target` has the focus, each stop showing a focus ring; fails after `limit`. */
async function tabTo(page: Page, target: Locator, limit: number): Promise<number> {
  for (let presses = 1; presses <= limit; presses += 1) {
    await page.keyboard.press('Tab');
    expect(await focusRing(page), `focus ring on ${await focused(page)}`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
  }
  throw new Error(`${String(target)} not reached in ${limit} Tab presses (last: ${await focused(page)})`);
}

test('the skip link, every contact field and the send button are reached with Tab, each with a focus ring, and Enter shows the errors', async ({
  page,
}) => {
  await page.goto('/contact');
  const form = page.locator('#contact-form');
  // The form's island mounts when the visitor reaches for the form (and keeps the focus if it
  // mounts under a visitor's Tab, tested in islands-forms.spec.ts); here the pointer over it
  // mounts it first, so that the controls counted are the ones tabbed through.
  await form.hover();
  await mounted(page, 'EnquiryForm');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  expect(await focusRing(page)).toBe(true);
  // Every control a visitor fills in or presses, in page order (not the hidden spam trap).
  const controls = form.locator('input:not([type="hidden"]):not([tabindex="-1"]), select, textarea, button[type="submit"]');
  const count = await controls.count();
  expect(count).toBeGreaterThan(3);
  // From the skip link through the header and the page to the form's first field.
  await tabTo(page, controls.first(), 80);
  // Then each control in order, one press each.
  for (let index = 1; index < count; index += 1) {
    expect(await tabTo(page, controls.nth(index), 1), `control ${index + 1} of ${count}`).toBe(1);
  }
  await page.keyboard.press('Enter');
  await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
  // The visitor is taken to the first field that needs them.
  await expect(form.locator('[aria-invalid="true"]').first()).toBeFocused();
});
