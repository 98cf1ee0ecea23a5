/**
 * Test helper (renderer component tests only): renders the whole app against a fake `VersoApi` with one ready
 * local connection, default settings and a small language list, so each test overrides only what it is about.
 */
import { configure, getConfig, render } from '@testing-library/react';
import { App } from '../App.js';
import { createQueryClient } from '../lib/queries.js';
import { setApi } from '../lib/api.js';
import { useTranslateStore, DEFAULT_OPTIONS } from '../state/translate-store.js';
import { useUiStore } from '../state/ui-store.js';
import type { ConnectionView, LanguageView, Settings } from '../../shared/ipc/contract.js';
import type { Capabilities } from '../../shared/ipc/contract-customisation.js';
import { createFakeApi, type FakeApi, type Handlers } from './fake-api.js';
import { reactSettled } from './react-settle.js';

// The machine is shared and lazy screens are transformed on first use: wait up to 5 s for things to appear.
// Every query that waits, and every user-event action, returns only once no render or effect is queued (react-settle).
const testingLibraryWrapper = getConfig().asyncWrapper;
configure({
  asyncUtilTimeout: 5000,
  asyncWrapper: (cb) =>
    testingLibraryWrapper(async () => {
      const result: unknown = await cb();
      await reactSettled();
      return result;
    }),
});

export const LOCAL_CONNECTION: ConnectionView = {
  id: 'c-local',
  name: 'Local engine',
  kind: 'local',
  tier: 'pro',
  baseUrl: 'http://127.0.0.1:5000',
  authScheme: 'Service-Auth-Key',
  apiKey: { configured: true, persisted: false },
  adminKey: { configured: false, persisted: false },
  createdAt: '2026-01-01T00:00:00.000Z',
};

export const SOURCES: LanguageView[] = [
  { code: 'DE', name: 'German', supportsFormality: false },
  { code: 'EN', name: 'English', supportsFormality: false },
  { code: 'FR', name: 'French', supportsFormality: false },
  { code: 'BG', name: 'Bulgarian', supportsFormality: false },
];
export const TARGETS: LanguageView[] = [
  { code: 'BG', name: 'Bulgarian', supportsFormality: false },
  { code: 'DE', name: 'German', supportsFormality: true },
  { code: 'EN-GB', name: 'English (British)', supportsFormality: false },
  { code: 'EN-US', name: 'English (American)', supportsFormality: false },
  { code: 'FR', name: 'French', supportsFormality: true },
  { code: 'PL', name: 'Polish', supportsFormality: true },
];

export function settings(patch: Partial<Settings> = {}): Settings {
  return {
    theme: 'system',
    uiLanguage: 'system',
    translateAsYouType: true,
    debounceMs: 100,
    defaults: { sourceLang: null, targetLang: 'DE', formality: 'default', modelType: 'latency_optimized' },
    batchConcurrency: 4,
    translateDraft: null,
    ...patch,
  };
}

/** A deterministic stand-in for the service: reverses each text, so the output visibly depends on the input. */
export function reverse(text: string): string {
  return [...text].reverse().join('');
}

/** A hosted account's connection (tests where the active connection is not the local engine). */
export const HOSTED_CONNECTION: ConnectionView = { ...LOCAL_CONNECTION, id: 'c-hosted', name: 'Hosted', kind: 'hosted', baseUrl: null };

/** What a connection offers of v3: nothing unless `patch` says so (the local engine's connection by default). */
export function capabilities(patch: Partial<Capabilities> = {}): Capabilities {
  return {
    connectionId: LOCAL_CONNECTION.id,
    languages: false,
    glossaries: false,
    styleRules: false,
    translationMemories: false,
    text: null,
    document: null,
    ...patch,
  };
}

/** A language as `/v3/languages` lists it (source and target) with its features. */
export const v3Lang = (code: string, name: string, features: string[]) => ({ code, name, source: true, target: true, features });

export function baseHandlers(): Handlers {
  return {
    'connections.status': () => ({ activeId: LOCAL_CONNECTION.id, state: 'ready' }),
    'connections.list': () => ({ connections: [LOCAL_CONNECTION], activeId: LOCAL_CONNECTION.id }),
    'settings.get': () => settings(),
    'settings.update': (patch) => ({ ...settings(), ...(patch as Partial<Settings>) }) as Settings,
    'languages.list': ({ type }) => ({
      type,
      languages: type === 'source' ? SOURCES : TARGETS,
      fetchedAt: '2026-01-01T00:00:00.000Z',
      fromCache: false,
      pseudo: false,
    }),
    'glossaries.list': () => [],
    // A service without the v3 customisation endpoints (tests of v3 screens override it).
    'customisation.capabilities': () => capabilities(),
    'translate.run': ({ texts }) => ({
      translations: texts.map((t) => ({
        text: reverse(t),
        detectedSourceLanguage: 'EN',
        billedCharacters: [...t].length,
      })),
      characters: texts.reduce((n, t) => n + [...t].length, 0),
      engine: 'apertium',
      cached: false,
    }),
    'translate.cancel': () => ({ cancelled: true }),
    'credentials.status': () => ({ backend: 'test', canPersist: true, connections: [] }),
    'localService.status': () => ({ state: 'ready', engines: ['apertium'], proUrl: 'http://127.0.0.1:5000' }),
    'app.copyText': () => ({ copied: true }),
  };
}

/** Resets the renderer's module state between tests (stores, storage, API). */
export function resetRenderer(): void {
  localStorage.clear();
  useTranslateStore.setState({
    mode: 'single',
    text: '',
    segmentsText: '',
    options: DEFAULT_OPTIONS,
    languagesTouched: false,
    segmentsColumn: null,
    segmentsTitles: null,
    segmentsDone: null,
    segmentsHeld: false,
    held: false,
    swapUndo: null,
    draftLoaded: false,
    keepNotice: null,
  });
  useUiStore.setState({ screen: 'translate', command: null });
  useUiStore.getState().setTheme('system');
  setApi(null);
}

export function renderApp(overrides: Handlers = {}): FakeApi & ReturnType<typeof render> {
  const fake = createFakeApi({ ...baseHandlers(), ...overrides });
  setApi(fake.api);
  const utils = render(<App client={createQueryClient()} />);
  return Object.assign(fake, utils);
}
