/**
 * The Keys exports' words (main process, vitest, against a real local service): the key table and the change log
 * have their column titles, statuses, yes/no and change names in the UI language, as the Usage export has (a
 * Brazilian admin's tour found `key_id;label;created_utc;status;…`, `active`, `yes`, `create`, `limit` in a pt-BR
 * file beside a Usage file in Portuguese). Ids, numbers and UTC times stay as a spreadsheet reads them, and the BOM
 * and delimiter follow the Usage export's rules.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../../service/server.js';
import { createTestApp, type TestApp } from '../test-support.js';
import { BOM, csvDelimiter } from './usage-csv.js';

let svc: RunningService;
let app: TestApp;
let svcDir: string;
let work: string;

async function ok<T>(p: Promise<{ ok: true; data: T } | { ok: false; error: { message: string } }>): Promise<T> {
  const r = await p;
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

beforeEach(async () => {
  svcDir = await mkdtemp(join(tmpdir(), 'verso-admin-words-'));
  svc = await startService({ engines: ['pseudo'], dataDir: svcDir, port: 0, freePort: 0 });
  app = await createTestApp({ hosted: { pro: svc.proUrl, free: svc.freeUrl } });
  const added = await app.call('connections.addHosted', { name: 'Equipe', apiKey: svc.keys.pro_key, persistence: 'session' });
  if (!added.ok) throw new Error(added.error.message);
  work = added.data.id;
  await ok(app.call('adminKeys.setAdminKey', { adminKey: svc.keys.admin_key, persistence: 'session' }));
});

afterEach(async () => {
  await app.close();
  await svc.close();
  await rm(svcDir, { recursive: true, force: true });
});

const ISO_UTC = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

async function useLanguage(uiLanguage: 'pt-BR' | 'de' | 'en') {
  await ok(app.call('settings.update', { uiLanguage }));
  await expect.poll(() => app.composed.i18n.locale).toBe(uiLanguage);
}

describe('Keys exports in the UI language', () => {
  it('pt-BR: the key table has Portuguese titles and words, machine-readable ids, numbers and times', async () => {
    const site = await ok(app.call('adminKeys.create', { connectionId: work, label: 'Site' }));
    await ok(app.call('adminKeys.setLimit', { connectionId: work, keyId: site.keyId, characters: 100000 }));
    const old = await ok(app.call('adminKeys.create', { connectionId: work, label: 'Antiga' }));
    await ok(app.call('adminKeys.deactivate', { connectionId: work, keyId: old.keyId }));
    await useLanguage('pt-BR');

    const csv = await app.composed.services.adminKeys.keysCsv(work);
    const d = csvDelimiter('pt-BR');
    expect(d).toBe(';');
    expect(csv.startsWith(BOM)).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]!.split(d)).toEqual([
      'ID da chave',
      'Rótulo',
      'Criada em (UTC)',
      'Status',
      'Desativada em (UTC)',
      'Limite de caracteres',
      'Limite definido',
      'Usada pelo Verso',
      'Usado neste período',
    ]);
    const row = (label: string) => lines.find((l) => l.split(d)[1] === label)!.split(d);
    expect(row('Site')[0]).toBe(site.keyId);
    expect(row('Site')[2]).toMatch(ISO_UTC);
    expect(row('Site').slice(3, 7)).toEqual(['Ativa', '', '100000', 'Sim']);
    expect(row('Antiga')[3]).toBe('Desativada');
    expect(row('Antiga')[4]).toMatch(ISO_UTC);
    expect(row('Local Pro key').slice(5, 7)).toEqual(['', 'Não']);
  });

  it('pt-BR: the change log has Portuguese titles, change names and statuses; limits stay numbers', async () => {
    const site = await ok(app.call('adminKeys.create', { connectionId: work, label: 'Site' }));
    await ok(app.call('adminKeys.setLimit', { connectionId: work, keyId: site.keyId, characters: 1000000 }));
    await ok(app.call('adminKeys.deactivate', { connectionId: work, keyId: site.keyId }));
    await useLanguage('pt-BR');

    const lines = (await app.composed.services.adminKeys.auditCsv()).slice(1).split('\r\n').map((l) => l.split(';'));
    expect(lines[0]).toEqual(['Hora (UTC)', 'Conexão', 'Alteração', 'ID da chave', 'Rótulo', 'Antes', 'Depois']);
    expect(lines[1]!.slice(1)).toEqual(['Equipe', 'Criação', site.keyId, 'Site', '', 'Site']);
    expect(lines[2]!.slice(2)).toEqual(['Alteração de limite', site.keyId, 'Site', '', '1000000']);
    expect(lines[3]!.slice(2, 6)).toEqual(['Desativação', site.keyId, 'Site', 'Ativa']);
    expect(lines[3]![6]).toMatch(ISO_UTC);
    for (const l of lines.slice(1, 4)) expect(l[0]).toMatch(ISO_UTC);
  });

  it('follows a change of language, with no snake_case column and the Usage export’s delimiter', async () => {
    await ok(app.call('adminKeys.create', { connectionId: work, label: 'CI' }));
    for (const [lang, keyTitles, auditTitles] of [
      ['de', 'Schlüssel-ID;Bezeichnung;Erstellt (UTC);Status;', 'Zeit (UTC);Verbindung;Änderung;'],
      ['en', 'Key id,Label,Created (UTC),Status,', 'Time (UTC),Connection,Change,'],
    ] as const) {
      await useLanguage(lang);
      const keys = await app.composed.services.adminKeys.keysCsv(work);
      const audit = await app.composed.services.adminKeys.auditCsv();
      expect(keys.startsWith(BOM + keyTitles)).toBe(true);
      expect(audit.startsWith(BOM + auditTitles)).toBe(true);
      for (const head of [keys, audit].map((c) => c.slice(1).split('\r\n')[0]!)) {
        expect(head).not.toMatch(/[a-z]_[a-z]/);
        expect(head.split(csvDelimiter(lang)).length).toBeGreaterThan(6);
      }
    }
  });
});
