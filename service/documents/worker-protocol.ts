/**
 * Messages between the service's main thread and a document worker (service process). Plain data only, so it
 * crosses `postMessage` by structured clone. A worker runs one task at a time and then waits for the next.
 */
export interface WorkerTask {
  op: 'count' | 'translate';
  ext: string;
  /** Plain copy of the upload in the service's private work dir. */
  input: string;
  /** Where the plain result is written (translate only). */
  output?: string;
  sourceLang?: string;
  targetLang: string;
  outputFormat?: string;
}

export type FromWorker =
  | { type: 'ready' }
  | { type: 'translate'; seq: number; units: string[] }
  | { type: 'progress'; fraction: number }
  | { type: 'done'; characters: number; outputExtension?: string }
  | { type: 'failed'; message: string; formatError: boolean };

export type ToWorker =
  | { type: 'task'; task: WorkerTask }
  | { type: 'translated'; seq: number; units: string[] }
  | { type: 'translate-failed'; seq: number; message: string };
