/**
 * Renderer component shared by Translate's options and the Documents batch: the style rule list and the
 * translation memory, chosen BY NAME where the connection lists them (`/v3/style_rules`,
 * `/v3/translation_memories`), with the memory's threshold (0–100, default 75) beside it. A list is offered only
 * when its language fits the target (and a memory only when it covers the pair); where `/v3/languages` says a
 * target has no style rules, the choice is disabled with the reason. A service that cannot list them keeps the raw
 * id fields, under "Advanced".
 */
import { useId } from 'react';
import { baseLanguage } from '../../shared/spec/languages.js';
import { useFormat, useT } from '../i18n/index.js';
import { hasFeature, useCapabilities, useStyleRules, useTranslationMemories } from '../lib/customisation-queries.js';
import { ErrorAlert } from './ErrorAlert.js';
import './customisation.css';

export interface StyleTmPickerProps {
  connectionId: string | null;
  /** Which /v3/languages resource decides features. */
  kind: 'text' | 'document';
  sourceLang: string;
  targetLangs: string[];
  styleId: string;
  translationMemoryId: string;
  threshold: number;
  onChange: (patch: { styleId?: string; translationMemoryId?: string; threshold?: number }) => void;
  /** The active connection is the local engine: style rules do not change its output. */
  local: boolean;
  /** Messages of the caller's own validation, shown under the fields. */
  problems?: { styleId?: string | undefined; translationMemoryId?: string | undefined; threshold?: string | undefined };
}

export function StyleTmPicker(p: StyleTmPickerProps) {
  const t = useT();
  const f = useFormat();
  const uid = useId();
  const id = (n: string) => `${uid}-${n}`;
  const caps = useCapabilities(p.connectionId);
  const styles = useStyleRules(p.connectionId, caps.data?.styleRules === true);
  const tms = useTranslationMemories(p.connectionId, caps.data?.translationMemories === true);

  const targets = p.targetLangs.filter(Boolean);
  const bases = [...new Set(targets.map(baseLanguage))];
  const oneLanguage = bases.length === 1 ? bases[0]! : null;
  const langName = oneLanguage ? f.languageNameInText(targets[0]!) : '';
  const styleFeature = oneLanguage ? hasFeature(caps.data, p.kind, targets[0]!, 'style_rules') : undefined;
  const styleDisabledReason =
    bases.length === 0
      ? t('customisation.options.styleNeedsTarget')
      : bases.length > 1
        ? t('customisation.options.styleMixedTargets')
        : styleFeature === false
          ? t('customisation.options.styleUnsupported', { language: langName })
          : null;
  const styleChoices = (styles.data ?? []).filter((r) => oneLanguage !== null && baseLanguage(r.language) === oneLanguage);
  const chosenStyle = (styles.data ?? []).find((r) => r.styleId === p.styleId);
  const styleMismatch = chosenStyle && oneLanguage !== null && baseLanguage(chosenStyle.language) !== oneLanguage;

  const src = p.sourceLang ? baseLanguage(p.sourceLang) : '';
  const tmFits = (tm: { sourceLang: string; targetLangs: string[] }) =>
    src !== '' && baseLanguage(tm.sourceLang) === src && bases.length > 0 && bases.every((b) => tm.targetLangs.some((x) => baseLanguage(x) === b));
  const tmChoices = (tms.data ?? []).filter(tmFits);
  const chosenTm = (tms.data ?? []).find((m) => m.translationMemoryId === p.translationMemoryId);
  const tmFeature = src && oneLanguage ? hasFeature(caps.data, 'text', p.sourceLang, 'translation_memory') : undefined;
  const tmDisabledReason = !src
    ? t('customisation.options.tmNeedsSource')
    : tmFeature === false
      ? t('customisation.options.tmUnsupported')
      : null;
  const tmSet = p.translationMemoryId.trim() !== '';
  const pairLabel = targets.length ? f.list(targets.map((x) => f.languageNameInText(x))) : '';

  const listsStyles = caps.data?.styleRules === true;
  const listsTms = caps.data?.translationMemories === true;

  return (
    <div className="style-tm-picker">
      {/* A failed probe says nothing about the service: the raw id fields below stay usable. */}
      {caps.error ? <p className="hint">{t('customisation.options.loadFailed')}</p> : null}
      {listsStyles && (
        <div className="field">
          <label htmlFor={id('style')}>
            {t('customisation.options.style')}
            {p.local && <span className="badge tr-no-effect"> {t('customisation.options.noEffectLocal')}</span>}
          </label>
          <select
            id={id('style')}
            value={p.styleId}
            disabled={styleDisabledReason !== null && !p.styleId}
            aria-describedby={id('style-note')}
            aria-invalid={styleMismatch || p.problems?.styleId ? true : undefined}
            onChange={(e) => p.onChange({ styleId: e.target.value })}
          >
            <option value="">{t('customisation.options.styleNone')}</option>
            {styleChoices.map((r) => (
              <option key={r.styleId} value={r.styleId}>
                {r.name}
              </option>
            ))}
            {chosenStyle && !styleChoices.includes(chosenStyle) && (
              <option value={chosenStyle.styleId}>{chosenStyle.name}</option>
            )}
          </select>
          <p id={id('style-note')} className={styleMismatch ? 'reason' : 'hint'}>
            {styleMismatch
              ? t('customisation.options.styleMismatch', { listLanguage: f.languageNameInText(chosenStyle!.language), language: langName })
              : styleDisabledReason ??
                (styles.isPending
                  ? t('customisation.common.loading')
                  : styleChoices.length === 0
                    ? t('customisation.options.styleNoneForTarget', { language: langName })
                    : t('customisation.options.styleHint', { language: langName }))}
          </p>
          {styles.error ? <ErrorAlert error={styles.error} message={t('customisation.options.loadFailed')} /> : null}
          {p.problems?.styleId && <p className="error-text" role="alert">{p.problems.styleId}</p>}
        </div>
      )}
      {listsTms && (
        <div className="field-row">
          <div className="field">
            <label htmlFor={id('tm')}>{t('customisation.options.tm')}</label>
            <select
              id={id('tm')}
              value={p.translationMemoryId}
              disabled={tmDisabledReason !== null && !tmSet}
              aria-describedby={id('tm-note')}
              onChange={(e) => p.onChange({ translationMemoryId: e.target.value })}
            >
              <option value="">{t('customisation.options.tmNone')}</option>
              {tmChoices.map((m) => (
                <option key={m.translationMemoryId} value={m.translationMemoryId}>
                  {m.segmentCount === null
                    ? t('customisation.options.tmOptionNoCount', { name: m.name, source: f.languageNameInText(m.sourceLang), targets: f.list(m.targetLangs.map((x) => f.languageNameInText(x))) })
                    : t('customisation.options.tmOption', {
                        name: m.name,
                        source: f.languageNameInText(m.sourceLang),
                        targets: f.list(m.targetLangs.map((x) => f.languageNameInText(x))),
                        count: m.segmentCount,
                      })}
                </option>
              ))}
              {chosenTm && !tmChoices.includes(chosenTm) && <option value={chosenTm.translationMemoryId}>{chosenTm.name}</option>}
            </select>
            <p id={id('tm-note')} className={chosenTm && !tmFits(chosenTm) ? 'reason' : 'hint'}>
              {chosenTm && !tmFits(chosenTm)
                ? t('customisation.options.tmMismatch')
                : tmDisabledReason ??
                  (tms.isPending
                    ? t('customisation.common.loading')
                    : tmChoices.length === 0
                      ? t('customisation.options.tmNoneForPair', { source: f.languageNameInText(p.sourceLang), target: pairLabel })
                      : '')}
            </p>
            {tms.error ? <ErrorAlert error={tms.error} message={t('customisation.options.loadFailed')} /> : null}
          </div>
          <Threshold p={p} id={id('threshold')} enabled={tmSet} />
        </div>
      )}
      {(!listsStyles || !listsTms) && (
        <details className="advanced style-tm-advanced">
          <summary>{t('customisation.options.advanced')}</summary>
          <p className="hint">{t('customisation.options.advancedHint')}</p>
          {/* Ids (UUIDs) run left to right in every UI: in Arabic, 00000000-0000-4000-a000-… was shown as
              a000-…-00000000-0000-4000. */}
          {!listsStyles && (
            <div className="field">
              <label htmlFor={id('style-id')}>{t('customisation.options.styleId')}</label>
              <input
                id={id('style-id')}
                type="text"
                dir="ltr"
                spellCheck={false}
                value={p.styleId}
                aria-invalid={p.problems?.styleId ? true : undefined}
                aria-describedby={p.problems?.styleId ? id('style-id-error') : undefined}
                onChange={(e) => p.onChange({ styleId: e.target.value })}
              />
              {p.problems?.styleId && <p id={id('style-id-error')} className="error-text" role="alert">{p.problems.styleId}</p>}
            </div>
          )}
          {!listsTms && (
            <div className="field-row">
              <div className="field">
                <label htmlFor={id('tm-id')}>{t('customisation.options.tmId')}</label>
                <input
                  id={id('tm-id')}
                  type="text"
                  dir="ltr"
                  spellCheck={false}
                  value={p.translationMemoryId}
                  aria-invalid={p.problems?.translationMemoryId ? true : undefined}
                  aria-describedby={p.problems?.translationMemoryId ? id('tm-id-error') : undefined}
                  onChange={(e) => p.onChange({ translationMemoryId: e.target.value })}
                />
                {p.problems?.translationMemoryId && <p id={id('tm-id-error')} className="error-text" role="alert">{p.problems.translationMemoryId}</p>}
              </div>
              <Threshold p={p} id={id('threshold-adv')} enabled={tmSet} />
            </div>
          )}
        </details>
      )}
    </div>
  );
}

function Threshold({ p, id, enabled }: { p: StyleTmPickerProps; id: string; enabled: boolean }) {
  const t = useT();
  return (
    <div className="field">
      <label htmlFor={id}>{t('customisation.options.threshold')}</label>
      <input
        id={id}
        type="number"
        min={0}
        max={100}
        step={1}
        value={Number.isFinite(p.threshold) ? p.threshold : ''}
        disabled={!enabled}
        aria-describedby={`${id}-note`}
        aria-invalid={p.problems?.threshold ? true : undefined}
        onChange={(e) => p.onChange({ threshold: e.target.valueAsNumber })}
      />
      <p id={`${id}-note`} className="hint">
        {enabled ? t('customisation.options.thresholdHint') : t('customisation.options.thresholdReason')}
      </p>
      {p.problems?.threshold && <p className="error-text" role="alert">{p.problems.threshold}</p>}
    </div>
  );
}
