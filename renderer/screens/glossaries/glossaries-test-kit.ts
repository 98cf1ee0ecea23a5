/**
 * Test kit (renderer component tests of the Glossaries screen only): a small account of glossaries served by a fake
 * VersoApi that behaves like main (list, edit opens a draft with the entries, save replaces the glossary under a
 * new id, remove deletes it), and a layout for the virtualized grid, which happy-dom does not lay out.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { useUiStore } from '../../state/ui-store.js';
import { resetRenderer } from '../../test-utils/scenario.js';
import { useEditorStore } from './editor-store.js';
import type { GlossaryDraft, GlossaryView, SaveOutcome } from '../../../shared/ipc/contract-glossaries.js';
import type { Handlers } from '../../test-utils/fake-api.js';

export const PAIRS = [
  { sourceLang: 'EN', targetLang: 'DE' },
  { sourceLang: 'DE', targetLang: 'EN' },
  { sourceLang: 'EN', targetLang: 'FR' },
];

export function glossary(patch: Partial<GlossaryView> & Pick<GlossaryView, 'glossaryId' | 'name'>): GlossaryView {
  return { ready: true, sourceLang: 'EN', targetLang: 'DE', creationTime: '2026-01-10T10:00:00.000Z', entryCount: 2, ...patch };
}

/**
 * A multilingual (v3) glossary "Product terms" with two dictionaries, EN → FR (4 entries) and EN → DE (3), listed
 * under its first: EN → FR unless `first` is 'DE'.
 */
export function productTerms(glossaryId: string, first: 'FR' | 'DE' = 'FR'): GlossaryView {
  const fr = { sourceLang: 'EN', targetLang: 'FR', entryCount: 4 };
  const de = { sourceLang: 'EN', targetLang: 'DE', entryCount: 3 };
  return glossary({
    glossaryId,
    name: 'Product terms',
    sourceLang: 'EN',
    targetLang: first,
    entryCount: 7,
    dictionaries: first === 'FR' ? [fr, de] : [de, fr],
  });
}

export interface Account {
  glossaries: GlossaryView[];
  entries: Map<string, [string, string][]>;
  handlers: Handlers;
}

/** A fake main for the glossaries domain over `glossaries` (entries per id in `entries`). */
export function fakeAccount(glossaries: GlossaryView[], entries: Record<string, [string, string][]> = {}): Account {
  const acc: Account = { glossaries: [...glossaries], entries: new Map(Object.entries(entries)), handlers: {} };
  let seq = 0;
  acc.handlers = {
    'glossaries.list': () => acc.glossaries,
    'glossaries.drafts': () => [],
    'glossaries.languagePairs': () => PAIRS,
    'glossaries.remove': ({ glossaryId }) => {
      acc.glossaries = acc.glossaries.filter((g) => g.glossaryId !== glossaryId);
      return { removed: true };
    },
    'glossaries.edit': ({ glossaryId }): GlossaryDraft => {
      const g = acc.glossaries.find((x) => x.glossaryId === glossaryId)!;
      return {
        draftId: `00000000-0000-4000-8000-00000000000${++seq}`,
        glossaryId,
        name: g.name,
        sourceLang: g.sourceLang,
        targetLang: g.targetLang,
        entries: acc.entries.get(glossaryId) ?? [],
        connectionId: 'c-local',
        updatedAt: '2026-01-10T10:00:00.000Z',
        pendingSave: null,
      };
    },
    'glossaries.draftPut': () => ({ updatedAt: new Date().toISOString() }),
    'glossaries.draftDiscard': () => ({ discarded: true }),
    'glossaries.save': (d): SaveOutcome => {
      const created = glossary({ glossaryId: `new-${++seq}`, name: d.name, sourceLang: d.sourceLang, targetLang: d.targetLang, entryCount: d.entries.length });
      acc.glossaries = [...acc.glossaries.filter((g) => g.glossaryId !== d.glossaryId), created];
      acc.entries.set(created.glossaryId, d.entries as [string, string][]);
      return { status: 'saved', glossary: created, replacedId: d.glossaryId ?? null };
    },
  };
  return acc;
}

/** happy-dom has no layout: give elements a size (virtual-core reads clientWidth/clientHeight) so the grid draws rows. */
export function layoutForGrid(): () => void {
  const spies = [
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600),
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800),
  ];
  return () => spies.forEach((s) => s.mockRestore());
}

/** Each test starts on the Glossaries screen with no editor open and the grid laid out; cleaned up after. */
export function onGlossariesScreen(): void {
  let restoreLayout: () => void;
  beforeEach(() => {
    resetRenderer();
    useEditorStore.getState().close();
    useUiStore.setState({ screen: 'glossaries' });
    restoreLayout = layoutForGrid();
  });
  afterEach(() => {
    cleanup();
    restoreLayout();
  });
}
