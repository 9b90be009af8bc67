import '../testing/real-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import IntroCountdown from './IntroCountdown';

const KEY = 'onespace-intro-offer-end';
const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);
/** The texts come from the server's markup (core's INTRO_OFFER_EXPIRED); the island shows them. */
const props = {
  label: '£10 off ends in',
  initialDisplay: '10:00',
  expiredMessage: 'Offer Expired - Regular Price Applies',
  storageKey: KEY,
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

describe('IntroCountdown', () => {
  it('counts down 10 minutes and then shows the expiry message', async () => {
    render(<IntroCountdown {...props} />);
    await act(async () => {
      await Promise.resolve();
    });
    expect(window.localStorage.getItem(KEY)).toBe(String(NOW + 600_000));
    act(() => {
      vi.advanceTimersByTime(600_000);
    });
    expect(screen.getByText('Offer Expired - Regular Price Applies')).toBeTruthy();
  });

  it('keeps the time pending until its first tick has read the end stored on a revisit', async () => {
    window.localStorage.setItem(KEY, String(NOW + 200_000));
    const { container } = render(<IntroCountdown {...props} />);
    const time = container.querySelector('[data-countdown-time]');
    expect(time?.hasAttribute('data-pending')).toBe(true);
    await act(async () => {
      await Promise.resolve();
    });
    expect(time?.hasAttribute('data-pending')).toBe(false);
    expect(time?.textContent).toBe('03:20');
  });
});
