import { beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_KEY, initConsentDefaults, storeConsent, storedConsent } from './consent';

function consentCalls(): unknown[][] {
  return (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
}

beforeEach(() => {
  window.localStorage.clear();
  window.dataLayer = [];
});

describe('cookie consent', () => {
  it('defaults analytics to denied when nothing is stored', () => {
    initConsentDefaults();
    expect(consentCalls()[0]).toEqual([
      'consent',
      'default',
      { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
    ]);
  });

  it('applies a stored acceptance as the default', () => {
    window.localStorage.setItem(CONSENT_KEY, 'accepted');
    initConsentDefaults();
    expect(consentCalls()[0]?.[2]).toMatchObject({ analytics_storage: 'granted' });
  });

  it('stores accepted or declined under cookie-consent and updates Consent Mode', () => {
    storeConsent('accepted');
    expect(window.localStorage.getItem('cookie-consent')).toBe('accepted');
    storeConsent('declined');
    expect(storedConsent()).toBe('declined');
    expect(consentCalls()).toEqual([
      ['consent', 'update', { analytics_storage: 'granted' }],
      ['consent', 'update', { analytics_storage: 'denied' }],
    ]);
  });

  it('ignores values it did not write', () => {
    window.localStorage.setItem(CONSENT_KEY, 'maybe');
    expect(storedConsent()).toBeNull();
  });
});
