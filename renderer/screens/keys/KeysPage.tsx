/**
 * Renderer: the Keys screen (admin interface of the active connection). It follows the active connection at once:
 * the title, the table and every action belong to the connection shown, and each call names it, so main refuses a
 * change once another connection is active instead of sending it elsewhere. Without an admin key it explains what one
 * is and offers to add it (checked by main before it is saved). With one: the key table (which Verso connection uses
 * each key), search/filter/sort, Refresh, create, rename in place, limit, deactivate, bulk changes (the selection
 * follows the filter), CSV export and the local audit log.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { DeveloperKeyView } from '../../../shared/ipc/contract-admin-keys.js';
import { LIMITS } from '../../../shared/spec/limits.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { useFormat, useT } from '../../i18n/index.js';
import { api, unwrap } from '../../lib/api.js';
import { isolate } from '../../lib/bidi.js';
import { useConnectionName, useKeyLabel } from '../../lib/local-names.js';
import { useConnections, useCredentialsStatus } from '../../lib/queries.js';
import { AuditLog } from './AuditLog.js';
import { KeysError } from './keys-errors.js';
import { type KeyName, useKeyName } from './key-names.js';
import { KeysTable, filterKeys, keyRow, type SortBy, type StatusFilter } from './KeysTable.js';
import { auditKey, CreatePanel, DeactivatePanel, LimitPanel } from './panels.js';
import './keys.css';

export { parseLimitText } from '../../lib/whole-number.js';

const listKey = (connectionId: string) => ['adminKeys.list', connectionId] as const;

function AddAdminKey({ connectionName, onSaved }: { connectionName: string; onSaved: () => void }) {
  const t = useT();
  const qc = useQueryClient();
  const creds = useCredentialsStatus();
  const canPersist = creds.data?.canPersist ?? true;
  const [key, setKey] = useState('');
  const [persist, setPersist] = useState(true);
  const save = useMutation({
    mutationFn: () => unwrap(api().adminKeys.setAdminKey({ adminKey: key, persistence: persist && canPersist ? 'persist' : 'session' })),
    onSuccess: () => {
      setKey('');
      onSaved();
      void qc.invalidateQueries({ queryKey: ['adminKeys.access'] });
      void qc.invalidateQueries({ queryKey: ['connections.list'] });
    },
  });
  return (
    <section className="card keys-setup stack" aria-labelledby="keys-setup-title">
      <h2 id="keys-setup-title">{t('keys.setup.title')}</h2>
      <p>{t('keys.setup.what')}</p>
      <p>{t('keys.setup.where', { connection: isolate(connectionName) })}</p>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          if (key.trim() && !save.isPending) save.mutate();
        }}
      >
        <div className="field">
          <label className="field-label" htmlFor="admin-key">
            {t('keys.setup.field')}
          </label>
          <input id="admin-key" type="password" autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} />
        </div>
        {canPersist ? (
          <label className="check">
            <input type="checkbox" checked={persist} onChange={(e) => setPersist(e.target.checked)} />
            {t('keys.setup.persist')}
          </label>
        ) : (
          <p className="hint">{t('keys.create.sessionForced')}</p>
        )}
        <div className="toolbar">
          {/* Busy while the key is checked, not disabled: a disabled button drops the focus (to <body>). */}
          <button type="submit" className="btn btn-primary" disabled={!key.trim() && !save.isPending} aria-disabled={save.isPending || undefined}>
            {save.isPending ? t('keys.setup.checking') : t('keys.setup.save')}
          </button>
        </div>
      </form>
      {save.isError ? <KeysError error={save.error} /> : null}
    </section>
  );
}

/**
 * The connections whose key Verso cannot tell (a key pasted in Settings carries no id), above the table: one line that
 * says so, with why and what to check behind "More", and for each connection the one step that settles it (which
 * key it is). Not dismissible: what it says stays true, and matters before a deactivation, until that step is taken
 * (then it goes); compact instead, so the first view of the screen is the key list (at 900×700 it took 150 px).
 */
function UnidentifiedNote({
  connectionId,
  unidentified,
  keys,
  keyName,
  onStart,
  onDone,
}: {
  connectionId: string;
  unidentified: Array<{ id: string; name: string }>;
  keys: DeveloperKeyView[];
  keyName: KeyName;
  /** Remember was pressed (the screen's line about the last action goes). */
  onStart: () => void;
  /** Remember was done: what it did, said on the screen (its question, which had the focus, is gone). */
  onDone: (done: string) => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const connectionName = useConnectionName();
  const [more, setMore] = useState(false);
  const whyId = useId();
  const connections = fmt.list(unidentified.map((c) => isolate(connectionName(c.name))));
  return (
    <div className="alert alert-info keys-unidentified">
      <p>
        {t('keys.unidentified', { connections })}{' '}
        <button type="button" className="keys-more" aria-expanded={more} aria-controls={whyId} onClick={() => setMore((v) => !v)}>
          {t('keys.unidentified.more')}
        </button>
      </p>
      <p id={whyId} hidden={!more}>
        {t('keys.unidentified.why')}
      </p>
      {unidentified.map((c) => (
        <LinkConnection
          key={c.id}
          connectionId={connectionId}
          connection={c}
          keys={keys.filter((k) => !k.isDeactivated)}
          keyName={keyName}
          onStart={onStart}
          onDone={onDone}
        />
      ))}
    </div>
  );
}

/** "Which key does <connection> use?": the admin tells Verso, so the table can name it and warn before it is changed. */
function LinkConnection({
  connectionId,
  connection,
  keys,
  keyName,
  onStart,
  onDone,
}: {
  connectionId: string;
  connection: { id: string; name: string };
  keys: DeveloperKeyView[];
  /** Two keys of one label are told apart by their short id beside it. */
  keyName: KeyName;
  onStart: () => void;
  onDone: (done: string) => void;
}) {
  const t = useT();
  const shownName = useConnectionName();
  const qc = useQueryClient();
  const [keyId, setKeyId] = useState('');
  const link = useMutation({
    mutationFn: () => unwrap(api().adminKeys.linkConnection({ connectionId, keyId, usedBy: connection.id })),
    onSuccess: (listing) => {
      const chosen = keys.find((k) => k.keyId === keyId);
      qc.setQueryData(listKey(connectionId), listing);
      if (chosen) onDone(t('keys.link.done', { connection: isolate(shownName(connection.name)), label: isolate(keyName(chosen)) }));
    },
  });
  const id = `link-${connection.id}`;
  return (
    <form
      className="keys-link"
      onSubmit={(e) => {
        e.preventDefault();
        if (!keyId || link.isPending) return;
        onStart();
        link.mutate();
      }}
    >
      {/* The question, its answer and Remember on one line where they fit (the label beside the field, not above). */}
      <label htmlFor={id}>{t('keys.link.label', { connection: isolate(shownName(connection.name)) })}</label>
      <select id={id} value={keyId} onChange={(e) => setKeyId(e.target.value)}>
        <option value="">{t('keys.link.choose')}</option>
        {keys.map((k) => (
          <option key={k.keyId} value={k.keyId}>
            {keyName(k)}
          </option>
        ))}
      </select>
      {/* Busy while it is sent, not disabled (a disabled button drops the focus; a refusal keeps the question). */}
      <button type="submit" className="btn btn-small" disabled={!keyId} aria-disabled={link.isPending || undefined}>
        {t('keys.link.save')}
      </button>
      {link.isError ? <KeysError error={link.error} /> : null}
    </form>
  );
}

type Panel = { kind: 'create' } | { kind: 'limit'; keys: DeveloperKeyView[] } | { kind: 'deactivate'; keys: DeveloperKeyView[] } | null;

/** The control that opened a panel: its `data-action`, and the key of its row (null outside the table). */
type Opener = { action: string; keyId: string | null };

/**
 * The keys of one connection; remounted (state reset) when the active connection changes. `saved`: its admin key was
 * just saved on this screen (the form that had the focus is gone: the focus goes to the line that says so).
 */
function KeysManager({ connectionId, local, saved = false }: { connectionId: string; local: boolean; saved?: boolean }) {
  const t = useT();
  const keyLabel = useKeyLabel();
  const fmt = useFormat();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: listKey(connectionId), queryFn: () => unwrap(api().adminKeys.list({ connectionId })), staleTime: 0 });
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<SortBy>('newest');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [panel, setPanel] = useState<Panel>(null);
  // A line about what was just done, in the language it was written in (after a language change it is not shown).
  const [said, setSaid] = useState<{ text: string; locale: string } | null>(() =>
    saved ? { text: t('history.admin.saved'), locale: fmt.locale } : null,
  );
  const setNote = (text: string | null) => setSaid(text === null ? null : { text, locale: fmt.locale });
  const note = said?.locale === fmt.locale ? said.text : null;
  const noteRef = useRef<HTMLParagraphElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const statusRef = useRef<HTMLSelectElement>(null);
  const opener = useRef<Opener>({ action: 'create', keyId: null });
  /** Set when a panel closes: where the focus goes once it is gone. */
  const focusBack = useRef<(Opener & { toNote: boolean }) | null>(null);
  /** What had the focus is gone and the line about what was done replaces it: the focus goes there once it is shown. */
  const focusNote = useRef(saved);
  const deferredQuery = useDeferredValue(query);
  // Only a listing of the connection on screen is shown.
  const listed = list.data?.connectionId === connectionId ? list.data.keys : undefined;
  // The local engine's own keys under their labels in the UI language (the service stores them in English).
  const keys = useMemo(
    () => (local ? listed?.map((k) => ({ ...k, label: keyLabel(k.label, true) })) : listed),
    [listed, local, keyLabel],
  );
  const unidentified = list.data?.connectionId === connectionId ? list.data.unidentified : [];
  // How a key is named where it is picked or reviewed: its label, with its short id where another key has that label.
  const keyName = useKeyName(keys);
  const shown = useMemo(() => (keys ? filterKeys(keys, deferredQuery, status, sort) : []), [keys, deferredQuery, status, sort]);
  const visible = useMemo(() => new Set(shown.map((k) => k.keyId)), [shown]);
  // The selection follows the filter: a key the search or filter hides is not selected (nothing unseen is changed).
  const selectedShown = useMemo(() => new Set([...selected].filter((id) => visible.has(id))), [selected, visible]);
  const activeCount = keys?.filter((k) => !k.isDeactivated).length ?? 0;
  const atMax = activeCount >= LIMITS.activeDeveloperKeys;
  // `before`: the label shown until now (the local engine's own keys are shown under a name in the UI language).
  const rename = useMutation({
    mutationFn: (v: { keyId: string; label: string; before: string }) =>
      unwrap(api().adminKeys.rename({ connectionId, keyId: v.keyId, label: v.label })),
    onSuccess: (_, v) => setNote(t('keys.done.rename', { before: isolate(v.before), label: isolate(v.label) })),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['adminKeys.list'] });
      void qc.invalidateQueries({ queryKey: auditKey });
    },
  });
  const exportCsv = useMutation({
    mutationFn: () => unwrap(api().adminKeys.exportCsv({ what: 'keys', connectionId })),
    onSuccess: (r) => setNote(r ? t('keys.exported', { path: isolate(r.path) }) : null),
  });
  const selectedKeys = (keys ?? []).filter((k) => selectedShown.has(k.keyId) && !k.isDeactivated);
  /**
   * An action starts: what the last one did (its line, or its error) goes, so what is shown next is this one's
   * outcome only (a tour saw "New limit of …" under the "cannot connect" of a later Refresh).
   */
  const starting = () => {
    setNote(null);
    // Their errors only: a rename still being sent keeps its row's label busy until it is done.
    if (rename.isError) rename.reset();
    if (exportCsv.isError) exportCsv.reset();
  };
  const openPanel = (p: Exclude<Panel, null>, action: string, keyId: string | null = null) => {
    starting();
    opener.current = { action, keyId };
    setPanel(p);
  };
  /**
   * Closes the panel; `done` says what was done (shown and announced). The focus goes back to the control that
   * opened the panel, found again by its action and row (the bulk bar and a row scrolled away are drawn anew), or to
   * what was done where that control is gone or goes (`toNote`: a deactivated key has no actions left).
   */
  const finish = (done: string | null, toNote = false) => {
    setPanel(null);
    if (done) setNote(done);
    focusBack.current = { ...opener.current, toNote: toNote && done !== null };
  };
  const closePanel = (done: string, toNote = false) => {
    finish(done, toNote);
    setSelected(new Set());
  };
  useEffect(() => {
    const back = focusBack.current;
    if (!back || panel !== null) return;
    focusBack.current = null;
    const scope: ParentNode | undefined =
      back.keyId === null ? document : keyRow(document, back.keyId);
    const control = back.toNote ? null : scope?.querySelector<HTMLButtonElement>(`[data-action="${back.action}"]`);
    if (control && !control.disabled) control.focus();
    else (noteRef.current ?? document.querySelector<HTMLElement>('.keys-scroll'))?.focus();
  });
  useEffect(() => {
    if (!focusNote.current || !noteRef.current) return;
    focusNote.current = false;
    noteRef.current.focus();
  });
  const refresh = () => {
    // Busy, not disabled, while the list is read (a disabled Refresh dropped the focus to <body>).
    if (list.isFetching) return;
    starting();
    void qc.invalidateQueries({ queryKey: ['adminKeys.access'] });
    void list.refetch();
  };

  // What the list is and when it was read, Refresh, and (once there is a list) what is done with the whole list: on
  // one line above the search and filters, which then fit on one line at 900×700 (they took two).
  const header = (actions: ReactNode = null) => (
    <div className="keys-refresh">
      {keys ? <p className="hint">{t('keys.summary', { count: keys.length, date: fmt.dateTime(list.dataUpdatedAt) })}</p> : null}
      <button type="button" className="btn btn-small" onClick={refresh} aria-disabled={list.isFetching || undefined}>
        {t('keys.action.refresh')}
      </button>
      {actions}
    </div>
  );
  if (list.isPending) {
    return (
      <>
        {header()}
        <p role="status">{t('keys.loading')}</p>
      </>
    );
  }
  // Without a list to show, the error alone; a failed refresh keeps the last list (below).
  if (!keys) {
    return (
      <>
        {header()}
        <KeysError error={list.error} />
        <div className="toolbar">
          <button type="button" className="btn" onClick={refresh}>
            {t('app.common.retry')}
          </button>
        </div>
      </>
    );
  }
  return (
    <>
      {header(
        <div className="keys-toolbar-actions">
          <button
            type="button"
            className="btn btn-primary"
            data-action="create"
            disabled={atMax || panel !== null}
            onClick={() => openPanel({ kind: 'create' }, 'create')}
          >
            {t('keys.action.create')}
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => {
              starting();
              exportCsv.mutate();
            }}
          >
            {t('keys.action.export')}
          </button>
        </div>,
      )}
      {list.isError ? <KeysError error={list.error} staleSince={fmt.dateTime(list.dataUpdatedAt)} /> : null}
      <div className="keys-toolbar">
        <div className="field">
          <label className="field-label" htmlFor="keys-search">
            {t('app.common.search')}
          </label>
          <input ref={searchRef} id="keys-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="keys-status">
            {t('keys.filter.label')}
          </label>
          <select ref={statusRef} id="keys-status" value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
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
      </div>
      {atMax ? <p className="reason">{t('keys.atMax', { max: LIMITS.activeDeveloperKeys })}</p> : null}
      {note ? (
        <p ref={noteRef} role="status" tabIndex={-1}>
          {note}
        </p>
      ) : null}
      {exportCsv.isError ? <KeysError error={exportCsv.error} /> : null}
      {rename.isError ? <KeysError error={rename.error} /> : null}
      {unidentified.length > 0 ? (
        <UnidentifiedNote
          connectionId={connectionId}
          unidentified={unidentified}
          keys={keys}
          keyName={keyName}
          onStart={starting}
          onDone={(done) => {
            focusNote.current = true;
            setNote(done);
          }}
        />
      ) : null}
      {panel?.kind === 'create' ? (
        <CreatePanel
          connectionId={connectionId}
          activeCount={activeCount}
          labels={keys?.map((k) => k.label) ?? []}
          onClose={(created) => finish(created === null ? null : t('keys.create.done', { label: isolate(created) }))}
        />
      ) : null}
      {panel?.kind === 'limit' ? (
        <LimitPanel
          connectionId={connectionId}
          targets={panel.keys}
          keyName={keyName}
          onDone={(done) => closePanel(done)}
          onCancel={() => finish(null)}
        />
      ) : null}
      {panel?.kind === 'deactivate' ? (
        <DeactivatePanel
          connectionId={connectionId}
          targets={panel.keys}
          keyName={keyName}
          visible={visible}
          onDone={(done) => closePanel(done, true)}
          onCancel={() => finish(null)}
        />
      ) : null}
      {keys.length === 0 ? (
        <p>{t('keys.empty')}</p>
      ) : (
        <>
          <p className="hint">{t('keys.shown', { shown: shown.length, total: keys.length })}</p>
          {shown.length === 0 ? (
            // Nothing matches: say so, with the way back to the keys.
            <div className="keys-no-match">
              <p role="status">
                {deferredQuery.trim() !== '' ? t('keys.noMatch', { query: isolate(deferredQuery.trim()) }) : t('keys.noMatchFilter')}
              </p>
              <button
                type="button"
                className="btn btn-small"
                onClick={() => {
                  // A search clears to every key it hid; a filter alone shows them all again.
                  if (deferredQuery.trim() !== '') {
                    setQuery('');
                    searchRef.current?.focus();
                  } else {
                    setStatus('all');
                    statusRef.current?.focus();
                  }
                }}
              >
                {t(deferredQuery.trim() !== '' ? 'keys.clearSearch' : 'keys.showAll')}
              </button>
            </div>
          ) : (
            <KeysTable
              keys={shown}
              keyName={keyName}
              selected={selectedShown}
              unidentified={unidentified.length > 0}
              busyKeyId={rename.isPending ? (rename.variables?.keyId ?? null) : null}
              onToggle={(id) =>
                setSelected(() => {
                  const n = new Set(selectedShown);
                  if (n.has(id)) n.delete(id);
                  else n.add(id);
                  return n;
                })
              }
              onToggleAll={(on) => setSelected(on ? new Set(shown.filter((k) => !k.isDeactivated).map((k) => k.keyId)) : new Set())}
              onRename={(keyId, label) => {
                starting();
                rename.mutate({ keyId, label, before: keys.find((k) => k.keyId === keyId)?.label ?? label });
              }}
              onLimit={(k) => openPanel({ kind: 'limit', keys: [k] }, 'limit', k.keyId)}
              onDeactivate={(k) => openPanel({ kind: 'deactivate', keys: [k] }, 'deactivate', k.keyId)}
              onCopyId={(keyId) => {
                starting();
                void unwrap(api().app.copyText({ text: keyId })).then((r) => setNote(r.copied ? t('keys.idCopied') : t('keys.idCopyFailed', { id: isolate(keyId) })));
              }}
            />
          )}
        </>
      )}
      {/*
        What to do with the selected keys: after the rows, sticky to the bottom of the screen (keys.css), so it is in
        view whichever row was selected, and at the end of the list it sits under the last row instead of over it.
        Above the table it was out of view once a key lower down was selected, and pushed the rows down as it came.
      */}
      {selectedKeys.length > 0 && panel === null ? (
        <div className="keys-bulk" role="group" aria-label={t('keys.bulk.label')}>
          <span>{t('keys.bulk.selected', { count: selectedKeys.length })}</span>
          <button type="button" className="btn" data-action="bulk-limit" onClick={() => openPanel({ kind: 'limit', keys: selectedKeys }, 'bulk-limit')}>
            {t('keys.bulk.limit')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            data-action="bulk-deactivate"
            onClick={() => openPanel({ kind: 'deactivate', keys: selectedKeys }, 'bulk-deactivate')}
          >
            {t('keys.bulk.deactivate')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setSelected(new Set())}>
            {t('keys.bulk.clear')}
          </button>
        </div>
      ) : null}
    </>
  );
}

export function KeysPage() {
  const t = useT();
  const connections = useConnections();
  // The active connection, as the sidebar's switcher sets it (main announces every change).
  const activeId = connections.data?.activeId ?? null;
  const active = connections.data?.connections.find((c) => c.id === activeId);
  const access = useQuery({
    queryKey: ['adminKeys.access', activeId, active?.adminKey.configured ?? null],
    queryFn: () => unwrap(api().adminKeys.access()),
    enabled: connections.isSuccess,
    staleTime: 0,
  });
  // Only an answer about the connection now active counts (the switcher may have moved on meanwhile).
  const current = access.data && access.data.connectionId === activeId ? access.data : undefined;
  // The connection whose admin key was just saved here: its key list opens on the line that says so. Forgotten once
  // another connection is shown (coming back to this one later does not say it again).
  const [savedFor, setSavedFor] = useState<string | null>(null);
  if (savedFor !== null && current && current.connectionId !== savedFor) setSavedFor(null);

  let body;
  if (connections.isPending || (access.isPending && connections.isSuccess) || (access.isSuccess && !current && activeId !== null)) {
    body = <p role="status">{t('app.common.loading')}</p>;
  } else if (connections.isError) body = <KeysError error={connections.error} />;
  else if (access.isError) body = <KeysError error={access.error} />;
  else if (!current?.connectionId) body = <p>{t('keys.noConnection')}</p>;
  else if (!current.configured) body = (
      <AddAdminKey key={current.connectionId} connectionName={current.connectionName ?? ''} onSaved={() => setSavedFor(current.connectionId)} />
    );
  else {
    body = (
      <>
        <KeysManager key={current.connectionId} connectionId={current.connectionId} local={current.local} saved={savedFor === current.connectionId} />
        <AuditLog />
      </>
    );
  }
  return (
    <div className="screen keys-screen">
      <header className="screen-header">
        <ScreenTitle title={t('keys.title')} connectionName={current?.connectionName ?? active?.name} />
      </header>
      {body}
    </div>
  );
}
