import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enhanceCookieBanner } from './cookie-banner';

/** The server's markup (crates/site/src/widgets/cookie_banner.rs), as every page carries it. */
const BANNER = `
  <section class="cookie-banner" aria-label="Cookie consent" data-cookie-banner hidden>
    <p class="cookie-banner-text">We use cookies to see how our site is used and to improve it. Read our <a href="/privacy">Privacy Notice</a>.</p>
    <div class="cookie-banner-actions">
      <button type="button" data-consent="declined">Decline</button>
      <button type="button" data-consent="accepted">Accept All</button>
    </div>
  </section>`;

function banner(): HTMLElement {
  const element = document.querySelector<HTMLElement>('[data-cookie-banner]');
  if (!element) throw new Error('no banner');
  return element;
}

function click(name: string): void {
  const button = Array.from(banner().querySelectorAll('button')).find((candidate) => candidate.textContent === name);
  if (!button) throw new Error(`no ${name} button`);
  button.click();
}

function consentUpdates(): unknown[] {
  return (window.dataLayer ?? [])
    .map((entry) => Array.from(entry as ArrayLike<unknown>))
    .filter((entry) => entry[0] === 'consent' && entry[1] === 'update')
    .map((entry) => entry[2]);
}

beforeEach(() => {
  window.localStorage.clear();
  window.dataLayer = [];
  document.body.innerHTML = BANNER;
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('enhanceCookieBanner', () => {
  it('shows the banner while no choice is stored; Accept All stores accepted, grants analytics and hides it', () => {
    enhanceCookieBanner(document);
    expect(banner().hidden).toBe(false);
    click('Accept All');
    expect(window.localStorage.getItem('cookie-consent')).toBe('accepted');
    expect(consentUpdates()).toEqual([{ analytics_storage: 'granted' }]);
    expect(banner().hidden).toBe(true);
  });

  it('stores declined and denies analytics on Decline', () => {
    enhanceCookieBanner(document);
    click('Decline');
    expect(window.localStorage.getItem('cookie-consent')).toBe('declined');
    expect(consentUpdates()).toEqual([{ analytics_storage: 'denied' }]);
    expect(banner().hidden).toBe(true);
  });

  it('leaves the banner hidden when a choice is stored', () => {
    window.localStorage.setItem('cookie-consent', 'declined');
    enhanceCookieBanner(document);
    expect(banner().hidden).toBe(true);
  });

  it('shows the banner again from the privacy page, where declining after accepting is stored at once', () => {
    document.body.insertAdjacentHTML('beforeend', '<button type="button" data-cookie-choice hidden>Change my cookie choice</button>');
    window.localStorage.setItem('cookie-consent', 'accepted');
    enhanceCookieBanner(document);
    expect(banner().hidden).toBe(true);
    const change = document.querySelector<HTMLButtonElement>('[data-cookie-choice]');
    expect(change?.hidden).toBe(false);
    change?.click();
    expect(banner().hidden).toBe(false);
    expect(document.activeElement?.textContent).toBe('Decline');
    click('Decline');
    expect(window.localStorage.getItem('cookie-consent')).toBe('declined');
    expect(consentUpdates()).toEqual([{ analytics_storage: 'denied' }]);
    expect(banner().hidden).toBe(true);
  });

  it('shows the banner again for a stored value that is not a choice', () => {
    window.localStorage.setItem('cookie-consent', 'maybe');
    enhanceCookieBanner(document);
    expect(banner().hidden).toBe(false);
  });
});
