/**
 * PDF translation cost (bench script, `npx tsx bench/pdf-layout.ts`): a generated 100-page two-column text-heavy
 * paper and a 20-page image-heavy brochure go through the PDF handler with the pseudo engine, once with the
 * layout-preserving path (service/formats/pdf, the default) and once with the former reflow path (baseline), each
 * in its own child process so its peak RSS is its own. Printed side by side: pages/s, peak RSS, time inside the
 * engine and the share of time outside it, and the in-place figures as ratios to the reflow ones of the same run.
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { pseudoUnit } from '../service/engines/pseudo.js';
import { pdfHandler, reflowPdf } from '../service/formats/markup/pdf.js';
import type { FormatContext } from '../service/formats/types.js';

const WORDS =
  'the of and to in is was for on that with as by at from this be are it an or which have not had has but were all one their they there been more also when who would its can into other about time only than some these two new first retrieval passage model results table figure section method'.split(
    ' ',
  );
let seed = 42;
const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
const words = (n: number) =>
  Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(' ');

async function paper(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`${p + 1}. Section ${words(3)}`, { x: 60, y: 790, size: 14, font: bold });
    for (const x of [60, 310]) {
      let y = 760;
      while (y > 70) {
        for (let l = 0; l < 8 && y > 70; l++, y -= 12) page.drawText(words(7), { x, y, size: 10, font });
        y -= 10;
      }
    }
    page.drawText(String(p + 1), { x: 295, y: 40, size: 9, font });
  }
  return doc.save();
}

async function brochure(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  // A 600×400 RGB image, different per page (noise so it does not compress away).
  const { deflateSync } = await import('node:zlib');
  for (let p = 0; p < pages; p++) {
    const w = 600;
    const h = 400;
    const raw = Buffer.alloc((w * 3 + 1) * h);
    for (let i = 0; i < raw.length; i++) raw[i] = i % (w * 3 + 1) === 0 ? 0 : Math.floor(rand() * 256);
    const png = pngOf(w, h, deflateSync(raw));
    const page = doc.addPage([595, 842]);
    page.drawImage(await doc.embedPng(png), { x: 40, y: 420, width: 515, height: 360 });
    page.drawRectangle({ x: 40, y: 60, width: 515, height: 40, color: rgb(0.1, 0.3, 0.6) });
    page.drawText(`Discover ${words(3)}`, { x: 40, y: 380, size: 24, font: bold });
    for (let l = 0; l < 12; l++) page.drawText(words(9), { x: 40, y: 340 - 14 * l, size: 11, font });
  }
  return doc.save();
}

function pngOf(w: number, h: number, idat: Buffer): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    td.copy(out, 4);
    out.writeUInt32BE(crc(td), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Result {
  ms: number;
  engineMs: number;
  rssMb: number;
}

/** Child: one translation of `input` with the given path, timed. */
async function child(input: string, mode: 'inplace' | 'reflow'): Promise<void> {
  let engineMs = 0;
  const ctx: FormatContext = {
    targetLang: 'ES',
    sourceLang: 'EN',
    translate: async (units) => {
      const t = performance.now();
      const out = units.map((u) => pseudoUnit(u, 'ES'));
      engineMs += performance.now() - t;
      return out;
    },
  };
  const output = `${input}.${mode}.pdf`;
  const t0 = performance.now();
  if (mode === 'inplace') await pdfHandler.translate(input, output, 'pdf', ctx);
  else await reflowPdf(input, output, ctx);
  const ms = performance.now() - t0;
  const result: Result = { ms, engineMs, rssMb: process.resourceUsage().maxRSS / 1024 };
  process.send!(result);
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'verso-bench-pdf-'));
  try {
    const cases = [
      { name: '100-page paper', pages: 100, file: join(dir, 'paper.pdf'), bytes: await paper(100) },
      { name: '20-page brochure', pages: 20, file: join(dir, 'brochure.pdf'), bytes: await brochure(20) },
    ];
    const run = (file: string, mode: string) =>
      new Promise<Result>((resolve, reject) => {
        const p = fork(new URL(import.meta.url).pathname, ['--child', file, mode], {
          execArgv: ['--import', 'tsx'],
        });
        p.once('message', (m) => resolve(m as Result));
        p.once('exit', (code) => code !== 0 && reject(new Error(`child exited ${code}`)));
      });
    console.log(
      'case               path      pages/s  peak RSS MB  engine ms  total ms  outside engine  outside/engine',
    );
    for (const c of cases) {
      await writeFile(c.file, c.bytes);
      const reflow = await run(c.file, 'reflow');
      const inplace = await run(c.file, 'inplace');
      for (const [label, r] of [
        ['reflow', reflow],
        ['in place', inplace],
      ] as const) {
        const outside = r.ms - r.engineMs;
        console.log(
          `${c.name.padEnd(18)} ${label.padEnd(9)} ${(c.pages / (r.ms / 1000)).toFixed(1).padStart(7)}  ${r.rssMb.toFixed(0).padStart(11)}  ${r.engineMs.toFixed(0).padStart(9)}  ${r.ms.toFixed(0).padStart(8)}  ${((100 * outside) / r.ms).toFixed(1).padStart(13)}%  ${(outside / Math.max(r.engineMs, 0.001)).toFixed(1).padStart(13)}×`,
        );
      }
      console.log(
        `${c.name.padEnd(18)} in place / reflow: time ${(inplace.ms / reflow.ms).toFixed(2)}×, peak RSS ${(inplace.rssMb / reflow.rssMb).toFixed(2)}×`,
      );
    }
    console.log(
      '(pseudo engine: its time is tiny, so "outside/engine" is an upper bound of the ratio with Apertium)',
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3]!, process.argv[4] as 'inplace' | 'reflow');
else await main();
