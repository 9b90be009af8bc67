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

  it('swaps every running price on the page for its regular twin at zero', async () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<p data-offer-running id="running">£39 online intro price, usually £49</p><p data-offer-expired hidden id="regular">£49</p>',
    );
    render(<IntroCountdown {...props} />);
    await act(async () => {
      await Promise.resolve();
    });
    expect(document.getElementById('running')?.hidden).toBe(false);
    act(() => {
      vi.advanceTimersByTime(600_000);
    });
    expect(document.getElementById('running')?.hidden).toBe(true);
    expect(document.getElementById('regular')?.hidden).toBe(false);
    document.getElementById('running')?.remove();
    document.getElementById('regular')?.remove();
  });

  it('with a regular-price period, a revisit after expiry shows the regular price, not a new window', async () => {
    const day = 86_400_000;
    window.localStorage.setItem(KEY, String(NOW - day));
    render(<IntroCountdown {...props} regularMs={30 * day} />);
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getByText('Offer Expired - Regular Price Applies')).toBeTruthy();
    expect(window.localStorage.getItem(KEY)).toBe(String(NOW - day));
  });

  it('without one, the same revisit starts a new window (SPEC)', async () => {
    window.localStorage.setItem(KEY, String(NOW - 86_400_000));
    const { container } = render(<IntroCountdown {...props} />);
    await act(async () => {
      await Promise.resolve();
    });
    expect(container.querySelector('[data-countdown-time]')?.textContent).toBe('10:00');
  });
});
