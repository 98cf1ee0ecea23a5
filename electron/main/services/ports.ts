/**
 * Ports (main process, plain Node): the small interfaces every service takes instead of touching Electron or the
 * OS directly. Electron adapters and their Node twins (tests, web harness) live in `../adapters/`.
 */

/** Body types every transport accepts. `FormData` is used only for document uploads. */
export type HttpBody = string | Uint8Array | FormData;

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: HttpBody;
  signal: AbortSignal;
}

export interface HttpResponse {
  status: number;
  header(name: string): string | null;
  text(): Promise<string>;
  bytes(): Promise<Uint8Array>;
  /** The body as a stream of chunks, for downloads written straight to disk. */
  chunks(): AsyncIterable<Uint8Array>;
}

/** Why a request produced no HTTP response. `reset` covers dropped keep-alive sockets and cut connections. */
export type TransportFailure = 'refused' | 'dns' | 'dns_transient' | 'reset' | 'tls' | 'aborted' | 'other';

/** Thrown by transports when there is no HTTP response (never for an HTTP error status). */
export class TransportError extends Error {
  constructor(
    readonly failure: TransportFailure,
    readonly detail: string,
  ) {
    super(`${failure}: ${detail}`);
    this.name = 'TransportError';
  }
}

export interface HttpTransport {
  send(request: HttpRequest): Promise<HttpResponse>;
  close?(): Promise<void>;
}

export interface Clock {
  now(): number;
  /** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Uniform random number in [0, 1); injected so back-off jitter is testable. */
export type Random = () => number;

/** Can this machine keep secrets encrypted at rest, and with what. */
export interface CipherAvailability {
  canPersist: boolean;
  backend: string;
  /** When `canPersist` is false: why, and what the user can do. */
  reason?: string;
}

export interface SecretCipher {
  availability(): Promise<CipherAvailability>;
  encrypt(plain: string): Promise<Uint8Array>;
  /** `shouldReEncrypt`: the OS rotated its key; store a fresh ciphertext. */
  decrypt(data: Uint8Array): Promise<{ plain: string; shouldReEncrypt: boolean }>;
}

/** Synchronous JSON key-value store (electron-store in the app, a JSON file elsewhere). */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export interface FileSystem {
  readText(path: string): Promise<string>;
  writeTextAtomic(path: string, content: string): Promise<void>;
  exists(path: string): Promise<boolean>;
  mkdirp(path: string): Promise<void>;
}

export interface Notifier {
  notify(title: string, body: string): void;
}

/** A running local Translation Service. */
export interface LaunchedService {
  proUrl: string;
  freeUrl: string;
  dataDir: string;
  /** The engines running, by id (`apertium`, `pseudo`); empty when none could start; absent from an older service. */
  engines?: string[];
  /** Resolves when the process exits (for any reason). */
  exited: Promise<{ code: number | null; reason: string }>;
  stop(): Promise<void>;
}

export interface LaunchOptions {
  dataDir: string;
  engines?: string[];
  faults?: boolean;
  signal?: AbortSignal;
}

/** Starts the local Translation Service (utilityProcess in the app, a child process elsewhere). */
export interface ServiceLauncher {
  launch(options: LaunchOptions): Promise<LaunchedService>;
}

/** Opens a URL in the user's browser (shell.openExternal in the app). */
export interface ExternalOpener {
  open(url: string): Promise<void>;
}
