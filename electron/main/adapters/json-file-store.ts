/**
 * Node twin of the settings store (main-process code under plain Node): a JSON file rewritten atomically (temp
 * file, fsync, rename) on every change, so a crash never leaves half a file. The app uses electron-store.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { KeyValueStore } from '../services/ports.js';

export function writeFileAtomicSync(file: string, content: string, mode = 0o600): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  const fd = openSync(tmp, 'w', mode);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

export function createJsonFileStore(file: string): KeyValueStore {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) data = parsed as Record<string, unknown>;
  } catch {
    // Missing or unreadable file: start empty (services validate and fall back to defaults).
  }
  const save = () => writeFileAtomicSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return {
    get: (key) => (Object.hasOwn(data, key) ? structuredClone(data[key]) : undefined),
    set(key, value) {
      data[key] = structuredClone(value);
      save();
    },
    delete(key) {
      if (!Object.hasOwn(data, key)) return;
      delete data[key];
      save();
    },
  };
}

/** In-memory store for tests that do not care about files. */
export function createMemoryStore(): KeyValueStore {
  const data = new Map<string, unknown>();
  return {
    get: (k) => (data.has(k) ? structuredClone(data.get(k)) : undefined),
    set: (k, v) => void data.set(k, structuredClone(v)),
    delete: (k) => void data.delete(k),
  };
}
