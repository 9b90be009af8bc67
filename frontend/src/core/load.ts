/**
 * Loads the core's WebAssembly module once, on first use. Only islands that need a rule of the
 * core (countdowns, validation, chat) call this, so other pages never fetch the module.
 */
import type * as Core from '../wasm-pkg/onespace_wasm';

export type CoreModule = typeof Core;

let pending: Promise<CoreModule> | null = null;

export function loadCore(): Promise<CoreModule> {
  pending ??= import('../wasm-pkg/onespace_wasm').then(async (module) => {
    await module.default();
    return module;
  });
  return pending;
}
