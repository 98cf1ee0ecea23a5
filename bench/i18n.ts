/**
 * i18n benchmark (Node, run with `npx tsx bench/i18n.ts [--runs N] [--after head|worktree]`): what the UI-language
 * layer costs the renderer, measured side by side in one run against the renderer without it.
 *
 *   before  the commit before the layer landed (0fae6af^), built in a git worktree at /tmp/wt-i18n-before
 *   layer   the layer's own commit (0fae6af): the difference to `before` is the layer alone
 *   after   the current renderer (HEAD, in /tmp/wt-i18n-after; `--after worktree` builds this checkout instead)
 *
 * `--after <commit>` measures that commit instead of HEAD (when HEAD is mid-change and its harness does not start).
 *
 * Figures: initial JS gzipped (index.html's entry and modulepreloads, as bench/renderer-size.ts counts it) plus the
 * catalog chunk fetched at start; the English catalog's own chunk; and the time to a usable Translate screen (a
 * connection exists, the source box is enabled and the main thread idle), measured from navigation start in
 * headless Debian Chromium, medians over rounds that rotate the order of the three builds. All three are served by
 * the same web harness (the `after` tree's), so only the renderer differs. Goal (UI-languages issue): the layer with
 * the English catalog ≤ 15 KB gzipped and ≤ 5 % of start-up time. It also checks that the English catalog is its own
 * chunk, fetched at start, and that no other locale's catalog is fetched.
 */
import { buildRenderer, initialJsFiles, startHarness } from './renderer-harness.js';
import { execFileSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_LAUNCH } from '../e2e/chromium.js';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const LAYER_COMMIT = '0fae6af';
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '9' }, after: { type: 'string', default: 'head' } },
});
const RUNS = Math.max(1, Number(values.runs) || 9);

const git = (args: string[], cwd = ROOT): string => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/** A detached worktree of `rev` at `dir` (created or moved there), sharing this checkout's node_modules. */
function worktree(dir: string, rev: string): string {
  const sha = git(['rev-parse', rev]);
  if (!existsSync(dir)) git(['worktree', 'add', '--detach', dir, sha]);
  else if (git(['rev-parse', 'HEAD'], dir) !== sha) {
    // The worktree is the benchmark's own: files left in it by an earlier build never block the checkout.
    git(['clean', '-fdq', '-e', 'node_modules'], dir);
    git(['checkout', '--force', '--detach', sha], dir);
  }
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

interface Built {
  name: string;
  outDir: string;
  initial: { gzip: number; files: string[] };
  /** The English catalog's chunk (file name and gzipped size), if the build has one. */
  catalog: { file: string; gzip: number } | null;
  /** The English catalog is inside the start-up script (a classic script; its chunk is then not fetched). */
  inScript: boolean;
  /** Other locales' catalog chunks (fetched only when that locale is chosen). */
  otherCatalogs: string[];
}

const gz = (buf: Buffer | string): number => gzipSync(buf, { level: 9 }).length;

async function measureBuild(name: string, tree: string, outDir: string): Promise<Built> {
  await buildRenderer(tree, outDir);
  const files = await initialJsFiles(outDir);
  let gzip = 0;
  for (const f of files) gzip += gz(await readFile(join(outDir, f)));
  let catalog: Built['catalog'] = null;
  let inScript = false;
  const otherCatalogs: string[] = [];
  for (const f of await readdir(join(outDir, 'assets'))) {
    if (!f.endsWith('.js')) continue;
    const code = await readFile(join(outDir, 'assets', f));
    // A start-up catalog chunk defines the shell's message ids (`en-….js` at the layer's commit; one `start-….js`
    // per locale since the catalogs are split into a start-up part and the later screens' part).
    if (!(code.includes('"app.nav.settings"') && code.includes('"errors.internal"'))) continue;
    const english = /"app\.nav\.settings":\[["`]Settings["`]\]/.test(code.toString());
    // Since the first screen is one classic script (renderer/build/classic-entry.ts), that script holds a copy of the
    // English catalog too; the catalog's own chunk is what is sized.
    if (english && files.includes(`assets/${f}`)) inScript = true;
    else if (english) catalog = { file: `assets/${f}`, gzip: gz(code) };
    else otherCatalogs.push(`assets/${f}`);
  }
  return { name, outDir, initial: { gzip, files }, catalog, inScript, otherCatalogs };
}


/** Resolves `window.__usable` once the Translate screen's source box is enabled and the main thread is idle. */
const USABLE_PROBE = `
  window.__usable = new Promise((resolve) => {
    const ready = () => document.querySelector('main h1') && document.querySelector('main textarea:not([disabled])');
    const done = () => requestIdleCallback(() => resolve(performance.now()));
    const check = () => { if (ready()) { obs.disconnect(); done(); return true; } return false; };
    const obs = new MutationObserver(check);
    document.addEventListener('DOMContentLoaded', () => { if (!check()) obs.observe(document.body, { childList: true, subtree: true, attributes: true }); });
  });
`;

/**
 * One load in a fresh context (nothing cached): ms to a usable Translate screen, the main thread's busy time until
 * then (CDP TaskDuration: less sensitive than wall time to other processes on a shared machine), and the JS fetched.
 */
async function load(browser: Browser, url: string): Promise<{ ms: number; busy: number; fetched: string[] }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.js')) fetched.push(new URL(r.url()).pathname.replace(/^\//, ''));
    });
    await page.addInitScript(USABLE_PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(url);
    const ms = await page.evaluate(() => (window as unknown as { __usable: Promise<number> }).__usable);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const busy = (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
    return { ms, busy, fetched };
  } finally {
    await context.close();
  }
}

/** First run through the UI once, so later loads open straight on the Translate screen. */
async function setUpConnection(browser: Browser, url: string): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('button', { name: 'Start translating with the local engine' }).click();
    await page.locator('main textarea:not([disabled])').first().waitFor({ timeout: 60_000 });
  } finally {
    await context.close();
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'verso-bench-i18n-'));
  const harnesses: Array<{ stop: () => void }> = [];
  let browser: Browser | null = null;
  try {
    const beforeTree = worktree('/tmp/wt-i18n-before', `${LAYER_COMMIT}^`);
    const layerTree = worktree('/tmp/wt-i18n-layer', LAYER_COMMIT);
    const afterRev = values.after === 'head' ? 'HEAD' : values.after;
    const afterTree = values.after === 'worktree' ? ROOT : worktree('/tmp/wt-i18n-after', afterRev);
    console.log(
      `before ${git(['rev-parse', '--short', `${LAYER_COMMIT}^`])} · layer ${LAYER_COMMIT} · after ${values.after === 'worktree' ? 'this checkout' : git(['rev-parse', '--short', afterRev])}; ${RUNS} rounds\n`,
    );
    const builds = [
      await measureBuild('before', beforeTree, join(work, 'before')),
      await measureBuild('layer', layerTree, join(work, 'layer')),
      await measureBuild('after', afterTree, join(work, 'after')),
    ];
    browser = await chromium.launch(CHROMIUM_LAUNCH);
    const urls: string[] = [];
    for (const b of builds) {
      // Same harness code (the after tree's) for all three: only the renderer differs.
      const h = await startHarness(afterTree, b.outDir, join(work, `data-${b.name}`));
      harnesses.push(h);
      urls.push(h.url);
      await setUpConnection(browser, h.url);
      await load(browser, h.url); // warm-up: the harness's first answers and Chromium's code caches
    }
    const times: number[][] = builds.map(() => []);
    const busy: number[][] = builds.map(() => []);
    const fetched: string[][] = builds.map(() => []);
    for (let round = 0; round < RUNS; round++) {
      for (let k = 0; k < builds.length; k++) {
        const i = (round + k) % builds.length; // rotate which build goes first
        const r = await load(browser, urls[i]!);
        times[i]!.push(r.ms);
        busy[i]!.push(r.busy);
        fetched[i] = r.fetched;
      }
    }

    const [before, layer, after] = builds as [Built, Built, Built];
    // What start-up downloads: the initial JS plus the catalog chunk fetched before the first paint.
    const startBytes = (b: Built, i: number) =>
      b.initial.gzip + (b.catalog && fetched[i]!.includes(b.catalog.file) && !b.initial.files.includes(b.catalog.file) ? b.catalog.gzip : 0);
    const rows: string[][] = [
      ['metric', 'before (no layer)', 'layer commit', 'after (now)', 'layer − before', 'after / before'],
      [
        'start-up JS gzipped (initial + catalog)',
        kb(startBytes(before, 0)),
        kb(startBytes(layer, 1)),
        kb(startBytes(after, 2)),
        kb(startBytes(layer, 1) - startBytes(before, 0)),
        `${(startBytes(after, 2) / startBytes(before, 0)).toFixed(2)}×`,
      ],
      [
        'English catalog chunk gzipped',
        before.catalog ? kb(before.catalog.gzip) : '—',
        layer.catalog ? kb(layer.catalog.gzip) : '—',
        after.catalog ? kb(after.catalog.gzip) : '—',
        '',
        '',
      ],
      [
        `usable Translate screen (median of ${RUNS})`,
        `${median(times[0]!).toFixed(0)} ms`,
        `${median(times[1]!).toFixed(0)} ms`,
        `${median(times[2]!).toFixed(0)} ms`,
        `${(median(times[1]!) - median(times[0]!)).toFixed(0)} ms`,
        `${(median(times[2]!) / median(times[0]!)).toFixed(2)}×`,
      ],
      [
        `main-thread busy until then (median)`,
        ...busy.map((t) => `${median(t).toFixed(0)} ms`),
        `${(median(busy[1]!) - median(busy[0]!)).toFixed(0)} ms`,
        `${(median(busy[2]!) / median(busy[0]!)).toFixed(2)}×`,
      ],
      [
        'usable Translate screen (min–max)',
        ...times.map((t) => `${Math.min(...t).toFixed(0)}–${Math.max(...t).toFixed(0)} ms`),
        '',
        '',
      ],
    ];
    const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
    for (const r of rows) console.log(r.map((cell, c) => cell.padEnd(widths[c]!)).join('  '));

    const layerBytes = startBytes(layer, 1) - startBytes(before, 0);
    const layerShare = (median(times[1]!) - median(times[0]!)) / median(times[0]!);
    const layerBusy = (median(busy[1]!) - median(busy[0]!)) / median(busy[0]!);
    console.log(
      `\nGoal: the layer with the English catalog ≤ 15 KB gzipped: ${kb(layerBytes)} → ${layerBytes <= 15 * 1024 ? 'met' : 'NOT met'};` +
        ` ≤ 5 % of start-up time: wall ${(layerShare * 100).toFixed(1)} %, main-thread busy ${(layerBusy * 100).toFixed(1)} % → ` +
        `${layerBusy <= 0.05 ? 'met' : 'NOT met'} by busy time (layer commit vs before, same harness; wall time varies by ±30 % on a shared machine).`,
    );
    // Today's cost of the layer: its run time (the layer commit's bytes minus that commit's catalog) plus today's
    // English start-up catalog, which grew with every screen.
    const layerCat = layer.catalog?.gzip ?? 0;
    const nowCat = after.catalog?.gzip ?? 0;
    const nowLayer = layerBytes - layerCat + nowCat;
    console.log(
      `Now: layer run time ${kb(layerBytes - layerCat)} + English start-up catalog ${kb(nowCat)} = ${kb(nowLayer)} gzipped → ` +
        `${nowLayer <= 15 * 1024 ? 'met' : 'NOT met'} (goal ≤ 15 KB).`,
    );
    for (const [i, b] of builds.entries()) {
      if (!b.catalog) {
        console.log(`${b.name}: no catalog chunk (no i18n layer).`);
        continue;
      }
      const separate = b.initial.files[0] !== b.catalog.file;
      const preloaded = b.initial.files.includes(b.catalog.file);
      const atStart = b.inScript || fetched[i]!.includes(b.catalog.file);
      const othersAtStart = b.otherCatalogs.filter((f) => fetched[i]!.includes(f));
      console.log(
        `${b.name}: English catalog ${b.catalog.file}: ${separate ? 'its own chunk' : 'INSIDE the entry'}, ` +
          `${b.inScript ? 'inside the start-up script' : preloaded ? 'preloaded beside the entry' : 'fetched after the entry ran'}; ` +
          `at start: ${atStart ? 'yes' : 'NO'}; ` +
          `other locales' catalogs: ${b.otherCatalogs.length} chunks, ${othersAtStart.length ? `fetched at start: ${othersAtStart.join(', ')}` : 'none fetched at start'}; ` +
          `JS fetched at start: ${fetched[i]!.length} files.`,
      );
    }
  } finally {
    for (const h of harnesses) h.stop();
    await browser?.close();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(`i18n benchmark failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
  process.exit(1);
});
