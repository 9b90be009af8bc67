import '../testing/real-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount } from './IntroCountdown';

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

/** The island's element, as the runtime hands it over, in the page. */
async function mounted(extra: Record<string, unknown> = {}): Promise<HTMLElement> {
  const element = document.createElement('div');
  document.body.append(element);
  await mount(element, { ...props, ...extra });
  return element;
}

const text = (element: HTMLElement) => element.textContent ?? '';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
  window.localStorage.clear();
});

describe('IntroCountdown', () => {
  it('counts down 10 minutes and then shows the expiry message', async () => {
    const element = await mounted();
    expect(window.localStorage.getItem(KEY)).toBe(String(NOW + 600_000));
    vi.advanceTimersByTime(600_000);
    expect(text(element)).toBe('Offer Expired - Regular Price Applies');
    expect(element.querySelector('[role="status"]')).not.toBeNull();
  });

  it('keeps the time pending until its first tick has read the end stored on a revisit', async () => {
    window.localStorage.setItem(KEY, String(NOW + 200_000));
    const element = document.createElement('div');
    document.body.append(element);
    const started = mount(element, props);
    const time = element.querySelector('[data-countdown-time]');
    expect(time?.hasAttribute('data-pending')).toBe(true);
    expect(time?.textContent).toBe('10:00');
    await started;
    expect(time?.hasAttribute('data-pending')).toBe(false);
    expect(time?.textContent).toBe('03:20');
  });

  it('takes over the server markup in place rather than drawing its own', async () => {
    const element = document.createElement('div');
    element.innerHTML =
      '<div class="countdown" role="timer" aria-live="off"><span class="countdown-label">£10 off ends in</span><span class="countdown-time" data-countdown-time data-pending>10:00</span></div>';
    document.body.append(element);
    const box = element.firstElementChild;
    await mount(element, props);
    expect(element.children).toHaveLength(1);
    expect(element.firstElementChild).toBe(box);
    vi.advanceTimersByTime(1_000);
    expect(element.querySelector('[data-countdown-time]')?.textContent).toBe('09:59');
  });

  it('swaps every running price on the page for its regular twin at zero', async () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<p data-offer-running id="running">£39 online intro price, usually £49</p><p data-offer-expired hidden id="regular">£49</p>',
    );
    await mounted();
    expect(document.getElementById('running')?.hidden).toBe(false);
    vi.advanceTimersByTime(600_000);
    expect(document.getElementById('running')?.hidden).toBe(true);
    expect(document.getElementById('regular')?.hidden).toBe(false);
  });

  it('with a regular-price period, a revisit after expiry shows the regular price, not a new window', async () => {
    const day = 86_400_000;
    window.localStorage.setItem(KEY, String(NOW - day));
    const element = await mounted({ regularMs: 30 * day });
    expect(text(element)).toBe('Offer Expired - Regular Price Applies');
    expect(window.localStorage.getItem(KEY)).toBe(String(NOW - day));
  });

  it('without one, the same revisit starts a new window (SPEC)', async () => {
    window.localStorage.setItem(KEY, String(NOW - 86_400_000));
    const element = await mounted();
    expect(element.querySelector('[data-countdown-time]')?.textContent).toBe('10:00');
  });
});
