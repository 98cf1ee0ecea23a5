/**
 * The preload with a fake `electron` (no binary needed): it exposes exactly `window.verso`, every contract call
 * maps to its channel, a failed channel resolves to an error result instead of rejecting, `on` strips the IPC event
 * and unsubscribes, and `app.start` is asked for as the preload loads (shared/ipc/early-start.ts).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CALL_NAMES } from '../../shared/ipc/contract.js';

const exposed: Record<string, unknown> = {};
const listeners = new Map<string, Set<(...a: unknown[]) => void>>();
const invoke = vi.fn(async (channel: string, input: unknown) => ({ ok: true, data: { channel, input } }));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (k: string, v: unknown) => void (exposed[k] = v) },
  ipcRenderer: {
    invoke: (c: string, i: unknown) => invoke(c, i),
    on: (c: string, f: (...a: unknown[]) => void) => {
      if (!listeners.has(c)) listeners.set(c, new Set());
      listeners.get(c)!.add(f);
    },
    removeListener: (c: string, f: (...a: unknown[]) => void) => void listeners.get(c)?.delete(f),
  },
}));

beforeEach(() => invoke.mockClear());

describe('preload', () => {
  it('asks main for the first screen as it loads, gives that answer to the entry once, and holds the events in between', async () => {
    await import('./index.js');
    expect(invoke.mock.calls).toEqual([['verso:app.start', { translate: true }]]);
    await new Promise((r) => setTimeout(r, 0)); // the answer is in
    const api = exposed.verso as {
      app: { start: (i: unknown) => Promise<unknown> };
      on: (n: string, cb: (p: unknown) => void) => () => void;
    };
    // An event after the answer, before the page listens: held, not lost.
    for (const f of listeners.get('verso:settings.changed') ?? []) f({ sender: 'ipc-event' }, { theme: 'dark' });
    const got: unknown[] = [];
    api.on('settings.changed', (p) => got.push(p));
    expect(await api.app.start({ translate: false })).toEqual({ ok: true, data: { channel: 'verso:app.start', input: { translate: true } } });
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(got).toEqual([]); // given a task later, once the entry has put the answer in its cache
    await new Promise((r) => setTimeout(r, 0));
    expect(got).toEqual([{ theme: 'dark' }]);
  });

  it('exposes only window.verso and the file-path bridge, with a function for every call on its channel', async () => {
    await import('./index.js');
    // versoFiles turns a dropped File into its path (webUtils); nothing else of the file system is reachable.
    expect(Object.keys(exposed).sort()).toEqual(['verso', 'versoFiles']);
    expect(Object.keys(exposed.versoFiles as object).sort()).toEqual(['kind', 'toPath']);
    const api = exposed.verso as Record<string, Record<string, (i?: unknown) => Promise<unknown>>>;
    for (const name of CALL_NAMES) {
      const [d, v] = name.split('.') as [string, string];
      const r = await api[d]![v]!({ probe: name });
      expect(r).toEqual({ ok: true, data: { channel: `verso:${name}`, input: { probe: name } } });
    }
    expect(invoke).toHaveBeenCalledTimes(CALL_NAMES.length);
  });

  it('resolves to an error result when the channel fails', async () => {
    await import('./index.js');
    invoke.mockRejectedValueOnce(new Error('no handler'));
    const api = exposed.verso as { settings: { get: () => Promise<{ ok: boolean; error?: { code: string } }> } };
    const r = await api.settings.get();
    expect(r.ok).toBe(false);
    expect(r.error?.code).toBe('internal');
  });

  it('delivers event payloads without the IPC event and unsubscribes', async () => {
    await import('./index.js');
    const api = exposed.verso as { on: (n: string, cb: (p: unknown) => void) => () => void };
    const got: unknown[] = [];
    const off = api.on('usage.changed', (p) => got.push(p));
    for (const f of listeners.get('verso:usage.changed') ?? []) f({ sender: 'ipc-event' }, { characterCount: 1 });
    off();
    for (const f of listeners.get('verso:usage.changed') ?? []) f({ sender: 'ipc-event' }, { characterCount: 2 });
    expect(got).toEqual([{ characterCount: 1 }]);
    expect(() => api.on('not.anEvent', () => undefined)).toThrow(/Unknown Verso event/);
  });
});
