/**
 * Test kit (renderer component tests of the Documents screen only): each test starts on the Documents screen with an
 * empty batch and `bridge` as the window's file bridge, and is cleaned up after; a hosted account with one text file
 * to add, and the steps that add it and choose the pair.
 */
import { cleanup, screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach } from 'vitest';
import type { DocumentsList, FileBridge, FileCheck } from '../../../shared/ipc/contract-documents.js';
import { useUiStore } from '../../state/ui-store.js';
import type { LanguageFeatures } from '../../../shared/ipc/contract-customisation.js';
import type { Handlers } from '../../test-utils/fake-api.js';
import { capabilities, HOSTED_CONNECTION, resetRenderer } from '../../test-utils/scenario.js';
import { resetBatchStore } from './batch-store.js';

export function onDocumentsScreen(bridge: FileBridge): void {
  beforeEach(() => {
    resetRenderer();
    resetBatchStore();
    useUiStore.setState({ screen: 'documents' });
    (globalThis as { versoFiles?: FileBridge }).versoFiles = bridge;
  });
  afterEach(() => {
    cleanup();
    delete (globalThis as { versoFiles?: FileBridge }).versoFiles;
  });
}

export const EMPTY_DOCUMENTS: DocumentsList = {
  jobs: [],
  summary: { saved: 0, active: 0, failed: 0, cancelled: 0, billedCharacters: 0 },
};

/** The web harness's bridge: a dropped file is staged and named by its path. */
/** What main's check says of a staged file `name` (a small text, ready, billed exactly), with `patch` on top. */
export const fileCheck = (name: string, patch: Partial<FileCheck> = {}): FileCheck => ({
  path: `/staged/${name}`,
  name,
  extension: name.split('.').pop()!,
  sizeBytes: 2048,
  ok: true,
  estimatedCharacters: 12,
  minimumBilled: false,
  exact: true,
  image: false,
  ...patch,
});

export const STAGING_BRIDGE: FileBridge = { kind: 'stage', toPath: async (f) => `/staged/${f.name}` };

/** A hosted account with no jobs whose inspection of a dropped `notes.txt` finds 12 characters; `extra` on top. */
export function hostedDocumentsHandlers(extra: Handlers = {}): Handlers {
  return {
    'connections.status': () => ({ activeId: HOSTED_CONNECTION.id, state: 'ready' }),
    'connections.list': () => ({ connections: [HOSTED_CONNECTION], activeId: HOSTED_CONNECTION.id }),
    'documents.list': () => EMPTY_DOCUMENTS,
    'documents.prefs': () => ({
      defaultOutputDir: '/home/u/Documents/Verso translations',
      concurrency: 2,
      maxFileMb: 100,
      keysPersist: true,
    }),
    'usage.get': () => ({
      connectionId: HOSTED_CONNECTION.id,
      usage: { characterCount: 0, characterLimit: null, unlimited: true },
      period: { start: '2026-01-01T00:00:00.000Z', end: '2026-02-01T00:00:00.000Z', assumed: false },
      fetchedAt: '2026-01-01T00:00:00.000Z',
    }),
    'documents.inspect': () => ({
      skipped: 0,
      files: [
        {
          path: '/staged/notes.txt',
          name: 'notes.txt',
          extension: 'txt',
          sizeBytes: 12,
          ok: true,
          estimatedCharacters: 12,
          minimumBilled: false,
          exact: true,
          image: false,
        },
      ],
    }),
    ...extra,
  };
}

/** Adds `notes.txt` to the batch, ticks the target language named `target` and, when given, chooses `source`. */
export async function addNotesFor(
  user: ReturnType<typeof userEvent.setup>,
  target: string,
  source?: string,
): Promise<void> {
  await user.upload(await screen.findByTestId('documents-file-input'), [
    new File(['hello world!'], 'notes.txt'),
  ]);
  await screen.findByRole('table');
  await user.click(screen.getByRole('checkbox', { name: target }));
  if (source) await user.selectOptions(screen.getByRole('combobox', { name: 'Source language' }), source);
}

/**
 * The hosted account's handlers, with `/v3/languages` for documents answering `document` (`v3` true) or not
 * answering (false); `extra` on top.
 */
export function v3DocumentsHandlers(document: LanguageFeatures[], extra: Handlers = {}): (v3: boolean) => Handlers {
  const v3Caps = capabilities({ connectionId: HOSTED_CONNECTION.id, languages: true, document });
  return (v3) => hostedDocumentsHandlers({ ...extra, 'customisation.capabilities': v3 ? () => v3Caps : () => capabilities() });
}
