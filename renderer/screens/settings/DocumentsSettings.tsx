/**
 * Renderer component (Settings → Documents): the Documents domain's preferences kept in main
 * (`documents.prefs` / `documents.setPrefs`): the folder for translations of files that have no folder of their own,
 * how many documents are uploaded at once, and the largest file accepted. "Choose…" opens the native folder dialog
 * where there is one (the desktop app); the web harness has none, so the path is typed. Main creates and checks the
 * folder before it keeps it, so a folder Verso cannot write to is refused here, not at the first download.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { DocumentPrefs } from '../../../shared/ipc/contract-documents.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useT } from '../../i18n/index.js';
import { api, unwrap } from '../../lib/api.js';
import { usePrefs } from '../documents/use-documents.js';
import { NumberSetting } from './number-setting.js';
import { useAppInfo } from './use-app-info.js';
import { isEnter } from '../../lib/keys.js';

/** Same rule as the contract: POSIX, drive letter or UNC. A relative path would depend on where Verso started. */
const FULL_PATH = /^(\/|[A-Za-z]:[\\/]|\\\\)/;

export function DocumentsSettings() {
  const uid = useId();
  const t = useT();
  const qc = useQueryClient();
  const prefs = usePrefs();
  const info = useAppInfo();
  const p = prefs.data;

  // null: show main's folder (once it arrives, and after a save); a string: what the user is typing.
  const [typed, setTyped] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ what: 'folder' | 'other'; e: unknown } | null>(null);
  const [saved, setSaved] = useState(false);
  const current = p?.defaultOutputDir ?? '';
  const folder = typed ?? current;

  const save = async (patch: Partial<Pick<DocumentPrefs, 'defaultOutputDir' | 'concurrency' | 'maxFileMb'>>) => {
    setSaving(true);
    setError(null);
    setSaved(false);
    try {
      const next = await unwrap(api().documents.setPrefs(patch));
      qc.setQueryData(['documents.prefs'], next);
      if (patch.defaultOutputDir !== undefined) setTyped(null);
      setSaved(true);
    } catch (e) {
      setError({ what: patch.defaultOutputDir !== undefined ? 'folder' : 'other', e });
    } finally {
      setSaving(false);
    }
  };

  const trimmed = folder.trim();
  const folderInvalid = trimmed !== '' && !FULL_PATH.test(trimmed);
  const folderChanged = trimmed !== '' && trimmed !== current;
  const commitFolder = () => {
    if (folderChanged && !folderInvalid) void save({ defaultOutputDir: trimmed });
  };
  const choose = async () => {
    setError(null);
    try {
      const picked = await unwrap(api().documents.pickFolder());
      if (!picked) return;
      setTyped(picked.path);
      await save({ defaultOutputDir: picked.path });
    } catch (e) {
      setError({ what: 'folder', e });
    }
  };
  const hasDialog = info.data?.shell === 'electron';

  return (
    <section className="card stack" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`}>{t('documents.settings.title')}</h2>
      {prefs.isPending && <p role="status">{t('app.common.loading')}</p>}
      {prefs.error && <ErrorAlert error={prefs.error} look="box" />}
      {p && (
        <>
          <div className="field">
            <label htmlFor={`${uid}-folder`}>{t('documents.settings.outputDir')}</label>
            <div className="field-row">
              <input
                id={`${uid}-folder`}
                type="text"
                className="field-grow"
                value={folder}
                // A path runs left to right in every UI: in Arabic, `/home/…/out` was shown as `home/…/out/`.
                dir="ltr"
                spellCheck={false}
                aria-invalid={folderInvalid || trimmed === '' || undefined}
                aria-describedby={`${uid}-folder-hint${folderInvalid || trimmed === '' ? ` ${uid}-folder-err` : ''}`}
                onChange={(e) => {
                  setTyped(e.target.value);
                  setSaved(false);
                }}
                onKeyDown={(e) => isEnter(e) && commitFolder()}
              />
              {hasDialog && (
                <button type="button" className="btn btn-small" disabled={saving} onClick={() => void choose()}>
                  {t('documents.settings.choose')}
                </button>
              )}
              <button type="button" className="btn btn-small" disabled={saving || !folderChanged || folderInvalid} onClick={commitFolder}>
                {t('documents.settings.saveFolder')}
              </button>
            </div>
            <p id={`${uid}-folder-hint`} className="hint">
              {t('documents.settings.outputDirHint')}
            </p>
            {(folderInvalid || trimmed === '') && (
              <p id={`${uid}-folder-err`} className="error-text">
                {t('documents.settings.fullPath')}
              </p>
            )}
            {error?.what === 'folder' && <ErrorAlert error={error.e} message={t('documents.settings.folderRefused')} />}
          </div>
          <NumberSetting
            label={t('documents.settings.concurrency')}
            value={p.concurrency}
            min={1}
            max={8}
            disabled={saving}
            onCommit={(v) => void save({ concurrency: v })}
          />
          <NumberSetting
            label={t('documents.settings.maxFileMb')}
            value={p.maxFileMb}
            min={1}
            max={2048}
            disabled={saving}
            onCommit={(v) => void save({ maxFileMb: v })}
          />
          {error?.what === 'other' && <ErrorAlert error={error.e} />}
          {saved && (
            <p role="status" className="hint">
              {t('documents.settings.saved')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
