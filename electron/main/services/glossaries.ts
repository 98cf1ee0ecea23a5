/**
 * Glossaries (main process, plain Node): the v2 glossaries of the active connection, the editor's drafts and the
 * safe save. v2 glossaries are immutable, so saving an edit means replacing the glossary; done naively (delete
 * first, or without a local copy) one failed call loses the termbase. Here:
 *
 *   1. the draft (every entry as the user left it) is written to `<user-data>/glossaries/drafts/` with
 *      `pendingSave.phase = 'creating'` BEFORE any call to the service;
 *   2. the new glossary is created (same name and pair). If that fails, nothing changed on the service: the draft
 *      goes back to "unsaved" and the error reaches the editor, which still holds the edits;
 *   3. the draft is rewritten with `phase = 'deleting'` and the new id; then the old glossary is deleted. If that
 *      fails, both exist: the outcome says so and `finishSave` retries the delete;
 *   4. only after both succeeded: a local version is kept, every reference to the old id moves to the new one,
 *      and the draft is removed.
 *
 * A crash at any point leaves the draft on disk; `drafts()` lists it with its pending phase and `finishSave` ends
 * the job. After a crash in phase `creating` the create's outcome is unknown, so the service's list is searched
 * for the glossary first (same name, pair and entries, created since the save began) and it is not created
 * twice. The same holds when a create fails without a clear refusal (it timed out, the connection dropped, a 5xx):
 * the draft remembers when (`unconfirmedCreateAt`), and pressing Save again searches the same way before creating.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { SettingsPatch } from '../../../shared/ipc/contract.js';
import type {
  DraftInput,
  DraftSummary,
  EntryPair,
  ExportFormat,
  GlossaryDraft,
  GlossaryPair,
  GlossaryView,
  ImportOptions,
  ImportResult,
  SaveOutcome,
  VersionSummary,
} from '../../../shared/ipc/contract-glossaries.js';
import { nameProblems, toTsv, validateEntries, type EntryLike } from '../../../shared/glossaries/rules.js';
import type { WireGlossary } from '../../../shared/spec/wire.js';
import type { ApiClient } from './api-client.js';
import { ApiError } from './api-errors.js';
import type { SaveDialog } from './app-service.js';
import type { ConnectionsService } from './connections.js';
import type { EventBus } from './event-bus.js';
import { GlossaryStore } from './glossaries-store.js';
import type { SettingsService } from './settings.js';
import type { InPlaceGlossaries } from './customisation.js';

/** The calls of the API client this service uses (a port: tests may wrap it to make one step fail). */
export type GlossaryApi = Pick<
  ApiClient,
  'listGlossaries' | 'getGlossary' | 'getGlossaryEntries' | 'createGlossary' | 'deleteGlossary' | 'getGlossaryLanguagePairs'
>;

export interface GlossariesDeps {
  client: () => Promise<GlossaryApi>;
  /** The active connection's id (drafts remember where their glossary lives). */
  activeConnectionId: () => string | null;
  store: GlossaryStore;
  now?: () => Date;
  /** Tells the renderer (events `glossaries.replaced` / `glossaries.changed`). */
  emit?: (name: 'glossaries.replaced' | 'glossaries.changed', payload: unknown) => void;
  /** Moves stored references (the Translate draft's options, remembered settings) from one id to another. */
  followIds?: Array<(oldId: string, newId: string) => void>;
  /** Writes an exported file where the user chooses; null when cancelled. */
  saveFile?: (suggestedName: string, content: string | Uint8Array) => Promise<string | null>;
  /** Multilingual (v3) glossaries, edited in place, where the active connection offers them (customisation.ts). */
  inPlace?: InPlaceGlossaries;
}

export function glossaryView(g: WireGlossary): GlossaryView {
  return {
    glossaryId: g.glossary_id,
    name: g.name,
    ready: g.ready,
    sourceLang: g.source_lang.toUpperCase(),
    targetLang: g.target_lang.toUpperCase(),
    creationTime: g.creation_time,
    entryCount: g.entry_count,
  };
}

/** The service's TSV → pairs. Lines without a tab cannot come from the service; they are kept as a source. */
export function tsvToPairs(tsv: string): EntryPair[] {
  const out: EntryPair[] = [];
  for (const l of tsv.split(/\r\n|\n|\r/)) {
    if (l.length === 0) continue;
    const tab = l.indexOf('\t');
    out.push(tab < 0 ? [l, ''] : [l.slice(0, tab), l.slice(tab + 1)]);
  }
  return out;
}

function asRows(entries: readonly EntryPair[]): EntryLike[] {
  return entries.map(([source, target]) => ({ source, target }));
}

/**
 * Refuses anything the service would refuse, before any call: the editor shows the same rules per row, so this
 * fires only if a renderer sends invalid data anyway. The message is detail; the code decides the UI's words.
 */
export function assertSendable(d: { name: string; sourceLang: string; targetLang: string; entries: readonly EntryPair[] }): string {
  const name = nameProblems(d.name);
  if (name.length > 0) throw new ApiError('bad_request', `The glossary name is not valid (${name.join(', ')}); fix it in the editor.`, { serviceCode: 'glossary_invalid_name' });
  if (d.sourceLang.toUpperCase() === d.targetLang.toUpperCase()) {
    throw new ApiError('bad_request', 'The source and target language are the same; choose two languages.', { serviceCode: 'glossary_same_languages' });
  }
  const rows = asRows(d.entries);
  const v = validateEntries(rows);
  if (v.entryCount === 0) throw new ApiError('bad_request', 'The glossary has no entries; add at least one.', { serviceCode: 'glossary_empty' });
  if (v.problemRows.length > 0) {
    const first = v.problemRows[0]!;
    throw new ApiError(
      'bad_request',
      `${v.problemRows.length} rows have problems (first: row ${first + 1}, ${v.byRow.get(first)!.join(', ')}); fix them in the editor. Nothing was sent.`,
      { serviceCode: 'glossary_invalid_entries' },
    );
  }
  if (v.tooLarge) {
    throw new ApiError('too_large', `The glossary is ${v.totalBytes} bytes; the limit is 10 MiB. Split it. Nothing was sent.`, { serviceCode: 'glossary_too_large' });
  }
  return toTsv(rows);
}

/**
 * A failed create whose outcome is unknown: the request may have reached the service and been carried out (no
 * answer, a broken connection, a 5xx, an unreadable answer). A clear refusal (4xx: bad entries, quota, key, too
 * many glossaries, rate limit) means nothing was created.
 */
function createOutcomeUnknown(e: unknown): boolean {
  if (!(e instanceof ApiError)) return true;
  return ['timeout', 'network', 'service_unavailable', 'bad_response', 'cancelled', 'internal'].includes(e.code);
}

/** The fields of a draft only main writes; whatever a caller sends for them is ignored. */
function withoutMainFields(input: DraftInput): DraftInput {
  const { updatedAt: _u, pendingSave: _p, connectionId: _c, unconfirmedCreateAt: _x, ...rest } = input as DraftInput & Partial<GlossaryDraft>;
  return rest;
}

/** Seconds of clock difference tolerated when matching a glossary created before a crash. */
const CLOCK_SLACK_MS = 5 * 60_000;

export class GlossariesService {
  private readonly now: () => Date;
  /** Saves in flight by draft id: a second press of Save waits for the first instead of creating twice. */
  private readonly inFlight = new Map<string, Promise<SaveOutcome>>();

  constructor(private readonly deps: GlossariesDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private client() {
    return this.deps.client();
  }

  private emit(name: 'glossaries.replaced' | 'glossaries.changed', payload: unknown) {
    this.deps.emit?.(name, payload);
  }

  async list(): Promise<GlossaryView[]> {
    const [v2, v3] = await Promise.all([(await this.client()).listGlossaries(), this.deps.inPlace?.list() ?? null]);
    if (!v3) return v2.map(glossaryView);
    // A service may list a v2 glossary under v3 too (with one dictionary): it is shown once, as the v3 one.
    const ids = new Set(v3.map((g) => g.glossaryId));
    return [...v3, ...v2.filter((g) => !ids.has(g.glossary_id)).map(glossaryView)];
  }

  async get(id: string): Promise<GlossaryView> {
    const v3 = await this.deps.inPlace?.find(id);
    if (v3) return v3;
    return glossaryView(await (await this.client()).getGlossary(id));
  }

  async entries(id: string): Promise<EntryPair[]> {
    return tsvToPairs(await (await this.client()).getGlossaryEntries(id));
  }

  async remove(id: string): Promise<{ removed: boolean }> {
    if (await this.deps.inPlace?.find(id)) await this.deps.inPlace!.remove(id);
    else await (await this.client()).deleteGlossary(id);
    this.emit('glossaries.changed', { reason: 'deleted' });
    return { removed: true };
  }

  async languagePairs(): Promise<GlossaryPair[]> {
    const pairs = await (await this.client()).getGlossaryLanguagePairs();
    return pairs.map((p) => ({ sourceLang: p.source_lang.toUpperCase(), targetLang: p.target_lang.toUpperCase() }));
  }

  // ----- Drafts -----

  async drafts(): Promise<DraftSummary[]> {
    const active = this.deps.activeConnectionId();
    const all = await this.deps.store.listDrafts();
    return all
      .filter((d) => d.connectionId === null || d.connectionId === active)
      .map(({ entries, ...rest }) => ({ ...rest, entryCount: entries.length }));
  }

  async draftGet(draftId: string): Promise<GlossaryDraft> {
    const d = await this.deps.store.getDraft(draftId);
    if (!d) throw new ApiError('not_found', 'That draft is no longer on this computer (it was saved or discarded).');
    return d;
  }

  async draftPut(input: DraftInput): Promise<{ updatedAt: string }> {
    const prev = await this.deps.store.getDraft(input.draftId);
    if (prev?.pendingSave) {
      // The journal of a save in progress must stay exactly what was sent until that save is finished.
      throw new ApiError('conflict', 'A save of this glossary is not finished yet; finish it first, then keep editing.', { serviceCode: 'glossary_save_pending' });
    }
    const updatedAt = this.now().toISOString();
    await this.deps.store.putDraft({
      ...withoutMainFields(input),
      connectionId: prev?.connectionId ?? this.deps.activeConnectionId(),
      updatedAt,
      pendingSave: null,
      // Main's own memory of an unanswered create survives the editor's autosaves.
      ...(prev?.unconfirmedCreateAt && { unconfirmedCreateAt: prev.unconfirmedCreateAt }),
    });
    return { updatedAt };
  }

  async draftDiscard(draftId: string): Promise<{ discarded: boolean }> {
    const d = await this.deps.store.getDraft(draftId);
    if (d?.pendingSave) {
      throw new ApiError('conflict', 'A save of this glossary is not finished yet; finish it before discarding the draft.', { serviceCode: 'glossary_save_pending' });
    }
    return { discarded: await this.deps.store.deleteDraft(draftId) };
  }

  /** Opens a glossary for editing: an existing draft of it wins (nothing the user typed is overwritten). */
  async edit(glossaryId: string, pair?: { sourceLang?: string | undefined; targetLang?: string | undefined }): Promise<GlossaryDraft> {
    const active = this.deps.activeConnectionId();
    const samePair = (d: GlossaryDraft) =>
      !pair?.sourceLang || !pair.targetLang || (d.sourceLang.toUpperCase() === pair.sourceLang.toUpperCase() && d.targetLang.toUpperCase() === pair.targetLang.toUpperCase());
    const existing = (await this.deps.store.listDrafts()).find(
      (d) => d.glossaryId === glossaryId && (d.connectionId === null || d.connectionId === active) && samePair(d),
    );
    if (existing) return existing;
    const v3 = await this.deps.inPlace?.find(glossaryId);
    if (v3) {
      // One dictionary of a multilingual glossary: the one asked for, else the first.
      const base = (c: string | undefined) => (c ?? '').toUpperCase().split('-')[0];
      const fits = (x: { sourceLang: string; targetLang: string }) =>
        x.sourceLang === base(pair?.sourceLang) && (x.targetLang === pair?.targetLang?.toUpperCase() || x.targetLang === base(pair?.targetLang));
      const d = (pair?.sourceLang ? v3.dictionaries?.find(fits) : undefined) ?? v3.dictionaries?.[0];
      if (!d) throw new ApiError('not_found', 'This glossary has no dictionary to edit; add one first.', { serviceCode: 'dictionary_not_found' });
      const tsv = await this.deps.inPlace!.entries(glossaryId, d.sourceLang, d.targetLang);
      return {
        draftId: randomUUID(),
        glossaryId,
        name: v3.name,
        sourceLang: d.sourceLang,
        targetLang: d.targetLang,
        entries: tsvToPairs(tsv),
        connectionId: active,
        updatedAt: this.now().toISOString(),
        pendingSave: null,
      };
    }
    const c = await this.client();
    const [g, tsv] = await Promise.all([c.getGlossary(glossaryId), c.getGlossaryEntries(glossaryId)]);
    const view = glossaryView(g);
    // Not written to disk yet: an untouched glossary needs no draft. The editor writes one at the first edit.
    return {
      draftId: randomUUID(),
      glossaryId,
      name: view.name,
      sourceLang: view.sourceLang,
      targetLang: view.targetLang,
      entries: tsvToPairs(tsv),
      connectionId: active,
      updatedAt: this.now().toISOString(),
      pendingSave: null,
    };
  }

  // ----- Save -----

  async save(input: DraftInput): Promise<SaveOutcome> {
    const running = this.inFlight.get(input.draftId);
    if (running) return running;
    const p = this.saveOnce(input).finally(() => this.inFlight.delete(input.draftId));
    this.inFlight.set(input.draftId, p);
    return p;
  }

  private async saveOnce(input: DraftInput): Promise<SaveOutcome> {
    assertSendable(input);
    const prev = await this.deps.store.getDraft(input.draftId);
    if (prev?.pendingSave) {
      throw new ApiError('conflict', 'An earlier save of this glossary is not finished; finish it first.', { serviceCode: 'glossary_save_pending' });
    }
    const draft: GlossaryDraft = {
      ...withoutMainFields(input),
      connectionId: prev?.connectionId ?? this.deps.activeConnectionId(),
      updatedAt: this.now().toISOString(),
      pendingSave: { phase: 'creating', startedAt: this.now().toISOString() },
      ...(prev?.unconfirmedCreateAt && { unconfirmedCreateAt: prev.unconfirmedCreateAt }),
    };
    if (await this.savesInPlace(draft)) return this.saveInPlace(draft);
    // The journal: on disk before the first byte goes to the service.
    await this.deps.store.putDraft(draft);
    return this.run(draft, false);
  }

  /** A v3 glossary's dictionary (or a new glossary on a v3 connection) is saved in place, never recreated. */
  private async savesInPlace(draft: GlossaryDraft): Promise<boolean> {
    const p = this.deps.inPlace;
    if (!p) return false;
    return draft.glossaryId === null ? p.createsV3() : (await p.find(draft.glossaryId)) !== null;
  }

  /**
   * In place: the draft (every entry) is on disk first, then one PUT replaces the dictionary (idempotent, so Save
   * after a failure of unknown outcome repeats it safely). A new glossary is created with one POST; when such a
   * create went unanswered, the next Save first looks for it (same name, pair and entry count since then).
   */
  private async saveInPlace(draft: GlossaryDraft): Promise<SaveOutcome> {
    const p = this.deps.inPlace!;
    await this.deps.store.putDraft({ ...draft, pendingSave: null });
    let target = draft;
    if (draft.glossaryId === null && draft.unconfirmedCreateAt) {
      const since = Date.parse(draft.unconfirmedCreateAt) - CLOCK_SLACK_MS;
      const count = draft.entries.filter(([s, t]) => s.length > 0 || t.length > 0).length;
      const found = (await p.list())?.find(
        (g) =>
          g.name === draft.name &&
          Date.parse(g.creationTime) >= since &&
          g.dictionaries?.some((d) => d.sourceLang === draft.sourceLang.toUpperCase().split('-')[0] && d.targetLang === draft.targetLang.toUpperCase().split('-')[0] && d.entryCount === count),
      );
      if (found) target = { ...draft, glossaryId: found.glossaryId };
    }
    let saved: GlossaryView;
    try {
      saved = await p.save(target);
    } catch (e) {
      if (target.glossaryId === null && createOutcomeUnknown(e)) {
        await this.deps.store.putDraft({ ...draft, pendingSave: null, unconfirmedCreateAt: draft.unconfirmedCreateAt ?? this.now().toISOString() });
      }
      throw e;
    }
    // Renamed: its versions take the new name first (they count towards the ones kept, and stay listed).
    if (target.glossaryId) await this.followRenameQuietly(target.glossaryId, target.name, target.sourceLang, target.targetLang);
    await this.deps.store.addVersion({
      name: target.name,
      sourceLang: target.sourceLang.toUpperCase(),
      targetLang: target.targetLang.toUpperCase(),
      savedAt: this.now().toISOString(),
      glossaryId: saved.glossaryId,
      entries: target.entries.filter(([s, t]) => s.length > 0 || t.length > 0),
    });
    this.emit('glossaries.changed', { reason: draft.glossaryId ? 'replaced' : 'created' });
    await this.deps.store.deleteDraft(draft.draftId);
    return { status: 'saved', glossary: saved, replacedId: null };
  }

  /** Finishes a save left by a crash (phase `creating` or `deleting`) or a failed delete. */
  async finishSave(draftId: string): Promise<SaveOutcome> {
    const running = this.inFlight.get(draftId);
    if (running) return running;
    const d = await this.draftGet(draftId);
    if (!d.pendingSave) throw new ApiError('conflict', 'This draft has no save to finish; press Save instead.', { serviceCode: 'glossary_nothing_pending' });
    const p = this.run(d, true).finally(() => this.inFlight.delete(draftId));
    this.inFlight.set(draftId, p);
    return p;
  }

  private async run(draft: GlossaryDraft, resuming: boolean): Promise<SaveOutcome> {
    const pending = draft.pendingSave!;
    const c = await this.client();
    let created: GlossaryView | undefined;
    if (pending.phase === 'creating') {
      // An earlier create may have succeeded without Verso hearing it (a crash, or an answer that never came):
      // look for it since the earliest such attempt before creating another.
      const since = draft.unconfirmedCreateAt ?? (resuming ? pending.startedAt : undefined);
      if (since) created = await this.findCreatedBefore(c, draft, since);
      if (!created) {
        const tsv = assertSendable(draft);
        try {
          created = glossaryView(
            await c.createGlossary({ name: draft.name, sourceLang: draft.sourceLang, targetLang: draft.targetLang, entries: tsv, format: 'tsv' }),
          );
        } catch (e) {
          // The draft is an ordinary unsaved draft again, with every entry. A refusal changed nothing on the
          // service; without one the glossary may exist, so the draft remembers when this create was sent.
          await this.deps.store.putDraft({
            ...draft,
            pendingSave: null,
            ...(createOutcomeUnknown(e) && { unconfirmedCreateAt: draft.unconfirmedCreateAt ?? pending.startedAt }),
          });
          throw e;
        }
      }
      const { unconfirmedCreateAt: _settled, ...settled } = draft;
      draft = { ...settled, pendingSave: { ...pending, phase: 'deleting', newGlossaryId: created.glossaryId } };
      await this.deps.store.putDraft(draft);
      this.emit('glossaries.changed', { reason: 'created' });
    } else {
      created = await this.viewOf(c, draft.pendingSave!.newGlossaryId!);
    }

    const oldId = draft.glossaryId;
    if (oldId) {
      await this.keepOldVersion(c, draft, oldId);
      try {
        await c.deleteGlossary(oldId);
      } catch (e) {
        // Someone else deleted it already: the replacement is complete.
        if (!(e instanceof ApiError && e.code === 'not_found')) {
          const err = e instanceof ApiError ? e : new ApiError('internal', String(e));
          await this.deps.store.putDraft({ ...draft, pendingSave: { ...draft.pendingSave!, lastError: err.code } });
          return {
            status: 'deleteFailed',
            glossary: created,
            oldGlossaryId: oldId,
            draftId: draft.draftId,
            errorCode: err.code,
            errorMessage: err.message,
          };
        }
      }
    }

    if (oldId) await this.followRenameQuietly(oldId, draft.name, draft.sourceLang, draft.targetLang);
    await this.deps.store.addVersion({
      name: draft.name,
      sourceLang: draft.sourceLang.toUpperCase(),
      targetLang: draft.targetLang.toUpperCase(),
      savedAt: this.now().toISOString(),
      glossaryId: created.glossaryId,
      entries: draft.entries.filter(([s, t]) => s.length > 0 || t.length > 0),
    });
    if (oldId) {
      for (const follow of this.deps.followIds ?? []) {
        try {
          follow(oldId, created.glossaryId);
        } catch {
          /* a follower that fails must not undo a completed save */
        }
      }
      this.emit('glossaries.replaced', { oldId, newId: created.glossaryId });
    }
    this.emit('glossaries.changed', { reason: oldId ? 'replaced' : 'created' });
    await this.deps.store.deleteDraft(draft.draftId);
    return { status: 'saved', glossary: created, replacedId: oldId };
  }

  /** The glossary an unanswered create (a crash, a timeout) may have made: same name, pair and entries, created since `sinceIso`. */
  private async findCreatedBefore(c: GlossaryApi, d: GlossaryDraft, sinceIso: string): Promise<GlossaryView | undefined> {
    const since = Date.parse(sinceIso) - CLOCK_SLACK_MS;
    const count = d.entries.filter(([s, t]) => s.length > 0 || t.length > 0).length;
    const candidates = (await c.listGlossaries())
      .map(glossaryView)
      .filter(
        (g) =>
          g.glossaryId !== d.glossaryId &&
          g.name === d.name &&
          g.sourceLang === d.sourceLang.toUpperCase().split('-')[0] &&
          g.targetLang === d.targetLang.toUpperCase().split('-')[0] &&
          g.entryCount === count &&
          Date.parse(g.creationTime) >= since,
      );
    for (const g of candidates) {
      // Same entries too, so an unrelated glossary of the same name is never mistaken for ours.
      if (toTsv(asRows(tsvToPairs(await c.getGlossaryEntries(g.glossaryId)))) === toTsv(asRows(d.entries))) return g;
    }
    return undefined;
  }

  private async viewOf(c: GlossaryApi, id: string): Promise<GlossaryView> {
    return glossaryView(await c.getGlossary(id));
  }

  /** The versions of `glossaryId` take its new name (best effort: a failure here must not fail a completed save). */
  private async followRenameQuietly(glossaryId: string, name: string, sourceLang: string, targetLang: string): Promise<void> {
    try {
      await this.deps.store.followRename(glossaryId, name, sourceLang, targetLang);
    } catch {
      /* the versions stay under the old name, still found by the glossary's id */
    }
  }

  /** Before the old glossary goes, its entries are kept as a local version (once; best effort). */
  private async keepOldVersion(c: GlossaryApi, d: GlossaryDraft, oldId: string): Promise<void> {
    // By its id too: renamed in this save, its versions are under the old name.
    const versions = await this.deps.store.versions(d.name, d.sourceLang, d.targetLang, oldId);
    if (versions.some((v) => v.glossaryId === oldId)) return;
    try {
      const [g, tsv] = await Promise.all([c.getGlossary(oldId), c.getGlossaryEntries(oldId)]);
      await this.deps.store.addVersion({
        name: g.name,
        sourceLang: d.sourceLang.toUpperCase(),
        targetLang: d.targetLang.toUpperCase(),
        savedAt: g.creation_time,
        glossaryId: oldId,
        entries: tsvToPairs(tsv),
      });
    } catch {
      /* the old glossary may be gone already; the save goes on */
    }
  }

  // ----- Duplicate -----

  async duplicate(glossaryId: string, name: string, reverse: boolean): Promise<{ status: 'created'; glossary: GlossaryView } | { status: 'draft'; draftId: string }> {
    const c = await this.client();
    const [g, tsv] = await Promise.all([c.getGlossary(glossaryId), c.getGlossaryEntries(glossaryId)]);
    const view = glossaryView(g);
    const pairs = tsvToPairs(tsv);
    const draft: DraftInput = {
      draftId: randomUUID(),
      glossaryId: null,
      name,
      sourceLang: reverse ? view.targetLang : view.sourceLang,
      targetLang: reverse ? view.sourceLang : view.targetLang,
      entries: reverse ? pairs.map(([s, t]) => [t, s] as EntryPair) : pairs,
    };
    try {
      assertSendable(draft);
    } catch (e) {
      if (!(e instanceof ApiError) || e.code === 'internal') throw e;
      // A reversed glossary often has duplicate sources (two terms with one translation): the user decides.
      await this.draftPut(draft);
      return { status: 'draft', draftId: draft.draftId };
    }
    const out = await this.save(draft);
    if (out.status !== 'saved') throw new ApiError('internal', 'A new glossary has no old one to delete.');
    return { status: 'created', glossary: out.glossary };
  }

  // ----- Versions -----

  versions(name: string, sourceLang: string, targetLang: string, glossaryId?: string | null): Promise<VersionSummary[]> {
    return this.deps.store.versions(name, sourceLang, targetLang, glossaryId);
  }

  async versionEntries(versionId: string): Promise<EntryPair[]> {
    const e = await this.deps.store.versionEntries(versionId);
    if (!e) throw new ApiError('not_found', 'That version is no longer kept on this computer.');
    return e;
  }

  // ----- Files -----

  async importFile(fileName: string, dataBase64: string, options: ImportOptions = {}, pair?: { sourceLang: string; targetLang: string }): Promise<ImportResult> {
    const { importGlossaryFile } = await import('./glossary-files.js');
    return importGlossaryFile(fileName, Buffer.from(dataBase64, 'base64'), { ...options, ...(pair && !options.sourceLang && { sourceLang: pair.sourceLang, targetLang: pair.targetLang }) });
  }

  async exportFile(o: { name: string; sourceLang: string; targetLang: string; format: ExportFormat; entries: EntryPair[] }): Promise<{ path: string } | null> {
    if (!this.deps.saveFile) throw new ApiError('not_implemented', 'Exporting files is not available here.');
    const { exportGlossaryFile } = await import('./glossary-files.js');
    const content = await exportGlossaryFile(o.format, o.entries.filter(([s, t]) => s.length > 0 || t.length > 0), o.sourceLang, o.targetLang, o.name);
    const safe = o.name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').replace(/^\.+/, '_').slice(0, 150) || 'glossary';
    const path = await this.deps.saveFile(`${safe}.${o.format}`, content);
    return path === null ? null : { path };
  }
}

/** Rewrites the Translate draft's chosen glossaries from `oldId` to `newId` (a settings follower). */
export function followInTranslateDraft(
  get: () => { translateDraft: { options: Record<string, unknown> } | null },
  update: (patch: { translateDraft: { options: Record<string, unknown> } & Record<string, unknown> }) => void,
): (oldId: string, newId: string) => void {
  return (oldId, newId) => {
    const draft = get().translateDraft;
    if (!draft) return;
    let changed = false;
    const options: Record<string, unknown> = { ...draft.options };
    for (const [k, v] of Object.entries(options)) {
      if (v === oldId) {
        options[k] = newId;
        changed = true;
      } else if (Array.isArray(v) && v.includes(oldId)) {
        options[k] = v.map((x) => (x === oldId ? newId : x));
        changed = true;
      }
    }
    if (changed) update({ translateDraft: { ...draft, options } });
  };
}

/** Builds the service from the composition root's parts (one line in `compose.ts`). */
export function createGlossariesService(o: {
  connections: ConnectionsService;
  events: EventBus;
  settings: SettingsService;
  saveDialog: SaveDialog;
  userDataDir: string;
  inPlace?: InPlaceGlossaries;
}): GlossariesService {
  return new GlossariesService({
    client: () => o.connections.clientFor(),
    activeConnectionId: () => o.connections.list().activeId,
    store: new GlossaryStore(join(o.userDataDir, 'glossaries')),
    emit: (name, payload) => o.events.emit(name, payload as never),
    followIds: [
      followInTranslateDraft(
        () => o.settings.get(),
        (patch) => o.settings.update(patch as SettingsPatch),
      ),
    ],
    saveFile: (name, content) => o.saveDialog.saveText(name, content),
    ...(o.inPlace && { inPlace: o.inPlace }),
  });
}
