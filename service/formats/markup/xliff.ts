/**
 * XLIFF 1.2, 2.0 and 2.1 (service process, document worker). Edited in place: only targets, states and the
 * target-language attribute change; ids, notes, other attributes, whitespace and untouched units stay byte
 * identical.
 *
 * 1.2: every `trans-unit` not under `translate="no"` gets `<target state="translated">` (replaced if present,
 * else inserted right after `source`/`seg-source`); with a `seg-source` the target mirrors its `mrk mtype="seg"`
 * structure; `file@target-language` is set. 2.x: every `segment` of a translatable `unit` gets its `target`
 * and `state="translated"`; `xliff@trgLang` is set; `ignorable` is left alone.
 * Targets a reviewer locked (1.2 target `state="final"` or `signed-off`, 2.x segment `state="final"`) are kept.
 * Inline codes: `bpt`, `ept`, `it`, `ph`, `x`, `bx`, `ex` (1.2) and `ph`, `sc`, `ec`, `sm`, `em`, `cp` (2.x) are
 * placeholders; `g`, `mrk` (1.2) and `pc`, `mrk` (2.x) are spans; `mrk` with `translate="no"` or
 * `mtype="protected"` is a placeholder.
 */
import { DocumentFormatError } from '../types.js';
import type { StringFormat, UnitTranslator } from './common.js';
import { bcp47, headText } from './common.js';
import type { MarkedUnitBuilder } from './inline.js';
import type { Splice, XmlElement, XmlNode } from './xml-tree.js';
import {
  applySplices,
  attr,
  blockUnits,
  buildInlineUnit,
  elements,
  encodingDeclSplice,
  escapeXmlText,
  parseXml,
  setAttribute,
} from './xml-tree.js';

const ATOMIC = new Set(['bpt', 'ept', 'it', 'ph', 'x', 'bx', 'ex', 'sc', 'ec', 'sm', 'em', 'cp']);

function atomic(el: XmlElement): boolean {
  return ATOMIC.has(el.local) || attr(el, 'translate') === 'no' || attr(el, 'mtype') === 'protected';
}

function child(el: XmlElement, local: string): XmlElement | undefined {
  return elements(el).find((c) => c.local === local);
}

/** A pending target: the unit(s) to translate and how to write the result. */
interface Job {
  builders: MarkedUnitBuilder[];
  write: (rendered: string[]) => Splice[];
}

/** Whitespace that precedes a node among its parent's children (used to indent an inserted target). */
function indentBefore(parent: XmlElement, node: XmlNode): string {
  const i = parent.children.indexOf(node);
  const prev = parent.children[i - 1];
  if (prev?.type === 'text' && /^\s*$/.test(prev.value)) {
    const nl = prev.value.lastIndexOf('\n');
    if (nl < 0) return '';
    return prev.value.slice(prev.value[nl - 1] === '\r' ? nl - 1 : nl);
  }
  return '';
}

function prefixOf(el: XmlElement): string {
  return el.name.includes(':') ? el.name.slice(0, el.name.indexOf(':') + 1) : '';
}

/** Writes `content` as the target: replaces an existing target's content or inserts a new target after `after`. */
function targetSplices(
  text: string,
  parent: XmlElement,
  after: XmlElement,
  target: XmlElement | undefined,
  content: string,
  stateOnTarget: boolean,
  lang: string,
): Splice[] {
  const prefix = prefixOf(after);
  const state = stateOnTarget ? ' state="translated"' : '';
  if (!target) {
    const indent = indentBefore(parent, after);
    return [
      {
        start: after.end,
        end: after.end,
        text: `${indent}<${prefix}target${state}>${content}</${prefix}target>`,
      },
    ];
  }
  if (target.selfClosing) {
    const attrs = text
      .slice(target.start + 1 + target.name.length, target.startTagEnd - 2)
      .replace(/\s*\bstate="[^"]*"/, '')
      .replace(/(\bxml:lang=["'])[^"']*/, `$1${lang}`);
    return [
      {
        start: target.start,
        end: target.end,
        text: `<${target.name}${attrs.trimEnd()}${state}>${content}</${target.name}>`,
      },
    ];
  }
  const splices: Splice[] = [{ start: target.startTagEnd, end: target.endTagStart, text: content }];
  if (stateOnTarget) splices.push(setAttribute(text, target, 'state', 'translated'));
  // A target that names its language must name the new one.
  if (attr(target, 'xml:lang') !== undefined) splices.push(setAttribute(text, target, 'xml:lang', lang));
  return splices;
}

function collect12(text: string, root: XmlElement, lang: string): { jobs: Job[]; splices: Splice[] } {
  const jobs: Job[] = [];
  const splices: Splice[] = [];
  const walk = (el: XmlElement, translatable: boolean): void => {
    for (const c of elements(el)) {
      const here =
        attr(c, 'translate') === 'no' ? false : attr(c, 'translate') === 'yes' ? true : translatable;
      if (c.local === 'file') splices.push(setAttribute(text, c, 'target-language', lang));
      if (c.local === 'trans-unit') {
        if (here) unit12(c);
      } else if (
        c.local !== 'source' &&
        c.local !== 'target' &&
        c.local !== 'note' &&
        c.local !== 'alt-trans'
      ) {
        walk(c, here);
      }
    }
  };
  const unit12 = (tu: XmlElement): void => {
    const source = child(tu, 'source');
    if (!source) return;
    const segSource = child(tu, 'seg-source');
    const target = child(tu, 'target');
    const targetState = target ? attr(target, 'state') : undefined;
    if (targetState === 'final' || targetState === 'signed-off') return;
    const after = segSource ?? source;
    const segs = segSource ? findSegMarks(segSource) : [];
    if (segSource && segs.length > 0) {
      // The target mirrors seg-source: same text between segments, each segment's content translated.
      const builders = segs.map((m) => buildInlineUnit(text, m, atomic));
      jobs.push({
        builders,
        write: (rendered) => {
          const inner = applySplices(
            text.slice(0, segSource.endTagStart),
            segs.map((m, i) => ({ start: m.startTagEnd, end: m.endTagStart, text: rendered[i]! })),
          ).slice(segSource.startTagEnd);
          return targetSplices(text, tu, after, target, inner, true, lang);
        },
      });
      return;
    }
    // A row of links in the source (`<g>`s separated by punctuation) is translated link by link.
    const units = blockUnits(text, source, atomic);
    jobs.push({
      builders: units.builders,
      write: (rendered) => targetSplices(text, tu, after, target, units.inner(rendered), true, lang),
    });
  };
  walk(root, true);
  return { jobs, splices };
}

function findSegMarks(el: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of elements(el)) {
    if (c.local === 'mrk' && attr(c, 'mtype') === 'seg') out.push(c);
    else out.push(...findSegMarks(c));
  }
  return out;
}

function collect2(
  text: string,
  root: XmlElement,
  xliff: XmlElement,
  lang: string,
): { jobs: Job[]; splices: Splice[] } {
  const jobs: Job[] = [];
  const splices: Splice[] = [setAttribute(text, xliff, 'trgLang', lang)];
  const walk = (el: XmlElement, translatable: boolean): void => {
    for (const c of elements(el)) {
      const here =
        attr(c, 'translate') === 'no' ? false : attr(c, 'translate') === 'yes' ? true : translatable;
      if (c.local === 'unit') {
        if (!here) continue;
        for (const seg of elements(c).filter((s) => s.local === 'segment')) {
          if (attr(seg, 'state') === 'final') continue;
          const source = child(seg, 'source');
          if (!source) continue;
          const target = child(seg, 'target');
          const units = blockUnits(text, source, atomic);
          jobs.push({
            builders: units.builders,
            write: (rendered) => [
              setAttribute(text, seg, 'state', 'translated'),
              ...targetSplices(text, seg, source, target, units.inner(rendered), false, lang),
            ],
          });
        }
      } else if (c.local === 'file' || c.local === 'group' || c.local === 'xliff') {
        walk(c, here);
      }
    }
  };
  walk(root, true);
  return { jobs, splices };
}

async function transform(text: string, translate: UnitTranslator, targetLang: string): Promise<string> {
  const doc = parseXml(text, 'XLIFF');
  const xliff = elements(doc.root).find((e) => e.local === 'xliff');
  if (!xliff) {
    throw new DocumentFormatError(
      'The file is XML but not XLIFF (its root element is not <xliff>). Upload it as .xml instead.',
    );
  }
  const version = attr(xliff, 'version') ?? '';
  const lang = bcp47(targetLang);
  let collected: { jobs: Job[]; splices: Splice[] };
  if (/^1\.[0-2]$/.test(version)) collected = collect12(text, doc.root, lang);
  else if (/^2\.[0-9]$/.test(version)) collected = collect2(text, doc.root, xliff, lang);
  else {
    throw new DocumentFormatError(
      `XLIFF version "${version}" is not supported; the local engine reads XLIFF 1.2, 2.0 and 2.1. ` +
        'Export the file as XLIFF 1.2 or 2.1 and upload it again.',
    );
  }
  const builders = collected.jobs.flatMap((j) => j.builders);
  const translated = await translate(builders.map((b) => b.marked()));
  const splices = [...collected.splices];
  const decl = encodingDeclSplice(text);
  if (decl) splices.push(decl);
  let at = 0;
  for (const job of collected.jobs) {
    const rendered = job.builders.map((b) => b.render(translated[at++]!, escapeXmlText));
    splices.push(...job.write(rendered));
  }
  return applySplices(text, splices);
}

export const xliffFormat: StringFormat = {
  extensions: ['xlf', 'xliff'],
  name: 'XLIFF',
  sniff(head) {
    const text = headText(head);
    return /^\s*</.test(text) && /<(\w+:)?xliff\b/.test(text);
  },
  transform,
};
