/**
 * The one generic IPC registrar (main process, plain Node types): binds a contract entry to a service function.
 * It checks the sender, validates the input with the contract's schema, runs the service, re-parses the output
 * with the contract's output schema (which strips any field the contract does not list, so nothing unplanned —
 * such as a key — can ride along) and answers `Result<T>`. It never throws across IPC and redacts every known
 * secret from error messages. Electron's `ipcMain` and the web harness's dispatcher both satisfy `IpcMainLike`.
 */
import { channelOf, contract, type CallName, type CallOutput, type CallParsedInput } from '../../../shared/ipc/contract.js';
import { fail, ok, type Result } from '../../../shared/ipc/errors.js';
import { toIpcError } from '../services/api-errors.js';

/** The parts of Electron's `IpcMainInvokeEvent` the checks use. */
export interface IpcInvokeEvent {
  sender: unknown;
  senderFrame?: { url: string } | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcInvokeEvent, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler?(channel: string): void;
}

export interface HandleContext {
  ipcMain: IpcMainLike;
  /** True only for a window the app created, showing our origin. */
  isTrustedSender: (event: IpcInvokeEvent) => boolean;
  /** Secrets to scrub from any message that leaves main. */
  secrets: () => Iterable<string>;
  log?: (line: string) => void;
}

export type Impl<K extends CallName> = (input: CallParsedInput<K>, event: IpcInvokeEvent) => Promise<CallOutput<K>> | CallOutput<K>;

/** Validates and runs one call; exported for the web harness and tests (same path as IPC). */
export async function dispatch<K extends CallName>(ctx: HandleContext, name: K, impl: Impl<K>, event: IpcInvokeEvent, raw: unknown): Promise<Result<CallOutput<K>>> {
  // Only windows the app created, showing our own origin, may call main (not webviews, sub-frames or other pages).
  if (!ctx.isTrustedSender(event)) {
    ctx.log?.(`[ipc] refused ${name}: untrusted sender`);
    return fail('forbidden_sender', 'This request did not come from a Verso window and was refused.');
  }
  const entry = contract[name];
  const parsed = entry.input.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join('.') ?? '';
    const why = issue?.message ?? 'the input is not valid';
    return fail('invalid_input', `Verso could not do that: ${field ? `${field}: ` : ''}${why}`, field ? { field } : {});
  }
  try {
    const data = await impl(parsed.data as CallParsedInput<K>, event);
    const out = entry.output.safeParse(data);
    if (!out.success) {
      ctx.log?.(`[ipc] ${name}: output does not match the contract (${out.error.issues[0]?.path.join('.')})`);
      return fail('internal', 'Verso produced an answer it cannot show (a bug). Try again; if it keeps happening, report it.');
    }
    return ok(out.data as CallOutput<K>);
  } catch (e) {
    const error = toIpcError(e, ctx.secrets());
    if (error.code === 'internal') {
      const detail = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      ctx.log?.(`[ipc] ${name} failed: ${redactAll(detail, ctx.secrets())}`);
    }
    return { ok: false, error };
  }
}

function redactAll(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join('[redacted]');
  return out;
}

/** Registers `impl` for the call `name` on the contract's channel. */
export function handle<K extends CallName>(ctx: HandleContext, name: K, impl: Impl<K>): void {
  ctx.ipcMain.handle(channelOf(name), (event, raw) => dispatch(ctx, name, impl, event, raw));
}
