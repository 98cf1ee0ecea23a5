/**
 * Test kit (main-process tests): a second translation service, a small HTTP server on 127.0.0.1 that records what it
 * receives. It answers /v2/usage, and /v2/translate with `second:<text>` (or what `reply` returns); anything else is
 * 404. `closeSecondServices()` (in an afterEach) stops every one started.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  path: string;
  body: string;
}

const started: Server[] = [];

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString('utf8')));
    req.on('end', () => resolve(data));
  });

export async function secondService(
  reply?: (body: URLSearchParams | Record<string, unknown>) => { status: number; body: unknown },
): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const path = (req.url ?? '').split('?')[0]!;
      seen.push({ path, body });
      res.setHeader('content-type', 'application/json');
      if (path === '/v2/usage') {
        res.end(JSON.stringify({ character_count: 0, character_limit: 1_000_000 }));
        return;
      }
      if (path === '/v2/translate') {
        const json = JSON.parse(body) as { text: string[] };
        const custom = reply?.(json);
        if (custom) {
          res.statusCode = custom.status;
          res.end(JSON.stringify(custom.body));
          return;
        }
        res.end(JSON.stringify({ translations: json.text.map((t) => ({ detected_source_language: 'EN', text: `second:${t}` })) }));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ message: 'not here' }));
    });
  });
  started.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** Stops every second service started (an afterEach). */
export async function closeSecondServices(): Promise<void> {
  await Promise.all(started.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
}
