// `make dev` starts: it builds the development frontend and the debug server with live reload,
// serves / on the address given, links the live-reload script there, restarts on every save, and
// stops for good with everything it started when it gets SIGTERM, even right after a save (a
// rebuild that finished after the stop once started a server that outlived it). The other side,
// that release builds carry none of this, is crates/server/tests/it/binary/release_build.rs.
//
// Run with `node --test tests/tooling/` (`make test-tooling`). The first run compiles the server
// with the `dev` feature, which takes minutes on a small machine; later runs reuse it.
//
// Nothing here can keep the test runner waiting: make dev writes to a log file, not to the
// runner's output, and whatever it started that is still alive after its stop is found by a marker
// in its environment, named in the failure and killed.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { mkdtempSync, openSync, closeSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, test } from 'node:test';
import { freePort } from '../support/free-port.mjs';

const root = resolve(import.meta.dirname, '../..');
/** Room for a first compile of the server on a busy two-core machine. */
const START_LIMIT_MS = 20 * 60 * 1000;
/** Room for a rebuild and restart on a busy machine. */
const RESTART_LIMIT_MS = 5 * 60 * 1000;
/** Room for make dev to stop (its children get SIGKILL 5 s after SIGTERM). */
const STOP_LIMIT_MS = 60 * 1000;
/** After make dev has exited, how long what it started may take to be gone. */
const GRACE_MS = 10 * 1000;
/**
 * When the save comes relative to the stop in the race test, in ms: after it (negative: the save
 * lands while make dev is stopping, so its rebuild would finish during the stop), with it, and
 * before it (while the save settles, while cargo checks or builds, around the server's restart).
 */
const RACE_OFFSETS_MS = [-300, -100, 0, 150, 600, 1200];
/** Marks every process a make dev of this file starts (they inherit the environment). */
const MARK = `ONESPACE_MAKE_DEV_TEST=${randomUUID()}`;
/**
 * A Rust file no module includes: saving it makes `make dev` rebuild and restart the server.
 */
const probe = join(root, 'crates/site/src/dev', `saved-by-make-dev-test-${process.pid}.rs`);

/** Saves `probe` the way sed -i and vim do: a new file renamed over the old one. */
function saveByRename(text) {
  writeFileSync(`${probe}.tmp`, text);
  renameSync(`${probe}.tmp`, probe);
}

/** Live processes started by a make dev of this file: `pid: command line` each. */
function survivors() {
  const found = [];
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (!readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(MARK)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      found.push(`${pid}: ${readFileSync(`/proc/${pid}/cmdline`, 'latin1').replaceAll('\0', ' ').trim()}`);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

function killSurvivors() {
  for (const line of survivors()) {
    try {
      process.kill(Number(line.split(':')[0]), 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

// Whatever happens to a test, nothing it started outlives this file.
after(() => {
  killSurvivors();
  rmSync(probe, { force: true });
  rmSync(`${probe}.tmp`, { force: true });
});

async function page(url) {
  try {
    const response = await fetch(url);
    return { status: response.status, body: await response.text() };
  } catch {
    return null;
  }
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

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
    await sleep(250);
  }
  return from;
}

/**
 * Starts `make dev` on a free port, in its own process group (so the test can signal make and
 * make dev together, as a terminal's Ctrl-C does), writing to a log file, and waits until it
 * serves /. Returns what the test needs to drive and stop it.
 */
async function startMakeDev() {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'onespace-dev-'));
  const base = `http://127.0.0.1:${port}`;
  const logPath = join(data, 'make-dev.log');
  const log = openSync(logPath, 'w');
  const [markName, markValue] = MARK.split('=');
  const dev = spawn('make', ['--no-print-directory', 'dev', `ADDR=127.0.0.1:${port}`, `DATA=${data}`], {
    cwd: root,
    // No route to the booking provider from a test: a loopback port that refuses at once.
    env: { ...process.env, ONESPACE_SCHEDULE_API_URL: 'http://127.0.0.1:9/api/v2', [markName]: markValue },
    detached: true,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  let stopped = false;
  const exited = new Promise((done) =>
    dev.once('exit', (code, signal) => {
      stopped = true;
      done(code ?? signal);
    }),
  );
  const running = {
    base,
    port,
    exited,
    stopped: () => stopped,
    logTail: () => readFileSync(logPath, 'utf8').split('\n').slice(-40).join('\n'),
    /** SIGTERM to make and make dev, as a terminal's Ctrl-C reaches both. */
    signalStop() {
      try {
        process.kill(-dev.pid, 'SIGTERM');
      } catch {
        // The group is gone already.
      }
    },
    /** After the stop signal: make exits, nothing it started lives, the port is free. */
    async checkStopped(what) {
      const timedOut = Symbol('timed out');
      // The limit's timer is cleared once make dev has exited: left running, it kept the test
      // file alive for the rest of its minute after the last test.
      let limit;
      const ended = await Promise.race([exited, new Promise((done) => (limit = setTimeout(() => done(timedOut), STOP_LIMIT_MS)))]);
      clearTimeout(limit);
      const graceEnd = Date.now() + GRACE_MS;
      while (survivors().length > 0 && Date.now() < graceEnd) await sleep(200);
      const left = survivors();
      killSurvivors();
      const answer = await page(`${base}/`);
      rmSync(data, { recursive: true, force: true });
      assert.notEqual(ended, timedOut, `${what}: make dev did not exit within ${STOP_LIMIT_MS / 1000} s of SIGTERM`);
      assert.deepEqual(left, [], `${what}: still running ${GRACE_MS / 1000} s after make dev exited`);
      assert.equal(answer, null, `${what}: something still answers on port ${port}`);
    },
    async stopAndCheck(what) {
      running.signalStop();
      await running.checkStopped(what);
    },
  };
  const deadline = Date.now() + START_LIMIT_MS;
  let home = null;
  while (!stopped && Date.now() < deadline) {
    home = await page(`${base}/`);
    if (home?.status === 200) break;
    await sleep(500);
  }
  if (home?.status !== 200) {
    const tail = running.logTail();
    await running.stopAndCheck('make dev that did not start').catch(() => undefined);
    assert.fail(`make dev did not serve ${base}/ (${stopped ? 'it exited' : 'time limit'}); its log ends:\n${tail}`);
  }
  return { ...running, home };
}

/**
 * Starts an enquiry post whose body is still arriving, as from a visitor on a slow connection:
 * the server's graceful stop waits for it (seconds), long enough for a rebuild to finish meanwhile.
 */
function requestUnderWay(port) {
  const origin = `http://127.0.0.1:${port}`;
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /api/enquiries HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${origin}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"form":',
      );
      // Give the server a moment to take the request in before the test goes on.
      setTimeout(() => done(socket), 300);
    });
    socket.once('error', fail);
  });
}

test('make dev serves the site with live reload, restarts on every save and stops on SIGTERM', { timeout: START_LIMIT_MS + 4 * RESTART_LIMIT_MS }, async () => {
  // There before make dev starts, like every source file an editor later saves.
  saveByRename('// make dev test\n');
  const dev = await startMakeDev();
  try {
    const { base, home } = dev;
    assert.match(home.body, /<title>[^<]+<\/title>/);
    assert.match(home.body, /<script type="module" src="\/__dev\/live-reload\.js"><\/script>/);
    // The development build's stable names, read from disk.
    assert.match(home.body, /data-entry="\/assets\/main\.js"/);
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
      const next = await restartAfter(base, seen, dev.stopped);
      assert.notEqual(next, seen, `save ${save} restarted the server`);
      seen = next;
    }
  } finally {
    await dev.stopAndCheck('after the saves');
  }
});

test('make dev stops for good when the stop comes right after a save', { timeout: RACE_OFFSETS_MS.length * (RESTART_LIMIT_MS + STOP_LIMIT_MS) }, async () => {
  saveByRename('// make dev test, race\n');
  for (const [round, offset] of RACE_OFFSETS_MS.entries()) {
    const dev = await startMakeDev();
    // A request under way: the server takes its grace time to stop, long enough for the rebuild
    // to finish during the stop (how a server once outlived make dev).
    const visitor = await requestUnderWay(dev.port);
    const save = () => saveByRename(`// make dev test, race ${round}\n`);
    try {
      // The save starts a rebuild and restart that must not survive the stop, wherever it is.
      if (offset < 0) {
        dev.signalStop();
        await sleep(-offset);
        save();
      } else {
        save();
        await sleep(offset);
        dev.signalStop();
      }
      await dev.checkStopped(`stop ${round + 1}, the save ${offset < 0 ? `${-offset} ms after` : `${offset} ms before`} it`);
    } finally {
      visitor.destroy();
    }
  }
});
