/**
 * One listener of the local Translation Service (service process): a fastify instance for the Pro base or the
 * Free base. Owns the cross-cutting rules of the spec: X-Trace-ID on every response, auth on every endpoint,
 * scopes, rate limiting, fault injection (only with --faults), the Error body for every failure, 404 for unknown
 * paths and 405 for wrong methods, and one structured log line per request without keys or texts.
 */
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Account, ApiKey, Scope, Store } from '../store/store.js';
import { HttpError, forbidden } from './errors.js';
import type { Faults } from './faults.js';
import { registerStrictBodyParsers } from './strict-text.js';

export type ListenerTier = 'pro' | 'free';
export type RouteScope = Scope | 'admin';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: { account: Account; key: ApiKey };
  }
  interface FastifyContextConfig {
    scope?: RouteScope;
  }
}

export interface AppContext {
  tier: ListenerTier;
  store: Store;
  faults: Faults;
  urls: { pro: () => string; free: () => string };
  rateLimit?: RateLimiter;
  log?: boolean;
  timeouts?: HttpTimeouts;
}

/**
 * Limits that keep slow or stalled clients from holding the listener's sockets. Defaults suit a desktop service:
 * long enough for a 100 MB upload on a slow link (it keeps sending, so the idle timer keeps restarting), short
 * enough that a client that stops sending is cut off within a minute.
 */
export interface HttpTimeouts {
  /** A socket with no traffic in either direction for this long is closed (an upload that stalls). Default 30 s. */
  idleMs?: number;
  /** All request headers must arrive within this time (slow-header attacks). Default 15 s. */
  headersMs?: number;
  /** A whole request, body included, must arrive within this time. Default 15 min. */
  requestMs?: number;
}

export const DEFAULT_HTTP_TIMEOUTS: Required<HttpTimeouts> = { idleMs: 30_000, headersMs: 15_000, requestMs: 15 * 60_000 };

/** Token bucket per key: `perSecond` requests a second with a burst of the same size. Off unless configured. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  constructor(private readonly perSecond: number) {}
  /** Returns 0 when allowed, else the seconds to wait. */
  take(id: string, now = Date.now()): number {
    const b = this.buckets.get(id) ?? { tokens: this.perSecond, at: now };
    b.tokens = Math.min(this.perSecond, b.tokens + ((now - b.at) / 1000) * this.perSecond);
    b.at = now;
    this.buckets.set(id, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / this.perSecond));
  }
}

const AUTH_RE = /^Service-Auth-Key (\S.*)$/;

function authenticate(ctx: AppContext, req: FastifyRequest): void {
  const scope = req.routeOptions.config.scope;
  if (!scope) return; // test hooks and unknown paths
  const header = req.headers.authorization;
  if (!header) {
    throw forbidden(
      'Missing Authorization header: send `Authorization: Service-Auth-Key <your key>`.',
      'missing_credentials',
    );
  }
  const m = AUTH_RE.exec(header);
  if (!m) {
    throw forbidden(
      'Malformed Authorization header: it must be `Service-Auth-Key` followed by one space and your key.',
      'malformed_credentials',
    );
  }
  const found = ctx.store.findKeyAndAccount(m[1]!.trim());
  if (!found) throw forbidden('Unknown API key: check that you copied the whole key.', 'invalid_key');
  const { key, account } = found;
  if (key.deactivatedAt) {
    throw forbidden(
      `This key was deactivated on ${key.deactivatedAt} and cannot be used again; ask your account admin for a new key.`,
      'key_deactivated',
    );
  }
  if (!account) throw forbidden('The account of this key no longer exists.', 'invalid_key');

  if (scope === 'admin') {
    if (ctx.tier !== 'pro') {
      throw forbidden(
        `The admin interface exists only on the Pro base URL (${ctx.urls.pro()}).`,
        'wrong_base',
      );
    }
    if (key.tier !== 'admin') {
      throw forbidden(
        'The admin interface needs an admin key; developer keys cannot manage keys.',
        'admin_key_required',
      );
    }
    if (!account.adminEnabled) {
      throw forbidden('The admin interface is not enabled for this account.', 'admin_not_enabled');
    }
  } else {
    if (key.tier === 'admin') {
      throw forbidden(
        'Admin keys work only on the admin endpoints (/v2/admin/...); use a developer key here.',
        'admin_key_not_allowed',
      );
    }
    if (key.tier === 'free' && ctx.tier === 'pro') {
      throw forbidden(`This is a Free key: use the Free base URL (${ctx.urls.free()}).`, 'wrong_base');
    }
    if (key.tier === 'pro' && ctx.tier === 'free') {
      throw forbidden(`This is a Pro key: use the Pro base URL (${ctx.urls.pro()}).`, 'wrong_base');
    }
    if (key.scopes && !key.scopes.includes(scope)) {
      throw forbidden(
        `This key is limited to ${key.scopes.join(', ')}; it cannot use ${scope} endpoints.`,
        'scope_not_allowed',
      );
    }
    if (scope === 'detect' && !account.detectBeta) {
      throw forbidden(
        'Language detection is a beta that is not enabled for this account; ask the service operator to enable it.',
        'feature_not_enabled',
      );
    }
  }
  req.auth = { account, key };
}

/** Friendly messages for fastify's own errors (body parsing, size). */
function mapFrameworkError(
  err: { code?: string; statusCode?: number; message: string },
  req: FastifyRequest,
) {
  const path = req.url.split('?')[0];
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(
        413,
        `The request body is larger than this endpoint allows${path === '/v2/translate' ? ' (128 KiB for text translation)' : ''}. Send less text per request.`,
        'request_too_large',
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(
        400,
        `Unsupported Content-Type "${req.headers['content-type'] ?? ''}": send application/json or application/x-www-form-urlencoded.`,
        'invalid_content_type',
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HttpError(400, 'The JSON body is empty: send a JSON object.', 'malformed_body');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new HttpError(400, `The request body is malformed: ${err.message}`, 'malformed_body');
    default:
      if (err instanceof SyntaxError || (err.statusCode === 400 && err.code?.startsWith('FST_ERR_CTP'))) {
        return new HttpError(400, `The request body is malformed: ${err.message}`, 'malformed_body');
      }
      return undefined;
  }
}

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const timeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...ctx.timeouts };
  const app = Fastify({
    // Idle timeout of the socket (Node's server.timeout): a stalled upload is cut, its handler sees the stream end.
    connectionTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    logger: ctx.log ? { level: 'info', stream: process.stderr } : false,
    // fastify's own per-request lines would log URLs and hosts; we log one line of our own (onResponse).
    logController: new LogController({ disableRequestLogging: true }),
    // randomUUID draws from a cached entropy pool; randomBytes per request showed up in profiles.
    genReqId: () => randomUUID().replaceAll('-', ''),
    bodyLimit: 131072,
    keepAliveTimeout: 65_000,
    return503OnClosing: true,
  });
  // Node checks headersTimeout on this interval; a short interval makes a short limit take effect promptly.
  app.server.headersTimeout = timeouts.headersMs;
  (app.server as { connectionsCheckingInterval?: number }).connectionsCheckingInterval = Math.min(30_000, Math.max(100, timeouts.headersMs / 4));
  registerStrictBodyParsers(app);

  // Patterns of every route with their methods, for 405 answers.
  const patterns: { re: RegExp; methods: Set<string> }[] = [];
  app.addHook('onRoute', (route) => {
    const re = new RegExp(`^${route.url.replace(/:[^/]+/g, '[^/]+')}/?$`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    let entry = patterns.find((p) => p.re.source === re.source);
    if (!entry) patterns.push((entry = { re, methods: new Set() }));
    methods.forEach((m) => entry!.methods.add(m));
  });

  if (ctx.faults.enabled) {
    app.addHook('onRequest', async (req, reply) => {
      reply.header('X-Trace-ID', req.id);
      if (req.url.startsWith('/__')) return;
      await ctx.faults.onRequest(req, reply);
      if (reply.sent) return reply;
    });
  }
  // Callback style, not async: this runs on every request, and a promise per request showed in profiles.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('X-Trace-ID', req.id);
    // Node clears the idle timer of a kept-alive socket when its next request starts; re-arm it, so a body that
    // stalls on a reused connection is cut like one on a fresh connection.
    req.raw.socket?.setTimeout(timeouts.idleMs);
    try {
      authenticate(ctx, req);
      if (ctx.rateLimit && req.auth) {
        const wait = ctx.rateLimit.take(req.auth.key.keyId);
        if (wait > 0) {
          throw new HttpError(
            429,
            `Too many requests for this key: wait ${wait} s and resend.`,
            'too_many_requests',
            {
              'Retry-After': String(wait),
            },
          );
        }
      }
    } catch (e) {
      done(e as Error);
      return;
    }
    done();
  });

  // Once a body has arrived, the time the service takes to answer is not the client's idleness: the idle timer is
  // off while the handler works (a document count or a large batch can take longer than the idle limit). Uploads
  // (multipart, read inside the handler) switch it off themselves once the file is in; downloads switch it back on.
  app.addHook('preHandler', (req, _reply, done) => {
    if (!/^multipart\//i.test(req.headers['content-type'] ?? '')) req.raw.socket?.setTimeout(0);
    done();
  });

  if (ctx.faults.enabled) {
    app.addHook('preHandler', async (req) => {
      if (!req.url.startsWith('/__')) ctx.faults.capture(req);
    });
    app.addHook('onSend', async (req, reply, payload) => ctx.faults.onSend(req, reply, payload));
  }
  if (ctx.log) {
    app.addHook('onResponse', async (req, reply) => {
      req.log.info(
        {
          trace_id: req.id,
          tier: ctx.tier,
          method: req.method,
          route: req.routeOptions.url ?? 'unknown',
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
          engine: reply.getHeader('x-verso-engine'),
        },
        'request',
      );
    });
  }

  app.setErrorHandler(
    async (err: Error & { code?: string; statusCode?: number }, req, reply: FastifyReply) => {
      const e = err instanceof HttpError ? err : mapFrameworkError(err, req);
      if (e) {
        for (const [k, v] of Object.entries(e.headers)) reply.header(k, v);
        return reply
          .code(e.status)
          .send(e.code ? { message: e.message, code: e.code } : { message: e.message });
      }
      if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        return reply.code(err.statusCode).send({ message: err.message, code: 'bad_request' });
      }
      req.log.error({ trace_id: req.id, err: { message: err.message, stack: err.stack } }, 'internal error');
      return reply.code(500).send({
        message: `Internal error in the local service; retry, and report trace id ${req.id} if it persists.`,
        code: 'internal_error',
      });
    },
  );

  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0]!;
    const known = patterns.find((p) => p.re.test(path));
    if (known && !known.methods.has(req.method)) {
      const allow = [...known.methods].filter((m) => m !== 'HEAD').join(', ');
      reply.header('Allow', allow);
      return reply.code(405).send({
        message: `Method ${req.method} is not allowed on ${path}; use ${allow}.`,
        code: 'method_not_allowed',
      });
    }
    return reply.code(404).send({ message: `No endpoint at ${req.method} ${path}.`, code: 'not_found' });
  });

  return app;
}
