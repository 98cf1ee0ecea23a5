import { describe, expect, it } from 'vitest';
import type { LanguageView } from '../../../shared/ipc/contract.js';
import { effectiveTarget, reachable, reachableTargets, swappedLanguages, systemTarget } from './language-logic.js';

const L = (code: string): LanguageView => ({ code, name: code, supportsFormality: false });
const targets = ['CA', 'DE', 'EN-GB', 'EN-US', 'ES', 'PT-BR'].map(L);
const sources = ['CA', 'EN', 'ES', 'PT'].map(L);
const pairs = [
  { source: 'EN', target: 'ES' },
  { source: 'EN', target: 'CA' },
  { source: 'ES', target: 'EN-GB' },
  { source: 'ES', target: 'EN-US' },
];

describe('language logic', () => {
  it('knows which targets a source reaches (null pairs: every combination)', () => {
    expect(reachable(pairs, 'EN', 'ES')).toBe(true);
    expect(reachable(pairs, 'EN', 'DE')).toBe(false);
    expect(reachable(pairs, '', 'EN-GB')).toBe(true);
    expect(reachable(pairs, '', 'DE')).toBe(false);
    expect(reachable(null, 'EN', 'DE')).toBe(true);
    expect(reachableTargets(pairs, 'EN', targets).map((t) => t.code)).toEqual(['CA', 'ES']);
  });

  it('matches codes whatever their case and a source by its base language, per list (a new list is read anew)', () => {
    expect(reachable(pairs, 'en-gb', 'es')).toBe(true);
    expect(reachable(pairs, 'pt-BR', 'ES')).toBe(false);
    expect(reachable(pairs, '', 'en-us')).toBe(true);
    // Another answer from the service: its own pairs, nothing carried over from the list before.
    const refreshed = [{ source: 'PT', target: 'DE' }];
    expect(reachable(refreshed, 'PT-BR', 'de')).toBe(true);
    expect(reachable(refreshed, 'EN', 'ES')).toBe(false);
    expect(reachable(pairs, 'EN', 'ES')).toBe(true);
    expect(reachable([], '', 'ES')).toBe(false);
  });

  it('maps the system languages to the closest target offered', () => {
    expect(systemTarget(['de-AT', 'en'], targets)).toBe('DE');
    expect(systemTarget(['en-GB'], targets)).toBe('EN-GB');
    expect(systemTarget(['pt'], targets)).toBe('PT-BR');
    expect(systemTarget(['ja'], targets)).toBeNull();
  });

  it('uses the second language only when the text already is in the target language', () => {
    expect(effectiveTarget('EN-US', 'EN', 'DE', targets)).toEqual({ target: 'DE', redirected: true });
    expect(effectiveTarget('EN-US', 'ES', 'DE', targets)).toEqual({ target: 'EN-US', redirected: false });
    expect(effectiveTarget('EN-US', 'EN', null, targets)).toEqual({ target: 'EN-US', redirected: false });
  });

  it('swaps with the detected language when the source is detected', () => {
    expect(swappedLanguages({ sourceLang: '', targetLang: 'ES', detected: 'EN', sources, targets })).toEqual({
      sourceLang: 'ES',
      targetLang: 'EN-GB',
    });
    expect(swappedLanguages({ sourceLang: '', targetLang: 'ES', detected: null, sources, targets })).toBeNull();
  });
});
