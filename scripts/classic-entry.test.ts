/**
 * The classic-entry build step (renderer/build/classic-entry.ts), on a small app built with it and run in Debian's
 * Chromium: the first screen is one classic script, the lazy chunk it loads later shares its modules (one store,
 * not two), the start catalog is in the script and not fetched, and a shared module whose exported `let` is
 * reassigned stops the build.
 */
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_LAUNCH } from '../e2e/chromium.js';
import { classicEntry } from '../renderer/build/classic-entry.js';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'verso-classic-entry-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Writes `files` as an app's sources and builds it with the step; returns the output folder. */
async function buildApp(name: string, files: Record<string, string>): Promise<string> {
  const root = join(work, name);
  await mkdir(root, { recursive: true });
  await writeFile(
    join(root, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body><p id="out"></p><script type="module" src="./main.js"></script></body></html>',
  );
  for (const [file, text] of Object.entries(files)) await writeFile(join(root, file), text);
  const outDir = join(root, 'out');
  await build({
    root,
    base: './',
    logLevel: 'silent',
    configFile: false,
    plugins: [classicEntry(/start\.js$/)],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  return outDir;
}

function serve(dir: string, requested: string[]): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requested.push(path);
    readFile(join(dir, path === '/' ? 'index.html' : path)).then(
      (body) =>
        res
          .writeHead(200, { 'Content-Type': extname(path) === '.js' ? 'text/javascript' : 'text/html' })
          .end(body),
      () => res.writeHead(404).end(),
    );
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () =>
      ok({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/` }),
    ),
  );
}

const APP = {
  'store.js':
    'export const store = { clicks: 0 };\nexport function click() { store.clicks += 1; return store.clicks; }\n',
  'start.js': "export default { hello: 'Hello' };\n",
  'lazy.js':
    "import { click, store } from './store.js';\nexport function later() { click(); return store; }\n",
  'main.js': [
    "import { click, store } from './store.js';",
    "const words = import('./start.js');",
    'click();',
    "words.then((w) => import('./lazy.js').then((m) => {",
    '  const seen = m.later();',
    "  document.getElementById('out').textContent = `${w.default.hello} ${store.clicks} ${seen === store}`;",
    '}));',
  ].join('\n'),
};

describe('classicEntry', () => {
  it('ships the first screen as one classic script whose lazy chunks share its modules', async () => {
    const out = await buildApp('app', APP);
    const html = await readFile(join(out, 'index.html'), 'utf8');
    expect(html).toMatch(/<script defer src="\.\/assets\/verso-[0-9a-f]{12}\.js"><\/script>/);
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');

    const requested: string[] = [];
    const { server, url } = await serve(out, requested);
    const browser = await chromium.launch(CHROMIUM_LAUNCH);
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(url);
      // One store: the entry's click and the lazy chunk's click count on the same object.
      await expect.poll(() => page.locator('#out').textContent()).toBe('Hello 2 true');
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      server.close();
    }
    const assets = await readdir(join(out, 'assets'));
    const lazy = assets.find((f) => f.startsWith('lazy-'))!;
    // The lazy chunk was fetched as a module after the start; the start catalog never was (it is in the script).
    expect(requested).toContain(`/assets/${lazy}`);
    expect(requested.some((p) => p.includes('start'))).toBe(false);
    expect(requested.filter((p) => p.startsWith('/assets/verso-'))).toHaveLength(1);
  }, 60_000);

  it('refuses to build when a shared module exports a let that it reassigns', async () => {
    await expect(
      buildApp('stale', {
        ...APP,
        'store.js':
          'export let store = { clicks: 0 };\nexport function click() { store = { clicks: store.clicks + 1 }; return store.clicks; }\n',
      }),
    ).rejects.toThrow(/store\.js exports store, reassigned later/);
  }, 60_000);

  it('builds when a shared module sets an exported var only in its own top-level code (as Preact sets its options)', async () => {
    await expect(
      buildApp('top-level', {
        ...APP,
        'store.js':
          'export var store;\nstore = { clicks: 0 };\nexport function click() { store.clicks += 1; return store.clicks; }\n',
      }),
    ).resolves.toBeTruthy();
  }, 60_000);
});
