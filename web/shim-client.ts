/**
 * The `window.verso` shim of the web harness (browser, injected before the renderer's scripts). It implements the
 * same `VersoApi` as the Electron preload over a loopback WebSocket: calls are `{type:'call', id, name, input}`,
 * answers `{type:'result', id, result}`, events `{type:'event', name, payload}`. The one-time token comes from
 * the URL fragment (never sent in a request line or Referer) and is presented in the first message.
 *
 * The harness bundles it on its own (esbuild) and serves it as one script, with `__VERSO_CALL_NAMES__` replaced by
 * the contract's call names: it imports only what has no runtime imports of its own (early-start.ts, start-route.ts's
 * constants). As the
 * Electron preload does, it sends `app.start` as the page opens (see shared/ipc/early-start.ts): over HTTP, so that it
 * leaves before the socket has opened (web/start-route.ts).
 */
import type { VersoApi } from '../shared/ipc/api-types.js';
import { EARLY_START_INPUT, earlyStart, pageEvents } from '../shared/ipc/early-start.js';
import { START_EXPIRED, START_PATH } from './start-route.js';

declare const __VERSO_CALL_NAMES__: string[];

interface Pending {
  resolve: (r: unknown) => void;
}

(function installVersoShim() {
  const names = __VERSO_CALL_NAMES__;
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
  // The first screen's data, asked for before anything else, over the connection the page came on: it leaves now,
  // where the socket's first message could only leave once the socket opened (web/start-route.ts says why). Null when
  // it did not come (an older harness, a refusal): the socket asks instead.
  const session = Array.from(crypto.getRandomValues(new Uint8Array(18)), (b) => b.toString(16).padStart(2, '0')).join('');
  const startedOverHttp: Promise<unknown> = fetch(START_PATH, {
    method: 'POST',
    headers: { 'X-Verso-Token': token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ session, input: EARLY_START_INPUT }),
  })
    .then((res) => (res.ok ? (res.json() as Promise<unknown>) : null))
    .catch(() => null);
  /** The session the socket's first hello names (the events main sent since that answer come first), once. */
  let helloSession: Promise<string | undefined> | undefined = startedOverHttp.then((answer) => (answer ? session : undefined));
  const pending = new Map<number, Pending>();
  const events = pageEvents();
  let queue: string[] = [];
  let socket: WebSocket | undefined;
  let ready = false;
  let refused = false;
  let nextId = 1;

  const lost = (message: string) => ({ ok: false, error: { code: 'internal', message } });

  function failAll(message: string) {
    for (const p of pending.values()) p.resolve(lost(message));
    pending.clear();
    queue = [];
  }

  function connect() {
    const ws = new WebSocket(`ws://${location.host}/__verso/ws`);
    socket = ws;
    // The calls made meanwhile follow the token at once, as IPC sends at once: the server reads a socket's messages in
    // order and runs none before a good token (a bad one closes the socket with 4401, and they are answered as lost).
    // Waiting for its "welcome" cost a round trip, and a turn of the page's busy main thread, before the first call.
    // The first hello waits for the HTTP answer (in by then, as a rule): it names that answer's session, and the
    // events main sent after it come first.
    const said = helloSession ?? Promise.resolve(undefined);
    helloSession = undefined;
    ws.onopen = () => {
      void said.then((startSession) => {
        if (ws.readyState !== WebSocket.OPEN) return;
        ws.send(JSON.stringify({ type: 'hello', token, ...(startSession && { session: startSession }) }));
        ready = true;
        for (const m of queue) ws.send(m);
        queue = [];
      });
    };
    ws.onmessage = (ev) => {
      const msg = JSON.parse(String(ev.data)) as { type: string; id?: number; result?: unknown; name?: string; payload?: unknown };
      if (msg.type === 'result' && msg.id !== undefined) {
        pending.get(msg.id)?.resolve(msg.result);
        pending.delete(msg.id);
      } else if (msg.type === 'event' && msg.name !== undefined) {
        if (!early.hold(msg.name, msg.payload)) events.dispatch(msg.name, msg.payload);
      }
    };
    ws.onclose = (ev) => {
      ready = false;
      if (ev.code === START_EXPIRED) {
        // The harness no longer keeps what main sent since this page's start: it cannot know what it missed.
        location.reload();
        return;
      }
      if (ev.code === 4401) {
        refused = true;
        failAll('The Verso web harness refused this page: open the exact address it printed (with #token=…).');
        return;
      }
      failAll('Verso lost the connection to its engine (the web harness stopped?). Start it again and reload the page.');
      setTimeout(connect, 1000);
    };
  }

  function call(name: string, input: unknown): Promise<unknown> {
    if (refused) return Promise.resolve(lost('The Verso web harness refused this page: open the exact address it printed (with #token=…).'));
    if (!socket) connect();
    return new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, { resolve });
      const msg = JSON.stringify({ type: 'call', id, name, input });
      if (ready && socket) socket.send(msg);
      else queue.push(msg);
    });
  }

  const api: Record<string, unknown> = {};
  for (const name of names) {
    const dot = name.indexOf('.');
    const domain = name.slice(0, dot);
    const verb = name.slice(dot + 1);
    const group = (api[domain] ??= {}) as Record<string, unknown>;
    group[verb] = (input?: unknown) => call(name, input);
  }
  // The harness runs main in a Node process that may have no clipboard (no display), so it answers `copied: false`
  // after checking the input. The page's own clipboard API does the copy here, and the answer says whether it did.
  const mainCopyText = (api.app as Record<string, (input?: unknown) => Promise<unknown>>).copyText!;
  (api.app as Record<string, unknown>).copyText = async (input?: unknown) => {
    const checked = (await mainCopyText(input)) as { ok: boolean; data?: { copied: boolean } };
    if (!checked.ok || checked.data?.copied) return checked;
    try {
      await navigator.clipboard.writeText((input as { text: string }).text);
      return { ok: true, data: { copied: true } };
    } catch {
      // Not allowed here (window not focused, permission refused): report it; the UI says how to copy by hand.
      return { ok: true, data: { copied: false } };
    }
  };
  api.on = events.on;
  // The first screen's data (asked for above; over the socket if that failed): the entry's own call takes it.
  const early = earlyStart(
    (input) => call('app.start', input),
    events.dispatch,
    undefined,
    startedOverHttp,
  );
  (api.app as Record<string, unknown>).start = early.start;
  for (const v of Object.values(api)) if (typeof v === 'object' && v !== null) Object.freeze(v);
  Object.defineProperty(window, 'verso', { value: Object.freeze(api) as unknown as VersoApi, writable: false, configurable: false });
  // Dropped and chosen files: the bytes are streamed to the harness (web/uploads.ts), which stages a copy in the
  // user-data folder and answers its path; main then reads it as it reads a dropped file's path on the desktop.
  const files = {
    kind: 'stage' as const,
    async toPath(file: File): Promise<string> {
      const res = await fetch(`/__verso/upload?name=${encodeURIComponent(file.name)}`, { method: 'PUT', body: file, headers: { 'X-Verso-Token': token } });
      const body = (await res.json().catch(() => ({}))) as { path?: string; message?: string };
      if (!res.ok || !body.path) throw new Error(body.message ?? `The file could not be sent to Verso (${res.status}).`);
      return body.path;
    },
  };
  Object.defineProperty(window, 'versoFiles', { value: Object.freeze(files), writable: false, configurable: false });
  // The socket opens at the page's first call, or once the page has loaded and gone idle, whichever comes first: the
  // events main sends meanwhile wait in the harness (web/start-route.ts). Opened at once, it cost the first screen's
  // start ~10–20 ms of a fresh window's main thread (the socket's set-up, its open and its welcome), where the
  // desktop app's IPC costs nothing.
  const connectWhenQuiet = () => {
    const open = () => socket ?? connect();
    if (typeof requestIdleCallback === 'function') requestIdleCallback(open, { timeout: 1000 });
    else setTimeout(open, 0);
  };
  if (document.readyState === 'complete') connectWhenQuiet();
  else addEventListener('load', connectWhenQuiet, { once: true });
})();

