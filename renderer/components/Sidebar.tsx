/**
 * Renderer component: the left navigation (Translate … Settings) and, at its foot, the connection switcher.
 * Items are buttons with aria-current; Ctrl/Cmd+1…6 reach them from anywhere (see App's shortcut handler).
 */
import { useT, type MessageId } from '../i18n/index.js';
import { SCREENS, useUiStore, type ScreenId } from '../state/ui-store.js';
import { ConnectionSwitcher } from './ConnectionSwitcher.js';

export const SCREEN_LABEL_IDS: Record<ScreenId, MessageId> = {
  translate: 'app.nav.translate',
  documents: 'app.nav.documents',
  glossaries: 'app.nav.glossaries',
  usage: 'app.nav.usage',
  keys: 'app.nav.keys',
  settings: 'app.nav.settings',
};

const isMac = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform);
export const MOD_KEY = isMac ? '⌘' : 'Ctrl+';

export function Sidebar() {
  const screen = useUiStore((s) => s.screen);
  const setScreen = useUiStore((s) => s.setScreen);
  const t = useT();
  return (
    <aside className="sidebar">
      <div className="brand" aria-hidden="true">
        {t('app.name')}
      </div>
      <nav aria-label={t('app.nav.label')}>
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
                <span>{t(SCREEN_LABEL_IDS[id])}</span>
                {/* Left to right in every UI: on macOS, "⌘1" read "1⌘" in Arabic. */}
                <span className="shortcut" aria-hidden="true" dir="ltr">
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
