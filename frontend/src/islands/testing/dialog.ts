/**
 * jsdom has no HTMLDialogElement.showModal/close. This stand-in does what the components rely
 * on: sets `open`, focuses the first focusable (or autofocus) element, fires `close` on close()
 * and `cancel` on Escape. Real browsers are covered by the end-to-end tests.
 */
const FOCUSABLE = '[autofocus], input:not([type=hidden]):not([disabled]), select, textarea, button:not([disabled])';

if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    const target = this.querySelector<HTMLElement>('[autofocus]') ?? this.querySelector<HTMLElement>(FOCUSABLE);
    target?.focus();
    this.addEventListener('keydown', onEscape);
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.removeEventListener('keydown', onEscape);
    this.dispatchEvent(new Event('close'));
  };
}

function onEscape(this: HTMLDialogElement, event: KeyboardEvent): void {
  if (event.key !== 'Escape') return;
  const cancel = new Event('cancel', { cancelable: true });
  this.dispatchEvent(cancel);
  if (!cancel.defaultPrevented) this.close();
}
