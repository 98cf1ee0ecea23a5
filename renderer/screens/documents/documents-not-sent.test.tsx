// @vitest-environment happy-dom
/**
 * Files that are not sent are never dropped silently (seen on a French tour: an .xls and a password-protected .docx
 * were shown with their problem in the batch, then vanished when Translate was pressed, and the summary said
 * "0 failed"). Before sending, the batch says how many files are left out, their problems still in the table; after
 * sending, those files stay listed as not sent, with their problem, until the user removes or dismisses them. Files
 * added next join them in a new batch, and a file added again is checked again.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DocumentJobView } from '../../../shared/ipc/contract-documents.js';
import { renderApp } from '../../test-utils/scenario.js';
import {
  EMPTY_DOCUMENTS,
  fileCheck,
  hostedDocumentsHandlers,
  onDocumentsScreen,
  STAGING_BRIDGE,
} from './documents-test-kit.js';

onDocumentsScreen(STAGING_BRIDGE);

const check = fileCheck;

const NOTES = check('notes.txt');
const XLS = check('budget.xls', { ok: false, problem: 'unsupported_extension' });
const LOCKED = check('locked.docx', {
  ok: false,
  problem: 'password_protected',
  looksLike: 'ole',
  minimumBilled: true,
});

const queued: DocumentJobView = {
  jobId: 'j1',
  batchId: 'b1',
  fileName: 'notes.txt',
  sourcePath: '/staged/notes.txt',
  sizeBytes: 2048,
  sourceLang: null,
  targetLang: 'DE',
  outputFormat: null,
  state: 'waiting',
  estimatedCharacters: 12,
  uploaded: false,
  uploads: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  connectionId: 'c-hosted',
};

/** A hosted account whose check finds notes.txt ready, an .xls of an unsupported type and a locked .docx. */
const withRejected = () =>
  hostedDocumentsHandlers({
    'documents.inspect': () => ({ skipped: 0, files: [NOTES, XLS, LOCKED] }),
    'documents.enqueue': () => ({ jobs: [queued], summary: { ...EMPTY_DOCUMENTS.summary, active: 1 } }),
  });

async function addThree(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  await user.upload(await screen.findByTestId('documents-file-input'), [
    new File(['hello world!'], 'notes.txt'),
    new File(['x'], 'budget.xls'),
    new File(['x'], 'locked.docx'),
  ]);
  return screen.findByRole('table');
}

/** The section listing the files left out of the batch sent. */
const notSent = () => screen.getByRole('region', { name: /not sent/ });

describe('files that are not sent', () => {
  it('before sending, the batch says how many files are left out; after, they stay listed as not sent with their problem', async () => {
    const user = userEvent.setup();
    const fake = renderApp(withRejected());
    const table = await addThree(user);
    expect(within(table).getByRole('row', { name: /budget\.xls/ }).textContent).toMatch(
      /Not a supported type/,
    );
    await user.click(screen.getByRole('checkbox', { name: 'German' }));
    // What will be sent (one file × one language) and what will not, and where to read why.
    expect(screen.getByText(/Estimated: 12 characters \(1 file × 1 language\)/)).toBeTruthy();
    expect(
      screen.getByText('2 files will not be sent: their problems are shown in the table above.'),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Translate 1 document' }));
    await waitFor(() => expect(fake.callsOf('documents.enqueue')).toHaveLength(1));
    expect(fake.callsOf('documents.enqueue')[0]).toMatchObject({ paths: ['/staged/notes.txt'] });

    // The batch is gone; the two files are still listed, as not sent, each with its problem.
    const section = await waitFor(notSent);
    expect(within(section).getByRole('heading', { name: '2 files not sent' })).toBeTruthy();
    const rows = within(section).getByRole('table');
    expect(within(rows).getByRole('row', { name: /budget\.xls/ }).textContent).toMatch(
      /Not a supported type/,
    );
    expect(within(rows).getByRole('row', { name: /locked\.docx/ }).textContent).toMatch(/Password-protected/);
    expect(within(rows).queryByRole('row', { name: /notes\.txt/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Translate \d+ document/ })).toBeNull();

    // Removed one by one, or dismissed together.
    await user.click(
      within(rows).getByRole('button', { name: 'Remove \u2068budget.xls\u2069 from this batch' }),
    );
    expect(within(section).getByRole('heading', { name: '1 file not sent' })).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: /not sent/ })).toBeNull();
    expect(screen.queryByText(/Password-protected/)).toBeNull();
  });

  it('files added next join the files not sent in a new batch, and a file added again is checked again', async () => {
    const user = userEvent.setup();
    const fake = renderApp(withRejected());
    await addThree(user);
    await user.click(screen.getByRole('checkbox', { name: 'German' }));
    await user.click(screen.getByRole('button', { name: 'Translate 1 document' }));
    await waitFor(notSent);

    // The locked file, saved without its password, is added again with another file.
    fake.handlers['documents.inspect'] = () => ({
      skipped: 0,
      files: [check('locked.docx'), check('more.txt')],
    });
    await user.upload(screen.getByTestId('documents-file-input'), [
      new File(['x'], 'locked.docx'),
      new File(['x'], 'more.txt'),
    ]);
    const heading = await screen.findByRole('heading', { name: '3 files to translate' });
    const table = within(heading.closest('section')!).getByRole('table');
    expect(within(table).getByRole('row', { name: /locked\.docx/ }).textContent).toMatch(/Ready/);
    expect(within(table).getByRole('row', { name: /budget\.xls/ }).textContent).toMatch(
      /Not a supported type/,
    );
    expect(
      screen.getByText('1 file will not be sent: its problem is shown in the table above.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Translate 2 documents' }));
    await waitFor(() => expect(fake.callsOf('documents.enqueue')).toHaveLength(2));
    expect(fake.callsOf('documents.enqueue')[1]).toMatchObject({
      paths: ['/staged/locked.docx', '/staged/more.txt'],
    });
    expect(await screen.findByRole('heading', { name: '1 file not sent' })).toBeTruthy();
  });
});
