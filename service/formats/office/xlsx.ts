/**
 * Excel workbooks (xlsx) for the local service (service process, document workers).
 *
 * Translated: each shared string (`xl/sharedStrings.xml` `si`) once, however many cells use it, with rich
 * runs as spans and phonetic runs (`rPh`) kept untranslated; inline strings (`<c t="inlineStr"><is>`);
 * page headers and footers (`headerFooter`, with their `&` codes kept as placeholders and each of the left,
 * centre and right sections sent on its own); comments (`xl/comments*.xml`) and threaded comments; text
 * boxes and shapes (`xl/drawings/drawing*.xml`) and charts, as DrawingML (`./drawingml.ts`).
 * Never touched: formulas, numbers, dates, booleans, cached formula results (`t="str"`, which live in `v`)
 * and sheet names (in `workbook.xml`, which is copied unchanged: renaming breaks formulas and names).
 *
 * Tables: when a table's header cells are translated, `tableColumn@name` in `xl/tables/table*.xml` is set
 * to the new header text, as Excel requires (it "repairs" a file whose names and header cells differ).
 * `ref`, `autoFilter` and ids stay as they are. Two headers that translate to the same text get " 2", " 3"
 * on the later column names (Excel needs unique names); formulas with structured references
 * (`Table1[Price]`) are not rewritten, so they keep the source column names.
 *
 * Hidden content is skipped by default, as in Okapi: hidden and very hidden sheets (`state`), hidden rows
 * (`row@hidden`) and columns (`col@hidden`), with the comments on those cells and the drawings and charts
 * of hidden sheets. A shared string is translated when at least one visible cell uses it. Rows hidden by a
 * filter are hidden rows too. `createXlsxHandler({ translateHidden: true })` translates everything.
 *
 * Order: worksheets are read first (to learn which strings are visible and what the header cells hold),
 * then shared strings and comments, then tables; the package writer keeps the original entry order.
 */
import { stripMarkers } from '../../text/markers.js';
import { buildInlineUnit } from '../lib/inline-units.js';
import type { InlineRules } from '../lib/inline-units.js';
import { buildPlainTextUnit, tagEditUnit } from '../lib/plain-units.js';
import { escapeXmlText, localName } from '../lib/xml-tokens.js';
import type { PartRules, PendingUnit, UnitItem } from '../lib/xml-units.js';
import { isToken, rawUnit } from '../lib/xml-units.js';
import type { ZipReader } from '../lib/zip.js';
import type { FormatHandler } from '../types.js';
import { chartPartRules, drawingPartRules } from './drawingml.js';
import type { PackageSession } from './package.js';
import { openTags, packageHandler, sniffOoxml, verifyOoxml } from './package.js';
import { officeLanguage, setAttribute } from './target-language.js';
import type { OfficeLanguage } from './target-language.js';

const RUN_PROPS = new Set(['rPr']);

export const xlsxInlineRules: InlineRules = {
  classify(token) {
    const name = localName(token.name);
    if (name === 'r') return { role: 'wrapper', props: RUN_PROPS };
    if (name === 't') return { role: 'text' };
    return { role: 'raw' };
  },
  normalizeKey(open) {
    return open.replace(/>\s+</g, '><');
  },
  renderText(text, _ctx, unitName) {
    // `t` shares the prefix of its `si`/`is` (usually none; `x:` from some generators).
    const colon = unitName.indexOf(':');
    const prefix = colon < 0 ? '' : unitName.slice(0, colon + 1);
    return `<${prefix}t xml:space="preserve">${text}</${prefix}t>`;
  },
  escape: escapeXmlText,
};

export interface XlsxOptions {
  /** Also translate hidden sheets, rows and columns (default false). */
  translateHidden?: boolean;
}

// ---------------------------------------------------------------------------------------------------
// Package map: which part belongs to which sheet, read once per run from the small relationship parts.

interface TableInfo {
  part: string;
  /** Header cells: row and first column (1-based), or no header row. */
  headerRow: number | null;
  firstCol: number;
  lastCol: number;
  /** New column names by column index (0-based), filled while the sheet and shared strings are read. */
  names: (string | undefined)[];
  /** Shared-string index of a header cell, by column index. */
  sharedIndex: (number | undefined)[];
}

interface SheetInfo {
  part: string;
  hidden: boolean;
  tables: TableInfo[];
  hiddenRows: Set<number>;
  hiddenCols: [number, number][];
}

interface WorkbookMap {
  sheets: Map<string, SheetInfo>;
  /** Parts that belong to a sheet (comments, threaded comments, drawings, charts, tables) → the sheet. */
  ownerOf: Map<string, SheetInfo>;
  tables: Map<string, TableInfo>;
}

const TEXT_LIMIT = 8 * 1024 * 1024;

/** Workbook parts can be larger than other packages' relationship parts. */
const openPartTags = (reader: ZipReader, name: string) => openTags(reader, name, TEXT_LIMIT);

/** Resolves a relationship target against the folder of its source part (`xl/worksheets/sheet1.xml`). */
function resolveTarget(source: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = source.split('/').slice(0, -1);
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  return parts.join('/');
}

function relsPartOf(source: string): string {
  const slash = source.lastIndexOf('/');
  return `${source.slice(0, slash + 1)}_rels/${source.slice(slash + 1)}.rels`;
}

async function relationships(reader: ZipReader, source: string): Promise<{ id: string; type: string; target: string }[]> {
  const out: { id: string; type: string; target: string }[] = [];
  for (const tag of await openPartTags(reader, relsPartOf(source))) {
    const a = tag.attrs;
    if (localName(tag.name) !== 'Relationship' || a.TargetMode === 'External' || !a.Target) continue;
    out.push({ id: a.Id ?? '', type: (a.Type ?? '').split('/').pop() ?? '', target: resolveTarget(source, a.Target) });
  }
  return out;
}

/** `B12` → column 2, row 12. */
function parseRef(ref: string | undefined): { col: number; row: number } | undefined {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(ref ?? '');
  if (!m) return undefined;
  let col = 0;
  for (const ch of (m[1] as string).toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { col, row: Number(m[2]) };
}

const truthy = (v: string | undefined): boolean => v === '1' || v === 'true';

async function readWorkbookMap(reader: ZipReader): Promise<WorkbookMap> {
  const map: WorkbookMap = { sheets: new Map(), ownerOf: new Map(), tables: new Map() };
  const workbookRels = new Map((await relationships(reader, 'xl/workbook.xml')).map((r) => [r.id, r.target]));
  for (const tag of await openPartTags(reader, 'xl/workbook.xml')) {
    if (localName(tag.name) !== 'sheet') continue;
    const relId = Object.entries(tag.attrs).find(([k]) => k.includes(':') && localName(k) === 'id')?.[1];
    const part = relId ? workbookRels.get(relId) : undefined;
    if (!part) continue;
    const state = tag.attrs.state;
    map.sheets.set(part, { part, hidden: state === 'hidden' || state === 'veryHidden', tables: [], hiddenRows: new Set(), hiddenCols: [] });
  }
  for (const sheet of map.sheets.values()) {
    for (const rel of await relationships(reader, sheet.part)) {
      map.ownerOf.set(rel.target, sheet);
      if (rel.type === 'drawing') {
        // Charts hang off the drawing.
        for (const chart of await relationships(reader, rel.target)) if (chart.type === 'chart') map.ownerOf.set(chart.target, sheet);
      }
      if (rel.type !== 'table') continue;
      const table = await readTable(reader, rel.target);
      if (table) {
        sheet.tables.push(table);
        map.tables.set(table.part, table);
      }
    }
  }
  return map;
}

async function readTable(reader: ZipReader, part: string): Promise<TableInfo | undefined> {
  const tag = (await openPartTags(reader, part)).find((t) => localName(t.name) === 'table');
  const [from, to] = (tag?.attrs.ref ?? '').split(':');
  const start = parseRef(from);
  const end = parseRef(to ?? from);
  if (!tag || !start || !end) return undefined;
  const hasHeader = tag.attrs.headerRowCount === undefined || Number(tag.attrs.headerRowCount) > 0;
  return { part, headerRow: hasHeader ? start.row : null, firstCol: start.col, lastCol: end.col, names: [], sharedIndex: [] };
}

// ---------------------------------------------------------------------------------------------------
// Rules per part.

/** Header and footer codes (`&P`, `&"Arial,Bold"`, `&12`, `&KFF0000`, `&&`); `&L`, `&C`, `&R` start a section. */
const HF_CODES = /&(?:&|"[^"]*"|K(?:[0-9A-Fa-f]{6}|\d\d[+-]\d{3})|\d+|[A-Za-z])/g;
const HF_SECTION = /^&[LCR]$/;
const HF_ELEMENTS = new Set(['oddHeader', 'oddFooter', 'evenHeader', 'evenFooter', 'firstHeader', 'firstFooter']);

function headerFooterUnit(items: UnitItem[]): PendingUnit {
  return buildPlainTextUnit(items, { protect: HF_CODES, splitAt: (code) => HF_SECTION.test(code) });
}

/** Wraps a unit so the plain text of its translation is handed to `capture` when it is written. */
function capturing(unit: PendingUnit, capture: (text: string) => void): PendingUnit {
  if (unit.segments.length === 0) return unit;
  return {
    segments: unit.segments,
    render(translated) {
      capture(stripMarkers(translated.join('')));
      return unit.render(translated);
    },
  };
}

function openName(items: UnitItem[]): string {
  const first = items[0];
  return first && isToken(first) && first.kind === 'open' ? localName(first.name) : '';
}

interface RunState {
  map: WorkbookMap;
  translateHidden: boolean;
  /** Shared-string indices used by a visible cell. */
  visibleShared: Set<number>;
  /** Shared-string indices used by a table header cell → the tables and columns waiting for them. */
  headerShared: Map<number, { table: TableInfo; index: number }[]>;
}

function isHiddenCell(sheet: SheetInfo | undefined, row: number, col: number): boolean {
  if (!sheet) return false;
  return sheet.hiddenRows.has(row) || sheet.hiddenCols.some(([a, b]) => col >= a && col <= b);
}

function worksheetRules(state: RunState, sheet: SheetInfo): PartRules {
  let row = 0;
  let col = 0;
  let cellType: string | undefined;
  let cellHidden = false;
  let inValue = false;
  let rowHidden = false;
  // Header cells of this sheet's tables: `row:col` → table and column index.
  const headers = new Map<string, { table: TableInfo; index: number }>();
  for (const table of sheet.tables) {
    if (table.headerRow === null) continue;
    for (let c = table.firstCol; c <= table.lastCol; c++) headers.set(`${table.headerRow}:${c}`, { table, index: c - table.firstCol });
  }
  const header = (): { table: TableInfo; index: number } | undefined => headers.get(`${row}:${col}`);
  const skipHidden = !state.translateHidden;
  return {
    observe(token, ancestors) {
      if (token.kind === 'open') {
        const name = localName(token.name);
        if (name === 'col' && truthy(token.attrs.hidden)) {
          sheet.hiddenCols.push([Number(token.attrs.min ?? 0), Number(token.attrs.max ?? token.attrs.min ?? 0)]);
        } else if (name === 'row') {
          row = token.attrs.r ? Number(token.attrs.r) : row + 1;
          col = 0;
          rowHidden = truthy(token.attrs.hidden);
          if (rowHidden) sheet.hiddenRows.add(row);
        } else if (name === 'c') {
          cellType = token.attrs.t;
          // The column matters only for hidden columns and table headers (`col` elements come before the cells).
          if (sheet.hiddenCols.length === 0 && headers.size === 0) {
            cellHidden = skipHidden && rowHidden;
            return;
          }
          const ref = parseRef(token.attrs.r);
          col = ref ? ref.col : col + 1;
          if (ref) row = ref.row;
          cellHidden = skipHidden && (rowHidden || isHiddenCell(sheet, row, col));
        } else if (name === 'v' && !token.selfClosing) {
          inValue = localName(ancestors[ancestors.length - 1] ?? '') === 'c';
        }
      } else if (token.kind === 'close') {
        if (localName(token.name) === 'v') inValue = false;
      } else if (token.kind === 'text' && inValue && cellType === 's' && !cellHidden) {
        const index = Number(token.text.trim());
        if (!Number.isInteger(index)) return;
        state.visibleShared.add(index);
        const h = header();
        if (h) {
          h.table.sharedIndex[h.index] = index;
          const waiting = state.headerShared.get(index) ?? [];
          waiting.push(h);
          state.headerShared.set(index, waiting);
        }
      }
    },
    isUnit(token, ancestors) {
      const name = localName(token.name);
      const parent = localName(ancestors[ancestors.length - 1] ?? '');
      if (name === 'is') return parent === 'c' && !cellHidden;
      return parent === 'headerFooter' && HF_ELEMENTS.has(name);
    },
    buildUnit(items) {
      if (openName(items) !== 'is') return headerFooterUnit(items);
      const unit = buildInlineUnit(items, xlsxInlineRules);
      const h = header();
      return h ? capturing(unit, (text) => (h.table.names[h.index] = text)) : unit;
    },
  };
}

function sharedStringRules(state: RunState, filter: boolean): PartRules {
  let index = -1;
  return {
    isUnit(token, ancestors) {
      if (localName(token.name) !== 'si' || ancestors.length !== 1) return false;
      index++;
      return true;
    },
    buildUnit(items) {
      if (filter && !state.visibleShared.has(index)) return rawUnit(items);
      const unit = buildInlineUnit(items, xlsxInlineRules);
      const waiting = state.headerShared.get(index);
      if (!waiting) return unit;
      return capturing(unit, (text) => {
        for (const w of waiting) w.table.names[w.index] = text;
      });
    },
  };
}

/** Excel stores line breaks in column names as `_x000a_` escapes. */
function columnName(text: string): string {
  return text.replace(/\r/g, '_x000d_').replace(/\n/g, '_x000a_');
}

function tableRules(table: TableInfo): PartRules {
  let index = -1;
  const used = new Set<string>();
  return {
    isUnit(token) {
      if (localName(token.name) !== 'tableColumn') return false;
      index++;
      return true;
    },
    buildUnit(items) {
      const i = index;
      const first = items[0];
      const current = first && isToken(first) && first.kind === 'open' ? (first.attrs.name ?? '') : '';
      let name = table.names[i] !== undefined ? columnName(table.names[i] as string) : current;
      if (name.trim() === '') name = current;
      // Column names must be unique in a table (compared without case).
      let unique = name;
      for (let n = 2; used.has(unique.toLowerCase()); n++) unique = `${name} ${n}`;
      used.add(unique.toLowerCase());
      if (unique === current) return rawUnit(items);
      return tagEditUnit(items, (open) => setAttribute(open, 'name', unique));
    },
  };
}

function commentRules(sheet: SheetInfo | undefined, skipHidden: boolean, threaded: boolean): PartRules {
  let hidden = false;
  return {
    isUnit(token, ancestors) {
      const name = localName(token.name);
      if (name === 'comment' || name === 'threadedComment') {
        const ref = parseRef(token.attrs.ref);
        hidden = skipHidden && ref !== undefined && isHiddenCell(sheet, ref.row, ref.col);
        return false;
      }
      const parent = localName(ancestors[ancestors.length - 1] ?? '');
      return name === 'text' && (parent === 'comment' || parent === 'threadedComment') && !hidden;
    },
    buildUnit: (items) => (threaded ? buildPlainTextUnit(items) : buildInlineUnit(items, xlsxInlineRules)),
  };
}

const SHEET = /^xl\/worksheets\/[^/]+\.xml$/;
const CHARTSHEET = /^xl\/chartsheets\/[^/]+\.xml$/;
const COMMENTS = /^xl\/comments[^/]*\.xml$/;
const THREADED = /^xl\/threadedComments\/[^/]+\.xml$/;
const DRAWING = /^xl\/drawings\/drawing\d+\.xml$/;
const CHART = /^xl\/charts\/chart\d+\.xml$/;
const TABLE = /^xl\/tables\/[^/]+\.xml$/;
const SHARED = 'xl/sharedStrings.xml';

function chartsheetRules(): PartRules {
  return {
    isUnit: (token, ancestors) => localName(ancestors[ancestors.length - 1] ?? '') === 'headerFooter' && HF_ELEMENTS.has(localName(token.name)),
    buildUnit: headerFooterUnit,
  };
}

function xlsxSession(map: WorkbookMap, lang: OfficeLanguage | undefined, options: XlsxOptions): PackageSession {
  const translateHidden = options.translateHidden === true;
  const state: RunState = { map, translateHidden, visibleShared: new Set(), headerShared: new Map() };
  const hiddenOwner = (name: string): boolean => !translateHidden && map.ownerOf.get(name)?.hidden === true;
  return {
    phase(name) {
      if (name === SHARED || COMMENTS.test(name) || THREADED.test(name)) return 1;
      if (TABLE.test(name)) return 2;
      return 0;
    },
    rulesFor(name) {
      if (SHEET.test(name)) {
        // A sheet the workbook does not list through a relationship is treated as visible.
        let sheet = map.sheets.get(name);
        if (!sheet) {
          sheet = { part: name, hidden: false, tables: [], hiddenRows: new Set(), hiddenCols: [] };
          map.sheets.set(name, sheet);
        }
        if (sheet.hidden && !translateHidden) return undefined;
        return worksheetRules(state, sheet);
      }
      if (name === SHARED) return sharedStringRules(state, !translateHidden);
      if (TABLE.test(name)) {
        const table = map.tables.get(name);
        return table && !hiddenOwner(name) && table.names.some((n) => n !== undefined) ? tableRules(table) : undefined;
      }
      if (hiddenOwner(name)) return undefined;
      if (CHARTSHEET.test(name)) return chartsheetRules();
      if (COMMENTS.test(name)) return commentRules(map.ownerOf.get(name), !translateHidden, false);
      if (THREADED.test(name)) return commentRules(map.ownerOf.get(name), !translateHidden, true);
      if (DRAWING.test(name)) return drawingPartRules(lang);
      if (CHART.test(name)) return chartPartRules(lang);
      return undefined;
    },
  };
}

/** The xlsx handler; see the module comment for what `options` changes. */
export function createXlsxHandler(options: XlsxOptions = {}): FormatHandler {
  return packageHandler({
    extension: 'xlsx',
    verify: verifyOoxml('xlsx', 'xl/workbook.xml'),
    rulesFor: () => undefined,
    async begin(reader, job) {
      return xlsxSession(await readWorkbookMap(reader), officeLanguage(job.targetLang), options);
    },
    sniff: (head) => sniffOoxml('xlsx', head),
  });
}

export const xlsxHandler: FormatHandler = createXlsxHandler();
