/**
 * Renderer component (first run and Settings): the local engine runs but cannot translate here (main reports
 * `problem: 'no_engine'`: Apertium is not installed). Says why for this OS and what to install, offers a hosted
 * account or a custom service instead (the first-run screen switches its choice; Settings opens the form here),
 * and can check again after installing. Renders nothing while the engine is fine.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useT } from '../i18n/index.js';
import { api, unwrap } from '../lib/api.js';
import { keys, useLocalServiceStatus } from '../lib/queries.js';
import { useAppInfo } from '../screens/settings/use-app-info.js';
import { AddConnectionForm } from './AddConnectionForm.js';
import { ErrorAlert } from './ErrorAlert.js';

export function LocalEngineMissing({ onChoose }: { onChoose?: (kind: 'hosted' | 'custom') => void }) {
  const uid = useId();
  const t = useT();
  const qc = useQueryClient();
  const status = useLocalServiceStatus();
  const info = useAppInfo();
  const [adding, setAdding] = useState<'hosted' | 'custom' | null>(null);
  const recheck = useMutation({
    mutationFn: () => unwrap(api().localService.restart()),
    onSuccess: (s) => {
      qc.setQueryData(keys.localStatus, s);
      void qc.invalidateQueries({ queryKey: keys.localLanguages });
    },
  });
  if (status.data?.problem !== 'no_engine') return null;
  const platform = info.data?.platform ?? 'linux';
  const choose = (kind: 'hosted' | 'custom') => (onChoose ? onChoose(kind) : setAdding(kind));
  return (
    <div className="alert alert-warning stack" role="status" aria-labelledby={`${uid}-title`}>
      <strong id={`${uid}-title`}>{t('localEngine.missing.title')}</strong>
      <p>{t('localEngine.missing.why', { platform })}</p>
      <p>{t('localEngine.missing.install', { platform })}</p>
      <div className="toolbar">
        <button type="button" className="btn btn-small btn-primary" aria-pressed={adding === 'hosted'} onClick={() => choose('hosted')}>
          {t('localEngine.missing.hosted')}
        </button>
        <button type="button" className="btn btn-small" aria-pressed={adding === 'custom'} onClick={() => choose('custom')}>
          {t('localEngine.missing.custom')}
        </button>
        <button type="button" className="btn btn-small btn-ghost" disabled={recheck.isPending} onClick={() => recheck.mutate()}>
          {t('localEngine.missing.recheck')}
        </button>
      </div>
      {recheck.isError && <ErrorAlert error={recheck.error} />}
      {adding && <AddConnectionForm key={adding} kind={adding} onAdded={() => setAdding(null)} />}
    </div>
  );
}
