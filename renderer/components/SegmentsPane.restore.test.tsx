// @vitest-environment happy-dom
/**
 * Component tests: Segments after a restart. The segments came back with the draft but their translations did not,
 * and nothing said why. Now the translations are kept with the draft and shown again with a note saying they are
 * from last time; when they are too large to keep, a note says so. Either way nothing is sent on its own (it would
 * bill the segments again): only Translate sends them.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TranslateDraft } from '../../shared/ipc/contract.js';
import { DRAFT_LIMITS } from '../../shared/ipc/draft-limits.js';
import { startDraftSync } from '../state/draft-sync.js';
import { useTranslateStore } from '../state/translate-store.js';
import { renderApp, resetRenderer, reverse, settings } from '../test-utils/scenario.js';
import { englishToGerman, reversingBatch } from '../screens/translate/translate-test-kit.js';


/** Longer than the draft's save pause (400 ms) and the typing pause of the test settings. */
const settle = () => new Promise((r) => setTimeout(r, 600));

function open(draft?: TranslateDraft) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(360);
  return renderApp(
    englishToGerman({
      'translate.batch': reversingBatch,
      ...(draft && { 'settings.get': () => settings({ translateDraft: draft }) }),
    }),
  );
}

const cells = () =>
  within(screen.getByRole('table', { name: 'Segments and translations' }))
    .getAllByRole('cell')
    .map((c) => c.textContent);

beforeEach(() => resetRenderer());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Translates two segments, lets the draft be saved, and returns what main was last given to keep. */
async function translateAndQuit(): Promise<TranslateDraft> {
  const user = userEvent.setup();
  const app = open();
  await user.click(await screen.findByRole('radio', { name: 'Segments' }));
  fireEvent.input(await screen.findByLabelText(/One segment per line/), { target: { value: 'Good morning\nThank you' } });
  await user.click(screen.getByRole('button', { name: 'Translate 2 segments' }));
  await waitFor(() => expect(cells()).toEqual(['1', 'Good morning', reverse('Good morning'), '2', 'Thank you', reverse('Thank you')]));
  await settle();
  const saved = app.callsOf('settings.update').flatMap((p) => (p.translateDraft ? [p.translateDraft] : []));
  const last = saved.at(-1)!;
  expect(last.segmentsText).toBe('Good morning\nThank you');
  // The restart: the window and its state are gone; only the saved draft remains.
  cleanup();
  vi.restoreAllMocks();
  resetRenderer();
  return last;
}

describe('Segments after a restart', () => {
  it('shows the translations of last time, says so, and sends nothing until Translate', async () => {
    const draft = await translateAndQuit();
    const app = open(draft);
    const box = (await screen.findByLabelText(/One segment per line/)) as HTMLTextAreaElement;
    expect(box.value).toBe('Good morning\nThank you');
    await waitFor(() => expect(cells()).toEqual(['1', 'Good morning', reverse('Good morning'), '2', 'Thank you', reverse('Thank you')]));
    expect(screen.getByText(/Translations from last time/)).toBeTruthy();
    await screen.findByRole('option', { name: 'English' });
    await settle();
    expect(app.callsOf('translate.batch')).toHaveLength(0);
    // Same connection and languages as last time: not marked as outdated.
    expect(screen.queryByText(/came from another connection/)).toBeNull();

    // The user asks: sent once, and the note goes.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Translate 2 segments' }));
    await waitFor(() => expect(app.callsOf('translate.batch')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(/Translations from last time/)).toBeNull());
    await settle();
    expect(app.callsOf('translate.batch')).toHaveLength(1);
  });

  it('says when the translations of last time were too large to keep, and sends nothing until Translate', async () => {
    const draft = await translateAndQuit();
    const app = open({ ...draft, segmentsDone: draft.segmentsDone && { ...draft.segmentsDone, translations: null } });
    await waitFor(() => expect(cells()).toEqual(['1', 'Good morning', '', '2', 'Thank you', '']));
    expect(screen.getByText(/translations from last time were too large to keep/)).toBeTruthy();
    await screen.findByRole('option', { name: 'English' });
    await settle();
    expect(app.callsOf('translate.batch')).toHaveLength(0);
  });

  it('keeps the segments but not their translations when both would be over the draft limit', async () => {
    const half = 'x'.repeat(DRAFT_LIMITS.textChars / 2);
    useTranslateStore.setState({ draftLoaded: true });
    const saves: TranslateDraft[] = [];
    const stop = startDraftSync({ save: async (d) => void saves.push(d), delayMs: 1 });
    useTranslateStore.setState({
      mode: 'multi',
      segmentsText: half,
      segmentsDone: {
        segmentsText: half,
        column: 0,
        titles: false,
        translations: [half],
        targetLang: 'DE',
        sourceLang: 'EN',
        engine: null,
        context: '[]',
      },
    });
    stop();
    expect(saves).toHaveLength(1);
    expect(saves[0]!.segmentsText).toBe(half);
    expect(saves[0]!.segmentsDone?.translations).toBeNull();
    expect(useTranslateStore.getState().keepNotice).toBeNull();
  });
});
