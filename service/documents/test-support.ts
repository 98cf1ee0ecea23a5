/**
 * Helpers for the document tests and the documents benchmark (test and bench code only): starts a real local
 * service with the documents plugin in a temp dir, and speaks the three document endpoints over HTTP.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService, type ServiceOptions } from '../server.js';
import { createDocumentsPlugin, type DocumentsOptions } from './plugin.js';

export interface DocService extends RunningService {
  tmp: string;
  stop(): Promise<void>;
}

export async function startDocService(
  docs: DocumentsOptions = {},
  service: ServiceOptions & { tmp?: string } = {},
): Promise<DocService> {
  const tmp = service.tmp ?? (await mkdtemp(join(tmpdir(), 'verso-docs-test-')));
  const running = await startService({
    inMemory: true,
    dataDir: tmp,
    engines: ['pseudo'],
    faults: true,
    port: 0,
    freePort: 0,
    ...service,
    plugins: [createDocumentsPlugin(docs)],
  });
  return {
    ...running,
    tmp,
    async stop() {
      await running.close();
      if (!service.tmp) await rm(tmp, { recursive: true, force: true });
    },
  };
}

export interface UploadInput {
  name?: string;
  content: string | Buffer | Blob;
  target?: string;
  source?: string;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  body: any;
  bytes: Buffer;
}

async function answer(res: Response): Promise<Answer> {
  const bytes = Buffer.from(await res.arrayBuffer());
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, bytes };
}

export async function upload(base: string, apiKey: string, input: UploadInput): Promise<Answer> {
  const form = new FormData();
  if (input.target !== '') form.append('target_lang', input.target ?? 'DE');
  if (input.source) form.append('source_lang', input.source);
  for (const [k, v] of Object.entries(input.fields ?? {})) form.append(k, v);
  const c = input.content;
  const blob = c instanceof Blob ? c : new Blob([typeof c === 'string' ? c : new Uint8Array(c)]);
  if (input.name === undefined) form.append('file', blob);
  else form.append('file', blob, input.name);
  const res = await fetch(`${base}/v2/document`, {
    method: 'POST',
    headers: { authorization: `Service-Auth-Key ${apiKey}`, ...input.headers },
    body: form,
  });
  return answer(res);
}

export async function docCall(
  base: string,
  apiKey: string,
  path: string,
  body: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Service-Auth-Key ${apiKey}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return answer(res);
}

export interface Handle {
  document_id: string;
  document_key: string;
}

export const status = (base: string, apiKey: string, h: Handle, headers?: Record<string, string>) =>
  docCall(base, apiKey, `/v2/document/${h.document_id}`, { document_key: h.document_key }, headers);

export const result = (base: string, apiKey: string, h: Handle, headers?: Record<string, string>) =>
  docCall(base, apiKey, `/v2/document/${h.document_id}/result`, { document_key: h.document_key }, headers);

/** Polls the status until it leaves queued/translating, with a short pause between polls; returns the last status. */
export async function waitUntilFinished(base: string, apiKey: string, h: Handle, timeoutMs = 60_000): Promise<Answer> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const s = await status(base, apiKey, h);
    if (s.status !== 200 || (s.body.status !== 'queued' && s.body.status !== 'translating')) return s;
    if (Date.now() > until) throw new Error(`document still ${s.body.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
