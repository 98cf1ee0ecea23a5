/**
 * Start-up trace (diagnostic, `npx tsx bench/start-trace.ts [--unminified] [--cpu-profile FILE]`): what happens, in
 * order, while a returning user's Translate screen opens in the web harness — each file fetched, each call to main
 * (sent → answered, with how long it took), first paints, long tasks (> 50 ms of the main thread), DOMContentLoaded,
 * the moment the text box exists and the moment the page is idle (what `bench/renderer-size.ts` times). It prints no
 * ratio and sets no goal: it is the tool to find what `renderer-size` should be asked next. The first load goes
 * through first run (the local engine, pseudo); the second warms the browser; the third is printed. `--cpu-profile`
 * writes that load's main-thread CPU profile (open it in Chromium's DevTools); `--unminified` keeps function names;
 * `--warm` makes the three loads in one browser profile (assets and compiled code kept, as between desktop starts).
 * With `--cpu-profile` it also prints each function's own time until the text box is in the page, and from then
 * until the page is idle.
 */
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_LAUNCH } from '../e2e/chromium.js';
import { buildRenderer, startHarness } from './renderer-harness.js';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const { values } = parseArgs({
  options: { unminified: { type: 'boolean', default: false }, warm: { type: 'boolean', default: false }, 'cpu-profile': { type: 'string' } },
});

/** Runs in the page before its scripts: records paints, long tasks and every message on the harness's socket. */
const PROBE = `
  window.__trace = [];
  const at = () => Math.round(performance.now());
  const note = (t, what) => window.__trace.push([t, what]);
  new PerformanceObserver((l) => { for (const e of l.getEntries()) note(Math.round(e.startTime), 'long task ' + Math.round(e.duration) + ' ms'); }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) note(Math.round(e.startTime), e.name); }).observe({ type: 'paint', buffered: true });
  const sent = new Map();
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (ev) => {
        const m = JSON.parse(ev.data);
        if (m.type === 'result') { const s = sent.get(m.id); note(at(), 'answer  ' + s.name + ' (' + (at() - s.t) + ' ms)'); }
        else if (m.type === 'event') note(at(), 'event   ' + m.name);
      });
    }
    send(data) {
      const m = JSON.parse(data);
      if (m.type === 'call') { sent.set(m.id, { name: m.name, t: at() }); note(at(), 'call    ' + m.name); }
      return super.send(data);
    }
  };
  note(at(), 'probe   (the page starts running script)');
  const pageFetch = window.fetch;
  window.fetch = function (input, init) {
    note(at(), 'called  fetch ' + String(input));
    return pageFetch.call(this, input, init);
  };
  // Named, and busy for a millisecond, so a CPU profile has a sample of each moment (see summarize()).
  function versoTraceMarkTextBox() { const t = performance.now(); while (performance.now() - t < 1); }
  function versoTraceMarkIdle() { const t = performance.now(); while (performance.now() - t < 1); }
  window.__usable = new Promise((resolve) => {
    const check = () => {
      if (!document.querySelector('#source-text')) return false;
      note(at(), 'text box in the page');
      versoTraceMarkTextBox();
      requestIdleCallback(() => { versoTraceMarkIdle(); note(at(), 'idle: usable'); resolve(); });
      return true;
    };
    document.addEventListener('DOMContentLoaded', () => {
      note(at(), 'DOMContentLoaded');
      if (!check()) { const obs = new MutationObserver(() => check() && obs.disconnect()); obs.observe(document.body, { childList: true, subtree: true }); }
    });
  });
`;

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'verso-start-trace-'));
  try {
    const out = join(work, 'renderer');
    await buildRenderer(ROOT, out, { minify: !values.unminified });
    const harness = await startHarness(ROOT, out, join(work, 'data'));
    const browser = await chromium.launch(CHROMIUM_LAUNCH);
    try {
      let shared: import('playwright-core').BrowserContext | undefined;
      for (let i = 0; i < 3; i++) {
        const context = values.warm ? (shared ??= await browser.newContext()) : await browser.newContext();
        const page = await context.newPage();
        await page.addInitScript(PROBE);
        const cdp = i === 2 && values['cpu-profile'] ? await context.newCDPSession(page) : null;
        if (cdp) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        }
        await page.goto(harness.url);
        if (i === 0) {
          await page.getByRole('button', { name: 'Start translating with the local engine' }).click();
          await page.locator('#source-text').waitFor();
        }
        await page.evaluate(() => (window as unknown as { __usable: Promise<void> }).__usable);
        if (i === 2) {
          const rows = await page.evaluate(() => [
            ...performance.getEntriesByType('navigation').flatMap((e) => {
              const n = e as PerformanceNavigationTiming;
              return [[Math.round(n.responseStart), 'page    first byte'], [Math.round(n.responseEnd), 'page    last byte']] as [number, string][];
            }),
            ...performance
              .getEntriesByType('resource')
              .map((e) => [Math.round(e.startTime), `fetch   ${new URL(e.name).pathname} (until ${Math.round((e as PerformanceResourceTiming).responseEnd)})`] as [number, string]),
            ...(window as unknown as { __trace: [number, string][] }).__trace,
          ]);
          for (const [t, what] of rows.sort((a, b) => a[0] - b[0])) console.log(`${String(t).padStart(6)} ms  ${what}`);
        }
        if (cdp) {
          const { profile } = await cdp.send('Profiler.stop');
          await writeFile(values['cpu-profile']!, JSON.stringify(profile));
          console.log(`\nCPU profile of this load: ${values['cpu-profile']}`);
          summarize(profile as unknown as CpuProfile);
        }
        await (values.warm ? page.close() : context.close());
      }
    } finally {
      await browser.close();
      harness.stop();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }>;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Prints where the main thread's time went in two windows of the profiled load: until the text box is in the page,
 * and from then until the page is idle — each function's own time (its callees not counted), most first.
 */
function summarize(profile: CpuProfile): void {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inFrame = (id: number, name: string): boolean => {
    for (let i: number | undefined = id; i !== undefined; i = parent.get(i)) if (nodes.get(i)?.callFrame.functionName === name) return true;
    return false;
  };
  const at = (id: number) => {
    const f = nodes.get(id)!.callFrame;
    return `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}:${f.columnNumber + 1}`.trim();
  };
  const windows = [new Map<string, number>(), new Map<string, number>()];
  let w = 0;
  for (const [i, id] of profile.samples.entries()) {
    if (w === 0 && inFrame(id, 'versoTraceMarkTextBox')) w = 1;
    else if (w === 1 && inFrame(id, 'versoTraceMarkIdle')) break;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    windows[w]!.set(at(id), (windows[w]!.get(at(id)) ?? 0) + ms);
  }
  for (const [n, title] of ['until the text box is in the page', 'text box → idle'].entries()) {
    const rows = [...windows[n]!].filter(([k]) => !k.startsWith('(idle)')).sort((a, b) => b[1] - a[1]);
    const busy = rows.reduce((sum, [, ms]) => sum + ms, 0);
    console.log(`\n${title}: ${busy.toFixed(0)} ms busy`);
    for (const [k, ms] of rows.slice(0, 15)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${k}`);
  }
}

main().catch((e: unknown) => {
  console.error(`start trace failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
