/**
 * Renderer hook: translate-as-you-type for the single-text panes. The request fires `debounceMs` after the last
 * change (or at once on Ctrl/Cmd+Enter / the Translate button; only then in manual mode). Requests are react-query
 * queries keyed by their exact content, which gives the two properties a translator pays for:
 * - identical requests are answered from the cache (no second call, no second bill);
 * - a request made stale by newer typing is aborted, and the abort is forwarded to main (`translate.cancel`).
 * 429/529 retries that main performs are surfaced through the `api.retrying` event.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EventPayload, TranslateRunOutput } from '../../shared/ipc/contract.js';
import { api, unwrap } from './api.js';
import type { OptionsInput } from './translate-request.js';

export interface LiveTranslationInput {
  text: string;
  options: OptionsInput;
  auto: boolean;
  debounceMs: number;
  /** True when the draft has a problem the user must fix first (shown by the options panel). */
  blocked: boolean;
}

export interface LiveTranslation {
  result: TranslateRunOutput | undefined;
  /** True while a request for the current input is in flight. */
  pending: boolean;
  /** True when the shown result belongs to older input. */
  stale: boolean;
  error: unknown;
  retrying: EventPayload<'api.retrying'> | null;
  translateNow: () => void;
}

let counter = 0;
function newRequestId(): string {
  counter += 1;
  const rnd = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2);
  return `tr-${counter}-${rnd}`;
}

export function useLiveTranslation({
  text,
  options,
  auto,
  debounceMs,
  blocked,
}: LiveTranslationInput): LiveTranslation {
  const request = useMemo(() => JSON.stringify({ texts: [text], options }), [text, options]);
  const empty = text.trim() === '';
  const [active, setActive] = useState<string | null>(null);
  const [retrying, setRetrying] = useState<EventPayload<'api.retrying'> | null>(null);
  // A ref, not state: a retry event may arrive before React re-renders after the request started.
  const inFlightId = useRef<string | null>(null);

  useEffect(() => {
    if (!auto || empty || blocked) return;
    const timer = setTimeout(() => setActive(request), debounceMs);
    return () => clearTimeout(timer);
  }, [auto, empty, blocked, request, debounceMs]);

  const translateNow = useCallback(() => {
    if (!empty && !blocked) setActive(request);
  }, [empty, blocked, request]);

  const query = useQuery({
    queryKey: ['translate.run', active],
    enabled: active !== null && !blocked,
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const body = JSON.parse(active as string) as { texts: string[]; options: OptionsInput };
      const requestId = newRequestId();
      // Forward react-query's abort (newer input, unmount) to main so the HTTP request is cancelled too.
      const onAbort = () => void api().translate.cancel({ requestId });
      signal.addEventListener('abort', onAbort, { once: true });
      inFlightId.current = requestId;
      try {
        return await unwrap(api().translate.run({ ...body, requestId }));
      } finally {
        signal.removeEventListener('abort', onAbort);
        if (inFlightId.current === requestId) inFlightId.current = null;
        setRetrying(null);
      }
    },
  });

  useEffect(
    () =>
      api().on('api.retrying', (e) => {
        if (e.requestId === undefined || e.requestId === inFlightId.current) setRetrying(e);
      }),
    [],
  );

  const showing = empty ? undefined : query.data;
  return {
    result: showing,
    pending: !empty && query.isFetching,
    stale: !empty && (active !== request || query.isPlaceholderData),
    error: empty || query.isPlaceholderData ? null : query.error,
    retrying: query.isFetching ? retrying : null,
    translateNow,
  };
}
