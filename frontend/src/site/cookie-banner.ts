/**
 * The cookie banner (SPEC section 4), server-rendered `hidden` in every page: shown here when no
 * choice is stored; Accept All stores 'accepted' and grants analytics storage, Decline stores
 * 'declined' and denies it (site/consent.ts), then the banner hides. Plain DOM, no React, so it
 * paints with the page. It is fixed to the bottom of the viewport, so it moves nothing; it is a
 * layer of the bottom dock (site/dock.ts), so the chat button and toasts stand clear of it.
 */
import { storeConsent, storedConsent, type Consent } from './consent';
import { dock } from './dock';

function isConsent(value: string | undefined): value is Consent {
  return value === 'accepted' || value === 'declined';
}

/**
 * Wires the banner's choices and shows it if no choice is stored; and wires the privacy page's
 * "Change my cookie choice" button (`data-cookie-choice`, server-rendered `hidden`: without
 * scripts there is no banner to show), which shows the banner again whatever was chosen, so a
 * visitor withdraws consent as easily as they gave it (UK GDPR art. 7(3)).
 */
export function enhanceCookieBanner(root: ParentNode, storage?: Storage | null): void {
  const banner = root.querySelector<HTMLElement>('[data-cookie-banner]');
  if (!banner) return;
  for (const button of Array.from(banner.querySelectorAll<HTMLButtonElement>('button[data-consent]'))) {
    const choice = button.dataset['consent'];
    if (!isConsent(choice)) continue;
    button.addEventListener('click', () => {
      storeConsent(choice, storage);
      banner.hidden = true;
    });
  }
  const show = (): void => {
    banner.hidden = false;
    dock(banner, 'banner');
  };
  const change = root.querySelector<HTMLButtonElement>('button[data-cookie-choice]');
  if (change) {
    change.hidden = false;
    change.addEventListener('click', () => {
      show();
      banner.querySelector<HTMLButtonElement>('button[data-consent]')?.focus();
    });
  }
  if (storedConsent(storage) === null) show();
}
