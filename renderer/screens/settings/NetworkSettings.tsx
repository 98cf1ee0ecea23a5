/**
 * Renderer component (Settings): network — the proxy for Verso's own connections (system, none, or manual with an
 * optional user name and password) and a PEM file of extra trusted CA certificates. Main validates and applies
 * both at once (`network.update`), without a restart; the proxy password is write-only (main says only whether
 * one is stored). Refusals are worded here by code, with main's technical text behind "Details".
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { NetworkUpdate, NetworkView } from '../../../shared/ipc/contract-desktop.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useT, type MessageId } from '../../i18n/index.js';
import { ApiError, api, unwrap } from '../../lib/api.js';

const KEY = ['network.get'] as const;
type Mode = NetworkView['proxy']['mode'];

function useNetwork() {
  const qc = useQueryClient();
  const view = useQuery({ queryKey: KEY, queryFn: () => unwrap(api().network.get()) });
  const update = useMutation({
    mutationFn: (patch: NetworkUpdate) => unwrap(api().network.update(patch)),
    onSuccess: (v: NetworkView) => qc.setQueryData(KEY, v),
  });
  return { view, update };
}

const CA_PROBLEMS = ['not_found', 'unreadable', 'no_certificates'] as const;

function caProblemOf(e: unknown): (typeof CA_PROBLEMS)[number] | null {
  const code = e instanceof ApiError ? e.error.serviceCode : undefined;
  return (CA_PROBLEMS as readonly string[]).includes(code ?? '')
    ? (code as (typeof CA_PROBLEMS)[number])
    : null;
}

export function NetworkSettings() {
  const uid = useId();
  const t = useT();
  const { view } = useNetwork();
  return (
    <section className="card stack" aria-labelledby={`${uid}-net`}>
      <h2 id={`${uid}-net`}>{t('desktop.network.title')}</h2>
      {view.isPending && <p role="status">{t('desktop.network.loading')}</p>}
      {view.isError && <ErrorAlert error={view.error} />}
      {/* The forms start from the stored settings; later saves do not reset what the user is typing. */}
      {view.data && <NetworkForms v={view.data} />}
    </section>
  );
}

function NetworkForms({ v }: { v: NetworkView }) {
  const uid = useId();
  const t = useT();
  const { update: saveProxy } = useNetwork();
  const { update: saveCa } = useNetwork();
  const [mode, setMode] = useState<Mode>(v.proxy.mode);
  const [url, setUrl] = useState(v.proxy.url);
  const [username, setUsername] = useState(v.proxy.username);
  const [password, setPassword] = useState('');
  const [caFile, setCaFile] = useState(v.caFile ?? '');

  const applyProxy = (e: FormEvent) => {
    e.preventDefault();
    const patch: NetworkUpdate = { proxy: mode === 'manual' ? { mode, url, username } : { mode } };
    if (mode === 'manual' && password) patch.password = password;
    saveProxy.mutate(patch, { onSuccess: () => setPassword('') });
  };
  const modes: { value: Mode; label: MessageId }[] = [
    { value: 'system', label: 'desktop.network.proxy.system' },
    { value: 'none', label: 'desktop.network.proxy.none' },
    { value: 'manual', label: 'desktop.network.proxy.manual' },
  ];
  const caProblem = saveCa.isError ? caProblemOf(saveCa.error) : null;

  return (
    <>
      <form className="stack" onSubmit={applyProxy}>
        <fieldset className="plain-fieldset stack">
          <legend className="field-label">{t('desktop.network.proxy.legend')}</legend>
          {modes.map((m) => (
            <label key={m.value} className="check">
              <input
                type="radio"
                name={`${uid}-mode`}
                value={m.value}
                checked={mode === m.value}
                onChange={() => setMode(m.value)}
              />
              {t(m.label)}
            </label>
          ))}
        </fieldset>
        {mode === 'manual' && (
          <>
            <div className="field">
              <label className="field-label" htmlFor={`${uid}-url`}>
                {t('desktop.network.proxy.url')}
              </label>
              <input
                id={`${uid}-url`}
                type="text"
                dir="ltr"
                value={url}
                inputMode="url"
                spellCheck={false}
                onChange={(e) => setUrl(e.target.value)}
                aria-describedby={`${uid}-url-hint`}
                aria-invalid={saveProxy.isError || undefined}
              />
              <p className="hint" id={`${uid}-url-hint`}>
                {t('desktop.network.proxy.urlHint')}
              </p>
            </div>
            <div className="field">
              <label className="field-label" htmlFor={`${uid}-user`}>
                {t('desktop.network.proxy.username')}
              </label>
              <input
                id={`${uid}-user`}
                type="text"
                value={username}
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => setUsername(e.target.value)}
              />
            </div>
            <div className="field">
              <label className="field-label" htmlFor={`${uid}-pw`}>
                {t('desktop.network.proxy.password')}
              </label>
              <input
                id={`${uid}-pw`}
                type="password"
                value={password}
                autoComplete="new-password"
                onChange={(e) => setPassword(e.target.value)}
                aria-describedby={v.proxy.hasPassword ? `${uid}-pw-hint` : undefined}
              />
              {v.proxy.hasPassword && (
                <p className="hint" id={`${uid}-pw-hint`}>
                  {t('desktop.network.proxy.passwordStored')}{' '}
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    onClick={() => saveProxy.mutate({ password: null })}
                  >
                    {t('desktop.network.proxy.clearPassword')}
                  </button>
                </p>
              )}
            </div>
          </>
        )}
        <div>
          <button type="submit" className="btn btn-small" disabled={saveProxy.isPending}>
            {t('desktop.network.proxy.save')}
          </button>
        </div>
        <div role="status">
          {saveProxy.isSuccess && <p className="hint">{t('desktop.network.proxy.saved')}</p>}
        </div>
        {saveProxy.isError && (
          <ErrorAlert
            error={saveProxy.error}
            {...(saveProxy.error instanceof ApiError &&
              saveProxy.error.code === 'invalid_input' && { message: t('desktop.network.proxy.invalid') })}
          />
        )}
      </form>
      <form
        className="field"
        onSubmit={(e) => {
          e.preventDefault();
          saveCa.mutate({ caFile: caFile.trim() || null });
        }}
      >
        <label className="field-label" htmlFor={`${uid}-ca`}>
          {t('desktop.network.ca.label')}
        </label>
        <div className="field-row">
          <input
            id={`${uid}-ca`}
            type="text"
            dir="ltr"
            value={caFile}
            spellCheck={false}
            onChange={(e) => setCaFile(e.target.value)}
            aria-describedby={`${uid}-ca-hint ${uid}-ca-state`}
            aria-invalid={caProblem !== null || v.ca.state === 'error' || undefined}
          />
          <button type="submit" className="btn btn-small" disabled={saveCa.isPending || !caFile.trim()}>
            {t('desktop.network.ca.save')}
          </button>
          {v.caFile && (
            <button
              type="button"
              className="btn btn-small"
              disabled={saveCa.isPending}
              onClick={() => saveCa.mutate({ caFile: null }, { onSuccess: () => setCaFile('') })}
            >
              {t('desktop.network.ca.clear')}
            </button>
          )}
        </div>
        <p className="hint" id={`${uid}-ca-hint`}>
          {t('desktop.network.ca.hint')}
        </p>
        <div id={`${uid}-ca-state`} role="status">
          {!saveCa.isError && v.ca.state === 'loaded' && (
            <p className="hint">{t('desktop.network.ca.loaded', { count: v.ca.count })}</p>
          )}
          {!saveCa.isError && v.ca.state === 'error' && v.ca.problem && (
            <p className="error-text">{t(`desktop.network.ca.problem.${v.ca.problem}`)}</p>
          )}
        </div>
        {saveCa.isError && (
          <ErrorAlert
            error={saveCa.error}
            {...(caProblem && { message: t(`desktop.network.ca.problem.${caProblem}`) })}
          />
        )}
      </form>
    </>
  );
}
