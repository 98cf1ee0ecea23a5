/**
 * Glossary files: TSV/CSV (delimiters, header, BOM, quotes with line breaks, UTF-16), XLSX (first two columns,
 * chosen columns, not-a-zip), TBX (languages, synonyms, DOCTYPE refused), broken files with clear errors, and
 * every export format read back to the same entries.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { toLocaleCsv } from '../../../shared/csv-export.js';
import type { EntryPair } from '../../../shared/ipc/contract-glossaries.js';
import type { FileProblem } from '../../../shared/ipc/errors.js';
import { ApiError } from './api-errors.js';
import { exportGlossaryFile, importGlossaryFile, sheetNameFor } from './glossary-files.js';

const utf8 = (s: string) => new TextEncoder().encode(s);
function utf16le(s: string, bom = true): Uint8Array {
  const out = new Uint8Array((bom ? 2 : 0) + s.length * 2);
  let o = 0;
  if (bom) {
    out[o++] = 0xff;
    out[o++] = 0xfe;
  }
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out[o++] = c & 0xff;
    out[o++] = c >> 8;
  }
  return out;
}

async function failure(p: Promise<unknown>): Promise<{
  code: string;
  serviceCode: string | undefined;
  message: string;
  fileProblem: FileProblem | undefined;
}> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError)
      return { code: e.code, serviceCode: e.serviceCode, message: e.message, fileProblem: e.fileProblem };
    throw e;
  }
  throw new Error('expected a failure');
}

describe('TSV and CSV', () => {
  it('reads TSV with CRLF, blank lines skipped', async () => {
    const r = await importGlossaryFile('terms.tsv', utf8('cat\tKatze\r\n\r\ndog\tHund\r\n'));
    expect(r.entries).toEqual([
      ['cat', 'Katze'],
      ['dog', 'Hund'],
    ]);
    expect(r).toMatchObject({ format: 'tsv', delimiter: '\t', header: false, encoding: 'UTF-8' });
  });

  it('detects the delimiter (comma, semicolon) and a header row, with a BOM and quoted cells', async () => {
    const csv = '\uFEFFSource;Target\n"car; red";"rotes ""Auto"""\n"line\nbreak";Umbruch\n';
    const r = await importGlossaryFile('terms.csv', utf8(csv));
    expect(r).toMatchObject({ delimiter: ';', header: true, encoding: 'UTF-8 (BOM)' });
    expect(r.entries).toEqual([
      ['car; red', 'rotes "Auto"'],
      ['line\nbreak', 'Umbruch'],
    ]);
    const comma = await importGlossaryFile('x.csv', utf8('en,de\ncat,Katze\n'));
    expect(comma).toMatchObject({ delimiter: ',', header: true, entries: [['cat', 'Katze']] });
    const noHeader = await importGlossaryFile('x.csv', utf8('cat,Katze\ndog,Hund\n'));
    expect(noHeader).toMatchObject({ header: false });
    expect(noHeader.entries).toHaveLength(2);
  });

  it('takes the first two columns of a DeepL-style CSV with language columns', async () => {
    const r = await importGlossaryFile('x.csv', utf8('cat,Katze,en,de\ndog,Hund,en,de\n'));
    expect(r.entries).toEqual([
      ['cat', 'Katze'],
      ['dog', 'Hund'],
    ]);
  });

  it('reads UTF-16 with and without a BOM', async () => {
    const text = 'Käse\tcheese\n日本\tJapan\n';
    expect((await importGlossaryFile('x.tsv', utf16le(text))).entries).toEqual([
      ['Käse', 'cheese'],
      ['日本', 'Japan'],
    ]);
    const noBom = await importGlossaryFile('x.txt', utf16le('cat\tKatze\ndog\tHund\n', false));
    expect(noBom).toMatchObject({ encoding: 'UTF-16 LE', entries: [['cat', 'Katze'], ['dog', 'Hund']] });
  });

  it('honours a chosen delimiter and header', async () => {
    const r = await importGlossaryFile('x.csv', utf8('source,target\n'), { header: 'no' });
    expect(r.entries).toEqual([['source', 'target']]);
  });

  it('broken files: unterminated quote, one column, empty — clear errors, as problems of the file', async () => {
    expect(
      await failure(importGlossaryFile('x.csv', utf8('cat,Katze\n"dog,Hund\nbird,Vogel\n'))),
    ).toMatchObject({
      code: 'bad_file',
      serviceCode: 'file_unterminated_quote',
    });
    expect((await failure(importGlossaryFile('x.csv', utf8('just\nwords\n')))).serviceCode).toBe(
      'file_one_column',
    );
    expect((await failure(importGlossaryFile('x.csv', utf8('')))).serviceCode).toBe('file_empty');
    expect((await failure(importGlossaryFile('x.pdf', utf8('%PDF')))).serviceCode).toBe('file_format');
  });
});

/** Text as Excel saves "CSV" on Western European Windows (windows-1252): Latin-1 letters as they are, ’ € œ – in 0x80–0x9F. */
function cp1252(s: string): Uint8Array {
  const high: Record<string, number> = { '€': 0x80, '’': 0x92, '–': 0x96, œ: 0x9c };
  return Uint8Array.from([...s].map((c) => high[c] ?? c.charCodeAt(0)));
}
/** Russian or Ukrainian text as Excel saves "CSV" on a Cyrillic Windows (windows-1251): А–я in 0xC0–0xFF, ё 0xB8. */
function cp1251(s: string): Uint8Array {
  return Uint8Array.from(
    [...s].map((c) => (c === 'ё' ? 0xb8 : c >= 'А' && c <= 'я' ? c.charCodeAt(0) - 0x350 : c.charCodeAt(0))),
  );
}

describe('text encodings: what spreadsheets and editors save', () => {
  it('reads a CSV saved by French Excel (windows-1252, semicolons, CRLF, a header) and says it was read as Windows-1252', async () => {
    // The bytes of the tour's file: "Anglais;Français", "settlement;règlement", "fee;frais de gestion".
    const tour = Buffer.from([
      0x41, 0x6e, 0x67, 0x6c, 0x61, 0x69, 0x73, 0x3b, 0x46, 0x72, 0x61, 0x6e, 0xe7, 0x61, 0x69, 0x73, 0x0d,
      0x0a, 0x73, 0x65, 0x74, 0x74, 0x6c, 0x65, 0x6d, 0x65, 0x6e, 0x74, 0x3b, 0x72, 0xe8, 0x67, 0x6c, 0x65,
      0x6d, 0x65, 0x6e, 0x74, 0x0d, 0x0a, 0x66, 0x65, 0x65, 0x3b, 0x66, 0x72, 0x61, 0x69, 0x73, 0x20, 0x64,
      0x65, 0x20, 0x67, 0x65, 0x73, 0x74, 0x69, 0x6f, 0x6e, 0x0d, 0x0a,
    ]);
    const r = await importGlossaryFile('gloss-cp1252.csv', tour);
    expect(r).toMatchObject({
      format: 'csv',
      delimiter: ';',
      header: true,
      encoding: 'Windows-1252',
      legacyEncoding: { name: 'Windows-1252', script: 'western' },
    });
    expect(r.firstRow).toEqual(['Anglais', 'Français']);
    expect(r.entries).toEqual([
      ['settlement', 'règlement'],
      ['fee', 'frais de gestion'],
    ]);
    const more = await importGlossaryFile(
      'x.csv',
      cp1252('delay;délai\r\ndue date;date d’échéance\r\nprice;prix en €\r\nwork;œuvre – art\r\n'),
    );
    expect(more.entries).toEqual([
      ['delay', 'délai'],
      ['due date', 'date d’échéance'],
      ['price', 'prix en €'],
      ['work', 'œuvre – art'],
    ]);
    // One short line, which the detector alone takes for Hungarian (windows-1250): read as Windows-1252.
    expect(await importGlossaryFile('x.csv', cp1252('délai;delay\r\n'))).toMatchObject({
      entries: [['délai', 'delay']],
      encoding: 'Windows-1252',
    });
  });

  it('reads other Windows code pages by their script: Cyrillic (windows-1251), and Central European where windows-1252 cannot be it', async () => {
    const ru = await importGlossaryFile(
      'ru.csv',
      cp1251(
        'источник;target\r\nсчёт;invoice\r\nсрок;deadline\r\nдоговор;contract\r\nпоставка;delivery\r\nоплата;payment\r\n',
      ),
    );
    expect(ru).toMatchObject({
      encoding: 'Windows-1251',
      legacyEncoding: { name: 'Windows-1251', script: 'cyrillic' },
    });
    expect(ru.entries.slice(0, 2)).toEqual([
      ['источник', 'target'],
      ['счёт', 'invoice'],
    ]);
    // Ź (0x8F) is a byte windows-1252 does not define.
    const pl = Uint8Array.from([
      0x8f, 0x72, 0xf3, 0x64, 0xb3, 0x6f, 0x3b, 0x73, 0x6f, 0x75, 0x72, 0x63, 0x65, 0x0d, 0x0a, 0x7a, 0x61,
      0xbf, 0xf3, 0xb3, 0xe6, 0x3b, 0x78, 0x0d, 0x0a,
    ]);
    expect(await importGlossaryFile('pl.csv', pl)).toMatchObject({
      entries: [
        ['Źródło', 'source'],
        ['zażółć', 'x'],
      ],
      legacyEncoding: { name: 'Windows-1250', script: 'centralEuropean' },
    });
  });

  it('reads UTF-16 LE with a BOM as Excel saves "Unicode text" (tabs, CRLF), with no code page to report', async () => {
    const r = await importGlossaryFile(
      'unicode.txt',
      utf16le('English\tFrench\r\ndelay\tdélai\r\nJapan\t日本\r\n'),
    );
    expect(r).toMatchObject({ format: 'tsv', delimiter: '\t', header: true, encoding: 'UTF-16 LE' });
    expect(r.legacyEncoding).toBeUndefined();
    expect(r.entries).toEqual([
      ['delay', 'délai'],
      ['Japan', '日本'],
    ]);
    // Cut short (an odd number of bytes): damaged, said as such, not read as something else.
    const cut = utf16le('delay\tdélai\r\n').subarray(0, 15);
    expect(await failure(importGlossaryFile('cut.txt', cut))).toMatchObject({
      code: 'bad_file',
      serviceCode: 'file_encoding',
      fileProblem: { kind: 'damaged', encoding: 'UTF-16 LE' },
    });
  });

  it('a binary file (an old .xls workbook named .csv, a file with NUL bytes) is refused as not text, with what to do', async () => {
    const xls = new Uint8Array(1024);
    xls.set([
      0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x3e, 0,
      3, 0, 0xfe, 0xff, 9, 0, 6,
    ]);
    for (let i = 64; i < xls.length; i++) xls[i] = (i * 37) % 256;
    const e = await failure(importGlossaryFile('terms.csv', xls));
    expect(e).toMatchObject({
      code: 'bad_file',
      serviceCode: 'file_not_text',
      fileProblem: { kind: 'binary' },
    });
    expect(e.message).toMatch(/not text Verso can read.*CSV UTF-8/);
    expect(await failure(importGlossaryFile('x.tsv', utf8('cat\u0000\u0000\tKatze\n')))).toMatchObject({
      code: 'bad_file',
      fileProblem: { kind: 'binary' },
    });
  });

  it('reads back both CSVs Verso writes: the service\'s (exported, comma, no BOM) and the spreadsheet\'s (BOM, ";", CRLF)', async () => {
    const entries: EntryPair[] = [
      ['delay', 'délai'],
      ['fee; admin', 'frais "de gestion"'],
    ];
    const api = await exportGlossaryFile('csv', entries, 'EN', 'FR');
    expect(api).not.toMatch(/^\uFEFF/);
    expect((await importGlossaryFile('x.csv', utf8(api as string))).entries).toEqual(entries);
    const sheet = toLocaleCsv([['English', 'French'], ...entries], 'fr', { escapeFormulae: false });
    expect(sheet).toMatch(/^\uFEFFEnglish;French\r\n/);
    expect(await importGlossaryFile('x.csv', utf8(sheet))).toMatchObject({
      delimiter: ';',
      header: true,
      encoding: 'UTF-8 (BOM)',
      entries,
    });
  });
});

describe('header guess: a first row is a header only when it clearly is one', () => {
  it('a headerless TSV of short real words keeps every entry (sun/sol is not a pair of language codes)', async () => {
    const r = await importGlossaryFile('astro.tsv', utf8('sun\tsol\nmoon\tluna\nstar\testrella\n'));
    expect(r.header).toBe(false);
    expect(r.entries).toEqual([
      ['sun', 'sol'],
      ['moon', 'luna'],
      ['star', 'estrella'],
    ]);
    expect(r.firstRow).toEqual(['sun', 'sol']);
    expect(r.headerGuessed).toBe(true);
  });

  it('a two-line file with the same source twice keeps both lines (the editor then flags the duplicate)', async () => {
    const r = await importGlossaryFile('two.tsv', utf8('sun\tsol\nsun\tsolar\n'));
    expect(r.entries).toEqual([
      ['sun', 'sol'],
      ['sun', 'solar'],
    ]);
    const short = await importGlossaryFile('short.csv', utf8('cat,gato\ndog,perro\n'));
    expect(short.entries).toHaveLength(2);
    const words = await importGlossaryFile('w.tsv', utf8('car\tauto\nbus\tbús\n'));
    expect(words.entries).toHaveLength(2);
  });

  it('a real header (codes, names, column titles) is read as titles and not imported', async () => {
    for (const head of ['EN\tES', 'en-US\tpt_BR', 'English\tSpanish', 'Englisch\tSpanisch', 'Source term\tTarget term', 'source\ttarget']) {
      const r = await importGlossaryFile('h.tsv', utf8(`${head}\nsun\tsol\nmoon\tluna\n`));
      expect(r.header, head).toBe(true);
      expect(r.entries, head).toEqual([
        ['sun', 'sol'],
        ['moon', 'luna'],
      ]);
      expect(r.firstRow).toEqual(head.split('\t'));
    }
  });

  it('column titles and language names in the UI languages are a header (seen on a Russian tour)', async () => {
    const heads = [
      'Исходный термин;Перевод',
      'Английский;Испанский',
      'английский;испанский',
      'Вихідний термін;Переклад',
      'Termin źródłowy;Tłumaczenie',
      'Brontaal;Doeltaal',
      'Termine;Traduzione',
      'Termo de origem;Tradução',
      'Término;Traducción',
      'Terme source;Terme cible',
      'Quellbegriff;Zielbegriff',
      '原文;訳文',
      '英語;スペイン語',
      '源术语;目标术语',
      '英语;西班牙语',
      '원문;번역',
      '영어;스페인어',
      'المصطلح المصدر;الترجمة',
      'الإنجليزية;الإسبانية',
      'English (United States);Spanish',
      'Американский английский;Испанский',
    ];
    for (const head of heads) {
      const r = await importGlossaryFile('h.csv', utf8(`${head}\nsun;sol\nmoon;luna\n`));
      expect(r.header, head).toBe(true);
      expect(r.entries, head).toEqual([
        ['sun', 'sol'],
        ['moon', 'luna'],
      ]);
    }
    // Excel's "CSV" on a Russian Windows (windows-1251), and the editor's own column titles (tab-separated).
    const cyr = await importGlossaryFile('ru.csv', cp1251('Термин;Перевод\r\nдом;house\r\nкот;cat\r\n'));
    expect(cyr).toMatchObject({ header: true, entries: [['дом', 'house'], ['кот', 'cat']] });
    const tab = await importGlossaryFile('ru.tsv', utf8('Английский\tИспанский\nhouse\tcasa\ndog\tperro\n'));
    expect(tab).toMatchObject({ header: true, entries: [['house', 'casa'], ['dog', 'perro']] });
  });

  it('short real words in any language stay entries (a word is a title only beside another title)', async () => {
    for (const body of ['дом\tcasa\nкот\tgatto\n', 'цель\tgoal\nдом\thouse\n', 'origen\tbeginning\nsol\tsun\n', 'источник\tspring\nвода\twater\n', 'источник\tцель\nвода\twater\n', '原文\ttext\n猫\tcat\n']) {
      const r = await importGlossaryFile('w.tsv', utf8(body));
      expect(r.header, body).toBe(false);
      expect(r.entries, body).toHaveLength(2);
    }
    const names = await importGlossaryFile('langs.tsv', utf8('Английский\tEnglish\nНемецкий\tGerman\n'));
    expect(names.header).toBe(false);
  });

  it('a one-row file is an entry, even when its words look like titles', async () => {
    expect((await importGlossaryFile('one.tsv', utf8('sun\tsol\n'))).entries).toEqual([['sun', 'sol']]);
    expect((await importGlossaryFile('one.tsv', utf8('source\ttarget\n'))).entries).toEqual([['source', 'target']]);
    expect((await importGlossaryFile('one.csv', utf8('en,de'))).header).toBe(false);
  });

  it('a first row like the rows below it is data (a glossary of language names)', async () => {
    const r = await importGlossaryFile('langs.tsv', utf8('English\tInglés\nGerman\tAlemán\nFrench\tFrancés\n'));
    expect(r.header).toBe(false);
    expect(r.entries).toHaveLength(3);
  });
});

describe('XLSX', () => {
  async function workbook(rows: unknown[][], sheets = 1): Promise<Uint8Array> {
    const wb = new ExcelJS.Workbook();
    for (let i = 0; i < sheets; i++) {
      const ws = wb.addWorksheet(`Sheet ${i + 1}`);
      for (const r of rows) ws.addRow(i === 0 ? r : r.map((c) => `${String(c)}-${i}`));
    }
    return new Uint8Array(await wb.xlsx.writeBuffer());
  }

  it('reads the first two columns of the first sheet, header detected, numbers as shown', async () => {
    const r = await importGlossaryFile('terms.xlsx', await workbook([['English', 'German', 'Note'], ['cat', 'Katze', 'x'], ['', ''], ['42', 42]], 2));
    expect(r).toMatchObject({ format: 'xlsx', header: true, sheets: ['Sheet 1', 'Sheet 2'], columns: ['English', 'German', 'Note'] });
    expect(r.entries).toEqual([
      ['cat', 'Katze'],
      ['42', '42'],
    ]);
    expect(r.skipped).toBe(1);
  });

  it('reads the chosen sheet and columns', async () => {
    const r = await importGlossaryFile('terms.xlsx', await workbook([['id', 'en', 'de'], [1, 'cat', 'Katze']], 2), { sheet: 0, sourceColumn: 2, targetColumn: 1 });
    expect(r.entries).toEqual([['Katze', 'cat']]);
  });

  it('an .xlsx that is not a zip, or a damaged zip, is refused with what to do', async () => {
    expect((await failure(importGlossaryFile('terms.xlsx', utf8('cat,Katze')))).serviceCode).toBe('file_not_xlsx');
    expect((await failure(importGlossaryFile('terms.xlsx', new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0]))))).toMatchObject({ serviceCode: 'file_not_xlsx' });
  });
});

describe('TBX', () => {
  const tbx = `<?xml version="1.0" encoding="UTF-8"?>
<tbx type="TBX-Basic" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2"><text><body>
  <conceptEntry id="1">
    <langSec xml:lang="en-US"><termSec><term>car</term></termSec><termSec><term>automobile</term></termSec></langSec>
    <langSec xml:lang="de"><termSec><term>Auto</term></termSec><termSec><term>Wagen</term></termSec></langSec>
    <langSec xml:lang="fr"><termSec><term>voiture</term></termSec></langSec>
  </conceptEntry>
  <conceptEntry id="2"><langSec xml:lang="en"><termSec><term>R&amp;D <hi>dept</hi></term></termSec></langSec>
    <langSec xml:lang="de"><termSec><term>F&amp;E</term></termSec></langSec></conceptEntry>
  <conceptEntry id="3"><langSec xml:lang="fr"><termSec><term>seulement</term></termSec></langSec></conceptEntry>
</body></text></tbx>`;

  it('pairs the chosen languages; source synonyms map to the first target term; concepts without both are skipped', async () => {
    const r = await importGlossaryFile('x.tbx', utf8(tbx), { sourceLang: 'EN', targetLang: 'DE' });
    expect(r.entries).toEqual([
      ['car', 'Auto'],
      ['automobile', 'Auto'],
      ['R&D dept', 'F&E'],
    ]);
    expect(r).toMatchObject({ languages: ['EN', 'DE', 'FR'], sourceLang: 'EN', targetLang: 'DE', skipped: 1 });
    const fr = await importGlossaryFile('x.tbx', utf8(tbx), { sourceLang: 'FR', targetLang: 'EN' });
    expect(fr.entries).toEqual([['voiture', 'car']]);
  });

  it('reads the older martif/termEntry/langSet/tig form', async () => {
    const martif = `<martif type="TBX"><text><body><termEntry><langSet xml:lang="en"><tig><term>cat</term></tig></langSet><langSet xml:lang="de"><tig><term>Katze</term></tig></langSet></termEntry></body></text></martif>`;
    expect((await importGlossaryFile('x.tbx', utf8(martif))).entries).toEqual([['cat', 'Katze']]);
  });

  it('refuses DOCTYPE and entities, malformed XML, non-TBX XML and missing languages', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE tbx [<!ENTITY x SYSTEM "file:///etc/passwd">]><tbx><text><body><conceptEntry><langSec xml:lang="en"><termSec><term>&x;</term></termSec></langSec></conceptEntry></body></text></tbx>`;
    expect((await failure(importGlossaryFile('x.tbx', utf8(xxe)))).serviceCode).toBe('file_tbx_doctype');
    expect((await failure(importGlossaryFile('x.tbx', utf8('<tbx><text>')))).serviceCode).toBe('file_tbx_invalid');
    expect((await failure(importGlossaryFile('x.tbx', utf8('<html><body/></html>')))).serviceCode).toBe('file_tbx_invalid');
    const langs = await failure(importGlossaryFile('x.tbx', utf8(tbx), { sourceLang: 'EN', targetLang: 'JA' }));
    expect(langs.serviceCode).toBe('file_tbx_languages');
    expect(langs.message).toMatch(/EN, DE, FR/);
  });
});

describe('the XLSX sheet is named after the glossary', () => {
  it('in its own words, not a fixed English "Glossary"', async () => {
    const out = await exportGlossaryFile('xlsx', [['cat', 'Katze']], 'EN', 'DE', 'Глоссарий продукта');
    const back = await importGlossaryFile('x.xlsx', out as Uint8Array, { header: 'yes' });
    expect(back.sheets).toEqual(['Глоссарий продукта']);
    expect(back.entries).toEqual([['cat', 'Katze']]);
  });

  it('as Excel allows: its refused characters replaced, 31 units at most, never cut inside a character', () => {
    expect(sheetNameFor('Terms: 2026/Q1 [final]?', 'EN', 'DE')).toBe('Terms_ 2026_Q1 _final__');
    expect(sheetNameFor("'Quoted'", 'EN', 'DE')).toBe('Quoted');
    const long = sheetNameFor(`${'a'.repeat(30)}😀 and more`, 'EN', 'DE');
    expect(long).toBe('a'.repeat(30));
    expect(sheetNameFor('Begriffe des Vertriebsteams für die Messe 2026', 'EN', 'DE')).toHaveLength(31);
    expect(sheetNameFor('  ', 'EN', 'DE')).toBe('EN-DE');
  });
});

describe('export, then import: the same entries', () => {
  const entries: EntryPair[] = [
    ['cat', 'Katze'],
    ['car, red', 'rotes "Auto"'],
    ['R&D <dept>', 'F&E'],
    ['日本', 'Japan 😀'],
  ];
  for (const format of ['tsv', 'csv', 'xlsx', 'tbx'] as const) {
    it(format, async () => {
      const out = await exportGlossaryFile(format, entries, 'EN', 'DE');
      const bytes = typeof out === 'string' ? utf8(out) : out;
      const back = await importGlossaryFile(`x.${format}`, bytes, format === 'tbx' ? { sourceLang: 'EN', targetLang: 'DE' } : { header: format === 'xlsx' ? 'yes' : 'no' });
      expect(back.entries).toEqual(entries);
    });
  }
});
