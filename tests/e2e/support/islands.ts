/**
 * Helpers for the islands' end-to-end tests: a quiet start (cookie choice stored, so the banner
 * stays out of the way), a record of the mail links the islands open (they announce each one
 * with the `onespace:mail-link` event, since a mailto: navigation makes no observable request),
 * a running sum of layout shifts, and waiting for an island to mount.
 */
import type { Locator, Page } from '@playwright/test';
import { TRIGGERS } from '../../../frontend/src/site/triggers';
import { expect } from './fixtures';

declare global {
  interface Window {
    __mailLinks?: string[];
    __layoutShift?: number;
    __layoutShifts?: string[];
    __alongLineShifts?: { value: number; at: number }[];
    __faceLoads?: number[];
  }
}

/**
 * Stops the page's clock at `at`, before the page is opened: the clock is installed an hour
 * earlier and fast-forwarded there. An installed clock runs in real time until it is paused, and
 * a pause in its past is refused ("Cannot fast-forward to the past"): the one second these tests
 * once left between the two was overtaken on a loaded machine.
 */
export async function pauseClockAt(page: Page, at: Date | number): Promise<void> {
  const time = typeof at === 'number' ? at : at.getTime();
  await page.clock.install({ time: time - 60 * 60 * 1000 });
  await page.clock.pauseAt(time);
}

/** Stores a cookie choice and starts recording mail links and layout shifts before any script. */
export async function prepare(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // Init scripts also run in frames; the provider's widget frame (another site) may not use
    // storage, and only the site's own document needs the choice.
    if (window !== window.top) return;
    localStorage.setItem('cookie-consent', 'declined');
    window.__mailLinks = [];
    window.addEventListener('onespace:mail-link', (event) => {
      window.__mailLinks?.push(String((event as CustomEvent<string>).detail));
    });
    window.__layoutShift = 0;
    window.__layoutShifts = [];
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const describe = (node: Node | null) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.className ? `.${String(node.className).split(' ').join('.')}` : ''}`
        : String(node?.nodeName);
    const rect = ({ x, y, width, height }: DOMRectReadOnly) => `${x},${y} ${width}x${height}`;
    // What settledShifts needs: when a face finished loading, and each shift whose every moved
    // box kept its line (its top and height within 2 px: text set again in another face).
    window.__alongLineShifts = [];
    window.__faceLoads = [];
    document.fonts.addEventListener('loadingdone', () => window.__faceLoads?.push(performance.now()));
    const alongLine = (entry: Shift) =>
      entry.sources.every(
        ({ previousRect, currentRect }) => Math.abs(previousRect.y - currentRect.y) <= 2 && Math.abs(previousRect.height - currentRect.height) <= 2,
      );
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        window.__layoutShift = (window.__layoutShift ?? 0) + entry.value;
        if (alongLine(entry)) window.__alongLineShifts?.push({ value: entry.value, at: entry.startTime });
        const moved = entry.sources.map((source) => `${describe(source.node)} ${rect(source.previousRect)} -> ${rect(source.currentRect)}`);
        window.__layoutShifts?.push(`${entry.value.toFixed(5)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * Waits until the page's entry has run. It starts once the page has painted and loaded, or at
 * the visitor's first press (crates/site/src/start.rs), so `goto` may return before it;
 * what it wires up by itself (the phone menu's Escape, the cookie banner, the chat button's
 * tucking) does nothing until then. Its islands runtime marks every island with
 * `data-island-state` as it starts, after those listeners are in place (frontend/src/main.ts),
 * and every page has one island: the chat.
 */
export async function entryStarted(page: Page): Promise<void> {
  await expect(page.locator('[data-island][data-island-state]').first(), 'the entry has started').toBeAttached();
}

/**
 * Waits until every island that mounts by itself, whatever the visitor does (`data-load` `load`
 * or `idle`), has mounted. Each first brings the whole stylesheet (site/stylesheet.ts); once
 * that applies, the browser builds the page's `@font-face` faces anew and loads them again (from
 * its cache, a few milliseconds), so fonts and layout are settled only after it.
 */
export async function ownIslandsMounted(page: Page): Promise<void> {
  for (const island of await page.locator('[data-island]:is([data-load="load"], [data-load="idle"])').all()) {
    await expect(island, `${await island.getAttribute('data-island')} mounts by itself`).toHaveAttribute('data-island-state', 'mounted');
  }
}

/**
 * Turns the mouse wheel by `deltaY` pixels as a visitor does, and returns once the page has
 * scrolled where the wheel takes it (clamped to the page) and drawn two frames there, so that
 * what reads the scroll position once a frame (site/scroll-frames.ts) has seen it. The wheel's
 * scroll is animated and `mouse.wheel` does not wait for it: a second turn sent at once would
 * join the first mid-way, and a fixed wait is too short on a loaded machine.
 */
export async function wheelBy(page: Page, deltaY: number): Promise<void> {
  const target = await page.evaluate((delta) => {
    const end = document.documentElement.scrollHeight - window.innerHeight;
    return Math.max(0, Math.min(end, Math.round(window.scrollY + delta)));
  }, deltaY);
  await page.mouse.wheel(0, deltaY);
  await expect
    .poll(() => page.evaluate(() => Math.round(window.scrollY)), { message: `the wheel scrolls the page to ${target}` })
    .toBe(target);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Waits until `element` has come to rest wholly on screen: no transition or animation of its
 * own running (the chat button slides in and out with a 200 ms transform) and its box inside
 * the viewport. What is measured or hit-tested after this is where the visitor finds it.
 */
export async function restsOnScreen(element: Locator): Promise<void> {
  await expect
    .poll(
      () =>
        element.evaluate((node) => {
          const area = node.getBoundingClientRect();
          return node.getAnimations().length === 0 && area.top >= 0 && area.bottom <= window.innerHeight;
        }),
      { message: `${element.toString()} at rest on screen` },
    )
    .toBe(true);
}

export function mailLinks(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__mailLinks ?? []);
}

export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => window.__layoutShift ?? 0);
}

/**
 * The layout shift summed so far, read after two animation frames, so that a shift of the frame
 * an island mounted in has been reported to the observer. Not for pages under Playwright's fake
 * clock (`page.clock`), whose frames only run when the test moves it.
 */
export async function settledLayoutShift(page: Page): Promise<number> {
  return (await settledShifts(page)).total;
}

/**
 * {@link settledLayoutShift}'s sum, and how much of it is text set again in a face that had
 * just loaded: shifts within 300 ms of a face finishing loading whose every moved box kept its
 * line. A page whose faces missed its first paint (a loaded machine: Chrome holds the paint only
 * a moment for them) paints in the fallbacks; the whole stylesheet applying when the first
 * island mounts makes the browser build the page's faces anew, which load at once from its
 * cache and are used. A shift that moves a box up or down, or changes its height, is never
 * counted as one.
 */
export function settledShifts(page: Page): Promise<{ total: number; faceSwaps: number }> {
  return page.evaluate(
    () =>
      new Promise<{ total: number; faceSwaps: number }>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            setTimeout(() => {
              const loads = window.__faceLoads ?? [];
              const swaps = (window.__alongLineShifts ?? []).filter((shift) => loads.some((load) => Math.abs(shift.at - load) <= 300));
              resolve({ total: window.__layoutShift ?? 0, faceSwaps: swaps.reduce((sum, shift) => sum + shift.value, 0) });
            }),
          ),
        ),
      ),
  );
}

/** Each layout shift counted by {@link layoutShift}: its value, when, and what moved where. */
export function layoutShifts(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__layoutShifts ?? []);
}

/**
 * Serves a do-nothing stand-in for the booking provider's widget script the timetable's island
 * names (its `scriptUrl`), so that asking for the widget never reaches the provider: the island
 * mounts, and the widget itself is tested on its own (islands-schedule.spec.ts).
 */
export async function quietScheduleScript(page: Page, scriptUrl: string, globalName: string, initMethod: string) {
  await page.route(scriptUrl, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window[${JSON.stringify(globalName)}] = { ${JSON.stringify(initMethod)}() {} };`,
    }),
  );
}

/** Whether `locator` takes up room on the page (an island without fallback takes none). */
async function hasBox(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.width > 0 && box.height > 0;
}

/**
 * Sets the island off as a visitor would, by its load strategy (`data-load`): nothing for `load`
 * and `idle`; scrolled to for `visible`; the pointer over it, or over a button elsewhere that
 * opens it (site/triggers.ts) when it draws nothing until opened, for `interaction`; its
 * trigger clicked for `request`.
 */
async function setOff(page: Page, island: Locator, name: string, strategy: string): Promise<void> {
  switch (strategy) {
    case 'visible':
      await island.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      return;
    case 'interaction': {
      if (await hasBox(island)) {
        await island.hover();
        return;
      }
      // A fixed control inside (the chat's button): the pointer over it, or, while it is slid
      // out of view (site/chat-tuck.ts), the keyboard's focus on it. Else a button elsewhere
      // that opens the island.
      const inside = island.locator('a, button').filter({ visible: true }).first();
      if ((await inside.count()) > 0) {
        const inView = await inside.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth;
        });
        if (inView) await inside.hover();
        else await inside.focus();
        return;
      }
      const trigger = TRIGGERS.find((candidate) => candidate.island === name);
      if (!trigger) throw new Error(`${name} loads on interaction but draws nothing and has no trigger`);
      const buttons = page.locator(`[${trigger.attribute}]`).filter({ visible: true });
      await expect(buttons.first(), `a visible button that opens ${name}`).toBeVisible();
      await buttons.first().hover();
      return;
    }
    case 'request':
      await island.locator('[data-island-trigger]').first().click();
      return;
    default:
      return;
  }
}

/**
 * When the page at `url` has the provider's schedule widget, serves its script as the do-nothing
 * stand-in ({@link quietScheduleScript}) before the page is opened.
 */
export async function quietScheduleWidgetOf(page: Page, url: string): Promise<void> {
  const response = await page.request.get(url);
  const widget = /data-island="ScheduleWidget"[^>]*>\s*<script type="application\/json" data-island-props>([^<]*)</.exec(
    await response.text(),
  );
  if (!widget?.[1]) return;
  const props = JSON.parse(widget[1]) as { scriptUrl: string; globalName: string; initMethod: string };
  await quietScheduleScript(page, props.scriptUrl, props.globalName, props.initMethod);
}

/**
 * Mounts every island on the page, in page order, each set off by its own strategy, and waits for
 * each one's mounted signal (`data-island-state="mounted"`, set by the islands runtime once the
 * component has rendered). Returns the islands as `name (strategy)`.
 */
export async function mountEveryIsland(page: Page, resized?: string[]): Promise<string[]> {
  const islands = page.locator('[data-island]');
  const count = await islands.count();
  const seen: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const island = islands.nth(index);
    const name = (await island.getAttribute('data-island')) ?? '';
    const strategy = (await island.getAttribute('data-load')) ?? '';
    seen.push(`${name} (${strategy})`);
    const pending = (await island.getAttribute('data-island-state')) !== 'mounted';
    const before = pending ? await inFlowHeight(island) : null;
    if (pending) await setOff(page, island, name, strategy);
    await expect(island, `${name} (${strategy})`).toHaveAttribute('data-island-state', 'mounted');
    if (resized && before !== null) {
      const after = await inFlowHeight(island);
      if (after !== null && Math.abs(after - before) > 0.5) {
        resized.push(`${name} (${strategy}) went from ${before} to ${after} px tall`);
      }
    }
  }
  return seen;
}

/**
 * The island's height in the page's flow after two frames, or null when it takes no room there
 * (nothing drawn, or fixed like the chat's button). The layout-shift API misses an island that
 * replaces its server-rendered content with a taller or shorter version: the new nodes are not
 * "shifted", and what they push down may be out of view.
 */
function inFlowHeight(island: Locator): Promise<number | null> {
  return island.evaluate(
    (element) =>
      new Promise<number | null>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const box = element.getBoundingClientRect();
            const fixed = getComputedStyle(element).position === 'fixed';
            resolve(fixed || box.height === 0 ? null : Math.round(box.height * 10) / 10);
          }),
        ),
      ),
  );
}

export async function mounted(page: Page, island: string): Promise<void> {
  await expect(page.locator(`[data-island="${island}"]`).first()).toHaveAttribute('data-island-state', 'mounted');
}

/** The toast region's notices, as 'title|description'. */
export function toasts(page: Page) {
  return page.locator('.toaster .toast');
}

/** Fills the contact page's form with a valid enquiry once its island has mounted (it loads
 * when the visitor reaches for the form: the pointer over it here). */
export async function fillContact(page: Page) {
  const form = page.locator('#contact-form');
  await form.hover();
  await mounted(page, 'EnquiryForm');
  await form.getByLabel('First Name').fill('Ada');
  await form.getByLabel('Last Name').fill('Lovelace');
  await form.getByLabel('Email').fill('ada@example.com');
  await form.getByLabel('Message').fill('Is there parking?');
  return form;
}
