/**
 * Test kit (renderer component tests that open the Translate screen): a saved draft, and the answers every such test
 * needs from main beyond the scenario's base — the remembered Translate choices and the pairs the connection reaches.
 */
import { DEFAULT_TRANSLATE_PREFS, type CallOutput, type TranslateBatchInput, type TranslateDraft } from '../../../shared/ipc/contract.js';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { Handlers } from '../../test-utils/fake-api.js';
import { LOCAL_CONNECTION, resetRenderer, reverse } from '../../test-utils/scenario.js';

/** A draft as settings keep it: empty text, these options, languages chosen by the user. */
export const draft = (options: TranslateDraft['options']): TranslateDraft => ({
  mode: 'single',
  text: '',
  segmentsText: '',
  options,
  languagesTouched: true,
});

/** Main's Translate choices (the defaults) and `pairs` as the connection's pairs, with `extra` on top. */
export function translateHandlers(
  pairs: Array<{ source: string; target: string; via?: string }>,
  extra: Handlers = {},
): Handlers {
  return {
    'translatePrefs.get': () => DEFAULT_TRANSLATE_PREFS,
    'translatePrefs.update': () => DEFAULT_TRANSLATE_PREFS,
    'languages.pairs': () => ({ pairs }),
    ...extra,
  };
}

/**
 * Main's Translate choices with English → German remembered for the local engine's connection, and no list of pairs
 * (every target reachable), with `extra` on top.
 */
export function englishToGerman(extra: Handlers = {}): Handlers {
  return {
    'translatePrefs.get': () => ({
      ...DEFAULT_TRANSLATE_PREFS,
      perConnection: { [LOCAL_CONNECTION.id]: { sourceLang: 'EN', targetLang: 'DE' } },
    }),
    'translatePrefs.update': () => DEFAULT_TRANSLATE_PREFS,
    'languages.pairs': () => ({ pairs: null }),
    ...extra,
  };
}

/**
 * Opens Translate's options panel and waits for its body, which is built the first time the panel opens (as a
 * user would: a click on its summary).
 */
export async function openOptions(): Promise<void> {
  const summary = (await screen.findByText('Options', { selector: 'summary' })) as HTMLElement;
  const details = summary.closest('details')!;
  if (!details.open) fireEvent.click(summary);
  await screen.findByRole('button', { name: 'Reset options' });
}

/** Each test of the file starts afresh on a system whose language is American English (the browser's list). */
export function onEnglishSystem(): void {
  beforeEach(() => {
    resetRenderer();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
}

/** `translate.batch` on the local engine: each segment comes back reversed (`reverse`), none failed. */
export const reversingBatch = (input: TranslateBatchInput): CallOutput<'translate.batch'> => ({
  batchId: input.batchId,
  translations: input.segments.map((s) => ({ text: reverse(s), detectedSourceLanguage: 'EN' })),
  failures: [],
  requests: 1,
  characters: 10,
  engine: 'apertium',
});
