/**
 * The preload with a fake `electron` (no binary needed): it exposes exactly `window.verso`, every contract call
 * maps to its channel, a failed channel resolves to an error result instead of rejecting, and `on` strips the
 * IPC event and unsubscribes.
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
