/**
 * Document translation through the local service (bench script, run with `npx tsx bench/documents.ts`
 * [--txt-mb 200] [--docx-mb 10] [--xlsx-cells 100000]). The service runs in a child process (pseudo engine) so
 * its memory is its own; the parent generates the files, drives the HTTP API and samples the child's RSS from
 * /proc. Printed side by side, measured in the same run:
 *   - a ~10 MB docx and a 100,000-cell xlsx: upload → done time and the service's peak RSS, next to the time the
 *     same text takes through `/v2/translate` (the format and lifecycle overhead, as a ratio);
 *   - a large txt upload: the service's RSS growth during upload and during translation (goal < 50 MB).
 * Asserts nothing.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import yazl from 'yazl';

const SELF = fileURLToPath(import.meta.url);

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

// ---- child: the service ------------------------------------------------------------------------------------

async function serve(): Promise<void> {
  const { startService } = await import('../service/server.js');
  const { createDocumentsPlugin } = await import('../service/documents/plugin.js');
  const dataDir = await mkdtemp(join(tmpdir(), 'verso-bench-docs-svc-'));
  const svc = await startService({
    inMemory: true,
    dataDir,
    engines: ['pseudo'],
    plugins: [createDocumentsPlugin({ maxUploadBytes: 1024 ** 3, jobTimeoutMs: 60 * 60_000 })],
  });
  process.send!({ proUrl: svc.proUrl, key: svc.keys.pro_key });
  process.on('message', async () => {
    await svc.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

// ---- parent: generators --------------------------------------------------------------------------------------

const WORDS =
  'the of and to in is was for on that with as by at from this be are it an or which have not had has but were all one their they there been more also when who would its can into other about time only than some these two new first'.split(
    ' ',
  );
let seed = 42;
const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
const words = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(' ');

/** A docx of about `megabytes` MB: paragraphs with a bold run, plus an incompressible image (35 % of the size). */
async function writeDocx(path: string, megabytes: number): Promise<string[]> {
  const texts: string[] = [];
  const parts = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
  ];
  let size = 0;
  while (size < megabytes * 1024 * 1024 * 5) {
    const [a, b, c] = [words(12), words(3), words(10)];
    texts.push(`${a} ${b} ${c}.`);
    const p =
      `<w:p><w:r><w:t xml:space="preserve">${a} </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>${b}</w:t></w:r>` +
      `<w:r><w:t xml:space="preserve"> ${c}.</w:t></w:r></w:p>\n`;
    parts.push(p);
    size += p.length;
  }
  parts.push('<w:sectPr/></w:body></w:document>');
  const zip = new yazl.ZipFile();
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '[Content_Types].xml',
  );
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    '_rels/.rels',
  );
  zip.addBuffer(Buffer.from(parts.join('')), 'word/document.xml');
  zip.addBuffer(randomBytes(Math.floor(megabytes * 1024 * 1024 * 0.35)), 'word/media/image1.png', { compress: false });
  zip.end();
  const out = createWriteStream(path);
  zip.outputStream.pipe(out);
  await once(out, 'close');
  return texts;
}

/** An xlsx with `cells` cells in 10 columns: 5 text columns, 5 number columns. Returns the texts. */
async function writeXlsx(path: string, cells: number): Promise<string[]> {
  const texts: string[] = [];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Data');
  for (let r = 0; r < cells / 10; r++) {
    const row: (string | number)[] = [];
    for (let c = 0; c < 10; c++) {
      if (c < 5) {
        const t = words(2 + Math.floor(rand() * 3));
        texts.push(t);
        row.push(t);
      } else row.push(Math.round(rand() * 1e6) / 100);
    }
    ws.addRow(row);
  }
  await wb.xlsx.writeFile(path);
  return texts;
}

async function writeTxt(path: string, megabytes: number): Promise<void> {
  const paragraph = 'The quick brown fox jumps over the lazy dog, again and again.\nA second line follows here.\n\n';
  const block = paragraph.repeat(Math.ceil((1024 * 1024) / paragraph.length));
  const out = createWriteStream(path);
  for (let i = 0; i < megabytes; i++) if (!out.write(block)) await once(out, 'drain');
  out.end();
  await once(out, 'close');
}

// ---- parent: measuring ----------------------------------------------------------------------------------------

function rssMb(pid: number): Promise<number> {
  return readFile(`/proc/${pid}/status`, 'utf8').then((s) => Number(/VmRSS:\s+(\d+)/.exec(s)![1]) / 1024);
}

/** Samples a process's RSS every 25 ms until stopped; returns the peak. */
function sampler(pid: number) {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await rssMb(pid));
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}

interface Conn {
  url: string;
  key: string;
}

async function uploadAndWait(
  c: Conn,
  path: string,
  name: string,
  onUploaded?: () => Promise<void>,
): Promise<{ ms: number; uploadMs: number }> {
  const start = performance.now();
  const form = new FormData();
  form.append('target_lang', 'DE');
  form.append('source_lang', 'EN');
  form.append('file', await openAsBlob(path), name);
  const res = await fetch(`${c.url}/v2/document`, {
    method: 'POST',
    headers: { authorization: `Service-Auth-Key ${c.key}` },
    body: form,
  });
  const handle = (await res.json()) as { document_id: string; document_key: string; message?: string };
  if (res.status !== 200) throw new Error(`upload of ${name} failed: ${res.status} ${handle.message}`);
  const uploadMs = performance.now() - start;
  await onUploaded?.();
  for (;;) {
    const s = await fetch(`${c.url}/v2/document/${handle.document_id}`, {
      method: 'POST',
      headers: { authorization: `Service-Auth-Key ${c.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ document_key: handle.document_key }),
    });
    const body = (await s.json()) as { status: string; message?: string };
    if (body.status === 'done') break;
    if (body.status === 'error') throw new Error(`${name} failed: ${body.message}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const ms = performance.now() - start;
  const r = await fetch(`${c.url}/v2/document/${handle.document_id}/result`, {
    method: 'POST',
    headers: { authorization: `Service-Auth-Key ${c.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ document_key: handle.document_key }),
  });
  await r.arrayBuffer();
  return { ms, uploadMs };
}

/** The same texts through /v2/translate: batches of at most 50 texts and under 128 KiB. */
async function translateTexts(c: Conn, texts: string[]): Promise<number> {
  const start = performance.now();
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const res = await fetch(`${c.url}/v2/translate`, {
      method: 'POST',
      headers: { authorization: `Service-Auth-Key ${c.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: batch, source_lang: 'EN', target_lang: 'DE' }),
    });
    if (res.status !== 200) throw new Error(`translate failed: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    batch = [];
    bytes = 0;
  };
  for (const t of texts) {
    const size = Buffer.byteLength(JSON.stringify(t)) + 1;
    if (batch.length === 50 || bytes + size > 120_000) await flush();
    batch.push(t);
    bytes += size;
  }
  await flush();
  return performance.now() - start;
}

async function main(): Promise<void> {
  const docxMb = arg('docx-mb', 10);
  const xlsxCells = arg('xlsx-cells', 100_000);
  const txtMb = arg('txt-mb', 200);
  const dir = await mkdtemp(join(tmpdir(), 'verso-bench-docs-'));
  const child: ChildProcess = fork(SELF, ['--serve'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  try {
    const [info] = (await once(child, 'message')) as [{ proUrl: string; key: string }];
    const c: Conn = { url: info.proUrl, key: info.key };
    const pid = child.pid!;
    console.log(`service pid ${pid}, idle RSS ${(await rssMb(pid)).toFixed(0)} MB`);

    const rows: string[][] = [];
    const cases: [string, string, string[]][] = [];
    if (docxMb > 0) {
      const docx = join(dir, 'big.docx');
      const docxTexts = await writeDocx(docx, docxMb);
      cases.push([`docx ${((await stat(docx)).size / 1048576).toFixed(1)} MB, ${docxTexts.length} paragraphs`, docx, docxTexts]);
    }
    if (xlsxCells > 0) {
      const xlsx = join(dir, 'big.xlsx');
      const xlsxTexts = await writeXlsx(xlsx, xlsxCells);
      cases.push([`xlsx ${xlsxCells} cells (${xlsxTexts.length} strings)`, xlsx, xlsxTexts]);
    }
    for (const [name, path, texts] of cases) {
      const s = sampler(pid);
      const doc = await uploadAndWait(c, path, path.endsWith('docx') ? 'big.docx' : 'big.xlsx');
      const peak = await s.stop();
      const text = await translateTexts(c, [...texts]);
      rows.push([
        name,
        `${(doc.ms / 1000).toFixed(1)} s (upload ${(doc.uploadMs / 1000).toFixed(1)} s)`,
        `${(text / 1000).toFixed(1)} s`,
        `${(doc.ms / text).toFixed(2)}×`,
        `${peak.toFixed(0)} MB`,
      ]);
    }
    console.log('\ncase | upload → done | same text via /v2/translate | ratio | service peak RSS');
    for (const r of rows) console.log(r.join(' | '));
    if (txtMb <= 0) return;

    const txt = join(dir, 'big.txt');
    await writeTxt(txt, txtMb);
    // Warm the worker pool with a 1 MB upload first, so the growth measured is what the size of the file costs,
    // not the one-time cost of starting a worker thread and loading the format modules.
    const warm = join(dir, 'warm.txt');
    await writeTxt(warm, 1);
    await uploadAndWait(c, warm, 'warm.txt');
    const before = await rssMb(pid);
    const s = sampler(pid);
    let uploadPeak = 0;
    let s2 = s;
    const t = await uploadAndWait(c, txt, 'big.txt', async () => {
      uploadPeak = await s.stop();
      s2 = sampler(pid);
    });
    const translatePeak = await s2.stop();
    const peak = Math.max(uploadPeak, translatePeak);
    console.log(
      `\ntxt ${txtMb} MB: upload ${(t.uploadMs / 1000).toFixed(1)} s, upload → done ${(t.ms / 1000).toFixed(1)} s; ` +
        `service RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, growth ${(peak - before).toFixed(0)} MB ` +
        `(upload and count ${(uploadPeak - before).toFixed(0)} MB, translation ${(translatePeak - before).toFixed(0)} MB; goal < 50 MB)`,
    );
  } finally {
    child.send('stop');
    await once(child, 'exit');
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve') await serve();
else await main();
