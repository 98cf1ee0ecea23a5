/**
 * The web harness's head start on the first screen's answer (Node). The desktop app's preload sends `app.start` as
 * the window opens, before the page's scripts run, and main's answer is in long before the entry asks for it
 * (shared/ipc/early-start.ts). The harness's page can send it only once its socket is open: after the WebSocket
 * handshake and a free turn of the page's main thread, which is busy with the scripts — 50 to 130 ms into a start on
 * a two-core machine, so the answer came after the entry had run and the first render waited for it. So the harness
 * asks main itself when it serves the page (`begin`), and the page's first `app.start` takes that answer (`take`).
 *
 * Taken only when it can stand for a call made now: asked for the same input, within `maxAgeMs`, once, and with
 * nothing happened since it was begun — no event sent (one sent before the page's socket was open never reached the
 * page) and no call from any page (the page being reloaded may still be saving its draft, which sends no event).
 * Otherwise main is asked again, as the page asked.
 */

export interface EarlyAnswer {
  /** The page is being served: ask main now for what its entry will ask. */
  begin(): void;
  /** An event went out, or a page made a call: an answer begun before it is no longer taken. */
  happened(): void;
  /** The begun answer for a page's call with `input`, or null (then the call goes to main as usual). */
  take(input: unknown): Promise<unknown> | null;
}

export function earlyAnswer(options: {
  /** The input the page's first call sends (the shim's EARLY_START_INPUT). */
  input: unknown;
  /** Asks main, as an authenticated page would. */
  ask: (input: unknown) => Promise<unknown>;
  maxAgeMs?: number;
  now?: () => number;
}): EarlyAnswer {
  const { ask, maxAgeMs = 5_000, now = Date.now } = options;
  const expected = JSON.stringify(options.input);
  let begun: { at: number; answer: Promise<unknown> } | null = null;
  return {
    begin() {
      const answer = ask(options.input);
      // Never taken (no page connected in time, or an event came first): its failure is nobody's to report.
      answer.catch(() => undefined);
      begun = { at: now(), answer };
    },
    happened() {
      begun = null;
    },
    take(input) {
      const early = begun;
      begun = null;
      if (!early || now() - early.at > maxAgeMs || JSON.stringify(input) !== expected) return null;
      return early.answer;
    },
  };
}
