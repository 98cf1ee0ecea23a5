/**
 * Playwright global setup (Node): builds the renderer once so every spec runs against the current sources.
 */
import { build } from 'vite';
import { fileURLToPath } from 'node:url';

export default async function globalSetup(): Promise<void> {
  await build({
    configFile: fileURLToPath(new URL('../renderer/vite.config.ts', import.meta.url)),
    logLevel: 'warn',
    // VERSO_E2E_RENDERER_DIR: build to a private folder, so parallel runs never serve each other's half-built files.
    ...(process.env.VERSO_E2E_RENDERER_DIR && { build: { outDir: process.env.VERSO_E2E_RENDERER_DIR, emptyOutDir: true } }),
  });
}
