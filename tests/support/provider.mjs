// The booking provider's stand-in (teamup_standin.py, Python standard library only), started
// the one way the end-to-end tests and `make audit` both use: on a free port, gone with this
// process at the latest after its lifetime. It speaks TeamUp's documented API, refusals
// included, so a server pointed at it needs the settings of `providerEnv`.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const STANDIN = resolve(import.meta.dirname, 'teamup_standin.py');

/** The key the stand-in takes (a test value, not a secret). */
export const PROVIDER_API_KEY = 'standin-key-e2e';

/**
 * Starts the stand-in and resolves once it has said `ready PORT`. Its standard error goes to
 * this process's only through a pipe, line by line, prefixed.
 * @returns {Promise<{ port: number, stop: () => void }>}
 */
export function startProvider() {
  // Its stderr is forwarded, not inherited, so the stand-in can never hold the runner's output.
  const child = spawn('python3', [STANDIN, '--port', '0', '--lifetime', '7200', '--api-key', PROVIDER_API_KEY], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stderr.on('data', (chunk) => process.stderr.write(`[provider stand-in] ${chunk}`));
  return new Promise((resolvePort, reject) => {
    child.once('exit', (code) => reject(new Error(`the provider stand-in exited (${code})`)));
    child.stdout.once('data', (chunk) => {
      const port = Number(/^ready (\d+)/.exec(chunk.toString())?.[1]);
      if (!port) {
        child.kill('SIGTERM');
        reject(new Error(`the provider stand-in said ${chunk.toString()}`));
        return;
      }
      resolvePort({
        port,
        stop: () => {
          child.stdin.end();
          child.kill('SIGTERM');
        },
      });
    });
  });
}

/**
 * A server's settings for the stand-in on `port`: its API and key, and its widget script (on
 * 127.0.0.1) drawing a frame of `localhost` (another origin), both admitted by the server's
 * Content-Security-Policy.
 * @param {number} port the stand-in's port
 * @returns {Record<string, string>}
 */
export function providerEnv(port) {
  return {
    ONESPACE_SCHEDULE_API_URL: `http://127.0.0.1:${port}/api/v2`,
    ONESPACE_TEAMUP_API_KEY: PROVIDER_API_KEY,
    ONESPACE_SCHEDULE_SCRIPT_URL: `http://127.0.0.1:${port}/teamup.js`,
    ONESPACE_SCHEDULE_FRAME_ORIGIN: `http://localhost:${port}`,
  };
}

/**
 * Waits until the server at `base` has read the stand-in's classes into /timetable, so what
 * follows sees them.
 * @param {string} base the server's origin
 * @param {number} deadline a `Date.now()` time after which it gives up
 * @returns {Promise<void>}
 */
export async function waitForClasses(base, deadline) {
  while (Date.now() < deadline) {
    const response = await fetch(`${base}/timetable`);
    if ((await response.text()).includes('class="class-row"')) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`${base}/timetable never showed the stand-in's classes`);
}
