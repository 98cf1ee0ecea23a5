/**
 * Fonts for the layout-preserving PDF translation (service process, document worker): picks a face close to the
 * original (serif or sans or mono, bold, italic) with per-character fallback to a face that covers the script,
 * shapes text with HarfBuzz (`harfbuzzjs`, MIT: ligatures, kerning, Arabic joining, Indic/Thai clusters), subsets
 * the used glyphs with hb-subset (glyph ids retained) and embeds each face as a Type0/CIDFontType2 font with a
 * ToUnicode map, so extracting text from the output gives the translation.
 *
 * Faces are Debian packages installed by scripts/setup: Noto Sans/Serif/Sans Mono and the Noto script faces
 * (fonts-noto-core: Latin, Greek, Cyrillic, Arabic, Hebrew, Thai, Devanagari), Droid Sans Fallback
 * (fonts-droid-fallback: Chinese, Japanese), Nanum Gothic (fonts-nanum: Korean), DejaVu (fonts-dejavu-core: last
 * resort for symbols). All are TrueType outlines: Noto CJK ships only CFF collections, which pdf-lib's subsetter
 * breaks and PDF embeds differently; pdf-lib's own TrueType subsetter also breaks composite glyphs (most CJK
 * glyphs), hence hb-subset and the hand-written font dictionaries below.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FontInfo } from './pdfium.js';
import type { IncrementalUpdate } from './writer.js';

type HB = typeof import('harfbuzzjs');

const NOTO = '/usr/share/fonts/truetype/noto/';
const FACES = {
  sans: NOTO + 'NotoSans-Regular.ttf',
  'sans-bold': NOTO + 'NotoSans-Bold.ttf',
  'sans-italic': NOTO + 'NotoSans-Italic.ttf',
  'sans-bold-italic': NOTO + 'NotoSans-BoldItalic.ttf',
  serif: NOTO + 'NotoSerif-Regular.ttf',
  'serif-bold': NOTO + 'NotoSerif-Bold.ttf',
  'serif-italic': NOTO + 'NotoSerif-Italic.ttf',
  'serif-bold-italic': NOTO + 'NotoSerif-BoldItalic.ttf',
  mono: NOTO + 'NotoSansMono-Regular.ttf',
  'mono-bold': NOTO + 'NotoSansMono-Bold.ttf',
  arabic: NOTO + 'NotoSansArabic-Regular.ttf',
  'arabic-bold': NOTO + 'NotoSansArabic-Bold.ttf',
  naskh: NOTO + 'NotoNaskhArabic-Regular.ttf',
  hebrew: NOTO + 'NotoSansHebrew-Regular.ttf',
  'hebrew-bold': NOTO + 'NotoSansHebrew-Bold.ttf',
  thai: NOTO + 'NotoSansThai-Regular.ttf',
  devanagari: NOTO + 'NotoSansDevanagari-Regular.ttf',
  cjk: '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf',
  hangul: '/usr/share/fonts/truetype/nanum/NanumGothic.ttf',
  dejavu: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  'dejavu-bold': '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
} as const;
export type FaceKey = keyof typeof FACES;

/** Debian packages that provide the faces, for the message when one is missing. */
export const FONT_PACKAGES = 'fonts-noto-core fonts-droid-fallback fonts-nanum fonts-dejavu-core';

/** The faces that must exist for PDF output (others are optional fallbacks). */
export function missingFonts(): string[] {
  return (['sans', 'serif', 'dejavu'] as const).map((k) => FACES[k]).filter((p) => !existsSync(p));
}

export interface Style {
  family: 'sans' | 'serif' | 'mono';
  bold: boolean;
  italic: boolean;
}

const MONO_NAME =
  /mono|nimbusmon|courier|consol|menlo|cmtt|lmmono|inconsolata|typewriter|fixedsys|lucidaconsole|sourcecode|firacode|code\d*pro/i;
const SANS_NAME =
  /sans|arial|helvetica|verdana|tahoma|calibri|segoe|gothic|grotesk|univers|futura|frutiger|myriad|cmss|trebuchet|lucida(?!.*bright)|franklin|gill|optima|candara|corbel|avenir|roboto|open ?sans|lato|source ?sans|dejavusans|liberationsans|notosans|nanumgothic|malgun|dotum|gulim|hei|yahei|meiryo/i;
const SERIF_NAME =
  /serif|times|roman|georgia|garamond|minion|cambria|book(?!man)|nimbusrom|^cm[rb]|cmbx|cmti|cmsl|lmroman|palatino|charter|century(?!gothic)|baskerville|caslon|bodoni|utopia|mincho|myeongjo|batang|song|fangsong|kai|melior|rawlinson|bookman|constantia|sabon|plantin|janson|didot|cheltenham|clarendon|rockwell/i;
const BOLD_NAME = /bold|black|heavy|semibold|demi|-medi\b|medi$|cmbx|cmb\d|\bbd\b|fbd|-bd|extrabold|ultra/i;
const ITALIC_NAME = /italic|oblique|obli\b|-it\b|-ital|ital$|cmti|cmsl|slant|kursiv/i;
/** Base names that are regular faces whatever weight the descriptor claims (some writers put a stem width there). */
const REGULAR_NAME =
  /^(Helvetica|Arial|ArialMT|Times|Times-Roman|TimesNewRoman|TimesNewRomanPSMT|Courier|CourierNew|CourierNewPSMT|Calibri|Cambria|Georgia|Verdana|Tahoma)$|regular|regu$|roman|book|light|thin/i;
const MATH_NAME = /^(CMSY|CMMI|CMEX|MSAM|MSBM|LMMath|Symbol|Wingdings|ZapfDingbats|Dingbats)/i;

/** A face close to the original font, from its name first (what the type designer called it) and then its
 * descriptor's flags and weight (which PDF writers fill in less reliably: a fixed-pitch flag on Arial, a stem
 * width as weight). */
export function styleOf(font: FontInfo): Style {
  let style = styles.get(font);
  if (!style) styles.set(font, (style = styleOfName(font)));
  return style;
}
const styles = new WeakMap<FontInfo, Style>();

function styleOfName(font: FontInfo): Style {
  const name = font.name;
  const named = MONO_NAME.test(name)
    ? 'mono'
    : SANS_NAME.test(name)
      ? 'sans'
      : SERIF_NAME.test(name)
        ? 'serif'
        : undefined;
  const family = named ?? ((font.flags & 1) === 1 ? 'mono' : (font.flags & 2) === 2 ? 'serif' : 'sans');
  const bold =
    BOLD_NAME.test(name) ||
    (font.flags & (1 << 18)) !== 0 ||
    (font.weight >= 600 && !REGULAR_NAME.test(name));
  const italic =
    ITALIC_NAME.test(name) || (!MATH_NAME.test(name) && ((font.flags & 64) === 64 || font.italicAngle !== 0));
  return { family, bold, italic };
}

const chains = new Map<string, FaceKey[]>();

/** Faces to try, in order, for a style (the installed ones; looked up once per worker). */
export function faceChain(style: Style): FaceKey[] {
  const key = `${style.family}${style.bold ? 'b' : ''}${style.italic ? 'i' : ''}`;
  let chain = chains.get(key);
  if (!chain) {
    chain = chainOf(style);
    chains.set(key, chain);
  }
  return chain;
}

function chainOf(style: Style): FaceKey[] {
  const primary: FaceKey =
    style.family === 'mono'
      ? style.bold
        ? 'mono-bold'
        : 'mono'
      : (`${style.family}${style.bold ? '-bold' : ''}${style.italic ? '-italic' : ''}` as FaceKey);
  const arabic: FaceKey = style.family === 'serif' ? 'naskh' : style.bold ? 'arabic-bold' : 'arabic';
  const chain: FaceKey[] = [
    primary,
    style.family === 'mono' ? 'sans' : primary,
    arabic,
    style.bold ? 'hebrew-bold' : 'hebrew',
  ];
  chain.push('thai', 'devanagari', 'cjk', 'hangul', style.bold ? 'dejavu-bold' : 'dejavu', 'dejavu');
  return [...new Set(chain)].filter((k) => existsSync(FACES[k]));
}

export interface Face {
  key: FaceKey;
  upem: number;
  ascender: number;
  descender: number;
  hb: InstanceType<HB['Font']>;
  bytes: Uint8Array;
  /** Glyph ids written, with the text each stands for (first occurrence wins). */
  used: Map<number, string>;
  /** Advance widths by glyph id, in font units. */
  advances: Map<number, number>;
  covers(cp: number): boolean;
}

export interface ShapedGlyph {
  gid: number;
  /** Advance in font units. */
  advance: number;
  xOffset: number;
  yOffset: number;
  /** Text of the glyph's cluster, set on the first glyph of each cluster. */
  text: string;
}

/** A word or space shaped with a face chain: its runs (one per face used), cached per chain. */
export type ShapedText = Array<{ face: Face; glyphs: ShapedGlyph[] }>;

/** Entries kept per cache before it is cleared (a document's distinct words fit several times over). */
const CACHE_LIMIT = 50_000;

/*
 * Worker-wide state: HarfBuzz, the faces (font file, HarfBuzz font, character map) and the shaping results depend
 * only on the font files, so every document of a worker shares them; a document's own state (glyphs used, for the
 * subset) is in its FontSet. Loading a face's file and character map took longer than typesetting a page.
 */
let harfbuzz: Promise<HB> | undefined;
let sharedBuffer: InstanceType<HB['Buffer']> | undefined;
type LoadedFace = Omit<Face, 'used' | 'advances'>;
const loadedFaces = new Map<FaceKey, Promise<LoadedFace>>();
/** Shaped runs by face, direction and text: a paper's words repeat, and shaping is most of typesetting. */
const shapeCache = new Map<string, ShapedGlyph[]>();
const widthCache = new Map<string, number>();

function loadFace(hb: HB, key: FaceKey): Promise<LoadedFace> {
  let loaded = loadedFaces.get(key);
  if (!loaded) {
    loaded = (async () => {
      const bytes = new Uint8Array(await readFile(FACES[key]));
      const hbFace = new hb.Face(new hb.Blob(bytes), 0);
      const font = new hb.Font(hbFace);
      const extents = font.hExtents();
      const cmap = new Set(hbFace.collectUnicodes());
      return {
        key,
        upem: hbFace.upem,
        ascender: extents.ascender,
        descender: extents.descender,
        hb: font,
        bytes,
        covers: (cp: number) => cmap.has(cp),
      };
    })();
    loaded.catch(() => loadedFaces.delete(key));
    loadedFaces.set(key, loaded);
  }
  return loaded;
}

/** One document's fonts: its faces (with the glyphs it uses), a shaping cache per face chain, and embedding. */
export class FontSet {
  private hb: HB | undefined;
  private readonly faces = new Map<FaceKey, Face>();
  private readonly textCache = new Map<string, ShapedText>();

  async init(): Promise<void> {
    this.hb ??= await (harfbuzz ??= import('harfbuzzjs'));
  }

  async face(key: FaceKey): Promise<Face> {
    const have = this.faces.get(key);
    if (have) return have;
    const loaded = await loadFace(this.hb!, key);
    const face = this.faces.get(key) ?? { ...loaded, used: new Map(), advances: new Map() };
    this.faces.set(key, face);
    return face;
  }

  /** Loads the faces of a chain (before synchronous shaping). */
  async load(chain: FaceKey[]): Promise<Face[]> {
    await this.init();
    return Promise.all(chain.map((k) => this.face(k)));
  }

  /** Splits text into runs, each drawn with the first face of `faces` that has its characters. */
  runs(text: string, faces: Face[]): Array<{ face: Face; text: string }> {
    const out: Array<{ face: Face; text: string }> = [];
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      const last = out[out.length - 1];
      // Spaces, marks and punctuation stay with the run they are in when its face has them.
      if (last && /[\s\p{M}\p{P}\p{N}]/u.test(ch) && last.face.covers(cp)) {
        last.text += ch;
        continue;
      }
      const face = faces.find((f) => f.covers(cp)) ?? faces[0]!;
      if (last && last.face === face) last.text += ch;
      else out.push({ face, text: ch });
    }
    return out;
  }

  /** Shapes a run with HarfBuzz; glyphs come in visual order. The result is cached: do not change it. */
  shape(face: Face, text: string, rtl: boolean): ShapedGlyph[] {
    const key = `${face.key}\u0001${rtl ? 1 : 0}\u0001${text}`;
    const cached = shapeCache.get(key);
    if (cached) return cached;
    const hb = this.hb!;
    // One buffer for the worker (harfbuzzjs frees buffers only when they are garbage collected).
    const buffer = (sharedBuffer ??= new hb.Buffer());
    buffer.reset();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    buffer.setDirection(rtl ? hb.Direction.RTL : hb.Direction.LTR);
    hb.shape(face.hb, buffer);
    // getGlyphInfos + getGlyphPositions, read by index: getGlyphInfosAndPositions defines four properties per
    // glyph and merging the two with object spread cost more than the shaping.
    const infos = buffer.getGlyphInfos();
    const positions = buffer.getGlyphPositions();
    // Cluster values are UTF-16 offsets (harfbuzzjs' addText adds UTF-16): each cluster's text runs to the next
    // larger cluster value.
    const sorted = [...new Set(infos.map((g) => g.cluster))].sort((a, b) => a - b);
    const endOf = new Map<number, number>();
    sorted.forEach((start, i) => endOf.set(start, sorted[i + 1] ?? text.length));
    const seen = new Set<number>();
    const glyphs: ShapedGlyph[] = infos.map((info, i) => {
      const pos = positions[i];
      const first = !seen.has(info.cluster);
      seen.add(info.cluster);
      return {
        gid: info.codepoint,
        advance: pos?.xAdvance ?? 0,
        xOffset: pos?.xOffset ?? 0,
        yOffset: pos?.yOffset ?? 0,
        text: first ? text.slice(info.cluster, endOf.get(info.cluster)) : '',
      };
    });
    if (shapeCache.size > CACHE_LIMIT) shapeCache.clear();
    shapeCache.set(key, glyphs);
    return glyphs;
  }

  /** A word (or space) split into face runs and shaped left to right, cached per face chain. */
  shapeText(text: string, faces: Face[]): ShapedText {
    const key = faces[0]!.key + '\u0000' + text;
    const cached = this.textCache.get(key);
    if (cached) return cached;
    const shaped = this.runs(text, faces).map((run) => ({
      face: run.face,
      glyphs: this.shape(run.face, run.text, false),
    }));
    if (this.textCache.size > CACHE_LIMIT) this.textCache.clear();
    this.textCache.set(key, shaped);
    return shaped;
  }

  /** Width of `text` at size 1 (in points per point of size), with fallback faces. */
  width(text: string, faces: Face[]): number {
    const key = faces[0]!.key + '\u0000' + text;
    const cached = widthCache.get(key);
    if (cached !== undefined) return cached;
    let w = 0;
    for (const run of this.shapeText(text, faces)) {
      for (const g of run.glyphs) w += g.advance / run.face.upem;
    }
    if (widthCache.size > CACHE_LIMIT) widthCache.clear();
    widthCache.set(key, w);
    return w;
  }

  /** Records glyphs as written (for the subset and the ToUnicode map). */
  use(face: Face, glyphs: ShapedGlyph[]): void {
    for (const g of glyphs) {
      if (!face.used.has(g.gid) || (face.used.get(g.gid) === '' && g.text !== ''))
        face.used.set(g.gid, g.text);
      if (!face.advances.has(g.gid)) face.advances.set(g.gid, face.hb.glyphHAdvance(g.gid));
    }
  }

  /** Embeds every face that was used into the update; returns the object number of each font dictionary. */
  async embed(update: IncrementalUpdate): Promise<Map<FaceKey, number>> {
    const refs = new Map<FaceKey, number>();
    const subsetter = await hbSubset();
    let tag = 0;
    for (const face of this.faces.values()) {
      if (face.used.size === 0) continue;
      const bytes = subsetter([...face.used.keys()], face.bytes);
      refs.set(face.key, embedFace(update, face, bytes, tag++));
    }
    return refs;
  }
}

/** PDF font dictionaries for a subset TrueType face (Type0, Identity-H, CID = glyph id). */
function embedFace(update: IncrementalUpdate, face: Face, fontBytes: Uint8Array, tag: number): number {
  const prefix = String.fromCharCode(...[0, 1, 2, 3, 4, 5].map((i) => 65 + ((tag * 7 + i * 3) % 26)));
  const name = `/${prefix}+Verso-${face.key}`;
  const k = 1000 / face.upem;
  const file = update.allocate();
  update.set(file, '<< >>', fontBytes, ` /Length1 ${fontBytes.length}`);
  const serif = face.key.startsWith('serif') || face.key === 'naskh';
  const flags =
    4 | (serif ? 2 : 0) | (face.key.includes('italic') ? 64 : 0) | (face.key.startsWith('mono') ? 1 : 0);
  const ascent = Math.round(face.ascender * k);
  const descent = Math.round(face.descender * k);
  const descriptor = update.allocate();
  update.set(
    descriptor,
    `<< /Type /FontDescriptor /FontName ${name} /Flags ${flags} /FontBBox [-500 ${descent} 1500 ${ascent}] ` +
      `/ItalicAngle ${face.key.includes('italic') ? -12 : 0} /Ascent ${ascent} /Descent ${descent} ` +
      `/CapHeight ${Math.round(ascent * 0.7)} /StemV ${face.key.includes('bold') ? 140 : 80} /FontFile2 ${file} 0 R >>`,
  );
  const gids = [...face.used.keys()].sort((a, b) => a - b);
  const widths = gids.map((gid) => `${gid} [${Math.round((face.advances.get(gid) ?? 0) * k)}]`).join(' ');
  const cid = update.allocate();
  update.set(
    cid,
    `<< /Type /Font /Subtype /CIDFontType2 /BaseFont ${name} ` +
      `/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${descriptor} 0 R ` +
      `/W [${widths}] /DW 0 /CIDToGIDMap /Identity >>`,
  );
  const toUnicode = update.allocate();
  update.set(toUnicode, '<< >>', toUnicodeCMap(face.used));
  const font = update.allocate();
  update.set(
    font,
    `<< /Type /Font /Subtype /Type0 /BaseFont ${name} /Encoding /Identity-H /DescendantFonts [${cid} 0 R] ` +
      `/ToUnicode ${toUnicode} 0 R >>`,
  );
  return font;
}

function utf16Hex(text: string): string {
  let hex = '';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return hex.toUpperCase();
}

function toUnicodeCMap(used: Map<number, string>): string {
  const entries = [...used].filter(([, t]) => t !== '').sort((a, b) => a[0] - b[0]);
  const chunks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const part = entries.slice(i, i + 100);
    chunks.push(
      `${part.length} beginbfchar\n` +
        part
          .map(([gid, t]) => `<${gid.toString(16).padStart(4, '0').toUpperCase()}> <${utf16Hex(t)}>`)
          .join('\n') +
        '\nendbfchar',
    );
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...chunks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

type Subsetter = (gids: number[], font: Uint8Array) => Uint8Array;
let subsetInstance: Promise<Subsetter> | undefined;

/** hb-subset (the harfbuzzjs subset build): keeps the given glyphs (and their components) at their ids. */
function hbSubset(): Promise<Subsetter> {
  subsetInstance ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasm = await readFile(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm'));
    const { instance } = await WebAssembly.instantiate(wasm, {});
    // The raw exports of hb-subset.wasm (C API); typed here by hand.
    const x = instance.exports as unknown as Record<string, (...args: number[]) => number> & {
      memory: WebAssembly.Memory;
    };
    const RETAIN_GIDS = 2;
    const NO_HINTING = 1;
    return (gids, bytes) => {
      const ptr = x.malloc!(bytes.length);
      new Uint8Array(x.memory.buffer).set(bytes, ptr);
      const blob = x.hb_blob_create!(ptr, bytes.length, 2, 0, 0);
      const face = x.hb_face_create!(blob, 0);
      x.hb_blob_destroy!(blob);
      const input = x.hb_subset_input_create_or_fail!();
      const glyphs = x.hb_subset_input_glyph_set!(input);
      for (const g of gids) x.hb_set_add!(glyphs, g);
      x.hb_subset_input_set_flags!(input, RETAIN_GIDS | NO_HINTING);
      const subset = x.hb_subset_or_fail!(face, input);
      x.hb_subset_input_destroy!(input);
      try {
        if (!subset) throw new Error('hb-subset failed');
        const result = x.hb_face_reference_blob!(subset);
        const offset = x.hb_blob_get_data!(result, 0);
        const length = x.hb_blob_get_length!(result);
        const out = new Uint8Array(x.memory.buffer).slice(offset, offset + length);
        x.hb_blob_destroy!(result);
        return out;
      } finally {
        if (subset) x.hb_face_destroy!(subset);
        x.hb_face_destroy!(face);
        x.free!(ptr);
      }
    };
  })();
  return subsetInstance;
}
