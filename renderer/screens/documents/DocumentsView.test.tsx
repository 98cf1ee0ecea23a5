// @vitest-environment happy-dom
/**
 * Component tests of the Documents screen against a fake VersoApi: empty state, files checked by main shown with
 * what is wrong and what they cost (50,000 minimum said), a batch over the remaining quota needs a confirmation,
 * one job per file × target is sent, and `documents.changed` events update the list without polling; where the
 * shell cannot open a saved file (web harness, or open/show answering false) the row says where it is, with Copy;
 * "Edit…" in the glossary picker opens the editor, and the batch survives the trip and follows the saved glossary.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentJobView, DocumentsList, FileBridge } from '../../../shared/ipc/contract-documents.js';
import { useUiStore } from '../../state/ui-store.js';
import { LOCAL_CONNECTION, renderApp, resetRenderer } from '../../test-utils/scenario.js';
import { useEditorStore } from '../glossaries/editor-store.js';
import { fakeAccount, glossary, layoutForGrid } from '../glossaries/glossaries-test-kit.js';
import { resetBatchStore } from './batch-store.js';

const EMPTY: DocumentsList = { jobs: [], summary: { saved: 0, active: 0, failed: 0, cancelled: 0, billedCharacters: 0 } };

const bridge: FileBridge = { kind: 'stage', toPath: async (f) => `/staged/${f.name}` };

beforeEach(() => {
  resetRenderer();
  resetBatchStore();
  useEditorStore.getState().close();
  useUiStore.setState({ screen: 'documents' });
  (globalThis as { versoFiles?: FileBridge }).versoFiles = bridge;
});
afterEach(() => {
  cleanup();
  delete (globalThis as { versoFiles?: FileBridge }).versoFiles;
});

function job(patch: Partial<DocumentJobView>): DocumentJobView {
  return {
    jobId: 'j1',
    batchId: 'b1',
    fileName: 'report.docx',
    sourcePath: '/staged/report.docx',
    sizeBytes: 1000,
    sourceLang: null,
    targetLang: 'DE',
    outputFormat: null,
    state: 'waiting',
    estimatedCharacters: 50_000,
    uploaded: false,
    uploads: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    connectionId: 'c-local',
    ...patch,
  };
}

/** A hosted connection: the service bills documents (the 50,000 minimum applies); the local engine bills nothing. */
const HOSTED = { ...LOCAL_CONNECTION, id: 'c-hosted', name: 'Hosted', kind: 'hosted' as const, baseUrl: null };

const handlers = (remaining: number | null) => ({
  'connections.status': () => ({ activeId: HOSTED.id, state: 'ready' }),
  'connections.list': () => ({ connections: [HOSTED], activeId: HOSTED.id }),
  'documents.list': () => EMPTY,
  'documents.prefs': () => ({ defaultOutputDir: '/home/u/Documents/Verso translations', concurrency: 2, maxFileMb: 100, keysPersist: true }),
  'usage.get': () => ({
    connectionId: 'c-local',
    usage: remaining === null ? { characterCount: 0, characterLimit: null, unlimited: true } : { characterCount: 1000, characterLimit: 1000 + remaining, unlimited: false },
    period: { start: '2026-01-01T00:00:00.000Z', end: '2026-02-01T00:00:00.000Z' },
    fetchedAt: '2026-01-01T00:00:00.000Z',
  }),
  'documents.inspect': () => ({
    skipped: 0,
    files: [
      { path: '/staged/report.docx', name: 'report.docx', extension: 'docx', sizeBytes: 2048, ok: true, estimatedCharacters: 50_000, minimumBilled: true, exact: false, image: false },
      { path: '/staged/notes.txt', name: 'notes.txt', extension: 'txt', sizeBytes: 12, ok: true, estimatedCharacters: 12, minimumBilled: false, exact: true, image: false },
      { path: '/staged/fake.docx', name: 'fake.docx', extension: 'docx', sizeBytes: 5, ok: false, problem: 'content_mismatch', looksLike: 'text', estimatedCharacters: 50_000, minimumBilled: true, exact: false, image: false },
    ],
  }),
});

async function addThreeFiles(user: ReturnType<typeof userEvent.setup>) {
  const input = await screen.findByTestId('documents-file-input');
  await user.upload(input, [new File(['x'], 'report.docx'), new File(['hello world!'], 'notes.txt'), new File(['x'], 'fake.docx')]);
  return screen.findByRole('table');
}

describe('Documents screen', () => {
  it('shows an empty state and the shortcuts', async () => {
    renderApp(handlers(null) as never);
    expect(await screen.findByRole('heading', { name: 'No documents yet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose files…' })).toBeTruthy();
    expect(screen.getByText(/Ctrl\+O/)).toBeTruthy();
    // Which account the documents go to (the hosted one here), under the title: the sidebar's picker may be cut.
    expect(await screen.findByText('Connection: \u2068Hosted\u2069')).toBeTruthy();
  });

  it('takes one file out of the batch without clearing the others, and sends only those left', async () => {
    // Seen on a keyboard tour: only Clear existed, so a password-protected file could not be left out alone.
    const user = userEvent.setup();
    const fake = renderApp({ ...handlers(null), 'documents.enqueue': () => ({ jobs: [job({})], summary: { ...EMPTY.summary, active: 1 } }) } as never);
    const table = await addThreeFiles(user);
    await user.click(within(table).getByRole('button', { name: 'Remove \u2068report.docx\u2069 from this batch' }));
    expect(within(table).queryByRole('row', { name: /report\.docx/ })).toBeNull();
    expect(within(table).getByRole('row', { name: /notes\.txt/ })).toBeTruthy();
    // The focus stays in the table, on the next file's Remove.
    expect(document.activeElement?.closest('table')).toBe(table);
    await user.click(screen.getByRole('checkbox', { name: 'German' }));
    await user.click(screen.getByRole('button', { name: 'Translate 1 document' }));
    await waitFor(() => expect(fake.callsOf('documents.enqueue')).toHaveLength(1));
    expect(fake.callsOf('documents.enqueue')[0]).toMatchObject({ paths: ['/staged/notes.txt'] });
  });

  it('lists checked files with what is wrong and what they cost, and sends one job per file × target', async () => {
    const user = userEvent.setup();
    const fake = renderApp({ ...handlers(null), 'documents.enqueue': () => ({ jobs: [job({})], summary: { ...EMPTY.summary, active: 1 } }) } as never);
    const table = await addThreeFiles(user);
    expect(within(table).getByRole('row', { name: /fake\.docx/ }).textContent).toMatch(/looks like plain text/);
    expect(within(table).getByRole('row', { name: /report\.docx/ }).textContent).toMatch(/at least 50,000 characters/);
    expect(screen.getByText(/billed at least 50,000 characters each/)).toBeTruthy();
    const send = screen.getByRole('button', { name: /Translate 0 documents/ });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'German' }));
    await user.click(screen.getByRole('checkbox', { name: 'French' }));
    expect(screen.getByText(/Estimated: 100,024 characters \(2 files × 2 languages\)/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Translate 4 documents' }));
    await waitFor(() => expect(fake.callsOf('documents.enqueue')).toHaveLength(1));
    expect(fake.callsOf('documents.enqueue')[0]).toEqual({ paths: ['/staged/report.docx', '/staged/notes.txt'], options: { targetLangs: ['DE', 'FR'] } });
    // The batch and its button are gone: the focus is in the queue the documents joined, not on the page.
    await waitFor(() => expect(document.activeElement?.classList.contains('doc-list')).toBe(true));
  });

  it('flags a batch over the remaining quota and sends only after the user confirms', async () => {
    const user = userEvent.setup();
    renderApp({ ...handlers(60_000), 'documents.enqueue': () => EMPTY } as never);
    await addThreeFiles(user);
    await user.click(screen.getByRole('checkbox', { name: 'German' }));
    await user.click(screen.getByRole('checkbox', { name: 'French' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/would pass what is left of your limit/);
    const send = screen.getByRole('button', { name: 'Translate 4 documents' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Send anyway' }));
    expect(send.disabled).toBe(false);
  });

  it('updates rows from documents.changed events: time left, estimating, saved with Open', async () => {
    const fake = renderApp({ ...handlers(null), 'documents.list': () => ({ jobs: [job({ state: 'queued', uploaded: true })], summary: { ...EMPTY.summary, active: 1 } }) } as never);
    expect(await screen.findByText('Queued at the service')).toBeTruthy();
    fake.emit('documents.changed', { jobs: [job({ state: 'translating', uploaded: true, secondsRemaining: null })], removed: [], summary: { ...EMPTY.summary, active: 1 } });
    expect(await screen.findByText('Translating (estimating time left)')).toBeTruthy();
    fake.emit('documents.changed', { jobs: [job({ state: 'saved', uploaded: true, billedCharacters: 50_000, outputPath: '/x/report.DE.docx' })], removed: [], summary: { ...EMPTY.summary, saved: 1, billedCharacters: 50_000 } });
    expect(await screen.findByRole('button', { name: 'Open' })).toBeTruthy();
    expect(screen.getByText(/1 saved, 0 in progress, 0 failed; 50,000 characters billed/)).toBeTruthy();
  });

  it('shows a job that finished while another screen was open as finished, without fetching the list again', async () => {
    // Seen on a tour: back on Documents after Translate, the row still said "Queued at the service", with Cancel.
    const fake = renderApp({ ...handlers(null), 'documents.list': () => ({ jobs: [job({ state: 'queued', uploaded: true })], summary: { ...EMPTY.summary, active: 1 } }) } as never);
    expect(await screen.findByText('Queued at the service')).toBeTruthy();
    useUiStore.setState({ screen: 'translate' });
    await waitFor(() => expect(screen.queryByText('Queued at the service')).toBeNull());
    fake.emit('documents.changed', { jobs: [job({ state: 'saved', uploaded: true, outputPath: '/x/report.DE.docx' })], removed: [], summary: { ...EMPTY.summary, saved: 1 } });
    useUiStore.setState({ screen: 'documents' });
    expect(await screen.findByRole('button', { name: 'Open' })).toBeTruthy();
    expect(screen.queryByText('Queued at the service')).toBeNull();
    expect(screen.getByText(/1 saved, 0 in progress, 0 failed/)).toBeTruthy();
    expect(fake.callsOf('documents.list')).toHaveLength(1);
  });

  it('cancelling an uploaded document says it is billed and offers keep or discard', async () => {
    const user = userEvent.setup();
    const fake = renderApp({
      ...handlers(null),
      'documents.list': () => ({ jobs: [job({ state: 'translating', uploaded: true })], summary: { ...EMPTY.summary, active: 1 } }),
      'documents.cancel': () => job({ state: 'cancelled', uploaded: true }),
    } as never);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByText(/already at the service and its characters are billed/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Discard it' }));
    await waitFor(() => expect(fake.callsOf('documents.cancel')).toEqual([{ jobId: 'j1', discard: true }]));
  });

  describe('a saved file the shell cannot open', () => {
    const saved = job({ state: 'saved', uploaded: true, billedCharacters: 50_000, outputPath: '/data/Verso translations/report.DE.docx' });
    const withSaved = (shell: 'web' | 'electron', opened: boolean) =>
      ({
        ...handlers(null),
        'documents.list': () => ({ jobs: [saved], summary: { ...EMPTY.summary, saved: 1, billedCharacters: 50_000 } }),
        'app.info': () => ({ name: 'Verso', version: '1', platform: 'linux', shell, runtimeVersion: '1' }),
        'documents.open': () => ({ opened }),
        'documents.reveal': () => ({ shown: opened }),
      }) as never;

    it('web harness: Open says where the file is saved, with Copy, without asking main to open it', async () => {
      const user = userEvent.setup();
      const fake = renderApp(withSaved('web', false));
      await waitFor(() => expect(fake.callsOf('app.info').length).toBeGreaterThan(0));
      await user.click(await screen.findByRole('button', { name: 'Open' }));
      expect(await screen.findByText(/Verso cannot open files from here/)).toBeTruthy();
      const path = screen.getByLabelText('Where the translation is saved') as HTMLInputElement;
      expect(path.value).toBe('/data/Verso translations/report.DE.docx');
      expect(fake.callsOf('documents.open')).toEqual([]);
      await user.click(screen.getByRole('button', { name: 'Copy' }));
      await waitFor(() => expect(fake.callsOf('app.copyText')).toEqual([{ text: '/data/Verso translations/report.DE.docx' }]));
      expect(await screen.findByText('Copied')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Close' }));
      expect(screen.queryByLabelText('Where the translation is saved')).toBeNull();
    });

    it('desktop: Show in folder that answers shown: false says where the file is; a successful Open shows nothing', async () => {
      const user = userEvent.setup();
      const fake = renderApp(withSaved('electron', false));
      await waitFor(() => expect(fake.callsOf('app.info').length).toBeGreaterThan(0));
      await user.click(await screen.findByRole('button', { name: 'Show in folder' }));
      expect(await screen.findByText(/Verso cannot show folders from here/)).toBeTruthy();
      expect(fake.callsOf('documents.reveal')).toEqual([{ jobId: 'j1' }]);
      expect((screen.getByLabelText('Where the translation is saved') as HTMLInputElement).value).toBe('/data/Verso translations/report.DE.docx');

      fake.handlers['documents.open'] = () => ({ opened: true });
      await user.click(screen.getByRole('button', { name: 'Open' }));
      await waitFor(() => expect(fake.callsOf('documents.open')).toHaveLength(1));
      await waitFor(() => expect(screen.queryByLabelText('Where the translation is saved')).toBeNull());
    });
  });

  it('"Edit…" on a glossary of the pair opens it in the editor; back on Documents the batch is as it was and follows the new id', async () => {
    const user = userEvent.setup();
    const restoreLayout = layoutForGrid();
    try {
      const acc = fakeAccount(
        [glossary({ glossaryId: 'g-legal', name: 'Legal terms' }), glossary({ glossaryId: 'g-fr', name: 'French only', targetLang: 'FR' })],
        { 'g-legal': [['contract', 'Vertrag']] },
      );
      const fake = renderApp({ ...handlers(null), ...acc.handlers } as never);
      await addThreeFiles(user);
      await user.click(screen.getByRole('checkbox', { name: 'German' }));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Source language' }), 'EN');
      // Only the glossaries of the pair are offered, each with Edit….
      await user.click(await screen.findByRole('checkbox', { name: 'Legal terms' }));
      expect(screen.queryByRole('checkbox', { name: 'French only' })).toBeNull();

      await user.click(screen.getByRole('button', { name: 'Edit the glossary Legal terms…' }));
      await waitFor(() => expect(fake.callsOf('glossaries.edit')).toEqual([{ glossaryId: 'g-legal' }]));
      expect(await screen.findByRole('heading', { name: 'Glossaries', level: 1 })).toBeTruthy();
      const source = (await screen.findByRole('textbox', { name: 'Source term, row 1' })) as HTMLInputElement;
      expect(source.value).toBe('contract');

      // Saved: the glossary now has a new id, announced by main; the batch's choice follows it.
      await user.type(screen.getByRole('textbox', { name: 'Target term, row 1' }), 'e');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(fake.callsOf('glossaries.save')).toHaveLength(1));
      const newId = acc.glossaries.find((g) => g.name === 'Legal terms')!.glossaryId;
      expect(newId).not.toBe('g-legal');
      fake.emit('glossaries.replaced', { oldId: 'g-legal', newId });

      useUiStore.getState().setScreen('documents');
      expect(await screen.findByRole('heading', { name: 'Documents', level: 1 })).toBeTruthy();
      expect(screen.getByRole('table').textContent).toContain('report.docx');
      expect((screen.getByRole('checkbox', { name: 'German' }) as HTMLInputElement).checked).toBe(true);
      await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Legal terms' }) as HTMLInputElement).checked).toBe(true));
      fake.handlers['documents.enqueue'] = () => EMPTY;
      await user.click(screen.getByRole('button', { name: 'Translate 2 documents' }));
      await waitFor(() => expect(fake.callsOf('documents.enqueue')[0]?.options.glossaryIds).toEqual([newId]));
    } finally {
      restoreLayout();
    }
  });
});
