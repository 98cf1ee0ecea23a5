/**
 * Renderer component (shell): the keyboard help, on every screen. F1 or Ctrl/Cmd+/ opens it from anywhere (also
 * from inside a text box: neither key types anything); `?` opens it only outside text fields, so typing a question
 * mark is never taken. It lists the keys that work everywhere and each screen's own (the current screen first).
 * A modal dialog: focus moves into it, Escape or Close ends it and focus returns to where it was.
 */
import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import { useT } from '../i18n/index.js';
import { isolateEach } from '../lib/bidi.js';
import { MOD_KEY, SCREEN_LABEL_IDS } from '../components/Sidebar.js';
import { SCREENS, useUiStore, type ScreenId } from '../state/ui-store.js';
import { GLOBAL_KEYS, SCREEN_KEYS, type KeyRow } from './keyboard-help-keys.js';
import './keyboard-help.css';

export const useKeyboardHelp = create<{ open: boolean; setOpen: (open: boolean) => void }>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));

function editing(el: EventTarget | null): boolean {
  const e = el as HTMLElement | null;
  return Boolean(e && (e.tagName === 'INPUT' || e.tagName === 'TEXTAREA' || e.tagName === 'SELECT' || e.isContentEditable));
}

/** F1 / Ctrl+/ anywhere, `?` outside text fields: opens the help. Mounted once by the shell. */
export function useKeyboardHelpShortcut(): void {
  const setOpen = useKeyboardHelp((s) => s.setOpen);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      const f1 = e.key === 'F1' && !mod && !e.altKey && !e.shiftKey;
      const slash = mod && !e.altKey && (e.key === '/' || e.code === 'Slash');
      const question = e.key === '?' && !mod && !e.altKey && !editing(e.target);
      if (f1 || slash || question) {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setOpen]);
}

/**
 * The keys as the UI language names them (Strg+Umschalt+S, Ctrl+Maj+S, Entrée; a French tour saw "Enter" and "Esc"
 * here while the glossary footer said "Entrée"): `Mod+` is ⌘ on macOS, the language's Ctrl elsewhere.
 */
function useKeyNames(): (keys: string) => string {
  const t = useT();
  const names: Record<string, string> = {
    Ctrl: t('app.keys.name.ctrl'),
    Shift: t('app.keys.name.shift'),
    Enter: t('app.keys.name.enter'),
    Esc: t('app.keys.name.esc'),
  };
  const mod = MOD_KEY === 'Ctrl+' ? `${names.Ctrl}+` : MOD_KEY;
  return (keys) => keys.replace(/Mod\+/g, mod).replace(/\b(Shift|Enter|Esc)\b/g, (k) => names[k] ?? k);
}
/** The help's key as the hint's translations write it (`Ctrl+/`, `Strg+/`): isolated, it keeps its order in Arabic. */
const SLASH_KEY = /\p{L}+\+\//gu;

function KeyTable({ rows, labelledBy }: { rows: readonly KeyRow[]; labelledBy: string }) {
  const t = useT();
  const shown = useKeyNames();
  return (
    <table className="kb-keys" aria-labelledby={labelledBy}>
      <tbody>
        {rows.map((r) => (
          <tr key={r.keys}>
            <th scope="row">
              {/* Keys read left to right in every UI: in Arabic, "F1 · Ctrl+/" was shown as "/+F1 · Ctrl". */}
              <kbd dir="ltr">{shown(r.keys)}</kbd>
            </th>
            <td>{t(r.what)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function KeyboardHelpDialog() {
  const t = useT();
  const open = useKeyboardHelp((s) => s.open);
  const setOpen = useKeyboardHelp((s) => s.setOpen);
  const screen = useUiStore((s) => s.screen);
  const closeRef = useRef<HTMLButtonElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    // Close takes the focus without scrolling the dialog to it: at 900×700 the help opened scrolled to its end,
    // its title cut off (seen on a French tour).
    closeRef.current?.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        setOpen(false);
      } else if (e.key === 'Tab') {
        // Modal: Tab stays in the dialog (it went on to the page behind the overlay). Its stops: the keys' scroll
        // area while it scrolls (so arrows and Page Down scroll it from the keyboard), then Close.
        e.preventDefault();
        const body = bodyRef.current;
        const scrolls = body !== null && body.scrollHeight > body.clientHeight + 1;
        const stops = ([scrolls ? body : null, closeRef.current] as Array<HTMLElement | null>).filter(
          (el): el is HTMLElement => el !== null,
        );
        const at = stops.indexOf(document.activeElement as HTMLElement);
        const step = e.shiftKey ? stops.length - 1 : 1;
        stops[at < 0 ? 0 : (at + step) % stops.length]?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, [open, setOpen]);
  if (!open) return null;
  const order: ScreenId[] = [screen, ...SCREENS.filter((s) => s !== screen)];
  const close = () => setOpen(false);
  return (
    <div className="kb-overlay" onClick={close}>
      <div
        className="card kb-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="kb-help-title"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id="kb-help-title">{t('translate.help.title')}</h2>
        {/* The keys scroll in an area of their own that ends above Close: at 900×700 the last line was cut in half
            under a sticky Close bar, with no sign that the list went on (seen on a Dutch tour). */}
        <div className="kb-body" ref={bodyRef} tabIndex={0} role="group" aria-labelledby="kb-help-title">
          {order.map((id) => {
            const rows = SCREEN_KEYS[id];
            if (!rows) return null;
            return (
              <section key={id}>
                <h3 id={`kb-help-${id}`}>{t(SCREEN_LABEL_IDS[id])}</h3>
                <KeyTable rows={rows} labelledBy={`kb-help-${id}`} />
              </section>
            );
          })}
          <section>
            <h3 id="kb-help-everywhere">{t('app.keys.everywhere')}</h3>
            <KeyTable rows={GLOBAL_KEYS} labelledBy="kb-help-everywhere" />
          </section>
          <p className="hint">{isolateEach(t('app.keys.hint'), SLASH_KEY)}</p>
        </div>
        <div className="toolbar kb-foot">
          <button ref={closeRef} type="button" className="btn" onClick={close}>
            {t('translate.help.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
