/**
 * Harness uploads (plain Node, web harness only): the page's dropped or chosen files reach main here. A browser
 * cannot give a file's path, so the shim streams each file's bytes (`PUT /__verso/upload?name=…`, guarded by the
 * harness's one-time token) into a staging folder in the user-data folder, and main then reads the staged copy as
 * it reads a dropped file's path in the desktop app. Bodies are piped to disk, never held in memory; a size cap
 * applies. Staged copies stay until their jobs are removed (they are the "original" a re-upload needs).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

export const UPLOAD_PATH = '/__verso/upload';

/** A file name safe to create: no folders, no control or reserved characters, not hidden. */
export function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f<>:"|?*]/g, '_').replace(/^\.+/, '_').slice(0, 200);
  return clean || 'file';
}

export interface UploadOptions {
  stagingDir: string;
  maxBytes: number;
  /** Checks the token the page sent (constant time). */
  authorized(token: string): boolean;
}

/** Handles `PUT /__verso/upload?name=…`; answers `{ path }` of the staged copy. */
export async function handleUpload(req: IncomingMessage, res: ServerResponse, o: UploadOptions, headers: Record<string, string>): Promise<void> {
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { ...headers, 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const token = req.headers['x-verso-token'];
  if (req.method !== 'PUT' || typeof token !== 'string' || !o.authorized(token)) {
    req.resume();
    json(403, { message: 'Refused: this request did not come from the Verso page.' });
    return;
  }
  const name = safeName(new URL(req.url ?? '/', 'http://x').searchParams.get('name') ?? '');
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > o.maxBytes) {
    req.resume();
    json(413, { message: `The file is larger than ${Math.round(o.maxBytes / 1048576)} MB.` });
    return;
  }
  // One folder per upload keeps the original name (the result is named after it) without collisions.
  const dir = join(o.stagingDir, randomUUID());
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, name);
  let received = 0;
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > o.maxBytes) req.destroy(new Error('too large'));
  });
  try {
    await pipeline(req, createWriteStream(path, { mode: 0o600 }));
    json(200, { path });
  } catch {
    await rm(dir, { recursive: true, force: true });
    if (!res.headersSent) json(received > o.maxBytes ? 413 : 400, { message: 'The file did not arrive completely. Try again.' });
  }
}
