/**
 * Node twin of the HTTP transport (main-process code running under plain Node: tests, web harness, benchmarks).
 * undici's `request` over one keep-alive Agent with a bounded pool: the fastest client Node has, and the same
 * library the benchmarks use as their baseline, so the comparison measures Verso's own overhead.
 */
import { Agent, FormData as UndiciFormData, request, type Dispatcher } from 'undici';
import type { HttpRequest, HttpResponse, HttpTransport, TransportFailure } from '../services/ports.js';
import { TransportError } from '../services/ports.js';

/** Maps Node/undici error codes to the transport's failure kinds (decides what is retried). */
export function classifyNetworkError(err: unknown): TransportFailure {
  const e = err as { code?: string; name?: string; cause?: { code?: string } } | undefined;
  const code = e?.code ?? e?.cause?.code ?? '';
  if (e?.name === 'AbortError' || code === 'ABORT_ERR' || code === 'UND_ERR_ABORTED') return 'aborted';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ENOTFOUND') return 'dns';
  if (code === 'EAI_AGAIN') return 'dns_transient';
  if (
    ['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH'].includes(code)
  ) {
    return 'reset';
  }
  // OpenSSL's verify errors: *_CERT_* and UNABLE_TO_VERIFY_LEAF_SIGNATURE (an issuer Node does not trust).
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code.startsWith('UNABLE_TO_')) return 'tls';
  return 'other';
}

function wrap(err: unknown): TransportError {
  if (err instanceof TransportError) return err;
  const e = err as { code?: string; message?: string; cause?: { code?: string } };
  return new TransportError(classifyNetworkError(err), e?.code ?? e?.cause?.code ?? e?.message ?? 'unknown');
}

/** undici's `request` wants its own FormData class; the client builds a global one. */
function toUndiciBody(body: HttpRequest['body']): string | Uint8Array | UndiciFormData | undefined {
  if (body === undefined || typeof body === 'string' || body instanceof Uint8Array) return body;
  const out = new UndiciFormData();
  for (const [k, v] of body.entries()) {
    if (typeof v === 'string') out.append(k, v);
    else out.append(k, v, v.name);
  }
  return out;
}

/** `dispatcher`: asked on every request (the proxy settings can change it, see adapters/node-proxy.ts). */
export function createNodeHttpTransport(options: { connections?: number; dispatcher?: () => Dispatcher } = {}): HttpTransport {
  const agent = new Agent({ connections: options.connections ?? 16, keepAliveTimeout: 10_000, pipelining: 1 });
  return {
    async send(req: HttpRequest): Promise<HttpResponse> {
      let res;
      try {
        res = await request(req.url, {
          method: req.method,
          headers: req.headers,
          body: toUndiciBody(req.body),
          signal: req.signal,
          dispatcher: options.dispatcher?.() ?? agent,
        });
      } catch (e) {
        throw wrap(e);
      }
      const body = res.body;
      return {
        status: res.statusCode,
        header(name) {
          const v = res.headers[name.toLowerCase()];
          if (v === undefined) return null;
          return Array.isArray(v) ? v.join(', ') : String(v);
        },
        async text() {
          try {
            return await body.text();
          } catch (e) {
            throw wrap(e);
          }
        },
        async bytes() {
          try {
            return new Uint8Array(await body.arrayBuffer());
          } catch (e) {
            throw wrap(e);
          }
        },
        async *chunks() {
          try {
            for await (const chunk of body) yield chunk as Uint8Array;
          } catch (e) {
            throw wrap(e);
          }
        },
      };
    },
    async close() {
      await agent.close();
    },
  };
}
