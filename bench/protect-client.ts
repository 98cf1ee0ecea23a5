/**
 * Protection of placeholders and code, client side (issue 22): what wrapping, unwrapping and QA cost per 1,000
 * segments, measured against translating the same 1,000 segments without them, in the same run (goal ≤ 5 %).
 *
 * Sides, each on the same 1,000 software strings (placeholders, URLs, paths, identifiers, tags, plain prose), sent
 * through `ApiClient` to the local service (pseudo engine, in its own process as for the app) in 20 requests of 50:
 * - without: the texts as typed, no QA (what Verso did before);
 * - with: `prepareTexts` (spans wrapped, plain text escaped as XML), the same requests, then unwrap + QA per answer.
 * Printed: the client's own time for wrap + unwrap + QA per 1,000 segments (timed alone, on recorded answers; wall
 * and CPU time, the CPU time being steadier on a loaded machine) as a share of the "without" round trip, and the
 * round-trip ratio with/without (which also holds the service's extra work on XML, so it is not the client's cost
 * alone). Medians over rounds, sides in alternating order.
 *
 * Then a long text in Text mode (`translate.run` through main's services against the local service in-process,
 * pseudo engine, as the app's tests run it): 1,000 and 4,000 paragraphs of ~130 characters with two protected spans
 * each, protection on and off. Printed: the time of each and the ratio 4,000 / 1,000 paragraphs, which is ~4 when
 * the path is linear (it was ~50: 8,000 spans took ~9 minutes while QA compared every span with every other).
 *
 *   npx tsx bench/protect-client.ts [--rounds 7] [--long-rounds 5]   (--long-rounds 0 skips the long text)
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createNodeHttpTransport } from '../electron/main/adapters/node-http.js';
import { createTestApp } from '../electron/main/test-support.js';
import { systemClock } from '../electron/main/adapters/node-clock.js';
import { createNodeLauncher } from '../electron/main/adapters/node-launcher.js';
import { ApiClient } from '../electron/main/services/api-client.js';
import { prepareTexts } from '../electron/main/services/translate-protect.js';
import { toView } from '../electron/main/services/translate.js';
import type { TranslateOptions, TranslationView } from '../shared/ipc/contract.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '7' }, 'long-rounds': { type: 'string', default: '5' } } });
const ROUNDS = Math.max(1, Number(values.rounds));
const LONG_ROUNDS = Math.max(0, Number(values['long-rounds']));
const N = 1000;
const BATCH = 50;

const TEMPLATES = [
  (i: number) => `Delete {count} items from the list ${i}?`,
  (i: number) => `Hello %s, you have %d new messages in folder ${i}.`,
  (i: number) => `Open /home/anna/.config/verso/settings-${i}.json and set COMPANY_CODE before you continue.`,
  (i: number) => `See https://verso.example/help/topic-${i}?lang=en&view=full for details.`,
  (i: number) => `{n, plural, one {# file was saved} other {# files were saved}} to ${i} folders.`,
  (i: number) => `Press <b>Save</b> to keep version 2.${i}.1 of the document.`,
  (i: number) => `The quick brown fox jumps over the lazy dog number ${i}, and then it rests for a while.`,
  (i: number) => `Run \`npm run build\` and check user.settings.theme in %(name)s's profile ${i}.`,
];
const segments = Array.from({ length: N }, (_, i) => TEMPLATES[i % TEMPLATES.length]!(i));
const options: TranslateOptions = { targetLang: 'DE', sourceLang: 'EN' };

const dir = await mkdtemp(join(tmpdir(), 'verso-bench-protect-'));
const launched = await createNodeLauncher({ entry: 'service/cli.ts', nodeArgs: ['--import', 'tsx'] }).launch({ dataDir: join(dir, 'service'), engines: ['pseudo'] });
const keys = JSON.parse(await readFile(join(dir, 'service', 'keys.json'), 'utf8')) as { pro_key: string };
const transport = createNodeHttpTransport();
const client = new ApiClient({ transport, clock: systemClock, baseUrl: launched.proUrl, apiKey: keys.pro_key, userAgent: 'Verso-bench' });

const chunks = (texts: readonly string[]) => Array.from({ length: Math.ceil(texts.length / BATCH) }, (_, i) => texts.slice(i * BATCH, (i + 1) * BATCH));

async function without(): Promise<TranslationView[]> {
  const out: TranslationView[] = [];
  for (const c of chunks(segments)) out.push(...(await client.translate(c, options)).translations.map(toView));
  return out;
}

async function withProtection(): Promise<TranslationView[]> {
  const prep = prepareTexts(segments, options, true);
  const out: TranslationView[] = [];
  for (const c of chunks(prep.texts)) out.push(...(await client.translate(c, prep.options)).translations.map(toView));
  return out.map((v, i) => prep.finish(v, segments[i]!, true, i));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

// Warm-up (JIT, connections, the service's pipelines) and a check that protection did its job.
await without();
const check = await withProtection();
const lost = check.filter((v) => (v.qa?.missing.length ?? 0) > 0).length;
if (lost > 0) throw new Error(`${lost} segments lost a protected span: the benchmark would measure a broken path`);

// The client's own work, alone: answers recorded once, then wrap + unwrap + QA timed on them.
const prep0 = prepareTexts(segments, options, true);
const recorded: TranslationView[] = [];
for (const c of chunks(prep0.texts)) recorded.push(...(await client.translate(c, prep0.options)).translations.map(toView));
function clientWork(): void {
  const p = prepareTexts(segments, options, true);
  for (let i = 0; i < N; i++) p.finish(recorded[i]!, segments[i]!, true, i);
}
clientWork();

const tWithout: number[] = [];
const tWith: number[] = [];
const tClient: number[] = [];
const cpuClient: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const order = r % 2 === 0 ? [without, withProtection] : [withProtection, without];
  for (const side of order) {
    const t0 = performance.now();
    await side();
    (side === without ? tWithout : tWith).push(performance.now() - t0);
  }
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  clientWork();
  const c = process.cpuUsage(c0);
  tClient.push(performance.now() - t0);
  cpuClient.push((c.user + c.system) / 1000);
}

const base = median(tWithout);
const prot = median(tWith);
const own = median(tClient);
console.log(`protect-client: ${N} segments in ${N / BATCH} requests, pseudo engine, ${ROUNDS} rounds (medians)`);
console.log(`  without protection or QA (baseline)     ${ms(base)}`);
console.log(`  with protection + QA, round trip        ${ms(prot)}   ratio ${(prot / base).toFixed(3)}×`);
console.log(`  client work alone (wrap+unwrap+QA)      ${ms(own)}   = ${((own / base) * 100).toFixed(1)} % of the baseline (goal ≤ 5 %)`);
console.log(`  the same in CPU time                     ${ms(median(cpuClient))}   = ${((median(cpuClient) / base) * 100).toFixed(1)} % of the baseline`);
console.log(`  per segment: ${((own / N) * 1000).toFixed(1)} µs of client work`);

await transport.close?.();
await launched.stop();
await rm(dir, { recursive: true, force: true });

// ---- Long text: does the time grow linearly with the number of paragraphs (and spans)? ---------------------------

if (LONG_ROUNDS > 0) await longTextScaling();

async function longTextScaling(): Promise<void> {
  const app = await createTestApp();
  const local = await app.call('connections.addLocal', {});
  if (!local.ok) throw new Error(local.error.message);
  let serial = 0;
  /** One long text of `n` paragraphs (fresh words per call, so no cache answers), translated once; time in ms. */
  async function longText(n: number, protect: boolean): Promise<number> {
    const tag = ++serial;
    const text = Array.from(
      { length: n },
      (_, i) => `Paragraph ${i} of run ${tag} has {count} items in /srv/data/${i}.txt & more, and the words around them are ordinary prose.`,
    ).join('\n\n');
    const t0 = performance.now();
    const r = await app.call('translate.run', { requestId: `bench-long-${tag}`, texts: [text], options: { targetLang: 'DE', sourceLang: 'EN', protect } });
    const took = performance.now() - t0;
    if (!r.ok) throw new Error(r.error.message);
    const out = r.data.translations[0]!;
    if (protect && (out.text.split('{count}').length !== n + 1 || (out.qa?.missing.length ?? 0) > 0)) throw new Error('a protected span was lost');
    return took;
  }
  await longText(1000, true);
  await longText(1000, false);
  const sizes = [1000, 4000];
  const longTimes = new Map<string, number[]>();
  for (let r = 0; r < LONG_ROUNDS; r++) {
    for (const n of r % 2 === 0 ? sizes : [...sizes].reverse()) {
      for (const protect of [true, false]) {
        const key = `${n}:${protect}`;
        longTimes.set(key, [...(longTimes.get(key) ?? []), await longText(n, protect)]);
      }
    }
  }
  const lt = (n: number, protect: boolean) => median(longTimes.get(`${n}:${protect}`)!);
  console.log(`\nlong text in Text mode (translate.run, local service in-process, pseudo engine), ${LONG_ROUNDS} rounds (medians)`);
  console.log(`${'paragraphs'.padEnd(12)}${'spans'.padStart(7)}${'protection on'.padStart(15)}${'off'.padStart(11)}${'on / off'.padStart(10)}`);
  for (const n of sizes) {
    console.log(`${String(n).padEnd(12)}${String(2 * n).padStart(7)}${ms(lt(n, true)).padStart(15)}${ms(lt(n, false)).padStart(11)}${`${(lt(n, true) / lt(n, false)).toFixed(2)}×`.padStart(10)}`);
  }
  console.log(
    `4,000 / 1,000 paragraphs: protection on ${(lt(4000, true) / lt(1000, true)).toFixed(2)}×, off ${(lt(4000, false) / lt(1000, false)).toFixed(2)}× (linear ≈ 4×)`,
  );
  await app.close();
}
