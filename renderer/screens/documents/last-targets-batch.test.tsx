// @vitest-environment happy-dom
/**
 * A new batch after a restart (the batch store is empty) opens with the languages of the last batch sent on the same
 * connection ticked, and a note says so; with no such batch nothing is ticked and the screen says to tick one. A
 * language the connection no longer offers is not ticked.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DocumentJobView } from '../../../shared/ipc/contract-documents.js';
import { HOSTED_CONNECTION, renderApp } from '../../test-utils/scenario.js';
import { EMPTY_DOCUMENTS, hostedDocumentsHandlers, onDocumentsScreen, STAGING_BRIDGE } from './documents-test-kit.js';

onDocumentsScreen(STAGING_BRIDGE);

const saved = (batchId: string, targetLang: string, createdAt: string, connectionId = HOSTED_CONNECTION.id): DocumentJobView => ({
  jobId: `${batchId}-${targetLang}`,
  batchId,
  fileName: 'report.docx',
  sourcePath: '/staged/report.docx',
  sizeBytes: 1000,
  sourceLang: 'EN',
  targetLang,
  outputFormat: null,
  state: 'saved',
  estimatedCharacters: 1000,
  billedCharacters: 1000,
  uploaded: true,
  uploads: 1,
  createdAt,
  updatedAt: createdAt,
  connectionId,
  outputPath: `/x/report.${targetLang}.docx`,
});

const withHistory = (jobs: DocumentJobView[]) =>
  hostedDocumentsHandlers({ 'documents.list': () => ({ jobs, summary: { ...EMPTY_DOCUMENTS.summary, saved: jobs.length } }) });

async function addNotes(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.upload(await screen.findByTestId('documents-file-input'), [new File(['hello world!'], 'notes.txt')]);
  await screen.findByRole('table');
}

const checkbox = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name, exact: true } as never);

describe('a new batch after a restart', () => {
  it("ticks the last batch's languages on this connection and says so; the note goes once the ticks change", async () => {
    const user = userEvent.setup();
    renderApp(
      withHistory([
        saved('older', 'PL', '2026-11-01T09:00:00.000Z'),
        saved('last', 'DE', '2026-11-20T09:00:00.000Z'),
        saved('last', 'FR', '2026-11-20T09:00:00.000Z'),
        // Not offered by the connection any more: not ticked.
        saved('last', 'JA', '2026-11-20T09:00:00.000Z'),
        saved('other', 'BG', '2026-11-25T09:00:00.000Z', 'c-elsewhere'),
      ]),
    );
    await addNotes(user);
    await waitFor(() => expect(checkbox('German').checked).toBe(true));
    expect(checkbox('French').checked).toBe(true);
    expect(checkbox('Polish').checked).toBe(false);
    expect(checkbox('Bulgarian').checked).toBe(false);
    expect(screen.getByText('Ticked as in your last batch on this connection: German and French.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Translate 2 documents' })).toBeTruthy();

    await user.click(checkbox('French'));
    expect(screen.queryByText(/Ticked as in your last batch/)).toBeNull();
    // Unticking all of them does not tick them again.
    await user.click(checkbox('German'));
    expect(checkbox('German').checked).toBe(false);
    expect(screen.getByText('Tick at least one language to translate into.')).toBeTruthy();
  });

  it('ticks nothing without an earlier batch on this connection, and says to tick one', async () => {
    const user = userEvent.setup();
    renderApp(withHistory([saved('other', 'BG', '2026-11-25T09:00:00.000Z', 'c-elsewhere')]));
    await addNotes(user);
    expect(screen.getByText('Tick at least one language to translate into.')).toBeTruthy();
    expect(screen.queryByText(/Ticked as in your last batch/)).toBeNull();
    expect(checkbox('Bulgarian').checked).toBe(false);
    expect((screen.getByRole('button', { name: 'Translate 0 documents' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
