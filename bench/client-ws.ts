/**
 * Benchmark helper (plain Node): a page-like client of the web harness's WebSocket (hello with the token, then
 * `call(name, input)`), so benchmarks measure the full path harness → IPC registrars → API client → service.
 */
import WebSocket from 'ws';

export interface HarnessClient {
  call(name: string, input?: unknown): Promise<{ ok: boolean; data?: unknown; error?: { code: string; message: string } }>;
  close(): void;
}

export async function connectHarness(port: number, token: string): Promise<HarnessClient> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/__verso/ws`, { origin: `http://127.0.0.1:${port}` });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const waiting = new Map<number, (r: never) => void>();
  let id = 0;
  const welcome = new Promise<void>((resolve) => {
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { type: string; id: number; result: never };
      if (msg.type === 'welcome') resolve();
      else if (msg.type === 'result') {
        waiting.get(msg.id)?.(msg.result);
        waiting.delete(msg.id);
      }
    });
  });
  ws.send(JSON.stringify({ type: 'hello', token }));
  await welcome;
  return {
    call(name, input) {
      return new Promise((resolve) => {
        const n = ++id;
        waiting.set(n, resolve);
        ws.send(JSON.stringify({ type: 'call', id: n, name, input }));
      });
    },
    close: () => ws.close(),
  };
}

export function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}
