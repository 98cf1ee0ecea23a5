// @vitest-environment happy-dom
/**
 * Component test (issue 24, point 5): on Documents, where `/v3/languages` (resource `translate_document`) answers,
 * the formality choice follows its `formality` feature — offered for a target it lists with it even where the v2
 * language list says no, not offered for a target it lists without it — and where it does not answer, the v2 list
 * decides as before.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Capabilities } from '../../../shared/ipc/contract-customisation.js';
import type { DocumentsList, FileBridge } from '../../../shared/ipc/contract-documents.js';
import { baseHandlers, LOCAL_CONNECTION, renderApp } from '../../test-utils/scenario.js';
import { onDocumentsScreen } from './documents-test-kit.js';

const EMPTY: DocumentsList = { jobs: [], summary: { saved: 0, active: 0, failed: 0, cancelled: 0, billedCharacters: 0 } };
const bridge: FileBridge = { kind: 'stage', toPath: async (f) => `/staged/${f.name}` };
const HOSTED = { ...LOCAL_CONNECTION, id: 'c-hosted', name: 'Hosted', kind: 'hosted' as const, baseUrl: null };

const lang = (code: string, name: string, features: string[]) => ({ code, name, source: true, target: true, features });

/** The v2 list (scenario.tsx) says Polish has formality and Bulgarian has not; /v3/languages says the opposite. */
const V3: Capabilities = {
  connectionId: HOSTED.id,
  languages: true,
  glossaries: false,
  styleRules: false,
  translationMemories: false,
  text: null,
  document: [lang('EN', 'English', []), lang('PL', 'Polish', []), lang('BG', 'Bulgarian', ['formality'])],
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
  'customisation.capabilities': v3 ? () => V3 : baseHandlers()['customisation.capabilities'],
});

onDocumentsScreen(bridge);

async function chooseTarget(user: ReturnType<typeof userEvent.setup>, target: string) {
  await user.upload(await screen.findByTestId('documents-file-input'), [new File(['hello world!'], 'notes.txt')]);
  await screen.findByRole('table');
  await user.click(screen.getByRole('checkbox', { name: target }));
}

describe('Documents: formality follows /v3/languages', () => {
  it('is not offered for a target it lists without `formality` (Polish)', async () => {
    const user = userEvent.setup();
    const app = renderApp(handlers(true) as never);
    await chooseTarget(user, 'Polish');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Polish' })).toHaveProperty('checked', true));
    // The capabilities were asked for; give their answer a moment to be rendered, then check.
    await waitFor(() => expect(app.callsOf('customisation.capabilities').length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByLabelText('Formality')).toBeNull();
  });

  it('is offered for a target it lists with `formality` (Bulgarian), where the v2 list says no', async () => {
    const user = userEvent.setup();
    renderApp(handlers(true) as never);
    await chooseTarget(user, 'Bulgarian');
    expect(await screen.findByLabelText('Formality')).toBeTruthy();
  });

  it('follows the v2 list where /v3/languages does not answer', async () => {
    const user = userEvent.setup();
    renderApp(handlers(false) as never);
    await chooseTarget(user, 'Polish');
    expect(await screen.findByLabelText('Formality')).toBeTruthy();
  });
});
