/**
 * SubRip subtitles (service process, document worker). Our own parser (the npm ones renumber cues, drop
 * coordinates or change line endings): index and timing lines, blank lines, BOM and CRLF are written back
 * verbatim; only cue text lines change.
 *
 * Translation is per cue: timing stays exact and each cue stays readable on its own; a sentence that runs across
 * cues is translated in parts (merging and re-splitting by word ratio moves words to the wrong timing as often
 * as it helps). Inside a cue the lines are joined with spaces, translated as one unit and re-broken into the
 * same number of lines of similar length; dialogue cues (every line starts with `-`) keep one line per speaker.
 * `<i>`, `<b>`, `<u>` and `<font …>` become spans; ASS overrides such as `{\an8}` are placeholders.
 */
import { DocumentFormatError } from '../types.js';
import type { StringFormat, UnitTranslator } from './common.js';
import { headText } from './common.js';
import { MarkedUnitBuilder } from './inline.js';
import type { Splice } from './xml-tree.js';
import { applySplices } from './xml-tree.js';

const TIMING = /^\s*\d{1,3}:\d{1,2}:\d{1,2}(?:[,.]\d{1,3})?\s*-->\s*\d{1,3}:\d{1,2}:\d{1,2}(?:[,.]\d{1,3})?/;
const INDEX = /^\s*\d+\s*$/;
const TAG = /<(\/?)(i|b|u|font)\b[^>]*>|\{\\[^}]*\}/gi;

interface Line {
  start: number;
  end: number;
  text: string;
  eol: string;
}

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  const re = /\r\n|\n|\r/g;
  let at = 0;
  for (const m of text.matchAll(re)) {
    lines.push({ start: at, end: m.index, text: text.slice(at, m.index), eol: m[0] });
    at = m.index + m[0].length;
  }
  if (at < text.length) lines.push({ start: at, end: text.length, text: text.slice(at), eol: '' });
  return lines;
}

/** Builds the unit of a cue text: formatting tags paired into spans, unpaired tags and overrides as placeholders. */
function buildCueUnit(text: string): MarkedUnitBuilder {
  const tokens: Array<{ raw: string; name?: string; closing?: boolean; pair?: number }> = [];
  let at = 0;
  for (const m of text.matchAll(TAG)) {
    if (m.index > at) tokens.push({ raw: text.slice(at, m.index) });
    tokens.push({ raw: m[0], name: (m[2] ?? '').toLowerCase(), closing: m[1] === '/' });
    at = m.index + m[0].length;
  }
  if (at < text.length) tokens.push({ raw: text.slice(at) });
  const open: number[] = [];
  tokens.forEach((t, i) => {
    if (!t.name) return;
    if (!t.closing) open.push(i);
    else {
      let j = open.length - 1;
      while (j >= 0 && tokens[open[j]!]!.name !== t.name) j--;
      if (j >= 0) {
        const k = open[j]!;
        tokens[k]!.pair = i;
        t.pair = k;
        open.splice(j);
      }
    }
  });
  const builder = new MarkedUnitBuilder();
  tokens.forEach((t, i) => {
    if (t.name === undefined) builder.text(t.raw);
    else if (t.name === '' || t.pair === undefined) builder.atom(t.raw);
    else if (!t.closing) builder.open({ open: t.raw, close: tokens[t.pair]!.raw });
    else if (t.pair < i) builder.close();
  });
  return builder;
}

/** Re-breaks rendered cue text into `count` lines of similar visible length, at spaces outside tags. */
export function rebreak(rendered: string, count: number): string[] {
  if (count <= 1) return [rendered];
  const spaces: Array<{ index: number; visible: number }> = [];
  let visible = 0;
  let inTag = false;
  for (let i = 0; i < rendered.length; i++) {
    const ch = rendered[i]!;
    if (ch === '<' || ch === '{') inTag = true;
    else if (inTag && (ch === '>' || ch === '}')) inTag = false;
    else if (!inTag) {
      if (ch === ' ') spaces.push({ index: i, visible });
      visible++;
    }
  }
  const cuts: number[] = [];
  let from = 0;
  for (let k = 1; k < count; k++) {
    const goal = (visible * k) / count;
    let best: { index: number; visible: number } | undefined;
    for (const s of spaces) {
      if (s.index <= from) continue;
      if (!best || Math.abs(s.visible - goal) < Math.abs(best.visible - goal)) best = s;
    }
    if (!best) break;
    cuts.push(best.index);
    from = best.index;
  }
  const lines: string[] = [];
  let start = 0;
  for (const cut of cuts) {
    lines.push(rendered.slice(start, cut));
    start = cut + 1;
  }
  lines.push(rendered.slice(start));
  return lines;
}

interface Cue {
  lines: Line[];
  /** One unit per line (dialogue) or one unit for the whole cue. */
  builders: MarkedUnitBuilder[];
  dialogue: boolean;
}

async function transform(text: string, translate: UnitTranslator): Promise<string> {
  const lines = splitLines(text);
  const cues: Cue[] = [];
  let i = 0;
  let sawTiming = false;
  while (i < lines.length) {
    const line = lines[i]!;
    let textStart: number | undefined;
    if (INDEX.test(line.text) && TIMING.test(lines[i + 1]?.text ?? '')) textStart = i + 2;
    else if (TIMING.test(line.text)) textStart = i + 1;
    if (textStart === undefined) {
      i++;
      continue;
    }
    sawTiming = true;
    let end = textStart;
    while (end < lines.length && lines[end]!.text.trim() !== '') end++;
    const cueLines = lines.slice(textStart, end);
    if (cueLines.length > 0) {
      const dialogue =
        cueLines.length > 1 && cueLines.every((l) => /^\s*(<[^>]*>|\{[^}]*\})*\s*-/.test(l.text));
      const builders = dialogue
        ? cueLines.map((l) => buildCueUnit(l.text))
        : [buildCueUnit(cueLines.map((l) => l.text.trim()).join(' '))];
      cues.push({ lines: cueLines, builders, dialogue });
    }
    i = end;
  }
  if (!sawTiming) {
    throw new DocumentFormatError(
      'The SRT file has no cue timing lines (such as "00:00:01,000 --> 00:00:02,500"). Check that it is a SubRip file.',
    );
  }
  const all = cues.flatMap((c) => c.builders);
  const translated = await translate(all.map((b) => b.marked()));
  const splices: Splice[] = [];
  let at = 0;
  for (const cue of cues) {
    const rendered = cue.builders.map((b) => b.render(translated[at++]!, (t) => t.replace(/\s*\n\s*/g, ' ')));
    if (cue.builders.every((b) => !b.hasText)) continue;
    const out = cue.dialogue ? rendered : rebreak(rendered[0]!.trim(), cue.lines.length);
    const eol = cue.lines[0]!.eol || '\n';
    const first = cue.lines[0]!;
    const last = cue.lines[cue.lines.length - 1]!;
    splices.push({ start: first.start, end: last.end, text: out.join(eol) });
  }
  return applySplices(text, splices);
}

export const srtFormat: StringFormat = {
  extensions: ['srt'],
  name: 'SRT',
  sniff: (head) =>
    headText(head)
      .split(/\r\n|\n|\r/)
      .slice(0, 20)
      .some((l) => TIMING.test(l)),
  transform: (text, translate) => transform(text, translate),
};
