/**
 * Translation history (main process, plain Node): opt-in (off by default), kept only in the user-data folder
 * (`history.json`, written atomically through the FileSystem port), searchable, capped. An entry holds the texts,
 * the languages, the connection's name, the time and the billed characters, never a key. Translate-as-you-type
 * makes a request at each pause, so a translation that extends or trims the previous one on the same connection
 * and languages within a short while replaces it instead of filling the list with every intermediate state.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { HistoryEntry, type HistoryList } from '../../../shared/ipc/contract-history.js';
import { foldForSearch } from '../../../shared/search-fold.js';
import type { FileSystem } from './ports.js';

/** Characters kept in all (texts of every entry): the oldest go first past this. */
export const HISTORY_MAX_CHARS = 20_000_000;
/** An entry whose texts pass this is not kept (a 1 MB text belongs in a file, not a history list). */
export const HISTORY_MAX_ENTRY_CHARS = 2_000_000;
/** Within this time an edit of the previous text replaces its entry. */
const COALESCE_MS = 2 * 60_000;

const StoredHistory = z.object({ version: z.literal(1), entries: z.array(HistoryEntry) });

export interface HistoryDeps {
  fs: FileSystem;
  dir: string;
  now: () => number;
  /** Whether the user turned history on, and its entry cap (read on each add, so Settings apply at once). */
  prefs: () => { enabled: boolean; maxEntries: number };
  onChange?: (total: number) => void;
  newId?: () => string;
}

export type NewHistoryEntry = Omit<HistoryEntry, 'id' | 'time'>;

export class HistoryService {
  /** Oldest first, as appended. */
  private entries: HistoryEntry[] | undefined;
  private loading: Promise<HistoryEntry[]> | undefined;
  private writing: Promise<void> = Promise.resolve();
  private counter = 0;

  constructor(private readonly deps: HistoryDeps) {}

  private get path(): string {
    return join(this.deps.dir, 'history.json');
  }

  private async load(): Promise<HistoryEntry[]> {
    if (this.entries) return this.entries;
    this.loading ??= (async () => {
      let list: HistoryEntry[] = [];
      try {
        if (await this.deps.fs.exists(this.path)) {
          const parsed = StoredHistory.safeParse(JSON.parse(await this.deps.fs.readText(this.path)));
          // A damaged file is not fatal: history starts again (the file is rewritten on the next add).
          if (parsed.success) list = parsed.data.entries;
        }
      } catch {
        list = [];
      }
      this.entries = list;
      return list;
    })();
    return this.loading;
  }

  private persist(): Promise<void> {
    const snapshot = JSON.stringify({ version: 1, entries: this.entries ?? [] });
    // Writes run one after another, each with the whole list, so the last one written is the newest.
    this.writing = this.writing
      .catch(() => undefined)
      .then(async () => {
        await this.deps.fs.mkdirp(this.deps.dir);
        await this.deps.fs.writeTextAtomic(this.path, snapshot);
      });
    return this.writing;
  }

  private changed(): void {
    this.deps.onChange?.(this.entries?.length ?? 0);
  }

  /** Records a translation when history is on; returns the entry kept (or null when off or too large). */
  async add(e: NewHistoryEntry): Promise<HistoryEntry | null> {
    const prefs = this.deps.prefs();
    if (!prefs.enabled) return null;
    if (e.source.trim() === '' || e.source.length + e.target.length > HISTORY_MAX_ENTRY_CHARS) return null;
    const list = await this.load();
    const now = this.deps.now();
    const last = list[list.length - 1];
    const entry: HistoryEntry = { ...e, id: this.deps.newId?.() ?? `h${now.toString(36)}-${(this.counter++).toString(36)}`, time: new Date(now).toISOString() };
    if (
      last &&
      last.connectionId === e.connectionId &&
      last.sourceLang === e.sourceLang &&
      last.targetLang === e.targetLang &&
      now - Date.parse(last.time) < COALESCE_MS &&
      (e.source.startsWith(last.source) || last.source.startsWith(e.source))
    ) {
      list[list.length - 1] = { ...entry, id: last.id };
    } else {
      list.push(entry);
    }
    this.trim(list, prefs.maxEntries);
    await this.persist();
    this.changed();
    return list[list.length - 1]!;
  }

  private trim(list: HistoryEntry[], maxEntries: number): void {
    if (list.length > maxEntries) list.splice(0, list.length - maxEntries);
    let chars = list.reduce((n, x) => n + x.source.length + x.target.length, 0);
    let drop = 0;
    while (chars > HISTORY_MAX_CHARS && drop < list.length - 1) {
      chars -= list[drop]!.source.length + list[drop]!.target.length;
      drop++;
    }
    if (drop) list.splice(0, drop);
  }

  /**
   * Entries matching every word of `query` (texts, languages, connection name), newest first. Case, accents and
   * ё/е are folded (shared/search-fold.ts): "ежик" finds "Ёжик", "corazon" finds "corazón"; й stays apart from и.
   */
  async list(query = '', limit = 500): Promise<HistoryList> {
    const list = await this.load();
    const words = foldForSearch(query).split(/\s+/).filter(Boolean);
    const out: HistoryEntry[] = [];
    for (let i = list.length - 1; i >= 0 && out.length < limit; i--) {
      const e = list[i]!;
      if (words.length) {
        const hay = foldForSearch(`${e.source}\n${e.target}\n${e.connectionName}\n${e.sourceLang} ${e.detectedSourceLang} ${e.targetLang}`);
        if (!words.every((w) => hay.includes(w))) continue;
      }
      out.push(e);
    }
    return { enabled: this.deps.prefs().enabled, entries: out, total: list.length };
  }

  async remove(id: string): Promise<{ removed: boolean }> {
    const list = await this.load();
    const i = list.findIndex((e) => e.id === id);
    if (i < 0) return { removed: false };
    list.splice(i, 1);
    await this.persist();
    this.changed();
    return { removed: true };
  }

  async clear(): Promise<{ removed: number }> {
    const list = await this.load();
    const removed = list.length;
    list.length = 0;
    await this.persist();
    this.changed();
    return { removed };
  }

  /** Applies a lower cap at once (Settings). */
  async applyCap(maxEntries: number): Promise<void> {
    const list = await this.load();
    const before = list.length;
    this.trim(list, maxEntries);
    if (list.length !== before) {
      await this.persist();
      this.changed();
    }
  }
}
