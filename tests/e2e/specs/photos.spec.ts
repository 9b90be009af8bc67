/**
 * A photo as a visitor's browser shows it: the release server serves a content folder with
 * photos (tests/support/photos.mjs: /hot-yoga's hero is a 1800 x 1200 picture, warm on the left
 * and cool on the right), and Chromium picks the AVIF variant from the `<picture>`, decodes it to
 * the width its file name states and draws the photo's own pixels.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentWithPhotos, PLACED_PHOTOS, waitForPhotos } from '../../support/photos.mjs';
import { expect, test } from '../support/fixtures';
import { BINARY, startServer, type RunningServer } from '../support/server';

test.describe.configure({ mode: 'serial' });

const HERO = PLACED_PHOTOS.find(([place]) => place === 'hot-yoga/hero');

let folder = '';
let server: RunningServer | undefined;

test.beforeAll(async () => {
  // Encoding the eight photos takes about a minute of one core (AVIF above all), so minutes when
  // the core is shared: 300 s ran out beside the other tests and three builds (load 5).
  test.setTimeout(600_000);
  folder = mkdtempSync(join(tmpdir(), 'onespace-e2e-photos-'));
  const content = contentWithPhotos(BINARY, join(folder, 'content'));
  server = await startServer(['--content', content]);
  await waitForPhotos(server.baseURL, '/hot-yoga', Date.now() + 580_000);
});

test.afterAll(async () => {
  await server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** What the browser made of the hero photo once it loaded. */
interface Painted {
  currentSrc: string;
  naturalWidth: number;
  /** The chosen file's own size, decoded. */
  width: number;
  height: number;
  /** Mean red and blue of the left and right thirds of the drawn photo. */
  left: { red: number; blue: number };
  right: { red: number; blue: number };
  /** How many distinct colours the drawn photo has (a blank or flat image has one or two). */
  colours: number;
}

test("the hero photo's AVIF variant is chosen, decoded to its size and painted with the photo's pixels", async ({ page }) => {
  if (!server || !HERO) throw new Error('no server or no hero photo');
  const [, , [width, height], alt] = HERO;
  await page.setViewportSize({ width: 1280, height: 900 });
  const served: { url: string; type: string }[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/images/')) served.push({ url: response.url(), type: response.headers()['content-type'] ?? '' });
  });
  await page.goto(`${server.baseURL}/hot-yoga`);
  const photo = page.locator(`picture img[alt="${alt}"]`);
  await expect(photo).toHaveCount(1);
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // naturalWidth is the file's width over the density srcset gives it; the file's own pixels are
  // decoded again from the chosen file (the browser's decoder, from its cache).
  const painted = await photo.evaluate(async (img: HTMLImageElement): Promise<Painted> => {
    const pixels = await createImageBitmap(await (await fetch(img.currentSrc)).blob());
    const canvas = document.createElement('canvas');
    canvas.width = pixels.width;
    canvas.height = pixels.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(pixels, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const third = (from: number, to: number) => {
      let red = 0;
      let blue = 0;
      let count = 0;
      for (let y = 0; y < canvas.height; y += 4) {
        for (let x = Math.floor(from * canvas.width); x < Math.floor(to * canvas.width); x += 4) {
          const at = (y * canvas.width + x) * 4;
          red += data[at] ?? 0;
          blue += data[at + 2] ?? 0;
          count += 1;
        }
      }
      return { red: red / count, blue: blue / count };
    };
    const colours = new Set<number>();
    for (let at = 0; at < data.length; at += 4 * 97) {
      colours.add(((data[at] ?? 0) << 16) | ((data[at + 1] ?? 0) << 8) | (data[at + 2] ?? 0));
    }
    return {
      currentSrc: img.currentSrc,
      naturalWidth: img.naturalWidth,
      width: pixels.width,
      height: pixels.height,
      left: third(0, 1 / 3),
      right: third(2 / 3, 1),
      colours: colours.size,
    };
  });
  // The browser chose from the AVIF source, and that file is what it decoded.
  const chosen = /-(\d+)\.avif$/.exec(painted.currentSrc);
  expect(chosen, painted.currentSrc).not.toBeNull();
  expect(served).toContainEqual({ url: painted.currentSrc, type: 'image/avif' });
  expect(painted.naturalWidth).toBeGreaterThan(0);
  expect(painted.width).toBe(Number(chosen?.[1]));
  expect(painted.height).toBe(Math.round((painted.width * height) / width));
  // The photo's pixels: its light runs warm on the left to cool on the right, with grain.
  expect(painted.left.red - painted.right.red, JSON.stringify(painted)).toBeGreaterThan(40);
  expect(painted.right.blue - painted.left.blue, JSON.stringify(painted)).toBeGreaterThan(40);
  expect(painted.colours).toBeGreaterThan(500);
});
