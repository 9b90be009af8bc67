import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/dom';
import '../testing/real-core';
import { mount } from './OfferWatch';

// 31 August 2025 ends at midnight BST: 23:00 UTC.
const ENDS_MS = Date.UTC(2025, 7, 31, 23, 0, 0);

const props = {
  starts: '2025-08-01',
  ends: '2025-08-31',
  endsMs: ENDS_MS,
  previewMs: null,
  aheadMs: 0,
  heading: 'Start with a 14-day trial',
  message: 'The back to school offers ended on 31 August 2025.',
  links: [
    { label: 'Start My 14-Day Trial', href: '/intro-offer' },
    { label: 'See Memberships', href: '/memberships' },
  ],
};

/** Mounts the watch in an element of the page, as the islands runtime does. */
function watch(overrides: Record<string, unknown> = {}) {
  const host = document.createElement('div');
  document.body.append(host);
  mount(host, { ...props, ...overrides });
}

/** Lets the core's promise settle. */
const settle = async () => {
  await Promise.resolve();
  await Promise.resolve();
};

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
  delete document.documentElement.dataset['offerEnded'];
});

describe('OfferWatch', () => {
  it('shows nothing while the offer runs and the ended notice once its end passes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
    vi.setSystemTime(ENDS_MS - 5_000);
    watch();
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.documentElement.dataset['offerEnded']).toBeUndefined();

    vi.advanceTimersByTime(5_000);
    await settle();
    vi.useRealTimers();
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('The back to school offers ended on 31 August 2025.');
    expect(screen.getByRole('link', { name: 'Start My 14-Day Trial' }).getAttribute('href')).toBe('/intro-offer');
    expect(document.documentElement.dataset['offerEnded']).toBe('');
  });

  it('does not flip before the core says the offer has ended, whatever the props say', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
    vi.setSystemTime(ENDS_MS - 1);
    watch({ endsMs: ENDS_MS - 1 });
    await settle();
    vi.useRealTimers();
    await new Promise((done) => setTimeout(done, 50));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('under a preview date it counts from the preview instant, not the browser clock', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
    // The browser is a year later, yet the preview shows the offer live until its end.
    vi.setSystemTime(ENDS_MS + 365 * 86_400_000);
    watch({ previewMs: ENDS_MS - 2_000 });
    vi.advanceTimersByTime(1_000);
    await settle();
    expect(screen.queryByRole('status')).toBeNull();
    vi.advanceTimersByTime(1_000);
    await settle();
    vi.useRealTimers();
    expect((await screen.findByRole('status')).textContent).toContain('ended on 31 August 2025');
  });

  it('under a running preview it adds how far the preview clock is ahead to the browser clock', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
    // The browser is a year later; the server's clock started two seconds before the end.
    const yearLater = ENDS_MS + 365 * 86_400_000;
    vi.setSystemTime(yearLater);
    watch({ aheadMs: ENDS_MS - 2_000 - yearLater });
    vi.advanceTimersByTime(1_000);
    await settle();
    expect(screen.queryByRole('status')).toBeNull();
    vi.advanceTimersByTime(1_000);
    await settle();
    vi.useRealTimers();
    expect((await screen.findByRole('status')).textContent).toContain('ended on 31 August 2025');
  });
});
