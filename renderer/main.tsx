/**
 * Renderer entry: mounts the React app. Runs in the sandboxed window (Electron) or in Chromium via the web harness;
 * either way `window.verso` is provided before this script runs. The first call to main goes out first; the UI
 * language's catalog is built while it travels; React renders once the first screen's answer is in (or after
 * FIRST_SCREEN_WAIT_MS), so the screen appears whole and in the user's language in one render, without `Intl`
 * (see start-idle.ts).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { initI18n, warmFormats } from './i18n/index.js';
import { createQueryClient } from './lib/queries.js';
import { prefetchStartData } from './lib/start-data.js';
import { deferUntilStartIdle, StartIdle } from './lib/start-idle.js';
import { runEffectsAfterRender } from './lib/effect-timing.js';
import { useUiStore } from './state/ui-store.js';
import './styles/app.css';

/** How long the first render waits for main's first answers before it shows "Opening…" instead. */
const FIRST_SCREEN_WAIT_MS = 300;

runEffectsAfterRender();
const root = document.getElementById('root');
if (root) {
  // The first screen's data is on its way from main while the catalog loads and React starts.
  const client = createQueryClient();
  const start = prefetchStartData(client, () => useUiStore.getState().screen === 'translate');
  const waited = new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS));
  // The first render waits for what the first screen shows, but not long: a slow answer gets "Opening…" meanwhile.
  const shown = Promise.race([start.ready, waited]);
  // The catalog is built while the answer travels. The answer names the languages (main works the names out as the
  // page would), so the first render builds no Intl object: the first in a page costs ~20–30 ms. They are built in
  // the first idle moment after it, with the text that needs them (the character count).
  const words = initI18n();
  void Promise.all([words, shown]).then(() => {
    deferUntilStartIdle();
    createRoot(root).render(
      <StrictMode>
        <App client={client} />
        <StartIdle then={warmFormats} />
      </StrictMode>,
    );
  });
}
