// @vitest-environment happy-dom
/**
 * The Documents screen as a Dutch tour met it at 900×700 (component tests against a fake VersoApi): a refused file's
 * problem (password-protected, damaged) was squeezed into the narrow Check column, about 15 lines for one row; it now
 * spans the row under the file, and the Check cell says "Not ready" (screen readers still read the problem there).
 * The local engine's "not billed" wrapped onto two lines in every row; it keeps to one. A row whose source was left to
 * detection read "Detect → Spanish" (a verb, the picker's setting) even once saved; it reads as a language position.
 * The Dutch password hint named Word's menu as Dutch Word does not.
 */
// The test reads the style sheet and the catalogs it checks (happy-dom applies no CSS).
// eslint-disable-next-line no-restricted-imports
import { readFileSync, readdirSync } from 'node:fs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../shared/i18n/en/index.js';
import nl from '../../../shared/i18n/nl/index.js';
import { compileCatalog } from '../../../shared/i18n/compile.js';
import type { DocumentJobView, FileCheck } from '../../../shared/ipc/contract-documents.js';
import { installTestI18n } from '../../i18n/index.js';
import { renderApp, settings } from '../../test-utils/scenario.js';
import { EMPTY_DOCUMENTS, fileCheck, onDocumentsScreen, STAGING_BRIDGE } from './documents-test-kit.js';

onDocumentsScreen(STAGING_BRIDGE);
/** This folder on disk (happy-dom's URL class does not take file URLs). */
const here = decodeURIComponent(import.meta.url.replace(/^file:\/\//, '')).replace(/[^/]*$/, '');
afterEach(() => installTestI18n('en', compileCatalog(en)));

/** A file as main checks it, billed as the hosted service would (a 50,000-character minimum). */
const check = (name: string, patch: Partial<FileCheck> = {}): FileCheck =>
  fileCheck(name, { estimatedCharacters: 50_000, minimumBilled: true, exact: false, ...patch });

const BATCH = [
  check('report.docx'),
  check('locked.docx', { ok: false, problem: 'password_protected', looksLike: 'ole' }),
  check('cut.docx', { ok: false, problem: 'incomplete', looksLike: 'zip' }),
];

/** The local engine (the scenario's default connection) with an empty queue; its check finds `files`. */
const withBatch = (files: FileCheck[]) => ({
  'documents.list': () => EMPTY_DOCUMENTS,
  'documents.prefs': () => ({ defaultOutputDir: '/home/u/Documents/Verso translations', concurrency: 2, maxFileMb: 100, keysPersist: true }),
  'documents.inspect': () => ({ skipped: 0, files }),
});

async function addBatch(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(await screen.findByTestId('documents-file-input', {}, { timeout: 15_000 }), BATCH.map((x) => new File(['x'], x.name)));
  return screen.findByRole('table');
}

/** What a cell shows on screen: its text without what only screen readers get. */
function shown(el: Element): string {
  const copy = el.cloneNode(true) as Element;
  copy.querySelectorAll('.visually-hidden').forEach((x) => x.remove());
  return copy.textContent ?? '';
}

describe('a refused file at 900×700', () => {
  it("shows its problem across the whole row under the file, not in the narrow Check column", async () => {
    const user = userEvent.setup();
    renderApp(withBatch(BATCH));
    const table = await addBatch(user);
    const columns = within(table).getAllByRole('columnheader').length;
    for (const [name, problem] of [
      ['locked.docx', /^Password-protected: save a copy without the password/],
      ['cut.docx', /^Incomplete or damaged: the end of the file is missing/],
    ] as const) {
      const row = within(table).getByRole('row', { name: new RegExp(name.replace('.', '\\.')) });
      const checkCell = within(row).getAllByRole('cell')[2]!;
      // On screen the Check cell says only that the file is not ready; the problem is on the line under it.
      expect(shown(checkCell)).toBe('Not ready');
      const line = [...table.querySelectorAll('td')].find((td) => problem.test(shown(td)))!;
      expect(line).toBeTruthy();
      expect(line.colSpan).toBe(columns);
      expect(line.closest('tr')!.previousElementSibling).toBe(row);
      // Read once by a screen reader, in the row's Check cell, as before.
      expect(line.closest('tr')!.getAttribute('aria-hidden')).toBe('true');
      expect(row.textContent).toMatch(problem.source.slice(1));
    }
    // A file without a problem has no such line.
    const ok = within(table).getByRole('row', { name: /report\.docx/ });
    expect(shown(within(ok).getAllByRole('cell')[2]!)).toBe('Ready');
    expect(ok.nextElementSibling?.querySelector('td[colspan]') ?? null).toBeNull();
  });

  it('keeps the local engine\'s "not billed" on one line in every row', async () => {
    const user = userEvent.setup();
    renderApp(withBatch(BATCH));
    const table = await addBatch(user);
    const cost = within(within(table).getByRole('row', { name: /report\.docx/ })).getAllByRole('cell')[3]!;
    expect(cost.textContent).toBe('not billed');
    expect(cost.classList.contains('doc-check-nowrap')).toBe(true);
    const css = readFileSync(`${here}documents.css`, 'utf8');
    expect(css).toMatch(/\.doc-check-nowrap\s*\{[^}]*white-space:\s*nowrap/);
  });
});

const saved = (patch: Partial<DocumentJobView>): DocumentJobView => ({
  jobId: 'j1',
  batchId: 'b1',
  fileName: 'report.docx',
  sourcePath: '/staged/report.docx',
  sizeBytes: 1000,
  sourceLang: null,
  targetLang: 'ES',
  outputFormat: null,
  state: 'saved',
  estimatedCharacters: 1000,
  uploaded: true,
  uploads: 1,
  local: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  connectionId: 'c-local',
  ...patch,
});

const withJobs = (...jobs: DocumentJobView[]) => ({
  'documents.list': () => ({ jobs, summary: { ...EMPTY_DOCUMENTS.summary, saved: jobs.length } }),
});

async function langsOf(name: RegExp): Promise<string> {
  const row = await screen.findByRole('listitem', { name }, { timeout: 15_000 });
  return row.querySelector('.doc-row-langs')!.textContent!;
}

describe('the batch at 900×700, more from the Dutch tour', () => {
  it("writes the local engine's note on images on the line under the file, the Check cell saying Ready", async () => {
    const user = userEvent.setup();
    renderApp(withBatch([check('slides.pptx', { image: true }), check('notes.docx')]));
    await user.upload(await screen.findByTestId('documents-file-input', {}, { timeout: 15_000 }), [new File(['x'], 'slides.pptx')]);
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /slides\.pptx/ });
    const checkCell = within(row).getAllByRole('cell')[2]!;
    expect(shown(checkCell).trim()).toBe('Ready');
    // Screen readers hear the note in the Check cell; the eyes read it across the table, under the file.
    expect(checkCell.textContent).toContain('the local engine does not translate them');
    const under = row.nextElementSibling!;
    expect(under.className).toBe('doc-check-note');
    expect(under.querySelector('td')!.colSpan).toBe(within(table).getAllByRole('columnheader').length);
    expect(under.textContent).toMatch(/^Images are beta; the local engine does not translate them/);
  });

  it('keeps the heading "N files to translate" in view when the table takes the focus', async () => {
    const user = userEvent.setup();
    const scrolled: string[] = [];
    const into = HTMLElement.prototype.scrollIntoView;
    const rect = HTMLElement.prototype.getBoundingClientRect;
    HTMLElement.prototype.scrollIntoView = function (this: HTMLElement) {
      scrolled.push(this.id || this.tagName);
    };
    // The heading above the top of the view, as focusing the table left it at 900×700.
    HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
      return (this.id === 'doc-batch-title' ? { top: -40, bottom: -10 } : { top: 0, bottom: 0 }) as DOMRect;
    };
    try {
      renderApp(withBatch(BATCH));
      const table = await addBatch(user);
      await waitFor(() => expect(document.activeElement).toBe(table));
      expect(scrolled).toContain('doc-batch-title');
    } finally {
      HTMLElement.prototype.scrollIntoView = into;
      HTMLElement.prototype.getBoundingClientRect = rect;
    }
  });
});

describe('a row whose source language was left to detection', () => {
  it('names the source as the detected language, not the picker\'s verb', async () => {
    renderApp(withJobs(saved({ jobId: 'j1', fileName: 'a.docx' }), saved({ jobId: 'j2', fileName: 'b.docx', sourceLang: 'EN' })));
    expect(await langsOf(/^a\.docx/)).toBe('Detected language → Spanish');
    // A source chosen by the user is named as such.
    expect(await langsOf(/^b\.docx/)).toBe('English → Spanish');
  });

  it('in the Dutch UI, reads "Gedetecteerde taal → Spaans", not "Detecteren → Spaans"', async () => {
    installTestI18n('nl', compileCatalog(en), compileCatalog(nl));
    renderApp({ ...withJobs(saved({})), 'settings.get': () => settings({ uiLanguage: 'nl' }) });
    const langs = await langsOf(/^report\.docx/);
    expect(langs).toBe('Gedetecteerde taal → Spaans');
    expect(langs).not.toContain(nl['documents.detect']);
  });

  it("keeps the picker's own Detect option for the batch's source", async () => {
    const user = userEvent.setup();
    renderApp(withBatch([check('report.docx')]));
    await addBatch(user);
    const source = screen.getByRole('combobox', { name: 'Source language' });
    expect(within(source).getByRole('option', { name: 'Detect' })).toBeTruthy();
  });
});

describe('the catalogs', () => {
  const dir = `${here}../../../shared/i18n/`;
  const locales = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  const documents = (l: string) => JSON.parse(readFileSync(`${dir}${l}/documents.json`, 'utf8')) as Record<string, string>;

  it('name the detected source in every UI language, apart from the picker\'s Detect', () => {
    expect(locales).toHaveLength(14);
    for (const l of locales) {
      const c = documents(l);
      expect(c['documents.sourceDetected'], l).toBeTruthy();
      expect(c['documents.sourceDetected'], l).not.toBe(c['documents.detect']);
      if (l !== 'en') expect(c['documents.sourceDetected'], l).not.toBe(documents('en')['documents.sourceDetected']);
    }
  });

  it("give Dutch Word's own menu path for removing a password", () => {
    expect(documents('nl')['documents.problem.password_protected']).toContain('Bestand → Info → Document beveiligen → Versleutelen met wachtwoord');
  });
});
