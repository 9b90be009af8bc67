/**
 * Helpers for the islands' end-to-end tests: a quiet start (cookie choice stored, so the banner
 * stays out of the way), a record of the mail links the islands open (they announce each one
 * with the `onespace:mail-link` event, since a mailto: navigation makes no observable request),
 * a running sum of layout shifts, and waiting for an island to mount.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

declare global {
  interface Window {
    __mailLinks?: string[];
    __layoutShift?: number;
  }
}

/** Stores a cookie choice and starts recording mail links and layout shifts before any script. */
export async function prepare(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem('cookie-consent', 'declined');
    window.__mailLinks = [];
    window.addEventListener('onespace:mail-link', (event) => {
      window.__mailLinks?.push(String((event as CustomEvent<string>).detail));
    });
    window.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) window.__layoutShift = (window.__layoutShift ?? 0) + entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export function mailLinks(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__mailLinks ?? []);
}

export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => window.__layoutShift ?? 0);
}

export async function mounted(page: Page, island: string): Promise<void> {
  await expect(page.locator(`[data-island="${island}"]`).first()).toHaveAttribute('data-island-state', 'mounted');
}

/** The toast region's notices, as 'title|description'. */
export function toasts(page: Page) {
  return page.locator('.toaster .toast');
}

/** Fills the contact page's form with a valid enquiry once its island has mounted. */
export async function fillContact(page: Page) {
  const form = page.locator('#contact-form');
  await form.scrollIntoViewIfNeeded();
  await mounted(page, 'EnquiryForm');
  await form.getByLabel('First Name').fill('Ada');
  await form.getByLabel('Last Name').fill('Lovelace');
  await form.getByLabel('Email').fill('ada@example.com');
  await form.getByLabel('Message').fill('Is there parking?');
  return form;
}
