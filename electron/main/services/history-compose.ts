/**
 * Composition of the Translate domain's main-side services (main process, plain Node): translation, its
 * preferences and the history, wired so a successful translation is recorded when the user turned history on.
 * Kept here so the composition root needs one line for the whole domain.
 */
import type { EventBus } from './event-bus.js';
import type { ConnectionsService } from './connections.js';
import { HistoryService } from './history.js';
import type { FileSystem, KeyValueStore } from './ports.js';
import { TranslatePrefsService } from './translate-prefs.js';
import { TranslateService } from './translate.js';

export interface TranslateDomainDeps {
  connections: ConnectionsService;
  events: EventBus;
  /** The settings store: preferences live under their own key there. */
  store: KeyValueStore;
  fs: FileSystem;
  /** The user-data folder (history.json goes here). */
  dir: string;
  now: () => number;
  concurrency: () => number;
}

export function createTranslateDomain(d: TranslateDomainDeps): {
  translate: TranslateService;
  translatePrefs: TranslatePrefsService;
  history: HistoryService;
} {
  const translatePrefs = new TranslatePrefsService(d.store, (p) => d.events.emit('translatePrefs.changed', p));
  const history = new HistoryService({
    fs: d.fs,
    dir: d.dir,
    now: d.now,
    prefs: () => {
      const p = translatePrefs.get();
      return { enabled: p.historyEnabled, maxEntries: p.historyMaxEntries };
    },
    onChange: (total) => d.events.emit('history.changed', { total }),
  });
  const translate = new TranslateService(d.connections, d.events, {
    record: (e) => history.add(e),
    concurrency: d.concurrency,
    protectByDefault: () => translatePrefs.get().protectSpans,
  });
  return { translate, translatePrefs, history };
}
