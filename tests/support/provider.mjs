// The booking provider's stand-in (teamup_standin.py, Python standard library only), started
// the one way the end-to-end tests and `make audit` both use: on a free port, gone with this
// process at the latest after its lifetime.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const STANDIN = resolve(import.meta.dirname, 'teamup_standin.py');

/**
 * Starts the stand-in and resolves once it has said `ready PORT`.
 * @returns {Promise<{ port: number, stop: () => void }>}
 */
export function startProvider() {
  // Its stderr is forwarded, not inherited, so the stand-in can never hold the runner's output.
  const child = spawn('python3', [STANDIN, '--port', '0', '--lifetime', '7200'], { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stderr.on('data', (chunk) => process.stderr.write(chunk));
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
