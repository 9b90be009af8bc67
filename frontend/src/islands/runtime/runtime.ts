/**
 * The islands runtime: finds server-rendered island elements, waits for each one's load
 * strategy, loads its component chunk and mounts it over the server fallback.
 *
 * An island element looks like
 *   <div data-island="ChatAssistant" data-load="idle">
 *     <script type="application/json" data-island-props>{...}</script>
 *     ...fallback markup...
 *   </div>
 * Props are parsed with JSON.parse (never eval: the CSP forbids it). The element's
 * `data-island-state` tells tests and styles where it is: pending, mounted or failed.
 *
 * Whatever its strategy, an island loads at once when its element receives the
 * `island:load-now` event ([LOAD_NOW_EVENT]): a button elsewhere on the page that opens the chat
 * or a dialog must not wait for the browser to become idle.
 */
import type { ComponentType } from 'react';
import { wholeStylesheet } from '../../site/stylesheet';

/**
 * An island's module as produced by a dynamic import: either a React component (`default`; any
 * component fits, `never` props) or, for islands that need no framework, a `mount` function that
 * takes over the server's markup in place. Either receives the JSON the server wrote as props.
 * A plain island keeps React off the page until something needs it (the countdowns, the
 * timetable's filters), so a landing page runs no framework before a tap.
 */
export type IslandModule =
  | { default: ComponentType<never>; mount?: never }
  | { mount: PlainMount; default?: never };

/** A framework-free island: enhances `element` (its server markup) with `props`. */
export type PlainMount = (element: HTMLElement, props: Record<string, unknown>) => void | Promise<void>;

/** Loads one component's chunk. */
export type IslandLoader = () => Promise<IslandModule>;

/** Component name (as in data-island) to its loader. */
export type IslandRegistry = Readonly<Record<string, IslandLoader>>;

/** When an island is loaded, as the server writes it in data-load. */
export type LoadStrategy = 'load' | 'idle' | 'visible' | 'interaction' | 'request';

/** Renders a component into an element; React by default, replaceable in tests. */
export type Mounter = (
  element: HTMLElement,
  component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
) => Promise<void>;

/** The window the runtime schedules with; tests pass their own. */
export type IslandWindow = Window & typeof globalThis;

/**
 * Marks an island that draws with the page's own rules: it writes into the server's markup and
 * adds at most the classes this attribute names, which the server counts as the page's when it
 * chooses the page's inline rules (crates/site/src/critical_css.rs). Such an island mounts without
 * the whole stylesheet, whose arrival would restyle the page for nothing: a countdown on a
 * landing page, mounted as the page loads, would otherwise spend its first seconds on it.
 */
export const PAGE_CLASSES_ATTRIBUTE = 'data-island-classes';

/** Dispatched on an island element to load it now, whatever its strategy. */
export const LOAD_NOW_EVENT = 'island:load-now';

const STRATEGIES: readonly LoadStrategy[] = ['load', 'idle', 'visible', 'interaction', 'request'];

/** Marks the controls inside a 'request' island that load it; armed ones become visible. */
export const TRIGGER_ATTRIBUTE = 'data-island-trigger';

/** Events that count as the first interaction with an island. */
const INTERACTION_EVENTS = ['pointerover', 'pointerdown', 'focusin', 'touchstart', 'keydown'] as const;

/** Reads the island's JSON props; malformed or missing props are an empty object. */
export function readProps(element: HTMLElement): Record<string, unknown> {
  const script = element.querySelector(':scope > script[data-island-props]');
  if (!script?.textContent) return {};
  try {
    const value: unknown = JSON.parse(script.textContent);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The element's strategy; an unknown value loads eagerly rather than never. */
export function strategyOf(element: HTMLElement): LoadStrategy {
  const value = element.dataset['load'];
  return STRATEGIES.find((strategy) => strategy === value) ?? 'load';
}

/** Resolves when the element's strategy says it is time to load. */
export function whenDue(element: HTMLElement, strategy: LoadStrategy, win: IslandWindow = window): Promise<void> {
  switch (strategy) {
    case 'load':
      return Promise.resolve();
    case 'idle':
      return new Promise((resolve) => {
        if (typeof win.requestIdleCallback === 'function') {
          win.requestIdleCallback(() => resolve(), { timeout: 2000 });
        } else {
          win.setTimeout(resolve, 200);
        }
      });
    case 'visible':
      return new Promise((resolve) => {
        if (typeof win.IntersectionObserver !== 'function') {
          resolve();
          return;
        }
        const observer = new win.IntersectionObserver(
          (entries) => {
            if (entries.some((entry) => entry.isIntersecting)) {
              observer.disconnect();
              resolve();
            }
          },
          { rootMargin: '200px' },
        );
        observer.observe(element);
      });
    case 'interaction':
      return new Promise((resolve) => {
        // The visitor may have reached it before the runtime started (the entry starts once the
        // page has painted): focus already inside, or the pointer already over it.
        if (reachedAlready(element)) {
          resolve();
          return;
        }
        const controller = new AbortController();
        const fire = () => {
          controller.abort();
          resolve();
        };
        for (const type of INTERACTION_EVENTS) {
          element.addEventListener(type, fire, { once: true, passive: true, signal: controller.signal });
        }
      });
    case 'request':
      return new Promise((resolve) => {
        const triggers = Array.from(element.querySelectorAll<HTMLElement>(`[${TRIGGER_ATTRIBUTE}]`));
        for (const trigger of triggers) trigger.dataset['armed'] = '';
        const controller = new AbortController();
        element.addEventListener(
          'click',
          (event) => {
            const target = event.target;
            if (!(target instanceof Element) || !target.closest(`[${TRIGGER_ATTRIBUTE}]`)) return;
            event.preventDefault();
            controller.abort();
            resolve();
          },
          { signal: controller.signal },
        );
      });
  }
}

/** Whether focus is inside `element` or the pointer over it. */
function reachedAlready(element: HTMLElement): boolean {
  const active = element.ownerDocument.activeElement;
  return (active !== null && element.contains(active)) || element.matches(':hover');
}

/** Resolves when something asks for the island now (see [LOAD_NOW_EVENT]). */
function loadRequested(element: HTMLElement): Promise<void> {
  return new Promise((resolve) => element.addEventListener(LOAD_NOW_EVENT, () => resolve(), { once: true }));
}

/**
 * Mounts with React's createRoot over the fallback, in the same box. The first render is flushed
 * at once, so focus can move from the replaced fallback to the component's control.
 */
export const reactMounter: Mounter = async (element, component, props) => {
  const [{ createRoot }, { flushSync }, { createElement }] = await Promise.all([
    import('react-dom/client'),
    import('react-dom'),
    import('react'),
  ]);
  const root = createRoot(element);
  const focused = focusedId(element);
  flushSync(() => root.render(createElement(component, props)));
  refocus(element, focused);
};

/**
 * The id of the fallback element that has focus, if any. An island that loads on interaction
 * mounts the moment a keyboard user tabs onto its fallback, which replaces the focused element;
 * the component draws the same control with the same id, and focus moves to it.
 */
function focusedId(element: HTMLElement): string | null {
  const active = element.ownerDocument.activeElement;
  return active instanceof HTMLElement && active.id && element.contains(active) ? active.id : null;
}

function refocus(element: HTMLElement, id: string | null): void {
  if (!id) return;
  const active = element.ownerDocument.activeElement;
  if (active && active !== element.ownerDocument.body && element.contains(active)) return;
  element.ownerDocument.getElementById(id)?.focus();
}

/**
 * How long after a press's release its click may still come: a mouse's click follows in the same
 * task, a touch's once the browser has recognised the tap, a little later.
 */
const CLICK_GRACE_MS = 100;

/**
 * Watches presses on `element`, so that a mount can wait for one to finish. A mount that
 * replaced the fallback between a press and its release would leave the release on another
 * element, and the browser then fires no click: the chat button, hovered (which starts loading
 * its island) and pressed as the island arrived, did nothing. Waiting for the press's click
 * lets that click reach the fallback, whose trigger asks the island to open once mounted
 * (site/triggers.ts). A press that ends without a click (the pointer dragged away, cancelled)
 * releases the wait shortly after ([CLICK_GRACE_MS]).
 */
function watchPresses(element: HTMLElement): { released: () => Promise<void>; stop: () => void } {
  const doc = element.ownerDocument;
  const controller = new AbortController();
  const bubbling = { passive: true, signal: controller.signal };
  const options = { ...bubbling, capture: true };
  let pressed = false;
  let waiting: (() => void)[] = [];
  const release = () => {
    pressed = false;
    for (const done of waiting.splice(0)) done();
  };
  element.addEventListener('pointerdown', () => (pressed = true), options);
  // Presses elsewhere on the page, while this island waits, are none of its business. The click
  // releases the wait once it has bubbled (through the fallback and site/triggers.ts's listener).
  doc.addEventListener('click', () => pressed && release(), bubbling);
  doc.addEventListener('pointercancel', () => pressed && release(), options);
  doc.addEventListener('pointerup', () => pressed && doc.defaultView?.setTimeout(release, CLICK_GRACE_MS), options);
  return {
    released: () => (pressed ? new Promise((done) => waiting.push(done)) : Promise.resolve()),
    stop: () => {
      controller.abort();
      waiting = [];
    },
  };
}

/**
 * What, inside an island, submits its server form when pressed: the form's submit buttons. The
 * start script holds a press on one before the entry has started (EARLY_CLICKS there,
 * site/early-clicks.ts); [holdSubmits] holds one while the island is not yet mounted.
 */
export const SUBMITTER_SELECTOR = '[type=submit]';

/** A submit pressed before the island took its form over. */
interface HeldSubmit {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

/**
 * Holds a submit of the island's server form until the island has mounted, and then submits the
 * island's own form, so the first press does what it says: the island checks the values (and
 * shows its messages) or sends them. Left to the browser, the press would check the server form
 * against its `required` attributes (a bubble the mount then wipes away, with nothing sent) or
 * post the form and leave the page the visitor was on. The press also asks the island to load at
 * once. Only the first submit is kept, so two presses before the mount send once. Should the
 * island fail to load, the held submit is handed to the server form after all (its checks, its
 * post), as it would have gone without scripts.
 */
function holdSubmits(element: HTMLElement): { replay: () => void; fallBack: () => void } {
  const controller = new AbortController();
  const options = { capture: true, signal: controller.signal };
  let held: HeldSubmit | null = null;
  const hold = (event: Event, form: HTMLFormElement, submitter: HTMLElement | null) => {
    event.preventDefault();
    held ??= { form, submitter };
    element.dispatchEvent(new Event(LOAD_NOW_EVENT));
  };
  // The press: cancelling its click stops the browser's own checks and post. A form submitted
  // without a press (Enter in a form with no submit button) arrives as the submit event.
  element.addEventListener(
    'click',
    (event) => {
      if (event.defaultPrevented || !(event.target instanceof Element)) return;
      const submitter = event.target.closest<HTMLElement>(SUBMITTER_SELECTOR);
      const form = submitter && formOf(submitter);
      if (submitter && form && element.contains(form)) hold(event, form, submitter);
    },
    options,
  );
  element.addEventListener(
    'submit',
    (event) => {
      if (event.defaultPrevented || !(event.target instanceof HTMLFormElement)) return;
      hold(event, event.target, (event as SubmitEvent).submitter);
    },
    options,
  );
  const take = () => {
    controller.abort();
    const taken = held;
    held = null;
    return taken;
  };
  return {
    replay: () => {
      const taken = take();
      if (!taken) return;
      const form = mountedForm(element, taken.form);
      if (!form) return;
      const name = taken.submitter?.getAttribute('name');
      const submitter = name
        ? Array.from(form.querySelectorAll<HTMLElement>(SUBMITTER_SELECTOR)).find((control) => control.getAttribute('name') === name)
        : undefined;
      submitForm(form, submitter ?? null);
    },
    fallBack: () => {
      const taken = take();
      if (!taken?.form.isConnected) return;
      const submitter = taken.submitter?.isConnected && formOf(taken.submitter) === taken.form ? taken.submitter : null;
      submitForm(taken.form, submitter);
    },
  };
}

/**
 * Submits `form` as a press on `submitter` would: its checks, then its submit event (the island's
 * handler), then, unless a handler cancels it, the browser's post. A browser without
 * `requestSubmit` (Safari before 16) is given the press itself.
 */
function submitForm(form: HTMLFormElement, submitter: HTMLElement | null): void {
  if (typeof form.requestSubmit !== 'function') {
    (submitter ?? form.querySelector<HTMLElement>(SUBMITTER_SELECTOR))?.click();
    return;
  }
  if (submitter) form.requestSubmit(submitter);
  else form.requestSubmit();
}

/** The form a control submits, if it is a submit button. */
function formOf(control: Element): HTMLFormElement | null {
  return control instanceof HTMLButtonElement || control instanceof HTMLInputElement ? control.form : null;
}

/**
 * The island's form that took the place of the server's `form`: the same element when the island
 * enhanced it in place, else the one with its id, else the island's first form.
 */
function mountedForm(element: HTMLElement, form: HTMLFormElement): HTMLFormElement | null {
  if (form.isConnected && element.contains(form)) return form;
  const byId = form.id ? element.ownerDocument.getElementById(form.id) : null;
  if (byId instanceof HTMLFormElement && element.contains(byId)) return byId;
  return element.querySelector('form');
}

/** Loads and mounts one island once its strategy allows. Never throws: failures are marked. */
export async function hydrateIsland(
  element: HTMLElement,
  registry: IslandRegistry,
  mount: Mounter = reactMounter,
  win: IslandWindow = window,
): Promise<void> {
  const name = element.dataset['island'] ?? '';
  const loader = registry[name];
  if (!loader) {
    element.dataset['islandState'] = 'failed';
    console.error(`Unknown island component "${name}"`);
    return;
  }
  element.dataset['islandState'] = 'pending';
  const props = readProps(element);
  const presses = watchPresses(element);
  const submits = holdSubmits(element);
  let mounted = false;
  try {
    await Promise.race([whenDue(element, strategyOf(element), win), loadRequested(element)]);
    // What the island builds may use rules the page's inline ones lack, unless it builds nothing.
    const styles = element.hasAttribute(PAGE_CLASSES_ATTRIBUTE) ? Promise.resolve() : wholeStylesheet(element.ownerDocument);
    const [module] = await Promise.all([loader(), styles]);
    await presses.released();
    if (module.mount) await module.mount(element, props);
    else await mount(element, module.default as ComponentType<Record<string, unknown>>, props);
    element.dataset['islandState'] = 'mounted';
    mounted = true;
  } catch (error) {
    element.dataset['islandState'] = 'failed';
    console.error(`Island "${name}" failed to load`, error);
  } finally {
    presses.stop();
  }
  // A submit pressed before the mount: now through the island's form, or, the island having
  // failed, through the server's.
  if (mounted) submits.replay();
  else submits.fallBack();
}

/** Starts every island below `root` that has not been started. */
export function startIslands(
  root: ParentNode,
  registry: IslandRegistry,
  mount: Mounter = reactMounter,
  win: IslandWindow = window,
): Promise<void[]> {
  const elements = Array.from(root.querySelectorAll<HTMLElement>('[data-island]:not([data-island-state])'));
  return Promise.all(elements.map((element) => hydrateIsland(element, registry, mount, win)));
}
