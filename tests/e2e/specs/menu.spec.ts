import { expect, test } from '../support/fixtures';
import { entryStarted } from '../support/islands';

test.use({ viewport: { width: 390, height: 844 } });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`phone menu with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('opens, lists every item and closes on navigation', async ({ page }) => {
      await page.goto('/about');
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      const mobile = page.getByRole('navigation', { name: 'Mobile' });
      await expect(mobile).toBeHidden();
      await page.locator('summary[aria-label="Menu"]').click();
      await expect(mobile).toBeVisible();
      for (const label of ['Home', 'Our Classes', 'Pricing', 'Timetable', '6 Week Challenge', 'HYROX', 'Fire & Ice', 'Corporate Wellness', 'Contact', 'FAQ']) {
        await expect(mobile.getByRole('link', { name: label, exact: true })).toBeVisible();
      }
      await mobile.getByRole('link', { name: 'FAQ', exact: true }).click();
      await expect(page).toHaveURL(/\/faq$/);
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
    });
  });
}

test('Escape closes the phone menu and returns focus to its toggle', async ({ page }) => {
  await page.goto('/');
  // Escape is the entry's (site/mobile-menu.ts), which may start after the page has loaded.
  await entryStarted(page);
  const toggle = page.locator('summary[aria-label="Menu"]');
  const menu = page.locator('details[data-mobile-menu]');
  await toggle.click();
  // The <details> element gives its <summary> the expanded state; an aria-expanded attribute on a
  // summary is one the HTML checker forbids.
  await expect(menu).toHaveJSProperty('open', true);
  await expect(toggle).not.toHaveAttribute('aria-expanded', /.*/);
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Pricing' }).focus();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(menu).toHaveJSProperty('open', false);
});

test('the desktop bar shows the navigation and no menu toggle', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.locator('summary[aria-label="Menu"]')).toBeHidden();
});

test('landing pages show only the logo and Start Today', async ({ page }) => {
  await page.goto('/hot-yoga');
  await expect(page.locator('summary[aria-label="Menu"]')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link')).toHaveCount(2);
});
