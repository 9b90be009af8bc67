/**
 * The draft saver's timing: one save once typing pauses, a refused or failed save kept and
 * tried again, and what is typed during a save saved after it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DraftSaver, RETRY_AFTER_MS, SAVE_AFTER_MS, refusalReason, type SaveState } from './autosave';

afterEach(() => {
  vi.useRealTimers();
});

function answering(...statuses: Array<number | 'offline'>) {
  const sent: string[] = [];
  const send = (text: string) => {
    sent.push(text);
    const status = statuses.shift() ?? 200;
    if (status === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(new Response(status === 200 ? '{"savedAt":1}' : 'no', { status }));
  };
  return { sent, send };
}

describe('saving the draft as the owner types', () => {
  it('saves once when typing pauses', async () => {
    vi.useFakeTimers();
    const { sent, send } = answering();
    const states: SaveState[] = [];
    const saver = new DraftSaver(send, (state) => states.push(state));
    saver.change('a');
    saver.change('ab');
    await vi.advanceTimersByTimeAsync(SAVE_AFTER_MS - 100);
    saver.change('abc');
    await vi.advanceTimersByTimeAsync(SAVE_AFTER_MS + 10);
    expect(sent).toEqual(['abc']);
    expect(states.at(-1)).toEqual({ kind: 'saved', at: 1 });
    expect(saver.unsaved).toBe(false);
  });

  it('keeps a refused or failed save and tries again', async () => {
    vi.useFakeTimers();
    const { sent, send } = answering('offline', 503, 200);
    const states: SaveState[] = [];
    const saver = new DraftSaver(send, (state) => states.push(state));
    saver.change('text');
    await vi.advanceTimersByTimeAsync(SAVE_AFTER_MS + 10);
    expect(states.at(-1)).toEqual({ kind: 'failed', reason: 'the connection dropped' });
    expect(saver.unsaved).toBe(true);
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS + 10);
    expect(states.at(-1)).toEqual({ kind: 'failed', reason: refusalReason(503) });
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS + 10);
    expect(sent).toEqual(['text', 'text', 'text']);
    expect(states.at(-1)).toEqual({ kind: 'saved', at: 1 });
  });

  it('saves what was typed during a save after it, never an older text last', async () => {
    const { sent, send } = answering();
    const saver = new DraftSaver(send, () => {});
    saver.change('first');
    const first = saver.flush();
    saver.change('second');
    await first;
    expect(await saver.flush()).toBe(true);
    expect(sent).toEqual(['first', 'second']);
    saver.stop();
  });

  it('says a sign-in is needed when the session ended', () => {
    expect(refusalReason(0)).toMatch(/^you have been signed out/);
    expect(refusalReason(403)).toMatch(/^you have been signed out/);
  });
});
