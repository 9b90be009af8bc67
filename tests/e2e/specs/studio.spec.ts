/**
 * The studio area at `/studio`, at a phone's and a desktop's width, each test on a server of its
 * own whose accounts are made with the real `onespace studio add-user`: setting up an account
 * from its link (password, authenticator code, recovery codes) and signing in; an enquiry sent
 * through the public contact form found, opened, answered by e-mail, marked answered with a note,
 * filtered and searched for; an owner erasing one (confirmation, gone, in the audit log);
 * markup a visitor typed shown as text; and, on every page of the area, no axe violation and
 * nothing wider than the screen. With no account the area does not exist (the site's 404).
 */
import type { Page } from '@playwright/test';
import { expect, test as base } from '../support/fixtures';
import { mounted, prepare } from '../support/islands';
import type { RunningServer } from '../support/server';
import { addUser, checkPage, setUpAccount, signIn, signedInOwner, startStudioServer } from '../support/studio';

/** Each test gets a studio server of its own, and its pages' relative paths go to it. */
const test = base.extend<{ studio: RunningServer }>({
  studio: async ({}, use) => {
    const server = await startStudioServer();
    try {
      await use(server);
    } finally {
      await server.stop();
    }
  },
  baseURL: async ({ studio }, use) => {
    await use(studio.baseURL);
  },
});

/** Sends an enquiry as the contact form's island does (the form itself is driven in one test). */
async function sendContact(page: Page, fields: { firstName: string; lastName: string; email: string; message: string }): Promise<void> {
  const response = await page.request.post('/api/enquiries', {
    data: { formType: 'contact', phone: '', interest: 'Other', ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The inbox's entries, as the names shown. */
function listedNames(page: Page) {
  return page.locator('ol.studio-list .studio-item-name');
}

async function filterInbox(page: Page, filters: { state?: string; query?: string }): Promise<void> {
  await page.getByLabel('State').selectOption({ label: filters.state ?? 'Any state' });
  await page.getByLabel('Name or e-mail').fill(filters.query ?? '');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.waitForURL(/\/studio\/enquiries\?/);
}

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`studio area at ${viewport.width} px`, () => {
    test.use({ viewport });
    // A server of its own, argon2 hashing and axe on several pages: more than the default.
    test.describe.configure({ timeout: 120_000 });

    test('with no account the area does not exist: /studio/sign-in is the site\'s 404 page', async ({ page, studio, pageErrors }) => {
      pageErrors.allow(/Failed to load resource: the server responded with a status of 404/, 'the area is not there on purpose');
      const notFound = await page.goto('/no-such-page');
      expect(notFound?.status()).toBe(404);
      const notFoundHeading = (await page.locator('h1').first().textContent())?.trim();
      expect(notFoundHeading).toBeTruthy();

      for (const path of ['/studio/sign-in', '/studio', '/studio/enquiries']) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await expect(page.locator('h1').first(), path).toHaveText(notFoundHeading ?? '');
        await expect(page.locator('form[action^="/studio"]'), path).toHaveCount(0);
      }

      // The same path, once an account exists, is the sign-in form.
      addUser(studio, 'first@example.com');
      const response = await page.goto('/studio/sign-in');
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    });

    test('an account is set up from its link, shows ten recovery codes, and signs in with password and code', async ({ page, studio }) => {
      const email = 'owner@example.com';
      const link = addUser(studio, email);
      const account = await setUpAccount(page, link, email, (name) => checkPage(page, name));
      expect(account.recoveryCodes).toHaveLength(10);
      expect(new Set(account.recoveryCodes).size).toBe(10);
      for (const code of account.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

      // The link works once.
      const again = await page.request.get(link);
      expect(again.status()).toBe(404);

      await signIn(page, account, (name) => checkPage(page, name));
      await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Studio' })).toBeVisible();
      await expect(page.locator('.studio-who')).toHaveText(email);
    });

    test('an enquiry from the contact form is found, opened, answered by e-mail, marked answered, filtered and searched for', async ({ page, studio }) => {
      // A visitor sends it through the contact form, as on the public site.
      await prepare(page);
      await page.goto('/contact');
      const form = page.locator('#contact-form');
      await form.getByLabel('First Name').fill('Ada');
      await form.getByLabel('Last Name').fill('Lovelace');
      await form.getByLabel('Email').fill('ada@example.com');
      await form.getByLabel('Phone').fill('07700 900123');
      await form.getByLabel("I'm interested in").selectOption('Fire & Ice Recovery');
      await form.getByLabel('Message').fill('Do you have a sauna slot on Saturday morning?');
      await mounted(page, 'EnquiryForm');
      const sent = page.waitForResponse((response) => response.url().endsWith('/api/enquiries'));
      await form.getByRole('button', { name: /^Send Message$/ }).click();
      expect((await sent).status()).toBe(201);
      // Another, which the filters must leave out.
      await sendContact(page, { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', message: 'Gift cards?' });

      await signedInOwner(page, studio);
      await expect(page.locator('.studio-chart')).toBeVisible();
      await expect(page.locator('.studio-chart-caption')).toContainText('(2 in all)');
      await expect(page.locator('.studio-count')).toHaveText('2 enquiries');
      await expect(listedNames(page)).toHaveText(['Grace Hopper', 'Ada Lovelace']);
      // The chart's figures, as a table for those who cannot see the bars.
      await page.getByText('Show the figures').click();
      const figures = page.getByRole('region', { name: 'Enquiries per week, the figures' });
      await expect(figures).toBeVisible();
      await expect(figures.locator('tbody tr')).toHaveCount(12);
      await expect(figures.locator('tbody tr').last().locator('td').first()).toHaveText('2');
      await checkPage(page, 'inbox');

      const item = page.locator('li.studio-item').filter({ hasText: 'Ada Lovelace' });
      await expect(item.locator('.studio-state')).toHaveText('New');
      await expect(item).toContainText('ada@example.com');
      await expect(item).toContainText('Do you have a sauna slot');
      await item.getByRole('link').click();
      await expect(page).toHaveURL(/\/studio\/enquiries\/[^/?]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Website enquiry from Ada Lovelace');
      await expect(page.locator('dl.studio-fields')).toContainText('Do you have a sauna slot on Saturday morning?');
      await expect(page.locator('dl.studio-fields')).toContainText('Fire & Ice Recovery');

      const answer = page.getByRole('link', { name: 'Answer by e-mail' });
      const mailto = new URL((await answer.getAttribute('href')) ?? '');
      expect(mailto.protocol).toBe('mailto:');
      expect(decodeURIComponent(mailto.pathname)).toBe('ada@example.com');
      expect(mailto.searchParams.get('subject')).toBe('Re: Website enquiry from Ada Lovelace');
      await checkPage(page, 'enquiry');

      await page.getByRole('radio', { name: 'Answered' }).check();
      await page.getByLabel('Note (optional)').fill('Booked her in for 9:00 on Saturday.');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\?changed=1$/);
      await expect(page.getByRole('status')).toHaveText('Saved.');
      await expect(page.locator('.studio-heading-row .studio-state')).toHaveText('Answered');
      await expect(page.getByRole('radio', { name: 'Answered' })).toBeChecked();
      const since = page.locator('section[aria-labelledby="state-title"] .studio-item-meta');
      await expect(since).toContainText('Answered since');
      await expect(since).toContainText('by owner@example.com');
      await expect(since).toContainText('Booked her in for 9:00 on Saturday.');
      await checkPage(page, 'enquiry-answered');

      await page.getByRole('link', { name: 'All enquiries' }).click();
      await expect(page.locator('li.studio-item').filter({ hasText: 'Ada Lovelace' }).locator('.studio-state')).toHaveText('Answered');
      await filterInbox(page, { state: 'Answered' });
      await expect(page).toHaveURL(/state=answered/);
      await expect(listedNames(page)).toHaveText(['Ada Lovelace']);
      await expect(page.locator('.studio-count')).toHaveText('1 enquiry');
      await filterInbox(page, { state: 'New' });
      await expect(listedNames(page)).toHaveText(['Grace Hopper']);
      await filterInbox(page, { state: 'Closed' });
      await expect(listedNames(page)).toHaveCount(0);
      await expect(page.getByText('No enquiry matches these filters.')).toBeVisible();
      await filterInbox(page, { query: 'lovelace' });
      await expect(listedNames(page)).toHaveText(['Ada Lovelace']);
      await expect(page.getByLabel('Name or e-mail')).toHaveValue('lovelace');
      await filterInbox(page, { query: 'grace@example' });
      await expect(listedNames(page)).toHaveText(['Grace Hopper']);
      await filterInbox(page, { query: 'Nobody' });
      await expect(listedNames(page)).toHaveCount(0);
      await page.getByRole('link', { name: 'Clear' }).click();
      await expect(listedNames(page)).toHaveCount(2);
    });

    test('an owner erases an enquiry: a confirmation, then it is gone and the audit log says so; the other pages pass axe', async ({ page, studio, pageErrors }) => {
      pageErrors.allow(/Failed to load resource: the server responded with a status of 404/, 'the erased enquiry is asked for on purpose');
      await sendContact(page, { firstName: 'Erin', lastName: 'Erasure', email: 'erin@example.com', message: 'Please forget me later.' });
      await sendContact(page, { firstName: 'Kept', lastName: 'Person', email: 'kept@example.com', message: 'Keep this one.' });
      await signedInOwner(page, studio);
      await expect(listedNames(page)).toHaveCount(2);

      await page.locator('li.studio-item').filter({ hasText: 'Erin Erasure' }).getByRole('link').click();
      const enquiryUrl = page.url();
      await page.getByRole('link', { name: 'Erase this enquiry…' }).click();
      await expect(page).toHaveURL(/\/erase$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Erase this enquiry?' })).toBeVisible();
      await expect(page.locator('main')).toContainText('Website enquiry from Erin Erasure');
      await checkPage(page, 'erase');
      // Keeping it changes nothing.
      await page.getByRole('link', { name: 'Keep it' }).click();
      await expect(page).toHaveURL(enquiryUrl);
      await page.getByRole('link', { name: 'Erase this enquiry…' }).click();
      await page.getByRole('button', { name: 'Erase for good' }).click();

      await expect(page).toHaveURL(/\/studio\/enquiries\?erased=1$/);
      await expect(page.locator('.studio-notice')).toHaveText('The enquiry was erased.');
      await expect(listedNames(page)).toHaveText(['Kept Person']);
      const gone = await page.goto(enquiryUrl);
      expect(gone?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'No such enquiry' })).toBeVisible();

      await page.getByRole('link', { name: 'Audit log' }).click();
      await expect(page).toHaveURL(/\/studio\/audit$/);
      const erased = page.locator('table.studio-audit tbody tr').filter({ has: page.getByRole('cell', { name: 'enquiry-erased', exact: true }) });
      await expect(erased).toHaveCount(1);
      await expect(erased).toContainText('owner@example.com');
      await checkPage(page, 'audit');

      await page.getByRole('link', { name: 'Staff', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
      await expect(page.locator('main')).toContainText('owner@example.com');
      await checkPage(page, 'staff');

      await page.getByRole('link', { name: 'Account', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
      await checkPage(page, 'account');

      await page.getByRole('link', { name: 'Change your password' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();
      await checkPage(page, 'password');
    });

    test('markup typed into an enquiry is shown as text, never run', async ({ page, studio }) => {
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const name = '<img src=x onerror=alert(1)>';
      const lastName = '<script>alert(2)</script>';
      const message = '<b>bold</b> <a href="javascript:alert(3)">click</a>';
      await sendContact(page, { firstName: name, lastName, email: 'mallory@example.com', message });
      await signedInOwner(page, studio);

      const item = page.locator('li.studio-item');
      await expect(item).toHaveCount(1);
      await expect(item.locator('.studio-item-name')).toHaveText(`${name} ${lastName}`);
      await expect(item.locator('.studio-item-preview')).toContainText('<b>bold</b>');
      await expect(page.locator('main img, main script, main b')).toHaveCount(0);

      await item.getByRole('link').click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Website enquiry from ${name} ${lastName}`);
      await expect(page.locator('dl.studio-fields')).toContainText(message);
      await expect(page.locator('main img, main script, main b, main a[href^="javascript:"]')).toHaveCount(0);
      await expect(page).toHaveTitle(`Website enquiry from ${name} ${lastName} · One Space studio`);
      expect(dialogs).toEqual([]);
    });
  });
}
