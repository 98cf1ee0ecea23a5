/**
 * Renderer entry: mounts the React app. Runs in the sandboxed window (Electron) or in Chromium via the web harness;
 * either way `window.verso` is provided before this script runs. The first calls to main go out first; the UI
 * language's catalog is built while they travel; React renders once the first screen's answers are in (or after
 * FIRST_SCREEN_WAIT_MS), so the screen appears whole and in the user's language in one render.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { initI18n, warmFormats } from './i18n/index.js';
import { createQueryClient } from './lib/queries.js';
import { prefetchStartData } from './lib/start-data.js';
import { useUiStore } from './state/ui-store.js';
import './styles/app.css';

/** How long the first render waits for main's first answers before it shows "Opening…" instead. */
const FIRST_SCREEN_WAIT_MS = 300;

const root = document.getElementById('root');
if (root) {
  // The first answers from main are on their way while the catalog loads and React starts.
  const client = createQueryClient();
  const start = prefetchStartData(client, () => useUiStore.getState().screen === 'translate');
  const waited = new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS));
  // The first render waits for what the first screen shows, but not long: a slow answer gets "Opening…" meanwhile.
  const shown = Promise.race([start.ready, waited]);
  // The catalog is built while the first answers travel; the Intl objects of language names (the first one in a page
  // costs ~20 ms) once the first screen's calls are out, while their answers travel.
  const words = Promise.all([initI18n(), Promise.race([start.asked, waited])]).then(warmFormats);
  void Promise.all([words, shown]).then(() => {
    createRoot(root).render(
      <StrictMode>
        <App client={client} />
      </StrictMode>,
    );
  });
}
