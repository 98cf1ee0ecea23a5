/**
 * Renderer component: the forms that add a connection — the local engine (shows what it can translate), a key for
 * the hosted service (main checks it with /v2/usage before saving; Free keys go to the Free base) and a custom
 * base URL. The key field is write-only: it is sent once to main and cleared; no key ever comes back.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { ConnectionView } from '../../shared/ipc/contract.js';
import { isHttpUrl } from '../../shared/ipc/http-url.js';
import { useFormat, useT } from '../i18n/index.js';
import { api, ApiError, unwrap } from '../lib/api.js';
import { isolate } from '../lib/bidi.js';
import { DetailedNote } from './DetailedNote.js';
import { ErrorAlert } from './ErrorAlert.js';
import { SessionOnlyCheck, usePersistenceChoice } from './SessionOnlyCheck.js';
import { keys, useLocalServiceLanguages, useLocalServiceStatus } from '../lib/queries.js';

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

export function AddConnectionForm({ kind, onAdded, localLabel }: Props) {
  const t = useT();
  if (kind === 'local') return <LocalForm onAdded={onAdded} label={localLabel ?? t('connections.form.useLocal')} />;
  return <KeyForm kind={kind} onAdded={onAdded} />;
}

function LocalForm({ onAdded, label }: { onAdded?: (c: ConnectionView) => void; label: string }) {
  const t = useT();
  const status = useLocalServiceStatus();
  // Asking for its languages starts the engine (main starts it on demand), so the user sees what it can do first.
  const languages = useLocalServiceLanguages();
  const activate = useActivate(onAdded);
  const add = useMutation({
    mutationFn: async () => {
      // Named in the UI language when it is created; the user can rename it later.
      const c = await unwrap(api().connections.addLocal({ name: t('connections.localName') }));
      await activate(c);
      return c;
    },
  });
  const state = status.data?.state;
  // The button stays where it first appears: the status line keeps one line's height, and what comes later (the
  // engine's languages, once it has started; errors) is below the button, not above it, so it never moves under
  // the pointer as the engine starts.
  return (
    <div className="stack">
      <p>{t('connections.form.localAbout')}</p>
      <div role="status" className="hint local-status">
        {status.isPending && t('connections.form.checkingLocal')}
        {state === 'stopped' && languages.isFetching && t('connections.form.startingForLanguages')}
        {state === 'starting' && t('connections.form.localStarting')}
        {state === 'error' && <DetailedNote text={t('connections.form.localFailed')} detail={status.data?.message} />}
      </div>
      <div>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => add.mutate()}
          disabled={add.isPending}
        >
          {add.isPending ? t('connections.form.starting') : label}
        </button>
      </div>
      {add.isError && <ErrorAlert error={add.error} look="box" />}
      {status.isError && <ErrorAlert error={status.error} />}
      {languages.data && languages.data.source.length + languages.data.target.length === 0 && (
        <p className="hint">{t('connections.form.languagesLater')}</p>
      )}
      {languages.data && languages.data.source.length + languages.data.target.length > 0 && (
        <section className="local-languages" aria-label={t('connections.form.localLanguages')}>
          {languages.data.pseudo && <p className="alert alert-warning">{t('connections.form.pseudoOnly')}</p>}
          <LanguageBadges title={t('connections.form.from')} languages={languages.data.source} />
          <LanguageBadges title={t('connections.form.into')} languages={languages.data.target} />
        </section>
      )}
      {languages.isError && <ErrorAlert error={languages.error} />}
    </div>
  );
}

function KeyForm({ kind, onAdded }: { kind: 'hosted' | 'custom'; onAdded?: (c: ConnectionView) => void }) {
  const uid = useId();
  const t = useT();
  const choice = usePersistenceChoice();
  const { persistence, canPersist } = choice;
  const activate = useActivate(onAdded);
  // A default name the user can keep or change; it is data from then on (saved as typed).
  const [name, setName] = useState(() => t(kind === 'hosted' ? 'connections.form.hostedName' : 'connections.form.customName'));
  const [apiKey, setApiKey] = useState('');
  const [tier, setTier] = useState<'auto' | 'pro' | 'free'>('auto');
  const [baseUrl, setBaseUrl] = useState('');
  const [authScheme, setAuthScheme] = useState('Service-Auth-Key');
  // The form checks its fields itself (noValidate): the browser's bubbles spoke the browser's language, not the
  // UI's, and "Please enter a URL." did not say what to type. Said under each field once Save was pressed.
  const [checked, setChecked] = useState(false);
  const nameField = useRef<HTMLInputElement>(null);
  const urlField = useRef<HTMLInputElement>(null);
  const keyField = useRef<HTMLInputElement>(null);
  const problems = {
    name: !name.trim(),
    // The rule main applies (HttpUrl): a whole http:// or https:// address. Checked without zod, which the first
    // paint does not load (it put the contract's schemas into the initial JavaScript: +98 KB raw, +28 ms to start).
    url: kind === 'custom' && !isHttpUrl(baseUrl),
    key: !apiKey.trim(),
  };
  const said = { name: checked && problems.name, url: checked && problems.url, key: checked && problems.key };

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
    onSuccess: () => {
      setApiKey('');
      setChecked(false);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    // The first field to correct takes the focus, where its message is read.
    const wrong = problems.name ? nameField : problems.url ? urlField : problems.key ? keyField : null;
    if (wrong) {
      wrong.current?.focus();
      return;
    }
    add.mutate();
  };

  return (
    <form className="form-grid" onSubmit={submit} noValidate aria-describedby={`${uid}-about`}>
      <p id={`${uid}-about`}>
        {t(kind === 'hosted' ? 'connections.form.hostedAbout' : 'connections.form.customAbout')}
      </p>
      <div className="field">
        <label htmlFor={`${uid}-name`}>{t('connections.form.name')}</label>
        <input
          ref={nameField}
          id={`${uid}-name`}
          type="text"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          aria-invalid={said.name || undefined}
          aria-describedby={said.name ? `${uid}-name-err` : undefined}
        />
        {said.name && (
          <p id={`${uid}-name-err`} className="error-text">
            {t('connections.form.nameMissing')}
          </p>
        )}
      </div>
      {kind === 'custom' && (
        <div className="field">
          <label htmlFor={`${uid}-url`}>{t('connections.form.baseUrl')}</label>
          <input
            ref={urlField}
            id={`${uid}-url`}
            type="url"
            // An address runs left to right in every UI: in Arabic, `127.0.0.1:9/v2` was shown as `v2/127.0.0.1:9`.
            dir="ltr"
            spellCheck={false}
            placeholder={t('connections.form.baseUrlPlaceholder')}
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.target.value)}
            required
            aria-invalid={said.url || undefined}
            aria-describedby={said.url ? `${uid}-url-err` : undefined}
          />
          {said.url && (
            <p id={`${uid}-url-err`} className="error-text">
              {t('connections.form.baseUrlInvalid', {
                https: isolate('https://'),
                http: isolate('http://'),
                example: isolate(t('connections.form.baseUrlPlaceholder')),
              })}
            </p>
          )}
        </div>
      )}
      <div className="field">
        <label htmlFor={`${uid}-key`}>{t('connections.form.apiKey')}</label>
        <input
          ref={keyField}
          id={`${uid}-key`}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          required
          aria-invalid={said.key || undefined}
          aria-describedby={said.key ? `${uid}-key-err` : undefined}
        />
        {said.key && (
          <p id={`${uid}-key-err`} className="error-text">
            {t('connections.form.keyMissing')}
          </p>
        )}
      </div>
      {kind === 'hosted' && (
        <div className="field">
          <label htmlFor={`${uid}-tier`}>{t('connections.form.plan')}</label>
          <select id={`${uid}-tier`} value={tier} onChange={(e) => setTier(e.target.value as typeof tier)}>
            <option value="auto">{t('connections.form.planAuto')}</option>
            <option value="pro">{t('connections.form.planPro')}</option>
            <option value="free">{t('connections.form.planFree')}</option>
          </select>
        </div>
      )}
      <details>
        <summary>{t('connections.form.advanced')}</summary>
        <div className="field">
          <label htmlFor={`${uid}-scheme`}>{t('connections.form.authScheme')}</label>
          <input
            id={`${uid}-scheme`}
            type="text"
            dir="ltr"
            spellCheck={false}
            value={authScheme}
            onChange={(e) => setAuthScheme(e.target.value)}
          />
          <p className="hint">{t('connections.form.authSchemeHint')}</p>
        </div>
      </details>
      <SessionOnlyCheck choice={choice} label={t('connections.form.sessionOnly')} />
      {!canPersist && (
        <DetailedNote className="reason" text={t('connections.form.noKeyStore')} detail={choice.reason} />
      )}
      {canPersist && persistence === 'persist' && (
        <p className="hint">{t('connections.form.storedEncrypted')}</p>
      )}
      <div>
        <button type="submit" className="btn btn-primary" disabled={add.isPending}>
          {add.isPending ? t('connections.form.checking') : t('connections.form.checkAndSave')}
        </button>
      </div>
      {add.isError && <ErrorAlert error={add.error} look="box" {...addErrorMessage(add.error, t)} />}
    </form>
  );
}

/** Causes main names (`serviceCode`) that the generic words for the error code would hide. */
function addErrorMessage(error: unknown, t: ReturnType<typeof useT>): { message?: string } {
  const code = error instanceof ApiError ? error.error.serviceCode : undefined;
  if (code === 'hosted_address_missing_pro' || code === 'hosted_address_missing_free') {
    return {
      message: t('connections.form.hostedAddressMissing', {
        tier: code.endsWith('free') ? 'free' : 'pro',
        choice: t('firstRun.custom.title'),
      }),
    };
  }
  return {};
}

function LanguageBadges({
  title,
  languages,
}: {
  title: string;
  languages: readonly { code: string; name: string }[];
}) {
  const f = useFormat();
  // Names in the UI language (the API's English name where Intl has none), in the UI language's order.
  const headingId = useId();
  const named = languages
    .map((l) => ({ code: l.code, name: f.languageName(l.code, l.name) }))
    .sort((a, b) => f.compare(a.name, b.name));
  return (
    <div>
      <h3 id={headingId}>{title}</h3>
      {/* A box of limited height that scrolls (by keyboard too): the setup's own button stays in view. */}
      <div className="pair-scroll" role="region" tabIndex={0} aria-labelledby={headingId}>
        <ul className="pair-list">
          {named.map((l) => (
            <li key={l.code} className="badge">
              {l.name}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
