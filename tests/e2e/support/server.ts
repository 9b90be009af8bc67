/**
 * Starts the real release binary on a free loopback port with a fresh data folder. The global
 * setup starts the shared server (the real clock); a spec that needs the site on another date
 * starts its own with `--preview-date`. The server also stops by itself if this process dies
 * (it watches stdin). Every server reads the booking provider's stand-in that the global setup
 * starts (`E2E_PROVIDER_PORT`), never the real provider.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../support/free-port.mjs';
import { providerEnv as standInEnv } from '../../support/provider.mjs';

export const BINARY = resolve(import.meta.dirname, '../../../target/release/onespace');

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  stop: () => Promise<void>;
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

/** Points a server at the stand-in, once the global setup has started it. */
function providerEnv(): Record<string, string> {
  const port = process.env['E2E_PROVIDER_PORT'];
  return port ? standInEnv(Number(port)) : {};
}

/**
 * Starts `onespace serve` with `args` added, and waits until it answers. `args` may be a function
 * of the server's own origin, for an argument that names it (`--public-url`).
 */
export async function startServer(
  args: string[] | ((baseURL: string) => string[]) = [],
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'onespace-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const extra = typeof args === 'function' ? args(baseURL) : args;
  const server = spawn(
    BINARY,
    ['serve', '--addr', `127.0.0.1:${port}`, '--data', dataDir, '--stop-when-stdin-closes', ...extra],
    // Nothing inherited: a server that outlived the run must not hold the runner's output open.
    { stdio: ['pipe', 'ignore', 'pipe'], env: { ...process.env, ...providerEnv(), RUST_LOG: 'warn,onespace::not_found=info', ONESPACE_RATE_LIMIT_PER_MINUTE: '1000', ...env } },
  );
  const logs: string[] = [];
  server.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const exited = new Promise<never>((_, reject) =>
    server.once('exit', (code) => reject(new Error(`server exited (${code}): ${logs.join('')}`))),
  );
  // Rendering the site at start takes a second on an idle machine; a shared, loaded one needs
  // far more.
  await Promise.race([waitUntilServing(`${baseURL}/robots.txt`, Date.now() + 90_000), exited]);
  exited.catch(() => undefined);
  return {
    baseURL,
    dataDir,
    stop: async () => {
      server.stdin?.end();
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The site as `onespace serve --preview-date DATE` shows it. */
export function startServerOn(previewDate: string): Promise<RunningServer> {
  return startServer(['--preview-date', previewDate]);
}
