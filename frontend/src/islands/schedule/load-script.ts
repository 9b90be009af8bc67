/** Adds a classic <script src> once per URL and resolves when it has run (rejects on error). */
const loaded = new Map<string, Promise<void>>();

export function loadScript(src: string, doc: Document = document): Promise<void> {
  const known = loaded.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset['scheduleScript'] = '';
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener('error', () => reject(new Error(`could not load ${src}`)), { once: true });
    doc.head.append(script);
  });
  // A failed load may be retried by a later mount (e.g. after the visitor reconnects).
  promise.catch(() => loaded.delete(src));
  loaded.set(src, promise);
  return promise;
}
