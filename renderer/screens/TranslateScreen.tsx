/**
 * Renderer screen: Translate. Owns the language pickers, the single-text panes (translate as you type or on
 * demand), the multi-segment mode and the options panel; all of it edits the draft in `state/translate-store.ts`,
 * which `state/draft-sync.ts` keeps in settings, so nothing typed is lost on navigation or restart.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { LanguageBar, sourceFor, targetFor } from '../components/LanguageBar.js';
import { OptionsPanel } from '../components/OptionsPanel.js';
import { SegmentsPane } from '../components/SegmentsPane.js';
import { SegmentedRadio } from '../components/SegmentedRadio.js';
import { SinglePane } from '../components/SinglePane.js';
import { api, unwrap } from '../lib/api.js';
import { glossaryMatchesPair } from '../lib/translate-rules.js';
import { buildTranslateOptions, draftProblems } from '../lib/translate-request.js';
import { keys, useConnections, useGlossaries, useLanguages, useSettings } from '../lib/queries.js';
import { useTranslateStore, type DraftOptions } from '../state/translate-store.js';
import { useUiStore } from '../state/ui-store.js';
import { useLiveTranslation } from '../lib/use-live-translation.js';

export default function TranslateScreen() {
  const qc = useQueryClient();
  const connections = useConnections();
  const activeId = connections.data?.activeId ?? null;
  const settings = useSettings();
  const sources = useLanguages('source', activeId);
  const targets = useLanguages('target', activeId);
  const glossaries = useGlossaries(activeId);

  const mode = useTranslateStore((s) => s.mode);
  const setMode = useTranslateStore((s) => s.setMode);
  const text = useTranslateStore((s) => s.text);
  const setText = useTranslateStore((s) => s.setText);
  const options = useTranslateStore((s) => s.options);
  const setOptions = useTranslateStore((s) => s.setOptions);
  const applyDefaults = useTranslateStore((s) => s.applyDefaults);
  const resetOptions = useTranslateStore((s) => s.resetOptions);
  const keepNotice = useTranslateStore((s) => s.keepNotice);
  const command = useUiStore((s) => s.command);

  // Until the user picks languages, start from the defaults in Settings (when this connection offers them).
  const defaults = settings.data?.defaults;
  const targetList = targets.data?.languages;
  useEffect(() => {
    if (!defaults || !targetList) return;
    const patch: Partial<DraftOptions> = { sourceLang: defaults.sourceLang ?? '' };
    const t = targetFor(defaults.targetLang, targetList) ?? targetList[0]?.code;
    if (t) patch.targetLang = t;
    applyDefaults(patch);
  }, [defaults, targetList, applyDefaults]);

  const targetSupportsFormality = targetList?.find(
    (l) => l.code.toUpperCase() === options.targetLang.toUpperCase(),
  )?.supportsFormality;

  // Glossaries that no longer fit the pair (languages changed) are not sent; unknown ids are not sent either.
  const effective = useMemo<DraftOptions>(() => {
    const list = glossaries.data;
    const ids = list
      ? options.glossaryIds.filter((id) =>
          list.some(
            (g) => g.glossaryId === id && glossaryMatchesPair(g, options.sourceLang, options.targetLang),
          ),
        )
      : [];
    return { ...options, glossaryIds: ids };
  }, [options, glossaries.data]);

  const problems = useMemo(() => draftProblems(effective), [effective]);
  const hasProblems = Object.keys(problems).length > 0;
  const wireOptions = useMemo(
    () => buildTranslateOptions(effective, targetSupportsFormality),
    [effective, targetSupportsFormality],
  );

  const auto = settings.data?.translateAsYouType ?? true;
  const live = useLiveTranslation({
    text,
    options: wireOptions,
    auto: auto && mode === 'single',
    debounceMs: settings.data?.debounceMs ?? 500,
    blocked: hasProblems || !activeId,
  });

  const detected =
    options.sourceLang === '' ? (live.result?.translations[0]?.detectedSourceLanguage ?? null) : null;

  const swap = useCallback(() => {
    const s = sources.data?.languages;
    const t = targets.data?.languages;
    if (!s || !t) return;
    const from = options.sourceLang || detected;
    const newTarget = from ? targetFor(from, t) : null;
    const newSource = sourceFor(options.targetLang, s);
    if (!newTarget || !newSource) return;
    setOptions({ sourceLang: newSource, targetLang: newTarget });
    // Like a translator's swap: the translation becomes the text to translate back.
    const out = live.result?.translations.map((x) => x.text).join('\n');
    if (mode === 'single' && out) setText(out);
  }, [
    sources.data,
    targets.data,
    options.sourceLang,
    options.targetLang,
    detected,
    setOptions,
    live.result,
    mode,
    setText,
  ]);

  const clearCommand = useUiStore((s) => s.clearCommand);
  useEffect(() => {
    if (!command) return;
    if (command.name === 'translate.now') live.translateNow();
    else if (command.name === 'translate.swapLanguages') swap();
    else if (command.name === 'translate.focusSource') {
      (document.getElementById('source-text') ?? document.getElementById('segments-input'))?.focus();
    }
    clearCommand();
    // Each command (distinct nonce) runs once, with the handlers of the render it arrived in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [command?.nonce]);

  // Retry after an error asks main to bypass its cache too.
  const refetchLanguages = () => {
    for (const type of ['source', 'target'] as const) {
      void qc
        .fetchQuery({
          queryKey: keys.languages(type, activeId),
          queryFn: () => unwrap(api().languages.list({ type, refresh: true })),
          staleTime: 0,
        })
        .catch(() => undefined); // the error is shown from the query's state
    }
  };

  return (
    <div className="screen">
      <div className="screen-header">
        <h1>Translate</h1>
        <SegmentedRadio
          label="Mode"
          value={mode}
          onChange={setMode}
          options={[
            { value: 'single', label: 'Text' },
            { value: 'multi', label: 'Segments' },
          ]}
        />
      </div>
      {keepNotice && (
        <div className="alert alert-warning" role="status">
          {keepNotice}
        </div>
      )}
      <LanguageBar
        sources={sources.data?.languages}
        targets={targetList}
        sourceLang={options.sourceLang}
        targetLang={options.targetLang}
        detected={detected}
        loading={sources.isFetching || targets.isFetching}
        error={sources.error ?? targets.error}
        pseudo={Boolean(sources.data?.pseudo || targets.data?.pseudo)}
        onChange={setOptions}
        onSwap={swap}
        onRetry={refetchLanguages}
      />
      {mode === 'single' ? (
        <SinglePane
          text={text}
          onText={setText}
          live={live}
          auto={auto}
          blockedReason={hasProblems ? Object.values(problems)[0] : undefined}
        />
      ) : (
        <SegmentsPane
          options={wireOptions}
          blockedReason={hasProblems ? Object.values(problems)[0] : undefined}
          concurrency={settings.data?.batchConcurrency ?? 4}
        />
      )}
      <OptionsPanel
        options={options}
        problems={problems}
        targetSupportsFormality={targetSupportsFormality}
        glossaries={glossaries.data}
        glossariesError={glossaries.error}
        onChange={setOptions}
        onReset={resetOptions}
      />
    </div>
  );
}
