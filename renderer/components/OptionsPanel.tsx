/**
 * Renderer component: every option of the text-translation call, grouped as a translator thinks of them (tone and
 * model, context, terminology, custom instructions, markup, sentences). Collapsed by default, with a one-line
 * summary of the options in effect. An option the spec forbids for the chosen languages is disabled with its reason
 * under it (a warning only when the user set that option; otherwise a quiet hint); options the local engine ignores
 * say so.
 */
import { useId, useState } from 'react';
import type { GlossaryView } from '../../shared/ipc/contract.js';
import {
  FORMALITY_VALUES,
  MODEL_TYPES,
  type Formality,
  type ModelType,
} from '../../shared/spec/languages.js';
import { LIMITS } from '../../shared/spec/limits.js';
import { useFormat, useT } from '../i18n/index.js';
import type { DraftOptions } from '../state/translate-store.js';
import {
  customInstructionsAvailability,
  formalityAvailability,
  glossaryAvailability,
  dictionaryForPair,
  glossaryMatchesPair,
  tagHandlingAvailability,
  tagOptionsAvailability,
  xmlTagOptionsAvailability,
  type Availability,
  type Msg,
} from '../lib/translate-rules.js';
import { ruleContext, type DraftProblems, type PairLacks } from '../lib/translate-request.js';
import { useMsg } from '../screens/translate/use-msg.js';
import { LOCAL_ENGINE_IGNORES, optionsSummary } from '../screens/translate/options-summary.js';
import { ErrorAlert } from './ErrorAlert.js';
import { openGlossaryEditor } from '../screens/glossaries/open-editor.js';
import { ProtectOption } from '../screens/translate/ProtectOption.js';
import { StyleTmPicker } from './StyleTmPicker.js';

export interface OptionsPanelProps {
  options: DraftOptions;
  problems: DraftProblems;
  targetSupportsFormality: boolean | undefined;
  /** What /v3/languages says the pair lacks (glossary, tag handling): those options are off, with the reason. */
  pairLacks?: PairLacks;
  glossaries: GlossaryView[] | undefined;
  glossariesError: unknown;
  /** The active connection is the local engine (which ignores formality, model, context and instructions). */
  local: boolean;
  /** The active connection: decides which style rule lists and translation memories are listed. */
  connectionId?: string | null;
  onChange: (patch: Partial<DraftOptions>) => void;
  onReset: () => void;
}

const TAG_LISTS = ['splittingTags', 'nonSplittingTags', 'ignoreTags'] as const;

function Reason({ id, availability, set }: { id: string; availability: Availability; set: boolean }) {
  const msg = useMsg();
  if (availability.enabled || !availability.reason) return null;
  return (
    <p id={id} className={set ? 'reason' : 'hint'}>
      {msg(availability.reason)}
    </p>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="error-text" role="alert">
      {message}
    </p>
  );
}

function NoEffect({ local }: { local: boolean }) {
  const t = useT();
  if (!local) return null;
  return <span className="badge tr-no-effect">{t('translate.options.noEffectLocal')}</span>;
}

export function OptionsPanel({
  options: o,
  problems,
  targetSupportsFormality,
  pairLacks,
  glossaries,
  glossariesError,
  local,
  connectionId,
  onChange,
  onReset,
}: OptionsPanelProps) {
  const t = useT();
  const f = useFormat();
  const msg = useMsg();
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const ctx = ruleContext(o, targetSupportsFormality, pairLacks);
  const formality = formalityAvailability(ctx);
  const glossary = glossaryAvailability(ctx);
  const instructions = customInstructionsAvailability(ctx);
  const tagHandling = tagHandlingAvailability(ctx);
  const tags = tagOptionsAvailability(ctx);
  const xmlTags = xmlTagOptionsAvailability(ctx);
  const matching = (glossaries ?? []).filter((g) => glossaryMatchesPair(g, o.sourceLang, o.targetLang));
  const selected = new Set(o.glossaryIds);
  // "Edit…" opens the glossary on the Glossaries screen; a failure (e.g. the service is unreachable) shows here.
  const [editError, setEditError] = useState<unknown>(null);
  // The body (some 60 controls, the glossary list, the style rule and memory pickers) is built the first time the
  // panel opens, then kept: a closed panel shows only its summary, and building the rest held the first paint of
  // Translate by ~40 ms.
  const [opened, setOpened] = useState(false);
  // The ticked glossaries of the pair chosen are the ones sent: a glossary ticked for another pair (before a swap, or
  // for another pair altogether) stays ticked for that pair but is neither counted nor said to be in effect (the
  // summary said "In effect: 1 glossary" beside "no glossary for Spanish → British English").
  const inEffect = o.glossaryIds.filter((g) => matching.some((m) => m.glossaryId === g));
  const atGlossaryLimit = inEffect.length >= LIMITS.glossariesPerRequest;
  const xmlSet = !o.outlineDetection || Boolean(o.splittingTags || o.nonSplittingTags || o.ignoreTags);
  const problem = (k: keyof DraftOptions) => (problems[k] ? msg(problems[k]) : undefined);
  const summary = optionsSummary({ ...o, glossaryIds: inEffect }, ctx, local ? LOCAL_ENGINE_IGNORES : []);
  const listed = (ms: readonly Msg[]) => f.list(ms.map((m) => msg(m)));

  const toggleGlossary = (glossaryId: string, on: boolean) =>
    onChange({
      // Ticks for other pairs are kept (they count toward their own pair's limit, not this one's): capping the whole
      // list could drop the glossary just ticked.
      glossaryIds: on ? [...o.glossaryIds.filter((g) => g !== glossaryId), glossaryId] : o.glossaryIds.filter((g) => g !== glossaryId),
    });

  const setInstruction = (i: number, value: string) =>
    onChange({ customInstructions: o.customInstructions.map((s, j) => (j === i ? value : s)) });

  return (
    <details
      className="advanced tr-options"
      onToggle={(e) => e.currentTarget.open && setOpened(true)}
      onKeyDown={(e) => {
        // Esc closes the panel, as the keyboard help says of panels, and gives the focus to its summary; an Esc a
        // control inside used (a select's open list) is not taken.
        if (e.key !== 'Escape' || e.defaultPrevented || !e.currentTarget.open) return;
        e.preventDefault();
        e.currentTarget.open = false;
        e.currentTarget.querySelector('summary')?.focus();
      }}
    >
      <summary>
        {t('translate.options.title')}
        <span className="hint tr-summary">
          {' — '}
          {summary.inEffect.length
            ? t('translate.options.summaryLabel', { list: listed(summary.inEffect) })
            : t('translate.options.summaryDefault')}
          {summary.noEffect.length > 0 && (
            <>
              {'; '}
              <span className="tr-summary-ignored">
                {t('translate.options.summaryNoEffect', { list: listed(summary.noEffect) })}
              </span>
            </>
          )}
        </span>
      </summary>
      {opened && (
        <>
          <div className="options">
            <fieldset>
              <legend>{t('translate.options.toneModel')}</legend>
              <div className="field">
                <label htmlFor={id('formality')}>
                  {t('translate.options.formality')} <NoEffect local={local} />
                </label>
                <select
                  id={id('formality')}
                  value={formality.enabled ? o.formality : 'default'}
                  disabled={!formality.enabled}
                  aria-describedby={formality.enabled ? undefined : id('formality-reason')}
                  onChange={(e) => onChange({ formality: e.target.value as Formality })}
                >
                  {FORMALITY_VALUES.map((v) => (
                    <option key={v} value={v}>
                      {t(`translate.options.formality.${v}`)}
                    </option>
                  ))}
                </select>
                <Reason
                  id={id('formality-reason')}
                  availability={formality}
                  set={o.formality !== 'default'}
                />
              </div>
              <div className="field">
                <label htmlFor={id('model')}>
                  {t('translate.options.model')} <NoEffect local={local} />
                </label>
                <select
                  id={id('model')}
                  value={o.modelType}
                  onChange={(e) => onChange({ modelType: e.target.value as ModelType | '' })}
                >
                  <option value="">{t('translate.options.model.default')}</option>
                  {MODEL_TYPES.map((m) => (
                    <option key={m} value={m}>
                      {t(`translate.options.model.${m}`)}
                    </option>
                  ))}
                </select>
              </div>
            </fieldset>

            <fieldset>
              <legend>{t('translate.options.context')}</legend>
              <div className="field">
                <label htmlFor={id('context')}>
                  {t('translate.options.contextLabel')} <NoEffect local={local} />
                </label>
                <textarea
                  id={id('context')}
                  rows={3}
                  value={o.context}
                  placeholder={t('translate.options.contextPlaceholder')}
                  onChange={(e) => onChange({ context: e.target.value })}
                />
              </div>
            </fieldset>

            <fieldset>
              <legend>{t('translate.options.glossaries')}</legend>
              <Reason id={id('glossary-reason')} availability={glossary} set={o.glossaryIds.length > 0} />
              {glossary.enabled && glossariesError !== null && glossariesError !== undefined && (
                <ErrorAlert error={glossariesError} message={t('translate.options.glossariesFailed')} />
              )}
              {glossary.enabled && glossaries && matching.length === 0 && (
                <p className="hint">
                  {t('translate.options.noGlossary', {
                    source: f.languageNameInText(o.sourceLang),
                    target: f.languageNameInText(o.targetLang),
                  })}
                </p>
              )}
              {glossary.enabled && matching.length > 0 && (
                <ul className="chip-list" aria-describedby={id('glossary-hint')}>
                  {matching.map((g) => {
                    const checked = selected.has(g.glossaryId);
                    return (
                      <li key={g.glossaryId}>
                        <label className="check">
                          <input
                            type="checkbox"
                            checked={checked}
                            disabled={(!checked && atGlossaryLimit) || g.ready === false}
                            onChange={(e) => toggleGlossary(g.glossaryId, e.target.checked)}
                          />
                          <span>
                            {g.name}{' '}
                            <span className="hint">
                              {g.ready === false
                                ? t('translate.options.glossaryNotReady', {
                                    count: dictionaryForPair(g, o.sourceLang, o.targetLang).entryCount,
                                  })
                                : t('translate.options.glossaryEntries', {
                                    count: dictionaryForPair(g, o.sourceLang, o.targetLang).entryCount,
                                  })}
                            </span>
                          </span>
                        </label>
                        <button
                          type="button"
                          className="btn btn-small"
                          aria-label={t('translate.options.glossaryEditNamed', { name: g.name })}
                          onClick={() => {
                            setEditError(null);
                            openGlossaryEditor(
                              g.glossaryId,
                              g.dictionaries
                                ? { sourceLang: o.sourceLang, targetLang: o.targetLang }
                                : undefined,
                            ).catch((e: unknown) => setEditError(e));
                          }}
                        >
                          {t('translate.options.glossaryEdit')}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
              {editError !== null && <ErrorAlert error={editError} />}
              <p id={id('glossary-hint')} className="hint">
                {atGlossaryLimit
                  ? t('translate.options.glossaryLimit', { max: LIMITS.glossariesPerRequest })
                  : t('translate.options.glossaryHint', { max: LIMITS.glossariesPerRequest })}
              </p>
            </fieldset>

            <fieldset>
              <legend>{t('translate.options.styleTm')}</legend>
              <StyleTmPicker
                connectionId={connectionId ?? null}
                kind="text"
                sourceLang={o.sourceLang}
                targetLangs={[o.targetLang]}
                styleId={o.styleId}
                translationMemoryId={o.translationMemoryId}
                threshold={o.translationMemoryThreshold}
                local={local}
                problems={{
                  styleId: problem('styleId'),
                  translationMemoryId: problem('translationMemoryId'),
                  threshold: problem('translationMemoryThreshold'),
                }}
                onChange={(c) =>
                  onChange({
                    ...(c.styleId !== undefined && { styleId: c.styleId }),
                    ...(c.translationMemoryId !== undefined && {
                      translationMemoryId: c.translationMemoryId,
                    }),
                    ...(c.threshold !== undefined && { translationMemoryThreshold: c.threshold }),
                  })
                }
              />
            </fieldset>

            <fieldset>
              <legend>
                {t('translate.options.instructions')} <NoEffect local={local} />
              </legend>
              <Reason
                id={id('ci-reason')}
                availability={instructions}
                set={o.customInstructions.some((s) => s.trim() !== '')}
              />
              <ul className="chip-list">
                {o.customInstructions.map((text, i) => (
                  <li key={i}>
                    <input
                      type="text"
                      aria-label={t('translate.options.instruction', { n: i + 1 })}
                      value={text}
                      maxLength={LIMITS.customInstructionChars}
                      disabled={!instructions.enabled}
                      onChange={(e) => setInstruction(i, e.target.value)}
                    />
                    <button
                      type="button"
                      className="btn btn-ghost btn-small"
                      aria-label={t('translate.options.removeInstruction', { n: i + 1 })}
                      onClick={() =>
                        onChange({ customInstructions: o.customInstructions.filter((_, j) => j !== i) })
                      }
                    >
                      {t('translate.options.removeSymbol')}
                    </button>
                  </li>
                ))}
              </ul>
              <div className="toolbar">
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={!instructions.enabled || o.customInstructions.length >= LIMITS.customInstructions}
                  onClick={() => onChange({ customInstructions: [...o.customInstructions, ''] })}
                >
                  {t('translate.options.addInstruction')}
                </button>
                <span className="hint">
                  {t('translate.options.instructionsCount', {
                    count: o.customInstructions.length,
                    max: LIMITS.customInstructions,
                    chars: LIMITS.customInstructionChars,
                  })}
                </span>
              </div>
              <FieldError id={id('ci-error')} message={problem('customInstructions')} />
            </fieldset>

            <fieldset>
              <legend>{t('translate.options.markup')}</legend>
              <ProtectOption value={o.protect} onChange={(protect) => onChange({ protect })} />
              <div className="field">
                <label htmlFor={id('tags')}>{t('translate.options.tags')}</label>
                <select
                  id={id('tags')}
                  value={ctx.tagHandling}
                  disabled={!tagHandling.enabled}
                  aria-describedby={tagHandling.enabled ? undefined : id('tags-reason')}
                  onChange={(e) => onChange({ tagHandling: e.target.value as DraftOptions['tagHandling'] })}
                >
                  <option value="">{t('translate.options.tags.plain')}</option>
                  <option value="xml">{t('translate.options.tags.xml')}</option>
                  <option value="html">{t('translate.options.tags.html')}</option>
                </select>
                <Reason id={id('tags-reason')} availability={tagHandling} set={o.tagHandling !== ''} />
              </div>
              <div className="field">
                <label htmlFor={id('tag-version')}>{t('translate.options.tagVersion')}</label>
                <select
                  id={id('tag-version')}
                  value={o.tagHandlingVersion}
                  disabled={!tags.enabled}
                  aria-describedby={tags.enabled ? undefined : id('tag-version-reason')}
                  onChange={(e) =>
                    onChange({ tagHandlingVersion: e.target.value as DraftOptions['tagHandlingVersion'] })
                  }
                >
                  <option value="">{t('translate.options.model.default')}</option>
                  <option value="v1">{t('translate.options.tagVersion.v1')}</option>
                  <option value="v2">{t('translate.options.tagVersion.v2')}</option>
                </select>
                <Reason id={id('tag-version-reason')} availability={tags} set={o.tagHandlingVersion !== ''} />
              </div>
              <label className="check">
                <input
                  type="checkbox"
                  checked={o.outlineDetection}
                  disabled={!xmlTags.enabled}
                  aria-describedby={xmlTags.enabled ? undefined : id('xml-reason')}
                  onChange={(e) => onChange({ outlineDetection: e.target.checked })}
                />
                {t('translate.options.outline')}
              </label>
              {TAG_LISTS.map((key) => (
                <div className="field" key={key}>
                  <label htmlFor={id(key)}>{t(`translate.options.${key}`)}</label>
                  <input
                    id={id(key)}
                    type="text"
                    spellCheck={false}
                    placeholder={t('translate.options.tagListPlaceholder')}
                    value={o[key]}
                    disabled={!xmlTags.enabled}
                    aria-describedby={xmlTags.enabled ? undefined : id('xml-reason')}
                    onChange={(e) => onChange({ [key]: e.target.value })}
                  />
                </div>
              ))}
              <Reason id={id('xml-reason')} availability={xmlTags} set={xmlSet} />
            </fieldset>

            <fieldset>
              <legend>{t('translate.options.sentences')}</legend>
              <div className="field">
                <label htmlFor={id('split')}>{t('translate.options.split')}</label>
                <select
                  id={id('split')}
                  value={o.splitSentences}
                  onChange={(e) =>
                    onChange({ splitSentences: e.target.value as DraftOptions['splitSentences'] })
                  }
                >
                  <option value="">{t('translate.options.model.default')}</option>
                  <option value="1">{t('translate.options.split.1')}</option>
                  <option value="nonewlines">{t('translate.options.split.nonewlines')}</option>
                  <option value="0">{t('translate.options.split.0')}</option>
                </select>
              </div>
              <label className="check">
                <input
                  type="checkbox"
                  checked={o.preserveFormatting}
                  onChange={(e) => onChange({ preserveFormatting: e.target.checked })}
                />
                {t('translate.options.preserve')}
              </label>
            </fieldset>
          </div>
          <div className="toolbar">
            <button type="button" className="btn btn-small btn-ghost" onClick={onReset}>
              {t('translate.options.reset')}
            </button>
          </div>
        </>
      )}
    </details>
  );
}
