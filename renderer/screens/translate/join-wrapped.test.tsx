// @vitest-environment happy-dom
/**
 * Component tests (issue 20, point 8): hard-wrapped text pasted from an e-mail is detected; "Join wrapped lines" is
 * on by default and sends `split_sentences=nonewlines`; unticking it sends the text as it is; Settings can make it
 * an offer only.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TRANSLATE_PREFS, type TranslatePrefs } from '../../../shared/ipc/contract.js';
import { LOCAL_CONNECTION, renderApp, resetRenderer } from '../../test-utils/scenario.js';

const WRAPPED = `thank you for sending the contract so quickly. We have read it with our
lawyer and would like to change two points before we sign it: the notice
period in section 4 and the payment terms in section 7, which we would
prefer to be thirty days instead of fourteen.`;

function open(prefs: Partial<TranslatePrefs> = {}) {
  const p = {
    ...DEFAULT_TRANSLATE_PREFS,
    perConnection: { [LOCAL_CONNECTION.id]: { sourceLang: 'EN', targetLang: 'DE' } },
    ...prefs,
  };
  return renderApp({
    'translatePrefs.get': () => p,
    'translatePrefs.update': () => p,
    'languages.pairs': () => ({ pairs: null }),
  });
}

beforeEach(() => resetRenderer());
afterEach(() => cleanup());

describe('hard-wrapped text', () => {
  it('is joined by default (split_sentences=nonewlines), and sent as it is when unticked', async () => {
    const user = userEvent.setup();
    const app = open();
    await screen.findByRole('option', { name: 'English' });
    fireEvent.input(await screen.findByLabelText('Text to translate'), { target: { value: WRAPPED } });
    const join = (await screen.findByRole('checkbox', { name: 'Join wrapped lines' })) as HTMLInputElement;
    expect(join.checked).toBe(true);
    await waitFor(() => expect(app.callsOf('translate.run').at(-1)?.options.splitSentences).toBe('nonewlines'));
    await user.click(join);
    await waitFor(() => {
      const last = app.callsOf('translate.run').at(-1);
      expect(last?.texts).toEqual([WRAPPED]);
      expect(last?.options).not.toHaveProperty('splitSentences');
    });
  });

  it('is only offered when Settings says so, and never for ordinary lines', async () => {
    const app = open({ joinWrappedLines: 'ask' });
    await screen.findByRole('option', { name: 'English' });
    const box = await screen.findByLabelText('Text to translate');
    fireEvent.input(box, { target: { value: WRAPPED } });
    const join = (await screen.findByRole('checkbox', { name: 'Join wrapped lines' })) as HTMLInputElement;
    expect(join.checked).toBe(false);
    await waitFor(() => expect(app.callsOf('translate.run').length).toBeGreaterThan(0));
    expect(app.callsOf('translate.run').at(-1)?.options).not.toHaveProperty('splitSentences');
    fireEvent.input(box, { target: { value: 'One line.\nAnother line.' } });
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Join wrapped lines' })).toBeNull());
  });
});
