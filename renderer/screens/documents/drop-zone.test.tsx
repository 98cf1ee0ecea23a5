// @vitest-environment happy-dom
/**
 * The Documents screen's drop zone (component tests against a fake VersoApi): large while the queue is empty (the
 * empty state: the invitation, the button, the formats), one compact row once the queue holds documents (at 900×700
 * the large zone left room for two of them). Compact, it is still the drop target (drag-over shown, a drop checked
 * like any other), its "Choose files…" still opens the chooser, with the mouse and the keyboard, and the formats come
 * back while a batch is shown (its check messages point to "the formats listed above").
 */
import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DocumentJobView, FileBridge } from '../../../shared/ipc/contract-documents.js';
import { renderApp } from '../../test-utils/scenario.js';
import { EMPTY_DOCUMENTS, hostedDocumentsHandlers, onDocumentsScreen, STAGING_BRIDGE } from './documents-test-kit.js';

onDocumentsScreen(STAGING_BRIDGE);

const FORMATS = /^Word \(docx, doc\), PowerPoint/;

const saved: DocumentJobView = {
  jobId: 'j1',
  batchId: 'b1',
  fileName: 'report.docx',
  sourcePath: '/staged/report.docx',
  sizeBytes: 1000,
  sourceLang: 'EN',
  targetLang: 'DE',
  outputFormat: null,
  state: 'saved',
  estimatedCharacters: 50_000,
  billedCharacters: 50_000,
  uploaded: true,
  uploads: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  connectionId: 'c-hosted',
  outputPath: '/x/report.DE.docx',
};

const withQueue = hostedDocumentsHandlers({
  'documents.list': () => ({ jobs: [saved], summary: { ...EMPTY_DOCUMENTS.summary, saved: 1, billedCharacters: 50_000 } }),
});

const zone = () => screen.getByRole('group', { name: 'Drop files here' });

describe('Documents drop zone', () => {
  it('is large with the formats while the queue is empty', async () => {
    renderApp(hostedDocumentsHandlers());
    expect(await screen.findByRole('heading', { name: 'No documents yet' })).toBeTruthy();
    const z = zone();
    expect(z.classList.contains('doc-drop-compact')).toBe(false);
    expect(within(z).getByText('Drop documents or folders here to translate them.')).toBeTruthy();
    expect(within(z).getByText(FORMATS)).toBeTruthy();
    expect(within(z).getByRole('button', { name: 'Choose files…' })).toBeTruthy();
  });

  it('is one compact row once the queue has documents, and still takes a drop, with feedback while dragging', async () => {
    const fake = renderApp(withQueue);
    expect(await screen.findByRole('listitem', { name: /^report\.docx,/ })).toBeTruthy();
    const z = zone();
    expect(z.classList.contains('doc-drop-compact')).toBe(true);
    expect(within(z).getByText('Drop more documents or folders here.')).toBeTruthy();
    expect(within(z).queryByText('Drop documents or folders here to translate them.')).toBeNull();
    expect(within(z).queryByText(FORMATS)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'No documents yet' })).toBeNull();

    const file = new File(['hello world!'], 'notes.txt');
    fireEvent.dragOver(z, { dataTransfer: { files: [file], types: ['Files'] } });
    expect(z.classList.contains('doc-drop-active')).toBe(true);
    // Onto its own button is still over the zone: the feedback stays.
    const leave = createEvent.dragLeave(z);
    Object.defineProperty(leave, 'relatedTarget', { value: within(z).getByRole('button', { name: 'Choose files…' }) });
    fireEvent(z, leave);
    expect(z.classList.contains('doc-drop-active')).toBe(true);
    // Out of it, the feedback goes; back over it, it shows again.
    fireEvent.dragLeave(z);
    expect(z.classList.contains('doc-drop-active')).toBe(false);
    fireEvent.dragOver(z, { dataTransfer: { files: [file], types: ['Files'] } });
    expect(z.classList.contains('doc-drop-active')).toBe(true);
    fireEvent.drop(z, { dataTransfer: { files: [file], types: ['Files'] } });
    expect(z.classList.contains('doc-drop-active')).toBe(false);
    await waitFor(() => expect(fake.callsOf('documents.inspect')).toEqual([{ paths: ['/staged/notes.txt'], allowMany: false }]));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: /notes\.txt/ }).textContent).toContain('Ready');
    // A batch is shown: the formats its messages refer to are listed again, the zone stays one bar above them.
    expect(zone().classList.contains('doc-drop-compact')).toBe(true);
    expect(within(zone()).getByText(FORMATS)).toBeTruthy();
  });

  it('compact, "Choose files…" still opens the chooser, with the mouse and with the keyboard', async () => {
    const user = userEvent.setup();
    // The desktop's bridge: the native dialog (main) answers with paths.
    const desktop: FileBridge = { kind: 'path', toPath: async (f) => `/home/u/${f.name}` };
    (globalThis as { versoFiles?: FileBridge }).versoFiles = desktop;
    const fake = renderApp({ ...withQueue, 'documents.pickFiles': () => null });
    expect(await screen.findByRole('listitem', { name: /^report\.docx,/ })).toBeTruthy();
    expect(zone().classList.contains('doc-drop-compact')).toBe(true);
    const choose = within(zone()).getByRole('button', { name: 'Choose files…' });
    await user.click(choose);
    await waitFor(() => expect(fake.callsOf('documents.pickFiles')).toHaveLength(1));

    fake.handlers['documents.pickFiles'] = () => ({ paths: ['/home/u/notes.txt'] });
    choose.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fake.callsOf('documents.pickFiles')).toHaveLength(2));
    await waitFor(() => expect(fake.callsOf('documents.inspect')).toEqual([{ paths: ['/home/u/notes.txt'], allowMany: false }]));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('compact, in the web harness "Choose files…" opens the browser\'s file input', async () => {
    const user = userEvent.setup();
    renderApp(withQueue);
    expect(await screen.findByRole('listitem', { name: /^report\.docx,/ })).toBeTruthy();
    expect(zone().classList.contains('doc-drop-compact')).toBe(true);
    const input = screen.getByTestId('documents-file-input');
    let opened = 0;
    input.addEventListener('click', () => opened++);
    await user.click(within(zone()).getByRole('button', { name: 'Choose files…' }));
    expect(opened).toBe(1);
  });
});
