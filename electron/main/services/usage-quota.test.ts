/**
 * Quota errors (issue 21, point 6; main process, vitest, against the real local service): the 456 a translator
 * sees carries whose limit refused the text (the key's own cap or the account's), the count and limit of that
 * one, and the text's length, so the message can say how much is left and that a shorter text may still go.
 * The service's own words travel apart from Verso's, to be labelled as the service's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../../service/server.js';
import { createFakeClock } from '../adapters/node-clock.js';
import { createNodeHttpTransport } from '../adapters/node-http.js';
import { ApiClient } from './api-client.js';
import { ApiError, toIpcError } from './api-errors.js';
import type { HttpTransport } from './ports.js';

let svc: RunningService;
let transport: HttpTransport;

beforeAll(async () => {
  svc = await startService({ engines: ['pseudo'], inMemory: true, port: 0, freePort: 0 });
  transport = createNodeHttpTransport();
});
afterAll(async () => {
  await transport?.close?.();
  await svc?.close();
});

const client = (apiKey: string) =>
  new ApiClient({ transport, clock: createFakeClock(), random: () => 0.5, baseUrl: svc.proUrl, apiKey, userAgent: 'Verso/0.0.0-test (test) node/20' });

async function caught(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}

describe('456 on a text', () => {
  it("names the key's limit, what is left and the text's length; a shorter text still goes", async () => {
    const account = svc.store.createAccount({ name: 'Team', plan: 'pro' });
    const key = svc.store.createKey({ accountId: account.id, tier: 'pro', characterLimit: 5000 }).secret;
    const c = client(key);
    await c.translate(['a'.repeat(4329)], { targetLang: 'DE' });
    const err = await caught(c.translate(['b'.repeat(1049)], { targetLang: 'DE' }));
    expect(err.code).toBe('quota_exceeded');
    expect(err.usage).toEqual({ characterCount: 4329, characterLimit: 5000, scope: 'key', requestCharacters: 1049 });
    expect(err.message).toMatch(/4,329 of 5,000 characters used \(this key's limit\), 671 left; this request needs 1,049/);
    // The service's own words are kept apart from Verso's sentence.
    const ipc = toIpcError(err, [key]);
    expect(ipc.serviceMessage).toMatch(/^Quota exceeded: this key's character limit/);
    expect(ipc.usage?.scope).toBe('key');
    // The next, shorter text goes through, as the message says it may.
    await expect(c.translate(['c'.repeat(198)], { targetLang: 'DE' })).resolves.toBeTruthy();
    // The shared machine can be slow; the service's work here is a few requests.
  }, 90_000);

  it("names the account's limit when the account's cap refuses the text", async () => {
    const account = svc.store.createAccount({ name: 'Small', plan: 'pro', characterLimit: 5000 });
    const c = client(svc.store.createKey({ accountId: account.id, tier: 'pro' }).secret);
    await c.translate(['a'.repeat(4329)], { targetLang: 'DE' });
    const err = await caught(c.translate(['b'.repeat(1049)], { targetLang: 'DE' }));
    expect(err.usage).toEqual({ characterCount: 4329, characterLimit: 5000, scope: 'account', requestCharacters: 1049 });
    expect(err.message).toMatch(/\(the account's limit\), 671 left/);
  }, 90_000);
});
