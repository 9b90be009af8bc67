import type { Page, Route } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { fillContact, mounted, prepare, toasts } from '../support/islands';

/** Answers the forms API from the test, optionally after `hold` resolves. */
async function answerEnquiries(page: Page, status: number, body: unknown, hold?: Promise<void>) {
  const posted: unknown[] = [];
  await page.route('**/api/enquiries', async (route: Route) => {
    posted.push(route.request().postDataJSON());
    if (hold) await hold;
    await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  });
  return posted;
}

test.beforeEach(async ({ page }) => {
  await prepare(page);
});

test('contact: Sending... with everything disabled, then the toast and the thank-you panel, then back to the form', async ({ page }) => {
  let release: () => void = () => undefined;
  const posted = await answerEnquiries(page, 201, { ok: true, id: 'e1' }, new Promise((done) => (release = done)));
  await page.goto('/contact');
  const form = await fillContact(page);
  await mounted(page, 'EnquiryForm');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await expect(form.getByLabel('First Name')).toBeDisabled();
  release();
  await expect(page.getByText("Thanks for contacting us! We'll get back in touch ASAP.")).toBeVisible();
  await expect(toasts(page).filter({ hasText: 'Message Sent!' })).toContainText(
    "Thank you for contacting us. We'll get back to you soon!",
  );
  expect(posted).toEqual([
    expect.objectContaining({ formType: 'contact', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', website: '' }),
  ]);
  await page.getByRole('link', { name: 'Send another message' }).click();
  await expect(page.locator('#contact-form').getByLabel('First Name')).toHaveValue('');
  await expect(page.locator('#contact-form').getByLabel('First Name')).toBeFocused();
});

test('contact: what was typed before the island mounted is kept, with the focus', async ({ page }) => {
  // Hold the island's code until the visitor has typed into the server's form.
  let release: () => void = () => undefined;
  const held = new Promise<void>((done) => (release = done));
  await page.route('**/assets/EnquiryForm-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/contact');
  const form = page.locator('#contact-form');
  await form.getByLabel('First Name').fill('Ada');
  await form.getByLabel('Message').fill('Typed before the island');
  await expect(page.locator('[data-island="EnquiryForm"]')).not.toHaveAttribute('data-island-state', 'mounted');
  release();
  await mounted(page, 'EnquiryForm');
  await expect(form.getByLabel('First Name')).toHaveValue('Ada');
  await expect(form.getByLabel('Message')).toHaveValue('Typed before the island');
  await expect(form.getByLabel('Message')).toBeFocused();
});

test('contact: a 422 keeps the values, shows each message beside its field and the error toast', async ({ page, pageErrors }) => {
  pageErrors.allow(/Failed to load resource: the server responded with a status of 422/, 'the API answers 422 on purpose');
  await answerEnquiries(page, 422, { ok: false, errors: { email: 'Please enter a valid email address.' } });
  await page.goto('/contact');
  const form = await fillContact(page);
  await mounted(page, 'EnquiryForm');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.locator('#contact-form-email-error')).toHaveText('Please enter a valid email address.');
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('First Name')).toHaveValue('Ada');
  await expect(toasts(page).filter({ hasText: 'Error' })).toContainText('Failed to send message. Please try again.');
});

test('investment interest and investor contact: success and failure toasts', async ({ page, pageErrors }) => {
  pageErrors.allow(/Failed to load resource: the server responded with a status of 429/, 'the API answers 429 on purpose');
  await answerEnquiries(page, 201, { ok: true, id: 'i1' });
  await page.goto('/investinonespace');
  const interest = page.locator('#register-form');
  await interest.getByLabel('Full Name').fill('Grace Hopper');
  await interest.getByLabel('Email').fill('grace@example.com');
  await mounted(page, 'EnquiryForm');
  await interest.getByRole('button', { name: 'Register Interest' }).click();
  await expect(toasts(page).filter({ hasText: 'Interest Registered!' })).toContainText(
    "Thank you for your interest! We'll send you our investor pack and be in touch soon.",
  );
  await expect(interest.getByLabel('Full Name')).toHaveValue('');

  await page.unroute('**/api/enquiries');
  await answerEnquiries(page, 429, { ok: false, message: 'Too many requests' });
  await page.goto('/invest');
  const contact = page.locator('#investment-form');
  await contact.getByLabel('Full Name').fill('Grace Hopper');
  await contact.getByLabel('Email').fill('grace@example.com');
  await mounted(page, 'EnquiryForm');
  await contact.getByRole('button', { name: 'Send Message' }).click();
  await expect(toasts(page).filter({ hasText: 'Error' })).toContainText(
    'Failed to send message. Please try again or contact us directly.',
  );
  await expect(contact.getByLabel('Full Name')).toHaveValue('Grace Hopper');
});

test('membership: missing fields stop the request with Missing Information', async ({ page }) => {
  const posted = await answerEnquiries(page, 201, { ok: true, id: 'm1' });
  await page.goto('/founder-memberships');
  const form = page.locator('#membership-form');
  await form.getByLabel('Full Name').fill('Ada Lovelace');
  await mounted(page, 'EnquiryForm');
  await form.getByRole('button', { name: 'Confirm Membership Request' }).click();
  const toast = toasts(page).filter({ hasText: 'Missing Information' });
  await expect(toast).toContainText('Please fill in all required fields.');
  await expect(toast).toHaveAttribute('role', 'alert');
  expect(posted).toEqual([]);
});

test('founder plans open the membership modal with the plan chosen; success closes it', async ({ page }) => {
  let release: () => void = () => undefined;
  const posted = await answerEnquiries(page, 201, { ok: true, id: 'm2' }, new Promise((done) => (release = done)));
  await page.goto('/founder-memberships');
  const choose = page.locator('a[data-plan]').nth(1);
  const plan = (await choose.getAttribute('data-plan')) ?? '';
  await choose.click();
  const dialog = page.getByRole('dialog', { name: 'Claim Your Founder Membership' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Membership Plan')).toHaveValue(plan);
  await dialog.getByLabel('Full Name').fill('Ada Lovelace');
  await dialog.getByLabel('Email').fill('ada@example.com');
  await dialog.getByText('Pay monthly').click();
  await dialog.getByRole('button', { name: 'Confirm Membership Request' }).click();
  await expect(dialog.getByRole('button', { name: 'Confirming...' })).toBeDisabled();
  release();
  await expect(dialog).toBeHidden();
  await expect(toasts(page).filter({ hasText: 'Membership Request Sent!' })).toContainText(
    "Thank you! We'll be in touch soon to confirm your membership details.",
  );
  expect(posted).toEqual([expect.objectContaining({ formType: 'membership', selectedMembership: plan, payAnnually: 'no' })]);
  await expect(page).toHaveURL(/\/founder-memberships$/);
});
