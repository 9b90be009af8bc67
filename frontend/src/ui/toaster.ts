/**
 * Toasts: short notices in the bottom-right corner (SPEC section 8: 'Toast appearance:
 * bottom-right, hotkey Alt+T'). Plain DOM, no React, so any island or script can raise one
 * without loading a component; the region is created on first use.
 *
 * - variants: default (role=status, announced politely) and destructive (role=alert);
 * - each toast has a title, an optional description and a close button;
 * - toasts dismiss themselves after a while, but not while the pointer is over the region or
 *   focus is inside it, so nobody loses a message while reading it;
 * - Alt+T moves focus to the region, so keyboard and screen-reader users can reach a toast.
 *
 * The region is a manual popover: while it holds a toast it is in the browser's top layer, and
 * it is raised to the top of that layer whenever a toast is added, so a toast shows above an
 * open modal dialog and its backdrop. A modal dialog makes everything outside it inert (no
 * pointer, no focus, no Alt+T), the top layer included, so while one is open the region moves
 * into it, and back to the body when it closes. Where the region sits at the bottom of the
 * screen is the dock's rule (site/dock.ts).
 */

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string | null | undefined;
  variant?: ToastVariant | undefined;
  /** Time on screen while not paused; defaults to [TOAST_DURATION_MS]. */
  durationMs?: number | undefined;
}

export interface ShownToast {
  element: HTMLLIElement;
  dismiss: () => void;
}

/** How long a toast stays when nobody interacts with it. */
export const TOAST_DURATION_MS = 5000;

/** How many toasts show at once; older ones leave first. */
const MAX_TOASTS = 3;

interface LiveToast {
  element: HTMLLIElement;
  remainingMs: number;
  startedAt: number;
  timer: number | undefined;
}

interface Region {
  section: HTMLElement;
  list: HTMLOListElement;
  toasts: LiveToast[];
  paused: boolean;
}

let region: Region | null = null;

function isHotkey(event: KeyboardEvent): boolean {
  return event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyT';
}

function createRegion(doc: Document): Region {
  const section = doc.createElement('section');
  section.className = 'toaster';
  section.setAttribute('aria-label', 'Notifications (Alt+T)');
  section.tabIndex = -1;
  section.setAttribute('popover', 'manual');
  const list = doc.createElement('ol');
  list.className = 'toaster-list';
  // Each notice is its own live region (role status or alert on its <li>, which replaces the
  // list item's role), so the list is layout only: announced as a list it would hold no items.
  list.setAttribute('role', 'none');
  section.append(list);
  doc.body.append(section);
  const created: Region = { section, list, toasts: [], paused: false };

  const pause = () => {
    if (created.paused) return;
    created.paused = true;
    for (const toast of created.toasts) stopTimer(toast);
  };
  const resume = () => {
    if (!created.paused) return;
    created.paused = false;
    for (const toast of created.toasts) startTimer(created, toast);
  };
  section.addEventListener('pointerenter', pause);
  section.addEventListener('pointerleave', () => {
    if (!section.contains(doc.activeElement)) resume();
  });
  section.addEventListener('focusin', pause);
  section.addEventListener('focusout', (event) => {
    if (!(event.relatedTarget instanceof Node && section.contains(event.relatedTarget))) resume();
  });
  doc.addEventListener('keydown', (event) => {
    if (isHotkey(event)) {
      event.preventDefault();
      section.focus();
    }
  });
  return created;
}

function stopTimer(toast: LiveToast): void {
  if (toast.timer === undefined) return;
  window.clearTimeout(toast.timer);
  toast.timer = undefined;
  toast.remainingMs = Math.max(0, toast.remainingMs - (Date.now() - toast.startedAt));
}

function startTimer(owner: Region, toast: LiveToast): void {
  if (owner.paused || toast.timer !== undefined) return;
  toast.startedAt = Date.now();
  toast.timer = window.setTimeout(() => remove(owner, toast), toast.remainingMs);
}

/** Whether the browser has popovers (every current one does; test DOMs may not). */
function hasPopover(section: HTMLElement): boolean {
  return typeof section.showPopover === 'function';
}

/** The open modal dialog on top, if any. */
function topModal(doc: Document): HTMLDialogElement | null {
  const open = Array.from(doc.querySelectorAll('dialog')).filter((dialog) => dialog.matches(':modal'));
  return open.at(-1) ?? null;
}

/**
 * Puts the region at the top of the top layer, inside the open modal dialog if there is one.
 * Left alone while focus is inside it: it is already reachable, and moving it would take the
 * visitor's focus away.
 */
function raise(owner: Region): void {
  const { section } = owner;
  const doc = section.ownerDocument;
  if (!hasPopover(section) || section.contains(doc.activeElement)) return;
  const host = topModal(doc) ?? doc.body;
  if (section.parentElement !== host) {
    // Moving a popover closes it; it is shown again below.
    host.append(section);
    if (host instanceof HTMLDialogElement) {
      host.addEventListener(
        'close',
        () => {
          if (owner.toasts.length > 0) raise(owner);
          else doc.body.append(section);
        },
        { once: true },
      );
    }
  }
  if (section.matches(':popover-open')) section.hidePopover();
  section.showPopover();
}

function remove(owner: Region, toast: LiveToast): void {
  stopTimer(toast);
  const index = owner.toasts.indexOf(toast);
  if (index === -1) return;
  owner.toasts.splice(index, 1);
  const hadFocus = toast.element.contains(document.activeElement);
  toast.element.remove();
  if (owner.toasts.length === 0 && hasPopover(owner.section) && owner.section.matches(':popover-open')) {
    owner.section.hidePopover();
  } else if (hadFocus) {
    owner.section.focus();
  }
}

function render(doc: Document, options: ToastOptions): HTMLLIElement {
  const destructive = options.variant === 'destructive';
  const item = doc.createElement('li');
  item.className = 'toast';
  item.dataset['variant'] = destructive ? 'destructive' : 'default';
  item.setAttribute('role', destructive ? 'alert' : 'status');
  item.setAttribute('aria-atomic', 'true');
  const text = doc.createElement('div');
  text.className = 'toast-text';
  const title = doc.createElement('p');
  title.className = 'toast-title';
  title.textContent = options.title;
  text.append(title);
  if (options.description) {
    const description = doc.createElement('p');
    description.className = 'toast-description';
    description.textContent = options.description;
    text.append(description);
  }
  const close = doc.createElement('button');
  close.type = 'button';
  close.className = 'toast-close';
  close.setAttribute('aria-label', 'Close notification');
  close.textContent = '×';
  item.append(text, close);
  return item;
}

/** Shows a toast; returns its element and a way to dismiss it early. */
export function toast(options: ToastOptions, doc: Document = document): ShownToast {
  if (!region || !region.section.isConnected) region = createRegion(doc);
  const owner = region;
  const element = render(doc, options);
  const live: LiveToast = {
    element,
    remainingMs: options.durationMs ?? TOAST_DURATION_MS,
    startedAt: Date.now(),
    timer: undefined,
  };
  element.querySelector('.toast-close')?.addEventListener('click', () => remove(owner, live));
  owner.list.append(element);
  owner.toasts.push(live);
  raise(owner);
  while (owner.toasts.length > MAX_TOASTS) {
    const oldest = owner.toasts[0];
    if (oldest) remove(owner, oldest);
  }
  startTimer(owner, live);
  return { element, dismiss: () => remove(owner, live) };
}

/** Shows one of the core's toasts (title, description, destructive flag). */
export function coreToast(message: { title: string; description: string | null; destructive: boolean }): ShownToast {
  return toast({
    title: message.title,
    description: message.description,
    variant: message.destructive ? 'destructive' : 'default',
  });
}
