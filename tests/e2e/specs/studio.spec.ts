/**
 * The staff area at `/studio`, at a phone's and a desktop's width, each test on a server of its
 * own whose accounts are made with the real `onespace studio add-user`: setting up an account
 * from its link (password, authenticator code, recovery codes) and signing in; an enquiry sent
 * through the public contact form found, opened, answered by e-mail, marked answered with a note,
 * filtered and searched for; an owner erasing one (confirmation, gone, in the audit log);
 * markup a visitor typed shown as text; an owner changing a price in the content editor's form
 * (a mistake shown at its field as typed, the draft kept across a reload, the change reviewed
 * field by field and line by line, published to every page, restored), and the same editor
 * without scripts as the file's text; a changed FAQ answer previewed with its question open and
 * its field opened again by a tap on it; and, on
 * every page of the area, no axe violation and nothing wider than the screen. With no account the area does not exist (the site's 404).
 */
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from '../support/fixtures';
import { mounted, prepare } from '../support/islands';
import { VIEWPORTS, addUser, checkPage, setUpAccount, signIn, signedInOwner, withStudioServer, withinScreen } from '../support/studio';

/** Each test gets a studio server of its own. */
const test = withStudioServer();

/** The content files in the order the content page lists them (the core's `File::ALL`). */
const CONTENT_FILES = ['prices.toml', 'offers.toml', 'schedule.toml', 'photos.toml', 'studio.toml', 'team.toml', 'faq.toml', 'testimonials.toml', 'investors.toml'];

/** Sends an enquiry as the contact form's island does (the form itself is driven in one test). */
async function sendContact(page: Page, fields: { firstName: string; lastName: string; email: string; message: string }): Promise<void> {
  const response = await page.request.post('/api/enquiries', {
    data: { formType: 'contact', phone: '', interest: 'Other', ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Checks that the changes shown are one line, numbered `line`: `removed` out, `added` in. */
async function oneLineChanged(page: Page, line: number, removed: string, added: string): Promise<void> {
  // The lines are technical details, closed until asked for.
  await page.getByText('Show technical details').click();
  for (const [kind, text] of [['removed', removed], ['added', added]] as const) {
    const row = page.locator(`.studio-diff-${kind}`);
    await expect(row).toHaveCount(1);
    await expect(row.locator('td').first()).toHaveText(String(line));
    await expect(row.locator('td').last()).toHaveText(text);
  }
}

/** Starts adding up how far the page scrolls, up or down, from now. */
async function measureScrolling(page: Page): Promise<void> {
  await page.evaluate(() => {
    const counted = window as unknown as { scrolled: number };
    counted.scrolled = 0;
    let last = window.scrollY;
    window.addEventListener(
      'scroll',
      () => {
        counted.scrolled += Math.abs(window.scrollY - last);
        last = window.scrollY;
      },
      { passive: true },
    );
  });
}

/** How far the page scrolled since `measureScrolling`, in screens. */
async function screensScrolled(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { scrolled: number }).scrolled / window.innerHeight);
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


for (const viewport of VIEWPORTS) {
  test.describe(`staff area at ${viewport.width} px`, () => {
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
      for (const code of account.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}-[a-z2-9]{5}$/);

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

    test('an owner erases an enquiry: a confirmation, then it is gone and the audit log says so; the other pages (content history included) pass axe', async ({ page, studio, pageErrors }) => {
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

      await page.getByRole('link', { name: 'Content', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
      await expect(page.getByRole('cell', { name: '1 (live)' })).toBeVisible();
      await expect(page.locator('main')).toContainText("The release's built-in content");
      // Every column of the history is on the screen, a phone's too: no table to scroll sideways.
      const firstVersion = page.getByRole('region', { name: 'Versions' }).getByRole('row').nth(1);
      expect(await withinScreen(firstVersion.getByRole('cell').last())).toBe(true);
      await checkPage(page, 'content');

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

    test('an owner changes the Lite price in the form: the mistake shown at the field, the draft kept, previewed on a date, reviewed, published to every page, and restored', async ({ page, studio }) => {
      await signedInOwner(page, studio);
      await page.getByRole('link', { name: 'Content', exact: true }).click();
      await page.getByRole('link', { name: 'Prices', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Prices' })).toBeVisible();
      // The form opens as its sections, closed: the plans are one jump away, and the draft's
      // actions stay on screen; the scrolling it all takes is measured.
      await checkPage(page, 'content-edit');
      await measureScrolling(page);
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Memberships', exact: true }).click();
      const price = page.getByRole('group', { name: 'Lite', exact: true }).getByLabel('Price', { exact: true });
      await expect(price).toHaveValue('49');

      // "£5x" is refused at the field in the owner's words as it is typed, and kept in the
      // draft: the page opened again still has it. The mistake's link moves to the field.
      await price.fill('£5x');
      const said = "Lite's price must be in pounds, like 49 or 62.50";
      const mistake = page.locator(`#${await price.getAttribute('id')}-error`);
      await expect(mistake).toHaveText(said);
      await expect(price).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('.studio-mistakes')).toHaveText(said);
      await expect(page.getByRole('status')).toHaveText(/^Draft saved at \d\d:\d\d\.$/);
      await checkPage(page, 'content-mistake');
      await page.locator('.studio-mistakes').getByRole('link', { name: said }).click();
      await expect(price).toBeFocused();
      let screens = await screensScrolled(page);
      // The reload is the test's own check that the draft is kept: the owner's scrolling goes
      // on from the field.
      await page.reload();
      await expect(price).toHaveValue('£5x');
      await expect(mistake).toHaveText(said);
      await price.scrollIntoViewIfNeeded();
      await measureScrolling(page);

      await price.fill('55');
      await expect(page.locator('.studio-mistakes')).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Your draft' })).toContainText('1 change: Memberships › Lite › Price: £49 → £55');
      await expect(page.getByRole('complementary').getByRole('listitem')).toHaveText(['Memberships › Lite › Price: £49 → £55']);
      screens += await screensScrolled(page);
      expect(screens, 'screens scrolled to reach the field and correct it, the actions in view').toBeLessThanOrEqual(3);
      await page.getByRole('button', { name: 'Advanced: text' }).click();
      await expect(page.getByLabel('prices.toml')).toHaveValue(/# Rolling Monthly Memberships\.[^]*name = "Lite"\nprice = 55\n/);
      await page.getByRole('button', { name: 'Form' }).click();

      // The draft previewed as the whole site, opened at what it changes: Lite's price on
      // /memberships, in view. The bar is one line, a phone's too (it took 345 px of one): the
      // page, date and time are under "Change".
      await page.getByRole('region', { name: 'Your draft' }).getByRole('link', { name: 'Preview' }).click();
      await expect(page).toHaveURL(/\/studio\/content\/preview\/memberships#preview-changed$/);
      const bar = page.getByRole('complementary', { name: 'Preview' });
      await expect(bar).toContainText('Preview of your draft');
      expect((await bar.boundingBox())?.height ?? 0).toBeLessThanOrEqual(56);
      const changed = page.locator('#preview-changed');
      await expect(changed).toHaveText('£55/month');
      await expect(changed).toBeInViewport();
      // Editing what is seen: a tap on the price opens its field, the cursor in it.
      await changed.click();
      await expect(page).toHaveURL(/\/studio\/content\/edit\/prices\.toml#field-monthly-0-price$/);
      await expect(price).toBeFocused();
      await page.goBack();
      // On a chosen date: £55 there, £49 still for visitors.
      await bar.getByText('Change', { exact: true }).click();
      await bar.getByLabel('Page').selectOption({ label: 'Pricing & Memberships' });
      await bar.getByLabel('Date').fill('2026-12-01');
      await bar.getByLabel('Time (24-hour)').fill('09:00');
      await bar.getByRole('button', { name: 'Show' }).click();
      await expect(page).toHaveURL(/\/studio\/content\/preview\/memberships\?at=2026-12-01T09:00$/);
      await expect(bar).toContainText('as on');
      // The preview's price carries its field's marks; the public page none.
      expect(await page.content()).toMatch(/<h3 class="price-card-name">Lite<\/h3><p class="price" data-field="[^"]*" data-edit="[^"]*" data-changed[^>]*>£55/);
      expect(await (await page.request.get('/memberships')).text()).toContain('<h3 class="price-card-name">Lite</h3><p class="price">£49');
      await checkPage(page, 'content-preview');
      await bar.getByRole('link', { name: 'Review your draft' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Your draft' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Fields changed in Prices' }).getByRole('listitem')).toHaveText(['Memberships › Lite › Price: £49 → £55']);
      await oneLineChanged(page, 41, 'price = 49', 'price = 55');
      await checkPage(page, 'content-review');
      await page.locator('form[action="/studio/content/draft/publish"]').getByLabel('Note for the history (optional)').fill('Lite to £55');
      await page.getByRole('button', { name: 'Publish' }).click();
      await expect(page.getByRole('status')).toContainText('Published as version 2');
      await checkPage(page, 'content-published');

      // Every page that names the price has it within seconds: the card, the search engines'
      // data, the founder table (20% off for life) and the chat's reply.
      await expect.poll(async () => (await page.request.get('/memberships')).text(), { timeout: 5_000 }).toContain('<h3 class="price-card-name">Lite</h3><p class="price">£55');
      const memberships = await (await page.request.get('/memberships')).text();
      const catalog = JSON.parse(memberships.split('<script type="application/ld+json">')[1]?.split('</script>')[0] ?? 'null') as {
        itemListElement: { itemListElement: { name: string; price: string }[] }[];
      };
      expect(catalog.itemListElement[0]?.itemListElement[0]).toMatchObject({ name: 'Lite', price: '55' });
      await page.goto('/founder-memberships');
      const founderRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Lite', exact: true }) });
      await expect(founderRow.getByRole('cell')).toHaveText(['£55', '£44', '£440']);
      await prepare(page);
      await page.goto('/memberships');
      await page.locator('#chat').click();
      await mounted(page, 'ChatAssistant');
      await page.getByRole('textbox', { name: 'Your message' }).fill('What are your membership prices?');
      await page.getByRole('textbox', { name: 'Your message' }).press('Enter');
      await expect(page.locator('.chat-panel [data-from="bot"]').last()).toContainText('Lite £55 (4 sessions)');

      // Version 1, restored, is the £49 again.
      await page.goto('/studio/content/versions/1');
      await oneLineChanged(page, 41, 'price = 55', 'price = 49');
      await checkPage(page, 'content-version');
      await page.getByRole('button', { name: 'Restore version 1' }).click();
      await expect(page.getByRole('status')).toContainText('Restored as version 3');
      await expect.poll(async () => (await page.request.get('/memberships')).text(), { timeout: 5_000 }).toContain('<h3 class="price-card-name">Lite</h3><p class="price">£49');
    });

    // One test for the list and the nine forms, on one server and one sign-in: a server and an
    // account of their own for each form cost more than the form's own checks.
    test("the content page lists every content file by the owner's word for it, and each one's form draws with labelled fields, fits the screen and passes axe", async ({ page, studio }) => {
      test.setTimeout(300_000);
      await signedInOwner(page, studio);
      await page.goto('/studio/content');
      // Each area by the owner's word for it, linking to its editor; no file name shown.
      await expect(page.locator('.studio-file-list a')).toHaveText(['Prices', 'Offers', 'Booking', 'Photos', 'Studio details', 'Team', 'FAQ', 'Member quotes', 'Investor figures']);
      const links = await page.locator('.studio-file-list a').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
      expect(links).toEqual(CONTENT_FILES.map((file) => `/studio/content/edit/${file}`));
      await expect(page.locator('.studio-file-list')).not.toContainText('.toml');

      for (const file of CONTENT_FILES) {
        await page.goto(`/studio/content/edit/${file}`);
        await expect(page.getByRole('button', { name: 'Form', pressed: true }), file).toBeVisible();
        await expect(page.getByRole('status'), file).toHaveText('Changes are saved as your draft as you type.');
        await checkPage(page, `content-form-${file.replace('.toml', '')}`);
        if (file === 'offers.toml') {
          // Dates and times have the browser's pickers (the form is drawn by the editor's script
          // after the page loads: waited for, not counted at once).
          await expect(page.locator('.editor-form input[type="date"]').first()).toBeAttached();
          await expect(page.locator('.editor-form input[type="time"]').first()).toBeAttached();
        }
      }

      // A changed answer: the preview opens at it, its question opened, and a tap on it opens
      // its field again, the cursor in it.
      await page.goto('/studio/content/edit/faq.toml#field-questions-0-answer');
      const answer = page.locator('#field-questions-0-answer');
      await expect(answer).toBeFocused();
      await answer.fill('We are open {opening_hours}. Times change through the week: see the timetable.');
      await expect(page.getByRole('status')).toHaveText(/^Draft saved at \d\d:\d\d\.$/);
      await page.getByRole('region', { name: 'Your draft' }).getByRole('link', { name: 'Preview' }).click();
      await expect(page).toHaveURL(/\/studio\/content\/preview\/faq#preview-changed$/);
      const changed = page.locator('#preview-changed');
      await expect(changed).toContainText('Times change through the week');
      await expect(changed).toBeInViewport();
      await changed.click();
      await expect(page).toHaveURL(/\/studio\/content\/edit\/faq\.toml#field-questions-0-answer$/);
      await expect(answer).toBeFocused();
    });

    test("an owner uploads a photo for /hot-yoga's hero with its alt text, and visitors see it once it is published", async ({ page, studio }) => {
      const alt = 'Members holding a pose in the heated studio';
      await signedInOwner(page, studio);
      await page.goto('/studio/content');
      await page.getByRole('link', { name: 'Upload a photo' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Upload a photo' })).toBeVisible();
      await checkPage(page, 'photo-upload');
      await page.getByLabel('Where it goes').selectOption('hot-yoga/hero');
      await page.getByLabel('What the photo shows (alt text)').fill(alt);
      await page.getByLabel('Across (0-100 %)').fill('20');
      await page.getByLabel('Down (0-100 %)').fill('72');
      await page.getByLabel('Photo', { exact: true }).setInputFiles(resolve(import.meta.dirname, '../../../frontend/public/og-image.png'));
      await page.getByRole('button', { name: 'Upload into my draft' }).click();

      // In the draft, not on the site, until it is published. The review prepares the photo's
      // variants for its thumbnail first (the preview then reads them from the cache).
      await expect(page.getByRole('heading', { level: 1, name: 'Your draft' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('list', { name: 'Photos changed in Photos' }).getByRole('img', { name: alt })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Fields changed in Photos' })).toContainText('Photos › Hot Yoga page, beside the heading: added');
      expect(await (await page.request.get('/hot-yoga')).text()).not.toContain(alt);
      // The preview shows it already.
      await page.goto('/studio/content/preview/hot-yoga');
      const previewed = page.getByRole('img', { name: alt });
      await expect(previewed).toBeVisible();
      await expect.poll(() => previewed.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await page.goto('/studio/content/draft');
      await page.getByRole('button', { name: 'Publish' }).click();
      await expect(page.getByRole('status')).toContainText('Published as version 2');
      await expect.poll(async () => (await page.request.get('/hot-yoga')).text(), { timeout: 30_000 }).toContain(`alt="${alt}"`);
      await page.goto('/hot-yoga');
      const photo = page.getByRole('img', { name: alt });
      await expect(photo).toBeVisible();
      // Visible as soon as its box is laid out; decoded a moment later.
      await expect.poll(() => photo.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      // The focal point keeps the subject in the hero's crop, to the nearest 5 %.
      expect(await photo.evaluate((image) => getComputedStyle(image).objectPosition)).toBe('20% 70%');
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

test.describe('the content editor without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test("is the file's commented text, saved and checked by the server", async ({ page, studio }) => {
    await signedInOwner(page, studio);
    await page.goto('/studio/content/edit/prices.toml');
    await page.getByText('Advanced: edit as text').click();
    const file = page.getByLabel('prices.toml');
    const live = await file.inputValue();
    expect(live).toContain('# prices.toml: what One Space charges');
    await file.fill(live.replace('name = "Lite"\nprice = 49', 'name = "Lite"\nprice = "£5x"'));
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status')).toHaveText('Draft saved.');
    await expect(page.locator('.studio-mistakes')).toHaveText("Lite's price must be in pounds, like 49 or 62.50");
    await expect(file).toHaveValue(/price = "£5x"/);
  });
});
