/**
 * End-to-end tests: the release binary on a free 127.0.0.1 port (started by global-setup with a
 * fresh data folder) driven by Debian's Chromium. Never downloads a browser.
 */
import { defineConfig } from '@playwright/test';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  // Two browsers on two cores. A third (E2E_WORKERS=3) fills the waits (a page's network
  // settling, an expectation's next poll), but loaded the machine enough that a face arrived
  // after a layout test had measured the page as settled.
  workers: Number(process.env['E2E_WORKERS'] ?? 2),
  // No retries, on CI too: a test that fails once fails the run. Each test waits for the state
  // its check is about (the faces loaded, a scroll landed, an island mounted, an element at
  // rest, the page's own clock moved by the test) rather than reading once after an event that
  // does not promise it or sleeping a fixed time, so the suite holds on a loaded machine; a test
  // that fails only sometimes is a race to fix, and a second try would hide it.
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
