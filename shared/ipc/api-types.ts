/**
 * The `VersoApi` type (any process): the object the preload exposes as `window.verso` and the web harness shim
 * implements over its WebSocket. Derived from the contract, so the two cannot drift: `api.translate.run(input)`
 * for the call `translate.run`, `api.on('translate.batchProgress', cb)` for events (returns an unsubscribe).
 * Every call resolves to `Result<T>`; none rejects (a broken bridge resolves to `{ ok:false, code:'internal' }`).
 */
import type { CallInput, CallName, CallOutput, EventName, EventPayload } from './contract.js';
import type { Result } from './errors.js';

type DomainOf<K> = K extends `${infer D}.${string}` ? D : never;
type VerbOf<K, D extends string> = K extends `${D}.${infer V}` ? V : never;

/** Calls whose input is `undefined` take no argument. */
export type CallFn<K extends CallName> = undefined extends CallInput<K>
  ? (input?: CallInput<K>) => Promise<Result<CallOutput<K>>>
  : (input: CallInput<K>) => Promise<Result<CallOutput<K>>>;

export type Domain = DomainOf<CallName>;

export type DomainApi<D extends Domain> = {
  [V in VerbOf<CallName, D>]: `${D}.${V}` extends CallName ? CallFn<`${D}.${V}`> : never;
};

export type EventListener<E extends EventName> = (payload: EventPayload<E>) => void;

export type VersoApi = { [D in Domain]: DomainApi<D> } & {
  /** Subscribe to a main→renderer event; returns the unsubscribe function. */
  on<E extends EventName>(name: E, listener: EventListener<E>): () => void;
};

/** Name of the global the preload (and the web shim) defines. */
export const VERSO_GLOBAL = 'verso';

/** Split `domain.verb` (used by the preload and the web shim to build the nested object). */
export function splitCallName(name: CallName): [string, string] {
  const dot = name.indexOf('.');
  return [name.slice(0, dot), name.slice(dot + 1)];
}

declare global {
  interface Window {
    verso: VersoApi;
  }
}
