/** Settings: defaults, patching, persistence across restarts, and recovery from a hand-broken file. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/ipc/contract.js';
import { createJsonFileStore } from '../adapters/json-file-store.js';
import { SettingsService } from './settings.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'verso-settings-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('SettingsService', () => {
  it('starts from defaults and keeps a patch across restarts', () => {
    const file = join(dir, 'settings.json');
    const s = new SettingsService(createJsonFileStore(file));
    expect(s.get()).toEqual(DEFAULT_SETTINGS);
    s.update({ translateAsYouType: false, defaults: { formality: 'prefer_less' } });
    const again = new SettingsService(createJsonFileStore(file)).get();
    expect(again.translateAsYouType).toBe(false);
    expect(again.defaults).toEqual({ ...DEFAULT_SETTINGS.defaults, formality: 'prefer_less' });
  });

  it('keeps the Translate draft across restarts and drops a broken one without touching the other fields', async () => {
    const file = join(dir, 'settings.json');
    const draft = { mode: 'single' as const, text: 'half a sentence', segmentsText: '', options: { targetLang: 'DE' } };
    new SettingsService(createJsonFileStore(file)).update({ theme: 'dark', translateDraft: draft });
    expect(new SettingsService(createJsonFileStore(file)).get().translateDraft).toEqual(draft);

    await writeFile(file, JSON.stringify({ settings: { theme: 'dark', translateDraft: { mode: 'sideways', text: 3 } } }));
    const s = new SettingsService(createJsonFileStore(file)).get();
    expect(s.translateDraft).toBeNull();
    expect(s.theme).toBe('dark');
  });

  it('keeps valid fields and resets broken ones from a hand-edited file', async () => {
    const file = join(dir, 'settings.json');
    await writeFile(file, JSON.stringify({ settings: { theme: 'dark', debounceMs: -4 } }));
    const s = new SettingsService(createJsonFileStore(file)).get();
    expect(s.theme).toBe('dark');
    expect(s.debounceMs).toBe(DEFAULT_SETTINGS.debounceMs);
  });

  it('survives a file that is not JSON at all', async () => {
    const file = join(dir, 'settings.json');
    await writeFile(file, '{ not json');
    expect(new SettingsService(createJsonFileStore(file)).get()).toEqual(DEFAULT_SETTINGS);
  });
});
