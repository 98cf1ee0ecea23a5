/**
 * Renderer benchmark (Node, run with `npx tsx bench/renderer-size.ts [--runs N]`): initial JavaScript gzipped and
 * time to interactive in headless Debian Chromium, each printed next to a baseline measured in the same run — an
 * empty Vite + React page built with the same toolchain. Goals: initial JS ≤ 250 KB gzipped (issue 4); time to a
 * usable Translate screen ≤ 1.84× the empty page's (issue 20: 400 ms where the empty page took 217 ms).
 *
 * "Initial JS" is what index.html loads before anything else: the entry script and its modulepreloads (the screens
 * are lazy chunks and are not counted). "Interactive" is when the page is usable and the main thread has gone idle
 * (requestIdleCallback), measured from navigation start: for Verso, the Translate screen's text box (a returning
 * user: the warm-up load goes through first run once and starts the local engine), with every screen and all 14
 * languages built in; for the baseline, its <h1>. Verso runs behind the real web harness, the baseline behind a
 * plain static server. `--first-run` measures Verso's first-run screen instead (its <h1>), as before issue 20.
 * Each time is measured twice: cold (a fresh browser profile per load: nothing cached) and warm (one profile on disk
 * per page, the hashed assets and V8's compiled code kept between loads, as the desktop app keeps them between
 * starts). The pages' loads take turns, so a busy moment of the machine falls on all of them.
 *
 * A third page, the floor, is the empty page showing the Translate screen exactly as Verso left it (its final DOM
 * and every CSS rule, read from a loaded Verso) and nothing else: no calls, catalog, `Intl`, components or effects,
 * built on Verso's runtime (React's API on Preact's compat layer; the baseline is React itself, as issue 20 set it).
 * No build of that screen on that runtime can be usable sooner, so "Verso − floor" is what Verso's own start-up work
 * costs, and the floor's ratio is the least the goal's ratio could be on the machine.
 *
 * A fourth, the shell's bound, is Verso itself with one module changed: the Translate screen is the HTML it rendered
 * (read from the same loaded Verso), put in as one piece, its text box focused as Verso's is — no components, hooks,
 * store subscriptions or queries of that screen. The shell, the call to main, the catalog, the stores and the query
 * cache start as they do. No leaner Translate screen can make Verso usable sooner than that, so "Verso − shell bound"
 * is what the screen's own work costs, and the bound's ratio is the least any change to the screen alone could reach.
 */
import { CHROMIUM_LAUNCH } from '../e2e/chromium.js';
import { buildEmptyPage, buildPage, buildRenderer, initialJsFiles, startHarness } from './renderer-harness.js';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { Plugin } from 'vite';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    'first-run': { type: 'boolean', default: false },
    before: { type: 'string' },
  },
});
const RUNS = Math.max(1, Number(values.runs) || 7);
/**
 * Issue 20's goal, "≤ 400 ms" where its empty page took 217 ms, as the ratio this benchmark can hold on any machine
 * (the machines are shared and noisy: absolute times move with the load, the ratio to a page loaded in the same run
 * much less).
 */
const TTI_GOAL_RATIO = 400 / 217;

async function initialJs(outDir: string): Promise<{ bytes: number; gzip: number; files: string[] }> {
  const srcs = await initialJsFiles(outDir);
  let bytes = 0;
  let gzip = 0;
  for (const src of srcs) {
    const buf = await readFile(join(outDir, src));
    bytes += buf.length;
    gzip += gzipSync(buf, { level: 9 }).length;
  }
  return { bytes, gzip, files: srcs };
}

/**
 * The floor: the empty page that also shows the Translate screen as Verso left it (its final DOM, put in by Verso's
 * runtime in one piece, and every CSS rule the page had), with nothing else of Verso's: no calls, catalog, `Intl`,
 * components or effects. No build of this screen can open faster on that runtime; the gap between it and Verso is
 * what Verso's own work costs. `screen` is what `captureScreen` read from a loaded Verso.
 */
function buildFloor(dir: string, screen: { html: string; css: string; lang: string; dir: string }): Promise<string> {
  const main = [
    "import { createRoot } from 'react-dom/client';",
    "import './screen.css';",
    `const html = ${JSON.stringify(screen.html)};`,
    `document.documentElement.lang = ${JSON.stringify(screen.lang)};`,
    `document.documentElement.dir = ${JSON.stringify(screen.dir)};`,
    "createRoot(document.getElementById('root')!).render(<div style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: html }} />);",
    '',
  ].join('\n');
  return buildPage(dir, main, { 'screen.css': screen.css }, 'verso');
}

/** What `captureScreen` reads: the page's DOM under #root, the Translate screen's own element, every CSS rule. */
interface CapturedScreen {
  html: string;
  translate: string;
  css: string;
  lang: string;
  dir: string;
}

/**
 * The shell's bound: a Vite plug-in that gives the entry, in place of the Translate screen's module, a component that
 * puts in `html` (that screen as Verso rendered it) and focuses its text box after the commit, as the screen does.
 */
function staticTranslateScreen(html: string): Plugin {
  const id = '\0verso-bench-static-translate';
  return {
    name: 'verso-bench-static-translate',
    enforce: 'pre',
    resolveId: (source) => (/[\\/]screens[\\/]TranslateScreen(\.js|\.tsx)?$/.test(source) ? id : null),
    load(loaded) {
      if (loaded !== id) return null;
      return [
        "import { createElement, useLayoutEffect } from 'react';",
        `const html = ${JSON.stringify(html)};`,
        'export default function TranslateScreen() {',
        "  useLayoutEffect(() => document.getElementById('source-text')?.focus(), []);",
        "  return createElement('div', { style: { display: 'contents' }, dangerouslySetInnerHTML: { __html: html } });",
        '}',
      ].join('\n');
    },
  };
}

/** Loads Verso once (through first run, as a returning user's warm-up) and reads its Translate screen once idle. */
async function captureScreen(url: string, prepare?: Target['prepare']): Promise<CapturedScreen> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const page = await browser.newPage();
    await page.goto(url);
    if (prepare) await prepare(page);
    await page.locator('#source-text').waitFor();
    return await page.evaluate(
      () =>
        new Promise<CapturedScreen>((done) =>
          requestIdleCallback(() =>
            done({
              html: document.getElementById('root')!.innerHTML,
              translate: document.querySelector('.tr-screen')?.outerHTML ?? '',
              css: [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((r) => r.cssText)).join('\n'),
              lang: document.documentElement.lang,
              dir: document.documentElement.dir,
            }),
          ),
        ),
    );
  } finally {
    await browser.close();
  }
}

const MIME: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

function serveStatic(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir)) return void res.writeHead(403).end();
    readFile(file).then(
      (body) =>
        res
          .writeHead(200, {
            'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
            // As the web harness serves them: hashed assets may be kept, the page is asked for every time.
            'Cache-Control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-store',
          })
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

/** Injected before page scripts: resolves `window.__tti` once `selector` matches and the main thread is idle. */
const ttiProbe = (selector: string) => `
  window.__tti = new Promise((resolve) => {
    const done = () => requestIdleCallback(() => resolve(performance.now()));
    const check = () => { if (document.querySelector(${JSON.stringify(selector)})) { obs.disconnect(); done(); return true; } return false; };
    const obs = new MutationObserver(check);
    document.addEventListener('DOMContentLoaded', () => { if (!check()) obs.observe(document.body, { childList: true, subtree: true }); });
  });
`;

/** What "usable" means per page: the selector to wait for, and a first-load step (Verso: leave first run once). */
interface Target {
  selector: string;
  prepare?: (page: import('playwright-core').Page) => Promise<void>;
}

/**
 * Times `RUNS` loads of each page, the baseline's and Verso's taking turns (baseline, Verso, baseline, …) so that
 * both see the same moments of a shared, noisy machine. Cold: a fresh browser context for every load, nothing
 * cached from the previous one (a first start). Warm (`profiles`: a folder): one browser profile on disk per page for
 * all its loads, so the browser keeps what it keeps between starts (the hashed assets in its disk cache, V8's code
 * cache), as the desktop app does in its user-data folder (its app:// scheme has V8's code cache). Not a context of
 * one browser: Playwright's contexts are off the record, nothing of them is written to disk, and that is no desktop
 * app's start (in one run: 224 vs 111 ms there, 167 vs 90 ms with a profile on disk). Chromium makes the code cache
 * on a script's second load, so two loads of each go first and are not counted.
 */
async function measureTti(pages: Array<{ url: string; target: Target }>, profiles?: string): Promise<number[][]> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const times: number[][] = pages.map(() => []);
  const skipped = profiles ? 2 : 1; // the first load also warms up the browser process and the server
  const kept: Array<import('playwright-core').BrowserContext | undefined> = pages.map(() => undefined);
  try {
    for (let i = 0; i < RUNS + skipped; i++) {
      for (const [n, { url, target }] of pages.entries()) {
        const context = profiles
          ? (kept[n] ??= await chromium.launchPersistentContext(join(profiles, String(n)), CHROMIUM_LAUNCH))
          : await browser.newContext();
        const page = await context.newPage();
        await page.addInitScript(ttiProbe(target.selector));
        await page.goto(url);
        if (i === 0 && target.prepare) await target.prepare(page);
        const t = await page.evaluate(() => (window as unknown as { __tti: Promise<number> }).__tti);
        if (i >= skipped) times[n]!.push(t);
        await (profiles ? page.close() : context.close());
      }
    }
  } finally {
    for (const context of kept) await context?.close();
    await browser.close();
  }
  return times;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'verso-bench-renderer-'));
  try {
    const versoOut = join(work, 'verso');
    await buildRenderer(ROOT, versoOut);
    const baseOut = await buildEmptyPage(join(work, 'baseline'));

    const v = await initialJs(versoOut);
    const b = await initialJs(baseOut);
    const lazy =
      (await readdir(join(versoOut, 'assets'))).filter((f) => f.endsWith('.js')).length - v.files.length;

    const harness = await startHarness(ROOT, versoOut, join(work, 'data'));
    const stat = await serveStatic(baseOut);
    // --before PATH: a checkout of an earlier commit (with its dependencies), built and served by its own harness and
    // timed in the same turns, so "now" and "before" are compared in one run.
    const earlier = values.before ? resolve(values.before) : null;
    let earlierHarness: Awaited<ReturnType<typeof startHarness>> | null = null;
    if (earlier) {
      const out = join(work, 'before');
      await buildRenderer(earlier, out);
      earlierHarness = await startHarness(earlier, out, join(work, 'data-before'));
    }
    const versoTarget: Target = values['first-run']
      ? { selector: 'h1' }
      : {
          selector: '#source-text',
          // The warm-up load: first run → the local engine, so every measured load opens on Translate.
          prepare: async (page) => {
            await page.getByRole('button', { name: 'Start translating with the local engine' }).click();
            await page.locator('#source-text').waitFor();
          },
        };
    // The floor (for the Translate screen): read from Verso once, a load that also makes the first run.
    let floor: { server: Server; url: string } | null = null;
    // The shell's bound: Verso built again with the Translate screen as the HTML it rendered, behind its own harness.
    let shell: Awaited<ReturnType<typeof startHarness>> | null = null;
    if (!values['first-run']) {
      const screen = await captureScreen(harness.url, versoTarget.prepare);
      floor = await serveStatic(await buildFloor(join(work, 'floor'), screen));
      if (screen.translate) {
        const out = join(work, 'shell');
        await buildRenderer(ROOT, out, { plugins: [staticTranslateScreen(screen.translate)] });
        shell = await startHarness(ROOT, out, join(work, 'data-shell'));
      }
    }
    const timed: Array<{ name: 'base' | 'verso' | 'floor' | 'shell' | 'before'; url: string; target: Target }> = [
      { name: 'base', url: stat.url, target: { selector: 'h1' } },
      { name: 'verso', url: harness.url, target: floor ? { selector: versoTarget.selector } : versoTarget },
      ...(floor ? [{ name: 'floor' as const, url: floor.url, target: { selector: '#source-text' } }] : []),
      ...(shell ? [{ name: 'shell' as const, url: shell.url, target: versoTarget }] : []),
      ...(earlierHarness ? [{ name: 'before' as const, url: earlierHarness.url, target: versoTarget }] : []),
    ];
    const cold: Record<string, number[]> = {};
    const warm: Record<string, number[]> = {};
    try {
      (await measureTti(timed)).forEach((t, i) => (cold[timed[i]!.name] = t));
      // A new data folder's first run is not a returning user's: the warm context starts from the same harnesses,
      // whose connections the cold runs already made.
      const profiles = join(work, 'profiles');
      (await measureTti(timed.map((p) => ({ url: p.url, target: { selector: p.target.selector } })), profiles)).forEach(
        (t, i) => (warm[timed[i]!.name] = t),
      );
    } finally {
      harness.stop();
      shell?.stop();
      earlierHarness?.stop();
      stat.server.close();
      floor?.server.close();
    }
    const [bt, vt, bw, vw] = [cold.base!, cold.verso!, warm.base!, warm.verso!];

    const rows = [
      ['metric', 'Verso', 'baseline (empty Vite+React)', 'ratio', 'goal'],
      [
        'initial JS gzipped',
        kb(v.gzip),
        kb(b.gzip),
        (v.gzip / b.gzip).toFixed(2) + '×',
        `≤ 250 KB: ${v.gzip <= 250 * 1024 ? 'met' : 'NOT met'}`,
      ],
      ['initial JS raw', kb(v.bytes), kb(b.bytes), (v.bytes / b.bytes).toFixed(2) + '×', ''],
      [
        `time to ${values['first-run'] ? 'first run' : 'usable Translate'} (median of ${RUNS})`,
        `${median(vt).toFixed(0)} ms`,
        `${median(bt).toFixed(0)} ms`,
        (median(vt) / median(bt)).toFixed(2) + '×',
        `≤ ${TTI_GOAL_RATIO.toFixed(2)}×: ${median(vt) / median(bt) <= TTI_GOAL_RATIO ? 'met' : 'NOT met'}`,
      ],
      [
        'time to interactive (max)',
        `${Math.max(...vt).toFixed(0)} ms`,
        `${Math.max(...bt).toFixed(0)} ms`,
        '',
        '',
      ],
      [
        `same, assets and compiled code kept (median of ${RUNS})`,
        `${median(vw).toFixed(0)} ms`,
        `${median(bw).toFixed(0)} ms`,
        (median(vw) / median(bw)).toFixed(2) + '×',
        `≤ ${TTI_GOAL_RATIO.toFixed(2)}×: ${median(vw) / median(bw) <= TTI_GOAL_RATIO ? 'met' : 'NOT met'}`,
      ],
    ];
    // A compared page's two rows (fresh profile, then assets and compiled code kept), each against the empty page
    // of the same turns, with what it says about Verso's time in the last column.
    const compared = (name: 'floor' | 'shell' | 'before', labels: [string, string], note: (verso: number, page: number) => string) =>
      ([[cold, bt, vt, labels[0]], [warm, bw, vw, labels[1]]] as const).map(([times, base, verso, label]) => {
        const page = median(times[name]!);
        return [label, `${page.toFixed(0)} ms`, `${median(base).toFixed(0)} ms`, (page / median(base)).toFixed(2) + '×', note(median(verso), page)];
      });
    if (floor) {
      rows.push(
        ...compared(
          'floor',
          ["floor: the empty page showing Verso's final Translate DOM and CSS, fresh profile", 'floor, assets and compiled code kept'],
          (verso, page) => `Verso − floor ${(verso - page).toFixed(0)} ms`,
        ),
      );
    }
    if (shell) {
      rows.push(
        ...compared(
          'shell',
          ["shell's bound: Verso with its Translate screen as static HTML, fresh profile", "shell's bound, assets and compiled code kept"],
          (verso, page) => `the screen's own work ${(verso - page).toFixed(0)} ms`,
        ),
      );
    }
    if (earlier) {
      rows.push(
        ...compared(
          'before',
          [`same, earlier Verso (${earlier}), fresh profile`, 'same, earlier Verso, assets and code kept'],
          (verso, page) => `now/earlier ${(verso / page).toFixed(2)}×`,
        ),
      );
    }
    const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
    for (const r of rows) console.log(r.map((cell, c) => cell.padEnd(widths[c]!)).join('  '));
    console.log(
      `\nVerso initial files: ${v.files.join(', ')}; ${lazy} lazy chunks (screens) load on demand.`,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(`renderer benchmark failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
