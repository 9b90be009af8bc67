/**
 * Starts the real release binary on a free loopback port with a fresh data folder, and stops it
 * when the run ends. The server also stops by itself if this process dies (it watches stdin).
 * The booking provider is its stand-in (tests/support/teamup_standin.py, Python standard library
 * only), so the timetable shows a known schedule of classes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const BINARY = resolve(import.meta.dirname, '../../../target/release/onespace');
const PROVIDER = resolve(import.meta.dirname, '../../support/teamup_standin.py');

/** Starts the provider's stand-in on a free port; resolves with its port. */
function startProvider(): Promise<{ port: number; stop: () => void }> {
  const child = spawn('python3', [PROVIDER, '--port', '0', '--lifetime', '7200'], { stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolvePort, reject) => {
    child.once('exit', (code) => reject(new Error(`the provider stand-in exited (${code})`)));
    child.stdout?.once('data', (chunk: Buffer) => {
      const port = Number(/^ready (\d+)/.exec(chunk.toString())?.[1]);
      if (!port) reject(new Error(`the provider stand-in said ${chunk.toString()}`));
      resolvePort({ port, stop: () => { child.stdin?.end(); child.kill('SIGTERM'); } });
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function waitUntilServing(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`the server did not answer at ${url}`);
}

/** Waits until the server has read the stand-in's schedule into /timetable. */
async function waitForClasses(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const response = await fetch(url);
    if ((await response.text()).includes('class="class-row"')) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`${url} never showed the stand-in's classes`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'onespace-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const provider = await startProvider();
  const server = spawn(
    BINARY,
    ['serve', '--addr', `127.0.0.1:${port}`, '--data', dataDir, '--stop-when-stdin-closes'],
    { stdio: ['pipe', 'inherit', 'pipe'], env: { ...process.env, RUST_LOG: 'warn,onespace::not_found=info', ONESPACE_RATE_LIMIT_PER_MINUTE: '1000',
      ONESPACE_SCHEDULE_API_URL: `http://127.0.0.1:${provider.port}/api/v2`,
    } },
  );
  const logs: string[] = [];
  server.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const exited = new Promise<never>((_, reject) =>
    server.once('exit', (code) => reject(new Error(`server exited (${code}): ${logs.join('')}`))),
  );
  await Promise.race([waitUntilServing(`${baseURL}/robots.txt`, Date.now() + 30_000), exited]);
  await Promise.race([waitForClasses(`${baseURL}/timetable`, Date.now() + 30_000), exited]);
  exited.catch(() => undefined);
  process.env['E2E_BASE_URL'] = baseURL;
  process.env['E2E_SERVER_LOG'] = join(dataDir, 'server.log');
  process.env['E2E_DATA_DIR'] = dataDir;
  process.env['E2E_PROVIDER_PORT'] = String(provider.port);
  return async () => {
    provider.stop();
    server.stdin?.end();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
}
