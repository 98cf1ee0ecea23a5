// @vitest-environment happy-dom
/**
 * Component tests of the Documents screen in the Arabic UI (right to left), as an Arabic tour met it: a row's pair
 * reads the UI's way (the arrow points left, as every other pair in the app), and paths keep their left-to-right
 * order — the output-folder field and the saved file's path box are left to right, and the folder named in the
 * "files without a folder" sentence is isolated (it was shown `work/…/Verso translations/`, its slash moved). A file's
 * extension is one isolated value with its dot (the catalogs wrote `.{ext}`: in Arabic the dot landed after "xls"),
 * and a file's name inside a sentence (the language to choose for it, its progress) is isolated.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ar from '../../../shared/i18n/ar/index.js';
import en from '../../../shared/i18n/en/index.js';
import { compileCatalog } from '../../../shared/i18n/compile.js';
import type { DocumentJobView } from '../../../shared/ipc/contract-documents.js';
import { installTestI18n } from '../../i18n/index.js';
import { HOSTED_CONNECTION, renderApp, settings } from '../../test-utils/scenario.js';
import {
  EMPTY_DOCUMENTS,
  hostedDocumentsHandlers,
  onDocumentsScreen,
  STAGING_BRIDGE,
} from './documents-test-kit.js';

onDocumentsScreen(STAGING_BRIDGE);
beforeEach(() => installTestI18n('ar', compileCatalog(en), compileCatalog(ar)));
afterEach(() => installTestI18n('en', compileCatalog(en)));

const FOLDER = '/home/u/Documents/Verso translations';

const saved: DocumentJobView = {
  jobId: 'j1',
  batchId: 'b1',
  fileName: 'report.docx',
  sourcePath: '/staged/report.docx',
  sizeBytes: 1000,
  sourceLang: null,
  targetLang: 'FR',
  outputFormat: null,
  state: 'saved',
  estimatedCharacters: 1000,
  billedCharacters: 1000,
  uploaded: true,
  uploads: 1,
  outputPath: `${FOLDER}/report.FR.docx`,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  connectionId: HOSTED_CONNECTION.id,
};

/** Arabic chosen in Settings (the app applies the choice on start). */
const arabic = { 'settings.get': () => settings({ uiLanguage: 'ar' }) };

/** The hosted account in the web harness (no file manager), with one saved job. */
const withSavedJob = () =>
  hostedDocumentsHandlers({
    ...arabic,
    'documents.list': () => ({
      jobs: [saved],
      summary: { ...EMPTY_DOCUMENTS.summary, saved: 1, billedCharacters: 1000 },
    }),
    'app.info': () => ({ name: 'Verso', version: '1', platform: 'linux', shell: 'web', runtimeVersion: '1' }),
  });

describe('Documents in the Arabic UI', () => {
  it("writes a row's pair the UI's way: the arrow points left, from the detected source to the target", async () => {
    renderApp(withSavedJob());
    const langs = await waitFor(() => {
      const el = document.querySelector('.doc-row-langs');
      expect(el).toBeTruthy();
      return el!;
    });
    const [source, target] = langs.textContent!.split(' ← ');
    expect(source).toBe(ar['documents.sourceDetected']);
    expect(target).toMatch(/\p{Script=Arabic}/u);
    expect(langs.textContent).not.toContain('→');
  });

  it("shows the saved file's path left to right in the web harness's path box", async () => {
    const user = userEvent.setup();
    renderApp(withSavedJob());
    await user.click(await screen.findByRole('button', { name: ar['documents.action.open'] }));
    const box = (await screen.findByLabelText(ar['documents.where.path'])) as HTMLInputElement;
    expect(box.value).toBe(`${FOLDER}/report.FR.docx`);
    expect(box.getAttribute('dir')).toBe('ltr');
  });

  it('keeps the output folder left to right: the field, and the default folder isolated in its sentence', async () => {
    const user = userEvent.setup();
    renderApp(hostedDocumentsHandlers(arabic));
    await user.upload(await screen.findByTestId('documents-file-input'), [
      new File(['hello world!'], 'notes.txt'),
    ]);
    await screen.findByRole('table');
    const field = screen.getByLabelText(ar['documents.outputDir']);
    expect(field.getAttribute('dir')).toBe('ltr');
    // The sentence is Arabic; the folder inside it keeps its own order (its leading slash stays at its start).
    const note = await waitFor(() => {
      const el = field.parentElement!.querySelector('.doc-note');
      expect(el).toBeTruthy();
      return el!;
    });
    expect(note.textContent).toContain(`\u2068${FOLDER}\u2069`);
  });

  it("writes a file's extension with its dot as one isolated value, so the dot stays before it", async () => {
    const user = userEvent.setup();
    const bad = {
      sizeBytes: 2048,
      ok: false,
      estimatedCharacters: 0,
      minimumBilled: false,
      exact: false,
      image: false,
    };
    renderApp(
      hostedDocumentsHandlers({
        ...arabic,
        'documents.inspect': () => ({
          skipped: 0,
          files: [
            {
              ...bad,
              path: '/staged/budget.xls',
              name: 'budget.xls',
              extension: 'xls',
              problem: 'unsupported_extension',
            },
            {
              ...bad,
              path: '/staged/fake.docx',
              name: 'fake.docx',
              extension: 'docx',
              problem: 'content_mismatch',
              looksLike: 'text',
            },
          ],
        }),
      }),
    );
    await user.upload(await screen.findByTestId('documents-file-input'), [
      new File(['x'], 'budget.xls'),
      new File(['x'], 'fake.docx'),
    ]);
    const table = await screen.findByRole('table');
    const xls = within(table).getByRole('row', { name: /budget\.xls/ }).textContent!;
    expect(xls).toContain('(\u2068.xls\u2069)');
    const docx = within(table).getByRole('row', { name: /fake\.docx/ }).textContent!;
    // Both mentions of the extension (what it is named, what to save it as).
    expect(docx.split('\u2068.docx\u2069')).toHaveLength(3);
    // No dot left outside the value, where the right-to-left sentence moved it.
    expect(xls + docx).not.toMatch(/\.\u2068|\.\{/);
  });

  it("isolates a file's name inside sentences: the language to choose for it, and its progress", async () => {
    const name = 'report (final).docx';
    const running: DocumentJobView = {
      ...saved,
      jobId: 'j2',
      fileName: name,
      state: 'translating',
      outputPath: undefined,
    };
    const failed: DocumentJobView = {
      ...saved,
      jobId: 'j3',
      fileName: name,
      state: 'error',
      outputPath: undefined,
      error: { code: 'source_needed' },
    };
    renderApp(
      hostedDocumentsHandlers({
        ...arabic,
        'documents.list': () => ({
          jobs: [running, failed],
          summary: { ...EMPTY_DOCUMENTS.summary, active: 1, failed: 1 },
        }),
      }),
    );
    const isolated = `\u2068${name}\u2069`;
    expect(
      await screen.findByRole('combobox', {
        name: ar['documents.sourceRetry.label'].replace('{name}', isolated),
      }),
    ).toBeTruthy();
    const progress = document.querySelector('progress')!;
    expect(progress.getAttribute('aria-label')).toBe(ar['documents.progress'].replace('{name}', isolated));
  });
});
