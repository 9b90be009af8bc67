/**
 * The enquiry forms without JavaScript, as a visitor whose scripts are off would use them: fill
 * the server-rendered form, submit, see the thank-you panel; submit with a required field holding
 * only spaces (the browser's own `required` check lets that through, the core's rules do not),
 * see the message with everything typed kept. Then the same payloads as JSON, the way the
 * islands send them, and each form once more with JavaScript on, through its island and the real
 * API (no stand-in). Each stored enquiry is checked with `onespace enquiries export`.
 */
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { BINARY, expect, test } from '../support/fixtures';
import { mounted, prepare, toasts } from '../support/islands';

interface FormCase {
  path: string;
  anchor: string;
  submit: RegExp;
  fill: (form: ReturnType<Page['locator']>, tag: string) => Promise<void>;
  blankField: string;
  blankMessage: string;
  keptField: string;
  thanks?: string;
  /** The island's success toast (JavaScript on). */
  sentToast: string;
}

const cases: FormCase[] = [
  {
    path: '/contact',
    anchor: 'contact-form',
    sentToast: 'Message Sent!',
    submit: /^Send Message$/,
    fill: async (form, tag) => {
      await form.getByLabel('First Name').fill('Jo');
      await form.getByLabel('Last Name').fill('Smith');
      await form.getByLabel('Email').fill('jo@example.com');
      await form.getByLabel('Phone').fill('07700 900123');
      await form.getByLabel("I'm interested in").selectOption('Fire & Ice Recovery');
      await form.getByLabel('Message').fill(`Hello from the browser ${tag}`);
    },
    blankField: 'Last Name',
    blankMessage: 'Please enter your last name.',
    keptField: 'Message',
    thanks: "Thanks for contacting us! We'll get back in touch ASAP.",
  },
  {
    path: '/investinonespace',
    anchor: 'register-form',
    sentToast: 'Interest Registered!',
    submit: /^Register Interest$/,
    fill: async (form, tag) => {
      await form.getByLabel('Full Name').fill('Al Brown');
      await form.getByLabel('Email').fill('al@example.com');
      await form.getByLabel('Investment Amount').selectOption({ index: 2 });
      await form.getByLabel('Why are you interested?').fill(`Local investor ${tag}`);
    },
    blankField: 'Full Name',
    blankMessage: 'Please enter your name.',
    keptField: 'Why are you interested?',
  },
  {
    path: '/invest',
    anchor: 'investment-form',
    sentToast: 'Message Sent!',
    submit: /^Send Message$/,
    fill: async (form, tag) => {
      await form.getByLabel('Full Name').fill('Al Brown');
      await form.getByLabel('Email').fill('al@example.com');
      await form.getByLabel('Message').fill(`Questions about option two ${tag}`);
    },
    blankField: 'Full Name',
    blankMessage: 'Please enter your name.',
    keptField: 'Message',
  },
  {
    path: '/founder-memberships',
    anchor: 'membership-form',
    sentToast: 'Membership Request Sent!',
    submit: /^Confirm Membership Request$/,
    fill: async (form, tag) => {
      await form.getByLabel('Full Name').fill('Sam Lee');
      await form.getByLabel('Email').fill('sam@example.com');
      await form.getByLabel('Membership Plan').selectOption({ index: 1 });
      await form.getByLabel('Pay annually (2 months free)').check();
      await form.getByLabel('Additional Notes').fill(`Starting next month ${tag}`);
    },
    blankField: 'Full Name',
    blankMessage: 'Please enter your name.',
    keptField: 'Additional Notes',
  },
];

function stored(): Array<{ id: string; form: string; enquiry: Record<string, string> }> {
  const data = process.env['E2E_DATA_DIR'];
  if (!data) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
  const out = execFileSync(BINARY, ['enquiries', 'export', '--format', 'json', '--data', data], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '' },
  });
  return JSON.parse(out) as Array<{ id: string; form: string; enquiry: Record<string, string> }>;
}

test.describe('enquiry forms without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const form of cases) {
    test(`${form.path}: the form posts, is stored and shows the thank-you panel`, async ({ page }) => {
      const tag = `${form.anchor}-${Date.now()}`;
      await page.goto(form.path);
      const section = page.locator(`#${form.anchor}`);
      await form.fill(section, tag);
      await section.getByRole('button', { name: form.submit }).click();
      await expect(page).toHaveURL(new RegExp(`${form.path}\\?sent=1#${form.anchor}$`));
      const panel = page.getByRole('status');
      await expect(panel).toBeVisible();
      if (form.thanks) await expect(panel).toContainText(form.thanks);
      await expect(page.locator(`form#${form.anchor}`)).toHaveCount(0);
      expect(stored().some((row) => Object.values(row.enquiry).some((value) => value.includes(tag)))).toBe(true);
    });

    test(`${form.path}: a blank required field shows its message and keeps the values`, async ({ page, pageErrors }) => {
      pageErrors.allow(/Failed to load resource: the server responded with a status of 422/, 'the blank field is refused on purpose');
      const tag = `kept-${form.anchor}-${Date.now()}`;
      await page.goto(form.path);
      const section = page.locator(`#${form.anchor}`);
      await form.fill(section, tag);
      await section.getByLabel(form.blankField).fill('   ');
      const answer = page.waitForResponse((response) => response.request().method() === 'POST');
      await section.getByRole('button', { name: form.submit }).click();
      expect((await answer).status()).toBe(422);
      const again = page.locator(`#${form.anchor}`);
      await expect(again.getByText(form.blankMessage).first()).toBeVisible();
      await expect(again.getByLabel(form.keptField)).toHaveValue(new RegExp(tag));
      expect(stored().some((row) => Object.values(row.enquiry).some((value) => value.includes(tag)))).toBe(false);
    });
  }
});

test.describe('enquiry forms with JavaScript, through the islands and the real API', () => {
  test.beforeEach(async ({ page }) => {
    await prepare(page);
  });

  for (const form of cases) {
    test(`${form.path}: the island posts JSON, the enquiry is stored and the visitor is thanked`, async ({ page }) => {
      const tag = `island-${form.anchor}-${Date.now()}`;
      await page.goto(form.path);
      const section = page.locator(`#${form.anchor}`);
      await form.fill(section, tag);
      await mounted(page, 'EnquiryForm');
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/enquiries'));
      await section.getByRole('button', { name: form.submit }).click();
      expect((await answer).status()).toBe(201);
      await expect(toasts(page).filter({ hasText: form.sentToast })).toBeVisible();
      if (form.thanks) await expect(page.getByText(form.thanks)).toBeVisible();
      expect(stored().filter((row) => Object.values(row.enquiry).some((value) => value.includes(tag)))).toHaveLength(1);
    });
  }
});

test.describe('enquiries as JSON, as the islands send them', () => {
  const payloads: Array<[string, Record<string, string>]> = [
    ['contact', { formType: 'contact', firstName: 'Jo', lastName: 'Smith', email: 'jo@example.com', phone: '', interest: 'Other', message: 'JSON hello' }],
    ['investmentInterest', { formType: 'investment', name: 'Al', email: 'al@example.com', phone: '', investmentAmount: 'other', why: 'JSON why' }],
    ['investorContact', { formType: 'investment', name: 'Al', email: 'al@example.com', phone: '', why: 'JSON message' }],
    ['membership', { formType: 'membership', fullName: 'Sam', email: 'sam@example.com', phone: '', selectedMembership: 'founder-core', payAnnually: 'no', additionalNotes: 'JSON notes' }],
  ];

  for (const [form, body] of payloads) {
    test(`${form} is answered 201 with its id and stored`, async ({ request }) => {
      const response = await request.post('/api/enquiries', { data: body });
      expect(response.status()).toBe(201);
      const reply = (await response.json()) as { ok: boolean; id: string };
      expect(reply.ok).toBe(true);
      const row = stored().find((candidate) => candidate.id === reply.id);
      expect(row?.form).toBe(form);
    });
  }

  test('an invalid enquiry gets 422 with a message per field', async ({ request }) => {
    const response = await request.post('/api/enquiries', { data: { formType: 'contact', email: 'nope' } });
    expect(response.status()).toBe(422);
    const reply = (await response.json()) as { ok: boolean; errors: Record<string, string> };
    expect(reply.ok).toBe(false);
    expect(reply.errors['email']).toBe('Please enter a valid email address.');
    expect(reply.errors['firstName']).toBe('Please enter your first name.');
  });
});
