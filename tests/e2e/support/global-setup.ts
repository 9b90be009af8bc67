/**
 * Starts the shared server (the real release binary, the real clock) for the whole run, and
 * stops it when the run ends.
 */
import { join } from 'node:path';
import { startServer } from './server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env['E2E_BASE_URL'] = server.baseURL;
  process.env['E2E_SERVER_LOG'] = join(server.dataDir, 'server.log');
  process.env['E2E_DATA_DIR'] = server.dataDir;
  return server.stop;
}
