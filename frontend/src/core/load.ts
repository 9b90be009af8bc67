/**
 * Loads the core's WebAssembly module once, on first use. Only islands that need a rule of the
 * core (countdowns, validation, chat) call this, so other pages never fetch the module.
 *
 * The package is wasm-bindgen's bundler output: its glue imports the `.wasm` file as an ES
 * module, which vite-plugin-wasm turns into a fetch and instantiation when the chunk is imported
 * (the module is ready once the import resolves). The dynamic import keeps the glue and the
 * module in a chunk of their own.
 */
import type * as Core from '../wasm-pkg/onespace_wasm';

export type CoreModule = typeof Core;

let pending: Promise<CoreModule> | null = null;

export function loadCore(): Promise<CoreModule> {
  pending ??= import('../wasm-pkg/onespace_wasm');
  return pending;
}
