/**
 * Messages between the service's main thread and a document worker (service process). Plain data only, so it
 * crosses `postMessage` by structured clone. A worker runs one task at a time and then waits for the next.
 */
export interface WorkerTask {
  /**
   * `count`: characters that would be billed; `translate`: the translated document; `sample`: a text sample for
   * detecting the source language (../detect/sample.ts), read through the handler's own translate path with its
   * text sent back unchanged, stopped as soon as the sample is complete (`output` is then a scratch file).
   */
  op: 'count' | 'translate' | 'sample';
  ext: string;
  /** Plain copy of the upload in the service's private work dir. */
  input: string;
  /** Where the plain result is written (translate; sample: a scratch file, deleted again). */
  output?: string;
  sourceLang?: string;
  targetLang: string;
  outputFormat?: string;
}

export type FromWorker =
  | { type: 'ready' }
  | { type: 'translate'; seq: number; units: string[] }
  | { type: 'progress'; fraction: number }
  | { type: 'done'; characters: number; outputExtension?: string; sample?: string }
  | { type: 'failed'; message: string; formatError: boolean };

export type ToWorker =
  | { type: 'task'; task: WorkerTask }
  | { type: 'translated'; seq: number; units: string[] }
  | { type: 'translate-failed'; seq: number; message: string };
