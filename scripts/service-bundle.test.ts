/**
 * The production build of the local Translation Service (test code, plain Node): bundles `service/cli.ts` with
 * scripts/build-service.mjs into a folder of its own, runs it with plain `node` (no tsx loader, no TypeScript) and
 * drives a slice of the conformance suite over HTTP: translate and its errors, languages, usage, glossaries,
 * detection, and documents through the bundled worker threads (txt, docx and PDF, whose libraries load as lazy
 * chunks and pdfjs's own worker file), plus an admin command of the CLI.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../service/test/http.js';
import { result, upload, waitUntilFinished, type Handle } from '../service/documents/test-support.js';
import { lineSplitter, parseReadyLine } from '../electron/main/services/ready-line.js';

const ROOT = join(import.meta.dirname, '..');

let outDir: string;
let dataDir: string;
let child: ChildProcess | undefined;
let pro = '';
let free = '';
let keys: { pro_key: string; free_key: string; admin_key: string };
const stderr: string[] = [];

beforeAll(async () => {
  // Inside the checkout, so the one external package (better-sqlite3) resolves from node_modules as in a release.
  // A fresh clone has no out/ yet.
  await mkdir(join(ROOT, 'out'), { recursive: true });
  outDir = await mkdtemp(join(ROOT, 'out', '.service-bundle-test-'));
  dataDir = await mkdtemp(join(outDir, 'data-'));
  const { buildService } = (await import('./build-service.mjs')) as { buildService: (o: { outdir: string }) => Promise<unknown> };
  await buildService({ outdir: join(outDir, 'service') });
  // The bundle must not need tsx: run it with a bare node, no loader, no NODE_OPTIONS.
  child = spawn(process.execPath, [join(outDir, 'service', 'cli.js'), 'serve', '--port', '0', '--free-port', '0', '--data-dir', dataDir, '--engines', 'pseudo', '--faults', '--quiet', '--exit-with-stdin'], {
    cwd: outDir,
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', lineSplitter((l) => stderr.push(l)));
  await new Promise<void>((resolve, reject) => {
    child!.stdout!.on(
      'data',
      lineSplitter((line) => {
        const info = parseReadyLine(line);
        if (!info) return;
        pro = info.proUrl;
        free = info.freeUrl;
        resolve();
      }),
    );
    child!.once('exit', (code) => reject(new Error(`the bundled service exited with ${code} before it was ready: ${stderr.slice(-5).join(' | ')}`)));
  });
  keys = JSON.parse(await readFile(join(dataDir, 'keys.json'), 'utf8')) as typeof keys;
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('node out/service/cli.js serve (bundled, no tsx)', () => {
  it('produced the entry, the document worker and pdfjs worker next to the chunks', () => {
    expect(existsSync(join(outDir, 'service', 'cli.js'))).toBe(true);
    expect(existsSync(join(outDir, 'service', 'worker.js'))).toBe(true);
    expect(existsSync(join(outDir, 'service', 'pdf.worker.mjs'))).toBe(true);
  });

  it('translates on the Pro and the Free base and labels pseudo output', async () => {
    const r = await call(pro, '/v2/translate', { key: keys.pro_key, json: { text: ['One', 'Two'], target_lang: 'DE', source_lang: 'EN' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-verso-engine')).toBe('pseudo');
    expect(r.body.translations.map((t: { text: string }) => t.text)).toEqual(['⟦Óñé⟧', '⟦Ŧŵó⟧']);
    const f = await call(free, '/v2/translate', { key: keys.free_key, form: [['text', 'Cat'], ['target_lang', 'DE']] });
    expect(f.status).toBe(200);
  });

  it('answers bad input and bad keys as the spec says', async () => {
    const bad = await call(pro, '/v2/translate', { key: keys.pro_key, json: { text: ['x'] } });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/target_lang/);
    expect((await call(pro, '/v2/usage', { key: 'not-a-key' })).status).toBe(403);
    expect((await call(pro, '/v2/nothing-here', { key: keys.pro_key })).status).toBe(404);
  });

  it('lists languages and counts usage', async () => {
    const langs = await call(pro, '/v2/languages?type=target', { key: keys.pro_key });
    expect(langs.status).toBe(200);
    expect(langs.body.length).toBeGreaterThan(0);
    const usage = await call(pro, '/v2/usage', { key: keys.pro_key });
    expect(usage.status).toBe(200);
    expect(usage.body.character_count).toBeGreaterThan(0);
  });

  it('detects the source language (detection chunk with its bundled data)', async () => {
    const r = await call(pro, '/v2/translate', { key: keys.pro_key, json: { text: ['Der schnelle braune Fuchs springt über den faulen Hund.'], target_lang: 'EN-GB' } });
    expect(r.status, r.text).toBe(200);
    expect(r.body.translations[0].detected_source_language).toBe('DE');
  });

  it('creates a glossary and reads its entries back', async () => {
    const g = await call(pro, '/v2/glossaries', {
      key: keys.pro_key,
      json: { name: 'Bundle', source_lang: 'en', target_lang: 'de', entries: 'car\tAuto', entries_format: 'tsv' },
    });
    expect(g.status, g.text).toBe(201);
    const e = await call(pro, `/v2/glossaries/${g.body.glossary_id}/entries`, { key: keys.pro_key });
    expect(e.status).toBe(200);
    expect(e.text).toContain('Auto');
  });

  async function translateDocument(name: string, content: Buffer | string): Promise<Buffer> {
    const up = await upload(pro, keys.pro_key, { name, content, target: 'DE', source: 'EN' });
    expect(up.status, up.bytes.toString()).toBe(200);
    const h = up.body as Handle;
    const done = await waitUntilFinished(pro, keys.pro_key, h);
    expect(done.body.status, JSON.stringify(done.body)).toBe('done');
    const res = await result(pro, keys.pro_key, h);
    expect(res.status).toBe(200);
    return res.bytes;
  }

  it('translates a txt document in the bundled worker thread', async () => {
    const out = await translateDocument('note.txt', 'Hello world.\n');
    expect(out.toString('utf8')).toContain('⟦');
  });

  it('translates a docx (office chunk) in the worker', async () => {
    const { Document, Packer, Paragraph } = await import('docx');
    const docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('Good morning.')] }] }));
    const out = await translateDocument('letter.docx', docx);
    expect(out.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  const noFont = !existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf');
  if (noFont) console.warn('[service-bundle] PDF test skipped: DejaVuSans.ttf is missing (install fonts-dejavu-core, as scripts/setup does).');
  it.skipIf(noFont)('translates a PDF (pdfjs and its worker file, pdf-lib, fontkit) in the worker', async () => {
    const { PDFDocument, StandardFonts } = await import('pdf-lib');
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([400, 300]);
    page.drawText('The red car is fast.', { x: 40, y: 200, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
    const out = await translateDocument('flyer.pdf', Buffer.from(await pdf.save()));
    expect(out.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('runs admin commands of the CLI with plain node', () => {
    const r = spawnSync(process.execPath, [join(outDir, 'service', 'cli.js'), 'account', 'list', '--data-dir', join(outDir, 'admin-data')], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    expect(r.status, r.stderr).toBe(0);
  });
});
