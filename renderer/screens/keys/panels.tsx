/**
 * Renderer: the Keys screen's panels — create a key (its secret stays in main: copy it, or save it as a connection,
 * persisted or for this session only; the panel stays until the admin closes it and warns before an undelivered
 * secret is lost), set a limit (typed in the UI language, refused with the reason under the field), deactivate
 * (the label typed, every key listed with the hidden ones marked). Blocking or deactivating a key a Verso connection
 * uses names that connection and asks for one more confirmation. Every call names the connection the screen shows.
 * Escape in a panel does what its Cancel (or, once a key is made, its Done) does. Keys are named as `key-names.ts`
 * says: two keys of one label are told apart by their short id.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { BulkResult, CreatedDeveloperKey, DeveloperKeyView } from '../../../shared/ipc/contract-admin-keys.js';
import type { Result } from '../../../shared/ipc/errors.js';
import { LIMITS } from '../../../shared/spec/limits.js';
import { useFormat, useT } from '../../i18n/index.js';
import { api, unwrap } from '../../lib/api.js';
import { isolate } from '../../lib/bidi.js';
import { useConnectionName } from '../../lib/local-names.js';
import { useCredentialsStatus } from '../../lib/queries.js';
import { KeysError } from './keys-errors.js';
import { parseLimitText, type LimitParse } from '../../lib/whole-number.js';
import { escapeCancels, isEnter } from '../../lib/keys.js';
import type { KeyName } from './key-names.js';
import { foldForSearch } from '../../../shared/search-fold.js';
import { focusOnMount } from '../../lib/focus-on-mount.js';

const PRESETS = [10_000, 100_000, 500_000, 1_000_000, 5_000_000];
export const auditKey = ['adminKeys.audit'] as const;

/**
 * A panel takes the focus when it opens (it opens above the table, far from the row's button): the field its own
 * `focusOnMount` chose, else its heading.
 */
function usePanelFocus() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const panel = ref.current;
    if (panel && !panel.contains(document.activeElement)) panel.querySelector<HTMLElement>('h2')?.focus();
  }, []);
  return ref;
}

/**
 * The error of a panel's action, where the panel ends (below the fold at 900×700): brought into view when it
 * appears, announced by its alert role; focus stays in the panel (on `fallback` when the pending button let it go).
 */
function PanelError({ error, fallback }: { error: unknown; fallback?: RefObject<HTMLElement | null> }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector('[role="alert"]')?.scrollIntoView({ block: 'nearest' });
    const panel = ref.current?.closest('[role="dialog"]');
    if (panel && !panel.contains(document.activeElement)) fallback?.current?.focus();
  }, [error, fallback]);
  return (
    <div ref={ref}>
      <KeysError error={error} />
    </div>
  );
}

export function CreatePanel({
  connectionId,
  activeCount,
  labels,
  onClose,
}: {
  connectionId: string;
  activeCount: number;
  /** The account's keys' labels (a new key with one of them is hard to tell apart: the form says so). */
  labels: readonly string[];
  /** `created`: the label of the key made here (the screen says so once the panel is gone). */
  onClose: (created: string | null) => void;
}) {
  const t = useT();
  const qc = useQueryClient();
  const creds = useCredentialsStatus();
  const canPersist = creds.data?.canPersist ?? true;
  const [label, setLabel] = useState('');
  const taken = sameLabel(label, labels);
  const [created, setCreated] = useState<CreatedDeveloperKey | null>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const [connName, setConnName] = useState('');
  const [sessionOnly, setSessionOnly] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [closing, setClosing] = useState(false);
  const panelRef = usePanelFocus();
  const doneRef = useRef<HTMLParagraphElement>(null);
  const finishRef = useRef<HTMLButtonElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const askedRef = useRef(false);
  // The form that had the focus is replaced by the result: the focus goes to the result's first line.
  useEffect(() => {
    if (created) doneRef.current?.focus();
  }, [created]);
  // "Close anyway?" takes the focus on its safe choice; kept open, the focus is back on Done.
  useEffect(() => {
    if (closing) {
      askedRef.current = true;
      keepRef.current?.focus();
    } else if (askedRef.current) finishRef.current?.focus();
  }, [closing]);
  const create = useMutation({
    mutationFn: () => unwrap(api().adminKeys.create({ connectionId, ...(label.trim() && { label: label.trim() }) })),
    onSuccess: (k) => {
      setCreated(k);
      setConnName(k.label);
      void qc.invalidateQueries({ queryKey: ['adminKeys.list'] });
      void qc.invalidateQueries({ queryKey: auditKey });
    },
  });
  const copy = useMutation({
    mutationFn: (keyId: string) => unwrap(api().adminKeys.copyNewKey({ keyId })),
    onSuccess: (r) => setCopied(r.copied),
  });
  const session = sessionOnly || !canPersist;
  const saveConn = useMutation({
    mutationFn: (keyId: string) =>
      unwrap(api().adminKeys.saveNewKeyAsConnection({ keyId, name: connName.trim(), persistence: session ? 'session' : 'persist' })),
    onSuccess: (c) => {
      setSaved(c.name);
      void qc.invalidateQueries({ queryKey: ['connections.list'] });
      void qc.invalidateQueries({ queryKey: ['adminKeys.list'] });
    },
  });
  const delivered = copied === true || saved !== null;
  const close = () => {
    if (created?.secretHeld && !delivered && !closing) setClosing(true);
    else onClose(created?.label ?? null);
  };
  // Escape: Cancel before a key is made (not while it is being made: its secret would come back to a closed panel);
  // once it is made, Done, which asks before an undelivered secret is lost; asked, "Keep it open".
  const escape = () => {
    if (!created) {
      if (!create.isPending) onClose(null);
    } else if (closing) setClosing(false);
    else close();
  };
  return (
    <section
      ref={panelRef}
      className="card keys-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby="keys-create-title"
      onKeyDown={(e) => escapeCancels(e, escape)}
    >
      <h2 id="keys-create-title" tabIndex={-1}>
        {t('keys.create.title')}
      </h2>
      {!created ? (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate();
          }}
        >
          <div className="field">
            <label className="field-label" htmlFor="new-key-label">
              {t('keys.create.label')}
            </label>
            <input
              id="new-key-label"
              type="text"
              value={label}
              maxLength={200}
              ref={focusOnMount}
              aria-describedby={taken ? 'new-key-label-hint new-key-label-same' : 'new-key-label-hint'}
              onChange={(e) => setLabel(e.target.value)}
            />
            <p className="hint" id="new-key-label-hint">
              {t('keys.create.labelHint', { active: activeCount, max: LIMITS.activeDeveloperKeys })}
            </p>
            {taken !== null ? (
              <p className="reason" id="new-key-label-same">
                {t('keys.create.sameLabel', { label: isolate(taken) })}
              </p>
            ) : null}
          </div>
          <div className="toolbar">
            <button type="submit" className="btn btn-primary" disabled={create.isPending}>
              {t('keys.create.submit')}
            </button>
            <button type="button" className="btn" onClick={() => onClose(null)}>
              {t('app.common.cancel')}
            </button>
          </div>
          {create.isError ? <PanelError error={create.error} /> : null}
        </form>
      ) : (
        <div className="stack">
          <p ref={doneRef} className="alert alert-success" role="status" tabIndex={-1}>
            {t('keys.create.done', { label: isolate(created.label) })}
          </p>
          {created.secretHeld ? (
            <>
              <p className="alert alert-warning">{t('keys.create.once')}</p>
              <div className="toolbar">
                <button type="button" className="btn" disabled={delivered} onClick={() => copy.mutate(created.keyId)}>
                  {t('keys.create.copy')}
                </button>
                {copied === true ? <span role="status">{t('keys.create.copied')}</span> : null}
                {copied === false ? <span role="status">{t('keys.create.copyFailed')}</span> : null}
              </div>
              <form
                className="stack keys-save-conn"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (connName.trim()) saveConn.mutate(created.keyId);
                }}
              >
                <div className="field">
                  <label className="field-label" htmlFor="new-key-conn">
                    {t('keys.create.connName')}
                  </label>
                  <input id="new-key-conn" type="text" value={connName} maxLength={80} onChange={(e) => setConnName(e.target.value)} />
                </div>
                {canPersist ? (
                  <label className="check">
                    <input type="checkbox" checked={sessionOnly} onChange={(e) => setSessionOnly(e.target.checked)} />
                    {t('keys.create.sessionOnly')}
                  </label>
                ) : (
                  <p className="hint">{t('keys.create.sessionForced')}</p>
                )}
                <div className="toolbar">
                  <button type="submit" className="btn" disabled={!connName.trim() || saveConn.isPending || delivered}>
                    {t('keys.create.saveConn')}
                  </button>
                  {saved ? <span role="status">{t('keys.create.savedConn', { name: isolate(saved) })}</span> : null}
                </div>
              </form>
              {copy.isError ? <PanelError error={copy.error} /> : null}
              {saveConn.isError ? <PanelError error={saveConn.error} /> : null}
            </>
          ) : (
            <p>{t('keys.create.noSecret')}</p>
          )}
          {closing ? (
            <div className="alert alert-warning" role="alert">
              <p>{t('keys.create.notDelivered')}</p>
              <div className="toolbar">
                <button type="button" className="btn btn-danger" onClick={() => onClose(created.label)}>
                  {t('keys.create.closeAnyway')}
                </button>
                <button ref={keepRef} type="button" className="btn" onClick={() => setClosing(false)}>
                  {t('keys.create.keepOpen')}
                </button>
              </div>
            </div>
          ) : (
            <div className="toolbar">
              <button ref={finishRef} type="button" className="btn btn-primary" onClick={close}>
                {t('keys.create.finish')}
              </button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * One change to the given keys: the single call for one key, the bulk call for more. Refreshes the table and the
 * audit log, then closes the panel when every key took it; otherwise keeps the result so the panel lists failures.
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
      void qc.invalidateQueries({ queryKey: auditKey });
      if (r.every((x) => x.ok)) onDone();
      else setResult(r);
    },
    onError: () => {
      void qc.invalidateQueries({ queryKey: ['adminKeys.access'] });
    },
  });
  return { mutation, result };
}

function BulkFailures({ result, targets, keyName }: { result: BulkResult; targets: DeveloperKeyView[]; keyName: KeyName }) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [result]);
  const failed = result.filter((r) => !r.ok);
  const labelOf = (id: string) => {
    const k = targets.find((x) => x.keyId === id);
    return k ? keyName(k) : id;
  };
  return (
    <div ref={ref} className="alert alert-error" role="alert">
      <p>{t('keys.bulk.failed', { failed: failed.length, total: result.length })}</p>
      <ul>
        {failed.map((f) => (
          <li key={f.keyId}>
            <bdi>{labelOf(f.keyId)}</bdi>{' '}
            <span lang="en" dir="ltr">
              {f.message}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The keys among `targets` that Verso's own connections use: named, with a checkbox the admin must tick. Returns
 * whether the action may go ahead (nothing used, or confirmed).
 */
function useUsedConfirm(targets: DeveloperKeyView[], heals: boolean, keyName: KeyName) {
  const t = useT();
  const fmt = useFormat();
  const [confirmed, setConfirmed] = useState(false);
  const id = useId();
  const shown = useConnectionName();
  const used = targets.filter((k) => k.usedBy.length > 0);
  const names = [...new Set(used.flatMap((k) => k.usedBy.map((u) => shown(u.name))))];
  const node =
    used.length === 0 ? null : (
      <div className="alert alert-warning keys-used" role="group" aria-labelledby={`${id}-t`}>
        <p id={`${id}-t`}>
          <strong>{t('keys.used.title', { count: used.length })}</strong>
        </p>
        <ul>
          {used.flatMap((k) =>
            k.usedBy.map((u) => (
              <li key={`${k.keyId}-${u.id}`}>
                {heals && u.local
                  ? t('keys.used.heals', { label: isolate(keyName(k)), connection: isolate(shown(u.name)) })
                  : t('keys.used.stops', { label: isolate(keyName(k)), connection: isolate(shown(u.name)) })}
              </li>
            )),
          )}
        </ul>
        <label className="check">
          <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
          {t('keys.used.confirm', { connections: fmt.list(names.map(isolate)) })}
        </label>
      </div>
    );
  return { node, ok: used.length === 0 || confirmed };
}

type LimitChoice = { kind: 'number'; text: string } | { kind: 'none' } | { kind: 'block' };

export function LimitPanel({
  connectionId,
  targets,
  keyName,
  onDone,
  onCancel,
}: {
  connectionId: string;
  targets: DeveloperKeyView[];
  /** How a key is named in the panel (two keys of one label are told apart by their short id). */
  keyName: KeyName;
  /** `message`: what was done, said on the screen once the panel is gone. */
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const panelRef = usePanelFocus();
  const applyRef = useRef<HTMLButtonElement>(null);
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
  // The number field takes the focus when the panel opens on it, not when the arrow keys move through the choices
  // onto it (a keyboard tour found the focus jumping out of the radio group into the field).
  const [focusField, setFocusField] = useState(initial.kind === 'number');
  const choose = (next: LimitChoice) => {
    setFocusField(false);
    setChoice(next);
  };
  const [confirmBlock, setConfirmBlock] = useState(false);
  const parsed: LimitParse | null = choice.kind === 'number' ? parseLimitText(choice.text, (n) => fmt.number(n)) : null;
  const value = choice.kind === 'none' ? null : choice.kind === 'block' ? 0 : parsed?.ok ? parsed.value : null;
  const valid = choice.kind !== 'number' || parsed?.ok === true;
  // Apply stays off until the limit differs from what the key (or one of the keys) has now.
  const changed = valid && targets.some((k) => k.characterLimit !== value);
  const example = fmt.number(5000);
  const problem =
    parsed && !parsed.ok
      ? parsed.reason === 'empty' || parsed.reason === 'zero'
        ? t('keys.limit.invalid')
        : parsed.reason === 'fraction'
          ? t('keys.limit.fraction', { example })
          : parsed.reason === 'tooLarge'
            ? t('keys.limit.tooLarge')
            : t('keys.limit.notNumber', { example })
      : null;
  const used = useUsedConfirm(targets, false, keyName);
  const describe = (n: number | null) => (n === null ? t('app.common.noLimit') : n === 0 ? t('keys.limit.blocked') : t('keys.limit.perPeriod', { count: n }));
  const { mutation: apply, result } = useKeysAction(
    targets,
    (keyId) => api().adminKeys.setLimit({ connectionId, keyId, characters: value }),
    (keyIds) => api().adminKeys.bulkSetLimit({ connectionId, keyIds, characters: value }),
    () =>
      onDone(
        targets.length === 1
          ? t('keys.done.limit', { label: isolate(keyName(first)), limit: isolate(describe(value)) })
          : t('keys.done.limitBulk', { count: targets.length, limit: isolate(describe(value)) }),
      ),
  );
  return (
    <section
      ref={panelRef}
      className="card keys-panel stack"
      role="dialog"
      aria-modal="false"
      aria-labelledby="keys-limit-title"
      onKeyDown={(e) => escapeCancels(e, onCancel)}
    >
      <h2 id="keys-limit-title" tabIndex={-1}>
        {targets.length === 1 ? t('keys.limit.title', { label: isolate(keyName(first)) }) : t('keys.limit.titleBulk', { count: targets.length })}
      </h2>
      <fieldset className="keys-limit-choice stack">
        <legend>{t('keys.limit.legend')}</legend>
        <label className="check">
          <input type="radio" name="limit-kind" checked={choice.kind === 'number'} onChange={() => choose({ kind: 'number', text: '' })} />
          {t('keys.limit.number')}
        </label>
        {choice.kind === 'number' ? (
          <div className="field keys-limit-number">
            <label className="field-label" htmlFor="limit-value">
              {t('keys.limit.characters')}
            </label>
            <input
              id="limit-value"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              ref={focusField ? focusOnMount : undefined}
              value={choice.text}
              aria-invalid={choice.text.trim() !== '' && !valid}
              aria-describedby={problem ? 'limit-value-error' : undefined}
              onChange={(e) => setChoice({ kind: 'number', text: e.target.value })}
              onBlur={() => {
                if (parsed?.ok) setChoice({ kind: 'number', text: fmt.number(parsed.value) });
              }}
              // Enter applies a valid new limit, as Apply does (a block needs its confirmation, not typed here).
              onKeyDown={(e) => {
                if (isEnter(e) && changed && value !== 0 && !apply.isPending) {
                  e.preventDefault();
                  applyRef.current?.click();
                }
              }}
            />
            {problem && choice.text.trim() !== '' ? (
              <p className="error-text" id="limit-value-error">
                {problem}
              </p>
            ) : null}
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
          <input type="radio" name="limit-kind" checked={choice.kind === 'none'} onChange={() => choose({ kind: 'none' })} />
          {t('app.common.noLimit')}
        </label>
        <label className="check">
          <input type="radio" name="limit-kind" checked={choice.kind === 'block'} onChange={() => choose({ kind: 'block' })} />
          {t('keys.limit.block')}
        </label>
      </fieldset>
      {valid && !changed ? (
        <p className="hint" id="limit-unchanged">
          {t('keys.limit.unchanged')}
        </p>
      ) : valid ? (
        <div className="keys-effect" role="status">
          <p>{t('keys.limit.effect')}</p>
          <ul>
            {targets.slice(0, 10).map((k) => (
              <li key={k.keyId}>{t('keys.limit.change', { label: isolate(keyName(k)), before: isolate(describe(k.characterLimit)), after: isolate(describe(value)) })}</li>
            ))}
            {targets.length > 10 ? <li>{t('keys.limit.more', { count: targets.length - 10 })}</li> : null}
          </ul>
          {value === 0 ? <p className="alert alert-warning">{t('keys.limit.blockWarning')}</p> : null}
        </div>
      ) : choice.text.trim() === '' ? (
        <p className="hint">{t('keys.limit.invalid')}</p>
      ) : null}
      {value === 0 ? (
        <>
          {used.node}
          <label className="check">
            <input type="checkbox" checked={confirmBlock} onChange={(e) => setConfirmBlock(e.target.checked)} />
            {t('keys.limit.confirmBlock')}
          </label>
        </>
      ) : null}
      <div className="toolbar">
        <button
          ref={applyRef}
          type="button"
          className="btn btn-primary"
          disabled={!changed || apply.isPending || (value === 0 && (!confirmBlock || !used.ok))}
          aria-describedby={valid && !changed ? 'limit-unchanged' : undefined}
          onClick={() => apply.mutate()}
        >
          {t('keys.limit.apply')}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {t('app.common.cancel')}
        </button>
      </div>
      {apply.isError ? <PanelError error={apply.error} fallback={applyRef} /> : null}
      {result ? <BulkFailures result={result} targets={targets} keyName={keyName} /> : null}
    </section>
  );
}

/**
 * The typed confirmation as it is compared with the label: NFKC (full-width and half-width forms are the same
 * letters, an ideographic space is a space) with runs of white space as one space, no space at either end. Nothing
 * else is forgiven (case, punctuation, a missing letter): it confirms a deactivation that cannot be undone.
 */
export function confirmText(s: string): string {
  return s.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

/** The existing label `label` would repeat (compared as a typed confirmation is, and regardless of case), or null. */
export function sameLabel(label: string, labels: readonly string[]): string | null {
  const wanted = confirmText(label).toLocaleLowerCase();
  if (!wanted) return null;
  return labels.find((l) => confirmText(l).toLocaleLowerCase() === wanted) ?? null;
}

/**
 * Why the typed confirmation cannot confirm, once that is sure: `case` when only capital and small letters differ,
 * `accents` when accents differ too (typed without them, "App movel" for "App móvel", as a Brazilian admin did: it
 * was called "not the key's label"), `other` when it is not the beginning of the expected text either; null while it
 * is empty, right, or still being typed.
 */
export function confirmMismatch(typed: string, expected: string): 'case' | 'accents' | 'other' | null {
  const got = confirmText(typed);
  const want = confirmText(expected);
  if (!got || got === want || want.startsWith(got)) return null;
  const begins = (a: string, b: string) => a === b || a.startsWith(b);
  if (begins(want.toLocaleLowerCase(), got.toLocaleLowerCase())) return 'case';
  return begins(foldForSearch(want), foldForSearch(got)) ? 'accents' : 'other';
}

export function DeactivatePanel({
  connectionId,
  targets,
  keyName,
  visible,
  onDone,
  onCancel,
}: {
  connectionId: string;
  targets: DeveloperKeyView[];
  /** How a key is named in the panel (two keys of one label are told apart by their short id). */
  keyName: KeyName;
  /** Key ids the table shows now (the search and filter may hide some of the targets). */
  visible: ReadonlySet<string>;
  /** `message`: what was done, said on the screen once the panel is gone. */
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const panelRef = usePanelFocus();
  const fieldRef = useRef<HTMLInputElement>(null);
  // The field takes the focus as it appears (before the panel's own focus looks), and is kept for PanelError.
  const attachField = useCallback((el: HTMLInputElement | null) => {
    fieldRef.current = el;
    focusOnMount(el);
  }, []);
  const [typed, setTyped] = useState('');
  const first = targets[0]!;
  const expected = targets.length === 1 ? first.label : String(targets.length);
  const ok = confirmText(typed) === confirmText(expected);
  const mismatch = confirmMismatch(typed, expected);
  const used = useUsedConfirm(targets, true, keyName);
  const { mutation: run, result } = useKeysAction(
    targets,
    (keyId) => api().adminKeys.deactivate({ connectionId, keyId }),
    (keyIds) => api().adminKeys.bulkDeactivate({ connectionId, keyIds }),
    () =>
      onDone(
        targets.length === 1
          ? t('keys.done.deactivated', { label: isolate(keyName(first)) })
          : t('keys.done.deactivatedBulk', { count: targets.length }),
      ),
  );
  return (
    <section
      ref={panelRef}
      className="card keys-panel keys-danger stack"
      role="dialog"
      aria-modal="false"
      aria-labelledby="keys-deactivate-title"
      onKeyDown={(e) => escapeCancels(e, onCancel)}
    >
      <h2 id="keys-deactivate-title" tabIndex={-1}>
        {targets.length === 1 ? t('keys.deactivate.title', { label: isolate(keyName(first)) }) : t('keys.deactivate.titleBulk', { count: targets.length })}
      </h2>
      <p>{t('keys.deactivate.warning')}</p>
      {targets.length > 1 ? (
        <div>
          <p id="keys-deactivate-list">{t('keys.deactivate.list')}</p>
          <ul className="keys-target-list" aria-labelledby="keys-deactivate-list">
            {targets.map((k) => (
              <li key={k.keyId}>{visible.has(k.keyId) ? <bdi>{keyName(k)}</bdi> : t('keys.deactivate.hidden', { label: isolate(keyName(k)) })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {used.node}
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          if (ok && used.ok) run.mutate();
        }}
      >
        <div className="field">
          <label className="field-label" htmlFor="deactivate-confirm">
            {targets.length === 1 ? t('keys.deactivate.typeLabel', { label: isolate(first.label) }) : t('keys.deactivate.typeCount', { count: targets.length })}
          </label>
          <input
            ref={attachField}
            id="deactivate-confirm"
            type="text"
            autoComplete="off"
            value={typed}
            aria-invalid={mismatch ? true : undefined}
            aria-describedby={mismatch ? 'deactivate-mismatch' : undefined}
            onChange={(e) => setTyped(e.target.value)}
          />
          {/* Said as soon as the text typed cannot become the label (not while it is still its beginning). */}
          {mismatch ? (
            <p id="deactivate-mismatch" className="error-text">
              {mismatch === 'case'
                ? t('keys.deactivate.mismatchCase', { label: isolate(first.label) })
                : mismatch === 'accents'
                  ? t('keys.deactivate.mismatchAccents', { label: isolate(first.label) })
                  : targets.length === 1
                    ? t('keys.deactivate.mismatch', { label: isolate(first.label) })
                    : t('keys.deactivate.mismatchCount', { count: targets.length })}
            </p>
          ) : null}
        </div>
        <div className="toolbar">
          <button type="submit" className="btn btn-danger" disabled={!ok || !used.ok || run.isPending}>
            {t('keys.deactivate.submit')}
          </button>
          <button type="button" className="btn" onClick={onCancel}>
            {t('app.common.cancel')}
          </button>
        </div>
      </form>
      {run.isError ? <PanelError error={run.error} fallback={fieldRef} /> : null}
      {result ? <BulkFailures result={result} targets={targets} keyName={keyName} /> : null}
    </section>
  );
}
