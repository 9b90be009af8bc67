// Screenshots of pages at phone (390 px) and desktop (1440 px) widths in Debian's Chromium,
// for looking at the site as a visitor does.
// Usage: node tests/tools/screenshot.mjs BASE_URL OUT_DIR [--no-js] PATH...
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const [base, out, ...rest] = process.argv.slice(2);
const javaScriptEnabled = !rest.includes('--no-js');
const paths = rest.filter((arg) => arg !== '--no-js');
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
for (const [name, width] of [['phone', 390], ['desktop', 1440]]) {
  const context = await browser.newContext({ viewport: { width, height: 844 }, javaScriptEnabled });
  const page = await context.newPage();
  for (const path of paths) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const file = `${out}/${path.replace(/\W+/g, '_') || 'home'}-${name}${javaScriptEnabled ? '' : '-nojs'}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await context.close();
}
await browser.close();
