/**
 * The editor's glossary rules against the local service's own verdicts: every case is sent to a real local
 * service (`POST /v2/glossaries`) and checked by `validateEntries`/`nameProblems`; both must accept or both
 * must refuse. Plus the row-level details the service does not report (every problem, counts, fixes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../service/server.js';
import { dropExactDuplicates, nameProblems, toTsv, trimAll, utf8Bytes, validateEntries } from './rules.js';

let svc: RunningService;
beforeAll(async () => {
  svc = await startService({ engines: ['pseudo'], inMemory: true, port: 0, freePort: 0 });
});
afterAll(async () => {
  await svc?.close();
});

async function serviceAccepts(name: string, entries: string): Promise<boolean> {
  const res = await fetch(`${svc.proUrl}/v2/glossaries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Service-Auth-Key ${svc.keys.pro_key}` },
    body: JSON.stringify({ name, source_lang: 'en', target_lang: 'de', entries, entries_format: 'tsv' }),
  });
  const body = (await res.json()) as { glossary_id?: string };
  if (res.ok && body.glossary_id) {
    await fetch(`${svc.proUrl}/v2/glossaries/${body.glossary_id}`, {
      method: 'DELETE',
      headers: { authorization: `Service-Auth-Key ${svc.keys.pro_key}` },
    });
  }
  if (res.status !== 200 && res.status !== 201 && res.status !== 400 && res.status !== 413) throw new Error(`unexpected ${res.status}`);
  return res.ok;
}

const long = (n: number, ch = 'a') => ch.repeat(n);

const ENTRY_CASES: [string, [string, string][]][] = [
  ['plain', [['cat', 'Katze']]],
  ['two rows', [['cat', 'Katze'], ['dog', 'Hund']]],
  ['unicode', [['naïve café', 'naives Café'], ['日本', 'Japan'], ['😀 smile', 'Lächeln 😀']]],
  ['empty target', [['cat', '']]],
  ['empty source', [['', 'Katze']]],
  ['duplicate source', [['cat', 'Katze'], ['cat', 'Kater']]],
  ['exact duplicate', [['cat', 'Katze'], ['cat', 'Katze']]],
  ['duplicate differs in case', [['Cat', 'Katze'], ['cat', 'Katze']]],
  ['leading space', [[' cat', 'Katze']]],
  ['trailing space', [['cat', 'Katze ']]],
  ['trailing nbsp', [['cat\u00a0', 'Katze']]],
  ['inner spaces', [['black cat', 'schwarze Katze']]],
  ['control char', [['c\u0001at', 'Katze']]],
  ['DEL', [['cat\u007f', 'Katze']]],
  ['C1 control', [['cat', 'Ka\u0085tze']]],
  ['line separator', [['cat', 'Ka\u2028tze']]],
  ['reserved marker', [['cat\uE001', 'Katze']]],
  ['lone surrogate', [['cat\uD800', 'Katze']]],
  ['1024 bytes', [[long(1024), 'x']]],
  ['1025 bytes', [[long(1025), 'x']]],
  ['1024 bytes multibyte', [[long(512, 'é'), 'x']]],
  ['1026 bytes multibyte', [[long(513, 'é'), 'x']]],
  ['target 1025 bytes', [['x', long(1025)]]],
  ['astral 1024', [[long(256, '😀'), 'x']]],
  ['astral 1028', [[long(257, '😀'), 'x']]],
];

describe('editor validation agrees with the local service', () => {
  for (const [label, rows] of ENTRY_CASES) {
    it(label, async () => {
      const entries = rows.map(([source, target]) => ({ source, target }));
      const v = validateEntries(entries);
      const editorAccepts = v.problemRows.length === 0 && v.entryCount > 0 && !v.tooLarge;
      const tsv = rows.map(([s, t]) => `${s}\t${t}`).join('\n');
      expect(editorAccepts).toBe(await serviceAccepts('rules test', tsv));
    });
  }

  const NAME_CASES: [string, string][] = [
    ['plain', 'Client terms'],
    ['empty', ''],
    ['spaces only', '   '],
    ['control', 'a\u0007b'],
    ['newline', 'a\nb'],
    ['1024 bytes', long(1024)],
    ['1025 bytes', long(1025)],
    ['lone surrogate', 'x\uDC00'],
  ];
  for (const [label, name] of NAME_CASES) {
    it(`name: ${label}`, async () => {
      expect(nameProblems(name).length === 0).toBe(await serviceAccepts(name, 'cat\tKatze'));
    });
  }

  it('10 MiB in all: the last byte that fits, and one more', async () => {
    // Rows of 1000 + 1 + 23 bytes + newline; the total is tuned around the limit with the last row.
    const rows: { source: string; target: string }[] = [];
    let bytes = -1;
    for (let i = 0; bytes + 1030 < 10_485_760; i++) {
      const source = `${String(i).padStart(8, '0')}${long(992)}`;
      rows.push({ source, target: 'y'.repeat(23) });
      bytes += 1000 + 1 + 23 + 1;
    }
    const fill = 10_485_760 - bytes - 1 - 1 - 8;
    rows.push({ source: `zzzzzzzz${long(fill - 1)}`, target: 'y' });
    const at = validateEntries(rows);
    expect(at.totalBytes).toBe(10_485_760);
    expect(at.tooLarge).toBe(false);
    expect(await serviceAccepts('big', toTsv(rows))).toBe(true);
    rows[rows.length - 1] = { source: `zzzzzzzz${long(fill)}`, target: 'y' };
    const over = validateEntries(rows);
    expect(over.tooLarge).toBe(true);
    expect(await serviceAccepts('big', toTsv(rows))).toBe(false);
  }, 30_000);
});

describe('row-level report', () => {
  it('reports every problem of every row, counted, with the first row of a duplicate', () => {
    const v = validateEntries([
      { source: 'cat', target: 'Katze' },
      { source: '', target: '' },
      { source: ' dog', target: '' },
      { source: 'cat', target: 'Kater' },
      { source: 'cat', target: 'Katze' },
    ]);
    expect(v.entryCount).toBe(4);
    expect(v.problemRows).toEqual([2, 3, 4]);
    expect(v.byRow.get(2)).toEqual(['emptyTarget', 'whitespace']);
    expect(v.byRow.get(3)).toEqual(['duplicate']);
    expect(v.firstOfDuplicate.get(4)).toBe(0);
    expect(v.counts.duplicate).toBe(2);
    expect(v.exactDuplicates).toBe(1);
  });

  it('one-click fixes: trim and drop exact duplicates, leaving real conflicts for the user', () => {
    const rows = [
      { source: ' cat ', target: 'Katze' },
      { source: 'cat', target: 'Katze' },
      { source: 'cat', target: 'Kater' },
    ];
    const trimmed = trimAll(rows, (_r, source, target) => ({ source, target }));
    const deduped = dropExactDuplicates(trimmed);
    expect(deduped).toEqual([
      { source: 'cat', target: 'Katze' },
      { source: 'cat', target: 'Kater' },
    ]);
    expect(validateEntries(deduped).counts.duplicate).toBe(1);
  });

  it('counts UTF-8 bytes like Buffer does', () => {
    for (const s of ['', 'abc', 'é', '€', '😀', 'a\uD800b', long(10, 'ж')]) expect(utf8Bytes(s)).toBe(Buffer.byteLength(s, 'utf8'));
  });
});
