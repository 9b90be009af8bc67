/**
 * Opens one of the core's mailto: links in the visitor's e-mail client. The `onespace:mail-link`
 * event announces it first: a mailto: navigation makes no request a browser test could observe,
 * and Location.assign cannot be replaced, so the end-to-end tests listen for this event.
 */
export const MAIL_LINK_EVENT = 'onespace:mail-link';

export function openMailLink(href: string): void {
  window.dispatchEvent(new CustomEvent(MAIL_LINK_EVENT, { detail: href }));
  window.location.assign(href);
}
