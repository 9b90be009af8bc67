/**
 * Vite builds the islands client: one small entry (src/main.ts) that finds islands and loads
 * each component's chunk on demand, the Tailwind stylesheet for the server-rendered pages, and
 * the core's WebAssembly module (wasm-bindgen's bundler output, loaded by vite-plugin-wasm) as a
 * hashed asset of the chunk that imports it. The manifest tells the server which hashed files to
 * link; the production build also writes `.br` and `.gz` beside each text file
 * (build/precompress.ts), which the server embeds. The brand's fonts are subset into
 * `.fonts/` before each build (build/fonts.ts) and hashed like any asset.
 *
 * The studio's content editor is a build of its own (`FRONTEND_PART=editor`, run after the site's
 * by `npm run build`): its entry, its own React and the studio's WebAssembly module, with a
 * manifest of its own (`.vite/editor-manifest.json`, read by assets.rs). Built together, the
 * bundler would share React's chunks between the editor and the islands and every visitor's
 * page would list one more chunk; apart, the site's files are exactly what they were.
 *
 * `--mode development` (`make dev`, with `--watch`) writes to `dist-dev` instead, with stable file
 * names and no minification, so a rebuilt island is picked up by the debug server without a
 * restart: the pages keep linking the same names.
 */
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import wasm from 'vite-plugin-wasm';
import { fonts } from './build/fonts.ts';
import { precompress } from './build/precompress.ts';

/**
 * The modules every page runs: the entry, the site scripts, the islands runtime and registry, and
 * the bundler's helpers they use.
 */
const ENTRY_MODULES = /src[\\/](site[\\/]|islands[\\/](runtime|registry)[\\/.])|preload-helper|rolldown[\\/:]runtime/;

/** Output folder of `--mode development`; the server's `dev` feature embeds it (assets.rs). */
const DEV_OUT_DIR = 'dist-dev';

/** Which build: the site's (the default, also Vitest's) or the staff editor's. */
const EDITOR = process.env['FRONTEND_PART'] === 'editor';

export default defineConfig(({ mode }) => {
  const dev = mode === 'development';
  return {
    // The brand's fonts are subset once, by the site's build; the editor's styles only refer to
    // the site's stylesheet.
    plugins: [...(EDITOR ? [] : [fonts()]), react(), tailwindcss(), wasm(), precompress()],
    build: {
      manifest: EDITOR ? '.vite/editor-manifest.json' : true,
      outDir: dev ? DEV_OUT_DIR : 'dist',
      assetsDir: 'assets',
      // Watch rebuilds of the development build overwrite files in place.
      // The editor's build adds to the site's.
      emptyOutDir: !dev && !EDITOR,
      // ES2022 has top-level await, which the plugin's glue uses to instantiate the module
      // while its chunk is imported, so vite-plugin-top-level-await is not needed.
      target: 'es2022',
      minify: !dev,
      modulePreload: { polyfill: false },
      rollupOptions: {
        input: EDITOR
          ? { editor: 'src/backoffice/editor.tsx', passkey: 'src/backoffice/passkey.ts' }
          : { main: 'src/main.ts' },
        output: {
          // The entry and what it imports statically stay one chunk. The WebAssembly glue's
          // dependencies make Vite's preload helper shared between the entry and the core's
          // loader, and the bundler would otherwise split it and the entry's modules into
          // three more files, every page's cost before any interaction.
          codeSplitting: { groups: [{ name: 'site', test: ENTRY_MODULES }] },
          ...(dev
            ? {
                entryFileNames: 'assets/[name].js',
                chunkFileNames: 'assets/[name].js',
                assetFileNames: 'assets/[name][extname]',
              }
            : {}),
        },
      },
    },
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      // Budgets, not speed checks: on a shared two-core machine instantiating the WebAssembly
      // core can take seconds, and a test that waits for it (asyncUtilTimeout, real-core.ts)
      // must not be cut off by the default 5 s test limit first.
      testTimeout: 30_000,
    },
  };
});
