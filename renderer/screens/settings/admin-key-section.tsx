/**
 * Renderer component (Settings): check an admin key of the active connection before it is kept. The key goes to main once
 * (`credentials.setAdminKey`); main asks the connection's admin interface with it and saves it only when that
 * works. A refusal (403) is said as what it means — not an admin key, or the admin interface off for the account —
 * and where the key is kept is said truthfully: encrypted with this computer's key store, for this session only
 * when there is none, and for the local engine not here at all (it keeps its own keys in its keys.json).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { SecretStatus } from '../../../shared/ipc/contract.js';
import { joinSentences } from '../../../shared/i18n/format.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useT } from '../../i18n/index.js';
import { api, ApiError, unwrap } from '../../lib/api.js';
import { keys, useConnections, useCredentialsStatus } from '../../lib/queries.js';
import { useConnectionName } from '../../lib/local-names.js';

/**
 * A refusal by the admin interface, told apart as the Keys screen does: a developer key (it translates but cannot
 * manage keys), the admin interface off for the account, or a key the service does not know (or deactivated).
 */
function adminRefusal(e: unknown): 'history.admin.developerKey' | 'history.admin.notAdmin' | 'history.admin.unknownKey' | null {
  if (!(e instanceof ApiError)) return null;
  const { status, serviceCode, code } = e.error;
  if (serviceCode === 'admin_key_required' || serviceCode === 'admin_key_not_allowed') return 'history.admin.developerKey';
  if (serviceCode === 'invalid_key' || serviceCode === 'key_deactivated') return 'history.admin.unknownKey';
  // The admin interface off, or a 403 the service did not explain: either reason may apply.
  if (status === 403 || code === 'auth_failed' || serviceCode === 'admin_not_enabled') return 'history.admin.notAdmin';
  return null;
}

export function AdminKeySection() {
  const uid = useId();
  const t = useT();
  const shownName = useConnectionName();
  const qc = useQueryClient();
  const connections = useConnections();
  const creds = useCredentialsStatus();
  // The active connection's key, as on the Keys screen (the switcher in the sidebar picks another).
  const connectionId = connections.data?.activeId ?? null;
  const connection = connections.data?.connections.find((c) => c.id === connectionId);
  const [secret, setSecret] = useState('');
  const canPersist = creds.data?.canPersist ?? true;
  const save = useMutation({
    mutationFn: (): Promise<SecretStatus> =>
      unwrap(
        api().credentials.setAdminKey({
          connectionId: connectionId!,
          adminKey: secret,
          persistence: canPersist ? 'persist' : 'session',
        }),
      ),
    onSuccess: async () => {
      setSecret('');
      await qc.invalidateQueries({ queryKey: keys.connections });
      await qc.invalidateQueries({ queryKey: keys.credentials });
    },
  });
  const savedNote = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (save.isSuccess) savedNote.current?.focus();
  }, [save.isSuccess]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (connectionId && secret && !save.isPending) save.mutate();
  };

  return (
    <section className="card stack" aria-labelledby={`${uid}-admin`}>
      <h2 id={`${uid}-admin`}>{t('history.admin.title')}</h2>
      {connection?.kind === 'local' && <p>{t('history.admin.localNote')}</p>}
      {connection && connection.kind !== 'local' && (
        <form className="stack" onSubmit={submit}>
          <div className="field">
            <label htmlFor={`${uid}-key`}>{t('history.admin.label', { connection: shownName(connection.name) })}</label>
            <input
              id={`${uid}-key`}
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={secret}
              onChange={(e) => {
                setSecret(e.target.value);
                if (!save.isPending) save.reset();
              }}
              required
            />
            <p className="hint">{t(canPersist ? 'history.admin.storedEncrypted' : 'history.admin.storedSession')}</p>
          </div>
          <div className="toolbar">
            {/* Busy while the key is checked, not disabled: a disabled button drops the focus to the page. */}
            <button
              type="submit"
              className="btn btn-small btn-primary"
              disabled={!secret && !save.isPending}
              aria-disabled={save.isPending || undefined}
            >
              {t('history.admin.save')}
            </button>
            {save.isPending && <span role="status">{t('history.admin.checking')}</span>}
          </div>
          {connection.adminKey.configured && !save.isSuccess && (
            <p className="hint">
              {t(connection.adminKey.persisted ? 'history.admin.haveStored' : 'history.admin.haveSession')}
            </p>
          )}
          {save.isSuccess && (
            // Takes the focus (the field is cleared and its button disabled): the keyboard stays where it was told.
            <p className="alert alert-success" role="status" tabIndex={-1} ref={savedNote}>
              {joinSentences([
                t('history.admin.saved'),
                t(save.data.persisted ? 'history.admin.storedEncrypted' : 'history.admin.storedSession'),
              ])}
            </p>
          )}
          {save.isError && (
            <ErrorAlert
              error={save.error}
              look="box"
              {...(adminRefusal(save.error) && { message: t(adminRefusal(save.error)!) })}
            />
          )}
        </form>
      )}
    </section>
  );
}
