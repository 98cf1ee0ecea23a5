/** Node file-system adapter (main process): the `FileSystem` port over `node:fs/promises`, atomic writes included. */
import { access, mkdir, readFile } from 'node:fs/promises';
import type { FileSystem } from '../services/ports.js';
import { writeFileAtomicSync } from './json-file-store.js';

export const nodeFileSystem: FileSystem = {
  readText: (p) => readFile(p, 'utf8'),
  async writeTextAtomic(p, content) {
    writeFileAtomicSync(p, content);
  },
  async exists(p) {
    try {
      await access(p);
      return true;
    } catch {
      return false;
    }
  },
  async mkdirp(p) {
    await mkdir(p, { recursive: true });
  },
};
