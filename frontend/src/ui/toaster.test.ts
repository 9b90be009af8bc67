import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, toast } from './toaster';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

function region(): HTMLElement {
  const section = document.querySelector<HTMLElement>('section.toaster');
  if (!section) throw new Error('no toast region');
  return section;
}

describe('toast', () => {
  it('creates the bottom-right region on first use with a title and description', () => {
    expect(document.querySelector('section.toaster')).toBeNull();
    const { element } = toast({ title: 'Email client opened', description: 'Please send the email.' });
    expect(region().getAttribute('aria-label')).toBe('Notifications (Alt+T)');
    expect(element.getAttribute('role')).toBe('status');
    expect(element.querySelector('.toast-title')?.textContent).toBe('Email client opened');
    expect(element.querySelector('.toast-description')?.textContent).toBe('Please send the email.');
  });

  it('announces destructive toasts as alerts', () => {
    const { element } = toast({ title: 'Please fill in all required fields', variant: 'destructive' });
    expect(element.getAttribute('role')).toBe('alert');
    expect(element.dataset['variant']).toBe('destructive');
    expect(element.querySelector('.toast-description')).toBeNull();
  });

  it('dismisses itself after its duration, and by its close button', () => {
    const first = toast({ title: 'One' });
    const second = toast({ title: 'Two' });
    second.element.querySelector<HTMLButtonElement>('.toast-close')?.click();
    expect(second.element.isConnected).toBe(false);
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(first.element.isConnected).toBe(true);
    vi.advanceTimersByTime(1);
    expect(first.element.isConnected).toBe(false);
  });

  it('pauses while the pointer is over the region and resumes with the time left', () => {
    const { element } = toast({ title: 'Hold on' });
    vi.advanceTimersByTime(2000);
    region().dispatchEvent(new Event('pointerenter'));
    vi.advanceTimersByTime(60_000);
    expect(element.isConnected).toBe(true);
    region().dispatchEvent(new Event('pointerleave'));
    vi.advanceTimersByTime(TOAST_DURATION_MS - 2000);
    expect(element.isConnected).toBe(false);
  });

  it('pauses while focus is inside and focuses the region on Alt+T', () => {
    const { element } = toast({ title: 'Focus me' });
    document.dispatchEvent(new KeyboardEvent('keydown', { altKey: true, code: 'KeyT', key: 't' }));
    expect(document.activeElement).toBe(region());
    vi.advanceTimersByTime(60_000);
    expect(element.isConnected).toBe(true);
  });
});
