/**
 * Unit tests (main, issue 20 point 8): the Settings choice for hard-wrapped lines is kept, announced to the
 * windows, and a stored value from an older build without it reads as the default (join when detected).
 */
import { describe, expect, it } from 'vitest';
import type { TranslatePrefs } from '../../../shared/ipc/contract-translate.js';
import type { KeyValueStore } from './ports.js';
import { TranslatePrefsService } from './translate-prefs.js';

function memoryStore(initial: Record<string, unknown> = {}): KeyValueStore {
  const m = new Map(Object.entries(initial));
  return { get: (k) => m.get(k), set: (k, v) => void m.set(k, v), delete: (k) => void m.delete(k) };
}

describe('TranslatePrefsService: joining hard-wrapped lines', () => {
  it('defaults to joining when detected, also for prefs saved before the choice existed', () => {
    const svc = new TranslatePrefsService(memoryStore({ translatePrefs: { historyEnabled: true } }));
    expect(svc.get().joinWrappedLines).toBe('detect');
    expect(svc.get().historyEnabled).toBe(true);
  });

  it('keeps "only offer it" and tells the windows', () => {
    const seen: TranslatePrefs[] = [];
    const store = memoryStore();
    const svc = new TranslatePrefsService(store, (p) => seen.push(p));
    svc.update({ joinWrappedLines: 'ask' });
    expect(new TranslatePrefsService(store).get().joinWrappedLines).toBe('ask');
    expect(seen.at(-1)?.joinWrappedLines).toBe('ask');
  });
});
