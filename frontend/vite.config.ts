/**
 * Vite builds the islands client: one small entry (src/main.ts) that finds islands and loads
 * each component's chunk on demand, the Tailwind stylesheet for the server-rendered pages, and
 * the core's WebAssembly module as a hashed asset. The manifest tells the server which hashed
 * files to link.
 */
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    manifest: true,
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { main: 'src/main.ts' },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
