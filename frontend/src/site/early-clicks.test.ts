import { afterEach, describe, expect, it } from 'vitest';
import { replayEarlyClicks } from './early-clicks';

afterEach(() => {
  delete window.onespaceStart;
  document.body.innerHTML = '';
});

describe('clicks held before the entry started', () => {
  it('are replayed on their elements, oldest first, once', () => {
    document.body.innerHTML = '<a id="chat" href="/contact" data-chat-open>Chat</a><a id="plan" href="#form" data-plan="x">Plan</a>';
    const clicked: string[] = [];
    document.body.addEventListener('click', (event) => {
      clicked.push((event.target as Element).id);
      event.preventDefault();
    });
    const held = [document.getElementById('plan'), document.getElementById('chat')].filter((e): e is HTMLElement => e !== null);
    let releases = 0;
    window.onespaceStart = {
      release: () => {
        releases += 1;
        return held.splice(0);
      },
    };
    replayEarlyClicks();
    expect(clicked).toEqual(['plan', 'chat']);
    expect(releases).toBe(1);
    replayEarlyClicks();
    expect(clicked).toEqual(['plan', 'chat']);
  });

  it('skip an element no longer on the page, and do nothing without a start script', () => {
    const gone = document.createElement('a');
    let clicks = 0;
    gone.addEventListener('click', () => (clicks += 1));
    window.onespaceStart = { release: () => [gone] };
    replayEarlyClicks();
    delete window.onespaceStart;
    replayEarlyClicks();
    expect(clicks).toBe(0);
  });
});
