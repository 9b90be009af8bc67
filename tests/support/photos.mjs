// Photos for the audit and the browser tests: a content folder written by `onespace content
// init`, with synthetic photographs (PNG, made here with Node's zlib: soft light, shapes and
// grain, so their encoded sizes are those of real photos rather than of flat colour) in its
// images/ folder and placed in photos.toml. The studio's own photos are not in the repository,
// and a page must be measured with photos in it.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

/** CRC-32 of `bytes` (PNG chunks). */
function crc32(bytes) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A `width` x `height` RGB PNG: a warm-to-cool light across the frame, soft round shapes and a
 * little grain; `seed` varies the picture.
 */
export function photoPng(width, height, seed = 1) {
  const rows = [];
  let noise = seed * 7919;
  const shapes = Array.from({ length: 5 }, (_, index) => ({
    x: ((seed * 37 + index * 211) % 100) / 100,
    y: ((seed * 53 + index * 97) % 100) / 100,
    r: 0.12 + ((seed + index) % 4) * 0.05,
  }));
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const u = x / width;
      const v = y / height;
      let light = 0;
      for (const shape of shapes) {
        const distance = Math.hypot(u - shape.x, (v - shape.y) * (height / width));
        light += Math.max(0, 1 - distance / shape.r) * 0.35;
      }
      noise = (noise * 1103515245 + 12345) & 0x7fffffff;
      const grain = ((noise >> 16) % 17) - 8;
      const at = 1 + x * 3;
      row[at] = Math.min(255, Math.max(0, 200 - 90 * u + 60 * light + grain));
      row[at + 1] = Math.min(255, Math.max(0, 110 + 40 * v + 70 * light + grain));
      row[at + 2] = Math.min(255, Math.max(0, 70 + 140 * u + 50 * light + grain));
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The photos placed by {@link contentWithPhotos}: place, file, size, alt text. */
export const PLACED_PHOTOS = [
  ['hot-yoga/hero', 'hot-room.png', [1800, 1200], 'A hot yoga class in the warm infrared studio'],
  ['hot-yoga/studio', 'studio-floor.png', [1600, 1200], 'Yoga mats laid out on the studio floor'],
  ['about/studio', 'studio-story.png', [1200, 1500], 'The warm-toned yoga studio at One Space, Livingston'],
  ['share', 'studio-share.png', [1200, 630], 'The One Space studio in Livingston'],
];

/** Coaches' portraits placed by {@link contentWithPhotos} in team.toml: coach id, file, alt text. */
export const COACH_PHOTOS = [
  ['kirsty', 'kirsty.png', 'Kirsty Maclean smiling in the studio'],
  ['ross', 'ross.png', 'Ross Campbell smiling in the studio'],
  ['eilidh', 'eilidh.png', 'Eilidh Fraser smiling in the studio'],
  ['jamie', 'jamie.png', 'Jamie Reid smiling in the studio'],
];

/**
 * Writes a content folder at `dir` (the built-in content, from `binary content init`) with the
 * photos of {@link PLACED_PHOTOS} in its images/ and photos.toml, and a portrait for each coach
 * of {@link COACH_PHOTOS} in team.toml. Returns `dir`.
 */
export function contentWithPhotos(binary, dir) {
  execFileSync(binary, ['content', 'init', dir], { stdio: 'ignore' });
  mkdirSync(join(dir, 'images'), { recursive: true });
  PLACED_PHOTOS.forEach(([place, file, [width, height], alt], index) => {
    writeFileSync(join(dir, 'images', file), photoPng(width, height, index + 1));
    appendFileSync(join(dir, 'photos.toml'), `\n[[photo]]\nplace = "${place}"\nfile = "${file}"\nalt = "${alt}"\n`);
  });
  let team = readFileSync(join(dir, 'team.toml'), 'utf8');
  COACH_PHOTOS.forEach(([id, file, alt], index) => {
    writeFileSync(join(dir, 'images', file), photoPng(800, 1000, 10 + index));
    const entry = `id = "${id}"\n`;
    if (!team.includes(entry)) throw new Error(`team.toml has no coach ${id}`);
    team = team.replace(entry, `${entry}photo = "${file}"\nphoto_alt = "${alt}"\n`);
  });
  writeFileSync(join(dir, 'team.toml'), team);
  return dir;
}

/**
 * Waits (up to `deadline`, ms since the epoch) until `base/path` shows its photos. A request that
 * fails on the way (a kept-alive connection the server closed as it was reused: "other side
 * closed", seen on a machine so loaded that the encoding server answered late) is asked again,
 * as a browser asks again; one still failing at the deadline is named in the error.
 */
export async function waitForPhotos(base, path, deadline) {
  let failure = null;
  for (;;) {
    try {
      const html = await (await fetch(`${base}${path}`)).text();
      if (html.includes('<picture>')) return;
      failure = null;
    } catch (error) {
      failure = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`${path} never showed its photos${failure ? `: the last request failed (${failure.cause ?? failure})` : ''}`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}
