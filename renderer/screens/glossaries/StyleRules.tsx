/**
 * Renderer: the style rule lists of the active connection (a section of the Glossaries screen, shown where the
 * connection offers `/v3/style_rules`): a table of name, language and number of custom instructions; create,
 * rename and delete (asks first); the editor of one list with its configured rules (the seven groups as choices,
 * each rule a name and an option) and its custom instructions (label and prompt, added, edited and removed within
 * the service's limits).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  CONFIGURED_RULE_GROUPS,
  STYLE_RULE_LIMITS,
  type ConfiguredRuleGroup,
  type StyleRuleView,
} from '../../../shared/ipc/contract-customisation.js';
import { CUSTOM_INSTRUCTION_BASES } from '../../../shared/spec/languages.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat, useT } from '../../i18n/index.js';
import { api, unwrap } from '../../lib/api.js';
import { isolateEach } from '../../lib/bidi.js';
import { useCapabilities, useStyleRules } from '../../lib/customisation-queries.js';
import '../../components/customisation.css';
import { focusOnMount } from '../../lib/focus-on-mount.js';

/** A rule's or an option's name as the service spells it (`quotation_mark`), quoted in the rules' hint. */
const CODE_NAME = /[a-z][a-z0-9]*(?:_[a-z0-9]+)+/g;

export function StyleRulesSection({ connectionId, local }: { connectionId: string | null; local: boolean }) {
  const t = useT();
  const f = useFormat();
  const qc = useQueryClient();
  const caps = useCapabilities(connectionId);
  const rules = useStyleRules(connectionId, caps.data?.styleRules === true);
  const [editing, setEditing] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<StyleRuleView | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: ['customisation.styleRules'] });
  const remove = useMutation({
    mutationFn: (styleId: string) => unwrap(api().customisation.styleRuleDelete({ styleId })),
    onSuccess: () => {
      setConfirm(null);
      refresh();
    },
  });

  if (caps.isPending) return null;
  if (caps.data?.styleRules !== true) return null;
  const current = rules.data?.find((r) => r.styleId === editing);

  return (
    <section className="gl-styles" aria-labelledby="gl-styles-title">
      <h2 id="gl-styles-title">{t('customisation.styles.title')}</h2>
      <p className="hint">{t('customisation.styles.intro')}</p>
      {local && <p className="hint">{t('customisation.styles.localNoEffect')}</p>}
      {current ? (
        <StyleRuleEditor rule={current} onClose={() => setEditing(null)} />
      ) : (
        <>
          <div className="gl-list-tools">
            <button type="button" className="btn btn-primary" onClick={() => setCreating(true)} disabled={creating}>
              {t('customisation.styles.new')}
            </button>
          </div>
          {creating && (
            <CreateStyleRule
              languages={(caps.data.text ?? []).filter((l) => l.target && l.features.includes('style_rules')).map((l) => l.code)}
              onDone={(id) => {
                setCreating(false);
                if (id) setEditing(id);
              }}
            />
          )}
          {rules.isPending ? (
            <p role="status">{t('customisation.common.loading')}</p>
          ) : rules.error ? (
            <ErrorAlert error={rules.error} look="box" />
          ) : (rules.data ?? []).length === 0 ? (
            <p className="gl-empty">{t('customisation.styles.empty')}</p>
          ) : (
            <table className="gl-table">
              <caption className="visually-hidden">{t('customisation.styles.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('customisation.common.name')}</th>
                  <th scope="col">{t('customisation.styles.language')}</th>
                  <th scope="col">{t('customisation.styles.instructions')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('customisation.styles.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {(rules.data ?? []).map((r) => (
                  <tr key={r.styleId}>
                    <th scope="row">{r.name}</th>
                    <td>{f.languageName(r.language)}</td>
                    <td>{t('customisation.styles.instructionCount', { count: r.customInstructions.length })}</td>
                    <td className="gl-row-actions">
                      <button type="button" className="btn" aria-label={t('customisation.styles.editNamed', { name: r.name })} onClick={() => setEditing(r.styleId)}>
                        {t('customisation.styles.edit')}
                      </button>
                      <button type="button" className="btn btn-danger" aria-label={t('customisation.styles.deleteNamed', { name: r.name })} onClick={() => setConfirm(r)}>
                        {t('customisation.styles.delete')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      {confirm && (
        <div className="gl-dialog" role="alertdialog" aria-modal="false" aria-labelledby="gl-style-del">
          <h2 id="gl-style-del">{t('customisation.styles.deleteConfirm', { name: confirm.name })}</h2>
          {remove.error ? <ErrorAlert error={remove.error} look="box" /> : null}
          <div className="gl-actions">
            <button type="button" className="btn btn-danger" onClick={() => remove.mutate(confirm.styleId)} disabled={remove.isPending}>
              {t('customisation.styles.delete')}
            </button>
            <button type="button" className="btn" onClick={() => setConfirm(null)} ref={focusOnMount}>
              {t('customisation.common.cancel')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

function CreateStyleRule({ languages, onDone }: { languages: string[]; onDone: (styleId: string | null) => void }) {
  const t = useT();
  const f = useFormat();
  const uid = useId();
  const choices = languages.length ? languages : [...CUSTOM_INSTRUCTION_BASES];
  const [name, setName] = useState('');
  const [language, setLanguage] = useState(choices.includes('DE') ? 'DE' : (choices[0] ?? ''));
  const create = useMutation({
    mutationFn: () => unwrap(api().customisation.styleRuleCreate({ name: name.trim(), language })),
    onSuccess: (r) => onDone(r.styleId),
  });
  return (
    <form
      className="gl-panel gl-inline-form"
      aria-labelledby={`${uid}-t`}
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) create.mutate();
      }}
    >
      <h3 id={`${uid}-t`}>{t('customisation.styles.new')}</h3>
      <label>
        {t('customisation.common.name')}
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={STYLE_RULE_LIMITS.nameChars} ref={focusOnMount} required />
      </label>
      <label>
        {t('customisation.styles.language')}
        <select value={language} onChange={(e) => setLanguage(e.target.value)}>
          {choices.map((c) => (
            <option key={c} value={c}>
              {f.languageName(c)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn-primary" disabled={!name.trim() || create.isPending}>
        {t('customisation.styles.create')}
      </button>
      <button type="button" className="btn" onClick={() => onDone(null)}>
        {t('customisation.common.cancel')}
      </button>
      {create.error ? <ErrorAlert error={create.error} look="box" /> : null}
    </form>
  );
}

type RuleRow = { group: ConfiguredRuleGroup; rule: string; option: string };

function toRows(r: StyleRuleView): RuleRow[] {
  const out: RuleRow[] = [];
  for (const [group, rules] of Object.entries(r.configuredRules)) {
    for (const [rule, option] of Object.entries(rules)) out.push({ group: group as ConfiguredRuleGroup, rule, option });
  }
  return out;
}

function fromRows(rows: RuleRow[]): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const r of rows) {
    if (!r.rule.trim() || !r.option.trim()) continue;
    (out[r.group] ??= {})[r.rule.trim()] = r.option.trim();
  }
  return out;
}

export function StyleRuleEditor({ rule, onClose }: { rule: StyleRuleView; onClose: () => void }) {
  const t = useT();
  const f = useFormat();
  const uid = useId();
  const [name, setName] = useState(rule.name);
  const [rows, setRows] = useState<RuleRow[]>(() => toRows(rule));
  const [saved, setSaved] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: () => unwrap(api().customisation.styleRuleRename({ styleId: rule.styleId, name: name.trim() })),
    onSuccess: () => setSaved(t('customisation.styles.saved')),
  });
  const configure = useMutation({
    mutationFn: () => unwrap(api().customisation.styleRuleConfigure({ styleId: rule.styleId, configuredRules: fromRows(rows) })),
    onSuccess: () => setSaved(t('customisation.styles.saved')),
  });
  const setRow = (i: number, patch: Partial<RuleRow>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  return (
    <div className="gl-panel gl-style-editor" role="region" aria-labelledby={`${uid}-t`}>
      <h3 id={`${uid}-t`}>{t('customisation.styles.editorTitle', { name: rule.name, language: f.languageNameInText(rule.language) })}</h3>
      {saved && (
        <p className="alert alert-success" role="status">
          {saved}
        </p>
      )}
      <form
        className="gl-inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim() && name.trim() !== rule.name) rename.mutate();
        }}
      >
        <label>
          {t('customisation.common.name')}
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={STYLE_RULE_LIMITS.nameChars} />
        </label>
        <button type="submit" className="btn" disabled={!name.trim() || name.trim() === rule.name || rename.isPending}>
          {t('customisation.glossary.rename')}
        </button>
        {rename.error ? <ErrorAlert error={rename.error} look="box" /> : null}
      </form>

      <fieldset>
        <legend>{t('customisation.styles.rules')}</legend>
        <p className="hint">{isolateEach(t('customisation.styles.rulesHint'), CODE_NAME)}</p>
        {rows.length === 0 && <p className="hint">{t('customisation.styles.noRules')}</p>}
        <ul className="gl-rule-rows">
          {rows.map((r, i) => (
            <li key={i}>
              <label>
                {t('customisation.styles.group')}
                <select value={r.group} onChange={(e) => setRow(i, { group: e.target.value as ConfiguredRuleGroup })}>
                  {CONFIGURED_RULE_GROUPS.map((g) => (
                    <option key={g} value={g}>
                      {t(`customisation.group.${g}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t('customisation.styles.ruleName')}
                <input value={r.rule} dir="ltr" spellCheck={false} maxLength={200} onChange={(e) => setRow(i, { rule: e.target.value })} />
              </label>
              <label>
                {t('customisation.styles.option')}
                <input value={r.option} dir="ltr" spellCheck={false} maxLength={200} onChange={(e) => setRow(i, { option: e.target.value })} />
              </label>
              <button
                type="button"
                className="btn btn-ghost btn-small"
                aria-label={t('customisation.styles.removeRule', { rule: r.rule || String(i + 1) })}
                onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
              >
                {t('customisation.dict.remove')}
              </button>
            </li>
          ))}
        </ul>
        <div className="toolbar">
          <button type="button" className="btn btn-small" onClick={() => setRows((rs) => [...rs, { group: 'punctuation', rule: '', option: '' }])}>
            {t('customisation.styles.addRule')}
          </button>
          <button type="button" className="btn btn-primary btn-small" onClick={() => configure.mutate()} disabled={configure.isPending}>
            {t('customisation.styles.saveRules')}
          </button>
        </div>
        {configure.error ? <ErrorAlert error={configure.error} look="box" /> : null}
      </fieldset>

      <Instructions rule={rule} onSaved={() => setSaved(t('customisation.styles.saved'))} />
      <div className="gl-actions">
        <button type="button" className="btn" onClick={onClose}>
          {t('customisation.styles.close')}
        </button>
      </div>
    </div>
  );
}

function Instructions({ rule, onSaved }: { rule: StyleRuleView; onSaved: () => void }) {
  const t = useT();
  const full = rule.customInstructions.length >= STYLE_RULE_LIMITS.customInstructions;
  const [adding, setAdding] = useState(false);
  return (
    <fieldset>
      <legend>{t('customisation.styles.instructions')}</legend>
      <p className="hint">{t('customisation.styles.instructionsHint', { max: STYLE_RULE_LIMITS.customInstructions, chars: STYLE_RULE_LIMITS.promptChars })}</p>
      {rule.customInstructions.length === 0 && !adding && <p className="hint">{t('customisation.styles.noInstructions')}</p>}
      <ul className="gl-instructions">
        {rule.customInstructions.map((c) => (
          <li key={c.id}>
            <InstructionForm styleId={rule.styleId} instruction={c} onSaved={onSaved} />
          </li>
        ))}
        {adding && (
          <li>
            <InstructionForm
              styleId={rule.styleId}
              onSaved={() => {
                setAdding(false);
                onSaved();
              }}
              onCancel={() => setAdding(false)}
            />
          </li>
        )}
      </ul>
      <button type="button" className="btn btn-small" onClick={() => setAdding(true)} disabled={adding || full}>
        {t('customisation.styles.addInstruction')}
      </button>
    </fieldset>
  );
}

function InstructionForm({
  styleId,
  instruction,
  onSaved,
  onCancel,
}: {
  styleId: string;
  instruction?: { id: string; label: string; prompt: string };
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const uid = useId();
  const qc = useQueryClient();
  const [label, setLabel] = useState(instruction?.label ?? '');
  const [prompt, setPrompt] = useState(instruction?.prompt ?? '');
  const done = () => {
    void qc.invalidateQueries({ queryKey: ['customisation.styleRules'] });
    onSaved();
  };
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        instruction
          ? api().customisation.instructionUpdate({ styleId, instructionId: instruction.id, label: label.trim(), prompt: prompt.trim() })
          : api().customisation.instructionAdd({ styleId, label: label.trim(), prompt: prompt.trim() }),
      ),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api().customisation.instructionRemove({ styleId, instructionId: instruction!.id })),
    onSuccess: done,
  });
  const left = STYLE_RULE_LIMITS.promptChars - [...prompt].length;
  const changed = !instruction || label !== instruction.label || prompt !== instruction.prompt;
  return (
    <form
      className="gl-instruction"
      onSubmit={(e) => {
        e.preventDefault();
        if (label.trim() && prompt.trim() && left >= 0) save.mutate();
      }}
    >
      <label>
        {t('customisation.styles.label')}
        <input value={label} onChange={(e) => setLabel(e.target.value)} maxLength={STYLE_RULE_LIMITS.labelChars} required />
      </label>
      <label htmlFor={`${uid}-p`}>{t('customisation.styles.prompt')}</label>
      <textarea
        id={`${uid}-p`}
        rows={2}
        value={prompt}
        maxLength={STYLE_RULE_LIMITS.promptChars}
        aria-describedby={`${uid}-left`}
        onChange={(e) => setPrompt(e.target.value)}
        required
      />
      <p id={`${uid}-left`} className="hint">
        {t('customisation.styles.charsLeft', { count: Math.max(0, left) })}
      </p>
      <div className="toolbar">
        <button type="submit" className="btn btn-primary btn-small" disabled={!label.trim() || !prompt.trim() || !changed || save.isPending}>
          {t('customisation.styles.saveInstruction')}
        </button>
        {instruction ? (
          <button type="button" className="btn btn-ghost btn-small" aria-label={t('customisation.styles.removeInstruction', { label: instruction.label })} onClick={() => remove.mutate()} disabled={remove.isPending}>
            {t('customisation.dict.remove')}
          </button>
        ) : (
          <button type="button" className="btn btn-small" onClick={onCancel}>
            {t('customisation.common.cancel')}
          </button>
        )}
      </div>
      {save.error ? <ErrorAlert error={save.error} look="box" /> : null}
      {remove.error ? <ErrorAlert error={remove.error} look="box" /> : null}
    </form>
  );
}
