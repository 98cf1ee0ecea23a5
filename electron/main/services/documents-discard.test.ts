/**
 * Cancel → Discard on the local engine (main-process code under vitest, against a real local Translation Service):
 * the service is asked to forget the document, so its engine stops working on it and the next files do not wait
 * behind it (seen on a tour: "Cancelled", while the engine went on). A hosted connection is never asked (the spec has
 * no such call).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createDocumentsPlugin } from '../../../service/documents/plugin.js';
import { startService, type RunningService } from '../../../service/server.js';
import { systemClock } from '../adapters/node-clock.js';
import { createNodeHttpTransport } from '../adapters/node-http.js';
import { ApiClient } from './api-client.js';
import { DocumentsService } from './documents.js';
import { documentsDeps } from './documents-main-test-kit.js';
import type { HttpTransport } from './ports.js';

let dir: string;
let svc: RunningService;
let transport: HttpTransport;
const services: DocumentsService[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'verso-docdiscard-'));
  svc = await startService({ engines: ['pseudo'], dataDir: join(dir, 'service'), port: 0, freePort: 0, faults: true, log: false, plugins: [createDocumentsPlugin()] });
  transport = createNodeHttpTransport();
});
afterEach(async () => {
  for (const s of services.splice(0)) s.close();
  await svc.close().catch(() => undefined);
  await transport.close?.();
  await rm(dir, { recursive: true, force: true });
});

function makeService(session: string, local: boolean): DocumentsService {
  // The service holds each upload queued for a minute: it is still there when the user discards it.
  const headers = { 'mock-server-session': session, 'mock-server-session-doc-queue-time': '60000' };
  const s = new DocumentsService({
    ...documentsDeps(dir),
    clientFor: async () => new ApiClient({ transport, clock: systemClock, baseUrl: svc.proUrl, apiKey: svc.keys.pro_key, userAgent: 'verso-test', extraHeaders: headers }),
    localConnectionIds: () => new Set(local ? ['c-local'] : []),
    queue: { poll: { initialMs: 100, factor: 1.5, maxMs: 1000, maxBelievableSeconds: 3600 } },
  });
  services.push(s);
  return s;
}

async function discardPaths(session: string): Promise<string[]> {
  const r = await fetch(`${svc.proUrl}/__session__/stats`, { headers: { 'mock-server-session': session } });
  const byPath = ((await r.json()) as { byPath: Record<string, number> }).byPath;
  return Object.keys(byPath).filter((p) => p.endsWith('/discard'));
}

async function uploadedJob(s: DocumentsService): Promise<string> {
  const src = join(dir, 'in');
  await mkdir(src, { recursive: true });
  await writeFile(join(src, 'report.txt'), 'The red car is fast.\n');
  await s.enqueue([join(src, 'report.txt')], { targetLangs: ['DE'] });
  for (const end = Date.now() + 20_000; Date.now() < end; await new Promise((r) => setTimeout(r, 25))) {
    const j = (await s.list()).jobs[0];
    if (j?.uploaded && j.state === 'queued') return j.jobId;
  }
  throw new Error('never uploaded');
}

it('asks the local service to forget a discarded document', async () => {
  const session = randomUUID();
  const s = makeService(session, true);
  const jobId = await uploadedJob(s);
  const v = await s.cancel(jobId, true);
  expect(v.state).toBe('cancelled');
  expect(await discardPaths(session)).toHaveLength(1);
}, 30_000);

it('never asks a hosted connection', async () => {
  const session = randomUUID();
  const s = makeService(session, false);
  const jobId = await uploadedJob(s);
  await s.cancel(jobId, true);
  expect(await discardPaths(session)).toEqual([]);
}, 30_000);
