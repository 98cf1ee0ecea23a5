/**
 * Glossary grid benchmark (issue 9), in headless Debian Chromium through the web harness (Node drives the page with
 * playwright-core; the harness runs the local service with the pseudo engine, and the glossary lives on it).
 *
 * A generated 10 MiB TSV of ~150,000 rows goes through the real path: the editor's file input → base64 → IPC →
 * main parses it → preview → "Use these entries" → the editor validates (shared/glossaries/rules.ts) → the
 * virtualized grid paints. Figures, each beside a baseline measured in the same run and page:
 *
 *   import      file input `change` → the grid's first paint with row 1 and the entry count in the summary
 *               (split at the preview: read + IPC + parse, then validate + first paint), against the floor: the
 *               same File read and cut with a plain `split('\n')` in the page.
 *   scroll      all rows from top to bottom, `--step` px a frame (a fling: every frame shows rows the last did
 *               not), frame intervals from requestAnimationFrame timestamps; p50/p95 and the share over 16.7 ms
 *               (a missed 60 Hz frame; +1 ms for timer jitter), against the same scroll of an empty div of the same
 *               height in the same page (the compositor's own floor).
 *   heap        renderer JS heap after a forced GC (CDP Runtime.getHeapUsage) with the glossary open, against the
 *               same page with the editor open and empty.
 *
 * Rounds run in fresh browser contexts; figures are medians over rounds.
 *
 *   npx tsx bench/glossary-grid.ts [--rounds 3] [--step 3600] [--renderer-dir /tmp/x-renderer]
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_LAUNCH } from '../e2e/chromium.js';
import { startHarness } from '../web/server.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    step: { type: 'string', default: '3600' },
    'renderer-dir': { type: 'string' },
  },
});
const ROUNDS = Math.max(1, Number(values.rounds) || 3);
const STEP = Math.max(100, Number(values.step) || 3600);
/** A frame longer than one 60 Hz frame, with 1 ms for the jitter of rAF timestamps. */
const SLOW_FRAME_MS = 1000 / 60 + 1;

// ~70 bytes a row (bench/glossary.ts's rows, a little shorter): ~150,000 rows just under the service's 10 MiB.
const LIMIT = 10 * 1024 * 1024 - 256;
const lines: string[] = [];
let size = -1;
for (let i = 0; ; i++) {
  const line = `term ${i} ${'x'.repeat(15 + (i % 10))}-end\tBegriff ${i} ${'y'.repeat(11 + (i % 8))}-ende`;
  if (size + line.length + 1 > LIMIT) break;
  lines.push(line);
  size += line.length + 1;
}
const ROWS = lines.length;
const FIRST_SOURCE = lines[0]!.split('\t')[0]!;

const dir = await mkdtemp(join(tmpdir(), 'verso-bench-glossary-grid-'));
const file = join(dir, 'termbase.tsv');
await writeFile(file, lines.join('\n'));
const harness = await startHarness({
  port: 0,
  dataDir: join(dir, 'app'),
  engines: ['pseudo'],
  log: () => undefined,
  ...(values['renderer-dir'] && { rendererDir: values['renderer-dir'] }),
});
const browser = await chromium.launch(CHROMIUM_LAUNCH);

/** Renderer JS heap after a full GC, in bytes. */
async function heapUsed(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  for (let i = 0; i < 2; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

/** Opens the Glossaries screen with a new, empty editor (the local engine's connection on first start). */
async function openEmptyEditor(page: Page) {
  await page.goto(harness.url);
  const start = page.getByRole('button', { name: 'Start translating with the local engine' });
  const nav = page.getByRole('link', { name: 'Glossaries' }).or(page.getByRole('button', { name: 'Glossaries' })).first();
  await start.or(nav).first().waitFor();
  if (await start.isVisible()) await start.click();
  await nav.click();
  await page.getByRole('button', { name: 'New glossary' }).click();
  await page.getByRole('button', { name: 'Import file…' }).click();
  await page.getByLabel('File', { exact: true }).waitFor({ state: 'attached' }); // the input is hidden behind its button
}

/**
 * Installs the import probe: from the file input's `change` to the preview, a click on "Use these entries" from the
 * page itself (no round trip to Node), then the first frame after the grid shows row 1 and the summary the count.
 */
async function armImportProbe(page: Page, rows: number, firstSource: string) {
  await page.evaluate(
    ({ rows, firstSource }) => {
      const w = window as unknown as { __import: Promise<{ preview: number; grid: number }>; __file?: File };
      const count = `${rows.toLocaleString('en')} entries`;
      const nextPaint = () =>
        new Promise<number>((ok) =>
          requestAnimationFrame(() => {
            const ch = new MessageChannel();
            ch.port1.onmessage = () => ok(performance.now());
            ch.port2.postMessage(0);
          }),
        );
      const when = (test: () => boolean) =>
        new Promise<void>((ok) => {
          if (test()) return ok();
          const obs = new MutationObserver(() => {
            if (test()) {
              obs.disconnect();
              ok();
            }
          });
          obs.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
        });
      w.__import = new Promise((resolve) => {
        document.addEventListener(
          'change',
          (e) => {
            const input = e.target as HTMLInputElement;
            if (input.type !== 'file') return;
            const t0 = e.timeStamp;
            w.__file = input.files![0]!;
            const useButton = () =>
              [...document.querySelectorAll('button')].find((b) => b.textContent === 'Use these entries') ?? null;
            void when(() => useButton() !== null)
              .then(nextPaint)
              .then((tPreview) => {
                const t1 = performance.now();
                useButton()!.click();
                return when(() => {
                  const cell = document.querySelector<HTMLInputElement>('input[aria-label="Source term, row 1"]');
                  return cell?.value === firstSource && (document.querySelector('.gl-summary')?.textContent ?? '').includes(count);
                })
                  .then(nextPaint)
                  .then((t2) => resolve({ preview: tPreview - t0, grid: t2 - t1 }));
              });
          },
          { capture: true, once: true },
        );
      });
    },
    { rows, firstSource },
  );
}

/** The floor: the same File read and cut into lines in the page (median of 5). */
async function floor(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const f = (window as unknown as { __file: File }).__file;
    const times: number[] = [];
    let n = 0;
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      n += (await f.text()).split('\n').length;
      times.push(performance.now() - t0);
    }
    if (n === 0) throw new Error('empty file');
    return times.sort((a, b) => a - b)[2]!;
  });
}

/** Scrolls `el` from top to bottom, STEP px a frame; returns the frame intervals (rAF timestamps). */
async function scrollThrough(page: Page, selector: string): Promise<{ intervals: number[]; lastRowShown: boolean }> {
  return page.evaluate(
    ({ selector, step }) =>
      new Promise<{ intervals: number[]; lastRowShown: boolean }>((resolve) => {
        const el = document.querySelector<HTMLElement>(selector)!;
        el.scrollTop = 0;
        const stamps: number[] = [];
        const frame = (ts: number) => {
          stamps.push(ts);
          const max = el.scrollHeight - el.clientHeight;
          if (el.scrollTop >= max) {
            // One more frame so the last rows are painted, then report.
            requestAnimationFrame((t) => {
              stamps.push(t);
              const nums = [...el.querySelectorAll('[data-index]')].map((r) => Number((r as HTMLElement).dataset.index));
              const last = Number(el.dataset.rows ?? -1);
              resolve({
                intervals: stamps.slice(1).map((t, i) => t - stamps[i]!),
                lastRowShown: last < 0 || nums.includes(last),
              });
            });
            return;
          }
          el.scrollTop = Math.min(max, el.scrollTop + step);
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    { selector, step: STEP },
  );
}

/** A plain div as tall as the grid's content, in the same page: the scroll floor. */
async function addBlankScroller(page: Page): Promise<void> {
  await page.evaluate(() => {
    const grid = document.querySelector<HTMLElement>('[data-testid="gl-scroll"]')!;
    const box = document.createElement('div');
    box.id = 'bench-blank';
    box.style.cssText = `position:fixed;inset-block-start:0;inset-inline-start:0;inline-size:${grid.clientWidth}px;block-size:${grid.clientHeight}px;overflow:auto;background:white`;
    const inner = document.createElement('div');
    inner.style.blockSize = `${grid.scrollHeight}px`;
    box.append(inner);
    document.body.append(box);
  });
}

interface Round {
  floor: number;
  preview: number;
  grid: number;
  heapEmpty: number;
  heapOpen: number;
  scroll: number[];
  blank: number[];
}
const rounds: Round[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // tsx compiles the functions passed to page.evaluate with esbuild's keepNames, which calls a `__name` helper.
  await context.addInitScript('window.__name = (f) => f;');
  const page = await context.newPage();
  await openEmptyEditor(page);
  const heapEmpty = await heapUsed(page);
  await armImportProbe(page, ROWS, FIRST_SOURCE);
  await page.getByLabel('File', { exact: true }).setInputFiles(file);
  const { preview, grid } = await page.evaluate(() => (window as unknown as { __import: Promise<{ preview: number; grid: number }> }).__import);
  // The draft is written to disk shortly after the import: measure the open glossary once that is done.
  await page.getByText('Changes kept on this computer').waitFor({ timeout: 60_000 });
  const fl = await floor(page);
  const heapOpen = await heapUsed(page);
  await page.locator('[data-testid="gl-scroll"]').evaluate((el, last) => (el.dataset.rows = String(last)), ROWS - 1);
  const scroll = await scrollThrough(page, '[data-testid="gl-scroll"]');
  if (!scroll.lastRowShown) throw new Error('The scroll did not reach the last row: the grid did not render it.');
  await addBlankScroller(page);
  const blank = await scrollThrough(page, '#bench-blank');
  rounds.push({ floor: fl, preview, grid, heapEmpty, heapOpen, scroll: scroll.intervals, blank: blank.intervals });
  await context.close();
}

await browser.close();
await harness.close();
await rm(dir, { recursive: true, force: true });

const med = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};
const pick = (k: 'floor' | 'preview' | 'grid' | 'heapEmpty' | 'heapOpen') => med(rounds.map((x) => x[k]));
const allScroll = rounds.flatMap((x) => x.scroll);
const allBlank = rounds.flatMap((x) => x.blank);
const slowShare = (xs: number[]) => xs.filter((x) => x > SLOW_FRAME_MS).length / xs.length;

const ms = (x: number) => `${x.toFixed(1)} ms`;
const mib = (b: number) => `${(b / 1048576).toFixed(1)} MiB`;
const pctf = (x: number) => `${(x * 100).toFixed(1)} %`;
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}×` : '—');
const row = (label: string, value: string, base: string, r: string) =>
  console.log(`${label.padEnd(44)}${value.padStart(12)}${base.padStart(14)}${r.padStart(9)}`);

const fl = pick('floor');
const preview = pick('preview');
const grid = pick('grid');
const total = med(rounds.map((x) => x.preview + x.grid));
console.log(
  `glossary grid, headless Chromium via the web harness: ${ROWS.toLocaleString('en')} rows, ${(size / 1048576).toFixed(2)} MiB TSV; ${ROUNDS} round(s), medians; scroll ${STEP} px a frame`,
);
row('', 'Verso', 'baseline', 'ratio');
row('import → first paint (goal < 1500 ms)', ms(total), ms(fl), ratio(total, fl));
row('  read + IPC + parse → preview painted', ms(preview), ms(fl), ratio(preview, fl));
row('  "Use these entries" → validated, painted', ms(grid), ms(fl), ratio(grid, fl));
console.log('  (baseline: File.text() + split(\'\\n\') of the same file in the page)');
row('scroll, frame interval p50', ms(pct(allScroll, 50)), ms(pct(allBlank, 50)), ratio(pct(allScroll, 50), pct(allBlank, 50)));
row('scroll, frame interval p95', ms(pct(allScroll, 95)), ms(pct(allBlank, 95)), ratio(pct(allScroll, 95), pct(allBlank, 95)));
row(`scroll, frames over ${SLOW_FRAME_MS.toFixed(1)} ms`, pctf(slowShare(allScroll)), pctf(slowShare(allBlank)), ratio(slowShare(allScroll), slowShare(allBlank)));
console.log(`  (baseline: an empty div of the same height in the same page; ${allScroll.length} and ${allBlank.length} frames;`);
console.log('   rAF intervals are 16.7 ms at 60 Hz, so a frame "over 16 ms" is one past 17.7 ms: a missed frame)');
row('renderer JS heap, glossary open', mib(pick('heapOpen')), mib(pick('heapEmpty')), ratio(pick('heapOpen'), pick('heapEmpty')));
console.log(`  (baseline: the same editor, empty; difference ${mib(pick('heapOpen') - pick('heapEmpty'))}, ${((pick('heapOpen') - pick('heapEmpty')) / ROWS).toFixed(0)} B a row)`);
