/**
 * Translate preferences (main process, plain Node): the second language, the history opt-in and its size, and the
 * languages last used on each connection, kept under their own key of the settings `KeyValueStore` (so the
 * Settings service's object stays as it is). A stored value that no longer matches the schema falls back to the
 * defaults field by field.
 */
import {
  DEFAULT_TRANSLATE_PREFS,
  TranslatePrefs,
  type TranslatePrefsPatch,
} from '../../../shared/ipc/contract-translate.js';
import type { KeyValueStore } from './ports.js';

const KEY = 'translatePrefs';
/** Connections remembered at most (removed connections' entries are dropped oldest first). */
const MAX_REMEMBERED = 200;

export class TranslatePrefsService {
  constructor(
    private readonly store: KeyValueStore,
    private readonly onChange: (p: TranslatePrefs) => void = () => {},
  ) {}

  get(): TranslatePrefs {
    const raw = this.store.get(KEY);
    const merged: Record<string, unknown> = { ...DEFAULT_TRANSLATE_PREFS, ...(raw && typeof raw === 'object' ? raw : {}) };
    const out: Record<string, unknown> = { ...DEFAULT_TRANSLATE_PREFS };
    const shape = TranslatePrefs.shape;
    for (const k of Object.keys(shape) as (keyof typeof shape)[]) {
      const field = shape[k].safeParse(merged[k]);
      if (field.success) out[k] = field.data;
    }
    return TranslatePrefs.parse(out);
  }

  /** `patch` is validated by the contract (`TranslatePrefsPatch`). */
  update(patch: TranslatePrefsPatch): TranslatePrefs {
    const cur = this.get();
    const next: TranslatePrefs = { ...cur, perConnection: { ...cur.perConnection } };
    if (patch.secondLanguage !== undefined) next.secondLanguage = patch.secondLanguage;
    if (patch.historyEnabled !== undefined) next.historyEnabled = patch.historyEnabled;
    if (patch.historyMaxEntries !== undefined) next.historyMaxEntries = patch.historyMaxEntries;
    if (patch.protectSpans !== undefined) next.protectSpans = patch.protectSpans;
    if (patch.joinWrappedLines !== undefined) next.joinWrappedLines = patch.joinWrappedLines;
    if (patch.remember) {
      const { connectionId, sourceLang, targetLang } = patch.remember;
      // Re-inserted so the object's order is the order of use (the oldest go first when over the cap).
      delete next.perConnection[connectionId];
      next.perConnection[connectionId] = { sourceLang, targetLang };
      const ids = Object.keys(next.perConnection);
      for (const id of ids.slice(0, Math.max(0, ids.length - MAX_REMEMBERED))) delete next.perConnection[id];
    }
    if (patch.forget !== undefined) delete next.perConnection[patch.forget];
    const parsed = TranslatePrefs.parse(next);
    this.store.set(KEY, parsed);
    // Remembering languages happens on every pick; only the choices a Settings screen shows are announced.
    const shown = [patch.secondLanguage, patch.historyEnabled, patch.historyMaxEntries, patch.forget, patch.protectSpans, patch.joinWrappedLines];
    if (shown.some((v) => v !== undefined)) {
      this.onChange(parsed);
    }
    return parsed;
  }
}
