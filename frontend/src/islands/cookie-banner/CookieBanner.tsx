/**
 * The site-wide cookie banner (SPEC section 4): shown only while no choice is stored. Accept All
 * stores 'accepted' and grants analytics storage; Decline stores 'declined' and denies it.
 * It is fixed to the bottom of the viewport, so showing or hiding it moves nothing on the page.
 */
import { useState } from 'react';
import { storeConsent, storedConsent, type Consent } from '../../site/consent';

interface CookieBannerProps {
  privacyPath?: string;
}

export default function CookieBanner({ privacyPath = '/privacy' }: CookieBannerProps) {
  const [visible, setVisible] = useState(() => storedConsent() === null);
  if (!visible) return null;

  const choose = (consent: Consent) => {
    storeConsent(consent);
    setVisible(false);
  };

  return (
    <section className="cookie-banner" aria-label="Cookie consent" aria-live="polite">
      <p className="cookie-banner-text">
        We use cookies to understand how our website is used and to improve your experience. Read our{' '}
        <a href={privacyPath}>Privacy Notice</a>.
      </p>
      <div className="cookie-banner-actions">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => choose('declined')}>
          Decline
        </button>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => choose('accepted')}>
          Accept All
        </button>
      </div>
    </section>
  );
}
