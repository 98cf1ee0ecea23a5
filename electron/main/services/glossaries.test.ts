/**
 * The safe save against a real local Translation Service (pseudo engine, fault injection on): the journal is on
 * disk before the first call; create failing (an injected 503 the client gives up on) changes nothing and keeps
 * every entry; delete failing leaves both glossaries and a retry finishes; a crash right after the create (the
 * process "dies" with the delete in flight) is found on the next start and finished without a second create; a
 * create whose answer never came (timeout) is found when Save is pressed again, so no duplicate is created.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../../service/server.js';
import type { DraftInput, EntryPair } from '../../../shared/ipc/contract-glossaries.js';
import { createFakeClock } from '../adapters/node-clock.js';
import { createNodeHttpTransport } from '../adapters/node-http.js';
import { ApiClient } from './api-client.js';
import { ApiError } from './api-errors.js';
import { GlossariesService, followInTranslateDraft, type GlossaryApi } from './glossaries.js';
import { GlossaryStore } from './glossaries-store.js';
import type { HttpTransport } from './ports.js';

let svc: RunningService;
let transport: HttpTransport;
let dir: string;

beforeAll(async () => {
  svc = await startService({ engines: ['pseudo'], inMemory: true, port: 0, freePort: 0, faults: true });
  transport = createNodeHttpTransport();
});
afterAll(async () => {
  await transport?.close?.();
  await svc?.close();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'verso-glossaries-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A client on its own fault session; `faults` as mock-server-session-* headers. No retries: failures are final. */
function client(faults: Record<string, string | number> = {}): ApiClient {
  const headers: Record<string, string> = { 'mock-server-session': `glossaries/${randomUUID()}` };
  for (const [k, v] of Object.entries(faults)) headers[`mock-server-session-${k}`] = String(v);
  return new ApiClient({
    transport,
    clock: createFakeClock(),
    baseUrl: svc.proUrl,
    apiKey: svc.keys.pro_key,
    userAgent: 'Verso/0.0.0-test',
    maxRetries: 0,
    extraHeaders: headers,
  });
}

/** The good client, with one method routed to a failing session (a real 503 from the real service). */
function failingOn(method: 'createGlossary' | 'deleteGlossary'): GlossaryApi {
  const good = client();
  const bad = client({ '5xx-count': 100, '5xx-status': 503 });
  return replacing(good, { [method]: bad[method].bind(bad) });
}

/** `real` with the given methods replaced; every other one still called on `real`. */
function replacing(real: ApiClient, replaced: Partial<Pick<ApiClient, 'createGlossary' | 'deleteGlossary'>>): GlossaryApi {
  return new Proxy(real, {
    get(target, prop, recv) {
      if (Object.hasOwn(replaced, prop)) return (replaced as Record<PropertyKey, unknown>)[prop];
      const v = Reflect.get(target, prop, recv) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

function service(api: GlossaryApi = client(), extra: Partial<ConstructorParameters<typeof GlossariesService>[0]> = {}) {
  const events: { name: string; payload: unknown }[] = [];
  const s = new GlossariesService({
    client: async () => api,
    activeConnectionId: () => 'c1',
    store: new GlossaryStore(join(dir, 'glossaries')),
    emit: (name, payload) => events.push({ name, payload }),
    ...extra,
  });
  return { s, events };
}

const rows = (n: number, tag = ''): EntryPair[] => Array.from({ length: n }, (_, i) => [`term ${i}`, `Begriff ${i}${tag}`] as EntryPair);

async function seed(name: string, entries: EntryPair[]) {
  const { s } = service();
  const out = await s.save({ draftId: randomUUID(), glossaryId: null, name, sourceLang: 'EN', targetLang: 'DE', entries });
  if (out.status !== 'saved') throw new Error('seed failed');
  return out.glossary;
}

async function serviceGlossaries(name: string) {
  return (await client().listGlossaries()).filter((g) => g.name === name);
}

async function draftFile(draftId: string) {
  return JSON.parse(await readFile(join(dir, 'glossaries', 'drafts', `${draftId}.json`), 'utf8')) as { entries: EntryPair[]; pendingSave: unknown };
}

describe('save = create, then delete', () => {
  it('replaces the glossary: one with that name, a new id, the edit; draft gone, old entries kept as a version', async () => {
    const name = `replace-${randomUUID()}`;
    const old = await seed(name, rows(3));
    const { s, events } = service();
    const draft = await s.edit(old.glossaryId);
    expect(draft.entries).toEqual(rows(3));
    draft.entries[1] = ['term 1', 'Begriff eins'];
    const out = await s.save(draft);
    expect(out.status).toBe('saved');
    if (out.status !== 'saved') return;
    const now = await serviceGlossaries(name);
    expect(now.map((g) => g.glossary_id)).toEqual([out.glossary.glossaryId]);
    expect(out.glossary.glossaryId).not.toBe(old.glossaryId);
    expect(await client().getGlossaryEntries(out.glossary.glossaryId)).toContain('term 1\tBegriff eins');
    expect(await s.drafts()).toEqual([]);
    expect(events).toContainEqual({ name: 'glossaries.replaced', payload: { oldId: old.glossaryId, newId: out.glossary.glossaryId } });
    const versions = await s.versions(name, 'EN', 'DE');
    expect(versions.map((v) => v.glossaryId).sort()).toEqual([old.glossaryId, out.glossary.glossaryId].sort());
    const oldVersion = versions.find((v) => v.glossaryId === old.glossaryId)!;
    expect(await s.versionEntries(oldVersion.versionId)).toEqual(rows(3));
  });

  it('versions follow the glossary across a rename (seen on a Russian tour: Versions said there were none)', async () => {
    const name = `Скандинавия-${randomUUID()}`;
    const renamed = `Северные страны-${randomUUID()}`;
    const first = await seed(name, rows(2));
    const { s } = service();
    const edit = await s.edit(first.glossaryId);
    edit.entries.push(['term 9', 'Begriff 9']);
    const second = await s.save(edit);
    if (second.status !== 'saved') throw new Error('save failed');
    expect(await s.versions(name, 'EN', 'DE')).toHaveLength(2);
    // Renamed in the editor, not saved yet: the editor asks with the new name and the glossary's id.
    expect(await s.versions(renamed, 'EN', 'DE', second.glossary.glossaryId)).toHaveLength(2);
    const again = await s.edit(second.glossary.glossaryId);
    const third = await s.save({ ...again, name: renamed });
    if (third.status !== 'saved') throw new Error('save failed');
    const after = await s.versions(renamed, 'EN', 'DE', third.glossary.glossaryId);
    expect(after.map((v) => v.glossaryId).sort()).toEqual([first.glossaryId, second.glossary.glossaryId, third.glossary.glossaryId].sort());
    expect(after.every((v) => v.name === renamed)).toBe(true);
    // Asked by the new name alone too (the files are the same ones, still readable).
    expect(await s.versions(renamed, 'EN', 'DE')).toHaveLength(3);
    const oldest = after.find((v) => v.glossaryId === first.glossaryId)!;
    expect(await s.versionEntries(oldest.versionId)).toEqual(rows(2));
  });

  it('versions kept before, under a name the glossary no longer has, are listed by the glossary id', async () => {
    const store = new GlossaryStore(join(dir, 'glossaries'));
    await store.addVersion({ name: 'Old name', sourceLang: 'EN', targetLang: 'DE', savedAt: '2026-01-01T00:00:00.000Z', glossaryId: 'g-1', entries: rows(1) });
    await store.addVersion({ name: 'Other', sourceLang: 'EN', targetLang: 'DE', savedAt: '2026-01-02T00:00:00.000Z', glossaryId: 'g-2', entries: rows(1) });
    expect(await store.versions('New name', 'EN', 'DE')).toEqual([]);
    expect((await store.versions('New name', 'EN', 'DE', 'g-1')).map((v) => v.glossaryId)).toEqual(['g-1']);
    expect(await store.followRename('g-1', 'New name', 'EN', 'DE')).toBe(1);
    expect((await store.versions('New name', 'EN', 'DE')).map((v) => v.name)).toEqual(['New name']);
    expect((await store.versions('Other', 'EN', 'DE')).map((v) => v.glossaryId)).toEqual(['g-2']);
  });

  it('writes the journal with every entry before the first call to the service', async () => {
    const name = `journal-${randomUUID()}`;
    const draftId = randomUUID();
    let seenOnDisk: unknown = null;
    const real = client();
    const spy = replacing(real, {
      createGlossary: async (...args) => {
        seenOnDisk = await draftFile(draftId);
        return real.createGlossary(...args);
      },
    });
    const { s } = service(spy);
    await s.save({ draftId, glossaryId: null, name, sourceLang: 'EN', targetLang: 'DE', entries: rows(500) });
    expect(seenOnDisk).toMatchObject({ entries: rows(500), pendingSave: { phase: 'creating' } });
  });

  it('create fails: nothing changes on the service, the draft keeps every entry and can be saved later', async () => {
    const name = `create-fails-${randomUUID()}`;
    const old = await seed(name, rows(3));
    const { s } = service(failingOn('createGlossary'));
    const draft = await s.edit(old.glossaryId);
    draft.entries.push(['new term', 'neuer Begriff']);
    const err = await s.save(draft).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('service_unavailable');
    expect((await serviceGlossaries(name)).map((g) => g.glossary_id)).toEqual([old.glossaryId]);
    const kept = await s.draftGet(draft.draftId);
    expect(kept.entries).toEqual([...rows(3), ['new term', 'neuer Begriff']]);
    expect(kept.pendingSave).toBeNull();
    // The service recovers: the same draft saves.
    const { s: s2 } = service();
    const out = await s2.save(kept);
    expect(out.status).toBe('saved');
    expect((await serviceGlossaries(name)).length).toBe(1);
  });

  it('delete fails: both exist, the UI is told, and finishing the save deletes the old one', async () => {
    const name = `delete-fails-${randomUUID()}`;
    const old = await seed(name, rows(2));
    const { s } = service(failingOn('deleteGlossary'));
    const draft = await s.edit(old.glossaryId);
    draft.entries[0] = ['term 0', 'geändert'];
    const out = await s.save(draft);
    expect(out.status).toBe('deleteFailed');
    if (out.status !== 'deleteFailed') return;
    expect(out.oldGlossaryId).toBe(old.glossaryId);
    expect((await serviceGlossaries(name)).length).toBe(2);
    const pending = (await s.drafts())[0]!;
    expect(pending.pendingSave).toMatchObject({ phase: 'deleting', newGlossaryId: out.glossary.glossaryId });
    // Editing is refused while the save is half done (the journal must stay what was sent).
    await expect(s.draftPut(draft)).rejects.toMatchObject({ code: 'conflict' });
    const { s: s2 } = service();
    const done = await s2.finishSave(draft.draftId);
    expect(done).toMatchObject({ status: 'saved', glossary: { glossaryId: out.glossary.glossaryId } });
    expect((await serviceGlossaries(name)).map((g) => g.glossary_id)).toEqual([out.glossary.glossaryId]);
    expect(await s2.drafts()).toEqual([]);
  });

  it('crash between create and delete: the next start finds the journal and finishes without creating twice', async () => {
    const name = `crash-${randomUUID()}`;
    const old = await seed(name, rows(4));
    // The "process" dies while the delete is in flight: the call never returns and the service object is dropped.
    const real = client();
    const dying = replacing(real, { deleteGlossary: () => new Promise<never>(() => undefined) });
    const { s } = service(dying);
    const draft = await s.edit(old.glossaryId);
    draft.entries.push(['crash', 'Absturz']);
    void s.save(draft);
    await expect.poll(async () => (await serviceGlossaries(name)).length).toBe(2);
    await expect.poll(async () => (await draftFile(draft.draftId)).pendingSave).toMatchObject({ phase: 'deleting' });

    // Restart: a new service over the same folder.
    const { s: after } = service();
    const pending = await after.drafts();
    expect(pending).toHaveLength(1);
    expect(pending[0]!.entryCount).toBe(5);
    const out = await after.finishSave(pending[0]!.draftId);
    expect(out.status).toBe('saved');
    const left = await serviceGlossaries(name);
    expect(left).toHaveLength(1);
    expect(left[0]!.entry_count).toBe(5);
  });

  it('crash after the create was sent but before its answer was journalled: found on the service, not created twice', async () => {
    const name = `crash-creating-${randomUUID()}`;
    const old = await seed(name, rows(2));
    const real = client();
    let created = false;
    const dying = replacing(real, {
      createGlossary: async (...args) => {
        await real.createGlossary(...args);
        created = true;
        return new Promise<never>(() => undefined);
      },
    });
    const { s } = service(dying);
    const draft = await s.edit(old.glossaryId);
    draft.entries.push(['x', 'y']);
    void s.save(draft);
    await expect.poll(() => created).toBe(true);
    expect((await draftFile(draft.draftId)).pendingSave).toMatchObject({ phase: 'creating' });

    const { s: after } = service();
    const out = await after.finishSave(draft.draftId);
    expect(out.status).toBe('saved');
    const left = await serviceGlossaries(name);
    expect(left).toHaveLength(1);
    expect(left[0]!.entry_count).toBe(3);
  });

  it('create times out after the service made the glossary: Save again finds it and does not create a duplicate', async () => {
    const name = `create-timeout-${randomUUID()}`;
    const old = await seed(name, rows(2));
    const real = client();
    let creates = 0;
    // The service creates the glossary, but its answer never reaches Verso (the call's deadline passes).
    const losing = replacing(real, {
      createGlossary: async (...args) => {
        creates++;
        await real.createGlossary(...args);
        throw new ApiError('timeout', 'The service did not answer within 30 s.');
      },
    });
    const { s } = service(losing);
    const draft = await s.edit(old.glossaryId);
    draft.entries.push(['late', 'spät']);
    await expect(s.save(draft)).rejects.toMatchObject({ code: 'timeout' });
    expect(await serviceGlossaries(name)).toHaveLength(2);
    // The editor keeps the edits and autosaves them; the draft still knows a create went unanswered.
    await s.draftPut(draft);
    expect(await draftFile(draft.draftId)).toMatchObject({ pendingSave: null, unconfirmedCreateAt: expect.any(String) });

    // Save again (the service answers now): the glossary made by the first create is used, the old one deleted.
    const counting = replacing(real, {
      createGlossary: async (...args) => {
        creates++;
        return real.createGlossary(...args);
      },
    });
    const { s: again, events } = service(counting);
    const out = await again.save(draft);
    expect(out.status).toBe('saved');
    expect(creates).toBe(1);
    const left = await serviceGlossaries(name);
    expect(left.map((g) => g.glossary_id)).toEqual([out.glossary.glossaryId]);
    expect(left[0]!.entry_count).toBe(3);
    expect(events).toContainEqual({ name: 'glossaries.replaced', payload: { oldId: old.glossaryId, newId: out.glossary.glossaryId } });
    expect(await again.drafts()).toEqual([]);
  });

  it('after an unanswered create, changed entries are created anew (a glossary with other entries is never taken for ours)', async () => {
    const name = `create-timeout-changed-${randomUUID()}`;
    const old = await seed(name, rows(2));
    const real = client();
    const losing = replacing(real, {
      createGlossary: async () => {
        throw new ApiError('network', 'The connection broke.');
      },
    });
    const { s } = service(losing);
    const draft = await s.edit(old.glossaryId);
    draft.entries[0] = ['term 0', 'eins'];
    await expect(s.save(draft)).rejects.toMatchObject({ code: 'network' });
    draft.entries[1] = ['term 1', 'zwei'];
    const { s: again } = service(real);
    const out = await again.save(draft);
    expect(out.status).toBe('saved');
    expect(await again.entries(out.glossary.glossaryId)).toEqual([
      ['term 0', 'eins'],
      ['term 1', 'zwei'],
    ]);
    expect(await serviceGlossaries(name)).toHaveLength(1);
  });

  it('a create the service refused leaves no note of an unanswered create', async () => {
    const name = `create-refused-${randomUUID()}`;
    const old = await seed(name, rows(2));
    const real = client();
    const refusing = replacing(real, {
      createGlossary: async () => {
        throw new ApiError('quota_exceeded', 'Too many glossaries.', { status: 456 });
      },
    });
    const { s } = service(refusing);
    const draft = await s.edit(old.glossaryId);
    draft.entries.push(['a', 'b']);
    await expect(s.save(draft)).rejects.toMatchObject({ code: 'quota_exceeded' });
    const kept = await draftFile(draft.draftId);
    expect(kept.pendingSave).toBeNull();
    expect(kept).not.toHaveProperty('unconfirmedCreateAt');
  });

  it('refuses invalid entries before any call: nothing sent, nothing journalled', async () => {
    const name = `invalid-${randomUUID()}`;
    const { s } = service();
    const input: DraftInput = { draftId: randomUUID(), glossaryId: null, name, sourceLang: 'EN', targetLang: 'DE', entries: [['cat', 'Katze'], ['cat', 'Kater']] };
    await expect(s.save(input)).rejects.toMatchObject({ code: 'bad_request' });
    expect(await serviceGlossaries(name)).toEqual([]);
    expect(await readdir(join(dir, 'glossaries', 'drafts')).catch(() => [])).toEqual([]);
  });

  it('moves the Translate draft to the new id', async () => {
    let settings = { translateDraft: { mode: 'single', options: { glossaryIds: ['keep', 'OLD'], targetLang: 'DE' } } as { options: Record<string, unknown> } | null };
    const follow = followInTranslateDraft(
      () => settings,
      (p) => {
        settings = p;
      },
    );
    follow('OLD', 'NEW');
    expect(settings.translateDraft!.options.glossaryIds).toEqual(['keep', 'NEW']);
  });

  it('duplicates to the reversed pair; a reversal with duplicate sources becomes a draft instead', async () => {
    const name = `dup-${randomUUID()}`;
    const g = await seed(name, [['cat', 'Katze'], ['tomcat', 'Kater']]);
    const { s } = service();
    const out = await s.duplicate(g.glossaryId, `${name} reversed`, true);
    expect(out.status).toBe('created');
    if (out.status === 'created') {
      expect(out.glossary).toMatchObject({ sourceLang: 'DE', targetLang: 'EN', entryCount: 2 });
      expect(await client().getGlossaryEntries(out.glossary.glossaryId)).toContain('Katze\tcat');
    }
    const g2 = await seed(`${name}-2`, [['cat', 'Katze'], ['kitty', 'Katze']]);
    const out2 = await s.duplicate(g2.glossaryId, `${name}-2 reversed`, true);
    expect(out2.status).toBe('draft');
    expect((await serviceGlossaries(`${name}-2 reversed`)).length).toBe(0);
  });
});
