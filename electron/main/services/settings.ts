/**
 * Settings (main process, plain Node): theme, translate-as-you-type, debounce, translation defaults and the
 * Translate screen's draft, kept in the settings `KeyValueStore`. A stored value that no longer matches the schema
 * (hand-edited, older version) is replaced by defaults field by field rather than failing the app.
 */
import { DEFAULT_SETTINGS, Settings, type SettingsPatch } from '../../../shared/ipc/contract.js';
import type { KeyValueStore } from './ports.js';

const KEY = 'settings';

export class SettingsService {
  constructor(
    private readonly store: KeyValueStore,
    private readonly onChange: (s: Settings) => void = () => {},
  ) {}

  get(): Settings {
    const raw = this.store.get(KEY);
    const merged = {
      ...DEFAULT_SETTINGS,
      ...(raw && typeof raw === 'object' ? raw : {}),
      defaults: { ...DEFAULT_SETTINGS.defaults, ...((raw as { defaults?: object } | undefined)?.defaults ?? {}) },
    };
    const parsed = Settings.safeParse(merged);
    if (parsed.success) return parsed.data;
    // Keep each valid field, reset only the broken ones.
    const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
    const shape = Settings.shape;
    for (const k of Object.keys(shape) as (keyof typeof shape)[]) {
      const field = shape[k].safeParse((merged as Record<string, unknown>)[k]);
      if (field.success) out[k] = field.data;
    }
    return Settings.parse(out);
  }

  /** `patch` is already validated by the contract (`SettingsPatch`). */
  update(patch: SettingsPatch): Settings {
    const cur = this.get();
    const next = Settings.parse({
      ...cur,
      ...patch,
      defaults: { ...cur.defaults, ...(patch.defaults ?? {}) },
    });
    this.store.set(KEY, next);
    // The draft is saved every few hundred ms while the user types and only the window that typed it reads it
    // (at start): broadcasting up to 2 MB on each save would cost much and tell nobody anything new.
    const draftOnly = Object.keys(patch).every((k) => k === 'translateDraft');
    if (!draftOnly) this.onChange(next);
    return next;
  }
}
