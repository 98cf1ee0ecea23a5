/**
 * Unit tests (issue 20, point 5): the target used when the text already is in the chosen target language and no
 * second language is set — the last other target used, else the first one reachable from the text's language.
 */
import { describe, expect, it } from 'vitest';
import type { LanguageView } from '../../../shared/ipc/contract.js';
import { otherTarget } from './other-target.js';

const L = (code: string): LanguageView => ({ code, name: code, supportsFormality: false });
const targets = ['CA', 'DE', 'EN-GB', 'EN-US', 'ES', 'FR'].map(L);
const pairs = [
  { source: 'EN', target: 'ES' },
  { source: 'EN', target: 'FR' },
  { source: 'ES', target: 'EN-US' },
];

describe('otherTarget', () => {
  it('is not used when the text is not in the target language', () => {
    expect(otherTarget('ES', 'EN-US', [], targets, pairs)).toBeNull();
    expect(otherTarget(null, 'EN-US', [], targets, pairs)).toBeNull();
  });

  it('takes the first target the connection reaches from the text language', () => {
    expect(otherTarget('EN', 'EN-US', [], targets, pairs)).toEqual({ target: 'ES', why: 'first' });
    // Every combination (hosted): the first listed target in another language.
    expect(otherTarget('EN', 'EN-US', [], targets, null)).toEqual({ target: 'CA', why: 'first' });
  });

  it('takes the first in the To list as it is shown (by name), not in the code order', () => {
    // A Brazilian admin's Portuguese text went to Arabic, first by code; the list shows "Alemão" (German) first.
    const names: Record<string, string> = { AR: 'Árabe', DE: 'Alemão', 'PT-BR': 'Português (Brasil)', ES: 'Espanhol' };
    const list = ['AR', 'DE', 'ES', 'PT-BR'].map((code) => ({ code, name: names[code]!, supportsFormality: false }));
    const collator = new Intl.Collator('pt-BR');
    const byName = (l: LanguageView[]) => [...l].sort((a, b) => collator.compare(a.name, b.name));
    expect(otherTarget('PT', 'PT-BR', [], list, null, byName)).toEqual({ target: 'DE', why: 'first' });
    expect(otherTarget('PT', 'PT-BR', [], list, null)).toEqual({ target: 'AR', why: 'first' });
  });

  it('prefers the last other target used, when the connection reaches it', () => {
    expect(otherTarget('EN', 'EN-US', ['EN-US', 'FR'], targets, pairs)).toEqual({ target: 'FR', why: 'last' });
    // German is not reachable from English here: the first reachable one instead.
    expect(otherTarget('EN', 'EN-US', ['DE'], targets, pairs)).toEqual({ target: 'ES', why: 'first' });
  });
});
