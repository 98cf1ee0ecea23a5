// @vitest-environment happy-dom
/**
 * Component tests of "Translate this term" in the glossary editor (issue 22 point 5) against a fake VersoApi: a row
 * with an empty target is translated through `translate.batch` (the path Segments mode uses) for the dictionary's
 * pair, the target is filled as an ordinary edit (written to the draft, undoable) and labelled as the local
 * engine's rule-based draft until edited; "Translate empty targets" previews first and never overwrites what the
 * user typed meanwhile; a pair the connection cannot translate turns the action off and says why.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CallInput } from '../../../shared/ipc/contract.js';
import { renderApp } from '../../test-utils/scenario.js';
import type { Handlers } from '../../test-utils/fake-api.js';
import { fakeAccount, glossary, onGlossariesScreen } from './glossaries-test-kit.js';

onGlossariesScreen();

const ENTRIES: [string, string][] = [
  ['contract', 'Vertrag'],
  ['Delete {count} items', ''],
  ['court', ''],
];

/** A translation that changes every letter and keeps `{…}` as it is (what protection gives). */
const machine = (s: string) => s.replace(/\{[^}]*\}|[^{]+/g, (m) => (m.startsWith('{') ? m : m.toUpperCase()));

function batchHandler(opts: { gate?: Promise<void> } = {}): Handlers['translate.batch'] {
  return async ({ batchId, segments }) => {
    await opts.gate;
    return {
      batchId,
      translations: segments.map((s) => ({ text: machine(s), detectedSourceLanguage: 'EN', protected: true })),
      failures: [],
      requests: 1,
      characters: segments.join('').length,
      engine: 'apertium',
    };
  };
}

async function openTerms(user: ReturnType<typeof userEvent.setup>, extra: Handlers = {}) {
  const acc = fakeAccount([glossary({ glossaryId: 'g-ui', name: 'UI strings', entryCount: 3 })], { 'g-ui': ENTRIES });
  const app = renderApp({
    'languages.pairs': () => ({ pairs: [{ source: 'EN', target: 'DE' }, { source: 'EN', target: 'FR' }] }),
    'translate.batch': batchHandler(),
    ...acc.handlers,
    ...extra,
  });
  await user.click(await screen.findByRole('button', { name: 'Edit UI strings' }));
  await screen.findByRole('grid');
  return app;
}

const cell = (side: 'Source' | 'Target', row: number) => screen.getByRole('textbox', { name: `${side} term, row ${row}` }) as HTMLInputElement;

describe('Translate this term', () => {
  it('fills an empty target through translate.batch for the pair, labelled until edited, written to the draft, undoable', async () => {
    const user = userEvent.setup();
    const app = await openTerms(user);
    // Offered on the rows whose target is empty, not on the one the user filled.
    expect(screen.queryByRole('button', { name: 'Translate the term of row 1' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Translate the term of row 2' }));

    await waitFor(() => expect(cell('Target', 2).value).toBe('DELETE {count} ITEMS'));
    // The button is gone with the empty target: the focus is on the filled cell, not lost.
    await waitFor(() => expect(document.activeElement).toBe(cell('Target', 2)));
    const sent = app.callsOf('translate.batch') as CallInput<'translate.batch'>[];
    expect(sent).toHaveLength(1);
    expect(sent[0]!.segments).toEqual(['Delete {count} items']);
    expect(sent[0]!.options).toMatchObject({ sourceLang: 'EN', targetLang: 'DE' });
    // Protection is Settings → Translate's call in main, as for every translation: nothing here turns it off.
    expect(sent[0]!.options.protect).toBeUndefined();
    // Labelled as the local engine's draft, and the field says so to a screen reader.
    const label = screen.getByText('Rule-based draft');
    expect(cell('Target', 2).getAttribute('aria-describedby')).toContain(label.id);
    expect(screen.getByText(/1 target filled with a machine suggestion/)).toBeTruthy();

    // The fill is an edit like any other: the draft on disk gets it.
    await waitFor(() => expect(app.callsOf('glossaries.draftPut').some((d) => d.entries[1]?.[1] === 'DELETE {count} ITEMS')).toBe(true), { timeout: 3000 });

    // Edited, it is the user's: no label.
    await user.type(cell('Target', 2), '!');
    expect(screen.queryByText('Rule-based draft')).toBeNull();
    // Undo twice: the typing, then the fill (one step), back to empty with the button offered again.
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(cell('Target', 2).value).toBe('DELETE {count} ITEMS');
    expect(screen.getByText('Rule-based draft')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(cell('Target', 2).value).toBe('');
    expect(screen.getByRole('button', { name: 'Translate the term of row 2' })).toBeTruthy();
  });

  it('translates every empty target after a preview, and leaves a target typed in meanwhile as it was', async () => {
    const user = userEvent.setup();
    const app = await openTerms(user);
    await user.click(screen.getByRole('button', { name: 'Translate 2 empty targets' }));

    const preview = await screen.findByRole('region', { name: '2 suggestions to fill' });
    const rows = within(preview).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(['Source termSuggested target', 'Delete {count} itemsDELETE {count} ITEMS', 'courtCOURT']);
    // Nothing filled before the user says so.
    expect(cell('Target', 2).value).toBe('');
    expect(cell('Target', 3).value).toBe('');
    expect(app.callsOf('translate.batch')[0]!.segments).toEqual(['Delete {count} items', 'court']);

    // The user types a target of their own before filling: it stays.
    await user.type(cell('Target', 3), 'Gericht');
    await user.click(within(preview).getByRole('button', { name: 'Fill 2 targets' }));
    expect(cell('Target', 2).value).toBe('DELETE {count} ITEMS');
    expect(cell('Target', 3).value).toBe('Gericht');
    expect(screen.getByText(/1 target filled with a machine suggestion.*1 row left as it was/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: /suggestions to fill/ })).toBeNull();
    expect(screen.getAllByText('Rule-based draft')).toHaveLength(1);
  });

  it('discarding the preview fills nothing', async () => {
    const user = userEvent.setup();
    await openTerms(user);
    await user.click(screen.getByRole('button', { name: 'Translate 2 empty targets' }));
    const preview = await screen.findByRole('region', { name: '2 suggestions to fill' });
    await user.click(within(preview).getByRole('button', { name: 'Discard' }));
    expect(cell('Target', 2).value).toBe('');
    expect(cell('Target', 3).value).toBe('');
    expect(screen.queryByText('Rule-based draft')).toBeNull();
  });

  it('is off, with the reason, where the connection cannot translate the dictionary’s pair', async () => {
    const user = userEvent.setup();
    const app = await openTerms(user, { 'languages.pairs': () => ({ pairs: [{ source: 'EN', target: 'FR' }] }) });
    const reason = await screen.findByText('Translating terms is off: this connection does not translate English → German.');
    const row = screen.getByRole('button', { name: 'Translate the term of row 2' }) as HTMLButtonElement;
    expect(row.disabled).toBe(true);
    expect(row.getAttribute('aria-describedby')).toBe(reason.id);
    expect((screen.getByRole('button', { name: 'Translate 2 empty targets' }) as HTMLButtonElement).disabled).toBe(true);
    expect(app.callsOf('translate.batch')).toEqual([]);
  });
});

describe('Translate this term: the check of each suggestion', () => {
  it('says when a suggestion lost a placeholder, in the preview and on the filled cell', async () => {
    const user = userEvent.setup();
    // A service that dropped `{count}` (protection off on a hosted service, say): main's QA says what is missing.
    await openTerms(user, {
      'translate.batch': ({ batchId, segments }) => ({
        batchId,
        translations: segments.map((s) =>
          s.includes('{count}')
            ? { text: 'DELETE ITEMS', detectedSourceLanguage: 'EN', qa: { missing: [{ kind: 'placeholder' as const, text: '{count}' }], added: [] } }
            : { text: machine(s), detectedSourceLanguage: 'EN', qa: { missing: [], added: [] } },
        ),
        failures: [],
        requests: 1,
        characters: 0,
        engine: null,
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Translate 2 empty targets' }));
    const preview = await screen.findByRole('region', { name: '2 suggestions to fill' });
    const rows = within(preview).getAllByRole('row').map((r) => Array.from(r.children).map((c) => c.textContent));
    expect(rows).toEqual([
      ['Source term', 'Suggested target', 'Check'],
      ['Delete {count} items', 'DELETE ITEMS', 'Missing in the translation: {count}'],
      ['court', 'COURT', ''],
    ]);
    await user.click(within(preview).getByRole('button', { name: 'Fill 2 targets' }));
    // The flagged cell says so; the other is a plain machine suggestion (a hosted engine: no rule-based label).
    const flagged = screen.getByText('Check: Missing in the translation: {count}');
    expect(cell('Target', 2).getAttribute('aria-describedby')).toContain(flagged.closest('[id]')!.id);
    expect(screen.getByText('Machine suggestion')).toBeTruthy();
  });
});

describe('Translate this term: a long run', () => {
  it('shows how far the batch got and, cancelled, fills nothing and shows no preview when it ends', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const app = await openTerms(user, { 'translate.batch': batchHandler({ gate }) });
    await user.click(screen.getByRole('button', { name: 'Translate 2 empty targets' }));
    const bar = await screen.findByRole('progressbar', { name: 'Translating 2 terms…' });
    const batchId = app.callsOf('translate.batch')[0]!.batchId;
    app.emit('translate.batchProgress', { batchId, done: 1, total: 2, requests: 1 });
    await waitFor(() => expect(bar.getAttribute('value')).toBe('1'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(app.callsOf('translate.cancel')).toEqual([{ requestId: batchId }]);
    expect(screen.queryByRole('progressbar')).toBeNull();
    // The answer that comes after the cancel (act waits until it has been handled) is dropped: no preview, nothing filled.
    await act(async () => {
      release();
      await gate;
    });
    expect(screen.queryByRole('region', { name: /suggestions to fill/ })).toBeNull();
    expect(cell('Target', 2).value).toBe('');
  });
});
