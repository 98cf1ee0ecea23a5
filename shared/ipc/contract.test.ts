/** The IPC contract: names, validation rules the UI relies on, and that no output schema can carry a key. */
import { describe, expect, it } from 'vitest';
import { CALL_NAMES, EVENT_NAMES, contract, TranslateOptions, TranslateRunInput, SettingsPatch, ConnectionView } from './contract.js';

describe('contract', () => {
  it('names every call domain.verb and every event too', () => {
    for (const n of [...CALL_NAMES, ...EVENT_NAMES]) expect(n).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
    expect(CALL_NAMES).toContain('translate.run');
    expect(CALL_NAMES).toContain('credentials.setApiKey');
  });

  it('normalises language codes and enforces the spec rules on options', () => {
    expect(TranslateOptions.parse({ targetLang: 'en-gb' }).targetLang).toBe('EN-GB');
    expect(TranslateOptions.safeParse({ targetLang: 'DE', glossaryIds: ['a', 'b', 'c', 'd', 'e', 'f'], sourceLang: 'EN' }).success).toBe(false);
    expect(TranslateOptions.safeParse({ targetLang: 'DE', customInstructions: ['x'.repeat(301)] }).success).toBe(false);
    expect(TranslateOptions.safeParse({ targetLang: 'DE', translationMemoryThreshold: 101 }).success).toBe(false);
    expect(TranslateOptions.safeParse({ targetLang: 'DE', glossaryId: 'g', glossaryIds: ['h'], sourceLang: 'EN' }).success).toBe(false);
    expect(TranslateOptions.safeParse({ targetLang: 'not a code' }).success).toBe(false);
    expect(TranslateRunInput.safeParse({ texts: [], options: { targetLang: 'DE' } }).success).toBe(false);
    expect(SettingsPatch.safeParse({ theme: 'blue' }).success).toBe(false);
  });

  it('strips any field an output schema does not list, so a key cannot ride along', () => {
    const parsed = ConnectionView.parse({
      id: '1',
      name: 'n',
      kind: 'hosted',
      tier: 'pro',
      baseUrl: null,
      authScheme: 'Service-Auth-Key',
      apiKey: { configured: true, persisted: true, value: 'secret-key' },
      adminKey: { configured: false, persisted: false },
      createdAt: '2026-01-01T00:00:00Z',
      key: 'secret-key',
    });
    expect(JSON.stringify(parsed)).not.toContain('secret-key');
  });

  it('has no input schema that would accept a key field for a read-only call', () => {
    for (const name of CALL_NAMES) {
      if (name.startsWith('credentials.set') || name.startsWith('connections.add')) continue;
      const input = contract[name].input;
      const r = input.safeParse({ apiKey: 'k' });
      // Either the call takes no object input, or an apiKey field is not part of what it keeps.
      if (r.success && r.data && typeof r.data === 'object') expect(r.data).not.toHaveProperty('apiKey');
    }
  });
});

describe('channels', () => {
  it('lists exactly the contract events for the preload', async () => {
    const { EVENT_NAME_LIST } = await import('./channels.js');
    expect([...EVENT_NAME_LIST].sort()).toEqual([...EVENT_NAMES].sort());
  });
});
