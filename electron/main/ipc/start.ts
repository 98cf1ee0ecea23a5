/**
 * IPC registrar (main process): `app.start`, what the renderer's first screen reads, in one answer (see `StartAnswer`
 * in the contract and renderer/lib/start-data.ts). Each part comes from the same service its own call uses, so the
 * answers agree; a part that fails is null and the renderer asks for it on its own (and shows that call's error).
 * The first screen never waits on the network: a Translate part that is not ready within NETWORK_BUDGET_MS (a
 * language list not cached yet or expired, a hosted service's capabilities) is null too, the renderer asks for it
 * and shows it loading, and main's request goes on (its result is cached; the renderer's own call joins it; the
 * glossary list is not cached: a late one is asked for again by the renderer).
 */
import type { LanguageList } from '../../../shared/ipc/contract.js';
import { handle, type HandleContext } from './handle.js';
import type { AppServices } from './services.js';

/** How long `app.start` waits for a part that needs the network (the renderer shows "Opening…" after 300 ms). */
export const NETWORK_BUDGET_MS = 200;

/** The part's value, or null when it is not there within `ms` (the read goes on; its result is cached). */
function within<T>(ms: number, read: Promise<T | null>): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  return Promise.race([read, late]).finally(() => clearTimeout(timer));
}

/** The value of a settled promise, or null when it failed (its own call will say why). */
async function orNull<T>(read: () => T | Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch {
    return null;
  }
}

export function registerStartIpc(ctx: HandleContext, s: AppServices): void {
  handle(ctx, 'app.start', async (i) => {
    // The parts that may wait (the lists, what the service offers, its glossaries) are read first, for the connection
    // active now.
    const connectionId = s.connections.activeId();
    const slow =
      i.translate && connectionId
        ? await Promise.all([
            within(NETWORK_BUDGET_MS, orNull(() => s.languages.list('source', false, connectionId))),
            within(NETWORK_BUDGET_MS, orNull(() => s.languages.list('target', false, connectionId))),
            within(NETWORK_BUDGET_MS, orNull(() => s.languages.pairs(false, connectionId))),
            within(NETWORK_BUDGET_MS, orNull(() => s.customisation.capabilities())),
            within(NETWORK_BUDGET_MS, orNull(() => s.glossaries.list())),
          ])
        : null;
    // What main announces by events (settings, connections and their state, remembered choices) is read last, in the
    // turn the answer leaves in: an event sent before the answer is then in it already, and one sent after it is newer
    // (the page applies it after the answer). Read first, a local engine that finished starting while the lists were
    // read would have been answered as still starting, after the event that said it was ready.
    const [settings, connections, status, prefs] = await Promise.all([
      orNull(() => s.settings.get()),
      orNull(() => s.connections.list()),
      orNull(() => s.connections.status()),
      orNull(() => s.translatePrefs.get()),
    ]);
    // Another connection made active meanwhile: the page asks for its data itself.
    if (!slow || !connectionId || status?.activeId !== connectionId) return { settings, connections, status, translate: null };
    const [source, target, pairs, capabilities, glossaries] = slow;
    const names = namesOf(s.i18n, [source, target]);
    return { settings, connections, status, translate: { connectionId, source, target, pairs, prefs, capabilities, glossaries, names } };
  });
}

/** The lists' language names in main's UI language (those `Intl` knows), or null when there is no list. */
function namesOf(i18n: AppServices['i18n'], lists: Array<LanguageList | null>): { locale: string; byCode: Record<string, string> } | null {
  const codes = new Set(lists.flatMap((l) => l?.languages.map((x) => x.code) ?? []));
  if (codes.size === 0) return null;
  const format = i18n.format();
  const byCode: Record<string, string> = {};
  for (const code of codes) {
    const name = format.languageName(code, '');
    if (name) byCode[code] = name;
  }
  return { locale: i18n.locale, byCode };
}
