// @vitest-environment happy-dom
/**
 * Component test (issue 24, point 5): the Documents batch's glossary choice follows `/v3/languages` (resource
 * `translate_document`): for a pair it lists without `glossary` the choice is replaced by the reason; where it does
 * not answer, the glossaries of the pair are offered as before.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Capabilities } from '../../../shared/ipc/contract-customisation.js';
import type { DocumentsList, FileBridge } from '../../../shared/ipc/contract-documents.js';
import { baseHandlers, LOCAL_CONNECTION, renderApp } from '../../test-utils/scenario.js';
import { glossary } from '../glossaries/glossaries-test-kit.js';
import { onDocumentsScreen } from './documents-test-kit.js';

const EMPTY: DocumentsList = { jobs: [], summary: { saved: 0, active: 0, failed: 0, cancelled: 0, billedCharacters: 0 } };
const bridge: FileBridge = { kind: 'stage', toPath: async (f) => `/staged/${f.name}` };
const HOSTED = { ...LOCAL_CONNECTION, id: 'c-hosted', name: 'Hosted', kind: 'hosted' as const, baseUrl: null };

const lang = (code: string, name: string, features: string[]) => ({ code, name, source: true, target: true, features });

/** /v3/languages for documents lists German without glossaries. */
const V3: Capabilities = {
  connectionId: HOSTED.id,
  languages: true,
  glossaries: false,
  styleRules: false,
  translationMemories: false,
  text: null,
  document: [lang('EN', 'English', ['glossary']), lang('DE', 'German', ['formality']), lang('FR', 'French', ['glossary'])],
};

const handlers = (v3: boolean) => ({
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
  'glossaries.list': () => [glossary({ glossaryId: 'g-legal', name: 'Legal terms' })],
  'customisation.capabilities': v3 ? () => V3 : baseHandlers()['customisation.capabilities'],
});

onDocumentsScreen(bridge);

async function chooseEnglishToGerman(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(await screen.findByTestId('documents-file-input'), [new File(['hello world!'], 'notes.txt')]);
  await screen.findByRole('table');
  await user.click(screen.getByRole('checkbox', { name: 'German' }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Source language' }), 'EN');
}

describe('Documents: glossary follows /v3/languages', () => {
  it('gives the reason instead of the choice for a pair it lists without glossaries', async () => {
    const user = userEvent.setup();
    renderApp(handlers(true) as never);
    await chooseEnglishToGerman(user);
    expect(await screen.findByText('Glossaries are not available for English → German on this service.')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Legal terms' })).toBeNull();
  });

  it('offers the glossaries of the pair where /v3/languages does not answer', async () => {
    const user = userEvent.setup();
    renderApp(handlers(false) as never);
    await chooseEnglishToGerman(user);
    expect(await screen.findByRole('checkbox', { name: 'Legal terms' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Glossaries are not available/)).toBeNull());
  });
});
