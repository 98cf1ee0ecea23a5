/**
 * Renderer entry: mounts the React app. Runs in the sandboxed window (Electron) or in Chromium via the web harness;
 * either way `window.verso` is provided before this script runs. The UI language's catalog is fetched first (one
 * small chunk), so the first paint is already in the user's language.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { initI18n } from './i18n/index.js';
import './styles/app.css';

const root = document.getElementById('root');
if (root) {
  void initI18n().then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
