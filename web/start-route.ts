/**
 * The page's early `app.start` over its own HTTP connection (plain Node, web harness only): `POST /__verso/start`,
 * guarded by the harness's one-time token and the page's origin, answers what the socket's `app.start` answers.
 *
 * Why: the shim sends `app.start` as the page opens (shared/ipc/early-start.ts), as the Electron preload does over
 * IPC. Over the WebSocket it could only leave once the socket had opened, and a socket's `open` waits for a turn of
 * the page's main thread, which is compiling the entry script by then: in a trace of a fresh start the call left at
 * ~140–260 ms and the first render waited for its answer. A fetch leaves at once, on the connection the page came
 * on, and its answer is in before the entry asks for it — as the preload's is in the desktop app.
 *
 * The answer and main's events then travel on two channels, and one must not overtake the other: an event sent
 * after the answer was read and before the socket is there would reach no listener, and one sent before it would be
 * applied after the (newer) answer. So the harness keeps, per start, the events main sends after that answer, and
 * gives them first on the socket that says hello with the start's session (the shim says hello only after the
 * answer came, and holds events until the entry took it); none from before the answer is ever sent there. A hello
 * with a session the harness no longer keeps (never answered, too old, too many events) is closed with 4410: the
 * page cannot know what it missed and loads again.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const START_PATH = '/__verso/start';

/** Closing code of a hello whose start session is not kept: the page reloads. */
export const START_EXPIRED = 4410;

/** A session id the shim makes (random, URL-safe). */
const SESSION = /^[A-Za-z0-9_-]{16,64}$/;

export interface StartSessions {
  /** The start of `session` was answered: main's events from now on are kept for it until its socket says hello. */
  open(session: string): void;
  /** An event main sent (as the socket's message): kept for every start still waiting for its socket. */
  event(message: string): void;
  /** The socket of `session` said hello: the events kept for it, in order; undefined when it is not kept. */
  take(session: string): string[] | undefined;
  close(): void;
}

export interface StartLimits {
  /** Starts kept at once (a page that never opens its socket must not keep events forever): the oldest goes. */
  sessions: number;
  /** Events kept per start; more and the start is dropped (its page reloads). */
  events: number;
  /** How long a start waits for its socket. */
  ms: number;
}

export function startSessions(
  limits: StartLimits = { sessions: 32, events: 1000, ms: 60_000 },
): StartSessions {
  const kept = new Map<string, { events: string[]; timer: ReturnType<typeof setTimeout> }>();
  const drop = (session: string) => {
    const k = kept.get(session);
    if (!k) return;
    clearTimeout(k.timer);
    kept.delete(session);
  };
  return {
    open(session) {
      drop(session);
      while (kept.size >= limits.sessions) drop(kept.keys().next().value!);
      const timer = setTimeout(() => kept.delete(session), limits.ms);
      timer.unref?.();
      kept.set(session, { events: [], timer });
    },
    event(message) {
      for (const [session, k] of kept) {
        if (k.events.length >= limits.events) drop(session);
        else k.events.push(message);
      }
    },
    take(session) {
      const k = kept.get(session);
      drop(session);
      return k?.events;
    },
    close() {
      for (const session of [...kept.keys()]) drop(session);
    },
  };
}

export interface StartRouteOptions {
  /** The page's origin: a request from any other is refused. */
  origin: string;
  /** Checks the token the page sent (constant time). */
  authorized(token: string): boolean;
  /** Runs main's `app.start` for the page; the route marks the session open right after (see `StartSessions`). */
  run(input: unknown, acceptLanguage: string | undefined): Promise<unknown>;
  sessions: StartSessions;
}

/** Handles `POST /__verso/start` with `{ session, input }`; answers main's result as the socket would. */
export async function handleStart(
  req: IncomingMessage,
  res: ServerResponse,
  o: StartRouteOptions,
  headers: Record<string, string>,
): Promise<void> {
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { ...headers, 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const token = req.headers['x-verso-token'];
  if (
    req.method !== 'POST' ||
    req.headers.origin !== o.origin ||
    typeof token !== 'string' ||
    !o.authorized(token)
  ) {
    req.resume();
    json(403, { message: 'Refused: this request did not come from the Verso page.' });
    return;
  }
  let body: { session?: unknown; input?: unknown };
  try {
    body = JSON.parse(await readSmall(req, 16 * 1024)) as typeof body;
  } catch {
    json(400, { message: 'Bad request.' });
    return;
  }
  if (typeof body.session !== 'string' || !SESSION.test(body.session)) {
    json(400, { message: 'Bad request.' });
    return;
  }
  const result = await o.run(body.input, req.headers['accept-language']);
  // In the same turn as the answer leaves: every event from now on is newer than it.
  o.sessions.open(body.session);
  json(200, result);
}

function readSmall(req: IncomingMessage, max: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        req.destroy();
        reject(new Error('too large'));
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
