// @vitest-environment happy-dom
/**
 * Component test: in Segments, with "Detect language", the source picker names the language the service detected,
 * as it does for one text — when every segment of the current run came back in that one language; a mixed run, or a
 * run made for other options, names none (seen on a tour: Segments always said "Detect language").
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TRANSLATE_PREFS, type CallOutput } from '../../../shared/ipc/contract.js';
import { LOCAL_CONNECTION, renderApp, resetRenderer, reverse } from '../../test-utils/scenario.js';
import { englishToGerman } from './translate-test-kit.js';

beforeEach(() => resetRenderer());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Segments on "Detect language" → DE; each segment is "detected" as the language its text starts with ("fr:"…). */
function detectingApp() {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(360);
  return renderApp(
    englishToGerman({
      'translatePrefs.get': () => ({
        ...DEFAULT_TRANSLATE_PREFS,
        perConnection: { [LOCAL_CONNECTION.id]: { sourceLang: '', targetLang: 'DE' } },
      }),
      'translate.batch': (input): CallOutput<'translate.batch'> => ({
        batchId: input.batchId,
        translations: input.segments.map((s) => ({
          text: reverse(s),
          detectedSourceLanguage: /^fr:/.test(s) ? 'FR' : 'EN',
        })),
        failures: [],
        requests: 1,
        characters: 10,
        engine: 'apertium',
      }),
    }),
  );
}

const sourcePicker = (): HTMLSelectElement => screen.getByLabelText('From') as HTMLSelectElement;
const pickerText = (): string => sourcePicker().selectedOptions[0]?.textContent ?? '';

async function translateSegments(user: ReturnType<typeof userEvent.setup>, text: string, count: number) {
  fireEvent.input(await screen.findByLabelText(/One segment per line/), { target: { value: text } });
  await user.click(screen.getByRole('button', { name: `Translate ${count} segments` }));
}

describe('Segments with "Detect language"', () => {
  it('names the one language every segment was detected in, in the picker and the status line', async () => {
    const user = userEvent.setup();
    const app = detectingApp();
    await user.click(await screen.findByRole('radio', { name: 'Segments' }));
    expect(pickerText()).toBe('Detect language');
    await translateSegments(user, 'Save changes\nQuit\n', 2);
    await waitFor(() => expect(app.callsOf('translate.batch')).toHaveLength(1));
    await waitFor(() => expect(pickerText()).toBe('Detect language (English)'));
    expect(screen.getByText('Detected language: English')).toBeTruthy();
  });

  it('names none for a run in two languages', async () => {
    const user = userEvent.setup();
    const app = detectingApp();
    await user.click(await screen.findByRole('radio', { name: 'Segments' }));
    await translateSegments(user, 'Save changes\nfr: Quitter\n', 2);
    await waitFor(() => expect(app.callsOf('translate.batch')).toHaveLength(1));
    await screen.findByText(reverse('fr: Quitter'));
    expect(pickerText()).toBe('Detect language');
    expect(screen.queryByText(/Detected language:/)).toBeNull();
  });

  it('names none once the options change after the run (its results are outdated)', async () => {
    const user = userEvent.setup();
    const app = detectingApp();
    await user.click(await screen.findByRole('radio', { name: 'Segments' }));
    await translateSegments(user, 'Save changes\nQuit\n', 2);
    await waitFor(() => expect(app.callsOf('translate.batch')).toHaveLength(1));
    await waitFor(() => expect(pickerText()).toBe('Detect language (English)'));
    await user.selectOptions(screen.getByLabelText('To'), 'FR');
    await waitFor(() => expect(pickerText()).toBe('Detect language'));
  });
});
