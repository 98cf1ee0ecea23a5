/**
 * Benchmark helper (bench/apertium.ts only): an apertium-apy server for the eng-spa mode and a client for it.
 * APy binds every interface and has no host option, so the caller only uses this inside a private network
 * namespace (`unshare -rn`) whose only interface is its own loopback.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ONE_SENTENCE } from './apertium-corpus.js';

export interface ApyServer {
  translate(q: string): Promise<string>;
  close(): Promise<void>;
}

export async function startApy(port = 27370): Promise<ApyServer> {
  const base = `http://127.0.0.1:${port}`;
  // Only the eng-spa mode, so APy starts no other pipelines.
  const dir = await mkdtemp(join(tmpdir(), 'verso-apy-'));
  await mkdir(join(dir, 'modes'));
  await symlink('/usr/share/apertium/modes/eng-spa.mode', join(dir, 'modes', 'eng-spa.mode'));
  const apy = spawn('apertium-apy', ['-p', String(port), '-j', '1', dir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  apy.stderr.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-2000)));

  async function translate(q: string): Promise<string> {
    const body = new URLSearchParams({ q, langpair: 'eng|spa', markUnknown: 'no' });
    const res = await fetch(`${base}/translate`, { method: 'POST', body });
    const json = (await res.json()) as {
      responseData?: { translatedText?: string };
      responseDetails?: string;
    };
    if (res.status !== 200 || typeof json.responseData?.translatedText !== 'string') {
      throw new Error(`APy answered ${res.status}: ${json.responseDetails ?? ''}`);
    }
    return json.responseData.translatedText;
  }

  async function close(): Promise<void> {
    if (apy.exitCode === null && apy.signalCode === null) {
      apy.kill('SIGTERM');
      await new Promise((r) => apy.once('exit', r));
    }
    await rm(dir, { recursive: true, force: true });
  }

  try {
    for (let i = 0; ; i++) {
      const up = await fetch(`${base}/listPairs`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 600 || apy.exitCode !== null) throw new Error(`apertium-apy did not start: ${log.trim()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // APy starts its pipeline on the first request.
    await translate(ONE_SENTENCE);
  } catch (err) {
    await close();
    throw err;
  }
  return { translate, close };
}
