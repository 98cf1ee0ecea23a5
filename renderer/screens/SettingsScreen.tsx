/**
 * Renderer screen: Settings — appearance (theme), translation behaviour (as-you-type, pause, batch concurrency),
 * connections (switch, test, rename, replace or forget keys, admin key, add, remove), the local engine and About.
 * Settings live in main (`settings.update`); keys are write-only from here.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type {
  ConnectionTestResult,
  ConnectionView,
  Settings,
  SettingsPatch,
} from '../../shared/ipc/contract.js';
import { AddConnectionForm, type ConnectionChoice } from '../components/AddConnectionForm.js';
import { SegmentedRadio } from '../components/SegmentedRadio.js';
import { api, errorMessage, unwrap } from '../lib/api.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import {
  keys,
  useConnections,
  useCredentialsStatus,
  useLocalServiceStatus,
  useSettings,
} from '../lib/queries.js';
import { useUiStore, type ThemePreference } from '../state/ui-store.js';
import { useQuery } from '@tanstack/react-query';

const fmt = new Intl.NumberFormat();

export default function SettingsScreen() {
  return (
    <div className="screen">
      <h1>Settings</h1>
      <PreferencesSection />
      <ConnectionsSection />
      <LocalEngineSection />
      <AboutSection />
    </div>
  );
}

function useUpdateSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => unwrap(api().settings.update(patch)),
    onSuccess: (s: Settings) => qc.setQueryData(keys.settings, s),
  });
}

function PreferencesSection() {
  const uid = useId();
  const settings = useSettings();
  const update = useUpdateSettings();
  const setTheme = useUiStore((s) => s.setTheme);
  const theme = useUiStore((s) => s.theme);
  const s = settings.data;
  const chooseTheme = (t: ThemePreference) => {
    setTheme(t);
    update.mutate({ theme: t });
  };
  return (
    <section className="card stack" aria-labelledby={`${uid}-prefs`}>
      <h2 id={`${uid}-prefs`}>Preferences</h2>
      <div className="field">
        <span className="field-label" id={`${uid}-theme`}>
          Theme
        </span>
        <SegmentedRadio
          labelledBy={`${uid}-theme`}
          value={theme}
          onChange={chooseTheme}
          options={[
            { value: 'system', label: 'System' },
            { value: 'light', label: 'Light' },
            { value: 'dark', label: 'Dark' },
          ]}
        />
      </div>
      {s && (
        <>
          <label className="check">
            <input
              type="checkbox"
              checked={s.translateAsYouType}
              onChange={(e) => update.mutate({ translateAsYouType: e.target.checked })}
            />
            Translate as I type (otherwise press Translate or Ctrl/Cmd+Enter; saves characters on paid plans)
          </label>
          <NumberSetting
            label="Pause after typing before translating (ms)"
            value={s.debounceMs}
            min={100}
            max={5000}
            disabled={!s.translateAsYouType}
            onCommit={(v) => update.mutate({ debounceMs: v })}
          />
          <NumberSetting
            label="Requests at once in multi-segment mode"
            value={s.batchConcurrency}
            min={1}
            max={8}
            onCommit={(v) => update.mutate({ batchConcurrency: v })}
          />
        </>
      )}
      {settings.isError && <p className="error-text">{errorMessage(settings.error)}</p>}
      {update.isError && <ErrorAlert error={update.error} />}
    </section>
  );
}

function NumberSetting(p: {
  label: string;
  value: number;
  min: number;
  max: number;
  disabled?: boolean;
  onCommit: (v: number) => void;
}) {
  const uid = useId();
  const [draft, setDraft] = useState(String(p.value));
  const n = Number(draft);
  const invalid = !Number.isInteger(n) || n < p.min || n > p.max;
  const commit = () => {
    if (!invalid && n !== p.value) p.onCommit(n);
  };
  return (
    <div className="field">
      <label htmlFor={uid}>{p.label}</label>
      <input
        id={uid}
        type="number"
        min={p.min}
        max={p.max}
        value={draft}
        disabled={p.disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${uid}-err` : undefined}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
        style={{ maxWidth: 140 }}
      />
      {invalid && (
        <p id={`${uid}-err`} className="error-text">
          Use a whole number from {p.min} to {p.max}.
        </p>
      )}
    </div>
  );
}

function ConnectionsSection() {
  const uid = useId();
  const connections = useConnections();
  const creds = useCredentialsStatus();
  const [adding, setAdding] = useState<ConnectionChoice | null>(null);
  const list = connections.data?.connections ?? [];
  return (
    <section className="card stack" aria-labelledby={`${uid}-conn`}>
      <h2 id={`${uid}-conn`}>Connections</h2>
      {creds.data && !creds.data.canPersist && (
        <p className="alert alert-warning">
          {creds.data.reason ??
            'Keys cannot be stored securely on this computer; they are kept until Verso quits.'}
        </p>
      )}
      {connections.isError && <p className="error-text">{errorMessage(connections.error)}</p>}
      <ul className="conn-list">
        {list.map((c) => (
          <ConnectionItem key={c.id} connection={c} active={c.id === connections.data?.activeId} />
        ))}
      </ul>
      <div className="toolbar" role="group" aria-label="Add a connection">
        <span className="field-label">Add:</span>
        <button
          type="button"
          className="btn btn-small"
          aria-pressed={adding === 'local'}
          onClick={() => setAdding('local')}
        >
          Local engine
        </button>
        <button
          type="button"
          className="btn btn-small"
          aria-pressed={adding === 'hosted'}
          onClick={() => setAdding('hosted')}
        >
          Hosted key
        </button>
        <button
          type="button"
          className="btn btn-small"
          aria-pressed={adding === 'custom'}
          onClick={() => setAdding('custom')}
        >
          Custom address
        </button>
      </div>
      {adding && (
        <div className="card">
          <AddConnectionForm key={adding} kind={adding} onAdded={() => setAdding(null)} />
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setAdding(null)}>
            Close
          </button>
        </div>
      )}
    </section>
  );
}

const KIND_LABELS = { local: 'Local engine', hosted: 'Hosted', custom: 'Custom address' } as const;

function keyStatusText(s: ConnectionView['apiKey']): string {
  if (!s.configured) return 'no key';
  return s.persisted ? 'key stored encrypted' : 'key kept for this session only';
}

function ConnectionItem({ connection: c, active }: { connection: ConnectionView; active: boolean }) {
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
    if (
      window.confirm(`Remove the connection “${c.name}”? Its stored keys are deleted from this computer.`)
    ) {
      act.mutate('remove');
    }
  };
  return (
    <li className="card">
      <div className="stack" style={{ gap: 6, flex: 1 }}>
        <div className="toolbar">
          <strong>{c.name}</strong>
          <span className="badge">
            {KIND_LABELS[c.kind]}
            {c.tier ? ` · ${c.tier === 'pro' ? 'Pro' : 'Free'}` : ''}
          </span>
          {active && (
            <span className="badge" aria-label="Active connection">
              Active
            </span>
          )}
        </div>
        <span className="hint">
          {c.baseUrl ?? 'address chosen when it starts'} ·{' '}
          {c.kind === 'local' ? 'no key needed' : keyStatusText(c.apiKey)}
          {c.adminKey.configured
            ? ` · admin key ${c.adminKey.persisted ? 'stored encrypted' : 'for this session'}`
            : ''}
        </span>
        <div className="toolbar">
          {!active && (
            <button type="button" className="btn btn-small" onClick={() => act.mutate('use')}>
              Use
            </button>
          )}
          <button type="button" className="btn btn-small" onClick={() => act.mutate('test')}>
            Test
          </button>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => setPanel(panel === 'rename' ? 'none' : 'rename')}
          >
            Rename
          </button>
          {c.kind !== 'local' && (
            <button
              type="button"
              className="btn btn-small"
              onClick={() => setPanel(panel === 'key' ? 'none' : 'key')}
            >
              Replace key
            </button>
          )}
          <button
            type="button"
            className="btn btn-small"
            onClick={() => setPanel(panel === 'admin' ? 'none' : 'admin')}
          >
            {c.adminKey.configured ? 'Replace admin key' : 'Add admin key'}
          </button>
          {c.adminKey.configured && (
            <button type="button" className="btn btn-small" onClick={() => act.mutate('clearAdmin')}>
              Forget admin key
            </button>
          )}
          <button type="button" className="btn btn-small btn-danger" onClick={confirmRemove}>
            Remove
          </button>
        </div>
        {act.isPending && <span className="spinner" role="status" aria-label="Working" />}
        {test && (
          <p className={test.reachable ? 'alert alert-success' : 'alert alert-error'} role="status">
            {test.reachable
              ? `Works. ${test.usage ? `${fmt.format(test.usage.characterCount)} characters used${test.usage.unlimited ? '' : ` of ${fmt.format(test.usage.characterLimit)}`} this period.` : ''}`
              : (test.message ?? 'Not reachable.')}
          </p>
        )}
        {act.isError && <ErrorAlert error={act.error} />}
        {panel === 'rename' && <RenameForm connection={c} onDone={() => setPanel('none')} />}
        {panel === 'key' && <SecretForm connection={c} which="api" onDone={() => setPanel('none')} />}
        {panel === 'admin' && <SecretForm connection={c} which="admin" onDone={() => setPanel('none')} />}
      </div>
    </li>
  );
}

function RenameForm({ connection: c, onDone }: { connection: ConnectionView; onDone: () => void }) {
  const uid = useId();
  const qc = useQueryClient();
  const [name, setName] = useState(c.name);
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
      <label htmlFor={uid}>New name</label>
      <input id={uid} type="text" value={name} onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="btn btn-small btn-primary" disabled={rename.isPending}>
        Save
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
  const qc = useQueryClient();
  const creds = useCredentialsStatus();
  const [secret, setSecret] = useState('');
  const canPersist = creds.data?.canPersist ?? true;
  const [sessionOnly, setSessionOnly] = useState(false);
  const persistence = !canPersist || sessionOnly ? 'session' : 'persist';
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
        <label htmlFor={uid}>{which === 'api' ? 'New API key' : 'Admin key'}</label>
        <input
          id={uid}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          required
        />
        {which === 'admin' && (
          <p className="hint">
            Used only for developer-key administration; stored separately from the API key.
          </p>
        )}
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={persistence === 'session'}
          disabled={!canPersist}
          onChange={(e) => setSessionOnly(e.target.checked)}
        />
        Keep for this session only
      </label>
      <div className="toolbar">
        <button type="submit" className="btn btn-small btn-primary" disabled={save.isPending}>
          Save key
        </button>
        {save.isError && <ErrorAlert error={save.error} look="inline" />}
      </div>
    </form>
  );
}

function LocalEngineSection() {
  const uid = useId();
  const qc = useQueryClient();
  const status = useLocalServiceStatus();
  const restart = useMutation({
    mutationFn: () => unwrap(api().localService.restart()),
    onSuccess: (s) => qc.setQueryData(keys.localStatus, s),
  });
  const s = status.data;
  return (
    <section className="card stack" aria-labelledby={`${uid}-local`}>
      <h2 id={`${uid}-local`}>Local engine</h2>
      {s && (
        <p role="status">
          {s.state === 'ready' &&
            `Running (${s.engines.join(', ') || 'no engine'}) at ${s.proUrl ?? '127.0.0.1'}.`}
          {s.state === 'starting' && 'Starting…'}
          {s.state === 'stopped' && 'Not running. It starts when a local-engine connection is used.'}
          {s.state === 'error' && (s.message ?? 'It stopped with an error. Restart it below.')}
        </p>
      )}
      {s?.engines.includes('pseudo') && (
        <p className="hint">
          The pseudo engine is on: its output is a pseudo-localised preview, labelled as such, never a
          translation.
        </p>
      )}
      {status.isError && <p className="error-text">{errorMessage(status.error)}</p>}
      <div>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => restart.mutate()}
          disabled={restart.isPending}
        >
          Restart local engine
        </button>
      </div>
      {restart.isError && <ErrorAlert error={restart.error} />}
    </section>
  );
}

function AboutSection() {
  const uid = useId();
  const info = useQuery({
    queryKey: keys.appInfo,
    queryFn: () => unwrap(api().app.info()),
    staleTime: Infinity,
  });
  return (
    <section className="card stack" aria-labelledby={`${uid}-about`}>
      <h2 id={`${uid}-about`}>About</h2>
      {info.data && (
        <p>
          {info.data.name} {info.data.version} · {info.data.shell === 'web' ? 'web harness' : 'desktop app'}{' '}
          on {info.data.platform} · runtime {info.data.runtimeVersion}
        </p>
      )}
      {info.isError && <p className="error-text">{errorMessage(info.error)}</p>}
    </section>
  );
}
