// @vitest-environment happy-dom
/**
 * Component test: text an input method is still composing (Japanese, Chinese, Korean) is not translated after the
 * typing pause; once the characters are confirmed, the pause runs and the confirmed text is sent, once. Seen on a
 * Japanese tour: "けいやくしょ" was sent, billed and translated mid-word, then 契約書 billed again.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp, resetRenderer } from '../../test-utils/scenario.js';
import { englishToGerman } from './translate-test-kit.js';

beforeEach(() => resetRenderer());
afterEach(() => cleanup());

/** Longer than the test settings' typing pause (100 ms) several times over. */
const settle = () => new Promise((r) => setTimeout(r, 600));

describe('translate as you type with an input method', () => {
  it('waits for the composition to end, then sends the confirmed text once', async () => {
    const app = renderApp(englishToGerman());
    const box = (await screen.findByLabelText('Text to translate')) as HTMLTextAreaElement;
    await screen.findByRole('option', { name: 'English' });
    fireEvent.compositionStart(box);
    fireEvent.input(box, { target: { value: 'けいやくしょ' } });
    await settle();
    expect(app.callsOf('translate.run')).toHaveLength(0);
    fireEvent.input(box, { target: { value: '契約書' } });
    fireEvent.compositionEnd(box);
    await waitFor(() => expect(app.callsOf('translate.run')).toHaveLength(1));
    expect(app.callsOf('translate.run')[0]!.texts).toEqual(['契約書']);
    await settle();
    expect(app.callsOf('translate.run')).toHaveLength(1);
  });
});
