// `make dev` starts: it builds the development frontend and the debug server with live reload,
// serves / on the address given, links the live-reload script there, and stops with everything it
// started when it gets SIGTERM. The other side, that release builds carry none of this, is
// crates/server/tests/release_build.rs.
//
// Run with `node --test tests/dev/` (`make test-dev`). The first run compiles the server with the
// `dev` feature, which takes minutes on a small machine; later runs reuse it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { freePort } from '../support/free-port.mjs';

const root = resolve(import.meta.dirname, '../..');
/** Room for a first compile of the server on a busy two-core machine. */
const START_LIMIT_MS = 20 * 60 * 1000;
/** Room for a rebuild and restart on a busy machine. */
const RESTART_LIMIT_MS = 5 * 60 * 1000;
/**
 * A Rust file no module includes: saving it makes `make dev` rebuild and restart the server.
 */
const probe = join(root, 'crates/server/src/dev', `saved-by-make-dev-test-${process.pid}.rs`);

/** Saves `probe` the way sed -i and vim do: a new file renamed over the old one. */
function saveByRename(text) {
  writeFileSync(`${probe}.tmp`, text);
  renameSync(`${probe}.tmp`, probe);
}

async function page(url) {
  try {
    const response = await fetch(url);
    return { status: response.status, body: await response.text() };
  } catch {
    return null;
  }
}

/**
 * The server's start, read from the live-reload version (`<server start>-<frontend build>`): a
 * Rust save also rebuilds the stylesheet (Tailwind reads the templates), so the version as a whole
 * changes with the frontend too; its first part changes only when the server restarts.
 */
async function serverStart(base) {
  const version = await page(`${base}/__dev/version`);
  return version?.status === 200 ? version.body.split('-')[0] : null;
}

async function restartAfter(base, from, stopped) {
  const deadline = Date.now() + RESTART_LIMIT_MS;
  while (!stopped() && Date.now() < deadline) {
    const now = await serverStart(base);
    if (now !== null && now !== from) return now;
    await new Promise((done) => setTimeout(done, 250));
  }
  return from;
}

test('make dev serves the site with live reload, restarts on every save and stops on SIGTERM', { timeout: START_LIMIT_MS + 60_000 }, async () => {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'onespace-dev-'));
  const base = `http://127.0.0.1:${port}`;
  // There before make dev starts, like every source file an editor later saves.
  saveByRename('// make dev test\n');
  // Its own process group, so the whole tree (make, node, vite, the server) can be stopped.
  const dev = spawn('make', ['--no-print-directory', 'dev', `ADDR=127.0.0.1:${port}`, `DATA=${data}`], {
    cwd: root,
    // No route to the booking provider from a test: a loopback port that refuses at once.
    env: { ...process.env, ONESPACE_SCHEDULE_API_URL: 'http://127.0.0.1:9/api/v2' },
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((done) => dev.once('exit', (code) => done(code)));
  let stopped = false;
  exited.then(() => (stopped = true));
  try {
    const deadline = Date.now() + START_LIMIT_MS;
    let home = null;
    while (!stopped && Date.now() < deadline) {
      home = await page(`${base}/`);
      if (home?.status === 200) break;
      await new Promise((done) => setTimeout(done, 500));
    }
    assert.ok(!stopped, 'make dev exited before serving');
    assert.equal(home?.status, 200);
    assert.match(home.body, /<title>[^<]+<\/title>/);
    assert.match(home.body, /<script type="module" src="\/__dev\/live-reload\.js"><\/script>/);
    // The development build's stable names, read from disk.
    assert.match(home.body, /src="\/assets\/main\.js"/);
    const script = await page(`${base}/assets/main.js`);
    assert.equal(script?.status, 200);
    const version = await page(`${base}/__dev/version`);
    assert.equal(version?.status, 200);
    assert.equal((await page(`${base}/__dev/version`))?.body, version.body, 'the version is stable while nothing changes');
    // Every save restarts the server, the second one too (a file replaced by rename once went
    // unnoticed after the first save).
    let seen = await serverStart(base);
    for (const save of [1, 2, 3]) {
      saveByRename(`// make dev test, save ${save}\n`);
      const next = await restartAfter(base, seen, () => stopped);
      assert.notEqual(next, seen, `save ${save} restarted the server`);
      seen = next;
    }
  } finally {
    rmSync(probe, { force: true });
    rmSync(`${probe}.tmp`, { force: true });
    // The whole group, even if make itself has exited: nothing it started may outlive the test.
    try {
      process.kill(-dev.pid, 'SIGTERM');
    } catch {
      // The group is gone already.
    }
    await exited;
    rmSync(data, { recursive: true, force: true });
  }
  assert.equal(await page(`${base}/`), null, 'the server stopped with make dev');
});
