/**
 * API client against the real local Translation Service (pseudo engine, fault injection on): retries and their
 * count, back-off with a fake clock, Retry-After, 456 never retried, deadline, cancellation, error messages.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../../service/server.js';
import { createFakeClock, systemClock } from '../adapters/node-clock.js';
import { createNodeHttpTransport } from '../adapters/node-http.js';
import { ApiClient, isFreeKey, translateBody, type ApiClientOptions, type RetryInfo } from './api-client.js';
import { ApiError } from './api-errors.js';
import type { HttpTransport } from './ports.js';

let svc: RunningService;
let transport: HttpTransport;

beforeAll(async () => {
  svc = await startService({ engines: ['pseudo'], inMemory: true, port: 0, freePort: 0, faults: true });
  transport = createNodeHttpTransport();
});
afterAll(async () => {
  await transport?.close?.();
  await svc?.close();
});

/** A client whose requests belong to a fresh fault-injection session configured by `faults`. */
function sessionClient(faults: Record<string, string | number>, extra: Partial<ApiClientOptions> = {}) {
  const session = `client-test/${randomUUID()}`;
  const headers: Record<string, string> = { 'mock-server-session': session };
  for (const [k, v] of Object.entries(faults)) headers[`mock-server-session-${k}`] = String(v);
  const clock = createFakeClock();
  const retries: RetryInfo[] = [];
  const client = new ApiClient({
    transport,
    clock,
    random: () => 0.5,
    baseUrl: svc.proUrl,
    apiKey: svc.keys.pro_key,
    userAgent: 'Verso/0.0.0-test (test) node/20',
    extraHeaders: headers,
    onRetry: (r) => retries.push(r),
    ...extra,
  });
  const stats = async () => {
    const res = await fetch(`${svc.proUrl}/__session__/stats`, { headers: { 'mock-server-session': session } });
    return (await res.json()) as { count: number; byPath: Record<string, number> };
  };
  const lastRequest = async () => {
    const res = await fetch(`${svc.proUrl}/__session__/last-request`, { headers: { 'mock-server-session': session } });
    return (await res.json()) as { method: string; path: string; headers: Record<string, string>; body: Record<string, unknown> };
  };
  return { client, clock, retries, stats, lastRequest };
}

async function caught(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}

describe('translate', () => {
  it('sends every option under its spec name and returns one translation per text, marked pseudo', async () => {
    const { client, lastRequest } = sessionClient({});
    const out = await client.translate(['Hello world', 'Second'], {
      targetLang: 'DE',
      sourceLang: 'EN',
      context: 'A greeting',
      formality: 'prefer_more',
      modelType: 'quality_optimized',
      splitSentences: 'nonewlines',
      preserveFormatting: true,
      tagHandling: 'xml',
      tagHandlingVersion: 'v2',
      outlineDetection: false,
      ignoreTags: ['x'],
      splittingTags: ['p'],
      nonSplittingTags: ['b'],
      translationMemoryThreshold: 80,
    });
    expect(out.translations).toHaveLength(2);
    expect(out.translations[0]!.text).not.toBe('Hello world');
    expect(out.engine).toBe('pseudo');
    const last = await lastRequest();
    expect(last.path).toBe('/v2/translate');
    expect(last.headers.authorization).toBe(`Service-Auth-Key ${svc.keys.pro_key}`);
    expect(last.headers['user-agent']).toMatch(/^Verso\//);
    expect(last.body).toMatchObject({
      text: ['Hello world', 'Second'],
      target_lang: 'DE',
      source_lang: 'EN',
      context: 'A greeting',
      formality: 'prefer_more',
      model_type: 'quality_optimized',
      split_sentences: 'nonewlines',
      preserve_formatting: true,
      tag_handling: 'xml',
      tag_handling_version: 'v2',
      outline_detection: false,
      ignore_tags: ['x'],
      splitting_tags: ['p'],
      non_splitting_tags: ['b'],
      translation_memory_threshold: 80,
      show_billed_characters: true,
    });
  });

  it('maps camelCase options and leaves unset ones out of the body', () => {
    const body = translateBody(['a'], { targetLang: 'FR', glossaryIds: [], showBilledCharacters: false });
    expect(body).toEqual({ text: ['a'], target_lang: 'FR', show_billed_characters: false });
  });
});

describe('retries', () => {
  it('retries 429 twice then succeeds: 3 requests reach the service, honouring Retry-After', async () => {
    const { client, clock, retries, stats } = sessionClient({ '429-count': 2, 'retry-after': 3 });
    const out = await client.translate(['one'], { targetLang: 'DE' });
    expect(out.translations).toHaveLength(1);
    expect((await stats()).byPath['/v2/translate']).toBe(3);
    expect(clock.sleeps).toEqual([3000, 3000]);
    expect(retries.map((r) => r.status)).toEqual([429, 429]);
    expect(retries[0]!.message).toContain('retrying in 3 s');
  });

  it('retries 529 and each of 500, 502, 503, 504', async () => {
    for (const [faults, status] of [
      [{ '529-count': 1 }, 529],
      [{ '5xx-count': 1, '5xx-status': 500 }, 500],
      [{ '5xx-count': 1, '5xx-status': 502 }, 502],
      [{ '5xx-count': 1, '5xx-status': 503 }, 503],
      [{ '5xx-count': 1, '5xx-status': 504 }, 504],
    ] as const) {
      const { client, retries, stats } = sessionClient(faults);
      await client.getUsage();
      expect(retries.map((r) => r.status)).toEqual([status]);
      expect((await stats()).byPath['/v2/usage']).toBe(2);
    }
  });

  it('gives up after maxRetries + 1 attempts with a rate-limit message', async () => {
    const { client, stats } = sessionClient({ '429-count': 10 }, { maxRetries: 2 });
    const err = await caught(client.translate(['x'], { targetLang: 'DE' }));
    expect(err.code).toBe('rate_limited');
    expect(err.message).toContain('after 3 attempts');
    expect((await stats()).byPath['/v2/translate']).toBe(3);
  });

  it('backs off 1 s × 1.6 with jitter when no Retry-After is usable (dropped connections)', async () => {
    const { client, clock, stats } = sessionClient(
      { 'no-response-count': 3 },
      { attemptTimeoutMs: 150, random: () => 1, maxRetries: 5 },
    );
    await client.getUsage();
    // random() = 1 gives the top of the ±23 % jitter band: 1000·1.23, 1600·1.23, 2560·1.23.
    expect(clock.sleeps).toEqual([1230, 1968, 3149]);
    expect((await stats()).byPath['/v2/usage']).toBe(4);
  });

  it('retries a response whose body is cut mid-way', async () => {
    const { client, retries } = sessionClient({ 'cut-after-bytes': 5 });
    const usage = await client.getUsage();
    expect(usage.character_limit).toBeGreaterThan(0);
    expect(retries).toHaveLength(1);
    expect(retries[0]!.status).toBeNull();
  });

  it('never retries 456 and adds the current usage to the message', async () => {
    const admin = sessionClient({}, { apiKey: svc.keys.admin_key }).client;
    const limited = await admin.createDeveloperKey('quota test');
    await admin.setDeveloperKeyLimit(limited.key_id, 3);
    expect(limited.key).toBeTruthy();
    const { client, stats } = sessionClient({}, { apiKey: limited.key! });
    const err = await caught(client.translate(['more than three characters'], { targetLang: 'DE' }));
    expect(err.code).toBe('quota_exceeded');
    expect(err.status).toBe(456);
    expect(err.usage?.characterLimit).toBe(3);
    expect(err.message).toMatch(/of 3 characters used/);
    expect((await stats()).byPath['/v2/translate']).toBe(1);
  });

  it('never retries 400, and says what the service said', async () => {
    const { client, stats } = sessionClient({});
    const err = await caught(client.translate(['x'], { targetLang: 'DE', formality: 'more', glossaryId: 'nope' }));
    expect(err.code).toBe('bad_request');
    expect(err.message).toContain('The service said');
    expect((await stats()).byPath['/v2/translate']).toBe(1);
  });
});

describe('deadline and cancellation', () => {
  it('fails with a timeout error when the deadline passes, without waiting for the service', async () => {
    const { client } = sessionClient({ 'no-response-count': 5 }, { clock: systemClock, maxRetries: 0 });
    const err = await caught(client.getUsage({ deadlineMs: 200 }));
    expect(err.code).toBe('timeout');
    expect(err.message).toMatch(/did not finish in time/);
  });

  it('stops at once when the AbortSignal fires, even during a back-off wait', async () => {
    const { client } = sessionClient({ '429-count': 5, 'retry-after': 30 }, { clock: systemClock });
    const ctl = new AbortController();
    const p = caught(client.getUsage({ signal: ctl.signal }));
    const retried = new Promise<void>((resolve) => {
      const iv = setInterval(() => {
        resolve();
        clearInterval(iv);
      }, 50);
    });
    await retried;
    ctl.abort();
    const err = await p;
    expect(err.code).toBe('cancelled');
  });

  it('rejects an already-aborted call without sending anything', async () => {
    const { client, stats } = sessionClient({});
    const ctl = new AbortController();
    ctl.abort();
    const err = await caught(client.getUsage({ signal: ctl.signal }));
    expect(err.code).toBe('cancelled');
    expect((await stats()).count).toBe(0);
  });
});

describe('authentication and bases', () => {
  it('detects Free keys by their :fx suffix', () => {
    expect(isFreeKey('abc:fx')).toBe(true);
    expect(isFreeKey('abc')).toBe(false);
  });

  it('403 for a Pro key on the Free base says to check the key and base, and does not echo the key', async () => {
    const { client } = sessionClient({}, { baseUrl: svc.freeUrl });
    const err = await caught(client.getUsage());
    expect(err.code).toBe('auth_failed');
    expect(err.message).toMatch(/Free address/);
    expect(err.message).not.toContain(svc.keys.pro_key);
  });

  it('the Free key works on the Free base', async () => {
    const { client } = sessionClient({}, { baseUrl: svc.freeUrl, apiKey: svc.keys.free_key });
    const usage = await client.getUsage();
    expect(usage.character_count).toBeGreaterThanOrEqual(0);
  });

  it('sends a configurable auth scheme', async () => {
    const seen: Record<string, string>[] = [];
    const recording: HttpTransport = { send: (req) => (seen.push(req.headers), transport.send(req)) };
    const { client } = sessionClient({}, { authScheme: 'Bearer', transport: recording });
    const err = await caught(client.getUsage());
    expect(seen[0]!.Authorization).toBe(`Bearer ${svc.keys.pro_key}`);
    // The local service speaks only the spec's scheme, so it refuses this one, and the key is not echoed.
    expect(err.code).toBe('auth_failed');
    expect(err.message).not.toContain(svc.keys.pro_key);
  });

  it('unreachable service: a network error that says what to check, not retried', async () => {
    const { client, retries } = sessionClient({}, { baseUrl: 'http://127.0.0.1:1' });
    const err = await caught(client.getUsage());
    expect(err.code).toBe('network');
    expect(err.message).toMatch(/could not reach/);
    expect(retries).toHaveLength(0);
  });

  it('a non-API answer becomes bad_response', async () => {
    const { client } = sessionClient({}, { baseUrl: `${svc.proUrl}/__session__/stats?x=` });
    const err = await caught(client.getLanguages('target'));
    expect(['bad_response', 'not_found', 'auth_failed']).toContain(err.code);
  });
});

describe('other endpoints', () => {
  it('lists languages, usage, glossaries and admin keys with the right keys', async () => {
    const { client } = sessionClient({});
    const targets = await client.getLanguages('target');
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.every((l) => l.name.endsWith('(pseudo)'))).toBe(true);
    const g = await client.createGlossary({ name: 'g1', sourceLang: 'EN', targetLang: 'DE', entries: 'cat\tKatze\n', format: 'tsv' });
    expect(g.entry_count).toBe(1);
    expect((await client.listGlossaries()).map((x) => x.glossary_id)).toContain(g.glossary_id);
    expect(await client.getGlossaryEntries(g.glossary_id)).toContain('cat\tKatze');
    await client.deleteGlossary(g.glossary_id);
    const admin = sessionClient({}, { apiKey: svc.keys.admin_key }).client;
    const k = await admin.createDeveloperKey('bench');
    expect(k.label).toBe('bench');
    const limited = await admin.setDeveloperKeyLimit(k.key_id, 1000);
    expect(limited.usage_limits?.characters).toBe(1000);
    const err = await caught(client.listDeveloperKeys());
    expect(err.code).toBe('auth_failed');
    expect(err.message).toMatch(/admin key/);
  });
});
