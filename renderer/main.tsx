/**
 * Renderer entry: mounts the React app. Runs in the sandboxed window (Electron) or in Chromium via the web harness;
 * either way `window.verso` is provided before this script runs. The UI language's catalog is fetched first (one
 * small chunk), so the first paint is already in the user's language; the first calls to main go out before it.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { initI18n, warmFormats } from './i18n/index.js';
import { createQueryClient } from './lib/queries.js';
import { prefetchStartData } from './lib/start-data.js';
import { useUiStore } from './state/ui-store.js';
import './styles/app.css';

const root = document.getElementById('root');
if (root) {
  // The first answers from main are on their way while the catalog loads and React starts.
  const client = createQueryClient();
  prefetchStartData(client, () => useUiStore.getState().screen === 'translate');
  void initI18n().then(() => {
    createRoot(root).render(
      <StrictMode>
        <App client={client} />
      </StrictMode>,
    );
    // Once "Opening…" is painted, and while those answers are still on their way: the first screen's Intl objects.
    requestAnimationFrame(() => setTimeout(warmFormats, 0));
  });
}
