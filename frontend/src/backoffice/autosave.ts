/**
 * Saves the file's text as the person's draft on the server while they work: a moment after
 * they stop typing, again whenever a save fails (the network dropped, the server restarted),
 * and once more as the page is hidden or closed (a `keepalive` request outlives the tab). The
 * server keeps whatever it is sent, mistakes and all, so nothing typed is lost.
 */

/** How long after the last keystroke the draft is saved. */
export const SAVE_AFTER_MS = 800;

/** How long after a failed save it is tried again. */
export const RETRY_AFTER_MS = 5_000;

/** What the person is told about their draft. */
export type SaveState =
  | { kind: 'saved'; at: number | null }
  | { kind: 'waiting' }
  | { kind: 'saving' }
  | { kind: 'failed'; reason: string };

/** Sends one save: the server's answer, or a network error thrown. */
export type Send = (text: string, keepalive: boolean) => Promise<Response>;

/** Why a save was refused, in the person's words. */
export function refusalReason(status: number): string {
  // 0: a redirect not followed (`redirect: 'manual'`), which is the area sending an ended
  // session to its sign-in page.
  if (status === 0 || status === 401 || status === 403) return 'you have been signed out. Sign in again in another tab; what you typed stays here';
  if (status === 413) return 'the file is too long to save';
  if (status >= 500) return 'the server could not save it just now';
  return `the server refused it (${status})`;
}

export class DraftSaver {
  private pending: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly send: Send,
    private readonly report: (state: SaveState) => void,
  ) {}

  /** `text` is the latest: saved once typing pauses. */
  change(text: string): void {
    this.pending = text;
    this.report({ kind: 'waiting' });
    this.schedule(SAVE_AFTER_MS);
  }

  /** Whether something typed is not saved yet. */
  get unsaved(): boolean {
    return this.pending !== null || this.inFlight !== null;
  }

  /** Saves what is pending now (before leaving for the review, or as the page is hidden). */
  async flush(keepalive = false): Promise<boolean> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.inFlight) await this.inFlight;
    if (this.pending === null) return true;
    const text = this.pending;
    this.pending = null;
    this.report({ kind: 'saving' });
    let saved = false;
    this.inFlight = (async () => {
      try {
        const response = await this.send(text, keepalive);
        if (response.ok) {
          const answer = (await response.json().catch(() => ({}))) as { savedAt?: number };
          saved = true;
          // Typing during the save leaves the newer text pending.
          this.report(this.pending === null ? { kind: 'saved', at: answer.savedAt ?? Date.now() } : { kind: 'waiting' });
        } else {
          this.failed(text, refusalReason(response.status));
        }
      } catch {
        this.failed(text, 'the connection dropped');
      }
    })();
    await this.inFlight;
    this.inFlight = null;
    return saved;
  }

  private failed(text: string, reason: string): void {
    this.pending ??= text;
    this.report({ kind: 'failed', reason });
    this.schedule(RETRY_AFTER_MS);
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  /** Stops the timers (the editor is gone). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** A saver posting to the editor's save address with the session's form token. */
export function formSender(saveUrl: string, csrf: string): Send {
  return (text, keepalive) =>
    fetch(saveUrl, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf, text }),
      credentials: 'same-origin',
      keepalive,
      redirect: 'manual',
    });
}
