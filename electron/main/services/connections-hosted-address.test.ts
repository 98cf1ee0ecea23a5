/**
 * Unit test (main, issue 20 point 9): adding a hosted key where this copy of Verso has no hosted address fails with
 * a cause the renderer can name (`serviceCode`), before any request leaves the machine.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support.js';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('connections.addHosted without a hosted address', () => {
  it('names the missing address of the key’s tier', async () => {
    app = await createTestApp({ hosted: {} });
    const pro = await app.call('connections.addHosted', { name: 'Work', apiKey: 'abc', persistence: 'session' });
    expect(pro.ok).toBe(false);
    if (!pro.ok) expect(pro.error).toMatchObject({ code: 'bad_request', serviceCode: 'hosted_address_missing_pro' });
    const free = await app.call('connections.addHosted', { name: 'Work', apiKey: 'abc:fx', persistence: 'session' });
    if (!free.ok) expect(free.error.serviceCode).toBe('hosted_address_missing_free');
    expect(free.ok).toBe(false);
  });
});
