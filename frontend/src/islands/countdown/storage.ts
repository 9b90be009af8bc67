/** A countdown's end time in localStorage (milliseconds since the epoch), tolerant of blocked storage. */

export function readStoredEnd(storageKey: string): number | undefined {
  try {
    const raw = window.localStorage.getItem(storageKey);
    const value = raw === null ? Number.NaN : Number(raw);
    return Number.isFinite(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function storeEnd(storageKey: string, endMs: number): void {
  try {
    window.localStorage.setItem(storageKey, String(endMs));
  } catch {
    // Storage blocked: the countdown still runs for this page view.
  }
}
