/**
 * Renderer entry: mounts the React app. Runs in the sandboxed window (Electron) or in Chromium via the web harness;
 * either way `window.verso` is provided before this script runs.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import './styles/app.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
