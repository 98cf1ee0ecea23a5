/**
 * The real-documents corpus through the local service (service process under test, pseudo engine): every file of
 * `../shared/real-documents/` (real files from public test corpora, described by its MANIFEST.tsv) is uploaded,
 * polled and downloaded over HTTP, and judged against its manifest row:
 *   translate → done, a valid document of the same kind, nothing left untranslated, every number and character
 *               still there, structure kept (./corpus-check.ts);
 *   notext    → done (valid output) or an error that says there is nothing to translate; never a crash;
 *   refuse-ok → a clear message for people, or a valid result;
 *   password  → a message that says the file is protected by a password;
 *   encoding  → a correct result, or a message that names the encoding.
 * Usage must equal the billed characters of the documents that ended `done`: failures are refunded.
 * The files are not part of this repository; without the folder the test is skipped with a printed reason.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { result, startDocService, upload, waitUntilFinished, type DocService } from '../documents/test-support.js';
import { call } from './http.js';
import { compare, looksHuman, readDocument } from './corpus-check.js';

const DIR = resolve(process.cwd(), '../shared/real-documents');
const present = existsSync(join(DIR, 'MANIFEST.tsv'));
if (!present) console.log(`corpus test skipped: ${DIR} is absent (the real documents are not part of the repository)`);

interface Row {
  file: string;
  special: string;
  source: string;
  target: string;
  expect: string;
  encoding: string;
}

function manifest(): Row[] {
  if (!present) return [];
  const lines = readFileSync(join(DIR, 'MANIFEST.tsv'), 'utf8').trim().split('\n');
  const head = lines[0]!.split('\t');
  const col = (cells: string[], name: string) => cells[head.indexOf(name)] ?? '';
  return lines.slice(1).map((l) => {
    const c = l.split('\t');
    return {
      file: col(c, 'file'),
      special: col(c, 'special'),
      source: col(c, 'source_lang'),
      target: col(c, 'target_lang'),
      expect: col(c, 'expect'),
      encoding: col(c, 'encoding'),
    };
  });
}

// VERSO_CORPUS_ONLY=docx (a substring of file names) runs a part of the corpus while working on one format.
const only = process.env.VERSO_CORPUS_ONLY;
const rows = manifest().filter((r) => !only || r.file.includes(only));
const extOf = (f: string) => f.slice(f.lastIndexOf('.') + 1).toLowerCase();
/** Outcome per file, for the per-format summary printed at the end. */
const outcomes = new Map<string, { ext: string; ok: boolean; note: string }>();
let billedDone = 0;

/** Encoding names as a user would read them in a message (`windows-1252` → `Windows-1252`, `cp500` → `EBCDIC`). */
function encodingMentioned(message: string, encoding: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const m = norm(message);
  const aliases: Record<string, string[]> = {
    cp500: ['cp500', 'ebcdic'],
    'x-mac-cyrillic': ['maccyrillic', 'xmaccyrillic'],
    shift_jis: ['shiftjis', 'sjis'],
  };
  return (aliases[encoding] ?? [encoding]).some((a) => m.includes(norm(a)));
}

let svc: DocService;
beforeAll(async () => {
  if (!present) return;
  svc = await startDocService({ concurrency: 2 });
}, 120_000);

afterAll(async () => {
  if (!present) return;
  const usage = await call(svc.proUrl, '/v2/usage', { key: svc.keys.pro_key });
  await svc.stop();
  const byExt = new Map<string, { in: number; ok: number }>();
  for (const o of outcomes.values()) {
    const e = byExt.get(o.ext) ?? { in: 0, ok: 0 };
    e.in++;
    if (o.ok) e.ok++;
    byExt.set(o.ext, e);
  }
  const lines = [...byExt].sort((a, b) => b[1].in - a[1].in).map(([ext, e]) => `${ext} ${e.ok}/${e.in}`);
  const failed = [...outcomes].filter(([, o]) => !o.ok).map(([f, o]) => `  ${f}: ${o.note}`);
  console.log(`corpus: handled / in per format: ${lines.join(', ')}\n${failed.join('\n')}`);
  // Every failed document was refunded: usage is exactly what the finished documents billed.
  if (outcomes.size === rows.length) expect(usage.body.character_count).toBe(billedDone);
});

async function run(row: Row): Promise<string[]> {
  const bytes = readFileSync(join(DIR, row.file));
  const name = row.file.split('__').slice(1).join('__');
  const ext = extOf(name);
  const up = await upload(svc.proUrl, svc.keys.pro_key, {
    name,
    content: bytes,
    target: row.target,
    source: row.source === '-' ? undefined : row.source,
  });
  let message: string | undefined;
  let output: Buffer | undefined;
  let outputName = '';
  if (up.status === 200) {
    const st = await waitUntilFinished(svc.proUrl, svc.keys.pro_key, up.body, 240_000);
    if (st.body.status === 'done') {
      const r = await result(svc.proUrl, svc.keys.pro_key, up.body);
      if (r.status !== 200) return [`download answered ${r.status}`];
      output = r.bytes;
      outputName = /filename="?([^";]+)/.exec(r.headers.get('content-disposition') ?? '')?.[1] ?? '';
      billedDone += st.body.billed_characters as number;
      if (row.expect === 'translate' && !(st.body.billed_characters > 0)) return ['done but nothing billed'];
    } else message = st.body.message as string;
  } else if (up.status >= 500) {
    return [`upload answered ${up.status}: ${up.body?.message}`];
  } else message = up.body?.message as string;

  const problems: string[] = [];
  if (message !== undefined && !looksHuman(message)) problems.push(`message not for people: ${message}`);
  switch (row.expect) {
    case 'translate':
      if (!output) return [`refused: ${message}`];
      break;
    case 'password':
      if (output || !/password/i.test(message ?? '')) problems.push(`expected a password message, got: ${message ?? 'a result'}`);
      return problems;
    case 'encoding':
      if (!output && !encodingMentioned(message ?? '', row.encoding)) problems.push(`message does not name ${row.encoding}: ${message}`);
      break;
    case 'notext':
    case 'refuse-ok':
      if (!output) return problems;
      break;
  }
  if (!output) return problems;

  const outExt = extOf(outputName || name);
  if (ext === 'pdf' || ext === 'jpg' || ext === 'png') {
    // PDF and images are judged by their own tests; here only that the result is of the same kind.
    if (ext === 'pdf' && outExt === 'pdf' && output.subarray(0, 5).toString('latin1') !== '%PDF-') problems.push('result is not a PDF');
    return problems;
  }
  const legacy = row.encoding && !/^utf/.test(row.encoding) ? row.encoding : undefined;
  let after;
  try {
    after = await readDocument(outExt, output, legacy, 'result');
  } catch (e) {
    return [...problems, `result is not a valid .${outExt}: ${(e as Error).message}`];
  }
  if (ext === 'doc') {
    // No independent reader of .doc here: the result must at least be a translated docx.
    const v = compare({ text: '', counts: {} }, after);
    return [...problems, ...v.problems.filter((p) => p.startsWith('untranslated'))];
  }
  let before;
  try {
    before = await readDocument(ext, bytes, legacy, 'original');
  } catch (e) {
    // An original our reader cannot parse (a broken file the service recovered): judge the result alone.
    return [...problems, ...compare({ text: '', counts: {} }, after).problems.filter((p) => p.startsWith('untranslated')), `(original unreadable here: ${(e as Error).message.slice(0, 80)})`].filter((p) => !p.startsWith('('));
  }
  const structureOnly = ext === 'xlf' || ext === 'xliff' ? ['trans-unit', 'unit', 'segment', 'file', 'g', 'x', 'ph', 'bpt', 'ept', 'mrk'] : undefined;
  // A file without text to translate may come back unchanged or partly pseudo-translated; it must only be valid.
  if (row.expect === 'notext') return problems;
  const v = compare(before, after, { structureOnly });
  return [...problems, ...v.problems];
}

/**
 * Files that still fail their manifest row, each with the reason, so the suite stays green while the gap is
 * visible: such a file must still fail (when it passes, the entry must go), and every other file must pass.
 */
const KNOWN_GAPS: Record<string, string> = {};

describe.skipIf(!present)('real-documents corpus (pseudo engine)', () => {
  it.concurrent.each(rows.map((r) => [r.file, r] as const))('%s', async (_file, row) => {
    let problems: string[];
    try {
      problems = await run(row);
    } catch (e) {
      problems = [`test error: ${(e as Error).message}`];
    }
    outcomes.set(row.file, { ext: extOf(row.file), ok: problems.length === 0, note: problems.join('; ').slice(0, 300) });
    const gap = KNOWN_GAPS[row.file];
    if (gap) {
      expect(problems.length, `${row.file} passes now: remove it from KNOWN_GAPS (${gap})`).toBeGreaterThan(0);
      return;
    }
    expect(problems, `${row.file} (${row.expect}; ${row.special})`).toEqual([]);
  }, 300_000);
});
