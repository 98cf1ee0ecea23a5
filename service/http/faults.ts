/**
 * Fault injection and test hooks (service process), on only with `--faults`.
 *
 * Compatible in name and meaning with DeepL's mock server: a request carrying `mock-server-session: <id>` and
 * `mock-server-session-*` headers configures that session the first time the id is seen; its next N requests
 * then get the fault. Requests without a session header (an app under test cannot add headers) use the global
 * scope, armed with `POST /__faults__/arm` carrying the same headers. `GET /__session__/last-request[?path=/v2/…]` and
 * `GET /__session__/stats` let tests see what the service received.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';

export interface FaultConfig {
  noResponse: number;
  status429: number;
  status529: number;
  status5xx: number;
  status5xxCode: number;
  delayMs: number;
  delayCount: number;
  retryAfter: string | undefined;
  cutAfterBytes: number | undefined;
  cutCount: number;
  docFailure: number;
  docQueueMs: number | undefined;
  docTranslateMs: number | undefined;
}

export interface CapturedRequest {
  method: string;
  path: string;
  headers: Record<string, unknown>;
  query: unknown;
  body: unknown;
}

interface Scope {
  config: FaultConfig;
  last?: CapturedRequest;
  /** The last request per path (`?path=` of `/__session__/last-request`). */
  lastByPath?: Record<string, CapturedRequest>;
  count: number;
  byPath: Record<string, number>;
}

const PREFIX = 'mock-server-session-';

function num(headers: FastifyRequest['headers'], name: string): number | undefined {
  const v = headers[PREFIX + name];
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

export function readFaultConfig(headers: FastifyRequest['headers']): FaultConfig {
  const retry = headers[PREFIX + 'retry-after'];
  return {
    noResponse: num(headers, 'no-response-count') ?? 0,
    status429: num(headers, '429-count') ?? 0,
    status529: num(headers, '529-count') ?? 0,
    status5xx: num(headers, '5xx-count') ?? 0,
    status5xxCode: Math.min(599, Math.max(500, num(headers, '5xx-status') ?? 503)),
    delayMs: num(headers, 'delay-ms') ?? 0,
    delayCount: num(headers, 'delay-count') ?? Number.POSITIVE_INFINITY,
    retryAfter: typeof retry === 'string' ? retry : undefined,
    cutAfterBytes: num(headers, 'cut-after-bytes'),
    cutCount: num(headers, 'cut-count') ?? 1,
    docFailure: num(headers, 'doc-failure') ?? 0,
    docQueueMs: num(headers, 'doc-queue-time'),
    docTranslateMs: num(headers, 'doc-translate-time'),
  };
}

const emptyConfig = (): FaultConfig => readFaultConfig({});

/** Per-process fault state shared by both listeners. */
export class Faults {
  private readonly sessions = new Map<string, Scope>();
  private global: Scope = { config: emptyConfig(), count: 0, byPath: {} };

  constructor(readonly enabled: boolean) {}

  scopeOf(req: FastifyRequest): Scope {
    const id = req.headers['mock-server-session'];
    if (typeof id !== 'string' || id === '') return this.global;
    let s = this.sessions.get(id);
    if (!s) {
      s = { config: readFaultConfig(req.headers), count: 0, byPath: {} };
      this.sessions.set(id, s);
    }
    return s;
  }

  arm(req: FastifyRequest): void {
    const prev = this.global;
    this.global = { config: readFaultConfig(req.headers), count: prev.count, byPath: prev.byPath, last: prev.last, lastByPath: prev.lastByPath };
  }

  reset(): void {
    this.global = { config: emptyConfig(), count: 0, byPath: {} };
    this.sessions.clear();
  }

  /** Takes one document failure from the request's scope, if any is armed. */
  takeDocFailure(req: FastifyRequest): boolean {
    if (!this.enabled) return false;
    const s = this.scopeOf(req);
    if (s.config.docFailure > 0) {
      s.config.docFailure--;
      return true;
    }
    return false;
  }

  docTimings(req: FastifyRequest): { queueMs?: number; translateMs?: number } {
    if (!this.enabled) return {};
    const c = this.scopeOf(req).config;
    return { queueMs: c.docQueueMs, translateMs: c.docTranslateMs };
  }

  /** onRequest hook: applies armed faults before auth, as DeepL's mock does. */
  async onRequest(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const s = this.scopeOf(req);
    const path = req.url.split('?')[0]!;
    s.count++;
    s.byPath[path] = (s.byPath[path] ?? 0) + 1;
    const c = s.config;
    if (c.delayMs > 0 && c.delayCount > 0) {
      c.delayCount--;
      await new Promise((r) => setTimeout(r, c.delayMs));
    }
    if (c.noResponse > 0) {
      c.noResponse--;
      // Leave the socket hanging, as a dead server would: the client's own timeout must fire.
      reply.hijack();
      return;
    }
    const fail = (status: number, message: string) => {
      reply.header('Retry-After', c.retryAfter ?? '1');
      return reply.code(status).send({ message, code: 'injected_fault' });
    };
    if (c.status429 > 0) {
      c.status429--;
      return fail(429, 'Too many requests (injected fault): wait and resend.');
    }
    if (c.status529 > 0) {
      c.status529--;
      return fail(529, 'Too many requests (injected fault): wait and resend.');
    }
    if (c.status5xx > 0) {
      c.status5xx--;
      return fail(c.status5xxCode, `Injected server error ${c.status5xxCode}: retry later.`);
    }
  }

  /** preHandler hook: remembers the request (after its body was parsed) for `/__session__/last-request`. */
  capture(req: FastifyRequest): void {
    const entry: CapturedRequest = {
      method: req.method,
      path: req.url.split('?')[0]!,
      headers: { ...req.headers },
      query: req.query,
      body: req.body,
    };
    const s = this.scopeOf(req);
    for (const scope of s === this.global ? [s] : [s, this.global]) {
      scope.last = entry;
      (scope.lastByPath ??= {})[entry.path] = entry;
    }
  }

  /** onSend hook: cuts the body after N bytes when armed (a connection lost mid-download). */
  onSend(req: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    const c = this.scopeOf(req).config;
    if (c.cutAfterBytes === undefined || c.cutCount <= 0 || req.url.startsWith('/__')) return payload;
    c.cutCount--;
    const cut = c.cutAfterBytes;
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      const buf = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
      reply.header('content-length', String(buf.length));
      return new Readable({
        read() {
          this.push(buf.subarray(0, Math.min(cut, buf.length)));
          this.destroy(new Error('connection cut by fault injection'));
        },
      });
    }
    if (payload instanceof Readable) {
      let sent = 0;
      const out = new Readable({ read() {} });
      payload.on('data', (chunk: Buffer) => {
        if (sent >= cut) return;
        const part = chunk.subarray(0, cut - sent);
        sent += part.length;
        out.push(part);
        if (sent >= cut) {
          payload.destroy();
          out.destroy(new Error('connection cut by fault injection'));
        }
      });
      payload.on('end', () => out.push(null));
      return out;
    }
    return payload;
  }

  /** Test-hook routes (no auth; they exist only with --faults). */
  register(app: FastifyInstance): void {
    app.post('/__faults__/arm', async (req, reply) => {
      this.arm(req);
      return reply.code(204).send();
    });
    app.post('/__faults__/reset', async (_req, reply) => {
      this.reset();
      return reply.code(204).send();
    });
    app.get('/__session__/last-request', async (req, reply) => {
      const s = this.scopeOf(req);
      const { path } = req.query as { path?: string };
      const last = path ? s.lastByPath?.[path] : s.last;
      if (!last) return reply.code(404).send({ message: `No request${path ? ` to ${path}` : ''} has been received yet in this session.` });
      return last;
    });
    app.get('/__session__/stats', async (req) => {
      const s = this.scopeOf(req);
      return { count: s.count, byPath: s.byPath };
    });
  }
}
