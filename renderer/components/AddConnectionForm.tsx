/**
 * Renderer component: the forms that add a connection — the local engine (shows what it can translate), a key for
 * the hosted service (main checks it with /v2/usage before saving; Free keys go to the Free base) and a custom
 * base URL. The key field is write-only: it is sent once to main and cleared; no key ever comes back.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { ConnectionView } from '../../shared/ipc/contract.js';
import { api, errorMessage, unwrap } from '../lib/api.js';
import { ErrorAlert } from './ErrorAlert.js';
import {
  keys,
  useCredentialsStatus,
  useLocalServiceLanguages,
  useLocalServiceStatus,
} from '../lib/queries.js';

export type ConnectionChoice = 'local' | 'hosted' | 'custom';

interface Props {
  kind: ConnectionChoice;
  /** Called with the new connection once it is saved and active. */
  onAdded?: (c: ConnectionView) => void;
  /** Label of the submit button for the local engine (first run: "Start translating"). */
  localLabel?: string;
}

function useActivate(onAdded?: (c: ConnectionView) => void) {
  const qc = useQueryClient();
  return async (c: ConnectionView) => {
    const state = await unwrap(api().connections.setActive({ id: c.id }));
    qc.setQueryData(keys.connections, state);
    await qc.invalidateQueries({ queryKey: keys.status });
    await qc.invalidateQueries({ queryKey: keys.credentials });
    onAdded?.(c);
  };
}

export function AddConnectionForm({ kind, onAdded, localLabel = 'Use the local engine' }: Props) {
  if (kind === 'local') return <LocalForm onAdded={onAdded} label={localLabel} />;
  return <KeyForm kind={kind} onAdded={onAdded} />;
}

function LocalForm({ onAdded, label }: { onAdded?: (c: ConnectionView) => void; label: string }) {
  const status = useLocalServiceStatus();
  // Asking for its languages starts the engine (main starts it on demand), so the user sees what it can do first.
  const languages = useLocalServiceLanguages();
  const activate = useActivate(onAdded);
  const add = useMutation({
    mutationFn: async () => {
      const c = await unwrap(api().connections.addLocal({}));
      await activate(c);
      return c;
    },
  });
  const state = status.data?.state;
  return (
    <div className="stack">
      <p>
        Translates on this computer with Apertium: no account, no key to manage, and your text never leaves
        the machine. Quality is below the hosted service’s, and fewer languages are available.
      </p>
      <div role="status" className="hint">
        {status.isPending && 'Checking the local engine…'}
        {state === 'stopped' && languages.isFetching && 'Starting the local engine to list its languages…'}
        {state === 'starting' && 'The local engine is starting…'}
        {state === 'error' && (status.data?.message ?? 'The local engine failed to start.')}
        {status.isError && errorMessage(status.error)}
      </div>
      {languages.data && languages.data.source.length + languages.data.target.length === 0 && (
        <p className="hint">Its languages are listed once it has started.</p>
      )}
      {languages.data && languages.data.source.length + languages.data.target.length > 0 && (
        <section className="stack" aria-label="What the local engine translates">
          {languages.data.pseudo && (
            <p className="alert alert-warning">
              Only the pseudo engine is running: it makes pseudo-localised previews for testing layouts, not
              translations.
            </p>
          )}
          <LanguageBadges title="Translates from" languages={languages.data.source} />
          <LanguageBadges title="Into" languages={languages.data.target} />
        </section>
      )}
      {languages.isError && <p className="error-text">{errorMessage(languages.error)}</p>}
      <div>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => add.mutate()}
          disabled={add.isPending}
        >
          {add.isPending ? 'Starting…' : label}
        </button>
      </div>
      {add.isError && <ErrorAlert error={add.error} look="box" />}
    </div>
  );
}

function KeyForm({ kind, onAdded }: { kind: 'hosted' | 'custom'; onAdded?: (c: ConnectionView) => void }) {
  const uid = useId();
  const creds = useCredentialsStatus();
  const activate = useActivate(onAdded);
  const [name, setName] = useState(kind === 'hosted' ? 'Hosted service' : 'Custom service');
  const [apiKey, setApiKey] = useState('');
  const [tier, setTier] = useState<'auto' | 'pro' | 'free'>('auto');
  const [baseUrl, setBaseUrl] = useState('');
  const [authScheme, setAuthScheme] = useState('Service-Auth-Key');
  const [sessionOnly, setSessionOnly] = useState(false);
  const canPersist = creds.data?.canPersist ?? true;
  const persistence = !canPersist || sessionOnly ? 'session' : 'persist';

  const add = useMutation({
    mutationFn: async () => {
      const scheme =
        authScheme.trim() && authScheme.trim() !== 'Service-Auth-Key'
          ? { authScheme: authScheme.trim() }
          : {};
      const c =
        kind === 'hosted'
          ? await unwrap(api().connections.addHosted({ name, apiKey, tier, persistence, ...scheme }))
          : await unwrap(api().connections.addCustom({ name, baseUrl, apiKey, persistence, ...scheme }));
      await activate(c);
      return c;
    },
    // The key is not kept in the page once main has it.
    onSuccess: () => setApiKey(''),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };

  return (
    <form className="form-grid" onSubmit={submit} aria-describedby={`${uid}-about`}>
      <p id={`${uid}-about`}>
        {kind === 'hosted'
          ? 'Paste the API key of your account. Verso checks it before saving; a key ending in “:fx” is a Free key and is sent to the Free address.'
          : 'For a service that speaks the same API at another address (a proxy, a self-hosted copy).'}
      </p>
      <div className="field">
        <label htmlFor={`${uid}-name`}>Name</label>
        <input
          id={`${uid}-name`}
          type="text"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
        />
      </div>
      {kind === 'custom' && (
        <div className="field">
          <label htmlFor={`${uid}-url`}>Base address</label>
          <input
            id={`${uid}-url`}
            type="url"
            placeholder="https://translate.example.com"
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.target.value)}
            required
          />
        </div>
      )}
      <div className="field">
        <label htmlFor={`${uid}-key`}>API key</label>
        <input
          id={`${uid}-key`}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          required
        />
      </div>
      {kind === 'hosted' && (
        <div className="field">
          <label htmlFor={`${uid}-tier`}>Plan</label>
          <select id={`${uid}-tier`} value={tier} onChange={(e) => setTier(e.target.value as typeof tier)}>
            <option value="auto">Detect from the key</option>
            <option value="pro">Pro</option>
            <option value="free">Free</option>
          </select>
        </div>
      )}
      <details>
        <summary>Advanced</summary>
        <div className="field">
          <label htmlFor={`${uid}-scheme`}>Authorization scheme</label>
          <input
            id={`${uid}-scheme`}
            type="text"
            spellCheck={false}
            value={authScheme}
            onChange={(e) => setAuthScheme(e.target.value)}
          />
          <p className="hint">
            Sent as “Authorization: scheme key”. Keep Service-Auth-Key unless your service says otherwise.
          </p>
        </div>
      </details>
      <label className="check">
        <input
          type="checkbox"
          checked={persistence === 'session'}
          disabled={!canPersist}
          onChange={(e) => setSessionOnly(e.target.checked)}
        />
        Keep the key for this session only
      </label>
      {!canPersist && (
        <p className="reason">
          {creds.data?.reason ??
            'This computer has no secure key store, so the key is kept only until Verso quits.'}
        </p>
      )}
      {canPersist && persistence === 'persist' && (
        <p className="hint">The key is stored encrypted by your system’s key store and never shown again.</p>
      )}
      <div>
        <button type="submit" className="btn btn-primary" disabled={add.isPending}>
          {add.isPending ? 'Checking the key…' : 'Check and save'}
        </button>
      </div>
      {add.isError && <ErrorAlert error={add.error} look="box" />}
    </form>
  );
}

function LanguageBadges({
  title,
  languages,
}: {
  title: string;
  languages: readonly { code: string; name: string }[];
}) {
  return (
    <div>
      <h3>{title}</h3>
      <ul className="pair-list">
        {languages.map((l) => (
          <li key={l.code} className="badge">
            {l.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
