/**
 * Cookie consent and Google Consent Mode. Consent is kept in localStorage under
 * 'cookie-consent' as 'accepted' or 'declined' (SPEC section 3). The consent defaults are
 * pushed to the dataLayer before any analytics tag could load; a stored choice applies at once.
 */

import { safeLocalStorage } from './storage';
import { keepVisit } from './visit';

export const CONSENT_KEY = 'cookie-consent';

export type Consent = 'accepted' | 'declined';

type ConsentMode = 'granted' | 'denied';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** The stored choice, or null when none is stored or storage is unavailable. */
export function storedConsent(storage: Storage | null = safeLocalStorage()): Consent | null {
  try {
    const value = storage?.getItem(CONSENT_KEY);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    return null;
  }
}

/** gtag as Google documents it: pushes the arguments object onto the dataLayer. */
export function gtag(..._args: unknown[]): void {
  window.dataLayer = window.dataLayer ?? [];
  // eslint-disable-next-line prefer-rest-params
  window.dataLayer.push(arguments);
}

function analyticsStorage(consent: Consent | null): ConsentMode {
  return consent === 'accepted' ? 'granted' : 'denied';
}

/** Sets the consent defaults (denied unless accepted before). Call before any tag loads. */
export function initConsentDefaults(): void {
  gtag('consent', 'default', {
    analytics_storage: analyticsStorage(storedConsent()),
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
  });
}

/** Stores the visitor's choice and updates Consent Mode and the visit cookie (site/visit.ts). */
export function storeConsent(consent: Consent, storage: Storage | null = safeLocalStorage()): void {
  try {
    storage?.setItem(CONSENT_KEY, consent);
  } catch {
    // Storage full or blocked: the choice still applies to this page view.
  }
  gtag('consent', 'update', { analytics_storage: analyticsStorage(consent) });
  keepVisit(consent);
}
