// @vitest-environment happy-dom
/**
 * Component tests (issue 24, points 4, 5 and 6) of the style rule / translation memory choice, through the Translate
 * screen's options: a memory is offered only where its source and targets cover the pair; the threshold beside it
 * defaults to 75 and accepts 0–100 only; where /v3/languages answers, formality follows its `formality` feature,
 * the style rule choice is disabled with the reason for a target without `style_rules`, the memory for a source
 * without `translation_memory`; and the note that style rules do not change the local engine's output is shown
 * where the local engine is the connection (only there).
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TranslateDraft } from '../../shared/ipc/contract.js';
import type {
  Capabilities,
  StyleRuleView,
  TranslationMemoryView,
} from '../../shared/ipc/contract-customisation.js';
import type { Handlers } from '../test-utils/fake-api.js';
import {
  capabilities,
  HOSTED_CONNECTION,
  LOCAL_CONNECTION,
  renderApp,
  resetRenderer,
  settings,
} from '../test-utils/scenario.js';
import { draft, openOptions, translateHandlers } from '../screens/translate/translate-test-kit.js';

const HOSTED = HOSTED_CONNECTION;

const tm = (
  id: string,
  name: string,
  sourceLang: string,
  targetLangs: string[],
  segmentCount: number,
): TranslationMemoryView => ({
  translationMemoryId: id,
  name,
  sourceLang,
  targetLangs,
  segmentCount,
});
const TM_EN_DE = tm('a1b2c3d4-0000-4000-8000-000000000001', 'Support replies', 'EN', ['DE', 'FR'], 1200);
const TM_DE_EN = tm('a1b2c3d4-0000-4000-8000-000000000002', 'Reversed memory', 'DE', ['EN'], 5);
const TM_EN_PL = tm('a1b2c3d4-0000-4000-8000-000000000003', 'Polish memory', 'EN', ['PL'], 9);

const style = (styleId: string, name: string, language: string): StyleRuleView => ({
  styleId,
  name,
  language,
  version: 1,
  updatedTime: null,
  configuredRules: {},
  customInstructions: [],
});
const STYLE_DE = style('5e000000-0000-4000-8000-000000000001', 'House style', 'DE');
const STYLE_PL = style('5e000000-0000-4000-8000-000000000002', 'Polish style', 'PL');

const lang = (code: string, name: string, features: string[]) => ({
  code,
  name,
  source: true,
  target: true,
  features,
});

const caps = (connectionId: string, text: Capabilities['text'] = null): Capabilities =>
  capabilities({ connectionId, languages: text !== null, styleRules: true, translationMemories: true, text });

const PAIRS = [
  { source: 'EN', target: 'DE' },
  { source: 'EN', target: 'PL' },
  { source: 'EN', target: 'BG' },
  { source: 'FR', target: 'DE' },
  { source: 'DE', target: 'EN-GB' },
];

/** Opens Translate with these answers, and its options panel (built when first opened). */
async function open(options: TranslateDraft['options'], overrides: Handlers = {}, hosted = true) {
  const conn = hosted ? HOSTED : LOCAL_CONNECTION;
  const app = renderApp(
    translateHandlers(PAIRS, {
      'connections.status': () => ({ activeId: conn.id, state: 'ready' }),
      'connections.list': () => ({ connections: [conn], activeId: conn.id }),
      'customisation.capabilities': () => caps(conn.id),
      'customisation.styleRules': () => [STYLE_DE, STYLE_PL],
      'customisation.translationMemories': () => [TM_EN_DE, TM_DE_EN, TM_EN_PL],
      'settings.get': () => settings({ translateDraft: draft(options) }),
      ...overrides,
    }),
  );
  await openOptions();
  return app;
}

const optionNames = (select: HTMLElement) =>
  [...(select as HTMLSelectElement).options].map((o) => o.textContent);
const memory = () => screen.getByLabelText('Translation memory') as HTMLSelectElement;
const threshold = () => screen.getByLabelText('Match threshold (0–100)') as HTMLInputElement;
const styleList = () => screen.getByLabelText(/^Style rule list/) as HTMLSelectElement;

beforeEach(() => resetRenderer());
afterEach(() => cleanup());

describe('translation memory: offered by name where it covers the pair, threshold 0–100 defaulting to 75', () => {
  it('offers only the memories whose source and targets cover English → German', async () => {
    await open({ sourceLang: 'EN', targetLang: 'DE' });
    await waitFor(() => expect(optionNames(memory())).toHaveLength(2), { timeout: 15_000 });
    expect(optionNames(memory())).toEqual([
      'None',
      expect.stringMatching(/^Support replies — from English into German and French · 1,200 segments$/),
    ]);
  });

  it('says no memory covers a pair none of them does (French → German)', async () => {
    await open({ sourceLang: 'FR', targetLang: 'DE' });
    expect(await screen.findByText('No translation memory for French → German.')).toBeTruthy();
    expect(optionNames(memory())).toEqual(['None']);
  });

  it('threshold: 75 until changed, sent with the chosen memory; outside 0–100 it is refused with the reason', async () => {
    const user = userEvent.setup();
    const app = await open({ sourceLang: 'EN', targetLang: 'DE' });
    await waitFor(() => expect(optionNames(memory())).toHaveLength(2), { timeout: 15_000 });
    expect(threshold().value).toBe('75');
    expect(threshold().disabled).toBe(true);
    expect(threshold().min).toBe('0');
    expect(threshold().max).toBe('100');

    await user.selectOptions(memory(), TM_EN_DE.translationMemoryId);
    expect(threshold().disabled).toBe(false);
    await user.type(await screen.findByLabelText('Text to translate'), 'Hello');
    await waitFor(() => expect(app.callsOf('translate.run').length).toBeGreaterThan(0));
    const sent = app.callsOf('translate.run').at(-1)!.options;
    expect(sent.translationMemoryId).toBe(TM_EN_DE.translationMemoryId);
    expect(sent.translationMemoryThreshold).toBe(75);

    await user.clear(threshold());
    await user.type(threshold(), '101');
    expect(
      await screen.findByText('Use a whole number from 0 to 100 (75 or higher recommended).'),
    ).toBeTruthy();
    await user.clear(threshold());
    await user.type(threshold(), '100');
    await waitFor(() =>
      expect(screen.queryByText('Use a whole number from 0 to 100 (75 or higher recommended).')).toBeNull(),
    );
  });
});

describe('options follow /v3/languages where it answers', () => {
  const TEXT = [
    lang('EN', 'English', ['translation_memory']),
    lang('FR', 'French', []),
    lang('DE', 'German', ['formality', 'style_rules', 'translation_memory']),
    // Polish: the v2 list says it has formality; /v3/languages says it has neither formality nor style rules.
    lang('PL', 'Polish', ['translation_memory']),
    // Bulgarian: the v2 list says no formality; /v3/languages says it has it.
    lang('BG', 'Bulgarian', ['formality']),
  ];

  it('formality follows the target’s `formality` feature (over the v2 list)', async () => {
    const user = userEvent.setup();
    await open(
      { sourceLang: 'EN', targetLang: 'PL' },
      { 'customisation.capabilities': () => caps(HOSTED.id, TEXT) },
    );
    const formality = () => screen.getByLabelText(/^Formality/) as HTMLSelectElement;
    await waitFor(() => expect(formality().disabled).toBe(true));
    expect(screen.getByText('Polish has no formal/informal distinction in this service.')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('To'), 'BG');
    await waitFor(() => expect(formality().disabled).toBe(false));
  });

  it('style rule choice disabled with the reason for a target without `style_rules`', async () => {
    const user = userEvent.setup();
    await open(
      { sourceLang: 'EN', targetLang: 'PL' },
      { 'customisation.capabilities': () => caps(HOSTED.id, TEXT) },
    );
    expect(await screen.findByText('Style rules are not available for Polish on this service.')).toBeTruthy();
    expect(styleList().disabled).toBe(true);

    await user.selectOptions(screen.getByLabelText('To'), 'DE');
    await waitFor(() => expect(styleList().disabled).toBe(false));
    expect(optionNames(styleList())).toEqual(['None', 'House style']);
  });

  it('memory disabled with the reason for a source without `translation_memory`', async () => {
    const user = userEvent.setup();
    await open(
      { sourceLang: 'FR', targetLang: 'DE' },
      { 'customisation.capabilities': () => caps(HOSTED.id, TEXT) },
    );
    expect(
      await screen.findByText(
        'Translation memories are not available for this language pair on this service.',
      ),
    ).toBeTruthy();
    expect(memory().disabled).toBe(true);

    await user.selectOptions(screen.getByLabelText('From'), 'EN');
    await waitFor(() => expect(memory().disabled).toBe(false));
  });
});

describe('no effect on the local engine', () => {
  it('the style rule choice says so where the local engine is the connection', async () => {
    await open({ sourceLang: 'EN', targetLang: 'DE' }, {}, false);
    await waitFor(() => expect(optionNames(styleList())).toEqual(['None', 'House style']));
    expect(styleList().labels![0]!.textContent).toContain('no effect on the local engine');
  });

  it('and not on a hosted connection', async () => {
    await open({ sourceLang: 'EN', targetLang: 'DE' });
    await waitFor(() => expect(optionNames(styleList())).toEqual(['None', 'House style']));
    expect(styleList().labels![0]!.textContent).not.toContain('no effect on the local engine');
  });
});
