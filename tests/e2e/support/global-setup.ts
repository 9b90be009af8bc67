/**
 * Starts the shared server (the real release binary, the real clock) for the whole run, and
 * stops it when the run ends. The booking provider is its stand-in
 * (tests/support/teamup_standin.py, Python standard library only), so the timetable shows a known
 * schedule of classes; servers that specs start themselves (`startServer`) read the same stand-in.
 */
import { join } from 'node:path';
import { startProvider, waitForClasses } from '../../support/provider.mjs';
import { startServer } from './server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const provider = await startProvider();
  // Read by startServer here and in the test workers, which inherit this environment.
  process.env['E2E_PROVIDER_PORT'] = String(provider.port);
  const server = await startServer();
  await waitForClasses(server.baseURL, Date.now() + 60_000);
  process.env['E2E_BASE_URL'] = server.baseURL;
  process.env['E2E_SERVER_LOG'] = join(server.dataDir, 'server.log');
  process.env['E2E_DATA_DIR'] = server.dataDir;
  return async () => {
    await server.stop();
    provider.stop();
  };
}
