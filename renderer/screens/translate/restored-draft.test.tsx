// @vitest-environment happy-dom
/**
 * Component tests (issue 20, point 10): a draft restored from the last session is never sent on its own. Opening a
 * new window used to re-translate (and bill) the saved text; now it waits for an edit or for Translate. The test
 * counts the `translate.run` calls that reach main (each one is a request the service may bill).
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TranslateDraft } from '../../../shared/ipc/contract.js';
import { renderApp, resetRenderer, reverse, settings } from '../../test-utils/scenario.js';
import { englishToGerman } from './translate-test-kit.js';

const draft: TranslateDraft = {
  mode: 'single',
  text: 'Hello again',
  segmentsText: '',
  options: { sourceLang: 'EN', targetLang: 'DE' },
  languagesTouched: true,
};

function open() {
  return renderApp(englishToGerman({ 'settings.get': () => settings({ translateDraft: draft }) }));
}

/** Longer than the typing pause of the test settings (100 ms) several times over. */
const settle = () => new Promise((r) => setTimeout(r, 600));

beforeEach(() => resetRenderer());
afterEach(() => cleanup());

describe('a restored draft', () => {
  it('is shown but not sent when the window opens, and says how to translate it', async () => {
    const app = open();
    const box = (await screen.findByLabelText('Text to translate')) as HTMLTextAreaElement;
    expect(box.value).toBe('Hello again');
    await screen.findByRole('option', { name: 'English' });
    await settle();
    expect(app.callsOf('translate.run')).toHaveLength(0);
    expect(screen.getByText(/Your text from last time/)).toBeTruthy();
  });

  it('is sent once when the user presses Translate', async () => {
    const user = userEvent.setup();
    const app = open();
    await screen.findByRole('option', { name: 'English' });
    await settle();
    await user.click(screen.getByRole('button', { name: /Translate now/ }));
    await waitFor(() => expect(screen.getByTestId('translation-output').textContent).toBe(reverse('Hello again')));
    await settle();
    expect(app.callsOf('translate.run')).toHaveLength(1);
  });

  it('is translated as usual after the user edits it', async () => {
    const user = userEvent.setup();
    const app = open();
    const box = await screen.findByLabelText('Text to translate');
    await screen.findByRole('option', { name: 'English' });
    await settle();
    await user.type(box, '!');
    await waitFor(() => expect(screen.getByTestId('translation-output').textContent).toBe(reverse('Hello again!')));
    expect(app.callsOf('translate.run').map((c) => c.texts)).toEqual([['Hello again!']]);
  });
});
