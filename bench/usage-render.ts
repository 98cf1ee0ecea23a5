/**
 * Usage and Keys screens in headless Debian Chromium (Node, issue 11), each figure beside a baseline measured in
 * the same run. Two local Translation Services stand in for hosted accounts and two in-process web harnesses run
 * Verso against them (one each); only the amount of data differs between the two sides:
 *
 *   subject   a year of daily usage snapshots (written into the harness's `usage/` folder before it starts, in the
 *             format `electron/main/services/usage.ts` reads) and 1,000 developer keys on its service
 *   baseline  one usage snapshot and 10 developer keys
 *
 * Keys are made through the service's admin API as Verso would (POST, then PUT …/deactivate for all but 20 of them:
 * the service refuses more than 25 active keys). Each round opens a fresh browser context per side (nothing
 * cached, uPlot fetched again), waits for the Translate screen, then:
 *   - clicks Usage and times, from the click and from the arrival of the last piece of data the chart needs
 *     (`usage.get` / `usage.history` answers on the harness's WebSocket), until the uPlot canvas is in the page
 *     and the next frame is produced (requestAnimationFrame + MessageChannel, the usual next-paint probe);
 *   - clicks Keys and times the same until the first table row is painted (data: `adminKeys.list`);
 *   - types a query into the Keys search box one key at a time: keydown → next paint (the input echo), and
 *     keydown → the table shows the filtered result (its aria-rowcount equals what `filterKeys` gives for the
 *     same keys and query; only keystrokes that change the count are counted there, since an unchanged count is
 *     already "shown").
 * Also the renderer's initial JS gzipped (what index.html loads first, counted as `bench/renderer-size.ts` does)
 * next to an empty Vite + React page, and whether the uPlot chunk stays out of it.
 *
 *   npx tsx bench/usage-render.ts [--rounds 7] [--keys 1000] [--renderer-dir DIR]
 *
 * Without --renderer-dir the renderer is built into a temp dir first (other sessions rebuild out/renderer).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildEmptyPage, buildRenderer, initialJsFiles } from './renderer-harness.js';
import { CHROMIUM_LAUNCH } from '../e2e/chromium.js';
import { keyView } from '../electron/main/services/admin-keys.js';
import { filterKeys } from '../renderer/screens/keys/KeysTable.js';
import type { UsageSnapshot } from '../shared/ipc/contract-usage.js';
import type { WireDeveloperKey } from '../shared/spec/wire.js';
import { startHarness, type Harness } from '../web/server.js';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    keys: { type: 'string', default: '1000' },
    'renderer-dir': { type: 'string' },
  },
});
const ROUNDS = Math.max(1, Number(values.rounds) || 7);
const MANY_KEYS = Math.max(30, Number(values.keys) || 1000);
const FEW_KEYS = 10;
/** Typed into the Keys search box, one key at a time. */
const QUERY = 'robot 42';
const DAY = 86_400_000;

// ----- Local services (child processes, like e2e/fixtures.ts) -----

interface Service {
  url: string;
  keys: { pro_key: string; admin_key: string };
  child: ChildProcess;
}

async function startService(dataDir: string): Promise<Service> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'service/cli.ts'), 'serve', '--host', '127.0.0.1', '--port', '0', '--free-port', '0', '--data-dir', dataDir, '--engines', 'pseudo', '--quiet'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } },
  );
  const url = await new Promise<string>((ok, fail) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      const m = out.match(/\[verso-service\] ready pro=(\S+)/);
      if (m) ok(m[1]!);
    });
    child.stderr!.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.once('exit', (code) => fail(new Error(`the local service exited (${code}):\n${out}`)));
  });
  const keys = JSON.parse(await readFile(join(dataDir, 'keys.json'), 'utf8')) as Service['keys'];
  return { url, keys, child };
}

async function call(s: Service, method: string, path: string, key: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: { Authorization: `Service-Auth-Key ${key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

const LABELS = ['Build server', 'Staging', 'Production', 'Laptop', 'CI robot'];

/** Brings the account to `total` developer keys, at most 22 of them active (the service allows 25). */
async function makeKeys(s: Service, total: number): Promise<WireDeveloperKey[]> {
  const existing = (await call(s, 'GET', '/v2/admin/developer-keys', s.keys.admin_key)) as WireDeveloperKey[];
  const keepActive = 20;
  let made = 0;
  const toMake = total - existing.length;
  // Sequential batches: create a few, deactivate the ones past the active budget, repeat.
  while (made < toMake) {
    const batch = Math.min(20, toMake - made);
    const created = (await Promise.all(
      Array.from({ length: batch }, (_, j) =>
        call(s, 'POST', '/v2/admin/developer-keys', s.keys.admin_key, { label: `${LABELS[(made + j) % LABELS.length]} ${made + j}` }),
      ),
    )) as WireDeveloperKey[];
    made += batch;
    if (total > keepActive + existing.length) {
      const deactivate = created.filter((_, j) => made - batch + j < toMake - keepActive);
      await Promise.all(deactivate.map((k) => call(s, 'PUT', '/v2/admin/developer-keys/deactivate', s.keys.admin_key, { key_id: k.key_id })));
    }
  }
  return (await call(s, 'GET', '/v2/admin/developer-keys', s.keys.admin_key)) as WireDeveloperKey[];
}

/** Bills `chars` characters to the account (so the service's count agrees with the recorded history). */
async function bill(s: Service, chars: number): Promise<void> {
  for (let left = chars; left > 0; left -= 20_000) {
    await call(s, 'POST', '/v2/translate', s.keys.pro_key, { text: ['x'.repeat(Math.min(20_000, left))], target_lang: 'DE' });
  }
}

// ----- Usage snapshots (the file usage.ts reads: `usage/snapshots-<connection id>.json`) -----

/** One read per day at noon UTC for `days` days up to yesterday; calendar-month periods as the service reports. */
function dailySnapshots(days: number, now: number): UsageSnapshot[] {
  const out: UsageSnapshot[] = [];
  let count = 0;
  for (let d = days; d >= 1; d--) {
    const at = new Date(Math.floor((now - d * DAY) / DAY) * DAY + DAY / 2);
    const y = at.getUTCFullYear();
    const m = at.getUTCMonth();
    if (at.getUTCDate() === 1) count = 0;
    count += 1_500 + (d % 7) * 400;
    out.push({
      at: at.toISOString(),
      characterCount: count,
      characterLimit: 1_000_000_000_000,
      apiKeyCharacterCount: count,
      apiKeyCharacterLimit: 1_000_000_000_000,
      startTime: new Date(Date.UTC(y, m, 1)).toISOString(),
      endTime: new Date(Date.UTC(y, m + 1, 1)).toISOString(),
    });
  }
  return out;
}

// ----- Renderer builds and initial JS (as bench/renderer-size.ts counts it) -----

async function initialJs(outDir: string): Promise<{ gzip: number; files: string[] }> {
  const files = await initialJsFiles(outDir);
  let gzip = 0;
  for (const f of files) gzip += gzipSync(await readFile(join(outDir, f)), { level: 9 }).length;
  return { gzip, files };
}

// ----- In-page probes -----

/**
 * Installed before the page's scripts: notes when each IPC answer arrives on the harness's WebSocket (a listener
 * added in the constructor runs before the shim's `onmessage`), and when the last click happened.
 */
const PROBE = `(() => {
  const names = new Map();
  window.__arrivals = [];
  const Ws = window.WebSocket;
  window.WebSocket = class extends Ws {
    constructor(...a) {
      super(...a);
      this.addEventListener('message', (ev) => {
        const t = performance.now();
        const m = JSON.parse(String(ev.data));
        if (m.type === 'result' && names.has(m.id)) window.__arrivals.push({ name: names.get(m.id), t });
      });
    }
    send(d) {
      try { const m = JSON.parse(d); if (m.type === 'call') names.set(m.id, m.name); } catch {}
      super.send(d);
    }
  };
  document.addEventListener('click', (e) => { window.__clickAt = e.timeStamp; }, true);
  window.__nextPaint = (fn) => requestAnimationFrame(() => { const ch = new MessageChannel(); ch.port1.onmessage = () => fn(performance.now()); ch.port2.postMessage(0); });
  window.__until = (sel) => new Promise((res) => {
    const fire = () => window.__nextPaint(res);
    if (document.querySelector(sel)) return fire();
    const mo = new MutationObserver(() => { if (document.querySelector(sel)) { mo.disconnect(); fire(); } });
    mo.observe(document.body, { childList: true, subtree: true });
  });
})();`;

interface W {
  __arrivals: { name: string; t: number }[];
  __clickAt: number;
  __until(sel: string): Promise<number>;
  __nextPaint(fn: (t: number) => void): void;
  __p: Promise<number>;
  __lat: { paint?: number; shown?: number }[];
  __expect: string;
}

/** Clicks a nav entry and returns click → painted and last-data → painted for the element `sel`. */
async function openScreen(page: Page, name: RegExp, sel: string, data: string[]): Promise<{ click: number; data: number }> {
  await page.evaluate((s) => {
    const w = window as unknown as W;
    w.__arrivals.length = 0;
    w.__p = w.__until(s);
  }, sel);
  await page.getByRole('button', { name }).or(page.getByRole('link', { name })).first().click();
  return page.evaluate(async (needed) => {
    const w = window as unknown as W;
    const painted = await w.__p;
    const seen = w.__arrivals.filter((a) => needed.includes(a.name) && a.t >= w.__clickAt && a.t <= painted);
    const last = seen.length ? Math.max(...seen.map((a) => a.t)) : w.__clickAt;
    return { click: painted - w.__clickAt, data: painted - last };
  }, data);
}

/** Types QUERY into the Keys search box; per key: keydown → next paint, keydown → table shows the result. */
async function typeQuery(page: Page, expected: number[]): Promise<{ paint: number[]; shown: number[] }> {
  const box = page.locator('#keys-search');
  await box.fill('');
  await page
    .waitForFunction((n) => document.querySelector('.keys-table')?.getAttribute('aria-rowcount') === String(n), expected[0]! + 1, { timeout: 20_000 })
    .catch(async () => {
      const seen = await page.locator('.keys-table').getAttribute('aria-rowcount').catch(() => 'no table');
      throw new Error(`The Keys table shows ${seen} rows (aria-rowcount), not the ${expected[0]! + 1} expected.`);
    });
  await box.focus();
  // A string, not a function: tsx wraps named inner functions in a helper that does not exist in the page.
  await page.evaluate(`(() => {
    window.__lat = [];
    document.addEventListener('keydown', (e) => {
      const t0 = e.timeStamp;
      const rec = {};
      window.__lat.push(rec);
      window.__nextPaint((t) => (rec.paint = t - t0));
      const check = () => {
        if (document.querySelector('.keys-table')?.getAttribute('aria-rowcount') === window.__expect) window.__nextPaint((t) => (rec.shown = t - t0));
        else requestAnimationFrame(check);
      };
      check();
    }, true);
  })()`);
  const paint: number[] = [];
  const shown: number[] = [];
  for (let i = 0; i < QUERY.length; i++) {
    await page.evaluate((n) => ((window as unknown as W).__expect = String(n + 1)), expected[i + 1]!);
    await page.keyboard.press(QUERY[i] === ' ' ? 'Space' : QUERY[i]!);
    const r = await page.waitForFunction((k) => {
      const x = (window as unknown as W).__lat[k];
      return x && x.paint !== undefined && x.shown !== undefined ? x : null;
    }, i, { timeout: 20_000 }).catch(async () => {
      const seen = await page.evaluate(() => [document.querySelector('.keys-table')?.getAttribute('aria-rowcount'), JSON.stringify((window as unknown as W).__lat), (window as unknown as W).__expect]);
      throw new Error(`Typing "${QUERY.slice(0, i + 1)}": the table shows ${seen[0]} rows (aria-rowcount), expected ${seen[2]}; probes ${seen[1]}`);
    });
    const { paint: p, shown: s } = (await r.jsonValue()) as { paint: number; shown: number };
    paint.push(p);
    if (expected[i + 1] !== expected[i]) shown.push(s);
  }
  return { paint, shown };
}

// ----- Run -----

interface Side {
  name: 'subject' | 'baseline';
  harness: Harness;
  expected: number[];
  usage: { click: number[]; data: number[] };
  keysOpen: { click: number[]; data: number[] };
  filter: { paint: number[]; shown: number[] };
}

async function setUpSide(work: string, name: Side['name'], rendererDir: string, keyCount: number, snapshotDays: number): Promise<Side & { service: Service }> {
  const service = await startService(join(work, `${name}-service`));
  const wire = await makeKeys(service, keyCount);
  const views = wire.map(keyView);
  const expected = Array.from({ length: QUERY.length + 1 }, (_, n) => filterKeys(views, QUERY.slice(0, n), 'all', 'newest').length);
  const now = Date.now();
  // The baseline's one snapshot is the subject's last one, so both screens show the same period and count.
  const snaps = dailySnapshots(365, now).slice(-snapshotDays);
  const last = snaps.at(-1)!;
  const thisMonth = last.startTime === new Date(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1)).toISOString();
  await bill(service, (thisMonth ? last.characterCount! : 0) + 1_000);

  const dataDir = join(work, `${name}-verso`);
  const opts = { port: 0, dataDir, rendererDir, engines: ['pseudo'], hostedProUrl: service.url, testCipher: true, warmLocal: false, log: () => undefined };
  // First start: the connection and its admin key (as the Connections and Keys screens would save them).
  let harness = await startHarness(opts);
  const conn = await harness.composed.services.connections.addHosted({ name: 'Work', apiKey: service.keys.pro_key });
  await harness.composed.services.connections.setSecret(conn.id, 'admin', service.keys.admin_key);
  await harness.close();
  await mkdir(join(dataDir, 'usage'), { recursive: true });
  await writeFile(join(dataDir, 'usage', `snapshots-${conn.id.replace(/[^A-Za-z0-9_-]/g, '_')}.json`), JSON.stringify({ snapshots: snaps }));
  harness = await startHarness(opts);
  return { name, harness, service, expected, usage: { click: [], data: [] }, keysOpen: { click: [], data: [] }, filter: { paint: [], shown: [] } };
}

async function round(browser: Browser, side: Side): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    await page.goto(side.harness.url);
    await page.getByRole('heading', { name: 'Translate', level: 1 }).waitFor();
    await page.evaluate(() => new Promise((r) => requestIdleCallback(r)));
    const u = await openScreen(page, /^Usage/, '.usage-chart-canvas canvas', ['usage.get', 'usage.history']);
    side.usage.click.push(u.click);
    side.usage.data.push(u.data);
    await page.evaluate(() => new Promise((r) => requestIdleCallback(r)));
    const k = await openScreen(page, /^Keys/, '.keys-scroll [role="row"]', ['adminKeys.list', 'adminKeys.access']);
    side.keysOpen.click.push(k.click);
    side.keysOpen.data.push(k.data);
    await page.evaluate(() => new Promise((r) => requestIdleCallback(r)));
    const f = await typeQuery(page, side.expected);
    side.filter.paint.push(...f.paint);
    side.filter.shown.push(...f.shown);
  } finally {
    await context.close();
  }
}

const pct = (xs: number[], p: number): number => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};
const ms = (x: number) => (Number.isNaN(x) ? '–' : `${x.toFixed(1)} ms`);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'verso-bench-usage-render-'));
  const services: Service[] = [];
  const harnesses: Harness[] = [];
  let browser: Browser | undefined;
  try {
    let rendererDir = values['renderer-dir'] ? resolve(values['renderer-dir']) : '';
    if (!rendererDir) {
      rendererDir = join(work, 'renderer');
      await buildRenderer(ROOT, rendererDir);
    }
    const empty = await buildEmptyPage(join(work, 'empty'));
    const js = await initialJs(rendererDir);
    const jsBase = await initialJs(empty);
    const assets = await readdir(join(rendererDir, 'assets'));
    const uplot = assets.find((a) => /uPlot.*\.js$/i.test(a));
    const uplotGz = uplot ? gzipSync(await readFile(join(rendererDir, 'assets', uplot)), { level: 9 }).length : 0;
    const uplotInitial = js.files.some((f) => /uPlot/i.test(f));

    const subject = await setUpSide(work, 'subject', rendererDir, MANY_KEYS, 365);
    services.push(subject.service);
    harnesses.push(subject.harness);
    const baseline = await setUpSide(work, 'baseline', rendererDir, FEW_KEYS, 1);
    services.push(baseline.service);
    harnesses.push(baseline.harness);

    browser = await chromium.launch(CHROMIUM_LAUNCH);
    // A warm-up round per side (browser process, harness, service caches), not counted.
    for (const s of [subject, baseline]) {
      const scratch: Side = { ...s, usage: { click: [], data: [] }, keysOpen: { click: [], data: [] }, filter: { paint: [], shown: [] } };
      await round(browser, scratch);
    }
    for (let r = 0; r < ROUNDS; r++) {
      for (const s of r % 2 ? [baseline, subject] : [subject, baseline]) await round(browser, s);
    }

    const rows: string[][] = [['metric', `subject`, 'baseline', 'ratio', 'goal']];
    const timed = (label: string, a: number[], b: number[], goal?: number) => {
      for (const [p, tag] of [[50, 'median'], [95, 'p95']] as const) {
        const x = pct(a, p);
        const y = pct(b, p);
        rows.push([`${label} (${tag})`, ms(x), ms(y), `${(x / y).toFixed(2)}×`, goal === undefined ? '' : `≤ ${goal} ms: ${x <= goal ? 'met' : 'NOT met'}`]);
      }
    };
    timed('Usage: click → chart painted', subject.usage.click, baseline.usage.click);
    timed('Usage: data → chart painted', subject.usage.data, baseline.usage.data, 100);
    timed('Keys: click → table painted', subject.keysOpen.click, baseline.keysOpen.click);
    timed('Keys: data → table painted', subject.keysOpen.data, baseline.keysOpen.data);
    timed('Keys filter: keydown → next paint', subject.filter.paint, baseline.filter.paint, 50);
    timed('Keys filter: keydown → result shown', subject.filter.shown, baseline.filter.shown, 50);
    rows.push(['initial JS gzipped (all screens)', kb(js.gzip), kb(jsBase.gzip), `${(js.gzip / jsBase.gzip).toFixed(2)}×`, `≤ 250 KB: ${js.gzip <= 250 * 1024 ? 'met' : 'NOT met'}`]);

    console.log(`Usage and Keys in headless Chromium: ${ROUNDS} rounds per side, fresh context each (plus one warm-up)`);
    console.log(`subject: 365 daily snapshots, ${MANY_KEYS} keys; baseline: 1 snapshot, ${FEW_KEYS} keys; baseline of initial JS: an empty Vite + React page`);
    console.log(`filter: typing "${QUERY}" (${QUERY.length} keys per round); rows shown per prefix: subject ${subject.expected.join(' → ')}, baseline ${baseline.expected.join(' → ')}\n`);
    const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
    for (const r of rows) console.log(r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '));
    console.log(`\nuPlot chunk ${kb(uplotGz)} gzipped, in the initial load: ${uplotInitial ? 'YES' : 'no (fetched when the chart mounts)'}; initial files: ${js.files.join(', ')}`);
  } finally {
    await browser?.close();
    for (const h of harnesses) await h.close().catch(() => undefined);
    for (const s of services) s.child.kill('SIGTERM');
    await rm(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

main().catch((e: unknown) => {
  console.error(`usage-render benchmark failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  process.exit(1);
});
