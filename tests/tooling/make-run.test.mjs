// `make run` with nothing changed builds nothing: the WebAssembly module and the frontend build
// are file targets of their sources, so neither is rewritten, and the release server (which embeds
// the frontend build) has nothing to recompile. A source's change still rebuilds what depends on it.
//
// Run with `node --test tests/tooling/` (`make test-tooling`), after `make build`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { statSync, utimesSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';

const root = resolve(import.meta.dirname, '../..');
const OUTPUTS = [
  'frontend/src/wasm-pkg/onespace_wasm_bg.wasm',
  'frontend/src/backoffice/wasm-pkg/onespace_editor_wasm_bg.wasm',
  'frontend/src/islands/chat/wasm-pkg/onespace_chat_wasm_bg.wasm',
  'frontend/dist/.vite/manifest.json',
  'target/release/onespace',
];
/** Room for a whole release build, should the checkout not be built yet. */
const BUILD_LIMIT_MS = 40 * 60 * 1000;

function make(...args) {
  const run = spawnSync('make', ['--no-print-directory', ...args], { cwd: root, encoding: 'utf8', timeout: BUILD_LIMIT_MS });
  assert.equal(run.status, 0, `make ${args.join(' ')} failed:\n${run.stdout}\n${run.stderr}`);
  return `${run.stdout}\n${run.stderr}`;
}

const modified = () => OUTPUTS.map((path) => statSync(join(root, path)).mtimeMs);

test('make build with nothing changed rewrites no output and compiles nothing', { timeout: 2 * BUILD_LIMIT_MS }, () => {
  make('build');
  const before = modified();
  const output = make('build');
  assert.doesNotMatch(output, /scripts\/wasm\.sh|vite build|Compiling onespace/, output);
  assert.deepEqual(modified(), before, 'the module, the frontend build and the binary are untouched');
});

test('a changed template, core rule or island still rebuilds what depends on it, and no more', () => {
  // Dry runs (`make -n`) after making one source newer than every output; its time is put back.
  // The stylesheet reads the templates (the site's and the staff area's crates), so a change in
  // a crate that holds no markup, such as a query of the store, rebuilds only the server.
  const FRONTEND = 'npm run build -w frontend';
  const WASM = 'scripts/wasm.sh';
  const PUBLIC_WASM = 'bash scripts/wasm.sh frontend/src/wasm-pkg';
  const EDITOR_WASM = 'bash scripts/wasm.sh frontend/src/backoffice/wasm-pkg onespace-editor-wasm';
  const CHAT_WASM = 'bash scripts/wasm.sh frontend/src/islands/chat/wasm-pkg onespace-chat-wasm';
  const cases = [
    ['crates/site/src/pages/home.rs', [FRONTEND], [WASM]],
    ['crates/core/src/lib.rs', [PUBLIC_WASM, EDITOR_WASM, CHAT_WASM, FRONTEND], []],
    ['crates/editor-wasm/src/lib.rs', [EDITOR_WASM, FRONTEND], [PUBLIC_WASM, CHAT_WASM]],
    ['crates/chat-wasm/src/lib.rs', [CHAT_WASM, FRONTEND], [PUBLIC_WASM, EDITOR_WASM]],
    ['frontend/src/main.ts', [FRONTEND], [WASM]],
    ['crates/store/src/staff.rs', ['cargo build --release -p onespace-server'], [FRONTEND, WASM]],
  ];
  for (const [source, commands, absent] of cases) {
    const path = join(root, source);
    const { atime, mtime } = statSync(path);
    try {
      const later = new Date(Date.now() + 60_000);
      utimesSync(path, later, later);
      const plan = make('-n', 'build');
      for (const command of commands) assert.ok(plan.includes(command), `${source} changed: make build runs ${command}\n${plan}`);
      for (const command of absent) assert.ok(!plan.includes(command), `${source} changed: make build does not run ${command}\n${plan}`);
    } finally {
      utimesSync(path, atime, mtime);
    }
  }
});
