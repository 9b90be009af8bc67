/**
 * Tests run on the real core: the WebAssembly build, imported through vite-plugin-wasm as the
 * browser imports it (Vitest gets the module inlined), so `loadCore()` answers with the same
 * rules as the browser and the server, and no test re-types a price, message or rule.
 */
import { configure } from '@testing-library/react';
import * as core from '../../wasm-pkg/onespace_wasm';

/** The machine is shared: give async queries room before calling a test failed (within the
 * 30 s test limit of vite.config.ts). */
configure({ asyncUtilTimeout: 15_000 });

/** The instantiated core, for expectations that need its texts. */
export const realCore = core;
