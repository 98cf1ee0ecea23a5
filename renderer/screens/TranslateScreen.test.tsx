// @vitest-environment happy-dom
/**
 * Component tests of the Translate screen against a fake VersoApi: translate as you type, stale-request
 * cancellation, the cache of identical requests, manual mode, options reaching the call (and forbidden ones not),
 * pseudo-localisation labelling, error messages, the multi-segment mode and the persisted draft.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DRAFT_LIMITS,
  DRAFT_TOO_LARGE_MESSAGE,
  type CallOutput,
  type SettingsPatch,
  type TranslateDraft,
} from '../../shared/ipc/contract.js';
import type { Result } from '../../shared/ipc/errors.js';
import { LEGACY_DRAFT_STORAGE_KEY } from '../state/draft-sync.js';
import { useTranslateStore } from '../state/translate-store.js';
import { ipcFail } from '../test-utils/fake-api.js';
import {
  baseHandlers,
  LOCAL_CONNECTION,
  renderApp as renderWholeApp,
  resetRenderer,
  reverse,
  settings,
} from '../test-utils/scenario.js';
import { DEFAULT_TRANSLATE_PREFS } from '../../shared/ipc/contract.js';
import type { Handlers } from '../test-utils/fake-api.js';
import { openOptions } from './translate/translate-test-kit.js';

/** The app with German remembered as this connection's target (as if the user had picked it before). */
function renderApp(overrides: Handlers = {}) {
  return renderWholeApp({
    'translatePrefs.get': () => ({
      ...DEFAULT_TRANSLATE_PREFS,
      perConnection: {
        [LOCAL_CONNECTION.id]: { sourceLang: '', targetLang: 'DE' },
        'c-hosted': { sourceLang: '', targetLang: 'DE' },
      },
    }),
    'translatePrefs.update': () => DEFAULT_TRANSLATE_PREFS,
    'languages.pairs': () => ({ pairs: null }),
    ...overrides,
  });
}

beforeEach(() => resetRenderer());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function sourceBox() {
  return screen.findByLabelText('Text to translate');
}

/** Waits until the language lists have arrived (the pickers are filled), then returns the From picker. */
async function languagesLoaded() {
  await screen.findByRole('option', { name: 'English' });
  return screen.getByLabelText('From') as HTMLSelectElement;
}

async function output() {
  return screen.findByTestId('translation-output');
}

describe('translate as you type', () => {
  it('says so when the detected language is already the target language', async () => {
    const user = userEvent.setup();
    renderApp();
    await languagesLoaded();
    await user.selectOptions(screen.getByLabelText('To'), 'EN-GB');
    await user.type(await sourceBox(), 'Colour');
    await waitFor(() =>
      expect(screen.getByText(/already in British English.*choose another target language/)).toBeTruthy(),
    );
  });

  it('translates after a pause and shows the result, counts and billed characters', async () => {
    const user = userEvent.setup();
    const hosted = {
      ...LOCAL_CONNECTION,
      id: 'c-hosted',
      name: 'Hosted',
      kind: 'hosted' as const,
      baseUrl: 'https://api.example',
    };
    const app = renderApp({ 'connections.list': () => ({ connections: [hosted], activeId: hosted.id }) });
    await user.type(await sourceBox(), 'Grüße');
    await waitFor(async () => expect((await output()).textContent).toBe(reverse('Grüße')));
    const calls = app.callsOf('translate.run');
    expect(calls.at(-1)?.texts).toEqual(['Grüße']);
    expect(calls.at(-1)?.options).toMatchObject({ targetLang: 'DE', showBilledCharacters: true });
    expect(calls.at(-1)?.options).not.toHaveProperty('sourceLang');
    expect(screen.getByText('5 characters')).toBeTruthy();
    expect(screen.getByText('Billed: 5 characters')).toBeTruthy();
    expect(screen.getByText('Detected language: English')).toBeTruthy();
  });

  it('shows no billed count on the local engine, which bills nothing', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.type(await sourceBox(), 'Grüße');
    await waitFor(async () => expect((await output()).textContent).toBe(reverse('Grüße')));
    expect(screen.getByText('5 characters')).toBeTruthy();
    expect(screen.queryByText(/Billed/)).toBeNull();
  });

  it('cancels a request made stale by newer typing and shows only the newer result', async () => {
    const user = userEvent.setup();
    let releaseFirst: (() => void) | undefined;
    const base = baseHandlers()['translate.run']!;
    const app = renderApp({
      'translate.run': (input) => {
        if (input.texts[0] === 'first') {
          return new Promise<CallOutput<'translate.run'>>((resolve) => {
            releaseFirst = () => resolve(base(input) as CallOutput<'translate.run'>);
          });
        }
        return base(input);
      },
    });
    const box = await sourceBox();
    await user.type(box, 'first');
    await waitFor(() => expect(app.callsOf('translate.run').map((c) => c.texts[0])).toContain('first'));
    const firstId = app.callsOf('translate.run').find((c) => c.texts[0] === 'first')?.requestId;
    await user.type(box, ' second');
    await waitFor(async () => expect((await output()).textContent).toBe(reverse('first second')));
    expect(app.callsOf('translate.cancel').map((c) => c.requestId)).toContain(firstId);
    act(() => releaseFirst?.());
    expect((await output()).textContent).toBe(reverse('first second'));
  });

  it('answers an identical request from the cache without calling main again', async () => {
    const user = userEvent.setup();
    const app = renderApp();
    const box = await sourceBox();
    await user.type(box, 'hello');
    await waitFor(async () => expect((await output()).textContent).toBe(reverse('hello')));
    await user.type(box, '!');
    await waitFor(async () => expect((await output()).textContent).toBe(reverse('hello!')));
    const before = app.callsOf('translate.run').length;
    await user.type(box, '{Backspace}');
    await waitFor(async () => expect((await output()).textContent).toBe(reverse('hello')));
    // Give the debounce a chance to fire a (wrong) request: translate now explicitly, still from the cache.
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(app.callsOf('translate.run').filter((c) => c.texts[0] === 'hello')).toHaveLength(1);
    expect(app.callsOf('translate.run').length).toBe(before);
  });

  it('in manual mode translates only on Ctrl+Enter', async () => {
    const user = userEvent.setup();
    const app = renderApp({ 'settings.get': () => settings({ translateAsYouType: false }) });
    const box = await sourceBox();
    await user.type(box, 'manual');
    await screen.findByText('6 characters');
    expect(app.callsOf('translate.run')).toHaveLength(0);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(async () => expect((await output()).textContent).toBe(reverse('manual')));
    expect(app.callsOf('translate.run')).toHaveLength(1);
  });
});

describe('options', () => {
  it('offers formality only for targets that support it and says why otherwise', async () => {
    const user = userEvent.setup();
    const app = renderApp();
    await openOptions();
    const formality = (await screen.findByLabelText(/^Formality/)) as HTMLSelectElement;
    await waitFor(() => expect(formality.disabled).toBe(false)); // DE supports it
    await user.selectOptions(formality, 'more');
    await user.type(await sourceBox(), 'Hi');
    await waitFor(() => expect(app.callsOf('translate.run').at(-1)?.options.formality).toBe('more'));

    await user.selectOptions(screen.getByLabelText('To'), 'BG');
    expect(formality.disabled).toBe(true);
    expect(screen.getByText(/Bulgarian has no formal\/informal distinction/)).toBeTruthy();
    await waitFor(() => expect(app.callsOf('translate.run').at(-1)?.options.targetLang).toBe('BG'));
    expect(app.callsOf('translate.run').at(-1)?.options).not.toHaveProperty('formality');
  });

  it('needs a source language for glossaries and offers only glossaries of the pair', async () => {
    const user = userEvent.setup();
    const glossary = (id: string, name: string, s: string, t: string) => ({
      glossaryId: id,
      name,
      ready: true,
      sourceLang: s,
      targetLang: t,
      creationTime: '2026-01-01T00:00:00.000Z',
      entryCount: 3,
    });
    const app = renderApp({
      'glossaries.list': () => [
        glossary('g1', 'Legal EN→DE', 'en', 'de'),
        glossary('g2', 'Menu FR→DE', 'fr', 'de'),
        glossary('g3', 'UI EN→EN', 'de', 'en'),
      ],
    });
    await openOptions();
    expect(await screen.findByText(/Glossaries need a source language/)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Legal EN→DE/ })).toBeNull();
    await user.selectOptions(await languagesLoaded(), 'EN');
    const legal = await screen.findByRole('checkbox', { name: /Legal EN→DE/ });
    expect(screen.queryByRole('checkbox', { name: /Menu FR→DE/ })).toBeNull();
    // Each offered glossary can be opened in the editor from here, as in Documents.
    expect(screen.getByRole('button', { name: 'Edit the glossary Legal EN→DE…' })).toBeTruthy();
    await user.click(legal);
    await user.type(await sourceBox(), 'contract');
    await waitFor(() =>
      expect(app.callsOf('translate.run').at(-1)?.options).toMatchObject({
        sourceLang: 'EN',
        glossaryId: 'g1',
      }),
    );
    // Switching the source back to detection drops the glossary from the request instead of failing it.
    await user.selectOptions(screen.getByLabelText('From'), '');
    await user.type(await sourceBox(), 's');
    await waitFor(() => expect(app.callsOf('translate.run').at(-1)?.texts).toEqual(['contracts']));
    expect(app.callsOf('translate.run').at(-1)?.options).not.toHaveProperty('glossaryId');
  });

  it('allows custom instructions only for supported targets and sends tag options for XML', async () => {
    const user = userEvent.setup();
    const app = renderApp();
    await openOptions();
    await screen.findByLabelText(/^Formality/);
    await user.click(await screen.findByRole('button', { name: 'Add instruction' }));
    await user.type(screen.getByLabelText('Instruction 1'), 'Use British spelling');
    await user.selectOptions(screen.getByLabelText('Tag handling'), 'xml');
    await user.selectOptions(screen.getByLabelText('Tag handling version'), 'v2');
    await user.click(screen.getByLabelText('Detect the XML outline automatically'));
    await user.type(screen.getByLabelText('Ignore tags (not translated)'), 'code, kbd');
    await user.selectOptions(screen.getByLabelText('Split sentences'), 'nonewlines');
    await user.click(screen.getByLabelText(/Preserve formatting/));
    await user.type(screen.getByLabelText(/^Context/), 'A menu item');
    await user.type(await sourceBox(), '<p>Open</p>');
    await waitFor(() =>
      expect(app.callsOf('translate.run').at(-1)?.options).toMatchObject({
        customInstructions: ['Use British spelling'],
        tagHandling: 'xml',
        tagHandlingVersion: 'v2',
        outlineDetection: false,
        ignoreTags: ['code', 'kbd'],
        splitSentences: 'nonewlines',
        preserveFormatting: true,
        context: 'A menu item',
      }),
    );
    await user.selectOptions(screen.getByLabelText('To'), 'PL');
    expect(screen.getByText(/Custom instructions work only for/)).toBeTruthy();
    expect((screen.getByLabelText('Instruction 1') as HTMLInputElement).disabled).toBe(true);
    await waitFor(() => expect(app.callsOf('translate.run').at(-1)?.options.targetLang).toBe('PL'));
    expect(app.callsOf('translate.run').at(-1)?.options).not.toHaveProperty('customInstructions');
  });

  it('blocks a malformed translation memory id with a message saying what to fix', async () => {
    const user = userEvent.setup();
    const app = renderApp();
    await openOptions();
    await user.type(await screen.findByLabelText('Translation memory id'), 'not-a-uuid');
    await user.type(await sourceBox(), 'text');
    const tm = screen.getByLabelText('Translation memory id');
    // An id runs left to right whatever the UI's direction.
    expect(tm.getAttribute('dir')).toBe('ltr');
    expect(tm.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(tm.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toMatch(/A translation memory id is a UUID/);
    expect(await screen.findByText(/Not translating yet: A translation memory id is a UUID/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Translate now' })).toHaveProperty('disabled', true);
    expect(app.callsOf('translate.run')).toHaveLength(0);
  });
});

describe('results and errors', () => {
  it('labels pseudo engine output as pseudo-localisation, never as a translation', async () => {
    const user = userEvent.setup();
    renderApp({
      'translate.run': ({ texts }) => ({
        translations: texts.map((t) => ({ text: `[${t}]`, detectedSourceLanguage: 'EN' })),
        characters: 1,
        engine: 'pseudo',
        cached: false,
      }),
    });
    await user.type(await sourceBox(), 'Hi');
    expect(
      await screen.findByRole('region', { name: 'Pseudo-localised preview (not a translation)' }),
    ).toBeTruthy();
    expect(screen.getByText('Pseudo-localisation — not a translation')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Translation' })).toBeNull();
  });

  it('shows the quota message with current usage', async () => {
    const user = userEvent.setup();
    renderApp({
      'translate.run': () =>
        ipcFail(
          'quota_exceeded',
          'The character quota of this key is used up; raise the key limit or wait for the next period.',
          {
            status: 456,
            usage: { characterCount: 500000, characterLimit: 500000 },
          },
        ),
    });
    await user.type(await sourceBox(), 'Hi');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/quota of this key is used up/);
    expect(alert.textContent).toMatch(/500,000 of 500,000 characters used/);
  });

  it('tells the user when the service slows Verso down and a retry is coming', async () => {
    const user = userEvent.setup();
    let release: (() => void) | undefined;
    const app = renderApp({
      'translate.run': (input) =>
        new Promise<CallOutput<'translate.run'>>((resolve) => {
          release = () => resolve(baseHandlers()['translate.run']!(input) as CallOutput<'translate.run'>);
        }),
    });
    await user.type(await sourceBox(), 'Hi');
    await waitFor(() => expect(app.callsOf('translate.run')).toHaveLength(1));
    const requestId = app.callsOf('translate.run')[0]?.requestId;
    act(() =>
      app.emit('api.retrying', {
        operation: 'translate.run',
        requestId,
        status: 429,
        attempt: 1,
        delayMs: 3000,
        message: 'Too many requests.',
      }),
    );
    expect(
      (await screen.findByText(/asked Verso to slow down\. Retrying in 3 seconds/)).textContent,
    ).toBeTruthy();
    act(() => release?.());
    await waitFor(async () => expect((await output()).textContent).toBe(reverse('Hi')));
    expect(screen.queryByText(/Retrying in/)).toBeNull();
  });

  it('copies the translation through main', async () => {
    const user = userEvent.setup();
    const app = renderApp();
    await user.type(await sourceBox(), 'copy me');
    await waitFor(async () => expect((await output()).textContent).toBe(reverse('copy me')));
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied')).toBeTruthy();
    expect(app.callsOf('app.copyText')).toEqual([{ text: reverse('copy me') }]);
  });

  it('says "Copied" only beside the output that was copied: not after Clear, nor beside a new translation', async () => {
    // Seen on a Dutch tour: "Copied" stayed after Clear and beside a Portuguese output while the clipboard held Spanish.
    const user = userEvent.setup();
    renderApp();
    const box = await sourceBox();
    await user.type(box, 'copy me');
    await waitFor(async () => expect((await output()).textContent).toBe(reverse('copy me')));
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByText('Copied')).toBeNull();
    // Clear undone: the same text and translation again, which the clipboard does hold.
    await user.click(screen.getByRole('button', { name: /Undo clear/ }));
    await waitFor(async () => expect((await output()).textContent).toBe(reverse('copy me')));
    expect(screen.getByText('Copied')).toBeTruthy();
    // Another target: a new translation, never copied.
    await user.selectOptions(screen.getByLabelText('To'), 'FR');
    await waitFor(() => expect(screen.queryByText('Copied')).toBeNull());
  });

  it('says so when the text could not be copied, and how to copy it by hand', async () => {
    const user = userEvent.setup();
    renderApp({ 'app.copyText': () => ({ copied: false }) });
    await user.type(await sourceBox(), 'copy me');
    await waitFor(async () => expect((await output()).textContent).toBe(reverse('copy me')));
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Could not copy; select the text and copy it.')).toBeTruthy();
    expect(screen.queryByText('Copied')).toBeNull();
  });

  it('swaps the languages and moves the translation into the source box', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.selectOptions(await languagesLoaded(), 'EN');
    await user.type(await sourceBox(), 'abc');
    await waitFor(async () => expect((await output()).textContent).toBe('cba'));
    await user.click(screen.getByRole('button', { name: 'Swap languages' }));
    expect((screen.getByLabelText('From') as HTMLSelectElement).value).toBe('DE');
    expect((screen.getByLabelText('To') as HTMLSelectElement).value).toBe('EN-GB');
    expect((screen.getByLabelText('Text to translate') as HTMLTextAreaElement).value).toBe('cba');
  });
});

describe('language bar buttons', () => {
  it('are named for screen readers and draw their icons as SVG, not with characters the UI fonts lack', async () => {
    renderApp();
    await languagesLoaded();
    for (const name of ['Swap languages', 'Refresh the language lists']) {
      const button = screen.getByRole('button', { name });
      // ⇄ and ↻ made Chromium search the system's fonts during the first layout; an icon needs no font.
      expect(button.textContent).toBe('');
      const icon = button.querySelector('svg');
      expect(icon?.getAttribute('aria-hidden')).toBe('true');
      expect(icon?.querySelector('path')?.getAttribute('d')).toMatch(/^M/);
    }
  });
});

describe('multi-segment mode', () => {
  it('translates pasted spreadsheet cells in order, shows progress and exports TSV', async () => {
    // happy-dom has no layout: give the table's scroll box the height CSS gives it in a browser.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(360);
    const user = userEvent.setup();
    let finish: (() => void) | undefined;
    const app = renderApp({
      'translate.batch': (input) =>
        new Promise<CallOutput<'translate.batch'>>((resolve) => {
          finish = () =>
            resolve({
              batchId: input.batchId,
              translations: input.segments.map((s, i) => ({
                text: i === 1 ? '' : reverse(s),
                detectedSourceLanguage: 'EN',
              })),
              failures: [{ index: 1, message: 'This segment alone is larger than 128 KiB; split it.' }],
              requests: 2,
              characters: 10,
              engine: 'apertium',
            });
        }),
      'app.saveTextFile': ({ suggestedName }) => ({ path: `/tmp/${suggestedName}` }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Segments' }));
    const input = await screen.findByLabelText(/One segment per line/);
    // A spreadsheet range: first column is the text, a quoted cell holds a line break.
    fireEvent.input(input, { target: { value: 'one\tnote\n"two\nlines"\tx\nthree\t\n' } });
    // Two columns: Verso asks which one to translate (issue 20: it no longer takes the first one on its own).
    await user.selectOptions(screen.getByLabelText(/Column to translate/), 'Column 1 — one');
    expect(screen.getByText('3 segments')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Translate 3 segments' }));
    await waitFor(() => expect(app.callsOf('translate.batch')).toHaveLength(1));
    const call = app.callsOf('translate.batch')[0]!;
    expect(call.segments).toEqual(['one', 'two\nlines', 'three']);
    act(() => app.emit('translate.batchProgress', { batchId: call.batchId, done: 2, total: 3, requests: 1 }));
    expect(await screen.findByText('2 of 3 (67%), 1 request')).toBeTruthy();
    act(() => finish?.());
    const table = await screen.findByRole('table', { name: 'Segments and translations' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const cells = within(table)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      '1',
      'one',
      'eno',
      '2',
      'two\nlines',
      'Not translated: This segment alone is larger than 128 KiB; split it.',
      '3',
      'three',
      'eerht',
    ]);
    expect(screen.getByText(/1 segment could not be translated/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Export TSV' }));
    await waitFor(() => expect(app.callsOf('app.saveTextFile')).toHaveLength(1));
    const saved = app.callsOf('app.saveTextFile')[0]!;
    expect(saved.suggestedName).toBe('translations-de.tsv');
    // The sheet comes back whole: its columns as they were, then the translation, then the QA flags (issue 22).
    expect(saved.content.split('\r\n')[0]).toBe('column 1\tcolumn 2\ttarget (DE)\tCheck');
    expect(saved.content.split('\r\n').slice(1)).toEqual([
      'one\tnote\teno\t',
      '"two\nlines"\tx\t\t',
      'three\t\teerht\t',
    ]);
    expect(await screen.findByText('Saved to \u2068/tmp/translations-de.tsv\u2069')).toBeTruthy();
  });

  it('cancels a running batch through main and keeps the segments', async () => {
    const user = userEvent.setup();
    let reject: (() => void) | undefined;
    const app = renderApp({
      'translate.batch': () =>
        new Promise<Result<CallOutput<'translate.batch'>>>((resolve) => {
          reject = () => resolve({ ok: false, error: { code: 'cancelled', message: 'Cancelled.' } });
        }),
      'translate.cancel': () => {
        reject?.();
        return { cancelled: true };
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'Segments' }));
    fireEvent.input(await screen.findByLabelText(/One segment per line/), { target: { value: 'a\nb' } });
    await user.click(screen.getByRole('button', { name: 'Translate 2 segments' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(/Batch cancelled/)).toBeTruthy();
    expect(app.callsOf('translate.cancel')[0]?.requestId).toBe(app.callsOf('translate.batch')[0]?.batchId);
    expect(((await screen.findByLabelText(/One segment per line/)) as HTMLTextAreaElement).value).toBe(
      'a\nb',
    );
  });
});

describe('draft', () => {
  const saved = (patch: Partial<TranslateDraft> = {}): TranslateDraft => ({
    mode: 'single',
    text: '',
    segmentsText: '',
    options: {},
    languagesTouched: false,
    ...patch,
  });

  it('restores the draft saved in settings at start: mode, segments and options', async () => {
    renderApp({
      'settings.get': () =>
        settings({
          translateDraft: saved({
            mode: 'multi',
            segmentsText: 'one\ntwo',
            options: { targetLang: 'FR', sourceLang: 'EN', context: 'a menu', formality: 42 },
            languagesTouched: true,
          }),
        }),
    });
    expect(((await screen.findByLabelText(/One segment per line/)) as HTMLTextAreaElement).value).toBe(
      'one\ntwo',
    );
    expect(screen.getByRole('radio', { name: 'Segments' }).getAttribute('aria-checked')).toBe('true');
    await languagesLoaded();
    // The user's own language choice wins over the Settings default (DE).
    expect((screen.getByLabelText('To') as HTMLSelectElement).value).toBe('FR');
    // A value of the wrong type (hand-edited file, other build) falls back to the default instead of breaking.
    expect(useTranslateStore.getState().options.formality).toBe('default');
    expect(useTranslateStore.getState().options.context).toBe('a menu');
  });

  it('saves what the user types after a pause, and a restart brings it back', async () => {
    const user = userEvent.setup();
    let stored: TranslateDraft | null = null;
    const handlers = {
      'settings.get': () => settings({ translateDraft: stored }),
      'settings.update': (patch: SettingsPatch) => {
        if (patch.translateDraft !== undefined) stored = patch.translateDraft;
        return settings({ translateDraft: stored });
      },
    };
    const first = renderApp(handlers);
    await user.type(await sourceBox(), 'unfinished sentence');
    await waitFor(() => expect(stored?.text).toBe('unfinished sentence'));
    // One save for the whole burst of typing, not one per keystroke.
    expect(first.callsOf('settings.update').length).toBeLessThan('unfinished sentence'.length);

    // A restart: the renderer's memory is gone; only what main kept in settings remains.
    cleanup();
    resetRenderer();
    renderApp(handlers);
    expect(((await sourceBox()) as HTMLTextAreaElement).value).toBe('unfinished sentence');
  });

  it('writes a pending change at once when the window is about to close', async () => {
    const app = renderApp();
    fireEvent.input(await sourceBox(), { target: { value: 'typed just before closing' } });
    expect(app.callsOf('settings.update')).toHaveLength(0);
    window.dispatchEvent(new Event('beforeunload'));
    expect(app.callsOf('settings.update').at(-1)?.translateDraft?.text).toBe('typed just before closing');
  });

  it('says when a draft is too large to keep, and keeps it on screen', async () => {
    const app = renderApp();
    await user().click(await screen.findByRole('radio', { name: 'Segments' }));
    const huge = 'x'.repeat(DRAFT_LIMITS.textChars + 1);
    act(() => useTranslateStore.getState().setSegmentsText(huge));
    expect(await screen.findByText(DRAFT_TOO_LARGE_MESSAGE)).toBeTruthy();
    expect(
      app.callsOf('settings.update').some((c) => (c.translateDraft?.segmentsText.length ?? 0) > 10),
    ).toBe(false);
    expect(useTranslateStore.getState().segmentsText).toHaveLength(huge.length);
  });

  it('says so when the draft could not be saved', async () => {
    renderApp({ 'settings.update': () => ipcFail('internal', 'The disk is full.') });
    fireEvent.input(await sourceBox(), { target: { value: 'text' } });
    expect(
      await screen.findByText('Verso could not keep this draft for the next start. The disk is full.'),
    ).toBeTruthy();
  });

  it('carries over a draft an older build left in window storage, then forgets it there', async () => {
    localStorage.setItem(
      LEGACY_DRAFT_STORAGE_KEY,
      JSON.stringify({
        state: { mode: 'single', text: 'from before', segmentsText: '', options: {} },
        version: 1,
      }),
    );
    const app = renderApp();
    expect(((await sourceBox()) as HTMLTextAreaElement).value).toBe('from before');
    await waitFor(() =>
      expect(app.callsOf('settings.update').at(-1)?.translateDraft?.text).toBe('from before'),
    );
    await waitFor(() => expect(localStorage.getItem(LEGACY_DRAFT_STORAGE_KEY)).toBeNull());
  });
});

function user() {
  return userEvent.setup();
}
