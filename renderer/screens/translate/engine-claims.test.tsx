// @vitest-environment happy-dom
/**
 * Component tests (issue 20, point 4): Verso claims nothing the engine does not keep. On the local engine the
 * options summary never lists formality or context as in effect (they go under "no effect on this engine"), and
 * Apertium's output is labelled as a rule-based draft, with the language it went through when it pivots.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallOutput } from '../../../shared/ipc/contract.js';
import type { Handlers } from '../../test-utils/fake-api.js';
import { LOCAL_CONNECTION, renderApp, resetRenderer, settings } from '../../test-utils/scenario.js';
import { optionsSummary, LOCAL_ENGINE_IGNORES } from './options-summary.js';
import { draft, translateHandlers } from './translate-test-kit.js';
import { DEFAULT_OPTIONS } from '../../state/translate-store.js';

function open(overrides: Handlers = {}) {
  return renderApp(
    translateHandlers(
      [
        { source: 'EN', target: 'DE' },
        { source: 'EN', target: 'FR', via: 'ES' },
      ],
      overrides,
    ),
  );
}

beforeEach(() => resetRenderer());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('options the local engine ignores', () => {
  it('are listed as "no effect on this engine", never as in effect', async () => {
    open({
      'settings.get': () =>
        settings({
          translateDraft: draft({ sourceLang: 'EN', targetLang: 'DE', formality: 'more', context: 'A menu' }),
        }),
    });
    await screen.findByRole('option', { name: 'English' });
    const summary = await screen.findByText(/no effect on this engine/);
    expect(summary.textContent).toBe('no effect on this engine: More formal and context');
    expect(summary.closest('summary')?.textContent).not.toMatch(/In effect/);
  });

  it('stay in effect on a hosted connection', () => {
    const o = { ...DEFAULT_OPTIONS, targetLang: 'DE', formality: 'more' as const, context: 'A menu' };
    const ctx = { sourceLang: 'EN', targetLang: 'DE', targetSupportsFormality: true } as Parameters<
      typeof optionsSummary
    >[1];
    expect(optionsSummary(o, ctx).inEffect.map((m) => m.id)).toEqual([
      'translate.options.formality.more',
      'translate.options.sum.context',
    ]);
    expect(optionsSummary(o, ctx, LOCAL_ENGINE_IGNORES).inEffect).toEqual([]);
  });
});

describe('local output', () => {
  it('is labelled as a rule-based draft by Apertium, and says when it went through Spanish', async () => {
    const user = userEvent.setup();
    open({
      'settings.get': () => settings({ translateDraft: draft({ sourceLang: 'EN', targetLang: 'FR' }) }),
    });
    await screen.findByRole('option', { name: 'English' });
    await user.type(await screen.findByLabelText('Text to translate'), 'Good morning');
    const label = await screen.findByTestId('engine-label');
    expect(label.textContent).toBe('Rule-based draft by Apertium, through Spanish');

    await user.selectOptions(screen.getByLabelText('To'), 'DE');
    await waitFor(() =>
      expect(screen.getByTestId('engine-label').textContent).toBe('Rule-based draft by Apertium'),
    );
  });

  it('is labelled in Segments too, with the language it went through', async () => {
    const user = userEvent.setup();
    open({
      'settings.get': () => settings({ translateDraft: draft({ sourceLang: 'EN', targetLang: 'FR' }) }),
      'translate.batch': (input): CallOutput<'translate.batch'> => ({
        batchId: input.batchId,
        translations: input.segments.map((text) => ({ text: text.toUpperCase(), detectedSourceLanguage: 'EN' })),
        failures: [],
        requests: 1,
        characters: 10,
        engine: 'apertium',
      }),
    });
    // The segments' table draws the rows in its view: give it one (happy-dom lays nothing out).
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(360);
    await user.click(await screen.findByRole('radio', { name: 'Segments' }));
    fireEvent.input(await screen.findByLabelText(/One segment per line/), { target: { value: 'Save\nQuit\n' } });
    await user.click(screen.getByRole('button', { name: 'Translate 2 segments' }));
    expect(await screen.findByText('SAVE')).toBeTruthy();
    expect((await screen.findByTestId('engine-label')).textContent).toBe('Rule-based draft by Apertium, through Spanish');
  });

  it('is not labelled when a hosted engine made it', async () => {
    const user = userEvent.setup();
    const hosted = { ...LOCAL_CONNECTION, id: 'c-hosted', kind: 'hosted' as const };
    open({
      'connections.list': () => ({ connections: [hosted], activeId: hosted.id }),
      'settings.get': () => settings({ translateDraft: draft({ sourceLang: 'EN', targetLang: 'DE' }) }),
      'translate.run': ({ texts }) => ({
        translations: texts.map((t) => ({ text: t.toUpperCase(), detectedSourceLanguage: 'EN' })),
        characters: 1,
        engine: null,
        cached: false,
      }),
    });
    await screen.findByRole('option', { name: 'English' });
    await user.type(await screen.findByLabelText('Text to translate'), 'Hi');
    await waitFor(() => expect(screen.getByTestId('translation-output').textContent).toBe('HI'));
    expect(screen.queryByTestId('engine-label')).toBeNull();
  });
});
