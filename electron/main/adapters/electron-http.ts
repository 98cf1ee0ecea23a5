/**
 * HTTP transport over Electron's `net.fetch` (main process, Electron only): requests go through Chromium's
 * network stack, so the system proxy, PAC files and the OS certificate store apply as users expect.
 */
import { net } from 'electron';
import type { HttpRequest, HttpResponse, HttpTransport, TransportFailure } from '../services/ports.js';
import { TransportError } from '../services/ports.js';

/** Chromium net error names (in the error message) → transport failure kinds (decides what is retried). */
export function classifyChromiumError(message: string): TransportFailure {
  if (/ERR_ABORTED|AbortError/.test(message)) return 'aborted';
  if (/ERR_CONNECTION_REFUSED|ERR_ADDRESS_UNREACHABLE|ERR_INTERNET_DISCONNECTED/.test(message)) return 'refused';
  if (/ERR_NAME_NOT_RESOLVED/.test(message)) return 'dns';
  if (/ERR_NAME_RESOLUTION_FAILED|ERR_DNS_TIMED_OUT/.test(message)) return 'dns_transient';
  if (/ERR_CONNECTION_RESET|ERR_CONNECTION_CLOSED|ERR_EMPTY_RESPONSE|ERR_NETWORK_CHANGED|ERR_CONNECTION_ABORTED|ERR_TIMED_OUT|ERR_HTTP2_PROTOCOL_ERROR|ERR_CONTENT_LENGTH_MISMATCH|ERR_INCOMPLETE_CHUNKED_ENCODING/.test(message)) return 'reset';
  if (/ERR_CERT|ERR_SSL/.test(message)) return 'tls';
  return 'other';
}

function wrap(e: unknown): TransportError {
  const message = e instanceof Error ? `${e.name} ${e.message}` : String(e);
  return new TransportError(classifyChromiumError(message), message.slice(0, 200));
}

export function createElectronHttpTransport(): HttpTransport {
  return {
    async send(req: HttpRequest): Promise<HttpResponse> {
      let res: Response;
      try {
        res = await net.fetch(req.url, {
          method: req.method,
          headers: req.headers,
          ...(req.body !== undefined && { body: req.body as BodyInit }),
          signal: req.signal,
          // Never follow a redirect silently: a key must not be sent to another host.
          redirect: 'manual',
        });
      } catch (e) {
        throw wrap(e);
      }
      return {
        status: res.status,
        header: (n) => res.headers.get(n),
        text: () => res.text().catch((e: unknown) => Promise.reject(wrap(e))),
        bytes: async () => {
          try {
            return new Uint8Array(await res.arrayBuffer());
          } catch (e) {
            throw wrap(e);
          }
        },
        async *chunks() {
          if (!res.body) return;
          const reader = res.body.getReader();
          try {
            for (;;) {
              const { done, value } = await reader.read();
              if (done) return;
              yield value;
            }
          } catch (e) {
            throw wrap(e);
          }
        },
      };
    },
  };
}
