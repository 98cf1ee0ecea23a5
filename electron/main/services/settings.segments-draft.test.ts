/**
 * Settings: the Translate draft keeps the Segments translations of the last run (`segmentsDone`), so a restart can
 * show them again; the 2 MB cap counts them with the texts, and a draft of an older build (without them) still loads.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DRAFT_LIMITS, DRAFT_TOO_LARGE_MESSAGE, SettingsPatch, type TranslateDraft } from '../../../shared/ipc/contract.js';
import { createJsonFileStore } from '../adapters/json-file-store.js';
import { SettingsService } from './settings.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'verso-settings-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const draft: TranslateDraft = {
  mode: 'multi',
  text: '',
  segmentsText: 'Good morning\nThank you',
  options: { targetLang: 'DE' },
  segmentsDone: {
    column: 0,
    titles: false,
    translations: ['Guten Morgen', null],
    targetLang: 'DE',
    sourceLang: 'EN',
    engine: 'apertium',
    context: '["local",{"targetLang":"DE"}]',
  },
};

describe('the Translate draft with Segments translations', () => {
  it('passes the IPC check and is kept across restarts', () => {
    const patch = SettingsPatch.parse({ translateDraft: draft });
    const file = join(dir, 'settings.json');
    new SettingsService(createJsonFileStore(file)).update(patch);
    expect(new SettingsService(createJsonFileStore(file)).get().translateDraft).toEqual(draft);
  });

  it('counts the translations towards the 2 MB cap, and still takes a draft without them', () => {
    const half = 'x'.repeat(DRAFT_LIMITS.textChars / 2);
    const big = { ...draft, segmentsText: half, segmentsDone: { ...draft.segmentsDone!, translations: [half] } };
    const res = SettingsPatch.safeParse({ translateDraft: big });
    expect(res.success).toBe(false);
    expect(res.error?.issues.map((i) => i.message)).toContain(DRAFT_TOO_LARGE_MESSAGE);
    expect(SettingsPatch.safeParse({ translateDraft: { ...big, segmentsDone: { ...big.segmentsDone, translations: null } } }).success).toBe(true);
    const { segmentsDone: _, ...older } = draft;
    expect(SettingsPatch.safeParse({ translateDraft: older }).success).toBe(true);
  });
});
