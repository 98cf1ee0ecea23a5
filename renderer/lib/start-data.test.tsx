// @vitest-environment happy-dom
/**
 * The start-up prefetch: what the first screen reads is asked for before React renders anything, and the screen's
 * own queries then find it in the cache (each call goes out once, not once by the prefetch and again by a component).
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TRANSLATE_PREFS } from '../../shared/ipc/translate-defaults.js';
import { App } from '../App.js';
import { createFakeApi } from '../test-utils/fake-api.js';
import type { Settings } from '../../shared/ipc/contract.js';
import type { UsageReport } from '../../shared/ipc/contract-usage.js';
import {
  baseHandlers,
  capabilities,
  LOCAL_CONNECTION,
  resetRenderer,
  settings,
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

function fakeWith(extra: Parameters<typeof createFakeApi>[0] = {}) {
  const fake = createFakeApi({
    ...baseHandlers(),
    'translatePrefs.get': () => DEFAULT_TRANSLATE_PREFS,
    'languages.pairs': () => ({ pairs: null }),
    'usage.get': () => usage,
    ...extra,
  });
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
  it('asks for the Translate screen data before anything renders, and the screen asks for none of it again', async () => {
    const fake = fakeWith();
    const client = createQueryClient();
    void prefetchStartData(client, () => true).ready;
    // Nothing is rendered yet: the calls are already out, languages for both pickers among them.
    await waitFor(() => expect(fake.callsOf('usage.get')).toHaveLength(1));
    for (const name of FIRST_SCREEN_CALLS) expect(fake.callsOf(name), name).toHaveLength(1);
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

  it('asks only for settings and the connection state when the first screen is not Translate, or on a first run', async () => {
    const elsewhere = fakeWith();
    prefetchStartData(createQueryClient(), () => false);
    await waitFor(() => expect(elsewhere.callsOf('connections.status')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(elsewhere.calls.map((c) => c.name).sort()).toEqual([
      'connections.list',
      'connections.status',
      'settings.get',
    ]);

    const firstRun = fakeWith({ 'connections.status': () => ({ activeId: null, state: 'none' }) });
    prefetchStartData(createQueryClient(), () => true);
    await waitFor(() => expect(firstRun.callsOf('connections.status')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(firstRun.callsOf('languages.list')).toHaveLength(0);
  });
});
