import { expect, test } from '../support/fixtures';
import { mailLinks, mounted, prepare } from '../support/islands';

test.beforeEach(async ({ page }) => {
  await prepare(page);
});

const panel = (page: import('@playwright/test').Page) => page.getByRole('dialog', { name: 'One Space Assistant' });
const input = (page: import('@playwright/test').Page) => page.getByRole('textbox', { name: 'Your message' });
/** The chat's own WebAssembly module (crates/chat-wasm), hashed by the build. */
const CHAT_WASM = /\/onespace_chat_wasm_bg-[^/]*\.wasm$/;

test("the chat waits for the visitor: no React or chat code until the button is reached for, and only the chat's own WebAssembly when it opens", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || request.url().endsWith('.wasm')) scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-island="ChatAssistant"]')).toHaveAttribute('data-island-state', 'pending');
  expect(scripts.filter((path) => /ChatAssistant|client|react|\.wasm$/.test(path))).toEqual([]);
  await page.locator('#chat').hover();
  await mounted(page, 'ChatAssistant');
  // The greeting needs no WebAssembly; the replies' module comes with the panel, and the islands'
  // core (forms, countdowns) not at all.
  await page.locator('#chat').click();
  await expect(panel(page)).toBeVisible();
  await expect.poll(() => scripts.filter((path) => path.endsWith('.wasm'))).toEqual([expect.stringMatching(CHAT_WASM)]);
});

test('a click on the chat button before the chat has loaded opens the chat, not the contact page', async ({ page }) => {
  await page.goto('/about');
  // A tap: the click arrives with no hover before it.
  await page.locator('#chat').dispatchEvent('click', { button: 0 });
  await expect(panel(page)).toBeVisible();
  await expect(page).toHaveURL(/\/about$/);
});

test('a keyboard user tabbing onto the chat button keeps focus when the chat takes it over', async ({ page }) => {
  await page.goto('/about');
  await page.locator('#chat').focus();
  await mounted(page, 'ChatAssistant');
  await expect(page.getByRole('button', { name: 'Chat with our assistant' })).toBeFocused();
});

test('the chat opens from its button with one greeting and answers by keyword; blank input is ignored', async ({ page }) => {
  const wasm: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.wasm')) wasm.push(request.url());
  });
  await page.goto('/about');
  expect(wasm).toEqual([]);
  await page.locator('#chat').click();
  await expect(panel(page)).toBeVisible();
  await expect(input(page)).toBeFocused();
  await expect(panel(page).locator('[data-from="bot"]')).toHaveCount(1);
  await expect(panel(page).locator('[data-from="bot"]').first()).toContainText('One Space assistant');
  // The request is reported to the test as an event of its own, not in step with the page.
  await expect.poll(() => wasm).toEqual([expect.stringMatching(CHAT_WASM)]);

  await input(page).fill('   ');
  await input(page).press('Enter');
  await expect(panel(page).locator('.chat-message')).toHaveCount(1);

  await input(page).fill('Where do I park?');
  await input(page).press('Enter');
  await expect(panel(page).locator('[data-from="visitor"]')).toHaveText('Where do I park?');
  await expect(panel(page).locator('[data-from="bot"]')).toHaveCount(2);
  await expect(input(page)).toHaveValue('');
});

test('Escape closes the panel and focus returns to the chat button (keyboard only)', async ({ page }) => {
  await page.goto('/about');
  await page.locator('#chat').focus();
  await mounted(page, 'ChatAssistant');
  await page.keyboard.press('Enter');
  await expect(input(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Chat with our assistant' })).toBeFocused();
});

test('the contact dialog from a reply opens the mail link, closes and the assistant confirms', async ({ page }) => {
  await page.goto('/about');
  await page.locator('#chat').click();
  await input(page).fill('zzqx');
  await input(page).press('Enter');
  await panel(page).getByRole('button', { name: 'Contact the team' }).last().click();
  const dialog = page.getByRole('dialog', { name: 'Contact the team' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Full Name')).toBeFocused();
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  expect(await mailLinks(page)).toEqual([]);
  await dialog.getByLabel('Full Name').fill('Ada Lovelace');
  await dialog.getByLabel('Email').fill('ada@example.com');
  await dialog.getByLabel('Message').fill('Do you run classes on Sundays?');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog).toBeHidden();
  const [link] = await mailLinks(page);
  expect(link).toMatch(/^mailto:hello@onespacestudio\.co\.uk\?/);
  expect(link).toContain('subject=Contact%20from%20One%20Space%20Website');
  expect(link).toContain('Ada%20Lovelace');
  await expect(panel(page).locator('[data-from="bot"]').last()).toContainText('If it didn');
});

test('the cancellation dialog opens the Cancel Membership mail link', async ({ page }) => {
  await page.goto('/faq');
  await page.locator('#chat').click();
  await input(page).fill('How do I cancel?');
  await input(page).press('Enter');
  await panel(page).getByRole('button', { name: 'Cancel membership' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your membership' });
  await dialog.getByLabel('Full Name').fill('Ada Lovelace');
  await dialog.getByLabel('Email').fill('ada@example.com');
  await dialog.getByLabel('Current Membership Type').selectOption('Flex');
  await dialog.getByRole('button', { name: 'Send Cancellation Request' }).click();
  await expect(dialog).toBeHidden();
  const [link] = await mailLinks(page);
  expect(link).toContain('subject=Cancel%20Membership');
  await expect(panel(page).locator('[data-from="bot"]').last()).toContainText('30 days');
});

test("'Chat with Our Assistant' on the contact page opens the chat, even before the chat has loaded", async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('link', { name: 'Chat with Our Assistant' }).first().click();
  await expect(panel(page)).toBeVisible();
  await expect(page).toHaveURL(/\/contact$/);
});
