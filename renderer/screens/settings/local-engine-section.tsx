/**
 * Renderer component (Settings): the local engine — its state in words (running with which engines, and the
 * language pairs they translate, grouped by source; starting; stopped; failed with main's words behind "Details"),
 * where it listens, and a restart button. The pairs come from the local engine itself (`languages.pairs` for the
 * local connection), so they are the ones the Translate screen offers.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { DetailedNote } from '../../components/DetailedNote.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { LocalEngineMissing } from '../../components/LocalEngineMissing.js';
import { useFormat, useT, type MessageId } from '../../i18n/index.js';
import { api, unwrap } from '../../lib/api.js';
import { isolate } from '../../lib/bidi.js';
import { keys, useConnections, useLocalServiceStatus } from '../../lib/queries.js';

const ENGINE_NAMES: Record<string, MessageId> = {
  apertium: 'history.engine.name.apertium',
  pseudo: 'history.engine.name.pseudo',
};

export function LocalEngineSection() {
  const uid = useId();
  const t = useT();
  const f = useFormat();
  const qc = useQueryClient();
  const status = useLocalServiceStatus();
  const connections = useConnections();
  const localId = connections.data?.connections.find((c) => c.kind === 'local')?.id ?? null;
  const s = status.data;
  const ready = s?.state === 'ready';
  const pairs = useQuery({
    queryKey: keys.pairs(localId),
    queryFn: () => unwrap(api().languages.pairs(localId ? { connectionId: localId } : {})),
    enabled: ready && localId !== null,
    staleTime: 60 * 60_000,
  });
  const restart = useMutation({
    mutationFn: () => unwrap(api().localService.restart()),
    onSuccess: (next) => {
      qc.setQueryData(keys.localStatus, next);
      void qc.invalidateQueries({ queryKey: keys.pairs(localId) });
    },
  });
  const engineName = (id: string) => (ENGINE_NAMES[id] ? t(ENGINE_NAMES[id]) : id);
  const real = s?.engines.filter((e) => e !== 'pseudo') ?? [];

  // Pairs grouped by source ("English → Catalan, Spanish"), in the engine's order.
  const bySource = new Map<string, string[]>();
  for (const p of pairs.data?.pairs ?? []) {
    const list = bySource.get(p.source) ?? [];
    list.push(p.target);
    bySource.set(p.source, list);
  }
  const pairCount = pairs.data?.pairs?.length ?? 0;

  return (
    <section className="card stack" aria-labelledby={`${uid}-local`}>
      <h2 id={`${uid}-local`}>{t('settings.local.title')}</h2>
      <LocalEngineMissing />
      {s && s.state !== 'error' && (
        <p role="status">
          {ready &&
            (s.engines.length === 0
              ? t('history.engine.noEngine')
              : t('history.engine.running', { engines: f.list(s.engines.map(engineName)) }))}
          {s.state === 'starting' && t('history.engine.starting')}
          {s.state === 'stopped' && t('settings.local.stopped')}
        </p>
      )}
      {ready && s.engines.length > 0 && real.length === 0 && <p className="hint">{t('history.engine.pseudoOnly')}</p>}
      {ready && s.proUrl && <p className="hint">{t('history.engine.address', { address: isolate(s.proUrl) })}</p>}
      {ready && s.engines.includes('pseudo') && pairCount > 0 && <p>{t('history.engine.allPairs')}</p>}
      {ready && !s.engines.includes('pseudo') && pairCount > 0 && (
        <details>
          <summary>{t('history.engine.pairCount', { count: pairCount })}</summary>
          <ul className="engine-pairs">
            {[...bySource].map(([source, targets]) => (
              <li key={source}>
                {t('history.engine.fromTo', {
                  source: f.languageName(source),
                  targets: f.list(targets.map((code) => f.languageName(code))),
                })}
              </li>
            ))}
          </ul>
        </details>
      )}
      {ready && localId === null && s.engines.length > 0 && <p className="hint">{t('history.engine.noConnection')}</p>}
      {pairs.isError && <ErrorAlert error={pairs.error} message={t('history.engine.pairsFailed')} />}
      {s?.state === 'error' && (
        <DetailedNote role="status" className="error-text" text={t('settings.local.failed')} detail={s.message} />
      )}
      {s?.engines.includes('pseudo') && <p className="hint">{t('settings.local.pseudo')}</p>}
      {status.isError && <ErrorAlert error={status.error} />}
      <div>
        <button type="button" className="btn btn-small" onClick={() => restart.mutate()} disabled={restart.isPending}>
          {t('settings.local.restart')}
        </button>
      </div>
      {restart.isError && <ErrorAlert error={restart.error} />}
    </section>
  );
}
