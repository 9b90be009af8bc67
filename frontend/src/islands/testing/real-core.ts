/**
 * Tests run on the real core: importing this module instantiates the WebAssembly build
 * synchronously from disk, so `loadCore()` (whose init is a no-op once instantiated) answers with
 * the same rules as the browser and the server, and no test re-types a price, message or rule.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configure } from '@testing-library/react';
import * as core from '../../wasm-pkg/onespace_wasm';

core.initSync({ module: readFileSync(join(import.meta.dirname, '../../wasm-pkg/onespace_wasm_bg.wasm')) });

/** The machine is shared: give async queries room before calling a test failed. */
configure({ asyncUtilTimeout: 5000 });

/** The instantiated core, for expectations that need its texts. */
export const realCore = core;
