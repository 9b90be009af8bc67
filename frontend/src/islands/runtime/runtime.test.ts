import { createElement, type ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  hydrateIsland,
  LOAD_NOW_EVENT,
  PAGE_CLASSES_ATTRIBUTE,
  reactMounter,
  readProps,
  startIslands,
  strategyOf,
  type IslandModule,
  type IslandRegistry,
  type IslandWindow,
  type Mounter,
} from './runtime';

function island(name: string, load: string, props: string): HTMLElement {
  const element = document.createElement('div');
  element.dataset['island'] = name;
  element.dataset['load'] = load;
  element.innerHTML = `<script type="application/json" data-island-props>${props}</script><p>fallback</p>`;
  document.body.append(element);
  return element;
}

const component: IslandModule = { default: () => null };

function recordingMounter() {
  const calls: { element: HTMLElement; props: Record<string, unknown> }[] = [];
  const mount: Mounter = async (element, _component, props) => {
    calls.push({ element, props });
  };
  return { calls, mount };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('readProps', () => {
  it('parses the JSON props block', () => {
    expect(readProps(island('A', 'load', '{"label":"\\u003cb\\u003e","n":2}'))).toEqual({ label: '<b>', n: 2 });
  });

  it('treats malformed or non-object props as empty', () => {
    expect(readProps(island('A', 'load', '{oops'))).toEqual({});
    expect(readProps(island('A', 'load', '[1,2]'))).toEqual({});
    expect(readProps(island('A', 'load', 'null'))).toEqual({});
  });
});

describe('strategyOf', () => {
  it('reads data-load and loads eagerly for unknown values', () => {
    expect(strategyOf(island('A', 'idle', '{}'))).toBe('idle');
    expect(strategyOf(island('A', 'visible', '{}'))).toBe('visible');
    expect(strategyOf(island('A', 'whenever', '{}'))).toBe('load');
  });
});

describe('hydrateIsland', () => {
  it('mounts an island that names its classes without fetching the whole stylesheet', async () => {
    const start = document.createElement('script');
    start.dataset['stylesheets'] = '/assets/whole.css';
    document.body.append(start);
    const linked = () => document.head.querySelectorAll('link[rel=stylesheet]').length;
    const before = linked();
    const { calls, mount } = recordingMounter();
    const styled = island('Clock', 'load', '{}');
    styled.setAttribute(PAGE_CLASSES_ATTRIBUTE, 'clock-ended');
    await hydrateIsland(styled, { Clock: async () => component }, mount);
    expect(styled.dataset['islandState']).toBe('mounted');
    expect(linked()).toBe(before);
    // Any other island waits for the whole stylesheet, which it adds to the head.
    void hydrateIsland(island('Dialog', 'load', '{}'), { Dialog: async () => component }, mount);
    await vi.waitFor(() => expect(linked()).toBe(before + 1));
    expect(calls).toHaveLength(1);
    // The sheet arrives (jsdom fetches none), and the other island mounts too.
    for (const link of Array.from(document.head.querySelectorAll('link[rel=stylesheet]'))) {
      link.dispatchEvent(new Event('load'));
      link.remove();
    }
    await vi.waitFor(() => expect(calls).toHaveLength(2));
  });

  it('mounts an eager island with its props and marks it mounted', async () => {
    const element = island('Banner', 'load', '{"privacyPath":"/privacy"}');
    const { calls, mount } = recordingMounter();
    await hydrateIsland(element, { Banner: async () => component }, mount);
    expect(calls).toEqual([{ element, props: { privacyPath: '/privacy' } }]);
    expect(element.dataset['islandState']).toBe('mounted');
  });

  it('hands a framework-free island its element and props, without the React mounter', async () => {
    const element = island('Countdown', 'load', '{"label":"Ends in"}');
    const { calls, mount } = recordingMounter();
    const plain: Array<{ element: HTMLElement; props: Record<string, unknown> }> = [];
    const module: IslandModule = {
      mount: (target, props) => {
        plain.push({ element: target, props });
      },
    };
    await hydrateIsland(element, { Countdown: async () => module }, mount);
    expect(plain).toEqual([{ element, props: { label: 'Ends in' } }]);
    expect(calls).toEqual([]);
    expect(element.dataset['islandState']).toBe('mounted');
  });

  it('marks a framework-free island failed when its mount throws', async () => {
    const element = island('Countdown', 'load', '{}');
    const failing: IslandModule = {
      mount: async () => {
        throw new Error('no core');
      },
    };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await hydrateIsland(element, { Countdown: async () => failing }, recordingMounter().mount);
    expect(element.dataset['islandState']).toBe('failed');
    errors.mockRestore();
  });

  it('waits for the browser to be idle', async () => {
    const element = island('Banner', 'idle', '{}');
    const { calls, mount } = recordingMounter();
    let runIdle: () => void = () => undefined;
    const win = {
      requestIdleCallback: (callback: () => void) => {
        runIdle = callback;
        return 1;
      },
    } as unknown as IslandWindow;
    const done = hydrateIsland(element, { Banner: async () => component }, mount, win);
    await Promise.resolve();
    expect(calls).toHaveLength(0);
    expect(element.dataset['islandState']).toBe('pending');
    runIdle();
    await done;
    expect(calls).toHaveLength(1);
  });

  it('waits until a visible island intersects the viewport', async () => {
    const element = island('Map', 'visible', '{}');
    const { calls, mount } = recordingMounter();
    let notify: (entries: { isIntersecting: boolean }[]) => void = () => undefined;
    const disconnect = vi.fn();
    class FakeObserver {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        notify = callback;
      }
      observe() {}
      disconnect = disconnect;
    }
    const win = { IntersectionObserver: FakeObserver } as unknown as IslandWindow;
    const done = hydrateIsland(element, { Map: async () => component }, mount, win);
    notify([{ isIntersecting: false }]);
    await Promise.resolve();
    expect(calls).toHaveLength(0);
    notify([{ isIntersecting: true }]);
    await done;
    expect(calls).toHaveLength(1);
    expect(disconnect).toHaveBeenCalled();
  });

  it('loads an interaction island on the first focus or pointer, and only once', async () => {
    const element = island('Chat', 'interaction', '{}');
    const loader = vi.fn(async () => component);
    const { calls, mount } = recordingMounter();
    const done = hydrateIsland(element, { Chat: loader }, mount);
    await Promise.resolve();
    expect(loader).not.toHaveBeenCalled();
    element.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    element.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await done;
    expect(loader).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
  });

  it('loads a request island only when a trigger inside it is clicked, armed beforehand', async () => {
    const element = island('Widget', 'request', '{}');
    element.insertAdjacentHTML('beforeend', '<a href="/x" data-island-trigger>Open</a><p class="other">text</p>');
    const trigger = element.querySelector<HTMLElement>('[data-island-trigger]')!;
    const loader = vi.fn(async () => component);
    const { calls, mount } = recordingMounter();
    const done = hydrateIsland(element, { Widget: loader }, mount);
    await Promise.resolve();
    expect(trigger.dataset['armed']).toBe('');
    element.querySelector<HTMLElement>('.other')!.click();
    element.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await Promise.resolve();
    expect(loader).not.toHaveBeenCalled();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    trigger.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    await done;
    expect(loader).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
  });

  it('marks unknown components and failed chunks as failed without throwing', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const unknown = island('Nope', 'load', '{}');
    const broken = island('Broken', 'load', '{}');
    const registry: IslandRegistry = { Broken: () => Promise.reject(new Error('network')) };
    await startIslands(document, registry, recordingMounter().mount);
    expect(unknown.dataset['islandState']).toBe('failed');
    expect(broken.dataset['islandState']).toBe('failed');
    expect(broken.textContent).toContain('fallback');
    errors.mockRestore();
  });
});

describe('reactMounter', () => {
  it('replaces the fallback and keeps focus on the control that has the same id', async () => {
    const element = island('Chat', 'interaction', '{}');
    element.insertAdjacentHTML('beforeend', '<a id="fab" href="/contact">Contact us</a>');
    const fallback = element.querySelector<HTMLElement>('#fab');
    fallback?.focus();
    expect(document.activeElement).toBe(fallback);
    const Button = () => createElement('button', { id: 'fab', type: 'button' }, 'Chat');
    await reactMounter(element, Button as ComponentType<Record<string, unknown>>, {});
    expect(element.querySelector('a')).toBeNull();
    expect(document.activeElement).toBe(element.querySelector('button#fab'));
  });

  it('leaves focus alone when the fallback did not have it', async () => {
    const outside = document.createElement('input');
    document.body.append(outside);
    outside.focus();
    const element = island('Chat', 'interaction', '{}');
    element.insertAdjacentHTML('beforeend', '<a id="fab2" href="/contact">Contact us</a>');
    const Button = () => createElement('button', { id: 'fab2', type: 'button' }, 'Chat');
    await reactMounter(element, Button as ComponentType<Record<string, unknown>>, {});
    expect(document.activeElement).toBe(outside);
  });
});

describe('startIslands', () => {
  it('starts each island once, even when called again', async () => {
    island('Banner', 'load', '{}');
    island('Banner', 'load', '{}');
    const loader = vi.fn(async () => component);
    const { calls, mount } = recordingMounter();
    await startIslands(document, { Banner: loader }, mount);
    await startIslands(document, { Banner: loader }, mount);
    expect(calls).toHaveLength(2);
  });
});

describe('an interaction island reached before the runtime started', () => {
  it('loads at once when focus is already inside it', async () => {
    const element = island('Form', 'interaction', '{}');
    element.insertAdjacentHTML('beforeend', '<input id="name">');
    document.getElementById('name')?.focus();
    const { calls, mount } = recordingMounter();
    await hydrateIsland(element, { Form: async () => component }, mount);
    expect(calls).toHaveLength(1);
  });
});

describe('a press under way', () => {
  it('is let finish before the fallback is replaced, so its click reaches the fallback', async () => {
    const element = island('Chat', 'interaction', '{}');
    const fallback = element.querySelector('p');
    const clicks: string[] = [];
    fallback?.addEventListener('click', () => clicks.push(element.dataset['islandState'] ?? ''));
    const { calls, mount } = recordingMounter();
    let arrive = () => {};
    const chunk = new Promise<IslandModule>((done) => (arrive = () => done(component)));
    const started = hydrateIsland(element, { Chat: () => chunk }, mount);
    fallback?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    fallback?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    arrive();
    await new Promise((done) => setTimeout(done, 0));
    expect(calls, 'not mounted while pressed').toHaveLength(0);
    fallback?.dispatchEvent(new Event('pointerup', { bubbles: true }));
    fallback?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await started;
    expect(clicks).toEqual(['pending']);
    expect(calls).toHaveLength(1);
  });

  it('that ends without a click holds the mount only a moment longer', async () => {
    const element = island('Chat', 'interaction', '{}');
    const fallback = element.querySelector('p');
    const { calls, mount } = recordingMounter();
    const started = hydrateIsland(element, { Chat: async () => component }, mount);
    fallback?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await new Promise((done) => setTimeout(done, 0));
    expect(calls).toHaveLength(0);
    document.body.dispatchEvent(new Event('pointerup', { bubbles: true }));
    await started;
    expect(calls).toHaveLength(1);
  });
});

describe('load-now requests', () => {
  it('loads an idle island at once when its element receives island:load-now', async () => {
    const element = island('Chat', 'visible', '{}');
    const { calls, mount } = recordingMounter();
    const neverVisible = {
      ...window,
      IntersectionObserver: class {
        observe() {}
        disconnect() {}
      },
    } as unknown as IslandWindow;
    const started = hydrateIsland(element, { Chat: async () => component }, mount, neverVisible);
    await Promise.resolve();
    expect(calls).toHaveLength(0);
    element.dispatchEvent(new Event(LOAD_NOW_EVENT));
    await started;
    expect(calls).toHaveLength(1);
    expect(element.dataset['islandState']).toBe('mounted');
  });
});

describe('a submit pressed before the island has mounted', () => {
  /** An island over a server form (required field, submit button), with a mounter that draws the island's own form. */
  function formIsland() {
    const element = island('Form', 'interaction', '{}');
    element.insertAdjacentHTML(
      'beforeend',
      '<form id="enquiry" method="post" action="/contact"><input name="name" required><button type="submit">Send</button></form>',
    );
    const submitted: string[] = [];
    const mount: Mounter = async (target) => {
      target.innerHTML = '<form id="enquiry" novalidate><input name="name"><button type="submit">Send</button></form>';
      target.querySelector('form')?.addEventListener('submit', (event) => {
        event.preventDefault();
        submitted.push('island');
      });
    };
    const button = element.querySelector<HTMLButtonElement>('button')!;
    return { element, button, submitted, mount };
  }

  it("is held, loads the island at once and, once it has mounted, submits the island's form once", async () => {
    const { element, button, submitted, mount } = formIsland();
    let arrive = () => {};
    const chunk = new Promise<IslandModule>((done) => (arrive = () => done(component)));
    const loader = vi.fn(() => chunk);
    const started = hydrateIsland(element, { Form: loader }, mount);
    const first = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(first);
    expect(first.defaultPrevented, "the browser neither checks nor posts the server's form").toBe(true);
    await vi.waitFor(() => expect(loader).toHaveBeenCalledTimes(1));
    const second = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(true);
    expect(submitted).toEqual([]);
    arrive();
    await started;
    expect(element.dataset['islandState']).toBe('mounted');
    expect(submitted).toEqual(['island']);
    // Mounted: presses are the island's own.
    element.querySelector<HTMLButtonElement>('button')?.click();
    expect(submitted).toEqual(['island', 'island']);
  });

  it("that finds the island failing goes to the server's form after all", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { element, button, mount } = formIsland();
    const form = element.querySelector('form')!;
    const posted = vi.spyOn(form, 'requestSubmit').mockImplementation(() => undefined);
    let fail = () => {};
    const chunk = new Promise<IslandModule>((_, reject) => (fail = () => reject(new Error('network'))));
    const started = hydrateIsland(element, { Form: () => chunk }, mount);
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    fail();
    await started;
    expect(element.dataset['islandState']).toBe('failed');
    expect(posted).toHaveBeenCalledWith(button);
    errors.mockRestore();
  });

  it('leaves other clicks in the island alone, and submits nothing when none was pressed', async () => {
    const { element, submitted, mount } = formIsland();
    element.querySelector('form')?.insertAdjacentHTML('afterbegin', '<button type="button" id="other">Other</button>');
    const started = hydrateIsland(element, { Form: async () => component }, mount);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('other')?.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    element.dispatchEvent(new Event(LOAD_NOW_EVENT));
    await started;
    expect(submitted).toEqual([]);
  });
});
