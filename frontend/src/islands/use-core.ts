/**
 * The core (WebAssembly) for a component, loaded only once `needed` is true: a dialog fetches it
 * when it first opens, the chat when it mounts (which happens only when the visitor reaches for
 * it), so a page where nobody opens them never downloads the module.
 */
import { useEffect, useState } from 'react';
import { loadCore, type CoreModule } from '../core/load';

export function useCore(needed = true): CoreModule | null {
  const [core, setCore] = useState<CoreModule | null>(null);
  useEffect(() => {
    if (!needed || core) return;
    let live = true;
    void loadCore().then((module) => {
      if (live) setCore(module);
    });
    return () => {
      live = false;
    };
  }, [needed, core]);
  return core;
}
