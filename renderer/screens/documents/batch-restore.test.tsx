// @vitest-environment happy-dom
/**
 * A prepared batch (files checked, options chosen, not sent) outlives a reload or a restart: main keeps it
 * (`documents.saveBatchDraft`) and gives it back with every file checked again (`documents.batchDraft`), and the screen
 * says the batch is the one from last time (seen on a tour: 7 files and their options vanished on reload, and the
 * screen said "No documents yet"). A sent batch is not brought back; a file deleted in between is listed with its
 * problem, not dropped. Main here is a fake that keeps the draft and checks files against a set of existing ones.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FileCheck } from '../../../shared/ipc/contract-documents.js';
import type { Handlers } from '../../test-utils/fake-api.js';
import { renderApp, resetRenderer } from '../../test-utils/scenario.js';
import { useUiStore } from '../../state/ui-store.js';
import { resetBatchStore } from './batch-store.js';
import { EMPTY_DOCUMENTS, hostedDocumentsHandlers, onDocumentsScreen, STAGING_BRIDGE } from './documents-test-kit.js';

onDocumentsScreen(STAGING_BRIDGE);

const RESTORED_NOTE = /Your batch from last time/;

/** Main's side: files on disk, the inspection of each, and the draft kept on disk. */
function fakeMain() {
  const onDisk = new Set(['/staged/notes.txt', '/staged/report.txt']);
  const check = (path: string): FileCheck => {
    const name = path.split('/').pop()!;
    const base = { path, name, extension: 'txt', minimumBilled: false, exact: true, image: false };
    return onDisk.has(path)
      ? { ...base, sizeBytes: 12, ok: true, estimatedCharacters: 12 }
      : { ...base, sizeBytes: 0, ok: false, problem: 'unreadable', estimatedCharacters: 0 };
  };
  const disk: { draft: unknown } = { draft: null };
  const handlers: Handlers = hostedDocumentsHandlers({
    'documents.inspect': ({ paths }) => ({ skipped: 0, files: paths.map(check) }),
    'documents.enqueue': () => EMPTY_DOCUMENTS,
    ...({
      'documents.saveBatchDraft': ({ draft }: { draft: unknown }) => {
        disk.draft = draft;
        return { kept: draft !== null };
      },
      'documents.batchDraft': () => {
        if (!disk.draft) return null;
        const { paths, ...rest } = disk.draft as { paths: string[] };
        return { ...rest, files: paths.map(check) };
      },
    } as Handlers),
  });
  return { onDisk, disk, handlers };
}

async function prepare(user: ReturnType<typeof userEvent.setup>, main: ReturnType<typeof fakeMain>): Promise<void> {
  await user.upload(await screen.findByTestId('documents-file-input'), [new File(['hello world!'], 'notes.txt'), new File(['hello world!'], 'report.txt')]);
  await screen.findByRole('table');
  await user.click(screen.getByRole('checkbox', { name: 'German' }));
  await user.click(screen.getByRole('checkbox', { name: 'French' }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Source language' }), 'EN');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Formality' }), 'more');
  await user.type(screen.getByRole('textbox', { name: 'Save translations in' }), '/home/u/out');
  await waitFor(() => expect(main.disk.draft).toMatchObject({ outputDir: '/home/u/out' }));
}

/** A reload: the renderer's stores start empty and the screen mounts again against the same main. */
function reload(main: ReturnType<typeof fakeMain>) {
  cleanup();
  resetRenderer();
  resetBatchStore();
  useUiStore.setState({ screen: 'documents' });
  return renderApp(main.handlers);
}

const checkbox = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name, exact: true } as never);

describe('a prepared batch across a reload', () => {
  it('comes back with its files, their checks and its options, and says it is the batch from last time', async () => {
    const user = userEvent.setup();
    const main = fakeMain();
    renderApp(main.handlers);
    await prepare(user, main);
    expect(screen.queryByText(RESTORED_NOTE)).toBeNull();

    reload(main);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: /notes\.txt/ }).textContent).toMatch(/Ready/);
    expect(within(table).getByRole('row', { name: /report\.txt/ }).textContent).toMatch(/Ready/);
    expect(screen.getByText(RESTORED_NOTE)).toBeTruthy();
    await waitFor(() => expect(checkbox('German').checked).toBe(true));
    expect(checkbox('French').checked).toBe(true);
    expect(checkbox('Polish').checked).toBe(false);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Source language' }).value).toBe('EN');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Formality' }).value).toBe('more');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Save translations in' }).value).toBe('/home/u/out');
    expect(screen.getByRole('button', { name: 'Translate 4 documents' })).toBeTruthy();
  });

  it('is not brought back once sent', async () => {
    const user = userEvent.setup();
    const main = fakeMain();
    const fake = renderApp(main.handlers);
    await prepare(user, main);
    await user.click(screen.getByRole('button', { name: 'Translate 4 documents' }));
    await waitFor(() => expect(fake.callsOf('documents.enqueue')).toHaveLength(1));
    await waitFor(() => expect(main.disk.draft).toBeNull());

    reload(main);
    expect(await screen.findByText('No documents yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(RESTORED_NOTE)).toBeNull();
  });

  it('is not brought back once the user removed its files', async () => {
    const user = userEvent.setup();
    const main = fakeMain();
    renderApp(main.handlers);
    await prepare(user, main);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(main.disk.draft).toBeNull());

    reload(main);
    expect(await screen.findByText('No documents yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists a file deleted in between with its problem, and sends only the others', async () => {
    const user = userEvent.setup();
    const main = fakeMain();
    renderApp(main.handlers);
    await prepare(user, main);
    main.onDisk.delete('/staged/report.txt');

    reload(main);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: /notes\.txt/ }).textContent).toMatch(/Ready/);
    expect(within(table).getByRole('row', { name: /report\.txt/ }).textContent).toMatch(/cannot read this file/);
    expect(screen.getByText('1 file will not be sent: its problem is shown in the table above.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Translate 2 documents' })).toBeTruthy());
  });
});
