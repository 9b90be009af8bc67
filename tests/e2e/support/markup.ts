/**
 * What the HTML checkers check, in a page as the browser holds it: ids unique (inline SVG
 * gradients included), every aria-labelledby, aria-describedby and aria-controls pointing at an
 * element that exists, no ARIA the HTML checker forbids (aria-expanded on a <summary>),
 * landmarks named once at the right level, every control in a landmark, and structured data
 * whose offers state a price their own description and the page both show. Run on every route
 * as served (pages-nojs.spec.ts) and once every island has mounted (islands-page.spec.ts).
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

interface Problems {
  found: string[];
  offers: { price: string; description: string }[];
}

/** Everything on the page a validator would report, as one line each. */
function problems(page: Page): Promise<Problems> {
  return page.evaluate(() => {
    const found: string[] = [];
    const counts = new Map<string, number>();
    for (const element of Array.from(document.querySelectorAll('[id]'))) counts.set(element.id, (counts.get(element.id) ?? 0) + 1);
    for (const [id, count] of counts) if (count > 1) found.push(`id "${id}" is used ${count} times`);
    for (const attribute of ['aria-labelledby', 'aria-describedby', 'aria-controls']) {
      for (const element of Array.from(document.querySelectorAll(`[${attribute}]`))) {
        for (const id of (element.getAttribute(attribute) ?? '').split(/\s+/).filter(Boolean)) {
          if (!document.getElementById(id)) found.push(`${attribute}="${id}" on <${element.tagName.toLowerCase()}> names no element`);
        }
      }
    }
    for (const summary of Array.from(document.querySelectorAll('summary[aria-expanded]'))) found.push(`aria-expanded on a <summary>: ${summary.outerHTML.slice(0, 80)}`);
    for (const aside of Array.from(document.querySelectorAll('main aside, main [role="complementary"]'))) found.push(`a complementary landmark inside main: ${aside.outerHTML.slice(0, 80)}`);
    // Landmarks and their accessible names: the same kind with the same name twice is ambiguous.
    const named = new Map<string, number>();
    const nameOf = (element: Element) => {
      const label = element.getAttribute('aria-label');
      if (label) return label;
      const ids = element.getAttribute('aria-labelledby');
      return ids ? ids.split(/\s+/).map((id) => document.getElementById(id)?.textContent?.trim() ?? '').join(' ') : '';
    };
    const landmarks = 'nav, aside, section[aria-label], section[aria-labelledby], [role="region"], [role="navigation"], [role="complementary"], form[aria-label], form[aria-labelledby]';
    for (const element of Array.from(document.querySelectorAll(landmarks))) {
      const kind = element.getAttribute('role') ?? element.tagName.toLowerCase();
      const key = `${kind === 'section' ? 'region' : kind} "${nameOf(element)}"`;
      named.set(key, (named.get(key) ?? 0) + 1);
    }
    for (const [key, count] of named) if (count > 1) found.push(`${count} landmarks are ${key}`);
    // Every control in a landmark: the floating chat included.
    const outside = Array.from(document.querySelectorAll('body a[href], body button')).filter(
      (element) => !element.closest('header, main, footer, nav, aside, section[aria-label], section[aria-labelledby], [role="region"], [role="dialog"], dialog') && !element.classList.contains('skip-link'),
    );
    for (const element of outside) found.push(`outside every landmark: ${element.outerHTML.slice(0, 80)}`);
    const offers: { price: string; description: string }[] = [];
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') {
        const record = value as Record<string, unknown>;
        if (record['@type'] === 'Offer' && typeof record['price'] === 'string') {
          offers.push({ price: record['price'], description: String(record['description'] ?? '') });
        }
        Object.values(record).forEach(visit);
      }
    };
    for (const script of Array.from(document.querySelectorAll('script[type="application/ld+json"]'))) visit(JSON.parse(script.textContent ?? 'null'));
    return { found, offers };
  });
}

/** `49` as the page writes it: `£49`; `62.50`: `£62.50`. */
const pounds = (price: string) => `£${price}`;

export async function expectValid(page: Page): Promise<void> {
  const { found, offers } = await problems(page);
  expect(found, 'what the HTML checker and axe would report').toEqual([]);
  const text = await page.locator('main').innerText();
  for (const offer of offers) {
    expect(offer.description, `the offer's description states its price ${offer.price}`).toContain(pounds(offer.price));
    expect(text, `the page shows the offer's price ${offer.price}`).toContain(pounds(offer.price));
  }
}
