/**
 * Strict text for every request body of the local Translation Service (service process, both listeners).
 *
 * A body must be valid UTF-8, and so must every percent-decoded form value; a JSON string must not hold a lone
 * surrogate (`"\uD800"`). Anything else would reach the engines as U+FFFD and be translated and billed as if the
 * client had sent it. The answer is a 400 that names the parameter, raised while the body is parsed, so no
 * handler runs and nothing is charged. One rule for every entry point: `/v2/translate`, the glossary endpoints,
 * the document status and result calls and the admin interface all parse their bodies here, and the text fields
 * of a document upload (multipart) go through `checkFieldText`.
 */
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** `param` is a quoted label from `findParam` (`'text'`, `'text' (item 2)`). */
function badText(param: string | undefined, why: string): HttpError {
  const what = param ? `Parameter ${param}` : 'The request body';
  return new HttpError(
    400,
    `${what} is not valid text: ${why}. Send every value as UTF-8 encoded Unicode text; nothing was translated or billed.`,
    'invalid_text',
  );
}

/** Label of the first parameter (top-level key, with the item number in an array) whose strings match `bad`. */
function findParam(body: unknown, bad: (s: string) => boolean): string | undefined {
  const walk = (v: unknown): boolean => {
    if (typeof v === 'string') return bad(v);
    if (Array.isArray(v)) return v.some(walk);
    if (v && typeof v === 'object') return Object.entries(v).some(([k, x]) => bad(k) || walk(x));
    return false;
  };
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (bad(key)) return `'${key}'`;
    if (Array.isArray(value)) {
      const i = value.findIndex(walk);
      if (i >= 0) return value.length > 1 ? `'${key}' (item ${i + 1})` : `'${key}'`;
    } else if (walk(value)) return `'${key}'`;
  }
  return undefined;
}

/** Parses `application/x-www-form-urlencoded` strictly: `+` is a space, every `%XX` sequence must decode as UTF-8. */
export function parseFormStrict(raw: Buffer): Record<string, string | string[]> {
  if (!isUtf8(raw)) {
    const lenient = parseFormLenient(raw.toString('utf8'));
    throw badText(findParam(lenient, (s) => s.includes('\uFFFD')), 'it contains bytes that are not UTF-8');
  }
  const out: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const pair of raw.toString('utf8').split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = (eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' ');
    const rawValue = (eq < 0 ? '' : pair.slice(eq + 1)).replace(/\+/g, ' ');
    let key: string;
    try {
      key = decodeURIComponent(rawKey);
    } catch {
      throw badText(undefined, `the parameter name "${rawKey.slice(0, 40)}" has a percent-encoding that is not UTF-8`);
    }
    let value: string;
    try {
      value = decodeURIComponent(rawValue);
    } catch {
      // decodeURIComponent refuses %FF, truncated sequences and encoded surrogates alike.
      throw badText(`'${key}'`, 'its percent-encoded bytes are not UTF-8');
    }
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

function parseFormLenient(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of text.split('&')) {
    const eq = pair.indexOf('=');
    const k = eq < 0 ? pair : pair.slice(0, eq);
    out[k] = eq < 0 ? '' : pair.slice(eq + 1);
  }
  return out;
}

/**
 * Checks one text field of a multipart upload. busboy has already decoded the part, turning bytes that are not
 * UTF-8 into U+FFFD, so a U+FFFD (which no client sends on purpose in a language code, a file name or a
 * context) is taken for such bytes; a lone surrogate cannot come out of UTF-8 but is checked for all the same.
 */
export function checkFieldText(name: string, value: string): void {
  if (value.includes('\uFFFD')) throw badText(`'${name}'`, 'it contains bytes that are not UTF-8');
  if (LONE_SURROGATE.test(value)) throw badText(`'${name}'`, 'it contains an unpaired surrogate (\\uD800–\\uDFFF)');
}

/** Replaces fastify's JSON and form parsers with strict ones (call once per listener, before routes). */
export function registerStrictBodyParsers(app: FastifyInstance): void {
  // fastify's own JSON parser (prototype-poisoning checks included), fed only bodies that are valid UTF-8.
  const jsonParse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req: FastifyRequest, body: Buffer, done) => {
    if (!isUtf8(body)) {
      let param: string | undefined;
      try {
        param = findParam(JSON.parse(body.toString('utf8')), (s) => s.includes('\uFFFD'));
      } catch {
        param = undefined;
      }
      done(badText(param, 'it contains bytes that are not UTF-8'), undefined);
      return;
    }
    jsonParse(req, body.toString('utf8'), (err, parsed) => {
      if (err) return done(err, undefined);
      const param = findParam(parsed, (s) => LONE_SURROGATE.test(s));
      if (param !== undefined) return done(badText(param, 'it contains an unpaired surrogate (\\uD800–\\uDFFF)'), undefined);
      done(null, parsed);
    });
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_req, body: Buffer, done) => {
    try {
      done(null, parseFormStrict(body));
    } catch (e) {
      done(e as Error, undefined);
    }
  });
}
