/**
 * Renderer component: every option of the text-translation call, grouped as a translator thinks of them (tone and
 * model, context, terminology, custom instructions, markup, sentences). An option the spec forbids for the chosen
 * languages is disabled and its reason is shown right under it (and tied to it with aria-describedby).
 */
import { useId } from 'react';
import type { GlossaryView } from '../../shared/ipc/contract.js';
import {
  FORMALITY_VALUES,
  MODEL_TYPES,
  languageName,
  type Formality,
  type ModelType,
} from '../../shared/spec/languages.js';
import { LIMITS } from '../../shared/spec/limits.js';
import { errorMessage } from '../lib/api.js';
import type { DraftOptions } from '../state/translate-store.js';
import {
  customInstructionsAvailability,
  formalityAvailability,
  glossaryAvailability,
  glossaryMatchesPair,
  tagOptionsAvailability,
  xmlTagOptionsAvailability,
  type Availability,
} from '../lib/translate-rules.js';
import { ruleContext, type DraftProblems } from '../lib/translate-request.js';

const FORMALITY_LABELS: Record<Formality, string> = {
  default: 'Default',
  more: 'More formal',
  less: 'Less formal',
  prefer_more: 'Prefer more formal',
  prefer_less: 'Prefer less formal',
};

const MODEL_LABELS: Record<ModelType, string> = {
  latency_optimized: 'Faster (latency optimized)',
  quality_optimized: 'Best quality (quality optimized)',
  prefer_quality_optimized: 'Prefer quality',
};

export interface OptionsPanelProps {
  options: DraftOptions;
  problems: DraftProblems;
  targetSupportsFormality: boolean | undefined;
  glossaries: GlossaryView[] | undefined;
  glossariesError: unknown;
  onChange: (patch: Partial<DraftOptions>) => void;
  onReset: () => void;
}

function Reason({ id, availability }: { id: string; availability: Availability }) {
  if (availability.enabled) return null;
  return (
    <p id={id} className="reason">
      {availability.reason}
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

export function OptionsPanel({
  options: o,
  problems,
  targetSupportsFormality,
  glossaries,
  glossariesError,
  onChange,
  onReset,
}: OptionsPanelProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const ctx = ruleContext(o, targetSupportsFormality);
  const formality = formalityAvailability(ctx);
  const glossary = glossaryAvailability(ctx);
  const instructions = customInstructionsAvailability(ctx);
  const tags = tagOptionsAvailability(ctx);
  const xmlTags = xmlTagOptionsAvailability(ctx);
  const matching = (glossaries ?? []).filter((g) => glossaryMatchesPair(g, o.sourceLang, o.targetLang));
  const selected = new Set(o.glossaryIds);
  const atGlossaryLimit = o.glossaryIds.length >= LIMITS.glossariesPerRequest;

  const toggleGlossary = (glossaryId: string, on: boolean) =>
    onChange({
      glossaryIds: on
        ? [...o.glossaryIds, glossaryId].slice(0, LIMITS.glossariesPerRequest)
        : o.glossaryIds.filter((g) => g !== glossaryId),
    });

  const setInstruction = (i: number, value: string) =>
    onChange({ customInstructions: o.customInstructions.map((s, j) => (j === i ? value : s)) });

  return (
    <details className="advanced" open>
      <summary>Options</summary>
      <div className="options">
        <fieldset>
          <legend>Tone and model</legend>
          <div className="field">
            <label htmlFor={id('formality')}>Formality</label>
            <select
              id={id('formality')}
              value={formality.enabled ? o.formality : 'default'}
              disabled={!formality.enabled}
              aria-describedby={formality.enabled ? undefined : id('formality-reason')}
              onChange={(e) => onChange({ formality: e.target.value as Formality })}
            >
              {FORMALITY_VALUES.map((f) => (
                <option key={f} value={f}>
                  {FORMALITY_LABELS[f]}
                </option>
              ))}
            </select>
            <Reason id={id('formality-reason')} availability={formality} />
          </div>
          <div className="field">
            <label htmlFor={id('model')}>Model</label>
            <select
              id={id('model')}
              value={o.modelType}
              onChange={(e) => onChange({ modelType: e.target.value as ModelType | '' })}
            >
              <option value="">Service default</option>
              {MODEL_TYPES.map((m) => (
                <option key={m} value={m}>
                  {MODEL_LABELS[m]}
                </option>
              ))}
            </select>
          </div>
        </fieldset>

        <fieldset>
          <legend>Context</legend>
          <div className="field">
            <label htmlFor={id('context')}>Context (not translated, not billed)</label>
            <textarea
              id={id('context')}
              rows={3}
              value={o.context}
              placeholder="e.g. This is a button label in a banking app."
              onChange={(e) => onChange({ context: e.target.value })}
            />
          </div>
        </fieldset>

        <fieldset>
          <legend>Glossaries</legend>
          <Reason id={id('glossary-reason')} availability={glossary} />
          {glossary.enabled && glossariesError !== null && glossariesError !== undefined && (
            <p className="error-text">Glossaries could not be loaded: {errorMessage(glossariesError)}</p>
          )}
          {glossary.enabled && glossaries && matching.length === 0 && (
            <p className="hint">
              No glossary for {languageName(o.sourceLang)} → {languageName(o.targetLang)} on this connection.
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
                      {g.name}{' '}
                      <span className="hint">
                        ({g.entryCount} entries{g.ready === false ? ', not ready yet' : ''})
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
          <p id={id('glossary-hint')} className="hint">
            Up to {LIMITS.glossariesPerRequest} glossaries for the chosen pair
            {atGlossaryLimit ? ' — the limit is reached' : ''}.
          </p>
        </fieldset>

        <fieldset>
          <legend>Style rules and translation memory</legend>
          <div className="field">
            <label htmlFor={id('style')}>Style rule list id</label>
            <input
              id={id('style')}
              type="text"
              spellCheck={false}
              value={o.styleId}
              aria-invalid={problems.styleId ? true : undefined}
              aria-describedby={problems.styleId ? id('style-error') : id('style-hint')}
              onChange={(e) => onChange({ styleId: e.target.value })}
            />
            <p id={id('style-hint')} className="hint">
              The list’s language must match the target language.
            </p>
            <FieldError id={id('style-error')} message={problems.styleId} />
          </div>
          <div className="field">
            <label htmlFor={id('tm')}>Translation memory id</label>
            <input
              id={id('tm')}
              type="text"
              spellCheck={false}
              value={o.translationMemoryId}
              aria-invalid={problems.translationMemoryId ? true : undefined}
              aria-describedby={problems.translationMemoryId ? id('tm-error') : undefined}
              onChange={(e) => onChange({ translationMemoryId: e.target.value })}
            />
            <FieldError id={id('tm-error')} message={problems.translationMemoryId} />
          </div>
          <div className="field">
            <label htmlFor={id('tm-threshold')}>Match threshold (0–100)</label>
            <input
              id={id('tm-threshold')}
              type="number"
              min={0}
              max={100}
              step={1}
              value={o.translationMemoryThreshold}
              disabled={!o.translationMemoryId.trim()}
              aria-invalid={problems.translationMemoryThreshold ? true : undefined}
              aria-describedby={
                o.translationMemoryId.trim() ? id('tm-threshold-error') : id('tm-threshold-reason')
              }
              onChange={(e) => onChange({ translationMemoryThreshold: e.target.valueAsNumber })}
            />
            {!o.translationMemoryId.trim() && (
              <p id={id('tm-threshold-reason')} className="reason">
                Enter a translation memory id to set its threshold (default 75).
              </p>
            )}
            <FieldError id={id('tm-threshold-error')} message={problems.translationMemoryThreshold} />
          </div>
        </fieldset>

        <fieldset>
          <legend>Custom instructions</legend>
          <Reason id={id('ci-reason')} availability={instructions} />
          <ul className="chip-list">
            {o.customInstructions.map((text, i) => (
              <li key={i}>
                <input
                  type="text"
                  aria-label={`Instruction ${i + 1}`}
                  value={text}
                  maxLength={LIMITS.customInstructionChars}
                  disabled={!instructions.enabled}
                  onChange={(e) => setInstruction(i, e.target.value)}
                />
                <button
                  type="button"
                  className="btn btn-ghost btn-small"
                  aria-label={`Remove instruction ${i + 1}`}
                  onClick={() =>
                    onChange({ customInstructions: o.customInstructions.filter((_, j) => j !== i) })
                  }
                >
                  ✕
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
              Add instruction
            </button>
            <span className="hint">
              {o.customInstructions.length}/{LIMITS.customInstructions}, up to {LIMITS.customInstructionChars}{' '}
              characters each
            </span>
          </div>
          <FieldError id={id('ci-error')} message={problems.customInstructions} />
        </fieldset>

        <fieldset>
          <legend>Markup</legend>
          <div className="field">
            <label htmlFor={id('tags')}>Tag handling</label>
            <select
              id={id('tags')}
              value={o.tagHandling}
              onChange={(e) => onChange({ tagHandling: e.target.value as DraftOptions['tagHandling'] })}
            >
              <option value="">Plain text</option>
              <option value="xml">XML</option>
              <option value="html">HTML</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor={id('tag-version')}>Tag handling version</label>
            <select
              id={id('tag-version')}
              value={o.tagHandlingVersion}
              disabled={!tags.enabled}
              aria-describedby={tags.enabled ? undefined : id('tag-version-reason')}
              onChange={(e) =>
                onChange({ tagHandlingVersion: e.target.value as DraftOptions['tagHandlingVersion'] })
              }
            >
              <option value="">Service default</option>
              <option value="v1">v1</option>
              <option value="v2">v2</option>
            </select>
            <Reason id={id('tag-version-reason')} availability={tags} />
          </div>
          <label className="check">
            <input
              type="checkbox"
              checked={o.outlineDetection}
              disabled={!xmlTags.enabled}
              aria-describedby={xmlTags.enabled ? undefined : id('xml-reason')}
              onChange={(e) => onChange({ outlineDetection: e.target.checked })}
            />
            Detect the XML outline automatically
          </label>
          {(
            [
              ['splittingTags', 'Splitting tags'],
              ['nonSplittingTags', 'Non-splitting tags'],
              ['ignoreTags', 'Ignore tags (not translated)'],
            ] as const
          ).map(([key, label]) => (
            <div className="field" key={key}>
              <label htmlFor={id(key)}>{label}</label>
              <input
                id={id(key)}
                type="text"
                spellCheck={false}
                placeholder="comma-separated, e.g. br, hr"
                value={o[key]}
                disabled={!xmlTags.enabled}
                aria-describedby={xmlTags.enabled ? undefined : id('xml-reason')}
                onChange={(e) => onChange({ [key]: e.target.value })}
              />
            </div>
          ))}
          <Reason id={id('xml-reason')} availability={xmlTags} />
        </fieldset>

        <fieldset>
          <legend>Sentences</legend>
          <div className="field">
            <label htmlFor={id('split')}>Split sentences</label>
            <select
              id={id('split')}
              value={o.splitSentences}
              onChange={(e) => onChange({ splitSentences: e.target.value as DraftOptions['splitSentences'] })}
            >
              <option value="">Service default</option>
              <option value="1">On punctuation and new lines</option>
              <option value="nonewlines">On punctuation only</option>
              <option value="0">Never (each text is one sentence)</option>
            </select>
          </div>
          <label className="check">
            <input
              type="checkbox"
              checked={o.preserveFormatting}
              onChange={(e) => onChange({ preserveFormatting: e.target.checked })}
            />
            Preserve formatting (punctuation and case at sentence edges)
          </label>
        </fieldset>
      </div>
      <div className="toolbar">
        <button type="button" className="btn btn-small btn-ghost" onClick={onReset}>
          Reset options
        </button>
      </div>
    </details>
  );
}
