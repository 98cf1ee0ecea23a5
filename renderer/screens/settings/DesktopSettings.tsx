/**
 * Renderer component (Settings): desktop integration — tray icon, close-to-tray, the global shortcut that
 * translates the clipboard (recorded by pressing the keys), and the opt-in "copy twice to translate". Settings
 * live in main (`settings.update`); what main could set up (`desktop.status`: a shortcut taken by another app, a
 * desktop without a tray) is said beside each control. In the web harness the section explains it does nothing.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import {
  DEFAULT_DESKTOP_SETTINGS,
  acceleratorProblem,
  type DesktopStatus,
} from '../../../shared/ipc/contract-desktop.js';
import { DetailedNote } from '../../components/DetailedNote.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useT } from '../../i18n/index.js';
import { api, unwrap } from '../../lib/api.js';
import { isolate } from '../../lib/bidi.js';
import { useSettings } from '../../lib/queries.js';
import { useUpdateSettings } from './use-update-settings.js';

const STATUS_KEY = ['desktop.status'] as const;

const KEY_NAMES: Record<string, string> = {
  ' ': 'Space',
  ArrowUp: 'Up',
  ArrowDown: 'Down',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  Enter: 'Return',
  '+': 'Plus',
};

/** An Electron accelerator from a key press (`CommandOrControl+Shift+Y`), or null while only modifiers are down. */
export function acceleratorFromKey(
  e: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
  mac: boolean,
): string | null {
  if (['Control', 'Meta', 'Alt', 'Shift', 'AltGraph', 'OS'].includes(e.key)) return null;
  // The physical key for letters and digits, so Shift or a keyboard layout does not change what is recorded.
  const fromCode = /^Key([A-Z])$/.exec(e.code)?.[1] ?? /^Digit([0-9])$/.exec(e.code)?.[1];
  const key = fromCode ?? KEY_NAMES[e.key] ?? (e.key.length === 1 ? e.key.toUpperCase() : e.key);
  const mods: string[] = [];
  // CommandOrControl keeps the shortcut portable: ⌘ on macOS, Ctrl elsewhere.
  if (mac ? e.metaKey : e.ctrlKey) mods.push('CommandOrControl');
  if (mac && e.ctrlKey) mods.push('Control');
  if (!mac && e.metaKey) mods.push('Super');
  if (e.altKey) mods.push('Alt');
  if (e.shiftKey) mods.push('Shift');
  return [...mods, key].join('+');
}

/** How a stored accelerator reads on this system. */
export function displayAccelerator(a: string, mac: boolean): string {
  return a
    .split('+')
    .map((p) => (p === 'CommandOrControl' || p === 'CmdOrCtrl' ? (mac ? '⌘' : 'Ctrl') : p))
    .join('+');
}

export function DesktopSettings() {
  const uid = useId();
  const t = useT();
  const qc = useQueryClient();
  const settings = useSettings();
  const update = useUpdateSettings();
  // One try: a runtime without desktop features answers at once; retrying would only delay the note.
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: () => unwrap(api().desktop.status()), retry: false });
  useEffect(() => api().on('desktop.statusChanged', (s) => qc.setQueryData(STATUS_KEY, s)), [qc]);
  const mac = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform || navigator.userAgent);

  const s = settings.data;
  const d = s && {
    trayIcon: s.trayIcon ?? DEFAULT_DESKTOP_SETTINGS.trayIcon,
    closeToTray: s.closeToTray ?? DEFAULT_DESKTOP_SETTINGS.closeToTray,
    globalShortcutEnabled: s.globalShortcutEnabled ?? DEFAULT_DESKTOP_SETTINGS.globalShortcutEnabled,
    globalShortcut: s.globalShortcut ?? DEFAULT_DESKTOP_SETTINGS.globalShortcut,
    copyTwiceToTranslate: s.copyTwiceToTranslate ?? DEFAULT_DESKTOP_SETTINGS.copyTwiceToTranslate,
  };
  const st: DesktopStatus | undefined = status.data;
  const [recorded, setRecorded] = useState<string | null>(null);
  const [needsModifier, setNeedsModifier] = useState(false);

  const record = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Tab' && !e.ctrlKey && !e.metaKey && !e.altKey) return; // keep keyboard navigation
    e.preventDefault();
    if (e.key === 'Escape') {
      setRecorded(null);
      setNeedsModifier(false);
      return;
    }
    const a = acceleratorFromKey(e, mac);
    if (!a) return;
    const problem = acceleratorProblem(a);
    setNeedsModifier(problem === 'no_modifier');
    setRecorded(problem === null ? a : null);
  };
  const shortcutState = st?.shortcut.state;
  const shown = recorded ?? d?.globalShortcut ?? '';

  return (
    <section className="card stack" aria-labelledby={`${uid}-desktop`}>
      <h2 id={`${uid}-desktop`}>{t('desktop.settings.title')}</h2>
      {st && !st.available && <p className="hint">{t('desktop.settings.webNote')}</p>}
      {/* Not knowing what this runtime can do is not an error of the user's: a note, the reason behind Details. */}
      {status.isError && (
        <DetailedNote
          className="hint"
          text={t('desktop.settings.statusUnknown')}
          detail={status.error instanceof Error ? status.error.message : null}
        />
      )}
      {d && (
        <>
          <label className="check">
            <input
              type="checkbox"
              checked={d.trayIcon}
              onChange={(e) => update.mutate({ trayIcon: e.target.checked })}
            />
            {t('desktop.settings.tray')}
          </label>
          {st?.available && st.tray === 'unsupported' && (
            <p className="hint">{t('desktop.settings.tray.unsupported')}</p>
          )}
          <div>
            <label className="check">
              <input
                type="checkbox"
                checked={d.closeToTray}
                disabled={!d.trayIcon}
                aria-describedby={`${uid}-ctt`}
                onChange={(e) => update.mutate({ closeToTray: e.target.checked })}
              />
              {t('desktop.settings.closeToTray')}
            </label>
            <p className="hint" id={`${uid}-ctt`}>
              {t('desktop.settings.closeToTray.hint')}
            </p>
          </div>
          <label className="check">
            <input
              type="checkbox"
              checked={d.globalShortcutEnabled}
              onChange={(e) => update.mutate({ globalShortcutEnabled: e.target.checked })}
            />
            {t('desktop.settings.shortcutEnabled')}
          </label>
          {d.globalShortcutEnabled && (
            <div className="field">
              <label className="field-label" htmlFor={`${uid}-accel`}>
                {t('desktop.settings.shortcut.label')}
              </label>
              <div className="field-row">
                <input
                  id={`${uid}-accel`}
                  type="text"
                  readOnly
                  dir="ltr"
                  value={displayAccelerator(shown, mac)}
                  onKeyDown={record}
                  aria-describedby={`${uid}-accel-hint ${uid}-accel-state`}
                />
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={!recorded || recorded === d.globalShortcut || update.isPending}
                  onClick={() => {
                    if (!recorded) return;
                    update.mutate({ globalShortcut: recorded }, { onSuccess: () => setRecorded(null) });
                  }}
                >
                  {t('desktop.settings.shortcut.save')}
                </button>
              </div>
              <p className="hint" id={`${uid}-accel-hint`}>
                {t('desktop.settings.shortcut.hint')}
              </p>
              <div id={`${uid}-accel-state`} role="status">
                {needsModifier && <p className="error-text">{t('desktop.settings.shortcut.needModifier')}</p>}
                {st?.available && !recorded && shortcutState === 'registered' && (
                  <p className="hint">
                    {t('desktop.settings.shortcut.state.registered', {
                      shortcut: isolate(displayAccelerator(d.globalShortcut, mac)),
                    })}
                  </p>
                )}
                {st?.available &&
                  !recorded &&
                  (shortcutState === 'in_use' || shortcutState === 'invalid') && (
                    <p className="error-text">
                      {t(
                        shortcutState === 'in_use'
                          ? 'desktop.settings.shortcut.state.in_use'
                          : 'desktop.settings.shortcut.state.invalid',
                        {
                          shortcut: isolate(displayAccelerator(d.globalShortcut, mac)),
                        },
                      )}
                    </p>
                  )}
              </div>
            </div>
          )}
          <div>
            <label className="check">
              <input
                type="checkbox"
                checked={d.copyTwiceToTranslate}
                aria-describedby={`${uid}-copy2`}
                onChange={(e) => update.mutate({ copyTwiceToTranslate: e.target.checked })}
              />
              {t('desktop.settings.copyTwice')}
            </label>
            <p className="hint" id={`${uid}-copy2`}>
              {t('desktop.settings.copyTwice.hint')}
              {st?.available && !st.copyTwice.everyCopy && d.copyTwiceToTranslate && (
                <> {t('desktop.settings.copyTwice.changesOnly')}</>
              )}
            </p>
          </div>
        </>
      )}
      {settings.isError && <ErrorAlert error={settings.error} />}
      {update.isError && <ErrorAlert error={update.error} />}
    </section>
  );
}
