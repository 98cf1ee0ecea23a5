/**
 * Main: the active connection's error (the banner every screen sits under) ends when a later call proves the
 * connection works again, not only when a translation does. Seen on a tour: the hosted service was stopped, a
 * translation failed, the service came back; the Keys and Usage screens loaded fresh data under "The connection is
 * not working" until a translation succeeded.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support.js';
import { TransportError } from './ports.js';
import { closeSecondServices, secondService } from './second-service-test-kit.js';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  await closeSecondServices();
});

describe("the active connection's error", () => {
  it('ends when usage is read again with its key after the service came back', async () => {
    let down = false;
    app = await createTestApp({
      wrapTransport: (t) => ({ send: (req) => (down ? Promise.reject(new TransportError('reset', 'the service stopped')) : t.send(req)) }),
    });
    const { url } = await secondService();
    const added = await app.call('connections.addCustom', { name: 'Team', baseUrl: url, apiKey: 'team-service-key-1234' });
    if (!added.ok) throw new Error(added.error.message);
    await app.call('connections.setActive', { id: added.data.id });
    down = true;
    const failed = await app.call('translate.run', { connectionId: added.data.id, texts: ['Hello'], options: { sourceLang: 'EN', targetLang: 'ES' } });
    expect(failed.ok).toBe(false);
    const broken = await app.call('connections.status');
    expect(broken.ok && broken.data.state).toBe('error');
    // The failure's code travels with it: the banner words it as the failed call does (not "check its settings").
    expect(broken.ok && broken.data.code).toBe('network');
    down = false;
    const usage = await app.call('usage.get');
    expect(usage.ok).toBe(true);
    const status = await app.call('connections.status');
    expect(status.ok && status.data.state).toBe('ready');
    expect(app.events.some((e) => e.name === 'connections.statusChanged' && (e.payload as { state: string }).state === 'ready')).toBe(true);
  }, 60_000);

  it('an answer made with another key (the admin key) ends a network failure, not a refused API key', async () => {
    app = await createTestApp();
    const { url } = await secondService();
    const added = await app.call('connections.addCustom', { name: 'Team', baseUrl: url, apiKey: 'team-service-key-1234' });
    if (!added.ok) throw new Error(added.error.message);
    await app.call('connections.setActive', { id: added.data.id });
    const connections = app.composed.services.connections;
    const state = async () => {
      const s = await app!.call('connections.status');
      return s.ok ? s.data.state : 'call failed';
    };
    connections.noteActiveError('The API key was refused.', 'auth_failed', 'key_deactivated');
    // The service's own reason goes with it, for the banner to word (a network failure has none).
    const refused = await app.call('connections.status');
    expect(refused.ok && refused.data).toMatchObject({ state: 'error', code: 'auth_failed', serviceCode: 'key_deactivated' });
    connections.noteActiveReachable(added.data.id, 'address');
    expect(await state()).toBe('error');
    connections.noteActiveReachable('another-connection', 'key');
    expect(await state()).toBe('error');
    connections.noteActiveReachable(added.data.id, 'key');
    expect(await state()).toBe('ready');
    connections.noteActiveError('Verso cannot reach the service.', 'network');
    const unreachable = await app.call('connections.status');
    expect(unreachable.ok && unreachable.data.serviceCode).toBeUndefined();
    connections.noteActiveReachable(added.data.id, 'address');
    expect(await state()).toBe('ready');
  });
});
