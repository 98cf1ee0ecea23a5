/**
 * Renderer component: the keyboard help overlay of the Translate screen (opened with `?`). A modal dialog: focus
 * moves into it, Escape or Close ends it and focus returns to where it was.
 */
import { useEffect, useRef } from 'react';
import { useT } from '../../i18n/index.js';
import { MOD_KEY } from '../../components/Sidebar.js';

export function KeyboardHelp({ onClose }: { onClose: () => void }) {
  const t = useT();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, [onClose]);
  const rows: [string, string][] = [
    [`${MOD_KEY}Enter`, t('translate.help.translateNow')],
    [`${MOD_KEY}Shift+S`, t('translate.help.swap')],
    [`${MOD_KEY}L`, t('translate.help.focus')],
    [`${MOD_KEY}Z`, t('translate.help.undo')],
    [`${MOD_KEY}1 … 6`, t('translate.help.screens')],
    ['?', t('translate.help.help')],
  ];
  return (
    <div className="tr-overlay" onClick={onClose}>
      <div
        className="card tr-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="kb-help-title"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id="kb-help-title">{t('translate.help.title')}</h2>
        <table className="tr-keys">
          <tbody>
            {rows.map(([k, what]) => (
              <tr key={k}>
                <th scope="row">
                  <kbd>{k}</kbd>
                </th>
                <td>{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="hint">{t('translate.help.hint')}</p>
        <div className="toolbar">
          <button ref={closeRef} type="button" className="btn" onClick={onClose}>
            {t('translate.help.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
