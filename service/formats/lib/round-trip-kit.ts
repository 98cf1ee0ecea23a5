/**
 * Test support for every document format's round trip (vitest only, never imported by the service), issue 22:
 * a text with placeholders and code that must come back byte for byte, a row of adjacent links that must come back
 * each with its own words inside it and in order, and two engines as the document pipeline runs them (every unit
 * through the service's protection, `../../engines/protect.ts`): the pseudo engine (changes every letter, so a span
 * it was given shows changed) and a reordering engine that does to a unit what a rule-based engine does to a
 * navigation bar read as a sentence (the pieces reversed, joined with a word of its own).
 */
import { expect } from 'vitest';
import { protectEngine } from '../../engines/protect.js';
import { createPseudoEngine } from '../../engines/pseudo.js';
import type { Engine } from '../../engines/types.js';
import { CLOSE, openSpan, placeholder, tokenize } from '../../text/markers.js';
import type { FormatContext } from '../types.js';

/** What must come back byte for byte. Free of `&` and `<`, so it reads the same escaped in every format. */
export const KEPT = ['{count}', '%s', 'https://example.com/docs/start?page=2', '/home/anna/.config/verso/settings.json', 'COMPANY_CODE'] as const;

/** A sentence holding every span of `KEPT`; the words around them are translated. */
export const PROTECTED_TEXT = `Delete ${KEPT[0]} items named ${KEPT[1]}, read ${KEPT[2]} and ${KEPT[3]}, then set ${KEPT[4]} again.`;

/** Adjacent links, as in a navigation bar: "FAQ · Examples · Notebooks". */
export const LINKS = ['FAQ', 'Examples', 'Notebooks'] as const;
export const LINK_SEPARATOR = ' · ';

/** The pseudo engine's letters for a word (what each link's text becomes). */
export { pseudoText } from '../../engines/pseudo.js';

/** An engine that reverses the pieces of each unit (spans, placeholders, bare words) and joins them with "de". */
function createReorderingEngine(): Engine {
  const pseudo = createPseudoEngine();
  return {
    ...pseudo,
    async translate(req) {
      return req.units.map((unit) => {
        const parts: string[] = [];
        let open: number | undefined;
        let buf = '';
        for (const t of tokenize(unit)) {
          if (t.kind === 'open') open = t.id;
          else if (t.kind === 'close') {
            parts.push(openSpan(open!) + buf.toUpperCase() + CLOSE);
            buf = '';
            open = undefined;
          } else if (t.kind === 'placeholder') {
            if (open !== undefined) buf += placeholder(t.id);
            else parts.push(placeholder(t.id));
          } else if (open !== undefined) buf += t.text;
          else if (t.text.trim()) parts.push(t.text.trim().toUpperCase());
        }
        return parts.length > 1 ? parts.reverse().join(' de ') : unit.toUpperCase();
      });
    },
  };
}

/** A format context whose units go through `engine` behind the service's protection, EN → DE. */
export function engineContext(kind: 'pseudo' | 'reordering' = 'pseudo', sent: string[] = []): FormatContext {
  const engine = protectEngine(kind === 'pseudo' ? createPseudoEngine() : createReorderingEngine());
  return {
    sourceLang: 'EN',
    targetLang: 'DE',
    translate: async (units) => {
      sent.push(...units);
      return engine.translate({ source: 'EN', target: 'DE', units });
    },
  };
}

/** Each span of `KEPT` is in `output` as often as it was in the source (`times` each), byte for byte. */
export function expectKept(output: string, times = 1): void {
  for (const k of KEPT) expect(output.split(k).length - 1, `${k} kept byte for byte`).toBe(times);
}

/** The texts of the links, in document order, are each link's own word translated (none merged, moved or lost). */
export function expectLinksInOrder(linkTexts: readonly string[], translate: (word: string) => string): void {
  expect(linkTexts).toEqual(LINKS.map(translate));
}
