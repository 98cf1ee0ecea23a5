/**
 * Durable small files (main process, plain Node), shared by the domain services that keep their own records:
 * an atomic write straight over `node:fs` (documents and glossaries), ordered writes per file or record, and a
 * folder of JSON files read and written through the `FileSystem` port (usage, admin keys).
 *
 * Written by hand over `node:fs/promises`: the few lines of temp file, fsync, rename and folder fsync are what a
 * library would do, and keeping them here lets the services choose their own folders and file names.
 */
import { randomUUID } from 'node:crypto';
import { open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import type { FileSystem } from './ports.js';

/**
 * Writes `content` to `dir/name` atomically (temp file, fsync, rename, fsync of the folder), so a crash leaves the
 * old file or the new one, never half of one. The folder must exist.
 */
export async function writeFileAtomic(dir: string, name: string, content: string): Promise<void> {
  const tmp = join(dir, `.${name}.${randomUUID().slice(0, 8)}.tmp`);
  const fh = await open(tmp, 'w', 0o600);
  try {
    await fh.writeFile(content, 'utf8');
    await fh.sync();
  } finally {
    await fh.close();
  }
  await rename(tmp, join(dir, name));
  await fsyncDir(dir);
}

/** Makes a rename durable (the directory entry itself); not possible on Windows, where rename is already durable enough. */
export async function fsyncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const fh = await open(dir, 'r').catch(() => undefined);
  if (!fh) return;
  try {
    await fh.sync();
  } catch {
    // Some file systems refuse fsync on a directory; the rename is still ordered after the data fsync.
  } finally {
    await fh.close();
  }
}

/** Writes chained per key, so an older state can never land after a newer one; a failed write does not stop the next. */
export class WriteChains {
  private readonly chains = new Map<string, Promise<void>>();

  run(key: string, task: () => Promise<void>): Promise<void> {
    const next = (this.chains.get(key) ?? Promise.resolve()).catch(() => undefined).then(task);
    this.chains.set(key, next);
    void next
      .finally(() => {
        if (this.chains.get(key) === next) this.chains.delete(key);
      })
      .catch(() => undefined);
    return next;
  }

  /** Resolves once every write of `key` queued so far has settled, whatever its outcome. */
  async settled(key: string): Promise<void> {
    await (this.chains.get(key) ?? Promise.resolve()).catch(() => undefined);
  }

  /** Resolves once every write queued so far has settled (tests, shutdown). */
  async allSettled(): Promise<void> {
    await Promise.all([...this.chains.values()].map((p) => p.catch(() => undefined)));
  }
}

/** A folder of JSON files read and written through the `FileSystem` port, one write at a time per file. */
export class JsonFolder {
  private readonly writes = new WriteChains();

  constructor(
    private readonly fs: FileSystem,
    readonly dir: string,
  ) {}

  /** The file's content, or `fallback` when it is missing or damaged: a damaged file must not stop the screen. */
  async read<T>(file: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
    const path = join(this.dir, file);
    if (!(await this.fs.exists(path))) return fallback;
    try {
      const parsed = schema.safeParse(JSON.parse(await this.fs.readText(path)));
      return parsed.success ? parsed.data : fallback;
    } catch {
      return fallback;
    }
  }

  write(file: string, value: unknown): Promise<void> {
    return this.writes.run(file, async () => {
      await this.fs.mkdirp(this.dir);
      await this.fs.writeTextAtomic(join(this.dir, file), JSON.stringify(value));
    });
  }

  /** Waits for every pending write (tests, shutdown). */
  flush(): Promise<void> {
    return this.writes.allSettled();
  }
}
