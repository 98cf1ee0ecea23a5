/**
 * electron-vite build of the desktop app: main (ESM), the sandboxed preload (one CJS file with its few dependencies
 * bundled: sandboxed preloads cannot load ESM or node_modules) and the renderer (reusing renderer/vite.config.ts).
 * `electron-vite build` works without the Electron binary; `electron-vite dev` needs it. The local Translation
 * Service is bundled separately into `out/service` by scripts/build-service.mjs (`npm run build` runs both), so the
 * app, the web harness and plain `node` all run the same self-contained bundle.
 */
import { defineConfig } from 'electron-vite';
import rendererConfig from './renderer/vite.config';
import { fileURLToPath } from 'node:url';

const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  main: {
    build: {
      outDir: here('out/main'),
      // Bundle main's few dependencies (electron-store, zod …): with the service bundled too, the only package the
      // installer ships in node_modules is the native better-sqlite3 (build/electron-builder.yml `files`).
      externalizeDeps: false,
      rollupOptions: {
        input: { index: here('electron/main/index.ts') },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
    resolve: { alias: { '@shared': here('shared') } },
  },
  preload: {
    build: {
      outDir: here('out/preload'),
      externalizeDeps: false,
      rollupOptions: {
        input: { index: here('electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  // The renderer's own config (code splitting, start-screen preload, relative assets), so both builds agree.
  renderer: {
    ...rendererConfig,
    build: { ...rendererConfig.build, minify: true, rollupOptions: { input: here('renderer/index.html') } },
  },
});
