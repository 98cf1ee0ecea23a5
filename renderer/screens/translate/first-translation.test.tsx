// @vitest-environment happy-dom
/**
 * Component test (issue 20, point 5): on an English system with untouched pickers the target is English; typing
 * English must not come back unchanged. Without a second language Verso translates into the first target the
 * connection reaches from English and says so in one line.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetRenderer } from '../../test-utils/scenario.js';
import { translateHandlers } from './translate-test-kit.js';

beforeEach(() => {
  resetRenderer();
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the first translation', () => {
  it('goes into another language when the typed text is in the target language', async () => {
    const user = userEvent.setup();
    const app = renderApp(
      translateHandlers([
        { source: 'EN', target: 'FR' },
        { source: 'EN', target: 'DE' },
        { source: 'DE', target: 'EN-US' },
      ]),
    );
    await screen.findByRole('option', { name: 'English' });
    // The system's language became the target.
    expect((screen.getByLabelText('To') as HTMLSelectElement).value).toBe('EN-US');
    await user.type(await screen.findByLabelText('Text to translate'), 'Good morning');
    await waitFor(() =>
      expect(app.callsOf('translate.run').some((c) => c.options.targetLang === 'DE')).toBe(true),
    );
    expect(
      await screen.findByText(
        /already in English, so Verso translated it into German, the first language this connection offers/,
      ),
    ).toBeTruthy();
    // The detected language and the note are two sentences, not run together ("… English The text …").
    expect(document.getElementById('detected-lang')?.textContent).toMatch(
      /^Detected language: English · The text is already in English/,
    );
  });
});
