// @vitest-environment happy-dom
/**
 * The keyboard focus on the Documents screen never falls to the page (seen on a French keyboard-only tour: the next
 * Tab started again at "Skip to content"). Files chosen with "Choose files…" or Ctrl+O land the focus on the new
 * batch's table once checked (the button was disabled meanwhile); Cancel on a running document moves the focus into
 * the confirmation, on its safe choice, and the choice brings it back to the row.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DocumentJobView, FileBridge } from '../../../shared/ipc/contract-documents.js';
import { renderApp } from '../../test-utils/scenario.js';
import {
  EMPTY_DOCUMENTS,
  hostedDocumentsHandlers,
  onDocumentsScreen,
  STAGING_BRIDGE,
} from './documents-test-kit.js';

onDocumentsScreen(STAGING_BRIDGE);

/** The desktop's bridge: the native dialog (main) answers with paths. */
const DESKTOP: FileBridge = { kind: 'path', toPath: async (f) => `/home/u/${f.name}` };
const useDesktop = () => ((globalThis as { versoFiles?: FileBridge }).versoFiles = DESKTOP);

const focused = () => document.activeElement;

describe('focus after choosing files', () => {
  it('"Choose files…" with the keyboard (desktop dialog): the focus lands on the new batch\'s table', async () => {
    useDesktop();
    const user = userEvent.setup();
    const fake = renderApp(
      hostedDocumentsHandlers({ 'documents.pickFiles': () => ({ paths: ['/home/u/notes.txt'] }) }),
    );
    const choose = await screen.findByRole('button', { name: 'Choose files…' });
    choose.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fake.callsOf('documents.inspect')).toHaveLength(1));
    const table = await screen.findByRole('table');
    await waitFor(() => expect(focused()).toBe(table));
    // The next Tab goes on into the batch: the file's Remove.
    await user.tab();
    expect(focused()).toBe(
      within(table).getByRole('button', { name: 'Remove \u2068notes.txt\u2069 from this batch' }),
    );
  });

  it("Ctrl+O from the page: the focus lands on the new batch's table, not on the page", async () => {
    useDesktop();
    const user = userEvent.setup();
    renderApp(hostedDocumentsHandlers({ 'documents.pickFiles': () => ({ paths: ['/home/u/notes.txt'] }) }));
    await screen.findByRole('button', { name: 'Choose files…' });
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('{Control>}o{/Control}');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(focused()).toBe(table));
  });

  it("the browser's file input (web harness): once the files are checked, the focus is on the batch's table", async () => {
    const user = userEvent.setup();
    renderApp(hostedDocumentsHandlers());
    await user.upload(await screen.findByTestId('documents-file-input'), [
      new File(['hello world!'], 'notes.txt'),
    ]);
    const table = await screen.findByRole('table');
    await waitFor(() => expect(focused()).toBe(table));
  });

  it('the dialog closed without a file: the focus stays on "Choose files…"', async () => {
    useDesktop();
    const user = userEvent.setup();
    const fake = renderApp(hostedDocumentsHandlers({ 'documents.pickFiles': () => null }));
    const choose = await screen.findByRole('button', { name: 'Choose files…' });
    choose.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fake.callsOf('documents.pickFiles')).toHaveLength(1));
    expect(focused()).toBe(choose);
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('focus around cancelling a running document', () => {
  const running: DocumentJobView = {
    jobId: 'j1',
    batchId: 'b1',
    fileName: 'report.docx',
    sourcePath: '/staged/report.docx',
    sizeBytes: 1000,
    sourceLang: 'EN',
    targetLang: 'DE',
    outputFormat: null,
    state: 'translating',
    estimatedCharacters: 50_000,
    uploaded: true,
    uploads: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    connectionId: 'c-hosted',
  };
  const cancelled = { ...running, state: 'cancelled' as const };

  it("Cancel moves the focus to the confirmation's safe choice; Keep brings it back to Cancel, Discard to the row", async () => {
    const user = userEvent.setup();
    const fake = renderApp(
      hostedDocumentsHandlers({
        'documents.list': () => ({ jobs: [running], summary: { ...EMPTY_DOCUMENTS.summary, active: 1 } }),
        'documents.cancel': () => cancelled,
      }),
    );
    const row = await screen.findByRole('listitem', { name: /^report\.docx,/ });
    within(row).getByRole('button', { name: 'Cancel' }).focus();
    await user.keyboard('{Enter}');
    // The question is open and the focus is in it, on "Keep the result" (Enter there discards nothing).
    const question = within(row).getByRole('alert');
    await waitFor(() =>
      expect(focused()).toBe(within(question).getByRole('button', { name: 'Keep the result' })),
    );

    await user.keyboard('{Enter}');
    expect(within(row).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(focused()).toBe(within(row).getByRole('button', { name: 'Cancel' })));

    await user.keyboard('{Enter}');
    await waitFor(() => expect(focused()).toBe(within(row).getByRole('button', { name: 'Keep the result' })));
    await user.tab();
    expect(focused()).toBe(within(row).getByRole('button', { name: 'Discard it' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fake.callsOf('documents.cancel')).toEqual([{ jobId: 'j1', discard: true }]));
    // Main reports the job cancelled: the question goes, and the focus is on the row's first action, not the page.
    fake.emit('documents.changed', {
      jobs: [cancelled],
      removed: [],
      summary: { ...EMPTY_DOCUMENTS.summary, cancelled: 1 },
    });
    const after = await screen.findByRole('listitem', { name: /^report\.docx, .*Cancelled/ });
    await waitFor(() => expect(focused()).toBe(within(after).getByRole('button', { name: 'Retry' })));

    // Sent again and running, it asks afresh: Cancel, not the question left open before.
    fake.emit('documents.changed', {
      jobs: [running],
      removed: [],
      summary: { ...EMPTY_DOCUMENTS.summary, active: 1 },
    });
    const again = await screen.findByRole('listitem', { name: /^report\.docx, .*Translating/ });
    expect(within(again).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(within(again).queryByRole('alert')).toBeNull();
  });
});
