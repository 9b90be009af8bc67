import { realCore } from '../testing/real-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import TimedOfferCountdown from './TimedOfferCountdown';

const KEY = 'onespace-timed-offer-end';
const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);

const props = {
  label: '10% off ends in',
  initialDisplay: realCore.timedOfferCountdown(0, null).display,
  expiredMessage: realCore.messages().timedOfferExpired,
  storageKey: KEY,
  codeLabel: 'Use code',
  code: realCore.catalogue().trial.timedCode,
  offer: { href: realCore.catalogue().trial.timedPurchaseUrl, label: 'Claim 10% Off' },
  regular: { href: '/intro-offer', label: 'See the 14-Day Intro Offer' },
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  window.localStorage.clear();
});

async function settle() {
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
}

describe('TimedOfferCountdown', () => {
  it('renders the server state first, stores a 5-minute end and counts down', async () => {
    render(<TimedOfferCountdown {...props} />);
    expect(screen.getByText('05:00')).toBeTruthy();
    await settle();
    expect(window.localStorage.getItem(KEY)).toBe(String(NOW + 5 * 60 * 1000));
    act(() => {
      vi.advanceTimersByTime(61_000);
    });
    expect(screen.getByText('03:59')).toBeTruthy();
    expect(screen.getByText(props.code)).toBeTruthy();
  });

  it("hides the coupon and discounted link at zero and shows Time's Up! with the regular link", async () => {
    render(<TimedOfferCountdown {...props} />);
    await settle();
    act(() => {
      vi.advanceTimersByTime(300_000);
    });
    expect(screen.getByText("Time's Up!")).toBeTruthy();
    expect(screen.queryByText(props.code)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Claim 10% Off' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See the 14-Day Intro Offer' }).getAttribute('href')).toBe('/intro-offer');
  });

  it('keeps an expired window on a revisit (no renewal)', async () => {
    window.localStorage.setItem(KEY, String(NOW - 1000));
    render(<TimedOfferCountdown {...props} />);
    await settle();
    expect(screen.getByText("Time's Up!")).toBeTruthy();
  });
});
