import { realCore } from '../testing/real-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount } from './TimedOfferCountdown';

const KEY = 'onespace-timed-offer-end';
const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);
/** The coupon as the server renders it in the page (the island only hides or shows it). */
const CODE = 'FAST10';

const props = {
  label: 'Offer ends in',
  initialDisplay: realCore.timedOfferCountdown(0, null).display,
  /** From the server's markup (core's TIMED_OFFER_EXPIRED), like the panel below. */
  expiredMessage: "Time's Up!",
  storageKey: KEY,
};

function page() {
  document.body.innerHTML = `
    <div data-offer-running><p class="coupon-code">${CODE}</p><a href="https://checkout.example">Claim 10% Off Now</a></div>
    <div data-offer-expired hidden><h2>Time's Up!</h2><a href="/intro-offer">See the Intro Offer</a></div>`;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
  page();
});

afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
  document.body.innerHTML = '';
});

/** The island's element, as the runtime hands it over, at the top of the page. */
async function mounted(): Promise<HTMLElement> {
  const element = document.createElement('div');
  document.body.prepend(element);
  await mount(element, props);
  return element;
}

const running = () => document.querySelector<HTMLElement>('[data-offer-running]');
const expiredPanel = () => document.querySelector<HTMLElement>('[data-offer-expired]');
const time = (element: HTMLElement) => element.querySelector('[data-countdown-time]')?.textContent;

describe('TimedOfferCountdown', () => {
  it('shows the server state first, stores a 5-minute end and counts down', async () => {
    const element = document.createElement('div');
    document.body.prepend(element);
    const started = mount(element, props);
    expect(time(element)).toBe('05:00');
    await started;
    expect(window.localStorage.getItem(KEY)).toBe(String(NOW + 5 * 60 * 1000));
    vi.advanceTimersByTime(61_000);
    expect(time(element)).toBe('03:59');
    expect(running()?.hidden).toBe(false);
  });

  it("hides the coupon and discounted link at zero and shows Time's Up! with the regular link", async () => {
    const element = await mounted();
    vi.advanceTimersByTime(300_000);
    expect(element.querySelector('[role="status"]')?.textContent).toBe("Time's Up!");
    expect(running()?.hidden).toBe(true);
    expect(expiredPanel()?.hidden).toBe(false);
  });

  it('keeps an expired window on a revisit (no renewal)', async () => {
    window.localStorage.setItem(KEY, String(NOW - 1000));
    const element = await mounted();
    expect(element.querySelector('[role="status"]')?.textContent).toBe("Time's Up!");
    expect(running()?.hidden).toBe(true);
  });
});
