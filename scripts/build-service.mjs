#!/usr/bin/env node
/**
 * Production build of the local Translation Service (build time, plain Node): bundles `service/cli.ts` into
 * `out/service/cli.js`, runnable with plain `node` (no tsx, no TypeScript at run time), in the desktop app through
 * `utilityProcess`.
 *
 * - esbuild, ESM with code splitting, so the lazily imported parts (documents, formats, PDF, detection) stay
 *   lazy chunks and load only when used.
 * - The document worker thread is a second entry point, `out/service/worker.js`: service/documents/runner.ts
 *   resolves `./worker.js` next to its own module (`import.meta.url`), which after bundling is the entry's folder.
 * - pdfjs-dist in Node loads its "fake worker" with `import('./pdf.worker.mjs')` relative to its own module, so
 *   that file is copied next to the chunks (which sit beside the entries).
 * - better-sqlite3 and harfbuzzjs stay external (SERVICE_EXTERNALS), unpacked from the asar in the packaged app.
 * - Bundled CommonJS packages call `require` and read `__dirname`/`__filename`; the banner defines them for ESM.
 *
 *   node scripts/build-service.mjs [--outdir out/service] [--minify]
 */
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Packages the bundle loads from node_modules at run time: better-sqlite3 (native code) and harfbuzzjs (loads its
 * .wasm files relative to its own module). build/electron-builder.yml ships exactly these, plus the .wasm of
 * @embedpdf/pdfium, which the PDF code finds with require.resolve.
 */
export const SERVICE_EXTERNALS = ['better-sqlite3', 'harfbuzzjs'];

export async function buildService({ outdir = join(ROOT, 'out', 'service'), minify = false, metafile = false } = {}) {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { cli: 'service/cli.ts', worker: 'service/documents/worker.ts' },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    outExtension: { '.js': '.js' },
    // Chunks sit beside the entries: runner.ts, wherever it lands, finds `./worker.js` next to itself.
    chunkNames: '[name]-[hash]',
    // Three CommonJS/UMD `main`s misbehave when bundled (jsonc-parser hides its requires, fontkit's default export
    // and pdf-lib's re-exported names are lost); their ESM builds are equivalent. (Not `mainFields: ['module', …]` for all: cld3-asm's ESM build crashes.)
    alias: {
      'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js',
      '@pdf-lib/fontkit': './node_modules/@pdf-lib/fontkit/dist/fontkit.es.js',
      'pdf-lib': './node_modules/pdf-lib/es/index.js',
    },
    external: SERVICE_EXTERNALS,
    minify,
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    metafile,
    banner: {
      js: [
        "import { createRequire as __versoCreateRequire } from 'node:module';",
        "import { fileURLToPath as __versoFileURLToPath } from 'node:url';",
        "import { dirname as __versoDirname } from 'node:path';",
        'const require = __versoCreateRequire(import.meta.url);',
        'const __filename = __versoFileURLToPath(import.meta.url);',
        'const __dirname = __versoDirname(__filename);',
      ].join('\n'),
    },
  });
  // The chunks import pdf.worker.mjs relative to themselves (see above).
  const require = createRequire(import.meta.url);
  const pdfWorker = join(dirname(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')), 'pdf.worker.mjs');
  copyFileSync(pdfWorker, join(outdir, 'pdf.worker.mjs'));
  // ESM regardless of the nearest package.json, so `node out/service/cli.js` works wherever out/ is copied.
  writeFileSync(join(outdir, 'package.json'), `${JSON.stringify({ type: 'module', private: true }, null, 2)}\n`);
  return result;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { outdir: { type: 'string' }, minify: { type: 'boolean', default: false } } });
  const started = Date.now();
  await buildService({ ...(values.outdir && { outdir: resolve(values.outdir) }), minify: values.minify });
  console.log(`Built the local service: ${values.outdir ?? 'out/service'}/cli.js (${Date.now() - started} ms)`);
}
