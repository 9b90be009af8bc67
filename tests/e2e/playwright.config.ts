/**
 * End-to-end tests: the release binary on a free 127.0.0.1 port (started by global-setup with a
 * fresh data folder) driven by Debian's Chromium. Never downloads a browser.
 */
import { defineConfig } from '@playwright/test';

/**
 * Debian's Chromium headless shell (the package chromium-headless-shell, the same Blink as its
 * chromium): the build of Chromium that Playwright itself runs headless tests in. Measured on the
 * layout and no-JavaScript specs, it spent 115 CPU-seconds where the full browser in headless
 * mode spent 250-290, and the suite's time is the browser's: four fifths of its CPU went to
 * Chromium. `make audit` keeps the full browser, as Lighthouse expects; CHROMIUM_PATH overrides.
 */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium-headless-shell';

/** The full browser, for what the headless shell lacks: it keeps no back/forward cache. */
export const FULL_CHROMIUM_PATH = process.env['FULL_CHROMIUM_PATH'] ?? '/usr/bin/chromium';

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
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
