/**
 * Unit tests of the spec rules the Translate screen applies: what is offered for which languages, which problems
 * block a request, and that the request carries exactly the options that are active.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, type DraftOptions } from '../state/translate-store.js';
import { buildTranslateOptions, draftProblems } from './translate-request.js';
import { countCharacters, glossaryMatchesPair, parseTagList } from './translate-rules.js';

const draft = (patch: Partial<DraftOptions>): DraftOptions => ({ ...DEFAULT_OPTIONS, ...patch });

describe('buildTranslateOptions', () => {
  it('sends only the target, billed characters and what the user set', () => {
    expect(buildTranslateOptions(draft({ targetLang: 'DE' }))).toEqual({
      targetLang: 'DE',
      showBilledCharacters: true,
    });
  });

  it('drops formality for a target without it and keeps it for one with it', () => {
    expect(buildTranslateOptions(draft({ targetLang: 'BG', formality: 'less' }))).not.toHaveProperty(
      'formality',
    );
    expect(buildTranslateOptions(draft({ targetLang: 'PT-BR', formality: 'less' })).formality).toBe('less');
    // The languages call has the last word when it says otherwise.
    expect(
      buildTranslateOptions(draft({ targetLang: 'PT-BR', formality: 'less' }), false),
    ).not.toHaveProperty('formality');
  });

  it('sends glossaries only with a source language, one as glossaryId and several as glossaryIds (max 5)', () => {
    expect(buildTranslateOptions(draft({ targetLang: 'DE', glossaryIds: ['g1'] }))).not.toHaveProperty(
      'glossaryId',
    );
    expect(
      buildTranslateOptions(draft({ sourceLang: 'EN', targetLang: 'DE', glossaryIds: ['g1'] })).glossaryId,
    ).toBe('g1');
    const many = buildTranslateOptions(
      draft({ sourceLang: 'EN', targetLang: 'DE', glossaryIds: ['a', 'b', 'c', 'd', 'e', 'f'] }),
    );
    expect(many.glossaryIds).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(many).not.toHaveProperty('glossaryId');
  });

  it('sends custom instructions only for allowed targets, without blank ones', () => {
    const o = draft({ targetLang: 'EN-GB', customInstructions: [' Be brief ', '', '  '] });
    expect(buildTranslateOptions(o).customInstructions).toEqual(['Be brief']);
    expect(buildTranslateOptions({ ...o, targetLang: 'PL' })).not.toHaveProperty('customInstructions');
  });

  it('sends tag options only with tag handling, and the XML ones only for XML', () => {
    const base = {
      splittingTags: 'p, br',
      ignoreTags: 'code',
      outlineDetection: false,
      tagHandlingVersion: 'v1' as const,
    };
    expect(buildTranslateOptions(draft({ targetLang: 'DE', ...base }))).toEqual({
      targetLang: 'DE',
      showBilledCharacters: true,
    });
    const html = buildTranslateOptions(draft({ targetLang: 'DE', tagHandling: 'html', ...base }));
    expect(html).toMatchObject({ tagHandling: 'html', tagHandlingVersion: 'v1' });
    expect(html).not.toHaveProperty('splittingTags');
    expect(html).not.toHaveProperty('outlineDetection');
    const xml = buildTranslateOptions(draft({ targetLang: 'DE', tagHandling: 'xml', ...base }));
    expect(xml).toMatchObject({
      tagHandling: 'xml',
      splittingTags: ['p', 'br'],
      ignoreTags: ['code'],
      outlineDetection: false,
    });
  });

  it('sends the memory threshold only with a memory id', () => {
    expect(
      buildTranslateOptions(draft({ targetLang: 'DE', translationMemoryThreshold: 90 })),
    ).not.toHaveProperty('translationMemoryThreshold');
    const id = '6b1e1f0a-2c3d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(
      buildTranslateOptions(
        draft({ targetLang: 'DE', translationMemoryId: id, translationMemoryThreshold: 90 }),
      ),
    ).toMatchObject({
      translationMemoryId: id,
      translationMemoryThreshold: 90,
    });
  });
});

describe('draftProblems', () => {
  it('flags malformed ids, thresholds out of range and too many or too long instructions', () => {
    const p = draftProblems(
      draft({
        targetLang: 'DE',
        styleId: 'abc',
        translationMemoryId: '6b1e1f0a-2c3d-4e5f-8a9b-0c1d2e3f4a5b',
        translationMemoryThreshold: 101,
        customInstructions: Array.from({ length: 11 }, () => 'x'),
      }),
    );
    expect(Object.keys(p).sort()).toEqual(['customInstructions', 'styleId', 'translationMemoryThreshold']);
    expect(
      draftProblems(draft({ targetLang: 'DE', customInstructions: ['y'.repeat(301)] })).customInstructions,
    ).toEqual({ id: 'translate.rule.instructionTooLong', values: { n: 1, max: 300 } });
    expect(p.customInstructions).toEqual({ id: 'translate.rule.tooManyInstructions', values: { max: 10, extra: 1 } });
    expect(draftProblems(draft({ targetLang: 'DE' }))).toEqual({});
  });
});

describe('rules', () => {
  it('matches glossaries to the pair, EN/PT/ZH glossaries serving every variant', () => {
    const g = (s: string, t: string) => ({ glossaryId: 'x', name: 'x', sourceLang: s, targetLang: t });
    expect(glossaryMatchesPair(g('en', 'de'), 'EN', 'DE')).toBe(true);
    expect(glossaryMatchesPair(g('de', 'en'), 'DE', 'EN-GB')).toBe(true);
    expect(glossaryMatchesPair(g('de', 'pt'), 'DE', 'PT-BR')).toBe(true);
    expect(glossaryMatchesPair(g('fr', 'de'), 'EN', 'DE')).toBe(false);
    expect(glossaryMatchesPair(g('en', 'de'), '', 'DE')).toBe(false);
    expect(glossaryMatchesPair(g('de', 'es'), 'DE', 'ES-419')).toBe(false);
  });

  it('counts characters as code points, like the service bills them', () => {
    expect(countCharacters('naïve 😀')).toBe(7);
  });

  it('parses comma-separated tag lists', () => {
    expect(parseTagList(' b, i ,,code ')).toEqual(['b', 'i', 'code']);
  });
});
