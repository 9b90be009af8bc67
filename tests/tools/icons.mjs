// Renders the site's raster images from SVG in Debian's Chromium and writes them to
// frontend/public: the social share card (og-image.png, 1200x630), the Apple touch icon
// (apple-touch-icon.png, 180x180) and the manifest icon (icon-512.png, 512x512).
// Usage: node tests/tools/icons.mjs   (run again after changing the artwork below)
import { chromium } from '@playwright/test';
import { resolve } from 'node:path';

const OUT = resolve(import.meta.dirname, '../../frontend/public');

/** The logo mark (half heat, half ice) centred in a square of `size`. */
function mark(size, background) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
    <defs>
      <linearGradient id="h" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff8a3d"/><stop offset="1" stop-color="#e0452b"/></linearGradient>
      <linearGradient id="i" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#bfe9ff"/><stop offset="1" stop-color="#5ab4e5"/></linearGradient>
    </defs>
    <rect width="32" height="32" fill="${background}"/>
    <g transform="translate(5 5) scale(0.6875)">
      <path d="M16 2a14 14 0 0 0 0 28z" fill="url(#h)"/><path d="M16 2a14 14 0 0 1 0 28z" fill="url(#i)"/>
      <circle cx="16" cy="16" r="6" fill="${background}"/>
    </g>
  </svg>`;
}

const shareCard = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <radialGradient id="heat" cx="0.9" cy="0.05" r="0.7"><stop offset="0" stop-color="#f26a2e" stop-opacity="0.75"/><stop offset="1" stop-color="#f26a2e" stop-opacity="0"/></radialGradient>
    <radialGradient id="ice" cx="0.05" cy="1" r="0.7"><stop offset="0" stop-color="#5ab4e5" stop-opacity="0.6"/><stop offset="1" stop-color="#5ab4e5" stop-opacity="0"/></radialGradient>
    <linearGradient id="h" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff8a3d"/><stop offset="1" stop-color="#e0452b"/></linearGradient>
    <linearGradient id="i" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#bfe9ff"/><stop offset="1" stop-color="#5ab4e5"/></linearGradient>
  </defs>
  <rect width="1200" height="630" fill="#1c1412"/>
  <rect width="1200" height="630" fill="url(#heat)"/>
  <rect width="1200" height="630" fill="url(#ice)"/>
  <g fill="none" stroke="#ff8a3d" stroke-opacity="0.35" stroke-width="2">
    <circle cx="1010" cy="170" r="330"/><circle cx="1010" cy="170" r="250"/>
  </g>
  <g fill="none" stroke="#bfe9ff" stroke-opacity="0.4" stroke-width="2">
    <circle cx="1010" cy="170" r="170"/><circle cx="1010" cy="170" r="95"/>
  </g>
  <g transform="translate(90 110) scale(3)">
    <path d="M16 2a14 14 0 0 0 0 28z" fill="url(#h)"/><path d="M16 2a14 14 0 0 1 0 28z" fill="url(#i)"/>
    <circle cx="16" cy="16" r="6" fill="#1c1412"/>
  </g>
  <text x="200" y="178" font-family="Georgia, 'DejaVu Serif', serif" font-size="52" font-weight="600" fill="#ffffff">One <tspan fill="#ff8a3d">Space</tspan></text>
  <text x="90" y="340" font-family="Georgia, 'DejaVu Serif', serif" font-size="76" font-weight="600" fill="#ffffff">Everything You Need</text>
  <text x="90" y="428" font-family="Georgia, 'DejaVu Serif', serif" font-size="76" font-weight="600" fill="#ffffff">in One Space</text>
  <text x="90" y="510" font-family="'DejaVu Sans', Arial, sans-serif" font-size="30" fill="#ffffff" fill-opacity="0.85">Hot Yoga · HYROX · Fire &amp; Ice Recovery · Livingston</text>
</svg>`;

const images = [
  { file: 'og-image.png', width: 1200, height: 630, svg: shareCard },
  { file: 'apple-touch-icon.png', width: 180, height: 180, svg: mark(180, '#1c1412') },
  { file: 'icon-512.png', width: 512, height: 512, svg: mark(512, '#1c1412') },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
for (const image of images) {
  const page = await browser.newPage({ viewport: { width: image.width, height: image.height } });
  await page.setContent(`<!doctype html><html><body style="margin:0">${image.svg}</body></html>`);
  await page.screenshot({ path: `${OUT}/${image.file}`, clip: { x: 0, y: 0, width: image.width, height: image.height } });
  await page.close();
  console.log(`${OUT}/${image.file}`);
}
await browser.close();
