/**
 * Office format overhead (bench script, run with `npx tsx bench/documents-office.ts`): a generated ~10 MB docx
 * (text paragraphs with bold runs plus an incompressible image) and a 100,000-cell xlsx go through the office
 * handlers. Each case runs in its own child process so its peak RSS is its own. Printed side by side:
 *   - handler with an identity translator (pure format cost: unzip, parse, mark, rebuild, rezip),
 *   - handler with the pseudo engine as translator,
 *   - the same units through the pseudo engine alone (a plain translate call, batches of 50),
 * with the format overhead as a ratio to the plain call measured in the same run.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import yazl from 'yazl';
import { createPseudoEngine } from '../service/engines/pseudo.js';
import { officeHandlers } from '../service/formats/office/index.js';
import type { FormatHandler } from '../service/formats/types.js';

const WORDS =
  'the of and to in is was for on that with as by at from this be are it an or which have not had has but were all one their they there been more also when who would its can into other about time only than some these two new first'.split(
    ' ',
  );

function makeRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const rand = makeRandom(42);
const words = (n: number): string => Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(' ');

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

async function writeDocx(path: string, targetBytes: number): Promise<number> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '[Content_Types].xml',
  );
  // The text part: paragraphs of three runs (plain with rsid and language noise, bold, plain).
  const parts: string[] = [`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${W}><w:body>`];
  let size = 0;
  let paragraphs = 0;
  const xmlTarget = targetBytes * 6;
  while (size < xmlTarget) {
    const p =
      `<w:p w:rsidR="00A1B2C3"><w:pPr><w:pStyle w:val="Normal"/></w:pPr><w:r w:rsidR="00D4E5F6"><w:rPr><w:rFonts w:ascii="Calibri"/><w:lang w:val="en-US"/></w:rPr><w:t xml:space="preserve">${words(12)} </w:t></w:r>` +
      `<w:r><w:rPr><w:rFonts w:ascii="Calibri"/><w:b/></w:rPr><w:t>${words(3)}</w:t></w:r><w:r><w:rPr><w:rFonts w:ascii="Calibri"/></w:rPr><w:t xml:space="preserve"> ${words(10)}.</w:t></w:r></w:p>\n`;
    parts.push(p);
    size += p.length;
    paragraphs++;
  }
  parts.push('<w:sectPr/></w:body></w:document>');
  zip.addBuffer(Buffer.from(parts.join('')), 'word/document.xml');
  zip.addBuffer(randomBytes(Math.floor(targetBytes * 0.35)), 'word/media/image1.png', { compress: false });
  zip.end();
  const out = createWriteStream(path);
  zip.outputStream.pipe(out);
  await once(out, 'close');
  return paragraphs;
}

async function writeXlsx(path: string, cells: number): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Data');
  const cols = 10;
  for (let r = 1; r <= cells / cols; r++) {
    const row: (string | number)[] = [];
    for (let c = 0; c < cols; c++) row.push(c < 5 ? words(2 + Math.floor(rand() * 3)) : Math.round(rand() * 1e6) / 100);
    ws.addRow(row);
  }
  await wb.xlsx.writeFile(path);
}

interface CaseResult {
  ms: number;
  maxRssMb: number;
  characters: number;
  units: number;
}

/** Child process: runs one case and reports time, peak RSS and counts. */
async function runCase(kind: string, file: string, out: string): Promise<CaseResult> {
  const handler = officeHandlers.find((h) => h.extensions.includes(kind)) as FormatHandler;
  const engine = createPseudoEngine();
  const mode = process.argv[4];
  const collected: string[] = [];
  const t0 = performance.now();
  let characters = 0;
  if (mode === 'plain') {
    // Collect the units without timing, then time only the engine on them.
    await handler.translate(file, out, kind, { targetLang: 'DE', translate: async (u) => (collected.push(...u), u) });
    const start = performance.now();
    for (let i = 0; i < collected.length; i += 50) await engine.translate({ source: 'EN', target: 'DE', units: collected.slice(i, i + 50) });
    return { ms: performance.now() - start, maxRssMb: process.resourceUsage().maxRSS / 1024, characters: 0, units: collected.length };
  }
  const translate =
    mode === 'identity'
      ? async (u: string[]) => (collected.push(...u), u)
      : async (u: string[]) => (collected.push(...u), engine.translate({ source: 'EN', target: 'DE', units: u }));
  characters = (await handler.translate(file, out, kind, { targetLang: 'DE', translate })).characters;
  return { ms: performance.now() - t0, maxRssMb: process.resourceUsage().maxRSS / 1024, characters, units: collected.length };
}

async function inChild(kind: string, file: string, out: string, mode: string): Promise<CaseResult> {
  const child = fork(new URL(import.meta.url).pathname, ['child', kind, mode, file, out], { stdio: 'inherit' });
  const [msg] = (await once(child, 'message')) as [CaseResult];
  await once(child, 'exit');
  return msg;
}

if (process.argv[2] === 'child') {
  const [, , , kind, , file, out] = process.argv;
  const r = await runCase(kind as string, file as string, out as string);
  process.send?.(r);
} else {
  const dir = await mkdtemp(join(tmpdir(), 'verso-bench-office-'));
  try {
    const docx = join(dir, 'big.docx');
    const xlsx = join(dir, 'big.xlsx');
    const paragraphs = await writeDocx(docx, 10 * 1024 * 1024);
    await writeXlsx(xlsx, 100_000);
    const rows: string[][] = [];
    for (const [kind, file, what] of [
      ['docx', docx, `${paragraphs} paragraphs`],
      ['xlsx', xlsx, '100,000 cells'],
    ] as const) {
      const mb = ((await stat(file)).size / 1048576).toFixed(1);
      const identity = await inChild(kind, file, join(dir, `id.${kind}`), 'identity');
      const pseudo = await inChild(kind, file, join(dir, `ps.${kind}`), 'pseudo');
      const plain = await inChild(kind, file, join(dir, `pl.${kind}`), 'plain');
      rows.push([
        `${kind} ${mb} MB (${what}, ${identity.units} units, ${identity.characters} chars)`,
        `${identity.ms.toFixed(0)} ms / ${identity.maxRssMb.toFixed(0)} MB`,
        `${pseudo.ms.toFixed(0)} ms / ${pseudo.maxRssMb.toFixed(0)} MB`,
        `${plain.ms.toFixed(0)} ms`,
        `${(identity.ms / plain.ms).toFixed(2)}×`,
        `${(pseudo.ms / plain.ms).toFixed(2)}×`,
      ]);
    }
    const head = ['case', 'handler+identity (time / peak RSS)', 'handler+pseudo', 'plain pseudo translate', 'identity/plain', 'pseudo/plain'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
    for (const r of [head, ...rows]) console.log(r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  '));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
