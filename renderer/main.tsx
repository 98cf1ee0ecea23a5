/**
 * Renderer entry: mounts the React app. Runs in the sandboxed window (Electron) or in Chromium via the web harness;
 * either way `window.verso` is provided before this script runs. The UI language's catalog is fetched first (one
 * small chunk), so the first paint is already in the user's language; the first calls to main go out before it.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadStartScreens } from './App.js';
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
  // The catalog is read once the first screen's calls are out, so their answers travel while it is built (an answer
  // that arrived during it would wait for it, and the calls it leads to with it).
  const words = Promise.race([start.asked, waited]).then(initI18n).then(warmFormats);
  void Promise.all([words, preloadStartScreens(), shown]).then(() => {
    createRoot(root).render(
      <StrictMode>
        <App client={client} />
      </StrictMode>,
    );
  });
}
