import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeFileSystem } from '../adapters/node-fs.js';
import { HistoryService, type NewHistoryEntry } from './history.js';

let dir: string;
let now: number;
let enabled: boolean;
let maxEntries: number;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'verso-history-'));
  now = Date.parse('2026-03-01T10:00:00Z');
  enabled = true;
  maxEntries = 1000;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const make = () => new HistoryService({ fs: nodeFileSystem, dir, now: () => now, prefs: () => ({ enabled, maxEntries }) });
const entry = (source: string, patch: Partial<NewHistoryEntry> = {}): NewHistoryEntry => ({
  connectionId: 'c1',
  connectionName: 'Local engine',
  sourceLang: 'EN',
  detectedSourceLang: 'EN',
  targetLang: 'ES',
  source,
  target: `es:${source}`,
  billedCharacters: source.length,
  ...patch,
});

describe('HistoryService', () => {
  it('keeps nothing while history is off (the default)', async () => {
    enabled = false;
    const h = make();
    expect(await h.add(entry('Hello'))).toBeNull();
    expect((await h.list()).total).toBe(0);
  });

  it('keeps translations on disk, newest first, and a new start reads them back', async () => {
    const h = make();
    await h.add(entry('The red car.'));
    now += 10 * 60_000;
    await h.add(entry('A blue house.', { targetLang: 'CA' }));
    const again = await make().list();
    expect(again.entries.map((e) => e.source)).toEqual(['A blue house.', 'The red car.']);
    expect(readFileSync(join(dir, 'history.json'), 'utf8')).not.toMatch(/key/i);
  });

  it('replaces the previous entry while the same text is being typed', async () => {
    const h = make();
    await h.add(entry('The red'));
    now += 2000;
    await h.add(entry('The red car is fast.'));
    const l = await h.list();
    expect(l.total).toBe(1);
    expect(l.entries[0]!.source).toBe('The red car is fast.');
  });

  it('searches every word in texts, languages and connection name', async () => {
    const h = make();
    await h.add(entry('The red car.'));
    now += 10 * 60_000;
    await h.add(entry('Green tea.', { connectionName: 'Hosted Pro', connectionId: 'c2' }));
    expect((await h.list('car red')).entries.map((e) => e.source)).toEqual(['The red car.']);
    expect((await h.list('hosted')).entries.map((e) => e.source)).toEqual(['Green tea.']);
    expect((await h.list('nothing-like-this')).entries).toEqual([]);
  });

  it('search folds case, accents and ё (a Russian tour: "ежик" did not find "Ёжик"), and keeps й apart from и', async () => {
    const h = make();
    await h.add(entry('Ёлки и ежи', { sourceLang: 'RU', detectedSourceLang: 'RU' }));
    now += 10 * 60_000;
    await h.add(entry('Mi corazón', { sourceLang: 'ES', detectedSourceLang: 'ES', targetLang: 'EN' }));
    now += 10 * 60_000;
    await h.add(entry('Мой дом', { sourceLang: 'RU', detectedSourceLang: 'RU' }));
    expect((await h.list('елки')).entries.map((e) => e.source)).toEqual(['Ёлки и ежи']);
    expect((await h.list('ЁЖИ')).entries.map((e) => e.source)).toEqual(['Ёлки и ежи']);
    expect((await h.list('corazon')).entries.map((e) => e.source)).toEqual(['Mi corazón']);
    expect((await h.list('мои')).entries).toEqual([]);
    expect((await h.list('мой')).entries.map((e) => e.source)).toEqual(['Мой дом']);
  });

  it('deletes one entry or all, and keeps at most the cap', async () => {
    maxEntries = 10;
    const h = make();
    for (let i = 0; i < 15; i++) {
      now += 10 * 60_000;
      await h.add(entry(`Text number ${i} alone.`, { sourceLang: i % 2 ? 'EN' : 'FR' }));
    }
    const l = await h.list();
    expect(l.total).toBe(10);
    expect(l.entries.at(-1)!.source).toBe('Text number 5 alone.');
    expect(await h.remove(l.entries[0]!.id)).toEqual({ removed: true });
    expect((await h.list()).total).toBe(9);
    expect(await h.clear()).toEqual({ removed: 9 });
    expect((await make().list()).total).toBe(0);
  });
});
