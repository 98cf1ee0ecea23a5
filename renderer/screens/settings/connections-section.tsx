/**
 * Renderer component (Settings): connections — list them (kind, plan, key status), switch, test, rename, replace
 * or forget keys (write-only: a key goes to main once and never comes back), add, and remove after confirmation.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ConnectionTestResult, ConnectionView } from '../../../shared/ipc/contract.js';
import { AddConnectionForm, type ConnectionChoice } from '../../components/AddConnectionForm.js';
import { DetailedNote } from '../../components/DetailedNote.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { SessionOnlyCheck, usePersistenceChoice } from '../../components/SessionOnlyCheck.js';
import { useT, type MessageId } from '../../i18n/index.js';
import { api, unwrap } from '../../lib/api.js';
import { isolate } from '../../lib/bidi.js';
import { useConnectionName } from '../../lib/local-names.js';
import { keys, useConnections, useCredentialsStatus } from '../../lib/queries.js';

const KIND_LABELS: Record<ConnectionView['kind'], MessageId> = {
  local: 'connections.kind.local',
  hosted: 'connections.kind.hosted',
  custom: 'connections.kind.custom',
};

const ADD_CHOICES: { kind: ConnectionChoice; label: MessageId }[] = [
  { kind: 'local', label: 'connections.kind.local' },
  { kind: 'hosted', label: 'connections.kind.hostedKey' },
  { kind: 'custom', label: 'connections.kind.custom' },
];

export function ConnectionsSection() {
  const uid = useId();
  const t = useT();
  const connections = useConnections();
  const creds = useCredentialsStatus();
  const [adding, setAdding] = useState<ConnectionChoice | null>(null);
  // Adding a connection makes it the active one (the forms activate it): said here, where the form was, and the focus
  // goes there, as the form it had is gone.
  const [added, setAdded] = useState<ConnectionView | null>(null);
  const addedName = useConnectionName()(added?.name ?? '');
  const addedNote = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (added) addedNote.current?.focus();
  }, [added]);
  const list = connections.data?.connections ?? [];
  return (
    <section className="card stack" aria-labelledby={`${uid}-conn`}>
      <h2 id={`${uid}-conn`}>{t('connections.title')}</h2>
      {creds.data && !creds.data.canPersist && (
        <DetailedNote className="alert alert-warning" text={t('connections.insecureStore')} detail={creds.data.reason} />
      )}
      {connections.isError && <ErrorAlert error={connections.error} />}
      <ul className="conn-list">
        {list.map((c) => (
          <ConnectionItem key={c.id} connection={c} active={c.id === connections.data?.activeId} />
        ))}
      </ul>
      <div className="toolbar" role="group" aria-label={t('connections.add.group')}>
        <span className="field-label">{t('connections.add.prefix')}</span>
        {ADD_CHOICES.map((choice) => (
          <button
            key={choice.kind}
            type="button"
            className="btn btn-small"
            aria-pressed={adding === choice.kind}
            onClick={() => {
              setAdding(choice.kind);
              setAdded(null);
            }}
          >
            {t(choice.label)}
          </button>
        ))}
      </div>
      {adding && (
        <div className="card stack">
          {/* Titled by the kind being added; Close at the top, where it does not compete with the form's own button. */}
          <div className="add-connection-head">
            <h3>{t(ADD_CHOICES.find((c) => c.kind === adding)?.label ?? 'connections.add.group')}</h3>
            <button type="button" className="btn btn-ghost btn-small" onClick={() => setAdding(null)}>
              {t('app.common.close')}
            </button>
          </div>
          <AddConnectionForm
            key={adding}
            kind={adding}
            onAdded={(c) => {
              setAdding(null);
              setAdded(c);
            }}
          />
        </div>
      )}
      {added && connections.data?.activeId === added.id && (
        <p ref={addedNote} tabIndex={-1} role="status" className="alert alert-success">
          {t('connections.added', { name: isolate(addedName) })}
        </p>
      )}
    </section>
  );
}

function keyStatusId(c: ConnectionView): MessageId {
  if (c.kind === 'local') return 'connections.key.notNeeded';
  if (!c.apiKey.configured) return 'connections.key.none';
  return c.apiKey.persisted ? 'connections.key.stored' : 'connections.key.session';
}

function ConnectionItem({ connection: c, active }: { connection: ConnectionView; active: boolean }) {
  const t = useT();
  const name = useConnectionName()(c.name);
  const qc = useQueryClient();
  const [panel, setPanel] = useState<'none' | 'rename' | 'key' | 'admin'>('none');
  const [test, setTest] = useState<ConnectionTestResult | null>(null);
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: keys.connections });
    await qc.invalidateQueries({ queryKey: keys.status });
    await qc.invalidateQueries({ queryKey: keys.credentials });
  };
  const act = useMutation({
    mutationFn: async (action: 'use' | 'test' | 'remove' | 'clearAdmin') => {
      if (action === 'use') await unwrap(api().connections.setActive({ id: c.id }));
      if (action === 'test') setTest(await unwrap(api().connections.test({ id: c.id })));
      if (action === 'remove') await unwrap(api().connections.remove({ id: c.id }));
      if (action === 'clearAdmin') await unwrap(api().credentials.clearAdminKey({ connectionId: c.id }));
    },
    onSettled: refresh,
  });
  const confirmRemove = () => {
    if (window.confirm(t('connections.removeConfirm', { name }))) act.mutate('remove');
  };
  const toggle = (which: 'rename' | 'key' | 'admin') => setPanel(panel === which ? 'none' : which);
  const local = c.kind === 'local';
  // The address keeps its own direction among the UI's words (a trailing slash stays at its end in Arabic).
  const details = [c.baseUrl !== null ? isolate(c.baseUrl) : t('connections.address.pending'), t(keyStatusId(c))];
  // The local engine's admin key is in its keys.json, not in this computer's key store: the Admin key section says so.
  if (!local && c.adminKey.configured) {
    details.push(t(c.adminKey.persisted ? 'connections.admin.stored' : 'connections.admin.session'));
  }
  return (
    <li className="card">
      <div className="stack conn-item">
        <div className="toolbar">
          <strong className="conn-name">{name}</strong>
          <span className="badge">{t(KIND_LABELS[c.kind])}</span>
          {c.tier && !local && <span className="badge">{t('connections.tier', { tier: c.tier })}</span>}
          {active && (
            <span className="badge" aria-label={t('connections.activeLabel')}>
              {t('connections.active')}
            </span>
          )}
        </div>
        <span className="hint conn-details">{details.join(' · ')}</span>
        {local && <p className="hint conn-details">{t('connections.admin.local', { section: t('history.admin.title') })}</p>}
        <div className="toolbar">
          {!active && (
            <button type="button" className="btn btn-small" onClick={() => act.mutate('use')}>
              {t('connections.use')}
            </button>
          )}
          <button type="button" className="btn btn-small" onClick={() => act.mutate('test')}>
            {t('connections.test')}
          </button>
          <button type="button" className="btn btn-small" onClick={() => toggle('rename')}>
            {t('connections.rename')}
          </button>
          {!local && (
            <button type="button" className="btn btn-small" onClick={() => toggle('key')}>
              {t('connections.replaceKey')}
            </button>
          )}
          {!local && (
            <button type="button" className="btn btn-small" onClick={() => toggle('admin')}>
              {t(c.adminKey.configured ? 'connections.replaceAdmin' : 'connections.addAdmin')}
            </button>
          )}
          {!local && c.adminKey.configured && (
            <button type="button" className="btn btn-small" onClick={() => act.mutate('clearAdmin')}>
              {t('connections.forgetAdmin')}
            </button>
          )}
          <button type="button" className="btn btn-small btn-danger" onClick={confirmRemove}>
            {t('connections.remove')}
          </button>
        </div>
        {act.isPending && <span className="spinner" role="status" aria-label={t('connections.working')} />}
        {test && <TestResult result={test} />}
        {act.isError && <ErrorAlert error={act.error} />}
        {panel === 'rename' && <RenameForm connection={c} shownName={name} onDone={() => setPanel('none')} />}
        {panel === 'key' && <SecretForm connection={c} which="api" onDone={() => setPanel('none')} />}
        {panel === 'admin' && <SecretForm connection={c} which="admin" onDone={() => setPanel('none')} />}
      </div>
    </li>
  );
}

function TestResult({ result }: { result: ConnectionTestResult }) {
  const t = useT();
  if (!result.reachable) {
    return (
      <DetailedNote role="status" className="alert alert-error" text={t('connections.test.failed')} detail={result.message} />
    );
  }
  const u = result.usage;
  const usage = !u
    ? ''
    : u.unlimited
      ? t('connections.test.usageUnlimited', { used: u.characterCount })
      : t('connections.test.usage', { used: u.characterCount, limit: u.characterLimit });
  return (
    <p className="alert alert-success" role="status">
      {t('connections.test.works')} {usage}
    </p>
  );
}

function RenameForm({ connection: c, shownName, onDone }: { connection: ConnectionView; shownName: string; onDone: () => void }) {
  const uid = useId();
  const t = useT();
  const qc = useQueryClient();
  const [name, setName] = useState(shownName);
  const rename = useMutation({
    mutationFn: () => unwrap(api().connections.rename({ id: c.id, name })),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: keys.connections });
      onDone();
    },
  });
  return (
    <form
      className="toolbar"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        rename.mutate();
      }}
    >
      <label htmlFor={uid}>{t('connections.rename.label')}</label>
      <input id={uid} type="text" value={name} onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="btn btn-small btn-primary" disabled={rename.isPending}>
        {t('app.common.save')}
      </button>
      {rename.isError && <ErrorAlert error={rename.error} look="inline" />}
    </form>
  );
}

function SecretForm({
  connection: c,
  which,
  onDone,
}: {
  connection: ConnectionView;
  which: 'api' | 'admin';
  onDone: () => void;
}) {
  const uid = useId();
  const t = useT();
  const qc = useQueryClient();
  const [secret, setSecret] = useState('');
  const choice = usePersistenceChoice();
  const { persistence } = choice;
  const save = useMutation({
    mutationFn: () =>
      which === 'api'
        ? unwrap(api().credentials.setApiKey({ connectionId: c.id, apiKey: secret, persistence }))
        : unwrap(api().credentials.setAdminKey({ connectionId: c.id, adminKey: secret, persistence })),
    onSuccess: async () => {
      setSecret('');
      await qc.invalidateQueries({ queryKey: keys.connections });
      await qc.invalidateQueries({ queryKey: keys.credentials });
      onDone();
    },
  });
  return (
    <form
      className="stack"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <div className="field">
        <label htmlFor={uid}>{t(which === 'api' ? 'connections.secret.api' : 'connections.secret.admin')}</label>
        <input
          id={uid}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          required
        />
        {which === 'admin' && <p className="hint">{t('connections.secret.adminHint')}</p>}
      </div>
      <SessionOnlyCheck choice={choice} label={t('connections.secret.sessionOnly')} />
      <div className="toolbar">
        <button type="submit" className="btn btn-small btn-primary" disabled={save.isPending}>
          {t('connections.secret.save')}
        </button>
        {save.isError && <ErrorAlert error={save.error} look="inline" />}
      </div>
    </form>
  );
}
