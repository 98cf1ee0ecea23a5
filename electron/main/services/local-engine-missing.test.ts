/**
 * The local engine where Apertium is not installed (test code, plain Node, the real service as a child process):
 * started the way the app starts it (no engine flag), with Apertium's modes folder pointed at an empty place, it
 * runs but reports no engine — status `problem: 'no_engine'` for the first-run screen and Settings to word — and
 * never falls back to the pseudo engine. An explicit engine list is reported as such.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeLauncher } from '../adapters/node-launcher.js';
import { nodeFileSystem } from '../adapters/node-fs.js';
import { EventBus } from './event-bus.js';
import { LocalServiceManager } from './local-service.js';

const ENTRY = resolve(__dirname, '../../../service/cli.ts');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function start(o: { engines?: string[]; apertiumModes?: string }) {
  const dir = await mkdtemp(join(tmpdir(), 'verso-noengine-'));
  const saved = process.env.VERSO_SERVICE_APERTIUM_MODES;
  if (o.apertiumModes !== undefined) process.env.VERSO_SERVICE_APERTIUM_MODES = o.apertiumModes;
  const events = new EventBus();
  const seen: unknown[] = [];
  events.subscribe((name, payload) => name === 'localService.statusChanged' && seen.push(payload));
  const local = new LocalServiceManager({
    launcher: createNodeLauncher({ entry: ENTRY, nodeArgs: ['--import', 'tsx'] }),
    fs: nodeFileSystem,
    dataDir: join(dir, 'local-service'),
    ...(o.engines && { engines: o.engines }),
    events,
  });
  try {
    await local.ensureStarted();
  } finally {
    // The child has its environment by now; the test process gets its own back.
    if (saved === undefined) delete process.env.VERSO_SERVICE_APERTIUM_MODES;
    else process.env.VERSO_SERVICE_APERTIUM_MODES = saved;
  }
  cleanups.push(async () => {
    await local.stop();
    await rm(dir, { recursive: true, force: true });
  });
  return { local, seen };
}

describe('the local engine without Apertium', () => {
  it('runs, says no engine is installed, and does not fall back to the pseudo engine', async () => {
    const { local, seen } = await start({ apertiumModes: join(tmpdir(), 'verso-no-apertium-here') });
    const s = local.status();
    expect(s).toMatchObject({ state: 'ready', engines: [], problem: 'no_engine' });
    expect(s.engines).not.toContain('pseudo');
    expect(seen.at(-1)).toMatchObject({ problem: 'no_engine' });
  }, 60_000);

  it('reports the engines it was asked for, with no problem', async () => {
    const { local } = await start({ engines: ['pseudo'] });
    const s = local.status();
    expect(s).toMatchObject({ state: 'ready', engines: ['pseudo'] });
    expect(s.problem).toBeUndefined();
  }, 60_000);
});
