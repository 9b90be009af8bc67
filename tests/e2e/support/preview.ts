/**
 * A server of the spec's own on a preview date, for the tests that need an offer live: started
 * before the spec's tests and stopped after them.
 */
import { test } from './fixtures';
import { startServerOn, type RunningServer } from './server';

/** Registers the hooks and returns the server's origin, for use inside the tests. */
export function previewServer(date: string): () => string {
  let server: RunningServer | undefined;
  test.beforeAll(async () => {
    // Rendering the site at start is slow on a loaded machine.
    test.setTimeout(120_000);
    server = await startServerOn(date);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error(`the preview server for ${date} did not start`);
    return server.baseURL;
  };
}
