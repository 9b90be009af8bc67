// `make dev` starts: it builds the development frontend and the debug server with live reload,
// serves / on the address given, links the live-reload script there, and stops with everything it
// started when it gets SIGTERM. The other side, that release builds carry none of this, is
// crates/server/tests/release_build.rs.
//
// Run with `node --test tests/dev/` (`make test-dev`). The first run compiles the server with the
// `dev` feature, which takes minutes on a small machine; later runs reuse it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { freePort } from '../support/free-port.mjs';

const root = resolve(import.meta.dirname, '../..');
/** Room for a first compile of the server on a busy two-core machine. */
const START_LIMIT_MS = 20 * 60 * 1000;

async function page(url) {
  try {
    const response = await fetch(url);
    return { status: response.status, body: await response.text() };
  } catch {
    return null;
  }
}

test('make dev serves the site with live reload and stops on SIGTERM', { timeout: START_LIMIT_MS + 60_000 }, async () => {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'onespace-dev-'));
  const base = `http://127.0.0.1:${port}`;
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
  } finally {
    if (!stopped) process.kill(-dev.pid, 'SIGTERM');
    await exited;
    rmSync(data, { recursive: true, force: true });
  }
  assert.equal(await page(`${base}/`), null, 'the server stopped with make dev');
});
