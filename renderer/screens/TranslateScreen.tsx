/**
 * Renderer screen: Translate. Owns the language pickers (pair-aware), the single-text panes (translate as you type
 * or on demand, long texts in several requests), the multi-segment mode, the options panel, the history panel and
 * the keyboard help; all of it edits the draft in `state/translate-store.ts`, which `state/draft-sync.ts` keeps in
 * settings, so nothing typed is lost on navigation or restart.
 * Languages: the ones last used on this connection, else the system's language mapped to what the connection
 * offers; when the text already is in the target language, the second language from Settings is used instead.
 */
import { useQueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { useLayoutEffect, lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LanguageBar } from '../components/LanguageBar.js';
import { hasFeature, lackingFeature, useCapabilities } from '../lib/customisation-queries.js';
import { OptionsPanel } from '../components/OptionsPanel.js';
import { SegmentedRadio } from '../components/SegmentedRadio.js';
import { SinglePane } from '../components/SinglePane.js';
import { QuotaWarning } from '../components/QuotaWarning.js';
// The plain defaults, not the contract: the contract's schemas (and zod) stay out of the first paint.
import { DEFAULT_TRANSLATE_PREFS } from '../../shared/ipc/translate-defaults.js';
import type { TranslatePrefs } from '../../shared/ipc/contract-translate.js';
import type { LanguageView } from '../../shared/ipc/contract.js';
import { sortByName } from '../lib/language-order.js';
import { useFormat, useT } from '../i18n/index.js';
import { api, ApiError, unwrap } from '../lib/api.js';
import { glossaryMatchesPair } from '../lib/translate-rules.js';
import { billedCharacters, buildTranslateOptions, draftProblems, type PairLacks } from '../lib/translate-request.js';
import {
  keys,
  useConnections,
  useGlossaries,
  useLanguagePairs,
  useLanguages,
  useSettings,
  useTranslatePrefs,
} from '../lib/queries.js';
import { useTranslateStore, type DraftOptions } from '../state/translate-store.js';
import { useUiStore } from '../state/ui-store.js';
import { useLiveTranslation } from '../lib/use-live-translation.js';
import { useKeyboardHelp } from '../shell/KeyboardHelp.js';
import {
  editedAtEnd,
  effectiveTarget,
  reachable,
  reachableTargets,
  sameBase,
  sourcesReaching,
  swappedLanguages,
} from './translate/language-logic.js';
import { applyConnectionLanguages } from './translate/connection-languages.js';
import { otherTarget } from './translate/other-target.js';
import { EngineLabel } from './translate/EngineLabel.js';
import { JoinWrappedLines } from './translate/JoinWrappedLines.js';
import { findHardWrap } from './translate/hard-wrap.js';
import type { RedirectWhy } from '../components/LanguageBar.js';
import { useMsg } from './translate/use-msg.js';
import './translate/translate.css';

/** The note under the languages after a swap (a store, so menu commands handled in an effect may set it). */
const useSwapNote = create<{ note: string | null; set: (note: string | null) => void }>()((set) => ({
  note: null,
  set: (note) => set({ note }),
}));

const HistoryPanel = lazy(() => import('./translate/HistoryPanel.js'));
// Segments mode (papaparse, the virtual table) is not on the first paint: fetched when the mode is first shown.
const SegmentsPane = lazy(() => import('../components/SegmentsPane.js').then((m) => ({ default: m.SegmentsPane })));

/** Two swaps this close together are one key press seen twice (the Electron menu and the page both hear it). */
const SWAP_REPEAT_MS = 150;

export default function TranslateScreen() {
  const t = useT();
  const f = useFormat();
  const msg = useMsg();
  const qc = useQueryClient();
  const connections = useConnections();
  const activeId = connections.data?.activeId ?? null;
  const connection = connections.data?.connections.find((c) => c.id === activeId);
  const settings = useSettings();
  const prefsQuery = useTranslatePrefs();
  // Preferences that cannot be read (an older main) are the defaults: history off, no second language.
  const fallbackPrefs: TranslatePrefs = DEFAULT_TRANSLATE_PREFS;
  const prefs = { data: prefsQuery.data ?? (prefsQuery.isError ? fallbackPrefs : undefined) };
  const sources = useLanguages('source', activeId);
  const targets = useLanguages('target', activeId);
  const pairs = useLanguagePairs(activeId);
  const glossaries = useGlossaries(activeId);

  const mode = useTranslateStore((s) => s.mode);
  const setMode = useTranslateStore((s) => s.setMode);
  const text = useTranslateStore((s) => s.text);
  const setText = useTranslateStore((s) => s.setText);
  const options = useTranslateStore((s) => s.options);
  const setOptions = useTranslateStore((s) => s.setOptions);
  const resetOptions = useTranslateStore((s) => s.resetOptions);
  const keepNotice = useTranslateStore((s) => s.keepNotice);
  const applySwap = useTranslateStore((s) => s.applySwap);
  const undoSwap = useTranslateStore((s) => s.undoSwap);
  const swapUndo = useTranslateStore((s) => s.swapUndo);
  const held = useTranslateStore((s) => s.held);
  const release = useTranslateStore((s) => s.release);
  const command = useUiStore((s) => s.command);
  const swapNote = useSwapNote((s) => s.note);
  const setSwapNote = useSwapNote((s) => s.set);
  const [historyOpen, setHistoryOpen] = useState(false);
  const historyButton = useRef<HTMLButtonElement>(null);
  // Closing the history panel (Close, Escape) gives the focus back to the button that opened it, not to the page.
  const closeHistory = () => {
    setHistoryOpen(false);
    historyButton.current?.focus();
  };
  const openHelp = useKeyboardHelp((s) => s.setOpen);

  const sourceList = sources.data?.languages;
  const targetList = targets.data?.languages;
  const pairList = pairs.data === undefined ? undefined : pairs.data.pairs;

  // Languages when the connection changes (or at start): the ones last used on it; else keep the draft's when
  // this connection offers them; else the system's language (untouched drafts only).
  const appliedFor = useRef<string | null>(null);
  // A layout effect: the languages are in place before the first paint (one paint, not the defaults and then these).
  useLayoutEffect(() => {
    if (!activeId || !targetList || !sourceList || !prefs.data) return;
    if (appliedFor.current === activeId) return;
    const first = appliedFor.current === null;
    appliedFor.current = activeId;
    applyConnectionLanguages({ connectionId: activeId, sources: sourceList, targets: targetList, prefs: prefs.data, first });
  }, [activeId, targetList, sourceList, prefs.data]);

  // The user's picks are remembered for this connection.
  const changeLanguages = useCallback(
    (patch: { sourceLang?: string; targetLang?: string }) => {
      setOptions(patch);
      release();
      const o = useTranslateStore.getState().options;
      if (activeId && o.targetLang) {
        void api()
          .translatePrefs.update({ remember: { connectionId: activeId, sourceLang: o.sourceLang, targetLang: o.targetLang } })
          .then((r) => {
            if (r.ok) qc.setQueryData(keys.translatePrefs, r.data);
          });
      }
    },
    [setOptions, release, activeId, qc],
  );
  // An option the user changes is an edit: a restored draft may be translated again.
  const changeOptions = useCallback(
    (patch: Partial<DraftOptions>) => {
      setOptions(patch);
      release();
    },
    [setOptions, release],
  );

  // Where the service answers /v3/languages, its per-language features decide (formality here, the rest in the options).
  const capabilities = useCapabilities(activeId);
  const targetSupportsFormality =
    hasFeature(capabilities.data, 'text', options.targetLang, 'formality') ??
    targetList?.find((l) => l.code.toUpperCase() === options.targetLang.toUpperCase())?.supportsFormality;
  // Glossaries and tag handling: off for a pair /v3/languages lists without them (unchanged where it does not answer).
  const pairLangs = [options.sourceLang, options.targetLang];
  const glossaryLacks = lackingFeature(capabilities.data, 'text', pairLangs, 'glossary').join();
  const tagLacks = lackingFeature(capabilities.data, 'text', pairLangs, 'tag_handling').join();
  const lacks = useMemo<PairLacks>(
    () => ({ glossary: glossaryLacks ? glossaryLacks.split(',') : [], tagHandling: tagLacks ? tagLacks.split(',') : [] }),
    [glossaryLacks, tagLacks],
  );

  // Glossaries that no longer fit the pair (languages changed) are not sent; unknown ids are not sent either.
  const withGlossaries = useMemo<DraftOptions>(() => {
    const list = glossaries.data;
    const ids = list
      ? options.glossaryIds.filter((id) =>
          list.some((g) => g.glossaryId === id && glossaryMatchesPair(g, options.sourceLang, options.targetLang)),
        )
      : [];
    return { ...options, glossaryIds: ids };
  }, [options, glossaries.data]);

  // The second language: chosen from what the service detected in the last answer for this text.
  // `firstTryBilled`: what the answer it was read from cost, when that answer is replaced by one into another language.
  const [detectedFor, setDetectedFor] = useState<{ text: string; lang: string; firstTryBilled: number } | null>(null);
  // Held while the text is edited at its end (typed on, or deleted back), not only for the very text it was read
  // from: otherwise each pause of an edited text first went into its own language, billed and thrown away (seen on a
  // Korean tour: every edit billed twice). A text replaced or edited elsewhere is read again.
  const detectedNow = options.sourceLang === '' && detectedFor && editedAtEnd(detectedFor.text, text) ? detectedFor.lang : null;
  // No (usable) second language: the last other target used, else the first one reachable from the text's language.
  const recentTargets = useMemo(() => {
    const per = prefs.data?.perConnection ?? {};
    const mine = activeId ? per[activeId]?.targetLang : undefined;
    return [...(mine ? [mine] : []), ...Object.entries(per).filter(([id]) => id !== activeId).map(([, r]) => r.targetLang)];
  }, [prefs.data?.perConnection, activeId]);
  // Only for pickers the user has not set: a target the user chose themselves is kept (and the note says why).
  const languagesTouched = useTranslateStore((s) => s.languagesTouched);
  const byName = useCallback((list: LanguageView[]) => sortByName(list, f), [f]);
  /** Where a text detected in `lang` goes instead of the chosen target, or null (it goes there). */
  const redirectFor = (lang: string | null): { target: string; why: RedirectWhy } | null => {
    const second = effectiveTarget(options.targetLang, lang, prefs.data?.secondLanguage ?? null, targetList);
    if (second.redirected) return { target: second.target, why: 'second' };
    if (languagesTouched) return null;
    const other = otherTarget(lang ?? (options.sourceLang || null), options.targetLang, recentTargets, targetList, pairList, byName);
    return other && { target: other.target, why: other.why };
  };
  const redirect = redirectFor(detectedNow);
  const effective = useMemo<DraftOptions>(
    () => (redirect ? { ...withGlossaries, targetLang: redirect.target, glossaryIds: [] } : withGlossaries),
    [withGlossaries, redirect?.target], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const problems = useMemo(() => draftProblems(effective), [effective]);
  const firstProblem = Object.values(problems)[0];
  const pairOk = reachable(pairList, effective.sourceLang, effective.targetLang);
  // Hard-wrapped text (e-mail, PDF): joined by default when detected (Settings may make it an offer only). Only the
  // wrapped paragraphs are joined: with separate lines beside them (a signature, a list), nonewlines would run
  // those lines together too, so the text goes with its wrapped paragraphs joined here instead.
  const hardWrap = useMemo(() => (mode === 'single' ? findHardWrap(text) : null), [mode, text]);
  const wrapped = hardWrap !== null;
  const [joinChoice, setJoinChoice] = useState<boolean | null>(null);
  const joinDefault = (prefs.data?.joinWrappedLines ?? 'detect') === 'detect';
  const join = wrapped && options.splitSentences === '' && (joinChoice ?? joinDefault);
  const nonewlines = join && hardWrap.allWrapped;
  const wireOptions = useMemo(
    () =>
      buildTranslateOptions(nonewlines ? { ...effective, splitSentences: 'nonewlines' } : effective, targetSupportsFormality, lacks),
    [effective, targetSupportsFormality, nonewlines, lacks],
  );

  const auto = settings.data?.translateAsYouType ?? true;
  const [composing, setComposing] = useState(false);
  const liveRaw = useLiveTranslation({
    text: join && !nonewlines ? hardWrap.joined : text,
    options: wireOptions,
    connectionId: activeId,
    auto: auto && mode === 'single',
    debounceMs: settings.data?.debounceMs ?? 500,
    blocked: firstProblem !== undefined || !activeId || !pairOk,
    hold: held,
    composing,
  });
  // Translate (button, Ctrl+Enter, menu) is the user asking: a restored draft is sent then.
  const liveTranslateNow = liveRaw.translateNow;
  const translateNow = useCallback(() => {
    release();
    liveTranslateNow();
  }, [release, liveTranslateNow]);
  const live = { ...liveRaw, translateNow };

  // A detected source the engine cannot translate comes back as an error naming the language it detected.
  const unsupportedDetected =
    options.sourceLang === '' && live.error instanceof ApiError ? (live.error.error.detectedSourceLanguage ?? null) : null;
  // Segments: the one language every segment of the current run was detected in (SegmentsPane says which).
  const [segmentsDetected, setSegmentsDetected] = useState<string | null>(null);
  const detected =
    options.sourceLang !== ''
      ? null
      : mode === 'single'
        ? (unsupportedDetected ?? live.result?.translations[0]?.detectedSourceLanguage ?? null)
        : segmentsDetected;
  // Only a current answer tells what the current text is (state adjusted during render, not in an effect).
  // A first try that came back in the text's own language is replaced by a translation into another; the service
  // billed it all the same, so the billed figure shown with the replacement counts it (it said 60 where 120 were).
  const answerBilled = useMemo(() => (live.result?.cached ? 0 : billedCharacters(live.result)), [live.result]);
  if (mode === 'single' && detected && !live.stale && (detectedFor?.text !== text || detectedFor.lang !== detected)) {
    const replaced = redirect === null && redirectFor(detected) !== null;
    setDetectedFor({ text, lang: detected, firstTryBilled: replaced ? answerBilled : 0 });
  }
  const firstTryBilled = redirect && detectedFor?.text === text ? detectedFor.firstTryBilled : 0;

  const lastSwap = useRef(0);
  const swap = useCallback(() => {
    const now = Date.now();
    if (now - lastSwap.current < SWAP_REPEAT_MS) return;
    lastSwap.current = now;
    if (!sourceList || !targetList) return;
    const next = swappedLanguages({
      sourceLang: options.sourceLang,
      targetLang: options.targetLang,
      detected,
      sources: sourceList,
      targets: targetList,
    });
    if (!next) {
      setSwapNote(
        options.sourceLang || detected
          ? t('translate.lang.swapImpossible', { source: options.targetLang, target: options.sourceLang || detected || '' })
          : t('translate.lang.swapUnknown'),
      );
      return;
    }
    // A current translation becomes the text to translate back; during the typing pause (or without an answer)
    // the typed text stays the source, so nothing typed is lost.
    const out = live.result?.translations.map((x) => x.text).join('\n');
    const useOutput = mode === 'single' && out !== undefined && out !== '' && !live.stale && !live.pending;
    applySwap({ ...next, text: useOutput ? out : text });
    setSwapNote(useOutput || mode !== 'single' || !text.trim() ? null : t('translate.lang.swappedKeptText'));
    if (activeId) {
      void api()
        .translatePrefs.update({ remember: { connectionId: activeId, ...next } })
        .then((r) => r.ok && qc.setQueryData(keys.translatePrefs, r.data));
    }
  }, [sourceList, targetList, options.sourceLang, options.targetLang, detected, live.result, live.stale, live.pending, mode, text, applySwap, activeId, qc, t, setSwapNote]);

  const undo = useCallback(() => {
    const done = undoSwap();
    if (done) {
      setSwapNote(null);
      // The languages the swap remembered for this connection are undone too (seen on a tour: after a swap and
      // Ctrl+Z, the next start came back swapped).
      const { sourceLang, targetLang } = useTranslateStore.getState().options;
      if (activeId) {
        void api()
          .translatePrefs.update({ remember: { connectionId: activeId, sourceLang, targetLang } })
          .then((r) => r.ok && qc.setQueryData(keys.translatePrefs, r.data));
      }
    }
    return done;
  }, [undoSwap, setSwapNote, activeId, qc]);

  const focusSource = () =>
    (document.getElementById('source-text') ?? document.getElementById('segments-input'))?.focus();

  const clearCommand = useUiStore((s) => s.clearCommand);
  useEffect(() => {
    if (!command) return;
    if (command.name === 'translate.now') live.translateNow();
    else if (command.name === 'translate.swapLanguages') swap();
    else if (command.name === 'translate.focusSource') focusSource();
    clearCommand();
    // Each command (distinct nonce) runs once, with the handlers of the render it arrived in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [command?.nonce]);

  // Shortcuts inside the page (the desktop menu has the same; the web harness has no menu).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if (mod && e.shiftKey && !e.altKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        swap();
      } else if (mod && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'l') {
        e.preventDefault();
        focusSource();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [swap]);

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
    void qc
      .fetchQuery({ queryKey: keys.pairs(activeId), queryFn: () => unwrap(api().languages.pairs({ refresh: true })), staleTime: 0 })
      .catch(() => undefined);
  };

  // Says what the text is and what the connection does instead: from that language (when it is a source at all),
  // or into the chosen target.
  const detectedUnsupportedWords = (lang: string): string => {
    // Names inside sentences: the UI language's own casing ("El texto parece estar en danés").
    const name = (code: string, list?: readonly { code: string; name: string }[]) =>
      f.languageNameInText(code, list?.find((l) => sameBase(l.code, code))?.name);
    const asSource = sourceList?.find((s) => sameBase(s.code, lang));
    if (asSource && targetList) {
      const into = reachableTargets(pairList, asSource.code, targetList);
      if (into.length > 0) {
        return t('translate.lang.detectedPairMissing', {
          language: name(lang, sourceList),
          target: name(effective.targetLang, targetList),
          targets: f.list(into.map((l) => f.languageNameInText(l.code, l.name))),
        });
      }
    }
    const from = sourcesReaching(pairList, effective.targetLang, sourceList ?? []);
    return t('translate.lang.detectedUnsupported', {
      language: name(lang, sourceList),
      sources: f.list(from.map((l) => f.languageNameInText(l.code, l.name))),
    });
  };

  const reopen = (e: { source: string; sourceLang: string; targetLang: string }) => {
    setMode('single');
    setText(e.source);
    changeLanguages({ sourceLang: e.sourceLang, targetLang: e.targetLang });
    setHistoryOpen(false);
    requestAnimationFrame(focusSource);
  };

  return (
    <div className="screen tr-screen">
      <div className="screen-header">
        <h1>{t('translate.title')}</h1>
        <SegmentedRadio
          label={t('translate.mode.label')}
          value={mode}
          onChange={setMode}
          options={[
            { value: 'single', label: t('translate.mode.single') },
            { value: 'multi', label: t('translate.mode.multi') },
          ]}
        />
        <span className="spacer" />
        <button
          ref={historyButton}
          type="button"
          className="btn btn-small"
          aria-expanded={historyOpen}
          onClick={() => setHistoryOpen((v) => !v)}
        >
          {t('translate.history.open')}
        </button>
        <button
          type="button"
          className="btn btn-small"
          aria-keyshortcuts="F1 Control+/ Meta+/"
          onClick={() => openHelp(true)}
          aria-label={t('translate.keys.open')}
          title={t('translate.keys.open')}
        >
          {t('translate.keys.symbol')}
        </button>
      </div>
      <QuotaWarning />
      {keepNotice && (
        <div className="alert alert-warning" role="status">
          {keepNotice}
        </div>
      )}
      <LanguageBar
        sources={sourceList}
        targets={targetList}
        pairs={pairList}
        sourceLang={options.sourceLang}
        targetLang={options.targetLang}
        detected={mode === 'single' ? (detected ?? detectedNow) : detected}
        redirectedTo={redirect?.target ?? null}
        redirectWhy={redirect?.why ?? 'second'}
        loading={sources.isFetching || targets.isFetching}
        error={sources.error ?? targets.error}
        pseudo={Boolean(sources.data?.pseudo || targets.data?.pseudo)}
        onChange={changeLanguages}
        onSwap={swap}
        onRetry={refetchLanguages}
        status={
          (swapNote || swapUndo) && (
            <div className="tr-swap-note" role="status">
              {swapNote && <span className="hint">{swapNote}</span>}
              {swapUndo && (
                <button type="button" className="btn btn-small" onClick={undo} aria-keyshortcuts="Control+Z Meta+Z">
                  {t('translate.lang.undoSwap')}
                </button>
              )}
            </div>
          )
        }
      />
      {mode === 'single' ? (
        <SinglePane
          text={text}
          onText={setText}
          live={live}
          auto={auto}
          onComposing={setComposing}
          blockedReason={firstProblem ? msg(firstProblem) : undefined}
          billed={connection !== undefined && connection.kind !== 'local'}
          alsoBilled={firstTryBilled}
          onUndo={undo}
          held={held}
          outputLabel={
            <EngineLabel engine={live.result?.engine} source={options.sourceLang || detected} target={effective.targetLang} pairs={pairList} />
          }
          errorMessage={unsupportedDetected ? detectedUnsupportedWords(unsupportedDetected) : undefined}
        />
      ) : (
        <Suspense fallback={<p className="hint">{t('app.common.loading')}</p>}>
          <SegmentsPane
            options={wireOptions}
            connectionId={activeId}
            blockedReason={firstProblem ? msg(firstProblem) : undefined}
            concurrency={settings.data?.batchConcurrency ?? 4}
            pairs={pairList}
            unsupportedWords={detectedUnsupportedWords}
            onDetected={setSegmentsDetected}
          />
        </Suspense>
      )}
      {wrapped && (
        <JoinWrappedLines
          checked={joinChoice ?? joinDefault}
          overridden={options.splitSentences !== ''}
          onChange={(v) => {
            setJoinChoice(v);
            release();
          }}
        />
      )}
      {/* Right under the texts, where it is seen when opened (the options below can be long). */}
      {historyOpen && (
        <Suspense fallback={<p className="hint">{t('app.common.loading')}</p>}>
          <HistoryPanel onClose={closeHistory} onReopen={reopen} />
        </Suspense>
      )}
      <OptionsPanel
        options={options}
        problems={problems}
        targetSupportsFormality={targetSupportsFormality}
        pairLacks={lacks}
        glossaries={glossaries.data}
        glossariesError={glossaries.error}
        local={connection?.kind === 'local'}
        connectionId={activeId}
        onChange={changeOptions}
        onReset={resetOptions}
      />
    </div>
  );
}
