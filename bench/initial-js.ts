/**
 * Benchmark helper (Node): the files a built renderer's index.html loads before anything else — the entry module
 * and its modulepreloads, each counted once (a file can be both) — as `bench/renderer-size.ts`, `bench/i18n.ts`
 * and `bench/usage-render.ts` count "initial JS".
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

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
