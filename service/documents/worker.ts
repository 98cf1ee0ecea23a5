/**
 * Document worker (a `node:worker_threads` thread of the service process): runs format tasks, counting
 * characters or translating one document, off the main event loop, one task at a time. Parsing and rewriting
 * zips, XML and PDFs is CPU-heavy and can be attacked (bombs, huge lines); here it cannot block the HTTP
 * listeners, and the main thread kills the thread with `terminate()` when a task overruns its time or memory.
 *
 * Translation itself is asked of the main thread (message `translate`), which owns the engines (Apertium keeps
 * persistent pipelines there, shared by every request), the glossaries and the translation memories: the worker
 * only moves marked units out and back in.
 */
import { rm } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { TextSampler } from '../detect/sample.js';
import type { FormatHandler } from '../formats/types.js';
import { loadFormats } from './formats.js';
import type { FromWorker, ToWorker, WorkerTask } from './worker-protocol.js';

const port = parentPort!;
const send = (m: FromWorker) => port.postMessage(m);

let seq = 0;
const pending = new Map<number, { resolve: (u: string[]) => void; reject: (e: Error) => void }>();

function translate(units: string[]): Promise<string[]> {
  if (units.length === 0) return Promise.resolve([]);
  const id = ++seq;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    send({ type: 'translate', seq: id, units });
  });
}

/** Messages must not show the service's private work paths to the user. */
function scrub(message: string, task: WorkerTask): string {
  let out = message;
  for (const p of [task.input, task.output]) if (p) out = out.split(p).join('the document');
  return out;
}

async function run(task: WorkerTask): Promise<void> {
  const formats = await loadFormats();
  const handler = formats.handlerFor(task.ext);
  if ('unavailable' in handler) {
    send({ type: 'failed', message: handler.unavailable, formatError: true });
    return;
  }
  if (task.op === 'count') {
    send({ type: 'done', characters: await handler.countCharacters(task.input, task.ext) });
    return;
  }
  if (task.op === 'sample') {
    send({ type: 'done', characters: 0, sample: await sampleText(handler, task) });
    return;
  }
  let lastProgress = 0;
  const result = await handler.translate(task.input, task.output!, task.ext, {
    translate,
    sourceLang: task.sourceLang,
    targetLang: task.targetLang,
    outputFormat: task.outputFormat,
    onProgress: (fraction) => {
      // A handler may report per unit; one message per percent is enough for the estimate.
      if (fraction - lastProgress >= 0.01 || fraction >= 1) {
        lastProgress = fraction;
        send({ type: 'progress', fraction });
      }
    },
  });
  send({ type: 'done', characters: result.characters, outputExtension: result.outputExtension });
}

/** Thrown at the handler to end a sample run once the sample is complete. */
class SampleComplete extends Error {}

/**
 * A text sample of the document for detecting its language: the handler's own translate path (so the units are
 * exactly those translation will send) with every unit sent back unchanged, into a scratch output that is deleted.
 * Handlers stream and wait for each batch's translation before reading on, so the units after the first batch can
 * only be seen by a run of their own; this one ends as soon as the sampler is full (`SampleComplete` thrown from
 * the translator), so a long document is read only as far as its first few KB of body text.
 */
async function sampleText(handler: FormatHandler, task: WorkerTask): Promise<string> {
  const sampler = new TextSampler();
  try {
    await handler.translate(task.input, task.output!, task.ext, {
      translate: async (units) => {
        if (!sampler.full) sampler.add(units);
        if (sampler.full) throw new SampleComplete('sample complete');
        return units;
      },
      sourceLang: task.sourceLang,
      targetLang: task.targetLang,
      outputFormat: task.outputFormat,
    });
  } catch (e) {
    // The handler may wrap the translator's error, or fail on what it read after the sample was complete.
    if (!sampler.full) throw e;
  } finally {
    await rm(task.output!, { force: true });
  }
  return sampler.sample();
}

port.on('message', (m: ToWorker) => {
  if (m.type === 'task') {
    run(m.task).catch((e: unknown) => {
      const err = e instanceof Error ? e : new Error(String(e));
      // The user reads the handler's message; the library's own words (the cause) go to the service's log only.
      const cause = err.cause instanceof Error ? err.cause.message : err.name === 'DocumentFormatError' ? undefined : err.message;
      if (cause) process.stderr.write(`[verso-service] document ${m.task.op} failed (.${m.task.ext}): ${scrub(cause, m.task)}\n`);
      send({ type: 'failed', message: scrub(err.message, m.task), formatError: err.name === 'DocumentFormatError' });
    });
    return;
  }
  const p = pending.get(m.seq);
  if (!p) return;
  pending.delete(m.seq);
  if (m.type === 'translated') p.resolve(m.units);
  else p.reject(new Error(m.message));
});

// Load the format libraries now, so the first task does not pay for it.
void loadFormats().then(() => send({ type: 'ready' }));
