/**
 * Playwright global setup (Node): builds the renderer once so every spec runs against the current sources, and the
 * local service once as plain JavaScript (scripts/build-service.mjs, the bundle the desktop app ships): every test
 * starts two services (the test's stand-in for the hosted service and the harness's local engine), and the bundle
 * starts on ~0.8 s of CPU where `tsx service/cli.ts` takes ~2.9 s — minutes over a whole run on two cores.
 * VERSO_E2E_TSX=1 runs the TypeScript sources through tsx instead.
 */
import { build } from 'vite';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error -- a plain .mjs build script without type declarations
import { buildService } from '../scripts/build-service.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  await build({
    configFile: fileURLToPath(new URL('../renderer/vite.config.ts', import.meta.url)),
    logLevel: 'warn',
    // VERSO_E2E_RENDERER_DIR: build to a private folder, so parallel runs never serve each other's half-built files.
    ...(process.env.VERSO_E2E_RENDERER_DIR && { build: { outDir: process.env.VERSO_E2E_RENDERER_DIR, emptyOutDir: true } }),
  });
  if (process.env.VERSO_E2E_TSX !== '1') {
    // Beside the project (the bundle loads its native externals from node_modules); one folder per run.
    const outdir = join(ROOT, 'out', `e2e-service-${process.pid}`);
    await (buildService as (o: { outdir: string }) => Promise<unknown>)({ outdir });
    // Read by the fixtures in the workers, which inherit this environment.
    process.env.VERSO_E2E_SERVICE_ENTRY = join(outdir, 'cli.js');
    // Returned as the global teardown: the bundle goes when the run ends.
    return () => rm(outdir, { recursive: true, force: true });
  }
  return undefined;
}
