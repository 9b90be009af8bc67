import { expect, test } from '../support/fixtures';
import { mailLinks, pauseClockAt, prepare, toasts } from '../support/islands';

test.beforeEach(async ({ page }) => {
  await prepare(page);
});

test('the discount dialog checks required fields, opens the mail link, closes, clears and confirms', async ({ page }) => {
  await page.goto('/contact');
  const trigger = page.getByRole('link', { name: 'Request Discount Code' });
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Request Your Discount Code' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Full Name')).toBeFocused();

  await dialog.getByRole('button', { name: 'Request Discount Code' }).click();
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page).first()).toHaveAttribute('role', 'alert');
  await expect(toasts(page).first()).toContainText('Please fill in all required fields');
  expect(await mailLinks(page)).toEqual([]);

  await dialog.getByLabel('Full Name').fill('Ada Lovelace');
  await dialog.getByLabel('Email').fill('ada@example.com');
  await dialog.getByLabel('Phone').fill('07700 900123');
  await dialog.getByLabel('Discount Type').selectOption('Student');
  await dialog.getByRole('button', { name: 'Request Discount Code' }).click();
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  const [link] = await mailLinks(page);
  // Addressed to the studio's e-mail from the content (studio.toml), handed over in the props.
  expect(link).toMatch(/^mailto:hello@onespacestudio\.co\.uk\?subject=One%20Space%20Discount&/);
  expect(link).toContain('Student');
  // The percentage comes from the content through the island's props, not from the module.
  expect(decodeURIComponent(link ?? '')).toContain('Student discount (20% off recurring memberships).');
  const confirmation = toasts(page).filter({ hasText: 'Email client opened' });
  await expect(confirmation).toContainText('Please send the email to complete your discount request.');
  await expect(confirmation).toHaveAttribute('role', 'status');

  await trigger.click();
  await expect(dialog.getByLabel('Full Name')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});

test('Alt+T moves focus to the toasts, which stay while focused', async ({ page }) => {
  // The page's clock stands still and moves only when the test says so: a toast's 5 seconds
  // (ui/toaster.ts) are the page's, not however long a loaded machine takes between two steps.
  await pauseClockAt(page, Date.now());
  await page.goto('/contact');
  const trigger = page.getByRole('link', { name: 'Request Discount Code' });
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Request Your Discount Code' });
  await dialog.getByRole('button', { name: 'Request Discount Code' }).click();
  await expect(toasts(page)).toHaveCount(1);
  await page.keyboard.press('Escape');
  // The modal dialog makes the rest of the page inert until it has closed.
  await expect(dialog).toBeHidden();
  await page.keyboard.press('Alt+t');
  await expect(page.getByRole('region', { name: 'Notifications (Alt+T)' })).toBeFocused();
  await page.clock.runFor(6000);
  await expect(toasts(page)).toHaveCount(1);
  // Focus elsewhere, the toast's time runs on, and it goes.
  await trigger.focus();
  await page.clock.runFor(6000);
  await expect(toasts(page)).toHaveCount(0);
});

test("a coach's 1-2-1 button opens the enquiry dialog and the coach's mail link", async ({ page }) => {
  await page.goto('/meet-the-team');
  const button = page.getByRole('link', { name: 'Enquire about 1-2-1' }).first();
  await button.click();
  const dialog = page.getByRole('dialog', { name: /^1-2-1 Personal Training with / });
  await expect(dialog).toBeVisible();
  const coach = ((await dialog.getByRole('heading').textContent()) ?? '').replace('1-2-1 Personal Training with ', '');
  await expect(dialog.getByRole('link', { name: 'Call the Studio' })).toHaveAttribute('href', 'tel:+441506238238');
  await dialog.getByRole('button', { name: 'Email to Enquire' }).click();
  await expect(dialog).toBeHidden();
  const [link] = await mailLinks(page);
  expect(link).toMatch(/^mailto:hello@onespacestudio\.co\.uk\?subject=1-2-1/);
  expect(link).toContain(encodeURIComponent(coach).replace(/%20/g, '%20'));
  await expect(button).toBeFocused();
});
