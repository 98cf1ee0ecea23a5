// @vitest-environment happy-dom
/**
 * Component test (issue 20, point 5): on an English system with untouched pickers the target is English; typing
 * English must not come back unchanged. Without a second language Verso translates into the first target the
 * connection reaches from English and says so in one line. On a system whose language the connection does not
 * offer, the target starts as English, not as the list's first language.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HOSTED_CONNECTION, renderApp } from '../../test-utils/scenario.js';
import { startTarget } from './connection-languages.js';
import { onEnglishSystem, translateHandlers } from './translate-test-kit.js';

onEnglishSystem();

/** The pairs of these tests: English reaches French and German, German reaches English. */
const ENGLISH_GERMAN = [
  { source: 'EN', target: 'FR' },
  { source: 'EN', target: 'DE' },
  { source: 'DE', target: 'EN-US' },
];

describe('the first translation', () => {
  it('goes into another language when the typed text is in the target language', async () => {
    const user = userEvent.setup();
    const app = renderApp(translateHandlers(ENGLISH_GERMAN));
    await screen.findByRole('option', { name: 'English' });
    // The system's language became the target.
    expect((screen.getByLabelText('To') as HTMLSelectElement).value).toBe('EN-US');
    await user.type(await screen.findByLabelText('Text to translate'), 'Good morning');
    await waitFor(() =>
      expect(app.callsOf('translate.run').some((c) => c.options.targetLang === 'FR')).toBe(true),
    );
    // French, not German: the first of the two in the To list as it is shown (by name), not by code.
    expect(
      await screen.findByText(
        /already in English, so Verso translated it into French, the first language this connection offers/,
      ),
    ).toBeTruthy();
    // The detected language and the note are two sentences, not run together ("… English The text …").
    expect(document.getElementById('detected-lang')?.textContent).toMatch(
      /^Detected language: English · The text is already in English/,
    );
  });

  it('keeps translating into that language while the text is edited, without a paid try into its own language first', async () => {
    // Seen (a Korean tour, hosted): every pause of an edited text first went into the text's own language (billed,
    // thrown away), and only then into the other one: each edit was billed twice.
    const user = userEvent.setup();
    const app = renderApp(translateHandlers(ENGLISH_GERMAN));
    await screen.findByRole('option', { name: 'English' });
    const box = await screen.findByLabelText('Text to translate');
    await user.type(box, 'Good morning');
    await waitFor(() => expect(app.callsOf('translate.run').some((c) => c.options.targetLang === 'FR')).toBe(true));
    const before = app.callsOf('translate.run').length;
    await user.type(box, ' to you all');
    await waitFor(() =>
      expect(app.callsOf('translate.run').some((c) => c.texts.join() === 'Good morning to you all')).toBe(true),
    );
    await new Promise((r) => setTimeout(r, 50));
    const after = app.callsOf('translate.run').slice(before);
    expect(after.map((c) => c.options.targetLang)).not.toContain('EN-US');
    // Deleting at the end is an edit too.
    await user.type(box, '{Backspace}{Backspace}{Backspace}{Backspace}');
    await waitFor(() => expect(app.callsOf('translate.run').some((c) => c.texts.join() === 'Good morning to you')).toBe(true));
    expect(app.callsOf('translate.run').slice(before).map((c) => c.options.targetLang)).not.toContain('EN-US');
    expect(await screen.findByText(/already in English, so Verso translated it into French/)).toBeTruthy();
  });

  it('counts a billed first try that came back in the text\'s own language in the billed figure', async () => {
    // Seen (a Korean tour, hosted): "Billed: 60" beside a translation that had cost 120, the first 60 for a try into
    // the text's own language, thrown away.
    const user = userEvent.setup();
    renderApp(
      translateHandlers(
        ENGLISH_GERMAN,
        {
          'connections.status': () => ({ activeId: HOSTED_CONNECTION.id, state: 'ready' }),
          'connections.list': () => ({ connections: [HOSTED_CONNECTION], activeId: HOSTED_CONNECTION.id }),
        },
      ),
    );
    await screen.findByRole('option', { name: 'English' });
    await user.type(await screen.findByLabelText('Text to translate'), 'Good morning');
    // 12 characters into English (the text's own language), then 12 into German: 24 billed, 12 for the first try.
    expect(await screen.findByText(/^Billed: 24 characters, 12 of them for a first try/)).toBeTruthy();
    // An edit goes straight into German: its figure is its own.
    await user.type(screen.getByLabelText('Text to translate'), '!');
    expect(await screen.findByText('Billed: 13 characters')).toBeTruthy();
  });

  it('starts with English as the target when the connection does not offer the system language', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ja-JP', 'ja']);
    const user = userEvent.setup();
    const app = renderApp(
      translateHandlers([
        { source: 'DE', target: 'EN-US' },
        { source: 'DE', target: 'BG' },
      ]),
    );
    await screen.findByRole('option', { name: 'English' });
    // Not Bulgarian, the first language the connection lists.
    expect((screen.getByLabelText('To') as HTMLSelectElement).value).toBe('EN-US');
    await user.type(await screen.findByLabelText('Text to translate'), 'Guten Morgen');
    await waitFor(() => expect(app.callsOf('translate.run').at(-1)?.options.targetLang).toBe('EN-US'));
  });

  it('takes the system language first, then English, then the first listed target', () => {
    // The local engine's targets on a Japanese system: Danish came first and nothing typed in English reached it.
    const local = ['DA', 'EN-GB', 'EN-US', 'ES', 'FR'].map((code) => ({
      code,
      name: code,
      supportsFormality: false,
    }));
    expect(startTarget(['ja-JP', 'ja'], local)).toBe('EN-US');
    expect(startTarget(['fr-FR'], local)).toBe('FR');
    expect(
      startTarget(
        ['ja-JP'],
        local.filter((l) => !l.code.startsWith('EN')),
      ),
    ).toBe('DA');
    expect(startTarget(['ja-JP'], [])).toBeNull();
  });
});
