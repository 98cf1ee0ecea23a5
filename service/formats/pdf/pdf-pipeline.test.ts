/**
 * The engine works while the PDF is read and rewritten (vitest, service formats): translatePdfInPlace hands each
 * page's blocks to the engine as soon as the page is laid out (StreamingTranslator), so the engine starts on page 1
 * while later pages are still read and later batches are translated while earlier pages are typeset; the calls stay
 * few, and every page comes back translated.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pseudoUnit } from '../../engines/pseudo.js';
import { StreamingTranslator } from '../markup/common.js';
import { missingFonts } from './fonts.js';
import { translatePdfInPlace } from './index.js';

const fontsMissing = missingFonts();
if (fontsMissing.length)
  console.warn(`PDF pipeline test skipped: fonts missing (${fontsMissing.join(', ')}); run scripts/setup.`);

const PAGES = 24;
const pageWords = (p: number) => `Page ${p + 1}`;

async function pagedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  for (let p = 0; p < PAGES; p++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`${pageWords(p)} opens with this heading`, { x: 60, y: 780, size: 16, font });
    page.drawText(`The body of ${pageWords(p).toLowerCase()} says something else.`, {
      x: 60,
      y: 700,
      size: 11,
      font,
    });
  }
  return doc.save();
}

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PDF translation pipeline', () => {
  it.skipIf(fontsMissing.length > 0)(
    'sends page 1 to the engine before the rest is read, batches the pages read meanwhile and translates every page',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'verso-pdf-pipeline-'));
      try {
        const input = join(dir, 'in.pdf');
        await writeFile(input, await pagedPdf());
        const calls: string[][] = [];
        const drawnTexts: string[] = [];
        await translatePdfInPlace(
          input,
          join(dir, 'out.pdf'),
          {
            targetLang: 'ES',
            sourceLang: 'EN',
            translate: async (units) => {
              calls.push(units);
              // An engine slower than reading a page: the pages read meanwhile wait for the next call.
              await later(150);
              return units.map((u) => pseudoUnit(u, 'ES'));
            },
          },
          (_pages, drawn) => drawnTexts.push(...drawn.map((d) => `${d.page}:${d.translation}`)),
        );
        // The first call holds page 1 only: the engine started before page 2 was read.
        expect(calls[0]!.length).toBe(2);
        expect(calls[0]!.every((u) => /Page 1 |page 1 /.test(u))).toBe(true);
        // Later calls take the pages read meanwhile, at most an eighth of the document each (3 pages: the pages of
        // the last call are typeset after the engine is done): few calls, not one per page.
        expect(calls.slice(1).some((units) => units.length > 2)).toBe(true);
        expect(Math.max(...calls.map((units) => units.length))).toBeLessThanOrEqual(2 * 3);
        expect(calls.length).toBeLessThan(PAGES / 2);
        // Every unit sent once, every page drawn with its own translation.
        expect(calls.flat()).toHaveLength(2 * PAGES);
        for (let p = 0; p < PAGES; p++) {
          const own = drawnTexts.filter((t) => t.startsWith(`${p}:`));
          expect(own).toHaveLength(2);
          expect(own.join(' ')).toContain(pseudoUnit(`${pageWords(p)} opens with this heading`, 'ES'));
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});

describe('StreamingTranslator', () => {
  it('translates identical units once, keeps units without letters and edge spaces, counts every unit', async () => {
    const sent: string[][] = [];
    const t = new StreamingTranslator(async (units) => {
      sent.push(units);
      return units.map((u) => u.toUpperCase());
    });
    const first = t.add(['Hello world', '  42  ', ' Hello world ']);
    const second = t.add(['Hello world', 'other words']);
    expect(await first).toEqual(['HELLO WORLD', '  42  ', ' HELLO WORLD ']);
    expect(await second).toEqual(['HELLO WORLD', 'OTHER WORDS']);
    expect(sent.flat()).toEqual(['Hello world', 'other words']);
    // The first part went alone; the second waited for the engine and went in the next call.
    expect(sent).toEqual([['Hello world'], ['other words']]);
    expect(t.characters).toBe(3 * 'Hello world'.length + 'other words'.length);
  });

  it('fails every part queued or added after an engine error with that error, and sends nothing more', async () => {
    let calls = 0;
    const t = new StreamingTranslator(async () => {
      calls++;
      await later(10);
      throw new Error('engine down');
    });
    const first = t.add(['first part']);
    const queued = t.add(['second part']);
    await expect(first).rejects.toThrow('engine down');
    await expect(queued).rejects.toThrow('engine down');
    await expect(t.add(['third part'])).rejects.toThrow('engine down');
    expect(calls).toBe(1);
  });

  it('sends nothing once stopped (the document failed or was cancelled)', async () => {
    let calls = 0;
    const t = new StreamingTranslator(async (units) => {
      calls++;
      await later(10);
      return units;
    });
    const first = t.add(['first part']);
    const queued = t.add(['second part']);
    t.stop();
    expect(await first).toEqual(['first part']);
    await expect(queued).rejects.toThrow('stopped');
    expect(calls).toBe(1);
  });
});
