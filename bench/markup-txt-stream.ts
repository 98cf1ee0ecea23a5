/**
 * Benchmark (run by hand: `npx tsx service/formats/markup/txt-stream.bench.ts`): peak memory and speed of the
 * streaming txt handler against a whole-file baseline measured in the same run, each case in its own child
 * process so peak RSS (maxRSS) belongs to that case alone. Prints ratios, asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BatchTranslator } from '../service/formats/markup/common.js';
import { txtHandler } from '../service/formats/markup/txt.js';

const SELF = fileURLToPath(import.meta.url);
const identity = async (units: string[]): Promise<string[]> => units.map((u) => u.toUpperCase());

async function makeFile(path: string, megabytes: number): Promise<void> {
  const paragraph =
    'The quick brown fox jumps over the lazy dog, again and again.\nA second line follows here.\n\n';
  const block = paragraph.repeat(Math.ceil((1024 * 1024) / paragraph.length));
  const fh = await open(path, 'w');
  for (let i = 0; i < megabytes; i++) await fh.write(block);
  await fh.close();
}

/** Child mode: run one case and print `{ms, maxRssMb}`. */
async function child(mode: string, input: string, output: string): Promise<void> {
  const start = performance.now();
  if (mode === 'stream') {
    await txtHandler.translate(input, output, 'txt', { translate: identity, targetLang: 'DE' });
  } else {
    // Baseline: what a non-streaming handler does (whole file in memory, split, translate, join, write).
    const text = await readFile(input, 'utf8');
    const parts = text.split(/(\r?\n(?:[ \t]*\r?\n)+)/);
    const paragraphs = await new BatchTranslator(identity).translate(parts.filter((_, i) => i % 2 === 0));
    await writeFile(output, parts.map((p, i) => (i % 2 === 0 ? paragraphs[i / 2]! : p)).join(''));
  }
  const ms = performance.now() - start;
  console.log(JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'verso-bench-txt-'));
  try {
    const rows: Array<{ size: number; mode: string; ms: number; maxRssMb: number }> = [];
    for (const size of [10, 60]) {
      const input = join(dir, `in-${size}.txt`);
      await makeFile(input, size);
      for (const mode of ['whole', 'stream']) {
        const out = execFileSync(
          process.execPath,
          ['--import', 'tsx', SELF, 'child', mode, input, join(dir, 'out.txt')],
          {
            encoding: 'utf8',
          },
        );
        rows.push({
          size,
          mode,
          ...(JSON.parse(out.trim().split('\n').pop()!) as { ms: number; maxRssMb: number }),
        });
      }
    }
    console.log('size MB | mode   | time ms | peak RSS MB');
    for (const r of rows)
      console.log(
        `${String(r.size).padStart(7)} | ${r.mode.padEnd(6)} | ${r.ms.toFixed(0).padStart(7)} | ${r.maxRssMb.toFixed(0).padStart(6)}`,
      );
    const get = (size: number, mode: string) => rows.find((r) => r.size === size && r.mode === mode)!;
    console.log(
      `peak RSS growth 10→60 MB: whole ×${(get(60, 'whole').maxRssMb / get(10, 'whole').maxRssMb).toFixed(2)}, ` +
        `stream ×${(get(60, 'stream').maxRssMb / get(10, 'stream').maxRssMb).toFixed(2)}`,
    );
    console.log(
      `60 MB stream vs whole: RSS ×${(get(60, 'stream').maxRssMb / get(60, 'whole').maxRssMb).toFixed(2)}, ` +
        `time ×${(get(60, 'stream').ms / get(60, 'whole').ms).toFixed(2)}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'child') await child(process.argv[3]!, process.argv[4]!, process.argv[5]!);
else await main();
