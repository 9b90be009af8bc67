// `make dev`: the save-and-see loop.
//
//   - `vite build --watch --mode development` rewrites frontend/dist-dev (stable names, no
//     minification) on every change to an island, a site script or the stylesheet;
//   - the server runs as a debug build with the `dev` feature, which reads that folder from disk
//     on each request and links a live-reload script in every page (crates/server/src/dev);
//   - a change to a Rust file or a Cargo manifest rebuilds the server; the old one keeps serving
//     while cargo works and is replaced only when the build succeeds (a compile error leaves the
//     last good server up and prints the error); a change to the core or its WebAssembly crate
//     also rebuilds the module (scripts/wasm.sh), which Vite then picks up;
//   - the open tab reloads when the server is back or the frontend was rebuilt.
//
// The watching is Node's own (fs.watch, a watcher per folder): no watcher to install, and one process to
// stop. Ctrl-C (or SIGTERM) stops Vite and the server.
//
// Usage: node scripts/dev.mjs [--addr 127.0.0.1:8080] [--data ./data]
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, watch } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const { values: options } = parseArgs({
  options: {
    addr: { type: 'string', default: process.env.ADDR ?? '127.0.0.1:8080' },
    data: { type: 'string', default: process.env.DATA ?? './data' },
  },
});
const frontend = join(root, 'frontend');
const manifest = join(frontend, 'dist-dev/.vite/manifest.json');
const binary = join(root, 'target/debug/onespace');
const vite = join(dirname(createRequire(join(frontend, 'package.json')).resolve('vite/package.json')), 'bin/vite.js');
/** Changes below these folders (relative to the repository) rebuild the server. */
const RUST_SOURCES = ['crates', 'Cargo.toml', 'Cargo.lock'];
/** Changes below these also rebuild the WebAssembly module first. */
const WASM_SOURCES = ['crates/core/', 'crates/wasm/'];
/** Folders below the watched ones that hold build output, not sources. */
const SKIPPED_FOLDERS = new Set(['target', 'node_modules', '.git']);
/** Saves come in bursts (editors write a temporary file, then rename): wait for the last. */
const SETTLE_MS = 100;

const say = (message) => console.log(`dev: ${message}`);
const children = new Set();

function run(command, args, cwd = root) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    children.add(child);
    child.on('exit', (code) => {
      children.delete(child);
      done(code === 0);
    });
  });
}

function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
}

async function shutdown(code) {
  await Promise.all([...children].map(stop));
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
// A bug here must not leave Vite and the server running without their parent.
process.on('uncaughtException', (error) => {
  console.error(error);
  void shutdown(1);
});

// --- frontend ---------------------------------------------------------------------------------
const viteStarted = Date.now();
const viteProcess = spawn(process.execPath, [vite, 'build', '--watch', '--mode', 'development'], {
  cwd: frontend,
  stdio: 'inherit',
});
children.add(viteProcess);
viteProcess.on('exit', (code) => {
  children.delete(viteProcess);
  say(`vite stopped (${code}); stopping`);
  void shutdown(1);
});

async function firstFrontendBuild() {
  while (!existsSync(manifest) || statSync(manifest).mtimeMs < viteStarted) {
    await new Promise((done) => setTimeout(done, 100));
  }
}

// --- server -----------------------------------------------------------------------------------
let server = null;
const buildServer = () => run('cargo', ['build', '-p', 'onespace-server', '--features', 'dev', '--bin', 'onespace']);

function startServer() {
  server = spawn(binary, ['serve', '--addr', options.addr, '--data', options.data], { cwd: root, stdio: 'inherit' });
  children.add(server);
  const started = server;
  started.on('exit', () => children.delete(started));
  say(`serving http://${options.addr} (debug build, live reload)`);
}

let building = false;
let pending = null;

async function rebuild(wasmToo) {
  if (building) {
    pending = { wasm: (pending?.wasm ?? false) || wasmToo };
    return;
  }
  building = true;
  const began = Date.now();
  const built = (!wasmToo || (await run('bash', ['scripts/wasm.sh']))) && (await buildServer());
  if (built) {
    await stop(server);
    startServer();
    say(`rebuilt in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  } else {
    say('build failed; the last good server keeps running');
  }
  building = false;
  if (pending) {
    const next = pending;
    pending = null;
    await rebuild(next.wasm);
  }
}

let timer = null;
let wasmChanged = false;
function changed(path) {
  if (!/\.(rs|toml|lock)$/.test(path)) return;
  wasmChanged ||= WASM_SOURCES.some((folder) => path.startsWith(folder));
  clearTimeout(timer);
  timer = setTimeout(() => {
    const wasm = wasmChanged;
    wasmChanged = false;
    void rebuild(wasm);
  }, SETTLE_MS);
}

await firstFrontendBuild();
if (!(await buildServer())) {
  say('the server does not build; fix the error above and run make dev again');
  await shutdown(1);
}
startServer();
for (const source of RUST_SOURCES) watchTree(join(root, source));

/**
 * Watches `path`: a file, or a folder and every folder below it. Each folder gets its own
 * (non-recursive) watcher, which reports a file by name however an editor saves it: written in
 * place, or written beside and renamed over (sed -i, vim). Node's recursive mode watches the files
 * themselves on Linux and loses a file once it is replaced, so a second save went unnoticed.
 * Folders created later are watched as they appear; build output is skipped.
 */
function watchTree(path) {
  if (!statSync(path).isDirectory()) {
    const folder = dirname(path);
    watch(folder, (_event, file) => {
      if (file && join(folder, file) === path) changed(relative(root, path));
    });
    return;
  }
  const watched = new Set();
  const add = (folder) => {
    if (watched.has(folder)) return;
    watched.add(folder);
    const watcher = watch(folder, (_event, file) => {
      if (!file) return;
      const entry = join(folder, file);
      // The entry may be gone already (an editor's temporary file, renamed away).
      if (statSync(entry, { throwIfNoEntry: false })?.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(file)) add(entry);
      } else {
        changed(relative(root, entry));
      }
    });
    watcher.on('error', () => watched.delete(folder));
    for (const child of readdirSync(folder, { withFileTypes: true })) {
      if (child.isDirectory() && !SKIPPED_FOLDERS.has(child.name)) add(join(folder, child.name));
    }
  };
  add(path);
}
