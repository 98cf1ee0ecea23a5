/**
 * Glossary storage on disk (main process, plain Node): the editor's drafts (which double as the save journal)
 * and the local versions kept at each save, under `<user-data>/glossaries/`. Every write is atomic (temp file,
 * fsync, rename, then fsync of the folder), so a crash leaves the old file or the new one, never half of one.
 *
 * Written by hand over `node:fs/promises` rather than through the `FileSystem` port: the port has no list or
 * delete, and these files belong to this domain only.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { GlossaryDraft, VersionSummary, type EntryPair } from '../../../shared/ipc/contract-glossaries.js';
import { writeFileAtomic } from './durable-files.js';

/** How many versions are kept per glossary (name and pair; a rename carries them over, `followRename`). */
export const VERSIONS_KEPT = 10;

const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;

function checkId(id: string): string {
  // Ids become file names: refuse anything that could leave the folder.
  if (!SAFE_ID.test(id)) throw new Error(`not a storage id: ${JSON.stringify(id).slice(0, 40)}`);
  return id;
}

/** Atomic write into a folder that may not exist yet (the first draft or version creates it). */
async function writeAtomic(dir: string, name: string, content: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFileAtomic(dir, name, content);
}

/** The file names in `dir`; none while it does not exist yet. */
async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return [];
    throw e;
  }
}

const samePair = (v: VersionSummary, sourceLang: string, targetLang: string): boolean =>
  v.sourceLang.toUpperCase() === sourceLang.toUpperCase() && v.targetLang.toUpperCase() === targetLang.toUpperCase();

type NewVersion = Omit<VersionSummary, 'versionId' | 'entryCount'> & { entries: EntryPair[] };

export class GlossaryStore {
  readonly draftsDir: string;
  readonly versionsDir: string;

  constructor(root: string) {
    this.draftsDir = join(root, 'drafts');
    this.versionsDir = join(root, 'versions');
  }

  async putDraft(d: GlossaryDraft): Promise<void> {
    await writeAtomic(this.draftsDir, `${checkId(d.draftId)}.json`, JSON.stringify(d));
  }

  async getDraft(draftId: string): Promise<GlossaryDraft | null> {
    let text: string;
    try {
      text = await readFile(join(this.draftsDir, `${checkId(draftId)}.json`), 'utf8');
    } catch (e) {
      if ((e as { code?: string }).code === 'ENOENT') return null;
      throw e;
    }
    const parsed = GlossaryDraft.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  }

  async deleteDraft(draftId: string): Promise<boolean> {
    const p = join(this.draftsDir, `${checkId(draftId)}.json`);
    try {
      await rm(p);
      return true;
    } catch (e) {
      if ((e as { code?: string }).code === 'ENOENT') return false;
      throw e;
    }
  }

  async listDrafts(): Promise<GlossaryDraft[]> {
    const names = await namesIn(this.draftsDir);
    const out: GlossaryDraft[] = [];
    for (const n of names) {
      if (!n.endsWith('.json') || n.startsWith('.')) continue;
      const d = await this.getDraft(n.slice(0, -5)).catch(() => null);
      if (d) out.push(d);
    }
    return out.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }

  /** Keeps `entries` as a version of (name, pair); drops the oldest beyond VERSIONS_KEPT. */
  async addVersion(v: NewVersion): Promise<VersionSummary> {
    const versionId = `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
    const { entries, ...rest } = v;
    const summary: VersionSummary = { ...rest, versionId, entryCount: entries.length };
    // Entries first, then the summary that makes the version visible: a crash between leaves no listed version
    // without its entries.
    await writeAtomic(this.versionsDir, `${versionId}.entries.json`, JSON.stringify(entries));
    await writeAtomic(this.versionsDir, `${versionId}.json`, JSON.stringify(summary));
    const same = await this.versions(v.name, v.sourceLang, v.targetLang);
    for (const old of same.slice(VERSIONS_KEPT)) {
      await rm(join(this.versionsDir, `${old.versionId}.json`), { force: true });
      await rm(join(this.versionsDir, `${old.versionId}.entries.json`), { force: true });
    }
    return summary;
  }

  /**
   * Versions of (name, pair), newest first. With `glossaryId`, also those of the names that glossary was saved
   * under (its versions follow it across a rename not saved yet, and versions kept before this rule, under the
   * old name, stay listed).
   */
  async versions(name: string, sourceLang: string, targetLang: string, glossaryId?: string | null): Promise<VersionSummary[]> {
    const all = (await this.allVersions()).filter((v) => samePair(v, sourceLang, targetLang));
    const names = new Set([name]);
    if (glossaryId) for (const v of all) if (v.glossaryId === glossaryId) names.add(v.name);
    return all.filter((v) => names.has(v.name));
  }

  /**
   * Versions follow a glossary across a rename: the versions of the names `glossaryId` was kept under (of the
   * pair) take its new `name`, so the Versions of the renamed glossary list them (seen on a Russian tour: after a
   * rename, Versions said there were none while the files were still there). Each summary is rewritten
   * atomically; the entries files are untouched.
   */
  async followRename(glossaryId: string, name: string, sourceLang: string, targetLang: string): Promise<number> {
    const all = (await this.allVersions()).filter((v) => samePair(v, sourceLang, targetLang));
    const old = new Set(all.filter((v) => v.glossaryId === glossaryId && v.name !== name).map((v) => v.name));
    let moved = 0;
    for (const v of all) {
      if (!old.has(v.name)) continue;
      await writeAtomic(this.versionsDir, `${checkId(v.versionId)}.json`, JSON.stringify({ ...v, name }));
      moved++;
    }
    return moved;
  }

  private async allVersions(): Promise<VersionSummary[]> {
    const names = await namesIn(this.versionsDir);
    const out: VersionSummary[] = [];
    for (const n of names) {
      if (!n.endsWith('.json') || n.endsWith('.entries.json') || n.startsWith('.')) continue;
      try {
        const ok = VersionSummary.safeParse(JSON.parse(await readFile(join(this.versionsDir, n), 'utf8')));
        if (ok.success) out.push(ok.data);
      } catch {
        /* a damaged version file is skipped, not fatal */
      }
    }
    return out.sort((a, b) => b.savedAt.localeCompare(a.savedAt) || b.versionId.localeCompare(a.versionId));
  }

  async versionEntries(versionId: string): Promise<EntryPair[] | null> {
    try {
      return JSON.parse(await readFile(join(this.versionsDir, `${checkId(versionId)}.entries.json`), 'utf8')) as EntryPair[];
    } catch (e) {
      if ((e as { code?: string }).code === 'ENOENT') return null;
      throw e;
    }
  }
}
