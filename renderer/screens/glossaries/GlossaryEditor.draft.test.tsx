// @vitest-environment happy-dom
/**
 * The editor's draft line (seen on a Russian tour): "Changes kept on this computer" («Изменения сохранены на этом
 * компьютере», read as "saved") showed on a new, empty glossary and on a glossary opened and not edited, while
 * nothing was saved and nothing used in Translate. It shows only while edits not saved are kept as a draft, and it
 * says "draft". Edits undone back to the saved glossary keep no draft: the one written earlier is dropped.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DraftInput, GlossaryDraft } from '../../../shared/ipc/contract-glossaries.js';
import { ipcFail } from '../../test-utils/fake-api.js';
import { renderApp, settings } from '../../test-utils/scenario.js';
import { fakeAccount, glossary, onGlossariesScreen } from './glossaries-test-kit.js';

onGlossariesScreen();

const ENTRIES: [string, string][] = [
  ['Norway', 'Norge'],
  ['Sweden', 'Sverige'],
];

/** Main's drafts on disk: draftPut writes, draftDiscard drops, draftGet reads (not_found when there is none). */
function disk(start: GlossaryDraft[] = []) {
  const drafts = new Map(start.map((d) => [d.draftId, d]));
  return {
    drafts,
    handlers: {
      'glossaries.drafts': () => [...drafts.values()].map(({ entries, ...d }) => ({ ...d, entryCount: entries.length })),
      'glossaries.draftGet': ({ draftId }: { draftId: string }) =>
        drafts.get(draftId) ?? ipcFail('not_found', 'That draft is no longer on this computer (it was saved or discarded).'),
      'glossaries.draftPut': (d: DraftInput) => {
        drafts.set(d.draftId, { ...d, connectionId: 'c-local', updatedAt: new Date().toISOString(), pendingSave: null });
        return { updatedAt: new Date().toISOString() };
      },
      'glossaries.draftDiscard': ({ draftId }: { draftId: string }) => ({ discarded: drafts.delete(draftId) }),
    },
  };
}

const line = () => document.querySelector('.gl-draft-state')!.textContent;
const RU_KEPT = 'Черновик хранится на этом компьютере';
/** Longer than the autosave's pause, so a write that was to happen has happened. */
const settle = () => new Promise((r) => setTimeout(r, 900));

function app(d: ReturnType<typeof disk>) {
  const acc = fakeAccount([glossary({ glossaryId: 'g-nordic', name: 'Скандинавия', entryCount: 2 })], { 'g-nordic': ENTRIES });
  return renderApp({ ...acc.handlers, ...d.handlers, 'settings.get': () => settings({ uiLanguage: 'ru' }) });
}

describe('the draft line says "draft", and only when there is one', () => {
  it('a new, empty glossary keeps no draft and says nothing; named, it is kept as a draft and says so', async () => {
    const user = userEvent.setup();
    const d = disk();
    const a = app(d);
    await user.click(await screen.findByRole('button', { name: 'Новый глоссарий' }));
    await screen.findByRole('grid');
    await settle();
    expect(line()).toBe('');
    expect(a.callsOf('glossaries.draftPut')).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Название' }), 'Скандинавия 2');
    await waitFor(() => expect(line()).toBe(RU_KEPT), { timeout: 3000 });
    expect(d.drafts.size).toBe(1);
  });

  it('a glossary opened and not edited says nothing; edited, the draft is kept; undone back, the draft is dropped', async () => {
    const user = userEvent.setup();
    const d = disk();
    const a = app(d);
    await user.click(await screen.findByRole('button', { name: 'Изменить «Скандинавия»' }));
    await screen.findByRole('grid');
    await settle();
    expect(line()).toBe('');
    expect(a.callsOf('glossaries.draftPut')).toHaveLength(0);

    const target = screen.getByRole('textbox', { name: 'Перевод термина, строка 2' });
    await user.type(target, 'x');
    await waitFor(() => expect(line()).toBe(RU_KEPT), { timeout: 3000 });
    expect(d.drafts.size).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Отменить' }));
    await waitFor(() => expect(d.drafts.size).toBe(0), { timeout: 3000 });
    expect(line()).toBe('');
    expect(a.callsOf('glossaries.draftDiscard')).toHaveLength(1);
  });

  it('a draft kept earlier, opened again, says so from the start', async () => {
    const user = userEvent.setup();
    const kept: GlossaryDraft = {
      draftId: '00000000-0000-4000-8000-0000000000aa',
      glossaryId: 'g-nordic',
      name: 'Скандинавия',
      sourceLang: 'EN',
      targetLang: 'DE',
      entries: [...ENTRIES, ['Denmark', 'Danmark']],
      connectionId: 'c-local',
      updatedAt: '2026-01-11T10:00:00.000Z',
      pendingSave: null,
    };
    const d = disk([kept]);
    app(d);
    await user.click(await screen.findByRole('button', { name: 'Продолжить редактирование' }));
    await screen.findByRole('grid');
    await waitFor(() => expect(line()).toBe(RU_KEPT));
  });
});
