import { afterEach, describe, expect, it } from 'vitest';
import { LOAD_NOW_EVENT } from '../islands/runtime/runtime';
import { onIslandRequest } from './island-requests';
import { enhanceTriggers } from './triggers';

enhanceTriggers(document);

afterEach(() => {
  document.body.innerHTML = '';
});

function click(element: Element): MouseEvent {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
  element.dispatchEvent(event);
  return event;
}

describe('island triggers', () => {
  it('asks an unmounted island to load and delivers the request once it listens', () => {
    document.body.innerHTML = `
      <a href="mailto:x" data-one-to-one="sam"><span>Book</span></a>
      <div data-island="OneToOneDialog" data-island-state="pending"></div>`;
    let loadNow = 0;
    document.querySelector('[data-island]')?.addEventListener(LOAD_NOW_EVENT, () => loadNow++);
    const event = click(document.querySelector('span') as Element);
    expect(event.defaultPrevented).toBe(true);
    expect(loadNow).toBe(1);
    const received: unknown[] = [];
    const stop = onIslandRequest('OneToOneDialog', (detail) => received.push(detail));
    expect(received).toEqual([{ memberId: 'sam' }]);
    click(document.querySelector('a') as Element);
    expect(received).toEqual([{ memberId: 'sam' }, { memberId: 'sam' }]);
    stop();
  });

  it('starts loading the island when the visitor reaches for a trigger, without opening it', () => {
    document.body.innerHTML = `
      <a href="/contact" data-chat-open><span>Chat</span></a>
      <div data-island="ChatAssistant" data-island-state="pending"></div>`;
    let loadNow = 0;
    document.querySelector('[data-island]')?.addEventListener(LOAD_NOW_EVENT, () => loadNow++);
    const received: unknown[] = [];
    const stop = onIslandRequest('ChatAssistant', (detail) => received.push(detail));
    for (const type of ['pointerover', 'focusin', 'touchstart']) {
      document.querySelector('span')?.dispatchEvent(new Event(type, { bubbles: true }));
    }
    expect(loadNow).toBe(3);
    expect(received).toEqual([]);
    document.body.insertAdjacentHTML('beforeend', '<p>elsewhere</p>');
    document.querySelector('p')?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(loadNow).toBe(3);
    stop();
  });

  it('lets the link work when the page has no such island', () => {
    document.body.innerHTML = `<a href="/contact" data-chat-open>Chat</a>`;
    expect(click(document.querySelector('a') as Element).defaultPrevented).toBe(false);
  });

  it('passes the chosen founder plan', () => {
    document.body.innerHTML = `
      <a href="#membership-form" data-plan="flex">Choose Plan</a>
      <div data-island="MembershipDialog" data-island-state="mounted"></div>`;
    const received: unknown[] = [];
    const stop = onIslandRequest('MembershipDialog', (detail) => received.push(detail));
    click(document.querySelector('a') as Element);
    expect(received).toEqual([{ plan: 'flex' }]);
    stop();
  });
});
