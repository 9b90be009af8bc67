import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLICK_PATH, START_PATH, VISIT_COOKIE, currentVisit, keepVisit, watchOutboundLinks } from './visit';

const beacons: [string, string][] = [];

beforeEach(() => {
  beacons.length = 0;
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (path: string, body: string) => {
      beacons.push([path, body]);
      return true;
    },
  });
  document.cookie = `${VISIT_COOKIE}=; Max-Age=0; Path=/`;
});

afterEach(() => {
  Object.defineProperty(navigator, 'globalPrivacyControl', { configurable: true, value: undefined });
  vi.restoreAllMocks();
});

describe('the visit cookie', () => {
  it('is made once with consent and announced with the page it began on', () => {
    keepVisit('accepted');
    const id = currentVisit();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    keepVisit('accepted');
    expect(currentVisit()).toBe(id);
    expect(beacons.map(([path]) => path)).toEqual([START_PATH]);
    expect(JSON.parse(beacons[0]![1])).toMatchObject({ page: location.pathname });
  });

  it('is deleted at once when the visitor declines, and never made without consent', () => {
    keepVisit('accepted');
    keepVisit('declined');
    expect(currentVisit()).toBeNull();
    keepVisit(null);
    expect(currentVisit()).toBeNull();
    expect(beacons).toHaveLength(1);
  });

  it('is never made under Global Privacy Control', () => {
    Object.defineProperty(navigator, 'globalPrivacyControl', { configurable: true, value: true });
    keepVisit('accepted');
    expect(currentVisit()).toBeNull();
    expect(beacons).toHaveLength(0);
  });
});

describe('outbound links', () => {
  it('send a beacon naming the page and the link, with no identifier; own links send none', () => {
    document.body.innerHTML =
      '<a id="out" href="https://goteamup.com/p/1/buy">Buy</a><a id="own" href="/intro-offer">Offer</a>';
    watchOutboundLinks(document);
    const stop = (event: Event): void => event.preventDefault();
    document.addEventListener('click', stop);
    document.getElementById('own')!.click();
    document.getElementById('out')!.click();
    document.removeEventListener('click', stop);
    expect(beacons).toHaveLength(1);
    const [path, body] = beacons[0]!;
    expect(path).toBe(CLICK_PATH);
    expect(JSON.parse(body)).toEqual({ page: location.pathname, href: 'https://goteamup.com/p/1/buy' });
  });
});
