/**
 * Renderer component (Settings): the local engine — its state (running with which engines and where, starting,
 * stopped, failed with main's words behind "Details") and a restart button.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { DetailedNote } from '../../components/DetailedNote.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat, useT } from '../../i18n/index.js';
import { api, unwrap } from '../../lib/api.js';
import { keys, useLocalServiceStatus } from '../../lib/queries.js';

export function LocalEngineSection() {
  const uid = useId();
  const t = useT();
  const f = useFormat();
  const qc = useQueryClient();
  const status = useLocalServiceStatus();
  const restart = useMutation({
    mutationFn: () => unwrap(api().localService.restart()),
    onSuccess: (s) => qc.setQueryData(keys.localStatus, s),
  });
  const s = status.data;
  return (
    <section className="card stack" aria-labelledby={`${uid}-local`}>
      <h2 id={`${uid}-local`}>{t('settings.local.title')}</h2>
      {s && s.state !== 'error' && (
        <p role="status">
          {s.state === 'ready' &&
            t('settings.local.running', {
              engines: s.engines.length ? f.list(s.engines) : t('settings.local.noEngine'),
              address: s.proUrl ?? '127.0.0.1',
            })}
          {s.state === 'starting' && t('settings.local.starting')}
          {s.state === 'stopped' && t('settings.local.stopped')}
        </p>
      )}
      {s?.state === 'error' && (
        <DetailedNote role="status" className="error-text" text={t('settings.local.failed')} detail={s.message} />
      )}
      {s?.engines.includes('pseudo') && <p className="hint">{t('settings.local.pseudo')}</p>}
      {status.isError && <ErrorAlert error={status.error} />}
      <div>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => restart.mutate()}
          disabled={restart.isPending}
        >
          {t('settings.local.restart')}
        </button>
      </div>
      {restart.isError && <ErrorAlert error={restart.error} />}
    </section>
  );
}
