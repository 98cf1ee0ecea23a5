/**
 * Test helper (renderer component tests only): a fake `VersoApi` built from the contract's call and event names.
 * Each call is answered by a handler the test supplies (or a default), every call is recorded, and tests can emit
 * main→renderer events. Calls without a handler answer `not_implemented`, like a main process that lacks them.
 */
import {
  CALL_NAMES,
  type CallInput,
  type CallName,
  type CallOutput,
  type EventName,
  type EventPayload,
} from '../../shared/ipc/contract.js';
import { splitCallName, type VersoApi } from '../../shared/ipc/api-types.js';
import type { IpcError, Result } from '../../shared/ipc/errors.js';

export type Handler<K extends CallName> = (
  input: CallInput<K>,
) => CallOutput<K> | Promise<CallOutput<K>> | Promise<Result<CallOutput<K>>> | Result<CallOutput<K>>;
export type Handlers = { [K in CallName]?: Handler<K> };

export class FakeIpcError {
  constructor(readonly error: IpcError) {}
}

/** Thrown from a handler, becomes `{ ok: false, error }`. */
export function ipcFail(code: IpcError['code'], message: string, extra: Partial<IpcError> = {}): never {
  throw new FakeIpcError({ code, message, ...extra });
}

export interface FakeApi {
  api: VersoApi;
  calls: { name: CallName; input: unknown }[];
  callsOf<K extends CallName>(name: K): CallInput<K>[];
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void;
  handlers: Handlers;
}

function isResult(v: unknown): v is Result<unknown> {
  return typeof v === 'object' && v !== null && 'ok' in v && typeof (v as { ok: unknown }).ok === 'boolean';
}

export function createFakeApi(handlers: Handlers = {}): FakeApi {
  const calls: { name: CallName; input: unknown }[] = [];
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const api: Record<string, unknown> = {
    on(name: string, listener: (p: unknown) => void) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener);
      listeners.set(name, set);
      return () => set.delete(listener);
    },
  };
  for (const name of CALL_NAMES) {
    const [domain, verb] = splitCallName(name);
    const ns = (api[domain] ??= {}) as Record<string, unknown>;
    ns[verb] = async (input: unknown): Promise<Result<unknown>> => {
      calls.push({ name, input });
      const h = fake.handlers[name] as ((i: unknown) => unknown) | undefined;
      if (!h)
        return {
          ok: false,
          error: { code: 'not_implemented', message: `${name} is not available in this test.` },
        };
      try {
        const out = await h(input);
        return isResult(out) ? out : { ok: true, data: out };
      } catch (err) {
        if (err instanceof FakeIpcError) return { ok: false, error: err.error };
        throw err;
      }
    };
  }
  const fake: FakeApi = {
    api: api as unknown as VersoApi,
    calls,
    handlers,
    callsOf: <K extends CallName>(name: K) =>
      calls.filter((c) => c.name === name).map((c) => c.input as CallInput<K>),
    emit: (name, payload) => listeners.get(name)?.forEach((l) => l(payload)),
  };
  return fake;
}
