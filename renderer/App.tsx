/**
 * Renderer root: the query client, the first-run gate (no connection yet → first-run screen) and the shell
 * (navigation, status banner, the active screen). The screens the first paint shows (Translate, First run) are in
 * the entry chunk; the others are code-split with React.lazy and fetched when idle. Keyboard: Ctrl/Cmd+1…6 switch
 * screens; menu commands from main arrive as `app.command`.
 */
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, memo, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { MenuCommand } from '../shared/ipc/contract.js';
import { Sidebar, SCREEN_LABEL_IDS } from './components/Sidebar.js';
import { StatusBanner } from './components/StatusBanner.js';
import { ErrorAlert } from './components/ErrorAlert.js';
import { ensureAllCatalogs, resolveUiLocale, setUiLocale, useT } from './i18n/index.js';
import { api, unwrap } from './lib/api.js';
import { createQueryClient, prefetchTranslateData, useCacheEvents, useConnectionStatus, useSettings } from './lib/queries.js';
import { afterStartIdle, whenIdle } from './lib/start-idle.js';
import { useDesktopText } from './lib/use-desktop-text.js';
import { draftCarriedOver, forgetLegacyDraft, restoreDraft, startDraftSync } from './state/draft-sync.js';
import { useTranslateStore } from './state/translate-store.js';
import { SCREENS, useUiStore, type ScreenId } from './state/ui-store.js';
import { useDropAnywhere } from './screens/documents/drop-store.js';
import TranslateScreen from './screens/TranslateScreen.js';
import FirstRunScreen from './screens/FirstRunScreen.js';
import { KeyboardHelpDialog, useKeyboardHelpShortcut } from './shell/KeyboardHelp.js';
import { ScreenBoundary } from './shell/ScreenBoundary.js';

/**
 * A code-split screen that can be fetched ahead of need. Once its chunk is in, it renders directly (no Suspense):
 * React 19 holds a revealed Suspense boundary back for ~300 ms, which the first paint should not pay.
 */
function screenModule(factory: () => Promise<{ default: ComponentType }>): ScreenModule {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  // A failed fetch is not kept: the next load (Try again on the screen's error) asks for the code anew.
  const load = () =>
    (pending ??= factory().then(
      (m) => (loaded = m.default),
      (e: unknown) => {
        pending = undefined;
        throw e;
      },
    ));
  const makeLazy = () => lazy(() => load().then((c) => ({ default: c })));
  const m: ScreenModule = {
    load,
    get: () => loaded,
    Lazy: makeLazy(),
    // React.lazy keeps a rejection for good: a new one, for a screen whose code did not arrive.
    reset: () => {
      if (!loaded) m.Lazy = makeLazy();
    },
  };
  return m;
}
interface ScreenModule {
  load: () => Promise<ComponentType>;
  get: () => ComponentType | undefined;
  Lazy: ComponentType;
  reset: () => void;
}

/** A screen in the entry chunk (what the first paint shows, Translate): loaded from the start. */
function startScreen(component: ComponentType): ScreenModule {
  return {
    load: () => Promise.resolve(component),
    get: () => component,
    Lazy: lazy(() => Promise.resolve({ default: component })),
    reset: () => undefined,
  };
}

const screens: Record<ScreenId, ScreenModule> = {
  translate: startScreen(TranslateScreen),
  // These screens' words are not in the start-up catalog: fetch them with the screen's code.
  documents: screenModule(() => withAllWords(import('./screens/DocumentsScreen.js'))),
  glossaries: screenModule(() => withAllWords(import('./screens/GlossariesScreen.js'))),
  usage: screenModule(() => withAllWords(import('./screens/UsageScreen.js'))),
  keys: screenModule(() => withAllWords(import('./screens/KeysScreen.js'))),
  settings: screenModule(() => withAllWords(import('./screens/SettingsScreen.js'))),
};

function withAllWords<T>(code: Promise<T>): Promise<T> {
  return Promise.all([code, ensureAllCatalogs()]).then(([m]) => m);
}

/** Renders a screen module: directly once loaded, else its lazy form under Suspense. */
function ScreenView({ module, label, after }: { module: ScreenModule; label: string; after?: ReactNode }) {
  const Loaded = module.get();
  if (Loaded) {
    return (
      <>
        {/* The loaded module's component is the same object on every render (not created here). */}
        {/* eslint-disable-next-line react-hooks/static-components */}
        <Loaded />
        {after}
      </>
    );
  }
  return (
    <Suspense fallback={<Loading label={label} />}>
      <module.Lazy />
      {after}
    </Suspense>
  );
}

/** Waits (without Suspense) for a module before the first paint of a screen; falls back to lazy on failure. */
function useModuleReady(module: ScreenModule): boolean {
  const [ready, setReady] = useState(() => module.get() !== undefined);
  useEffect(() => {
    if (ready) return;
    let live = true;
    module.load().then(
      () => live && setReady(true),
      () => live && setReady(true),
    );
    return () => {
      live = false;
    };
  }, [module, ready]);
  return ready;
}

export function App({ client }: { client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <Root />
    </QueryClientProvider>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className="empty-state" role="status">
      <span className="spinner" aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}

function Root() {
  useCacheEvents();
  useDropAnywhere();
  useMenuCommands();
  useDesktopText();
  useKeyboardHelpShortcut();
  const settings = useSettings();
  const qc = useQueryClient();
  const setTheme = useUiStore((s) => s.setTheme);
  const status = useConnectionStatus();
  const statusActiveId = status.data?.activeId ?? null;
  // The Translate screen's data is fetched alongside its code, as soon as the active connection is known.
  useEffect(() => {
    if (statusActiveId && useUiStore.getState().screen === 'translate') void prefetchTranslateData(qc, statusActiveId);
  }, [qc, statusActiveId]);
  const draftReady = useDraftPersistence(settings);
  const t = useT();
  const uiLanguage = settings.data?.uiLanguage;
  // The UI language chosen in Settings (or the system's): switches catalogs without a restart.
  useEffect(() => {
    if (uiLanguage) void setUiLocale(resolveUiLocale(uiLanguage));
  }, [uiLanguage]);

  useEffect(() => {
    if (settings.data) setTheme(settings.data.theme);
  }, [settings.data, setTheme]);

  if (status.isPending || !draftReady) return <Loading label={t('app.opening')} />;
  if (status.isError) {
    return (
      <div className="first-run">
        <h1>{t('app.startFailed.title')}</h1>
        <ErrorAlert error={status.error} look="box" />
        <div>
          <button type="button" className="btn" onClick={() => void status.refetch()}>
            {t('app.tryAgain')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <>
      {status.data.state === 'none' ? <FirstRunScreen /> : <Shell />}
      <KeyboardHelpDialog />
    </>
  );
}

/**
 * Restores the Translate draft saved in settings once they have arrived (before any screen can be typed in), then
 * keeps it saved. If settings cannot be read, Verso still opens, with an empty draft.
 */
function useDraftPersistence(settings: ReturnType<typeof useSettings>): boolean {
  const settled = !settings.isPending;
  const saved = settings.data?.translateDraft ?? null;
  const ready = useTranslateStore((s) => s.draftLoaded);
  useEffect(() => {
    if (settled && !ready) restoreDraft(saved);
  }, [settled, ready, saved]);
  useEffect(() => {
    if (!ready) return;
    const dirty = draftCarriedOver();
    return startDraftSync({
      save: async (translateDraft) => {
        await unwrap(api().settings.update({ translateDraft }));
      },
      dirty,
      ...(dirty && { onSaved: forgetLegacyDraft }),
    });
  }, [ready]);
  return ready;
}

/**
 * Memoised: Root renders again on every settings answer (each draft save announces new settings) or status change;
 * the shell and the open screen read what they need themselves and are not rendered again for those.
 */
const Shell = memo(function Shell() {
  const screen = useUiStore((s) => s.screen);
  const setScreen = useUiStore((s) => s.setScreen);
  const first = useRef(true);
  const startReady = useModuleReady(screens[screen]);
  const t = useT();
  const screenLabel = t(SCREEN_LABEL_IDS[screen]);

  // Once the first screen is up and its start's idle moment has passed, fetch the others while idle so switching
  // screens never waits. Not in that first idle moment: their chunks and style sheets took ~60–100 ms of a fresh
  // start's main thread, just when the page should have been quiet and ready to type in.
  useEffect(() => {
    if (!startReady) return;
    return afterStartIdle(() =>
      whenIdle(() => {
        for (const m of Object.values(screens)) void m.load().catch(() => undefined);
      }, 200),
    );
  }, [startReady]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      // The digit key, whatever the layout: on a French AZERTY keyboard Ctrl and the "1" key gives "&" (seen on a
      // tour), so the key's position (Digit1…, or the keypad's) counts where its character is not a digit.
      const digit = /^[1-9]$/.test(e.key) ? e.key : /^(?:Digit|Numpad)([1-9])$/.exec(e.code)?.[1];
      const target = digit ? SCREENS[Number(digit) - 1] : undefined;
      if (target) {
        e.preventDefault();
        setScreen(target);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setScreen]);

  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <Sidebar />
      <main className="main" id="main" aria-label={screenLabel}>
        <StatusBanner />
        {startReady ? (
          <ScreenBoundary key={screen} onRetry={screens[screen].reset}>
            <ScreenView
              module={screens[screen]}
              label={t('app.loadingScreen', { screen: screenLabel })}
              after={<FocusHeading key={screen} skipRef={first} />}
            />
          </ScreenBoundary>
        ) : (
          <Loading label={t('app.loadingScreen', { screen: screenLabel })} />
        )}
      </main>
    </div>
  );
});

/**
 * Announces a screen change: once the (lazy) screen has rendered, focus moves to its heading so screen readers
 * read where the user is. Not on the first paint, where the Translate screen's source box takes focus.
 */
function FocusHeading({ skipRef }: { skipRef: { current: boolean } }) {
  useEffect(() => {
    if (skipRef.current) {
      skipRef.current = false;
      return;
    }
    const main = document.getElementById('main');
    // A screen that already placed focus inside itself (e.g. "focus the source box") keeps it.
    if (main?.contains(document.activeElement) && document.activeElement !== main) return;
    const h1 = main?.querySelector<HTMLElement>('h1');
    if (h1) {
      h1.setAttribute('tabindex', '-1');
      h1.focus();
    }
  }, [skipRef]);
  return null;
}

const NAV_COMMANDS: Partial<Record<MenuCommand, ScreenId>> = {
  'navigate.translate': 'translate',
  'navigate.documents': 'documents',
  'navigate.glossaries': 'glossaries',
  'navigate.usage': 'usage',
  'navigate.keys': 'keys',
  'navigate.settings': 'settings',
};

/** Menu items and accelerators owned by main arrive as `app.command` events. */
function useMenuCommands(): void {
  const setScreen = useUiStore((s) => s.setScreen);
  const sendCommand = useUiStore((s) => s.sendCommand);
  useEffect(
    () =>
      api().on('app.command', ({ command }) => {
        const screen = NAV_COMMANDS[command];
        if (screen) setScreen(screen);
        else if (
          command === 'translate.now' ||
          command === 'translate.swapLanguages' ||
          command === 'translate.focusSource'
        ) {
          sendCommand(command);
        }
      }),
    [setScreen, sendCommand],
  );
}
