/**
 * Starts the shared server (the real release binary, the real clock) for the whole run, and
 * stops it when the run ends. The booking provider is its stand-in
 * (tests/support/teamup_standin.py, Python standard library only), so the timetable shows a known
 * schedule of classes; servers that specs start themselves (`startServer`) read the same stand-in.
 */
import { join } from 'node:path';
import { startProvider, startServer } from './server';

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
  const provider = await startProvider();
  // Read by startServer here and in the test workers, which inherit this environment.
  process.env['E2E_PROVIDER_PORT'] = String(provider.port);
  const server = await startServer();
  await waitForClasses(`${server.baseURL}/timetable`, Date.now() + 60_000);
  process.env['E2E_BASE_URL'] = server.baseURL;
  process.env['E2E_SERVER_LOG'] = join(server.dataDir, 'server.log');
  process.env['E2E_DATA_DIR'] = server.dataDir;
  return async () => {
    await server.stop();
    provider.stop();
  };
}
