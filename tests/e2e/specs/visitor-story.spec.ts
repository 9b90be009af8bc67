/**
 * Defects a review found reading the pages, each checked where the layout checks
 * (layout.spec.ts, support/text-layout.ts) cannot see it: a sentence said twice, tiles whose
 * values do not line up, the footer's class names leading nowhere.
 */
import { expect, test } from '../support/fixtures';
import { mounted } from '../support/islands';

test.use({ viewport: { width: 1440, height: 900 } });

test("/invest says option 2's loan once", async ({ page }) => {
  await page.goto('/invest');
  const main = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
  expect(main.match(/monthly repayments of/g) ?? [], 'the loan sentence').toHaveLength(1);
});

test("/investinonespace's deal tiles keep their values on one line across the row", async ({ page }) => {
  await page.goto('/investinonespace');
  const values = page.locator('.stat-grid-dark .stat dd');
  await expect(values).toHaveCount(4);
  const measured = await values.evaluateAll((elements) =>
    elements.map((element) => {
      const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
      return { bottom: Math.round(element.getBoundingClientRect().bottom), lines: Math.round(element.getBoundingClientRect().height / lineHeight), text: element.textContent };
    }),
  );
  // Each value sits at its tile's foot: the row's values end on one line.
  expect(new Set(measured.map(({ bottom }) => bottom)).size, JSON.stringify(measured)).toBe(1);
  for (const value of measured) expect(value.lines, `${value.text} takes ${value.lines} lines`).toBe(1);
});

test('every page that prices the trial says why a visitor sees the online intro price elsewhere', async ({ page }) => {
  // The content's countdown mode is "every-visit": the core words it (Trial::price_story).
  const story = '£49, or £39 online during the 10-minute intro offer';
  for (const path of ['/', '/memberships', '/faq', '/our-classes']) {
    await page.goto(path);
    await expect(page.locator('main'), path).toContainText(story);
  }
});

test('/fire-ice claims only the saving its prices make', async ({ page }) => {
  await page.goto('/fire-ice');
  // The unlimited Fire & Ice plan (£109 a month) at 3 sessions a week against the £25 drop-in.
  await expect(page.locator('#pricing .badge')).toHaveText(/^Save up to 66% with unlimited$/i);
  await expect(page.locator('main')).not.toContainText('81%');
});

test('both investor pages lead with the risk warning and say their figures are old', async ({ page }) => {
  for (const path of ['/invest', '/investinonespace']) {
    await page.goto(path);
    const warning = page.getByRole('note').filter({ hasText: 'Investing puts your capital at risk.' });
    // Straight under the hero, on the first screens, before any figure or tier.
    await expect(warning, path).toBeVisible();
    expect(await warning.evaluate((element) => element.closest('section')?.previousElementSibling?.classList.contains('page-hero')), path).toBe(true);
    // The built-in figures are of June 2025, more than 6 months before the real clock's today.
    await expect(warning, path).toContainText('These figures are from June 2025, more than 6 months ago');
  }
  // One valuation per offer, each page naming both offers.
  await expect(page.locator('main')).toContainText('This community offer is valued at £350,000');
  await page.goto('/invest');
  await expect(page.locator('main')).toContainText('is a separate offer, valued at £350,000');
});

test('/challenge says its price, or while the content sets none, where it is given', async ({ page }) => {
  await page.goto('/challenge');
  await expect(page.locator('.challenge-price')).toHaveText('Your price is confirmed at your free consultation.');
});

test('/our-classes sells each class and keeps a browsing visitor on pages with the menu', async ({ page }) => {
  await page.goto('/our-classes');
  const card = page.locator('article#hot-yoga');
  for (const fact of ['Duration', 'Heat', 'Level', 'Who it suits', 'What to bring']) {
    await expect(card.locator('dt', { hasText: fact })).toBeVisible();
  }
  // Its next three sessions from the live timetable (the provider's stand-in), booked in a new tab.
  await expect(card.locator('.class-row')).toHaveCount(3);
  for (const name of await card.locator('.class-name').allTextContents()) expect(name).toContain('Hot Yoga');
  await expect(card.getByRole('link', { name: /^Book Hot Yoga, / }).last()).toHaveAttribute('target', '_blank');
  // Fire & Ice is booked privately: its own page in the menu, not an advert's landing.
  const fireIce = page.locator('article#fire-ice-recovery');
  await expect(fireIce.getByRole('link', { name: 'Find out more about Fire & Ice Recovery' })).toHaveAttribute('href', '/fire-ice');
  // Where a timetabled class lists its sessions, it says how it is booked, at /fire-ice's price.
  await expect(fireIce.getByRole('heading', { name: 'How to book' })).toBeVisible();
  await expect(fireIce.locator('.check-list')).toContainText('£25 a session, up to 3 a week');
  await expect(fireIce.getByRole('link', { name: 'Contact us to book Fire & Ice Recovery' })).toHaveAttribute('href', '/contact');
  // 'All Hot Yoga times' opens the timetable showing only Hot Yoga, with the site's navigation.
  await card.getByRole('link', { name: 'All Hot Yoga times' }).click();
  await expect(page).toHaveURL(/\/timetable\?type=hot-yoga$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await mounted(page, 'TimetableFilters');
  await expect(page.getByLabel('Class', { exact: true })).toHaveValue('hot-yoga');
  const visible = page.locator('.class-row').locator('visible=true');
  await expect(visible.first()).toBeVisible();
  for (const text of await visible.allTextContents()) expect(text).toContain('Hot Yoga');
});
