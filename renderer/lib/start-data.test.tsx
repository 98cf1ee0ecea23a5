// @vitest-environment happy-dom
/**
 * The start-up prefetch: what the first screen reads is asked for before React renders anything, in one call
 * (`app.start`, composed here as main composes it: each part from its own handler, null where that one fails), and
 * the screen's own queries then find it in the cache (nothing is asked twice). Without that answer, or for a part
 * missing from it, each call goes out on its own, once.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TRANSLATE_PREFS } from '../../shared/ipc/translate-defaults.js';
import { App } from '../App.js';
import { createFakeApi, ipcFail, type FakeApi, type Handlers } from '../test-utils/fake-api.js';
import type { Settings, StartAnswer } from '../../shared/ipc/contract.js';
import type { UsageReport } from '../../shared/ipc/contract-usage.js';
import {
  baseHandlers,
  capabilities,
  LOCAL_CONNECTION,
  resetRenderer,
  settings,
  TARGETS,
} from '../test-utils/scenario.js';
import { setApi } from './api.js';
import { createQueryClient, keys } from './queries.js';
import { prefetchStartData } from './start-data.js';
import { useTranslateStore } from '../state/translate-store.js';
import { draft, openOptions } from '../screens/translate/translate-test-kit.js';

const usage: UsageReport = {
  connectionId: LOCAL_CONNECTION.id,
  usage: { characterCount: 10, characterLimit: 1e12, unlimited: true },
  period: { start: '2026-11-01T00:00:00.000Z', end: '2026-11-30T23:59:59.999Z', assumed: false },
  fetchedAt: '2026-11-28T09:30:00.000Z',
};

/** `app.start` as main answers it: each part from the fake's own handler for that call, null where it fails. */
function composedStart(fake: FakeApi): Handlers['app.start'] {
  const part = async (name: keyof Handlers, input?: unknown): Promise<never | null> => {
    try {
      const h = fake.handlers[name] as ((i: unknown) => unknown) | undefined;
      return h ? ((await h(input)) as never) : null;
    } catch {
      return null;
    }
  };
  return async ({ translate }) => {
    const status = (await part('connections.status')) as StartAnswer['status'];
    const id = status?.activeId ?? null;
    return {
      settings: await part('settings.get'),
      connections: await part('connections.list'),
      status,
      translate:
        translate && id
          ? {
              connectionId: id,
              source: await part('languages.list', { type: 'source' }),
              target: await part('languages.list', { type: 'target' }),
              pairs: await part('languages.pairs', {}),
              prefs: await part('translatePrefs.get'),
              capabilities: await part('customisation.capabilities', {}),
              glossaries: await part('glossaries.list'),
              names: null,
            }
          : null,
    };
  };
}

/** A fake main; `oneCall: false` leaves `app.start` unanswered (the renderer then asks for each part itself). */
function fakeWith(extra: Handlers = {}, { oneCall = true } = {}) {
  const fake = createFakeApi({
    ...baseHandlers(),
    'translatePrefs.get': () => DEFAULT_TRANSLATE_PREFS,
    'languages.pairs': () => ({ pairs: null }),
    'usage.get': () => usage,
    ...extra,
  });
  if (oneCall) fake.handlers['app.start'] ??= composedStart(fake);
  setApi(fake.api);
  return fake;
}

const FIRST_SCREEN_CALLS = [
  'settings.get',
  'connections.status',
  'connections.list',
  'languages.pairs',
  'glossaries.list',
  'translatePrefs.get',
  'customisation.capabilities',
  'usage.get',
] as const;

beforeEach(() => resetRenderer());
afterEach(() => cleanup());

describe('start-up prefetch', () => {
  it('brings the Translate screen’s data in one call before anything renders, and the screen asks for none of it again', async () => {
    const fake = fakeWith();
    const client = createQueryClient();
    await prefetchStartData(client, () => true).ready;
    // Nothing is rendered yet: one call brought the first screen, its glossaries included.
    await new Promise((r) => setTimeout(r, 20));
    expect(fake.callsOf('app.start')).toEqual([{ translate: true }]);
    const asked = () => fake.calls.map((c) => c.name).sort();
    expect(asked()).toEqual(['app.start']);
    expect(client.getQueryData(keys.glossaries(LOCAL_CONNECTION.id))).toEqual([]);

    render(<App client={client} />);
    expect(await screen.findByRole('heading', { name: 'Translate', level: 1 })).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('To').textContent).toContain('German'));
    // The quota warning's usage is read once the screen is up (at once here: the tests' entry does not defer).
    await waitFor(() => expect(fake.callsOf('usage.get')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(asked()).toEqual(['app.start', 'usage.get']);
  });

  it('asks for each part on its own, once, when main cannot answer the one call', async () => {
    const fake = fakeWith({}, { oneCall: false });
    const client = createQueryClient();
    void prefetchStartData(client, () => true).ready;
    await waitFor(() => expect(fake.callsOf('glossaries.list')).toHaveLength(1));
    for (const name of FIRST_SCREEN_CALLS) expect(fake.callsOf(name), name).toHaveLength(name === 'usage.get' ? 0 : 1);
    expect(
      fake
        .callsOf('languages.list')
        .map((c) => c.type)
        .sort(),
    ).toEqual(['source', 'target']);

    render(<App client={client} />);
    expect(await screen.findByRole('heading', { name: 'Translate', level: 1 })).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('To').textContent).toContain('German'));
    for (const name of FIRST_SCREEN_CALLS) expect(fake.callsOf(name), name).toHaveLength(1);
    expect(fake.callsOf('languages.list')).toHaveLength(2);
  });

  it('asks for a part main could not read on its own, and the screen shows that call’s error', async () => {
    const fake = fakeWith({
      'languages.list': ({ type }) => {
        if (type === 'source') ipcFail('timeout', 'The service did not answer.');
        return baseHandlers()['languages.list']!({ type }) as never;
      },
    });
    const client = createQueryClient();
    await prefetchStartData(client, () => true).ready;
    // main's answer had no source list (its read failed): the renderer asked once itself, which failed too.
    expect(fake.callsOf('languages.list')).toEqual([{ type: 'source' }]);
    expect(fake.callsOf('languages.pairs')).toHaveLength(0);
    render(<App client={client} />);
    expect(await screen.findByText('The language lists could not be loaded.')).toBeTruthy();
  });

  it('misses nothing main announces between its first answers and the first render', async () => {
    const fake = fakeWith();
    const client = createQueryClient();
    prefetchStartData(client, () => true);
    await waitFor(() => expect(client.getQueryData<Settings>(keys.settings)).toBeDefined());
    // Settings change in main (another window, a test driving the harness) before React has rendered anything.
    fake.emit('settings.changed', settings({ uiLanguage: 'de' }));
    await waitFor(() => expect(client.getQueryData<Settings>(keys.settings)?.uiLanguage).toBe('de'));
  });

  it('asks for style rules and memories only once the options panel opens, and only those the service offers', async () => {
    const fake = fakeWith({
      'customisation.capabilities': () => capabilities({ glossaries: true, styleRules: true }),
      'customisation.styleRules': () => [],
    });
    const client = createQueryClient();
    await prefetchStartData(client, () => true).ready;
    render(<App client={client} />);
    expect(await screen.findByRole('heading', { name: 'Translate', level: 1 })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(fake.callsOf('customisation.styleRules')).toHaveLength(0);
    await openOptions();
    await waitFor(() => expect(fake.callsOf('customisation.styleRules')).toHaveLength(1));
    expect(fake.callsOf('customisation.translationMemories')).toHaveLength(0);
  });

  it('puts the saved theme on the page before the first render (a dark theme never paints light first)', async () => {
    fakeWith({ 'settings.get': () => settings({ theme: 'dark' }) });
    await prefetchStartData(createQueryClient(), () => true).ready;
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    document.documentElement.removeAttribute('data-theme');
  });

  it('has the saved draft and the pair last used on the connection in place before the first render', async () => {
    fakeWith({
      'settings.get': () =>
        settings({
          translateDraft: {
            ...draft({ sourceLang: '', targetLang: '' }),
            text: 'Good morning',
            languagesTouched: false,
          },
        }),
      'translatePrefs.get': () => ({
        ...DEFAULT_TRANSLATE_PREFS,
        perConnection: { [LOCAL_CONNECTION.id]: { sourceLang: 'EN', targetLang: 'FR' } },
      }),
    });
    const client = createQueryClient();
    await prefetchStartData(client, () => true).ready;
    // Before React has rendered anything: the store already holds both.
    expect(useTranslateStore.getState()).toMatchObject({ text: 'Good morning', draftLoaded: true });
    expect(useTranslateStore.getState().options).toMatchObject({ sourceLang: 'EN', targetLang: 'FR' });
    // The first render is the whole screen (not "Opening…"), with those languages chosen.
    render(<App client={client} />);
    expect(screen.queryByText('Opening Verso…')).toBeNull();
    const to = (await screen.findByLabelText('To')) as HTMLSelectElement;
    expect(to.value).toBe('FR');
    expect((screen.getByLabelText('Text to translate') as HTMLTextAreaElement).value).toBe('Good morning');
  });

  it('names the languages as main named them when its UI language is the page’s, and only then', async () => {
    // A code each (names worked out by the page stay): main named them in German, then in English (the page's).
    for (const [code, locale, shown] of [
      ['QYA', 'de', 'Klingon'],
      ['TLH', 'en', 'Klingon, as main names it'],
    ] as const) {
      resetRenderer();
      cleanup();
      const fake = fakeWith({
        'languages.list': ({ type }) => ({
          type,
          languages: [...TARGETS, { code, name: 'Klingon', supportsFormality: false }],
          fetchedAt: '2026-01-01T00:00:00.000Z',
          fromCache: false,
          pseudo: false,
        }),
      });
      const composed = composedStart(fake);
      fake.handlers['app.start'] = async (input) => {
        const answer = (await composed!(input)) as StartAnswer;
        return { ...answer, translate: { ...answer.translate!, names: { locale, byCode: { [code]: 'Klingon, as main names it' } } } };
      };
      const client = createQueryClient();
      await prefetchStartData(client, () => true).ready;
      render(<App client={client} />);
      const to = (await screen.findByLabelText('To')) as HTMLSelectElement;
      const option = [...to.options].find((o) => o.value === code);
      expect(option?.textContent, locale).toBe(shown);
    }
  });

  it('brings only settings and the connection state when the first screen is not Translate, or on a first run', async () => {
    const elsewhere = fakeWith();
    await prefetchStartData(createQueryClient(), () => false).ready;
    await new Promise((r) => setTimeout(r, 20));
    expect(elsewhere.calls.map((c) => c.name)).toEqual(['app.start']);
    expect(elsewhere.callsOf('app.start')).toEqual([{ translate: false }]);

    const firstRun = fakeWith({ 'connections.status': () => ({ activeId: null, state: 'none' }) });
    await prefetchStartData(createQueryClient(), () => true).ready;
    await new Promise((r) => setTimeout(r, 20));
    expect(firstRun.calls.map((c) => c.name)).toEqual(['app.start']);

    const unanswered = fakeWith({}, { oneCall: false });
    await prefetchStartData(createQueryClient(), () => false).ready;
    await new Promise((r) => setTimeout(r, 20));
    expect(unanswered.calls.map((c) => c.name).sort()).toEqual([
      'app.start',
      'connections.list',
      'connections.status',
      'settings.get',
    ]);
  });
});
