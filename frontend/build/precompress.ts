/**
 * Writes `.br` and `.gz` beside every text file of the production build (scripts, styles, SVG,
 * the WebAssembly module, the web manifest), so the server embeds them ready-made instead of
 * compressing at start (`crates/site/src/assets.rs` picks them up). A sibling is written only
 * when it is smaller than the file: compression that does not pay for itself is left out, which is
 * the one rule the server needs to know. Brotli runs at its best quality (11) and gzip at 9, as
 * they are paid once per build.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Extensions of the files worth compressing; images and fonts are compressed already. */
const TEXT_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.svg', '.wasm', '.json', '.webmanifest', '.txt', '.xml', '.html']);

/** The encodings written, by file suffix. */
export const ENCODINGS = {
  br: (body: Buffer) =>
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gz: (body: Buffer) => gzipSync(body, { level: 9 }),
} as const;

async function* filesBelow(folder: string): AsyncGenerator<string> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    // Vite's own manifest is read by the server, never served.
    if (entry.isDirectory() && entry.name !== '.vite') yield* filesBelow(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses every text file below `folder`; returns how many siblings were written. */
export async function precompressFolder(folder: string): Promise<number> {
  let written = 0;
  for await (const path of filesBelow(folder)) {
    if (!TEXT_EXTENSIONS.has(extname(path))) continue;
    const body = await readFile(path);
    for (const [suffix, compress] of Object.entries(ENCODINGS)) {
      const encoded = compress(body);
      if (encoded.length < body.length) {
        await writeFile(`${path}.${suffix}`, encoded);
        written += 1;
      }
    }
  }
  return written;
}

/** The Vite plugin: after a production build has been written, compress its output folder. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'onespace-precompress',
    apply: (_config, env) => env.command === 'build' && env.mode === 'production',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if ((await stat(outDir)).isDirectory()) await precompressFolder(outDir);
    },
  };
}
