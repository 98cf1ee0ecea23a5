/**
 * Renderer component: the left navigation (Translate … Settings) and, at its foot, the connection switcher.
 * Items are buttons with aria-current; Ctrl/Cmd+1…6 reach them from anywhere (see App's shortcut handler).
 */
import { SCREENS, useUiStore, type ScreenId } from '../state/ui-store.js';
import { ConnectionSwitcher } from './ConnectionSwitcher.js';

export const SCREEN_LABELS: Record<ScreenId, string> = {
  translate: 'Translate',
  documents: 'Documents',
  glossaries: 'Glossaries',
  usage: 'Usage',
  keys: 'Keys',
  settings: 'Settings',
};

const isMac = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform);
export const MOD_KEY = isMac ? '⌘' : 'Ctrl+';

export function Sidebar() {
  const screen = useUiStore((s) => s.screen);
  const setScreen = useUiStore((s) => s.setScreen);
  return (
    <aside className="sidebar">
      <div className="brand" aria-hidden="true">
        Verso
      </div>
      <nav aria-label="Main">
        <ul className="nav-list">
          {SCREENS.map((id, i) => (
            <li key={id}>
              <button
                type="button"
                className="nav-item"
                aria-current={screen === id ? 'page' : undefined}
                aria-keyshortcuts={`${isMac ? 'Meta' : 'Control'}+${i + 1}`}
                onClick={() => setScreen(id)}
              >
                <span>{SCREEN_LABELS[id]}</span>
                <span className="shortcut" aria-hidden="true">
                  {MOD_KEY}
                  {i + 1}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="sidebar-footer">
        <ConnectionSwitcher />
      </div>
    </aside>
  );
}
