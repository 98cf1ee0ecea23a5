/**
 * Renderer: the one door to the main process. Every screen reaches `window.verso` (the preload's, or the web
 * harness shim's) only through this module, so component tests can swap in a fake `VersoApi` with `setApi()`.
 * `unwrap` turns a `Result` into a value or a thrown `ApiError` inside react-query query/mutation functions.
 */
import type { VersoApi } from '../../shared/ipc/api-types.js';
import type { IpcError, Result } from '../../shared/ipc/errors.js';

let override: VersoApi | null = null;

/** Tests (and only tests) install a fake API here. */
export function setApi(api: VersoApi | null): void {
  override = api;
}

export function api(): VersoApi {
  if (override) return override;
  const bridged = (globalThis as { verso?: VersoApi }).verso;
  if (!bridged) {
    throw new ApiError({
      code: 'internal',
      message: 'Verso’s window is not connected to the app. Restart Verso (or reload the web harness page).',
    });
  }
  return bridged;
}

export function hasApi(): boolean {
  return override !== null || (globalThis as { verso?: unknown }).verso !== undefined;
}

/** An IPC error carried as an exception; `error` is the contract's `IpcError` (message already user-facing). */
export class ApiError extends Error {
  readonly error: IpcError;
  constructor(error: IpcError) {
    super(error.message);
    this.name = 'ApiError';
    this.error = error;
  }
  get code(): IpcError['code'] {
    return this.error.code;
  }
}

export async function unwrap<T>(pending: Promise<Result<T>>): Promise<T> {
  const result = await pending;
  if (result.ok) return result.data;
  throw new ApiError(result.error);
}

/** The user-facing message of anything thrown by a call (never a stack trace). */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error && err.message) return `Something went wrong in Verso: ${err.message}`;
  return 'Something went wrong in Verso. Try again; if it keeps happening, restart Verso.';
}

export function errorCode(err: unknown): IpcError['code'] | null {
  return err instanceof ApiError ? err.code : null;
}
