// `make dev`: the save-and-see loop.
//
//   - `vite build --watch --mode development` rewrites frontend/dist-dev (stable names, no
//     minification) on every change to an island, a site script or the stylesheet;
//   - the server runs as a debug build with the `dev` feature, which reads that folder from disk
//     on each request and links a live-reload script in every page (crates/site/src/dev);
//   - a change to a Rust file or a Cargo manifest rebuilds the server; the old one keeps serving
//     while cargo works and is replaced only when the build succeeds (a compile error leaves the
//     last good server up and prints the error); a change to the core or a WebAssembly crate
//     also rebuilds the modules made from it (scripts/wasm.sh), which Vite then picks up;
//   - the open tab reloads when the server is back or the frontend was rebuilt.
//
// The watching is Node's own (fs.watch, a watcher per folder): no watcher to install, and one process to
// stop. Ctrl-C (or SIGTERM, SIGHUP) stops Vite, a build in flight and the server, and nothing
// starts after that; each child runs in a process group of its own that the stop signals.
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
const editorManifest = join(frontend, 'dist-dev/.vite/editor-manifest.json');
const binary = join(root, 'target/debug/onespace');
const vite = join(dirname(createRequire(join(frontend, 'package.json')).resolve('vite/package.json')), 'bin/vite.js');
/** Changes below these folders (relative to the repository) rebuild the server. */
const RUST_SOURCES = ['crates', 'Cargo.toml', 'Cargo.lock'];
/**
 * The WebAssembly modules the site's build imports (the Makefile's `wasm` and `chat-wasm`): each
 * rebuilt first (scripts/wasm.sh with `args`) after a change below one of its `sources`.
 */
const WASM_MODULES = [
  { args: [], sources: ['crates/core/', 'crates/wasm/'] },
  { args: ['frontend/src/islands/chat/wasm-pkg', 'onespace-chat-wasm'], sources: ['crates/core/', 'crates/chat-wasm/'] },
];
/** Folders below the watched ones that hold build output, not sources. */
const SKIPPED_FOLDERS = new Set(['target', 'node_modules', '.git']);
/** Saves come in bursts (editors write a temporary file, then rename): wait for the last. */
const SETTLE_MS = 100;

const say = (message) => console.log(`dev: ${message}`);

/**
 * Once a stop has begun (Ctrl-C, SIGTERM, a child's failure) nothing new starts: a save that
 * arrives during the stop, or a build that finishes after it, must not start a server that would
 * outlive make dev (it did: a save just before the stop restarted the server after it).
 */
let stopping = false;
/** Every child still running, each the leader of its own process group. */
const children = new Set();

/**
 * util-linux's setpriv sets a parent-death signal: if this process dies without its stop (kill -9),
 * the kernel sends each child SIGTERM. Debian has it; without it the process groups below still
 * stop every child on an ordinary stop.
 */
const PARENT_DEATH = ['/usr/bin/setpriv', '/bin/setpriv'].find((path) => existsSync(path));

/**
 * Starts `command` in a process group of its own, so a stop reaches everything it runs in turn
 * (cargo's rustc, wasm.sh's cargo and wasm-opt), with the parent-death signal where available.
 * Returns null, starting nothing, once a stop has begun.
 */
function launch(command, args, options = {}) {
  if (stopping) return null;
  const [program, argv] = PARENT_DEATH ? [PARENT_DEATH, ['--pdeathsig', 'TERM', '--', command, ...args]] : [command, args];
  const child = spawn(program, argv, { cwd: root, stdio: 'inherit', ...options, detached: true });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Runs `command` to its end; resolves whether it succeeded (false if a stop prevented it). */
function run(command, args, cwd = root) {
  const child = launch(command, args, { cwd });
  if (!child) return Promise.resolve(false);
  return new Promise((done) => child.once('exit', (code) => done(code === 0 && !stopping)));
}

/** Sends `signal` to the child's whole process group (it may be gone already). */
function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group has no process left.
  }
}

/** Stops a child and everything in its group: SIGTERM, then SIGKILL after 5 s. */
function stop(child) {
  if (!child) return Promise.resolve();
  return new Promise((done) => {
    const finish = () => {
      clearTimeout(force);
      // The leader is gone; anything it left in its group goes too.
      signalGroup(child, 'SIGKILL');
      done();
    };
    const force = setTimeout(() => signalGroup(child, 'SIGKILL'), 5000);
    if (child.exitCode !== null || child.signalCode !== null) {
      finish();
      return;
    }
    child.once('exit', finish);
    signalGroup(child, 'SIGTERM');
  });
}

/** The folder watchers, closed at a stop; and the settle timer of the last save. */
const watchers = [];
let timer = null;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  clearTimeout(timer);
  for (const watcher of watchers) watcher.close();
  await Promise.all([...children].map(stop));
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));
// A bug here must not leave Vite and the server running without their parent.
process.on('uncaughtException', (error) => {
  console.error(error);
  void shutdown(1);
});

// --- frontend ---------------------------------------------------------------------------------
const viteStarted = Date.now();
const viteProcess = launch(process.execPath, [vite, 'build', '--watch', '--mode', 'development'], { cwd: frontend });
viteProcess?.once('exit', (code) => {
  if (stopping) return;
  say(`vite stopped (${code}); stopping`);
  void shutdown(1);
});
// The staff area's content editor is a build of its own (frontend/vite.config.ts says why).
const editorVite = launch(process.execPath, [vite, 'build', '--watch', '--mode', 'development'], {
  cwd: frontend,
  env: { ...process.env, FRONTEND_PART: 'editor' },
});
editorVite?.once('exit', (code) => {
  if (stopping) return;
  say(`vite (staff editor) stopped (${code}); stopping`);
  void shutdown(1);
});

/** Resolves true once Vite has written its first build, false if a stop came first. */
async function firstFrontendBuild() {
  const fresh = (path) => existsSync(path) && statSync(path).mtimeMs >= viteStarted;
  while (!fresh(manifest) || !fresh(editorManifest)) {
    if (stopping) return false;
    await new Promise((done) => setTimeout(done, 100));
  }
  return true;
}

// --- server -----------------------------------------------------------------------------------
let server = null;
const buildServer = () => run('cargo', ['build', '-p', 'onespace-server', '--features', 'dev', '--bin', 'onespace']);

/**
 * Starts the debug server, unless a stop has begun. Its standard input is a pipe from this
 * process and it stops when that closes, so it cannot outlive make dev however make dev ends.
 */
function startServer() {
  const args = ['serve', '--addr', options.addr, '--data', options.data, '--stop-when-stdin-closes'];
  const started = launch(binary, args, { stdio: ['pipe', 'inherit', 'inherit'] });
  if (!started) return;
  server = started;
  say(`serving http://${options.addr} (debug build, live reload)`);
}

let building = false;
let pending = null;

/** Rebuilds the WebAssembly modules in `modules` (a set of WASM_MODULES), then the server. */
async function rebuild(modules) {
  if (stopping) return;
  if (building) {
    pending = { modules: new Set([...(pending?.modules ?? []), ...modules]) };
    return;
  }
  building = true;
  const began = Date.now();
  let built = true;
  for (const module of modules) built &&= await run('bash', ['scripts/wasm.sh', ...module.args]);
  built &&= await buildServer();
  if (stopping) return;
  if (built) {
    await stop(server);
    if (stopping) return;
    startServer();
    say(`rebuilt in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  } else {
    say('build failed; the last good server keeps running');
  }
  building = false;
  if (pending) {
    const next = pending;
    pending = null;
    await rebuild(next.modules);
  }
}

/** The modules whose sources changed since the last rebuild began. */
let wasmChanged = new Set();
function changed(path) {
  if (stopping) return;
  if (!/\.(rs|toml|lock)$/.test(path)) return;
  for (const module of WASM_MODULES) {
    if (module.sources.some((folder) => path.startsWith(folder))) wasmChanged.add(module);
  }
  clearTimeout(timer);
  timer = setTimeout(() => {
    const modules = wasmChanged;
    wasmChanged = new Set();
    void rebuild(modules);
  }, SETTLE_MS);
}

if ((await firstFrontendBuild()) && !(await buildServer()) && !stopping) {
  say('the server does not build; fix the error above and run make dev again');
  await shutdown(1);
}
startServer();
if (!stopping) for (const source of RUST_SOURCES) watchTree(join(root, source));

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
    watchers.push(
      watch(folder, (_event, file) => {
        if (file && join(folder, file) === path) changed(relative(root, path));
      }),
    );
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
    watchers.push(watcher);
    watcher.on('error', () => watched.delete(folder));
    for (const child of readdirSync(folder, { withFileTypes: true })) {
      if (child.isDirectory() && !SKIPPED_FOLDERS.has(child.name)) add(join(folder, child.name));
    }
  };
  add(path);
}
