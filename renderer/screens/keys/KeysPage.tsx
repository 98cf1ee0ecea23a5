/**
 * Renderer: the Keys screen (admin interface of the active connection). Without an admin key it explains what one
 * is and offers to add it (main checks it against the admin endpoint before saving). With one: the key table,
 * search/filter/sort, create (the secret stays in main: copy or save as a connection, once), rename in place,
 * limit with presets and a stated effect, deactivate with the label typed to confirm, bulk limit/deactivate,
 * CSV export and the local audit log.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import type { BulkResult, CreatedDeveloperKey, DeveloperKeyView } from '../../../shared/ipc/contract-admin-keys.js';
import type { Result } from '../../../shared/ipc/errors.js';
import { LIMITS } from '../../../shared/spec/limits.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat, useT } from '../../i18n/index.js';
import { api, ApiError, unwrap } from '../../lib/api.js';
import { KeysTable, filterKeys, type SortBy, type StatusFilter } from './KeysTable.js';
import './keys.css';

const keysKeys = { access: ['adminKeys.access'] as const, list: (c: string | null) => ['adminKeys.list', c] as const, audit: ['adminKeys.audit'] as const };
const PRESETS = [10_000, 100_000, 500_000, 1_000_000, 5_000_000];

/** The words for an admin-interface error, where the generic ones would not say enough. */
function useKeysErrorMessage(): (err: unknown) => string | undefined {
  const t = useT();
  return (err) => {
    if (!(err instanceof ApiError)) return undefined;
    const e = err.error;
    if (e.serviceCode === 'too_many_keys') return t('keys.error.tooMany');
    if (e.serviceCode === 'admin_not_enabled') return t('keys.error.adminOff');
    if (e.serviceCode === 'admin_key_required' || e.serviceCode === 'admin_key_not_allowed') return t('keys.error.notAdmin');
    if (e.status === 403) return t('keys.error.forbidden');
    if (e.code === 'not_found' && e.status === 404) return t('keys.error.unknownKey');
    if (e.code === 'rate_limited') return t('keys.error.rateLimited');
    return undefined;
  };
}

function KeysError({ error }: { error: unknown }) {
  const msg = useKeysErrorMessage()(error);
  return <ErrorAlert error={error} look="box" {...(msg && { message: msg })} />;
}

function AddAdminKey({ connectionName }: { connectionName: string }) {
  const t = useT();
  const qc = useQueryClient();
  const [key, setKey] = useState('');
  const [persist, setPersist] = useState(true);
  const save = useMutation({
    mutationFn: () => unwrap(api().adminKeys.setAdminKey({ adminKey: key, persistence: persist ? 'persist' : 'session' })),
    onSuccess: (a) => {
      setKey('');
      qc.setQueryData(keysKeys.access, a);
      void qc.invalidateQueries({ queryKey: ['connections.list'] });
    },
  });
  return (
    <section className="card keys-setup" aria-labelledby="keys-setup-title">
      <h2 id="keys-setup-title">{t('keys.setup.title')}</h2>
      <p>{t('keys.setup.what')}</p>
      <p>{t('keys.setup.where', { connection: connectionName })}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (key.trim()) save.mutate();
        }}
      >
        <div className="field">
          <label className="field-label" htmlFor="admin-key">
            {t('keys.setup.field')}
          </label>
          <input id="admin-key" type="password" autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} />
        </div>
        <label className="check">
          <input type="checkbox" checked={persist} onChange={(e) => setPersist(e.target.checked)} />
          {t('keys.setup.persist')}
        </label>
        <button type="submit" className="btn btn-primary" disabled={!key.trim() || save.isPending}>
          {save.isPending ? t('keys.setup.checking') : t('keys.setup.save')}
        </button>
      </form>
      {save.isError ? <KeysError error={save.error} /> : null}
    </section>
  );
}

function CreatePanel({ activeCount, onClose }: { activeCount: number; onClose: () => void }) {
  const t = useT();
  const qc = useQueryClient();
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<CreatedDeveloperKey | null>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const [connName, setConnName] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => unwrap(api().adminKeys.create(label.trim() ? { label: label.trim() } : {})),
    onSuccess: (k) => {
      setCreated(k);
      setConnName(k.label);
      void qc.invalidateQueries({ queryKey: ['adminKeys.list'] });
      void qc.invalidateQueries({ queryKey: keysKeys.audit });
    },
  });
  const copy = useMutation({
    mutationFn: (keyId: string) => unwrap(api().adminKeys.copyNewKey({ keyId })),
    onSuccess: (r) => setCopied(r.copied),
  });
  const saveConn = useMutation({
    mutationFn: (keyId: string) => unwrap(api().adminKeys.saveNewKeyAsConnection({ keyId, name: connName.trim() })),
    onSuccess: (c) => {
      setSaved(c.name);
      void qc.invalidateQueries({ queryKey: ['connections.list'] });
      void qc.invalidateQueries({ queryKey: ['adminKeys.list'] });
    },
  });
  return (
    <section className="card keys-panel" role="dialog" aria-modal="false" aria-labelledby="keys-create-title">
      <h2 id="keys-create-title">{t('keys.create.title')}</h2>
      {!created ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate();
          }}
        >
          <div className="field">
            <label className="field-label" htmlFor="new-key-label">
              {t('keys.create.label')}
            </label>
            <input id="new-key-label" value={label} maxLength={200} autoFocus onChange={(e) => setLabel(e.target.value)} />
            <p className="hint">{t('keys.create.labelHint', { active: activeCount, max: LIMITS.activeDeveloperKeys })}</p>
          </div>
          <div className="toolbar">
            <button type="submit" className="btn btn-primary" disabled={create.isPending}>
              {t('keys.create.submit')}
            </button>
            <button type="button" className="btn" onClick={onClose}>
              {t('app.common.cancel')}
            </button>
          </div>
          {create.isError ? <KeysError error={create.error} /> : null}
        </form>
      ) : (
        <div>
          <p className="alert alert-success" role="status">
            {t('keys.create.done', { label: created.label })}
          </p>
          {created.secretHeld ? (
            <>
              <p className="alert alert-warning">{t('keys.create.once')}</p>
              <div className="toolbar">
                <button type="button" className="btn" disabled={copied === true || saved !== null} onClick={() => copy.mutate(created.keyId)}>
                  {t('keys.create.copy')}
                </button>
                {copied === true ? <span role="status">{t('keys.create.copied')}</span> : null}
                {copied === false ? <span role="status">{t('keys.create.copyFailed')}</span> : null}
              </div>
              <form
                className="keys-save-conn"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (connName.trim()) saveConn.mutate(created.keyId);
                }}
              >
                <div className="field">
                  <label className="field-label" htmlFor="new-key-conn">
                    {t('keys.create.connName')}
                  </label>
                  <input id="new-key-conn" value={connName} maxLength={80} onChange={(e) => setConnName(e.target.value)} />
                </div>
                <button type="submit" className="btn" disabled={!connName.trim() || saveConn.isPending || saved !== null || copied === true}>
                  {t('keys.create.saveConn')}
                </button>
                {saved ? <span role="status">{t('keys.create.savedConn', { name: saved })}</span> : null}
              </form>
              {copy.isError ? <KeysError error={copy.error} /> : null}
              {saveConn.isError ? <KeysError error={saveConn.error} /> : null}
            </>
          ) : (
            <p>{t('keys.create.noSecret')}</p>
          )}
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {t('keys.create.finish')}
          </button>
        </div>
      )}
    </section>
  );
}

type LimitChoice = { kind: 'number'; text: string } | { kind: 'none' } | { kind: 'block' };

/** Digits of a typed number ("1,000,000", "1 000 000", "1.000.000" all mean a million); null when none. */
export function parseLimit(text: string): number | null {
  const digits = text.replace(/[^0-9]/g, '');
  if (digits === '') return null;
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * One change to the selected keys: the single call for one key, the bulk call for more. Refreshes the table and the
 * audit log, then closes the panel when every key took it; otherwise keeps the result so the panel can list failures.
 */
function useKeysAction(
  targets: DeveloperKeyView[],
  one: (keyId: string) => Promise<Result<DeveloperKeyView>>,
  many: (keyIds: string[]) => Promise<Result<BulkResult>>,
  onDone: () => void,
) {
  const qc = useQueryClient();
  const [result, setResult] = useState<BulkResult | null>(null);
  const mutation = useMutation({
    mutationFn: async (): Promise<BulkResult> =>
      targets.length === 1
        ? [{ keyId: targets[0]!.keyId, ok: true, key: await unwrap(one(targets[0]!.keyId)) }]
        : unwrap(many(targets.map((k) => k.keyId))),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: ['adminKeys.list'] });
      void qc.invalidateQueries({ queryKey: keysKeys.audit });
      if (r.every((x) => x.ok)) onDone();
      else setResult(r);
    },
  });
  return { mutation, result };
}

function LimitPanel({ targets, onDone, onCancel }: { targets: DeveloperKeyView[]; onDone: () => void; onCancel: () => void }) {
  const t = useT();
  const fmt = useFormat();
  const first = targets[0]!;
  const initial: LimitChoice =
    targets.length === 1 && first.characterLimit !== null && first.characterLimit > 0
      ? { kind: 'number', text: fmt.number(first.characterLimit) }
      : targets.length === 1 && first.characterLimit === 0
        ? { kind: 'block' }
        : targets.length === 1
          ? { kind: 'none' }
          : { kind: 'number', text: '' };
  const [choice, setChoice] = useState<LimitChoice>(initial);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const value = choice.kind === 'none' ? null : choice.kind === 'block' ? 0 : parseLimit(choice.text);
  const valid = choice.kind !== 'number' || (value !== null && value > 0);
  const describe = (n: number | null) => (n === null ? t('app.common.noLimit') : n === 0 ? t('keys.limit.blocked') : t('keys.limit.perPeriod', { count: fmt.number(n) }));
  const { mutation: apply, result } = useKeysAction(
    targets,
    (keyId) => api().adminKeys.setLimit({ keyId, characters: value }),
    (keyIds) => api().adminKeys.bulkSetLimit({ keyIds, characters: value }),
    onDone,
  );
  return (
    <section className="card keys-panel" role="dialog" aria-modal="false" aria-labelledby="keys-limit-title">
      <h2 id="keys-limit-title">
        {targets.length === 1 ? t('keys.limit.title', { label: first.label }) : t('keys.limit.titleBulk', { count: targets.length })}
      </h2>
      <fieldset className="keys-limit-choice">
        <legend>{t('keys.limit.legend')}</legend>
        <label className="check">
          <input type="radio" name="limit-kind" checked={choice.kind === 'number'} onChange={() => setChoice({ kind: 'number', text: '' })} />
          {t('keys.limit.number')}
        </label>
        {choice.kind === 'number' ? (
          <div className="field keys-limit-number">
            <label className="field-label" htmlFor="limit-value">
              {t('keys.limit.characters')}
            </label>
            <input
              id="limit-value"
              inputMode="numeric"
              autoFocus
              value={choice.text}
              onChange={(e) => setChoice({ kind: 'number', text: e.target.value })}
              onBlur={() => {
                const n = parseLimit(choice.text);
                if (n !== null) setChoice({ kind: 'number', text: fmt.number(n) });
              }}
            />
            <div className="toolbar" role="group" aria-label={t('keys.limit.presets')}>
              {PRESETS.map((p) => (
                <button key={p} type="button" className="btn btn-small" onClick={() => setChoice({ kind: 'number', text: fmt.number(p) })}>
                  {fmt.number(p)}
                </button>
              ))}
            </div>
          </div>
        ) : null}
        <label className="check">
          <input type="radio" name="limit-kind" checked={choice.kind === 'none'} onChange={() => setChoice({ kind: 'none' })} />
          {t('app.common.noLimit')}
        </label>
        <label className="check">
          <input type="radio" name="limit-kind" checked={choice.kind === 'block'} onChange={() => setChoice({ kind: 'block' })} />
          {t('keys.limit.block')}
        </label>
      </fieldset>
      {valid ? (
        <div className="keys-effect" role="status">
          <p>{t('keys.limit.effect')}</p>
          <ul>
            {targets.slice(0, 10).map((k) => (
              <li key={k.keyId}>{t('keys.limit.change', { label: k.label, before: describe(k.characterLimit), after: describe(value) })}</li>
            ))}
            {targets.length > 10 ? <li>{t('keys.limit.more', { count: targets.length - 10 })}</li> : null}
          </ul>
          {value === 0 ? <p className="alert alert-warning">{t('keys.limit.blockWarning')}</p> : null}
        </div>
      ) : (
        <p className="error-text">{t('keys.limit.invalid')}</p>
      )}
      {value === 0 ? (
        <label className="check">
          <input type="checkbox" checked={confirmBlock} onChange={(e) => setConfirmBlock(e.target.checked)} />
          {t('keys.limit.confirmBlock')}
        </label>
      ) : null}
      <div className="toolbar">
        <button type="button" className="btn btn-primary" disabled={!valid || apply.isPending || (value === 0 && !confirmBlock)} onClick={() => apply.mutate()}>
          {t('keys.limit.apply')}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {t('app.common.cancel')}
        </button>
      </div>
      {apply.isError ? <KeysError error={apply.error} /> : null}
      {result ? <BulkFailures result={result} /> : null}
    </section>
  );
}

function BulkFailures({ result }: { result: BulkResult }) {
  const t = useT();
  const failed = result.filter((r) => !r.ok);
  return (
    <div className="alert alert-error" role="alert">
      <p>{t('keys.bulk.failed', { failed: failed.length, total: result.length })}</p>
      <ul>
        {failed.map((f) => (
          <li key={f.keyId}>
            <code>{f.keyId}</code> {f.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

function DeactivatePanel({ targets, onDone, onCancel }: { targets: DeveloperKeyView[]; onDone: () => void; onCancel: () => void }) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const first = targets[0]!;
  const expected = targets.length === 1 ? first.label : String(targets.length);
  const ok = typed.trim() === expected;
  const { mutation: run, result } = useKeysAction(
    targets,
    (keyId) => api().adminKeys.deactivate({ keyId }),
    (keyIds) => api().adminKeys.bulkDeactivate({ keyIds }),
    onDone,
  );
  return (
    <section className="card keys-panel keys-danger" role="dialog" aria-modal="false" aria-labelledby="keys-deactivate-title">
      <h2 id="keys-deactivate-title">
        {targets.length === 1 ? t('keys.deactivate.title', { label: first.label }) : t('keys.deactivate.titleBulk', { count: targets.length })}
      </h2>
      <p>{t('keys.deactivate.warning')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ok) run.mutate();
        }}
      >
        <div className="field">
          <label className="field-label" htmlFor="deactivate-confirm">
            {targets.length === 1 ? t('keys.deactivate.typeLabel', { label: first.label }) : t('keys.deactivate.typeCount', { count: targets.length })}
          </label>
          <input id="deactivate-confirm" autoFocus autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </div>
        <div className="toolbar">
          <button type="submit" className="btn btn-danger" disabled={!ok || run.isPending}>
            {t('keys.deactivate.submit')}
          </button>
          <button type="button" className="btn" onClick={onCancel}>
            {t('app.common.cancel')}
          </button>
        </div>
      </form>
      {run.isError ? <KeysError error={run.error} /> : null}
      {result ? <BulkFailures result={result} /> : null}
    </section>
  );
}

function AuditLog() {
  const t = useT();
  const fmt = useFormat();
  const audit = useQuery({ queryKey: keysKeys.audit, queryFn: () => unwrap(api().adminKeys.audit()) });
  const [saved, setSaved] = useState<string | null>(null);
  const exportCsv = useMutation({ mutationFn: () => unwrap(api().adminKeys.exportCsv({ what: 'audit' })), onSuccess: (r) => setSaved(r?.path ?? null) });
  const action = (a: string) =>
    a === 'create' ? t('keys.audit.create') : a === 'rename' ? t('keys.audit.rename') : a === 'limit' ? t('keys.audit.limit') : t('keys.audit.deactivate');
  const entries = (audit.data ?? []).slice().reverse();
  return (
    <section className="card" aria-labelledby="keys-audit-title">
      <div className="keys-audit-head">
        <h2 id="keys-audit-title">{t('keys.audit.title')}</h2>
        {entries.length > 0 ? (
          <button type="button" className="btn btn-small" onClick={() => exportCsv.mutate()}>
            {t('keys.audit.export')}
          </button>
        ) : null}
      </div>
      <p className="hint">{t('keys.audit.hint')}</p>
      {saved ? <p role="status">{t('keys.exported', { path: saved })}</p> : null}
      {exportCsv.isError ? <KeysError error={exportCsv.error} /> : null}
      {audit.isError ? <KeysError error={audit.error} /> : entries.length === 0 ? <p>{t('keys.audit.empty')}</p> : (
        <div className="keys-audit-scroll" tabIndex={0} aria-label={t('keys.audit.title')}>
          <table className="keys-audit">
            <thead>
              <tr>
                <th scope="col">{t('keys.audit.when')}</th>
                <th scope="col">{t('keys.audit.connection')}</th>
                <th scope="col">{t('keys.audit.what')}</th>
                <th scope="col">{t('keys.audit.key')}</th>
                <th scope="col">{t('keys.audit.change')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.slice(0, 200).map((e, i) => (
                <tr key={`${e.at}-${i}`}>
                  <td>{fmt.dateTime(Date.parse(e.at))}</td>
                  <td>{e.connectionName}</td>
                  <td>{action(e.action)}</td>
                  <td>{e.label}</td>
                  <td>{t('keys.audit.beforeAfter', { before: e.before ?? t('keys.audit.nothing'), after: e.after ?? t('keys.audit.nothing') })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

type Panel = { kind: 'create' } | { kind: 'limit'; keys: DeveloperKeyView[] } | { kind: 'deactivate'; keys: DeveloperKeyView[] } | null;

export function KeysPage() {
  const t = useT();
  const fmt = useFormat();
  const qc = useQueryClient();
  const access = useQuery({ queryKey: keysKeys.access, queryFn: () => unwrap(api().adminKeys.access()), staleTime: 0 });
  const connectionId = access.data?.connectionId ?? null;
  const enabled = !!access.data?.configured;
  const list = useQuery({ queryKey: keysKeys.list(connectionId), queryFn: () => unwrap(api().adminKeys.list()), enabled, staleTime: 0 });
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<SortBy>('newest');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [panel, setPanel] = useState<Panel>(null);
  const [note, setNote] = useState<string | null>(null);
  const deferredQuery = useDeferredValue(query);
  const keys = list.data;
  const shown = useMemo(() => (keys ? filterKeys(keys, deferredQuery, status, sort) : []), [keys, deferredQuery, status, sort]);
  const activeCount = keys?.filter((k) => !k.isDeactivated).length ?? 0;
  const atMax = activeCount >= LIMITS.activeDeveloperKeys;
  const rename = useMutation({
    mutationFn: (v: { keyId: string; label: string }) => unwrap(api().adminKeys.rename(v)),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['adminKeys.list'] });
      void qc.invalidateQueries({ queryKey: keysKeys.audit });
    },
  });
  const exportCsv = useMutation({ mutationFn: () => unwrap(api().adminKeys.exportCsv({ what: 'keys' })), onSuccess: (r) => setNote(r ? t('keys.exported', { path: r.path }) : null) });
  const selectedKeys = (keys ?? []).filter((k) => selected.has(k.keyId) && !k.isDeactivated);
  const closePanel = () => {
    setPanel(null);
    setSelected(new Set());
  };

  let body;
  if (access.isPending) body = <p role="status">{t('app.common.loading')}</p>;
  else if (access.isError) body = <KeysError error={access.error} />;
  else if (!access.data.connectionId) body = <p>{t('keys.noConnection')}</p>;
  else if (!access.data.configured) body = <AddAdminKey connectionName={access.data.connectionName ?? ''} />;
  else if (list.isPending) body = <p role="status">{t('keys.loading')}</p>;
  else if (list.isError) {
    body = (
      <>
        <KeysError error={list.error} />
        <button type="button" className="btn" onClick={() => void list.refetch()}>
          {t('app.common.retry')}
        </button>
      </>
    );
  } else {
    body = (
      <>
        <div className="keys-toolbar">
          <div className="field">
            <label className="field-label" htmlFor="keys-search">
              {t('app.common.search')}
            </label>
            <input id="keys-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
          </div>
          <div className="field">
            <label className="field-label" htmlFor="keys-status">
              {t('keys.filter.label')}
            </label>
            <select id="keys-status" value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
              <option value="all">{t('keys.filter.all')}</option>
              <option value="active">{t('keys.filter.active')}</option>
              <option value="deactivated">{t('keys.filter.deactivated')}</option>
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor="keys-sort">
              {t('keys.sort.label')}
            </label>
            <select id="keys-sort" value={sort} onChange={(e) => setSort(e.target.value as SortBy)}>
              <option value="newest">{t('keys.sort.newest')}</option>
              <option value="oldest">{t('keys.sort.oldest')}</option>
              <option value="label">{t('keys.sort.label.az')}</option>
              <option value="limit">{t('keys.sort.limit')}</option>
            </select>
          </div>
          <p className="keys-count" aria-live="polite">
            {t('keys.activeCount', { active: activeCount, max: LIMITS.activeDeveloperKeys })}
          </p>
          <div className="keys-toolbar-actions">
            <button type="button" className="btn btn-primary" disabled={atMax || panel !== null} onClick={() => setPanel({ kind: 'create' })}>
              {t('keys.action.create')}
            </button>
            <button type="button" className="btn" onClick={() => exportCsv.mutate()}>
              {t('keys.action.export')}
            </button>
          </div>
        </div>
        {atMax ? <p className="reason">{t('keys.atMax', { max: LIMITS.activeDeveloperKeys })}</p> : null}
        {note ? <p role="status">{note}</p> : null}
        {exportCsv.isError ? <KeysError error={exportCsv.error} /> : null}
        {rename.isError ? <KeysError error={rename.error} /> : null}
        {selectedKeys.length > 0 && panel === null ? (
          <div className="keys-bulk" role="group" aria-label={t('keys.bulk.label')}>
            <span>{t('keys.bulk.selected', { count: selectedKeys.length })}</span>
            <button type="button" className="btn" onClick={() => setPanel({ kind: 'limit', keys: selectedKeys })}>
              {t('keys.bulk.limit')}
            </button>
            <button type="button" className="btn btn-danger" onClick={() => setPanel({ kind: 'deactivate', keys: selectedKeys })}>
              {t('keys.bulk.deactivate')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setSelected(new Set())}>
              {t('keys.bulk.clear')}
            </button>
          </div>
        ) : null}
        {panel?.kind === 'create' ? <CreatePanel activeCount={activeCount} onClose={() => setPanel(null)} /> : null}
        {panel?.kind === 'limit' ? <LimitPanel targets={panel.keys} onDone={closePanel} onCancel={() => setPanel(null)} /> : null}
        {panel?.kind === 'deactivate' ? <DeactivatePanel targets={panel.keys} onDone={closePanel} onCancel={() => setPanel(null)} /> : null}
        {keys && keys.length === 0 ? (
          <p>{t('keys.empty')}</p>
        ) : (
          <>
            <p className="hint">{t('keys.shown', { shown: shown.length, total: keys?.length ?? 0 })}</p>
            <KeysTable
              keys={shown}
              selected={selected}
              busyKeyId={rename.isPending ? (rename.variables?.keyId ?? null) : null}
              onToggle={(id) =>
                setSelected((s) => {
                  const n = new Set(s);
                  if (n.has(id)) n.delete(id);
                  else n.add(id);
                  return n;
                })
              }
              onToggleAll={(on) => setSelected(on ? new Set(shown.filter((k) => !k.isDeactivated).map((k) => k.keyId)) : new Set())}
              onRename={(keyId, label) => rename.mutate({ keyId, label })}
              onLimit={(k) => setPanel({ kind: 'limit', keys: [k] })}
              onDeactivate={(k) => setPanel({ kind: 'deactivate', keys: [k] })}
              onCopyId={(keyId) =>
                void unwrap(api().app.copyText({ text: keyId })).then((r) => setNote(r.copied ? t('keys.idCopied') : t('keys.idCopyFailed', { id: keyId })))
              }
            />
          </>
        )}
        <AuditLog />
      </>
    );
  }
  return (
    <div className="screen keys-screen">
      <header className="screen-header">
        <div className="screen-title">
          <h1>{t('keys.title')}</h1>
          {access.data?.connectionName ? <p className="hint">{t('keys.connection', { name: access.data.connectionName })}</p> : null}
        </div>
        {keys ? <p className="hint">{t('keys.summary', { count: keys.length, date: fmt.dateTime(list.dataUpdatedAt) })}</p> : null}
      </header>
      {body}
    </div>
  );
}
