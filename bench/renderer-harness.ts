/**
 * Benchmark helpers for a built renderer (Node): the files its index.html loads before anything else — the entry
 * module and its modulepreloads, each counted once (a file can be both) — and a web harness serving it on port 0
 * with the pseudo engine; and the build of `tree`'s renderer. Used by `bench/renderer-size.ts`, `bench/start-trace.ts`,
 * `bench/i18n.ts` and `bench/usage-render.ts`.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'vite';

/** Builds `tree`'s renderer (its own Vite config, so older commits can be measured) into `outDir`. */
export async function buildRenderer(tree: string, outDir: string, options: { minify?: boolean } = {}): Promise<void> {
  await build({
    configFile: join(tree, 'renderer/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, ...(options.minify === false && { minify: false }) },
  });
}

export async function initialJsFiles(outDir: string): Promise<string[]> {
  const html = await readFile(join(outDir, 'index.html'), 'utf8');
  return [
    ...new Set(
      [
        ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
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
