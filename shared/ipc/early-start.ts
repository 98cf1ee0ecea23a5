/**
 * The first screen's call made by the transport as the window opens (the Electron preload and the web harness's
 * shim, both before the page's scripts run; no runtime imports, so both can bundle it): `app.start` goes to main at
 * once, and its answer is in by the time the entry script asks for it — after its modules have loaded, tens of
 * milliseconds later — instead of a round trip after that. The entry's own `app.start` takes that answer, once; any
 * later call goes to main. It asks for the Translate screen's data too: when the first screen is another, that part
 * is only more in the cache.
 *
 * Main's events that come after that answer and before the entry has taken it would reach no listener (the page's
 * code is not running yet), or be overwritten by the older answer once the entry puts it in its cache: they are
 * held, and given to the listeners in order a task after the entry has taken the answer (its promise callbacks have
 * run by then). Events that came before the answer are already in it (main answers and announces in order).
 */

/** What the transport asks for early: everything the entry might ask for. */
export const EARLY_START_INPUT = { translate: true } as const;

export interface EarlyStart {
  /** The page's `app.start`: the early answer once, then main's. */
  start(input?: unknown): Promise<unknown>;
  /** Holds an event for later (true), or leaves it to be given to the listeners now (false). */
  hold(name: string, payload: unknown): boolean;
}

/**
 * `ask` sends `app.start` to main (its promise never rejects: it resolves to a result); `dispatch` gives an event to
 * the page's listeners; `later` runs a function a task later. `first` is the early answer when the transport asked
 * for it another way (the web harness: over HTTP, see web/start-route.ts), null when that got none (`ask` asks
 * then); by default `ask` asks for it.
 */
export function earlyStart(
  ask: (input: unknown) => Promise<unknown>,
  dispatch: (name: string, payload: unknown) => void,
  later: (run: () => void) => void = (run) => void setTimeout(run, 0),
  first?: Promise<unknown>,
): EarlyStart {
  let early: Promise<unknown> | null = first ? first.then((answer) => answer ?? ask(EARLY_START_INPUT)) : ask(EARLY_START_INPUT);
  let held: Array<[string, unknown]> | null = null;
  void early.then(() => {
    if (early) held = []; // answered and not taken yet: hold what comes next
  });
  return {
    start(input) {
      const answer = early;
      if (!answer) return ask(input);
      early = null;
      const waiting = held;
      // Still holding (into the same list) until they are given, so a later event cannot overtake them.
      if (waiting)
        later(() => {
          held = null;
          for (const [name, payload] of waiting) dispatch(name, payload);
        });
      return answer;
    },
    hold(name, payload) {
      if (!held) return false;
      held.push([name, payload]);
      return true;
    },
  };
}

/**
 * The page's event listeners, kept by the transport (preload or shim): main's events are received from the start,
 * held or given here. A listener that throws does not keep the event from the others.
 */
export function pageEvents(): {
  on(name: string, listener: (payload: never) => void): () => void;
  dispatch(name: string, payload: unknown): void;
} {
  const listeners = new Map<string, Set<(payload: never) => void>>();
  return {
    on(name, listener) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    dispatch(name, payload) {
      for (const listener of listeners.get(name) ?? []) {
        try {
          listener(payload as never);
        } catch (e) {
          console.error(e);
        }
      }
    },
  };
}
