/**
 * Is a build output older than its sources? (build time, plain Node; used by `npm start`, `npm run web` and the
 * setup check). Compares the newest modification time under the source paths (test files and node_modules
 * skipped: they never change what is built) with the output's marker file. Hand-written: a directory walk and
 * a few stat calls; a warm start must not spend seconds asking a build tool.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SKIP_DIR = new Set(['node_modules', '.git', 'out', 'test-results', 'playwright-report']);
const SKIP_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

/** Newest mtime (ms) of the files under `paths` (files or folders); 0 when none exist. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) if (!SKIP_DIR.has(name)) visit(join(p, name));
    } else if (!SKIP_FILE.test(p) && st.mtimeMs > newest) newest = st.mtimeMs;
  };
  for (const p of paths) visit(p);
  return newest;
}

/** True when `marker` is missing or older than any source under `sources`. */
export function isStale(marker, sources) {
  let built;
  try {
    built = statSync(marker).mtimeMs;
  } catch {
    return true;
  }
  return newestMtime(sources) > built;
}

/** Sources of the renderer bundle (out/renderer): its code, the shared contract and catalogs, the configs. */
export const RENDERER_SOURCES = ['renderer', 'shared', 'package.json', 'tsconfig.json'];
/** Sources of the whole desktop build (out/main, out/preload, out/renderer, out/service). */
export const APP_SOURCES = ['electron', 'renderer', 'shared', 'service', 'electron.vite.config.ts', 'package.json', 'tsconfig.json', 'scripts/build-service.mjs'];
