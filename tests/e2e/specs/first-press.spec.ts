/**
 * The first press on a control an island takes over does what the visitor pressed, however far
 * the island has got: pending (its code not yet arrived), loading or mounted. Each
 * test slows the network the way a phone's connection does: the island's chunk and the core's
 * WebAssembly (or the page's entry) are held back until after the press, so the press lands on
 * the server's markup, and the test checks the press's whole effect once they arrive: a submit
 * checks the form and shows its messages, or sends it once; the chat and the dialogs open; a plan
 * opens the membership dialog with the plan chosen; a filter filters. Where the code cannot
 * load, the press does what the server's markup does (the form is posted). At a phone's width
 * the press is a tap, at a desktop's a click.
 *
 * How it works: crates/site/src/start.rs (held before the entry), frontend/src/site/triggers.ts
 * and island-requests.ts (buttons that open an island), frontend/src/islands/runtime/runtime.ts
 * (`holdSubmits`: a submit held until the form's island has mounted, then submitted through it).
 */
import type { Locator, Page, Route } from '@playwright/test';
import { expect, test, WIDTHS } from '../support/fixtures';
import { entryStarted, mailLinks, mounted, prepare, toasts } from '../support/islands';

/** The page's entry module. */
const ENTRY = /\/assets\/main-[^/]*\.js$/;
/** The core's WebAssembly module. */
const WASM = /\.wasm$/;
/** An island's own chunk. */
const chunkOf = (island: string) => new RegExp(`/assets/${island}-[^/]*\\.js$`);

/**
 * Holds every request matching one of `patterns` until `release` is called; `asked` tells
 * whether one was made. The page is slowed, not changed: each request then goes on as it was.
 */
async function holdBack(page: Page, patterns: RegExp[]) {
  let release = () => {};
  const released = new Promise<void>((done) => (release = done));
  const asked: string[] = [];
  for (const pattern of patterns) {
    await page.route(pattern, async (route: Route) => {
      asked.push(new URL(route.request().url()).pathname);
      await released;
      await route.continue();
    });
  }
  return { release, asked };
}

/** Answers the enquiries API from the test, recording what was sent. */
async function answerEnquiries(page: Page): Promise<unknown[]> {
  const posted: unknown[] = [];
  await page.route('**/api/enquiries', async (route: Route) => {
    posted.push(route.request().postDataJSON());
    await route.fulfill({ status: 201, contentType: 'application/json', body: JSON.stringify({ ok: true, id: 'first-press' }) });
  });
  return posted;
}

/** Marks the document, so a test can tell that the page was not left or reloaded. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
}

function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

/** The island element named `name` (the first on the page). */
const island = (page: Page, name: string) => page.locator(`[data-island="${name}"]`).first();

/** The enquiry forms a visitor can send from a page, with what a valid one holds. */
interface PageForm {
  path: string;
  anchor: string;
  submit: string;
  /** Labels and values of a valid enquiry (a select's value by its option's label). */
  fill: [label: string, value: string, kind?: 'select' | 'radio'][];
  /** What the API receives for it. */
  sent: Record<string, string>;
  /** The toast a send shows. */
  toast: string;
}

const FORMS: PageForm[] = [
  {
    path: '/contact',
    anchor: 'contact-form',
    submit: 'Send Message',
    fill: [
      ['First Name', 'Ada'],
      ['Last Name', 'Lovelace'],
      ['Email', 'ada@example.com'],
      ['Message', 'Is there parking?'],
    ],
    sent: { formType: 'contact', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', message: 'Is there parking?' },
    toast: 'Message Sent!',
  },
  {
    path: '/invest',
    anchor: 'investment-form',
    submit: 'Send Message',
    fill: [
      ['Full Name', 'Grace Hopper'],
      ['Email', 'grace@example.com'],
    ],
    sent: { name: 'Grace Hopper', email: 'grace@example.com' },
    toast: 'Message Sent!',
  },
  {
    path: '/investinonespace',
    anchor: 'register-form',
    submit: 'Register Interest',
    fill: [
      ['Full Name', 'Grace Hopper'],
      ['Email', 'grace@example.com'],
    ],
    sent: { name: 'Grace Hopper', email: 'grace@example.com' },
    toast: 'Interest Registered!',
  },
  {
    path: '/founder-memberships',
    anchor: 'membership-form',
    submit: 'Confirm Membership Request',
    fill: [
      ['Full Name', 'Ada Lovelace'],
      ['Email', 'ada@example.com'],
      ['Membership Plan', 'founder-core', 'select'],
      ['Pay monthly', '', 'radio'],
    ],
    sent: { formType: 'membership', fullName: 'Ada Lovelace', email: 'ada@example.com', selectedMembership: 'founder-core', payAnnually: 'no' },
    toast: 'Membership Request Sent!',
  },
];

/** Fills `form` with `fill`, as a visitor types and chooses. */
async function fillIn(form: Locator, fill: PageForm['fill']): Promise<void> {
  for (const [label, value, kind] of fill) {
    if (kind === 'select') await form.getByLabel(label).selectOption(value);
    else if (kind === 'radio') await form.getByLabel(label).check();
    else await form.getByLabel(label).fill(value);
  }
}

/** The names of the server form's required fields, each once, in order. */
function requiredNames(form: Locator): Promise<string[]> {
  return form.evaluate((element) => [
    ...new Set(Array.from(element.querySelectorAll('[required]'), (field) => field.getAttribute('name') ?? '')),
  ]);
}

/** The names of the fields the island marks invalid, each once, in order. */
function invalidNames(form: Locator): Promise<string[]> {
  return form.evaluate((element) => [
    ...new Set(Array.from(element.querySelectorAll('[aria-invalid="true"]'), (field) => field.getAttribute('name') ?? '')),
  ]);
}

for (const [name, width] of WIDTHS) {
  const phone = width < 600;
  /** A visitor's press: a tap on a phone, a click on a desktop. */
  const press = (target: Locator) => (phone ? target.tap() : target.click());

  test.describe(`${name} (${width} px)`, () => {
    test.use({ viewport: { width, height: phone ? 844 : 900 }, hasTouch: phone });

    test.beforeEach(async ({ page }) => {
      await prepare(page);
    });

    for (const form of FORMS) {
      test(`${form.path}: the first press on ${form.submit}, the island still pending, shows what is missing`, async ({ page }) => {
        const posted = await answerEnquiries(page);
        const slow = await holdBack(page, [chunkOf('EnquiryForm'), WASM]);
        await page.goto(form.path);
        await entryStarted(page);
        await markDocument(page);
        const element = page.locator(`#${form.anchor}`);
        const required = await requiredNames(element);
        expect(required.length).toBeGreaterThan(1);

        await press(element.getByRole('button', { name: form.submit }));
        // The press landed on the server's form: the island's code is still on its way.
        await expect.poll(() => slow.asked.length).toBeGreaterThan(0);
        await expect(island(page, 'EnquiryForm')).toHaveAttribute('data-island-state', 'pending');
        slow.release();

        await mounted(page, 'EnquiryForm');
        await expect(element.getByRole('alert')).toContainText('Please check the following and try again');
        await expect.poll(() => invalidNames(element)).toEqual(required);
        await expect(element.getByLabel(form.fill[0]?.[0] ?? '').first()).toBeFocused();
        if (form.path === '/founder-memberships') {
          await expect(toasts(page).filter({ hasText: 'Missing Information' })).toContainText('Please fill in all required fields.');
        }
        expect(posted).toEqual([]);
        expect(await sameDocument(page)).toBe(true);
      });

      test(`${form.path}: what was typed before the island took over is sent once by the first press`, async ({ page }) => {
        const posted = await answerEnquiries(page);
        const slow = await holdBack(page, [chunkOf('EnquiryForm'), WASM]);
        await page.goto(form.path);
        await entryStarted(page);
        await markDocument(page);
        const element = page.locator(`#${form.anchor}`);
        await fillIn(element, form.fill);
        const submit = element.getByRole('button', { name: form.submit });
        await press(submit);
        await expect(island(page, 'EnquiryForm')).toHaveAttribute('data-island-state', 'pending');
        // A second press before the island has taken over sends nothing more.
        await press(submit);
        slow.release();

        await expect(toasts(page).filter({ hasText: form.toast })).toBeVisible();
        expect(posted).toEqual([expect.objectContaining(form.sent)]);
        expect(await sameDocument(page)).toBe(true);
      });
    }

    test('/contact: a press on Send Message before the entry has started shows what is missing once it has', async ({ page }) => {
      const posted = await answerEnquiries(page);
      const slow = await holdBack(page, [ENTRY]);
      await page.goto('/contact');
      await markDocument(page);
      const form = page.locator('#contact-form');
      await press(form.getByRole('button', { name: 'Send Message' }));
      await expect.poll(() => slow.asked.length).toBeGreaterThan(0);
      // Held by the start script: the browser neither checked the form nor posted it.
      await expect(form.getByLabel('First Name')).not.toBeFocused();
      expect(await island(page, 'EnquiryForm').getAttribute('data-island-state')).toBeNull();
      slow.release();

      await mounted(page, 'EnquiryForm');
      await expect(form.getByRole('alert')).toContainText('Please check the following and try again');
      await expect.poll(() => invalidNames(form)).toEqual(['firstName', 'lastName', 'email', 'message']);
      await expect(form.getByLabel('First Name')).toBeFocused();
      expect(posted).toEqual([]);
      expect(await sameDocument(page)).toBe(true);
    });

    test('the chat: the first press, the island still pending, opens the chat', async ({ page }) => {
      const slow = await holdBack(page, [chunkOf('ChatAssistant'), WASM]);
      await page.goto('/about');
      await entryStarted(page);
      await markDocument(page);
      await press(page.locator('#chat'));
      await expect(island(page, 'ChatAssistant')).toHaveAttribute('data-island-state', 'pending');
      slow.release();
      await expect(page.getByRole('dialog', { name: 'One Space Assistant' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Your message' })).toBeFocused();
      await expect(page).toHaveURL(/\/about$/);
      expect(await sameDocument(page)).toBe(true);
    });

    test('the discount dialog: the first press, the island still pending, opens it', async ({ page }) => {
      const slow = await holdBack(page, [chunkOf('DiscountDialog'), WASM]);
      await page.goto('/contact');
      await entryStarted(page);
      await markDocument(page);
      await press(page.getByRole('link', { name: 'Request Discount Code' }));
      await expect(island(page, 'DiscountDialog')).toHaveAttribute('data-island-state', 'pending');
      slow.release();
      const dialog = page.getByRole('dialog', { name: 'Request Your Discount Code' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Full Name')).toBeFocused();
      // The fallback's mail link was not opened.
      expect(await mailLinks(page)).toEqual([]);
      expect(await sameDocument(page)).toBe(true);
    });

    test("a coach's 1-2-1 button: the first press, the island still pending, opens the coach's dialog", async ({ page }) => {
      const slow = await holdBack(page, [chunkOf('OneToOneDialog'), WASM]);
      await page.goto('/meet-the-team');
      await entryStarted(page);
      await markDocument(page);
      const button = page.getByRole('link', { name: 'Enquire about 1-2-1' }).last();
      const coach = (await button.getAttribute('href'))?.match(/Enquiry%20-%20([^&]+)&/)?.[1] ?? '';
      expect(coach).not.toBe('');
      await press(button);
      await expect(island(page, 'OneToOneDialog')).toHaveAttribute('data-island-state', 'pending');
      slow.release();
      await expect(page.getByRole('dialog', { name: `1-2-1 Personal Training with ${decodeURIComponent(coach)}` })).toBeVisible();
      expect(await mailLinks(page)).toEqual([]);
      expect(await sameDocument(page)).toBe(true);
    });

    test('a founder plan: the first press, the island still pending, opens the membership dialog with the plan chosen', async ({ page }) => {
      const posted = await answerEnquiries(page);
      const slow = await holdBack(page, [chunkOf('MembershipDialog'), WASM]);
      await page.goto('/founder-memberships');
      await entryStarted(page);
      await markDocument(page);
      const choose = page.locator('a[data-plan]').nth(2);
      const plan = (await choose.getAttribute('data-plan')) ?? '';
      await press(choose);
      await expect(island(page, 'MembershipDialog')).toHaveAttribute('data-island-state', 'pending');
      // The fallback link (the form further down) was not followed.
      await expect(page).toHaveURL(/\/founder-memberships$/);
      slow.release();
      const dialog = page.getByRole('dialog', { name: 'Claim Your Founder Membership' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Membership Plan')).toHaveValue(plan);
      // The dialog's form: its first press checks it, and a filled one is sent once.
      await press(dialog.getByRole('button', { name: 'Confirm Membership Request' }));
      await expect(toasts(page).filter({ hasText: 'Missing Information' })).toContainText('Please fill in all required fields.');
      await dialog.getByLabel('Full Name').fill('Ada Lovelace');
      await dialog.getByLabel('Email').fill('ada@example.com');
      await dialog.getByLabel('Pay monthly').check();
      await press(dialog.getByRole('button', { name: 'Confirm Membership Request' }));
      await expect(dialog).toBeHidden();
      expect(posted).toEqual([expect.objectContaining({ formType: 'membership', selectedMembership: plan })]);
      expect(await sameDocument(page)).toBe(true);
    });

    test("the timetable's filters: the first choice, the core still on its way, filters", async ({ page }) => {
      const slow = await holdBack(page, [WASM]);
      await page.goto('/timetable');
      // The filters are drawn by the island (the server's page lists every class and has no
      // filter to press); the rule that filters is the core's, which they fetch when reached for.
      await mounted(page, 'TimetableFilters');
      await markDocument(page);
      const rows = page.locator('.class-row');
      const total = await rows.count();
      expect(total).toBeGreaterThan(10);
      await page.getByLabel('Class', { exact: true }).selectOption({ label: 'Warm Pilates' });
      await expect.poll(() => slow.asked.length).toBeGreaterThan(0);
      slow.release();
      await expect(page).toHaveURL(/\/timetable\?type=warm-pilates$/);
      const visible = rows.locator('visible=true');
      await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toContainText(`of ${total} classes`);
      for (const text of await visible.allTextContents()) expect(text).toContain('Warm Pilates');
      expect(await visible.count()).toBeLessThan(total);
      expect(await sameDocument(page)).toBe(true);
    });
  });
}

test.describe('where the code cannot load', () => {
  test.beforeEach(async ({ page }) => {
    await prepare(page);
  });

  test("the form's island failing, the held press posts the server's form, as without scripts", async ({ page, pageErrors }) => {
    pageErrors.allow(/Failed to load resource: net::ERR_FAILED/, 'the test makes the island fail to load');
    pageErrors.allow(/Island "EnquiryForm" failed to load/, 'the test makes the island fail to load');
    pageErrors.allow(/Failed to fetch dynamically imported module/, 'the test makes the island fail to load');
    let fail = () => {};
    const failing = new Promise<void>((done) => (fail = done));
    await page.route(chunkOf('EnquiryForm'), async (route) => {
      await failing;
      await route.abort();
    });
    await page.goto('/contact');
    await entryStarted(page);
    const form = page.locator('#contact-form');
    await fillIn(form, FORMS[0]?.fill ?? []);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(island(page, 'EnquiryForm')).toHaveAttribute('data-island-state', 'pending');
    fail();
    // The server's answer to the post: its thank-you panel in place of the form.
    await expect(page.getByText("Thanks for contacting us! We'll get back in touch ASAP.")).toBeVisible();
    await expect(page).toHaveURL(/\/contact\b/);
  });

  test("the entry failing, the press held by the start script posts the server's form", async ({ page, pageErrors }) => {
    pageErrors.allow(/Failed to load resource: net::ERR_FAILED/, 'the test makes the entry fail to load');
    await page.route(ENTRY, (route) => route.abort());
    await page.goto('/contact');
    const form = page.locator('#contact-form');
    await fillIn(form, FORMS[0]?.fill ?? []);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText("Thanks for contacting us! We'll get back in touch ASAP.")).toBeVisible();
    await expect(page).toHaveURL(/\/contact\b/);
  });
});
