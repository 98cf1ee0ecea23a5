// @vitest-environment happy-dom
/**
 * Component test (issue 24, point 2): the Documents batch offers a multilingual (v3) glossary for its pair through
 * the glossary's dictionaries — one dictionary matching source → target is enough, whatever pair the glossary is
 * listed under — sends it with the batch, and does not offer it when no dictionary matches.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Capabilities } from '../../../shared/ipc/contract-customisation.js';
import type { DocumentsList, FileBridge } from '../../../shared/ipc/contract-documents.js';
import { LOCAL_CONNECTION, renderApp } from '../../test-utils/scenario.js';
import { glossary } from '../glossaries/glossaries-test-kit.js';
import { onDocumentsScreen } from './documents-test-kit.js';

const EMPTY: DocumentsList = { jobs: [], summary: { saved: 0, active: 0, failed: 0, cancelled: 0, billedCharacters: 0 } };
const bridge: FileBridge = { kind: 'stage', toPath: async (f) => `/staged/${f.name}` };
const HOSTED = { ...LOCAL_CONNECTION, id: 'c-hosted', name: 'Hosted', kind: 'hosted' as const, baseUrl: null };

const V3: Capabilities = {
  connectionId: HOSTED.id,
  languages: false,
  glossaries: true,
  styleRules: false,
  translationMemories: false,
  text: null,
  document: null,
};

/** Listed under its first dictionary (EN → FR); its second one is EN → DE. */
const MULTI = glossary({
  glossaryId: 'g-multi',
  name: 'Product terms',
  sourceLang: 'EN',
  targetLang: 'FR',
  entryCount: 7,
  dictionaries: [
    { sourceLang: 'EN', targetLang: 'FR', entryCount: 4 },
    { sourceLang: 'EN', targetLang: 'DE', entryCount: 3 },
  ],
});

const handlers = {
  'connections.status': () => ({ activeId: HOSTED.id, state: 'ready' }),
  'connections.list': () => ({ connections: [HOSTED], activeId: HOSTED.id }),
  'documents.list': () => EMPTY,
  'documents.prefs': () => ({ defaultOutputDir: '/home/u/Documents/Verso translations', concurrency: 2, maxFileMb: 100, keysPersist: true }),
  'usage.get': () => ({
    connectionId: HOSTED.id,
    usage: { characterCount: 0, characterLimit: null, unlimited: true },
    period: { start: '2026-01-01T00:00:00.000Z', end: '2026-02-01T00:00:00.000Z' },
    fetchedAt: '2026-01-01T00:00:00.000Z',
  }),
  'documents.inspect': () => ({
    skipped: 0,
    files: [{ path: '/staged/notes.txt', name: 'notes.txt', extension: 'txt', sizeBytes: 12, ok: true, estimatedCharacters: 12, minimumBilled: false, exact: true, image: false }],
  }),
  'documents.enqueue': () => EMPTY,
  'glossaries.list': () => [MULTI],
  'customisation.capabilities': () => V3,
};

onDocumentsScreen(bridge);

async function choose(user: ReturnType<typeof userEvent.setup>, source: string, target: string) {
  await user.upload(await screen.findByTestId('documents-file-input'), [new File(['hello world!'], 'notes.txt')]);
  await screen.findByRole('table');
  await user.click(screen.getByRole('checkbox', { name: target }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Source language' }), source);
}

describe('Documents: a multilingual glossary is offered through its dictionaries', () => {
  it('is offered for English → German (its second dictionary) and sent with the batch', async () => {
    const user = userEvent.setup();
    const app = renderApp(handlers as never);
    await choose(user, 'EN', 'German');
    const box = await screen.findByRole('checkbox', { name: 'Product terms' });
    await user.click(box);
    expect(box).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Translate 1 document' }));
    await waitFor(() => expect(app.callsOf('documents.enqueue')).toHaveLength(1));
    expect(app.callsOf('documents.enqueue')[0]!.options.glossaryIds).toEqual([MULTI.glossaryId]);
  });

  it('is not offered for English → Polish (no dictionary) nor German → English (reversed)', async () => {
    const user = userEvent.setup();
    renderApp(handlers as never);
    await choose(user, 'EN', 'Polish');
    expect(await screen.findByText('No glossary matches these languages.')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Product terms' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Polish' }));
    await user.click(screen.getByRole('checkbox', { name: /British/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Source language' }), 'DE');
    await waitFor(() => expect(screen.getByText('No glossary matches these languages.')).toBeTruthy());
    expect(screen.queryByRole('checkbox', { name: 'Product terms' })).toBeNull();
  });
});
