/**
 * JSON documents (typically i18n resource files) (service process, document worker).
 *
 * Only string values are translated: jsonc-parser's `visit` gives each value's offsets and the new value is
 * spliced in, so keys, key order, numbers (even ones JavaScript would round), comments and formatting are
 * untouched. Strings that look like code are skipped: URLs, e-mail addresses, paths, dates, colours, numbers
 * and identifiers (no spaces and a `_`, `.`, `/`, `:` or camelCase hump). Interpolations are protected as
 * placeholders: `{name}`, ICU `{count, plural, …}` (kept whole), `{{x}}`, `${x}`, printf `%s`/`%1$s`/`%d`, and
 * inline HTML tags.
 */
import { printParseErrorCode, visit } from 'jsonc-parser';
import { DocumentFormatError } from '../types.js';
import type { StringFormat, UnitTranslator } from './common.js';
import { headText } from './common.js';
import { MarkedUnitBuilder } from './inline.js';
import type { Splice } from './xml-tree.js';
import { applySplices } from './xml-tree.js';

const PROTECTED =
  /\{\{[^{}]*\}\}|\$\{[^{}]*\}|\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}|%(?:\d+\$)?[-+#0]*(?:\d+|\*)?(?:\.\d+)?(?:hh|h|ll|l|L|z|j|t)?[diouxXeEfFgGaAcsp@%]|<\/?[A-Za-z][^<>]*>/g;

/** True when a string is data rather than prose (never sent to the engine). */
export function isCodeLike(value: string): boolean {
  const s = value.trim();
  if (s === '' || !/\p{L}/u.test(s)) return true;
  if (/^[a-z][a-z0-9+.-]*:\/\/\S*$/i.test(s) || /^www\.\S+$/i.test(s)) return true;
  if (/^mailto:|^[^\s@]+@[^\s@]+\.[^\s@]+$/i.test(s)) return true;
  if (/^#[0-9a-f]{3,8}$/i.test(s) || /^\d{4}-\d{2}-\d{2}([T ][\d:.]+Z?)?$/.test(s)) return true;
  if (/\s/.test(s)) return false;
  return /[_./\\:]/.test(s) || /[a-z][A-Z]/.test(s) || (/^[A-Z0-9]+$/.test(s) && /\d/.test(s));
}

/** Splits a string into text and protected interpolations. */
export function protectInterpolations(value: string, builder = new MarkedUnitBuilder()): MarkedUnitBuilder {
  let at = 0;
  for (const m of value.matchAll(PROTECTED)) {
    builder.text(value.slice(at, m.index));
    builder.atom(m[0]);
    at = (m.index ?? 0) + m[0].length;
  }
  builder.text(value.slice(at));
  return builder;
}

function lineCol(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}

async function transform(text: string, translate: UnitTranslator): Promise<string> {
  if (text.trim() === '')
    throw new DocumentFormatError('The JSON file is empty; there is nothing to translate.');
  const values: Array<{ offset: number; length: number; builder: MarkedUnitBuilder }> = [];
  let error: string | undefined;
  try {
    visit(
      text,
      {
        onLiteralValue(value: unknown, offset, length) {
          if (typeof value !== 'string' || isCodeLike(value)) return;
          const builder = protectInterpolations(value);
          if (builder.hasText) values.push({ offset, length, builder });
        },
        onError(code, offset) {
          error ??= `${printParseErrorCode(code)} at ${lineCol(text, offset)}`;
        },
      },
      { allowTrailingComma: true, disallowComments: false },
    );
  } catch (err) {
    if (err instanceof RangeError) {
      throw new DocumentFormatError(
        'The JSON file nests objects or arrays too deeply to be processed. Flatten it and upload it again.',
      );
    }
    throw err;
  }
  if (error) {
    throw new DocumentFormatError(
      `The JSON file is not valid JSON (${error}). Fix it in a JSON editor and upload it again.`,
    );
  }
  const translated = await translate(values.map((v) => v.builder.marked()));
  const splices: Splice[] = values.map((v, i) => ({
    start: v.offset,
    end: v.offset + v.length,
    text: JSON.stringify(v.builder.render(translated[i]!, (t) => t)),
  }));
  return applySplices(text, splices);
}

export const jsonFormat: StringFormat = {
  extensions: ['json'],
  name: 'JSON',
  sniff: (head) => /^\s*(\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*[{[]/.test(headText(head)),
  transform: (text, translate) => transform(text, translate),
};
