/**
 * Renderer hook: translate-as-you-type for the single-text panes. The request fires `debounceMs` after the last
 * keystroke (or at once on Ctrl/Cmd+Enter / the Translate button; only then in manual mode). A change of anything
 * else that changes the answer — the connection, the languages, any option — re-translates without the typing
 * pause, once it has settled for `CONTEXT_SETTLE_MS`: walking a language list with the arrow keys changes it at
 * every step, and each step was sent, billed and kept in History (seen on a keyboard tour). Requests are
 * react-query queries keyed by their exact content (connection included), which gives:
 * - identical requests are answered from the cache (no second call, no second bill);
 * - a result always belongs to the request that produced it: a newer input makes the shown result `stale`
 *   (dimmed, aria-busy, not copied) until its own answer arrives, and an older answer never replaces it;
 * - a request made stale by newer typing is aborted, and the abort is forwarded to main (`translate.cancel`).
 * Long texts (main cuts them into several requests) report progress through `translate.batchProgress` under the
 * request id, and can be cancelled. 429/529 retries that main performs surface through `api.retrying`.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EventPayload, TranslateRunOutput } from '../../shared/ipc/contract.js';
import { api, unwrap } from './api.js';
import type { OptionsInput } from './translate-request.js';

export interface LiveTranslationInput {
  text: string;
  options: OptionsInput;
  /** The connection the translation is for: part of every key, sent with the request. */
  connectionId: string | null;
  auto: boolean;
  debounceMs: number;
  /** True when the draft has a problem the user must fix first (shown by the options panel). */
  blocked: boolean;
  /**
   * True for a draft restored from the last session that the user has not touched: nothing is sent on its own
   * (not after the pause, not when languages arrive); only `translateNow` sends it.
   */
  hold?: boolean;
  /**
   * True while an input method composes characters in the text (Japanese, Chinese, Korean): nothing is sent after
   * the pause until they are confirmed (a Japanese tour saw "けいやくしょ" sent, billed and translated mid-word).
   */
  composing?: boolean;
}

export interface LiveTranslation {
  result: TranslateRunOutput | undefined;
  /** True while a request is in flight. */
  pending: boolean;
  /** True when the shown result belongs to older input (text, languages, options or connection). */
  stale: boolean;
  error: unknown;
  retrying: EventPayload<'api.retrying'> | null;
  /** Progress of a long text cut into several requests (null for one request). */
  progress: EventPayload<'translate.batchProgress'> | null;
  translateNow: () => void;
  /** Stops the request in flight (long texts); what was typed stays. */
  cancel: () => void;
}

/** How long a changed language, option or connection must stay before it is sent (one arrow key press to the next). */
export const CONTEXT_SETTLE_MS = 300;

let counter = 0;
function newRequestId(): string {
  counter += 1;
  const rnd = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2);
  return `tr-${counter}-${rnd}`;
}

interface RequestBody {
  connectionId: string | null;
  texts: string[];
  options: OptionsInput;
}

export function useLiveTranslation({
  text,
  options,
  connectionId,
  auto,
  debounceMs,
  blocked,
  hold = false,
  composing = false,
}: LiveTranslationInput): LiveTranslation {
  const request = useMemo(
    () => JSON.stringify({ connectionId, texts: [text], options } satisfies RequestBody),
    [connectionId, text, options],
  );
  // Everything but the text: a change here re-translates at once.
  const context = useMemo(() => JSON.stringify([connectionId, options]), [connectionId, options]);
  const empty = text.trim() === '';
  const [active, setActive] = useState<string | null>(null);
  const [retrying, setRetrying] = useState<EventPayload<'api.retrying'> | null>(null);
  const [progress, setProgress] = useState<EventPayload<'translate.batchProgress'> | null>(null);
  // A ref, not state: an event may arrive before React re-renders after the request started.
  const inFlightId = useRef<string | null>(null);
  const lastContext = useRef(context);
  // A changed context waiting to settle (kept across the effect's re-runs until it is sent).
  const contextPending = useRef(false);

  useEffect(() => {
    if (lastContext.current !== context) contextPending.current = true;
    lastContext.current = context;
    // Mid-composition the text is not the user's yet: the pause starts again once the characters are confirmed.
    if (composing) return;
    if (empty || blocked || hold) {
      contextPending.current = false;
      return;
    }
    // In manual mode a changed connection/language/option re-translates a text that was already translated.
    if (contextPending.current && (auto || active !== null)) {
      const settle = setTimeout(() => {
        contextPending.current = false;
        setActive(request);
      }, CONTEXT_SETTLE_MS);
      return () => clearTimeout(settle);
    }
    if (!auto) return;
    const timer = setTimeout(() => setActive(request), debounceMs);
    return () => clearTimeout(timer);
    // `active` is read only to know whether manual mode has translated before; it must not restart the timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [auto, empty, blocked, hold, composing, request, context, debounceMs]);

  const translateNow = useCallback(() => {
    if (!empty && !blocked) setActive(request);
  }, [empty, blocked, request]);

  const query = useQuery({
    queryKey: ['translate.run', active],
    enabled: active !== null && !blocked,
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: async ({ signal }) => {
      const body = JSON.parse(active as string) as RequestBody;
      const requestId = newRequestId();
      // Forward react-query's abort (newer input, unmount) to main so the HTTP request is cancelled too.
      const onAbort = () => void api().translate.cancel({ requestId });
      signal.addEventListener('abort', onAbort, { once: true });
      inFlightId.current = requestId;
      setProgress(null);
      try {
        return await unwrap(
          api().translate.run({
            requestId,
            texts: body.texts,
            options: body.options,
            ...(body.connectionId !== null && { connectionId: body.connectionId }),
          }),
        );
      } finally {
        signal.removeEventListener('abort', onAbort);
        if (inFlightId.current === requestId) inFlightId.current = null;
        setRetrying(null);
        setProgress(null);
      }
    },
  });

  useEffect(() => {
    const a = api();
    const offs = [
      a.on('api.retrying', (e) => {
        if (e.requestId === undefined || e.requestId === inFlightId.current) setRetrying(e);
      }),
      a.on('translate.batchProgress', (p) => {
        if (p.batchId === inFlightId.current) setProgress(p);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, []);

  const cancel = useCallback(() => {
    const id = inFlightId.current;
    if (id) void api().translate.cancel({ requestId: id });
  }, []);

  const current = active === request && !query.isPlaceholderData;
  return {
    result: empty ? undefined : query.data,
    pending: !empty && query.isFetching,
    stale: !empty && query.data !== undefined && !current,
    error: empty || !current ? null : query.error,
    retrying: query.isFetching ? retrying : null,
    progress: query.isFetching ? progress : null,
    translateNow,
    cancel,
  };
}
