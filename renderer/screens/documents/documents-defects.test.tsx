// @vitest-environment happy-dom
/**
 * Documents rows for failures that the same request would meet again (component tests against a fake VersoApi; seen
 * on Spanish and Korean tours): a document already in its target's language offers another target on its row (not a
 * Retry with the same target); a defect of the file (damaged part, text not saved as UTF-8) says what to do with the
 * file in the UI language and offers no Retry (Remove stays); and the batch's estimate with no target ticked says to tick one instead of
 * "50,000 characters (1 file × 0 languages)".
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DocumentJobView, DocumentsList } from '../../../shared/ipc/contract-documents.js';
import { renderApp, SOURCES, TARGETS } from '../../test-utils/scenario.js';
import { hostedDocumentsHandlers, onDocumentsScreen, STAGING_BRIDGE } from './documents-test-kit.js';

onDocumentsScreen(STAGING_BRIDGE);

const EMPTY_SUMMARY = { saved: 0, active: 0, failed: 0, cancelled: 0, billedCharacters: 0 };

function job(patch: Partial<DocumentJobView>): DocumentJobView {
  return {
    jobId: 'j1',
    batchId: 'b1',
    fileName: 'report.docx',
    sourcePath: '/staged/report.docx',
    sizeBytes: 1000,
    sourceLang: null,
    targetLang: 'EN-US',
    outputFormat: null,
    state: 'error',
    estimatedCharacters: 50_000,
    uploaded: true,
    uploads: 1,
    local: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    connectionId: 'c-local',
    ...patch,
  };
}

const list = (...jobs: DocumentJobView[]): DocumentsList => ({ jobs, summary: { ...EMPTY_SUMMARY, failed: jobs.length } });
const base = (jobs: DocumentJobView[]) => ({
  'documents.list': () => list(...jobs),
  'documents.prefs': () => ({ defaultOutputDir: '/home/u/Documents/Verso translations', concurrency: 2, maxFileMb: 100, keysPersist: true }),
  'localService.languages': () => ({ source: SOURCES, target: TARGETS, pseudo: false }),
});
const row = (name: RegExp) => screen.findByRole('listitem', { name }, { timeout: 15_000 });

describe('a document already in its target language', () => {
  it('says so in the UI language and offers another target instead of Retry', async () => {
    const user = userEvent.setup();
    const failed = job({ error: { code: 'same_language', detail: 'Source and target language are equal (EN detected, target EN-US)' } });
    const fake = renderApp({ ...base([failed]), 'documents.retry': () => job({ state: 'waiting', targetLang: 'DE' }) } as never);
    const r = await row(/report\.docx/);
    expect(within(r).getByText('Already in the target language')).toBeTruthy();
    expect(within(r).getByText(/This document is already in American English\. Choose another language/)).toBeTruthy();
    expect(within(r).queryByRole('button', { name: 'Retry' })).toBeNull();
    const select = await within(r).findByRole('combobox', { name: 'Translate \u2068report.docx\u2069 into' });
    const offered = within(select).getAllByRole('option').map((o) => (o as HTMLOptionElement).value);
    // Not English again, in either variant.
    expect(offered).not.toContain('EN-US');
    expect(offered).not.toContain('EN-GB');
    expect(offered).toContain('DE');
    await user.selectOptions(select, 'DE');
    await user.click(within(r).getByRole('button', { name: 'Translate into this language' }));
    await waitFor(() => expect(fake.callsOf('documents.retry')).toEqual([{ jobId: 'j1', targetLang: 'DE' }]));
  });
});

describe('a defect of the file itself', () => {
  for (const [code, state, hint] of [
    ['file_damaged', 'The file is damaged', /Part of this file cannot be read.*Open it in its program, save it again/],
    ['file_encoding', 'Not saved as UTF-8', /not saved as UTF-8.*save it as UTF-8, then add the new file/],
  ] as const) {
    it(`${code}: says what to do with the file, offers no Retry, keeps Remove`, async () => {
      renderApp(base([job({ fileName: 'book.xlsx', targetLang: 'DE', error: { code, detail: 'xl/worksheets/sheet1.xml is damaged' } })]) as never);
      const r = await row(/book\.xlsx/);
      expect(within(r).getByText(state)).toBeTruthy();
      expect(within(r).getByText(hint)).toBeTruthy();
      expect(within(r).queryByText(/Retry uploads the document again/)).toBeNull();
      expect(within(r).queryByRole('button', { name: 'Retry' })).toBeNull();
      expect(within(r).getByRole('button', { name: 'Remove from list' })).toBeTruthy();
    });
  }
});

describe('the estimate with no target ticked', () => {
  it('says to tick a language instead of counting "× 0 languages"', async () => {
    const user = userEvent.setup();
    renderApp(hostedDocumentsHandlers() as never);
    await user.upload(await screen.findByTestId('documents-file-input', {}, { timeout: 15_000 }), [new File(['hello world!'], 'notes.txt')]);
    await screen.findByRole('table');
    const total = document.querySelector('.doc-total')!;
    await waitFor(() => expect(total.textContent).toMatch(/Tick at least one language/));
    expect(total.textContent).not.toMatch(/0 languages/);
    expect(screen.getAllByText(/Tick at least one language/)).toHaveLength(1);
  });
});
