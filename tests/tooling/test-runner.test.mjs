// The self-check of scripts/test-runner.py, which runs every test runner of `make test`: a hang is
// cut off at the runner's limit with a message naming the runner and what it waited for; a helper
// left holding the runner's output is named and stopped; a runner that ran no test fails; the
// counts and the tests that passed only on a retry are read from a runner's own output. Each case
// runs the real script on a small suite (tests/tooling/fixtures) and checks that nothing it
// started is left.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, test } from 'node:test';

const root = resolve(import.meta.dirname, '../..');
const script = join(root, 'scripts/test-runner.py');
const suite = join(import.meta.dirname, 'fixtures/misbehaving-suite.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'onespace-runner-check-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * This file's environment less what node's test runner sets for the files it runs, which would
 * make a `node --test` inside skip its files as if called recursively.
 */
function withoutTestContext(env) {
  const { NODE_TEST_CONTEXT: _, ...rest } = env;
  return rest;
}

/** Runs the script with `args` and the marker `id` in the environment of all it starts. */
function runner(args, { id = randomUUID(), env = {} } = {}) {
  const summary = join(scratch, `${id}.jsonl`);
  const result = spawnSync('python3', [script, '--summary-file', summary, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...withoutTestContext(process.env), ...env, ONESPACE_SELF_CHECK_ID: id },
    timeout: 120_000,
  });
  const records = (() => {
    try {
      return readFileSync(summary, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    } catch {
      return [];
    }
  })();
  return { ...result, records, left: leftBehind(id) };
}

/** Processes still alive that a run with marker `id` started. */
function leftBehind(id) {
  const found = [];
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(`ONESPACE_SELF_CHECK_ID=${id}`)) {
        const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
        if (!stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) found.push(pid);
      }
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

test('a hanging runner is stopped at its limit, naming the runner and what it waited for', () => {
  const run = runner(['--name', 'hang check', '--kind', 'node', '--limit', '5s', '--', 'node', '--test', suite], {
    env: { ONESPACE_SELF_CHECK: 'hang' },
  });
  assert.equal(run.status, 124, run.stdout);
  assert.match(run.stdout, /hang check ran past its limit of 5 seconds and is stopped\. It was waiting for:/);
  assert.match(run.stdout, /pid \d+: sleep 600/);
  assert.match(run.stdout, /pid \d+: node --test .*misbehaving-suite\.mjs/);
  assert.deepEqual(run.left, [], 'the hanging suite and its helper are gone');
  assert.equal(run.records[0]?.status, 'timed out');
});

test('a helper left holding the runner\'s output is named, stopped and fails the run', () => {
  const run = runner(['--name', 'leftover check', '--kind', 'node', '--limit', '100s', '--', 'node', suite], {
    env: { ONESPACE_SELF_CHECK: 'leftover' },
  });
  assert.notEqual(run.status, 0, run.stdout);
  assert.match(run.stdout, /leftover check ended \(exit 0\) but what it started still holds its output 10 s later; stopping:\n\s+pid \d+: sleep 600/);
  assert.deepEqual(run.left, [], 'the helper is gone');
  assert.equal(run.records[0]?.status, 'left processes running');
});

test('a runner that ran no test fails, though it exited 0', () => {
  const empty = mkdtempSync(join(scratch, 'no-tests-'));
  const run = runner(['--name', 'empty check', '--kind', 'node', '--limit', '60s', '--', 'node', '--test', empty]);
  assert.equal(run.status, 1, run.stdout);
  assert.match(run.stdout, /# tests 0/);
  assert.match(run.stdout, /empty check exited 0 but ran no test/);
  assert.equal(run.records[0]?.status, 'ran no test');
});

test('counts are read from each runner\'s output, and retried tests are listed in the summary', () => {
  // What Playwright's list reporter and cargo test print at their ends.
  const playwright = join(scratch, 'playwright.txt');
  writeFileSync(
    playwright,
    [
      '  ✓  1 specs/a.spec.ts:3:5 › first (1.2s)',
      '',
      '  1 flaky',
      '    specs/layout.spec.ts:41:3 › the banner does not move the page ─────────────',
      '  2 skipped',
      '  276 passed (6.1m)',
      '',
    ].join('\n'),
  );
  const cargo = join(scratch, 'cargo.txt');
  writeFileSync(cargo, 'test result: ok. 12 passed; 0 failed; 1 ignored; 0 measured\ntest result: ok. 3 passed; 0 failed; 0 ignored\n');
  const id = randomUUID();
  const e2e = runner(['--name', 'browser', '--kind', 'playwright', '--limit', '30s', '--', 'cat', playwright], { id });
  const rust = runner(['--name', 'rust', '--kind', 'cargo', '--limit', '30s', '--', 'cat', cargo], { id });
  assert.equal(e2e.status, 0, e2e.stdout);
  assert.equal(rust.status, 0, rust.stdout);
  const summary = runner(['--summary'], { id });
  assert.equal(summary.status, 0, summary.stdout);
  assert.match(summary.stdout, /browser: specs\/layout\.spec\.ts:41:3 › the banner does not move the page\n/);
  assert.match(summary.stdout, /\nTotal: 292 passed, 0 failed, 3 skipped\n$/);
});
