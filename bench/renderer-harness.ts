/**
 * Benchmark helpers for a built renderer (Node): the files its index.html loads before anything else — the entry
 * script and its modulepreloads, each counted once (a file can be both) — and a web harness serving it on port 0
 * with the pseudo engine; the build of `tree`'s renderer; and one-file React pages built with the same toolchain (the
 * empty page the benchmarks compare against). Used by `bench/renderer-size.ts`, `bench/start-trace.ts`,
 * `bench/i18n.ts` and `bench/usage-render.ts`.
 */
import react from '@vitejs/plugin-react';
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { preactAliases } from '../renderer/build/preact-alias.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Builds `tree`'s renderer (its own Vite config, so older commits can be measured) into `outDir`; `plugins` are added
 * after the config's own (a benchmark's variant of a module).
 */
export async function buildRenderer(
  tree: string,
  outDir: string,
  options: { minify?: boolean; plugins?: Plugin[] } = {},
): Promise<void> {
  await build({
    configFile: join(tree, 'renderer/vite.config.ts'),
    logLevel: 'warn',
    ...(options.plugins && { plugins: options.plugins }),
    build: { outDir, emptyOutDir: true, ...(options.minify === false && { minify: false }) },
  });
}

/**
 * Builds a one-file React page (`main.tsx` and its `files`) in `dir`; returns its output folder. With React itself
 * (the empty page the benchmarks measure against), or with `runtime: 'verso'` on the runtime Verso's renderer runs on
 * (React's API on Preact's compat layer, renderer/build/preact-alias.ts).
 */
export async function buildPage(
  dir: string,
  main: string,
  files: Record<string, string> = {},
  runtime: 'react' | 'verso' = 'react',
): Promise<string> {
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Baseline</title></head><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
  );
  await writeFile(join(dir, 'main.tsx'), main);
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  const outDir = join(dir, 'out');
  await build({
    root: dir,
    base: './',
    logLevel: 'warn',
    configFile: false,
    plugins: [react()],
    resolve: {
      alias:
        runtime === 'verso'
          ? // The page is built outside the project: the aliases' packages are found in its node_modules.
            preactAliases.map((a) => ({ ...a, replacement: join(ROOT, 'node_modules', a.replacement) }))
          : { react: join(ROOT, 'node_modules/react'), 'react-dom': join(ROOT, 'node_modules/react-dom') },
    },
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  return outDir;
}

/** The empty Vite + React page (one <h1>) the benchmarks measure Verso against. */
export const buildEmptyPage = (dir: string): Promise<string> =>
  buildPage(dir, "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')!).render(<h1>Hello</h1>);\n");

export async function initialJsFiles(outDir: string): Promise<string[]> {
  const html = await readFile(join(outDir, 'index.html'), 'utf8');
  return [
    ...new Set(
      [
        // The entry: a module script (the empty page), or Verso's classic one (renderer/build/classic-entry.ts).
        ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
        ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
      ].map((m) => m[1]!.replace(/^\.?\//, '')),
    ),
  ];
}

/** Starts `tree`'s web harness (its own code, so older commits can be measured) serving `rendererDir`. */
export async function startHarness(tree: string, rendererDir: string, dataDir: string): Promise<{ url: string; stop: () => void }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(tree, 'web/server.ts'), '--port', '0', '--data-dir', dataDir, '--renderer-dir', rendererDir, '--engines', 'pseudo'],
    { cwd: tree, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } },
  );
  const url = await new Promise<string>((ok, fail) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      const m = out.match(/Verso web harness: (http:\/\/\S+)/);
      if (m) ok(m[1]!);
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.once('exit', (code) => fail(new Error(`web harness exited (${code}):\n${out}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}
