// @vitest-environment happy-dom
/**
 * Component test (issue 24, point 5): the Documents batch's glossary choice follows `/v3/languages` (resource
 * `translate_document`): for a pair it lists without `glossary` the choice is replaced by the reason; where it does
 * not answer, the glossaries of the pair are offered as before.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { capabilities, HOSTED_CONNECTION, renderApp, v3Lang } from '../../test-utils/scenario.js';
import { glossary } from '../glossaries/glossaries-test-kit.js';
import {
  addNotesFor,
  hostedDocumentsHandlers,
  onDocumentsScreen,
  STAGING_BRIDGE,
  v3DocumentsHandlers,
} from './documents-test-kit.js';

/** /v3/languages for documents lists German without glossaries. */
const handlers = v3DocumentsHandlers(
  [v3Lang('EN', 'English', ['glossary']), v3Lang('DE', 'German', ['formality']), v3Lang('FR', 'French', ['glossary'])],
  { 'glossaries.list': () => [glossary({ glossaryId: 'g-legal', name: 'Legal terms' })] },
);

onDocumentsScreen(STAGING_BRIDGE);

describe('Documents: glossary follows /v3/languages', () => {
  it('gives the reason instead of the choice for a pair it lists without glossaries', async () => {
    const user = userEvent.setup();
    renderApp(handlers(true) as never);
    await addNotesFor(user, 'German', 'EN');
    expect(
      await screen.findByText('Glossaries are not available for English → German on this service.'),
    ).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Legal terms' })).toBeNull();
  });

  it('offers the glossaries of the pair where /v3/languages does not answer', async () => {
    const user = userEvent.setup();
    renderApp(handlers(false) as never);
    await addNotesFor(user, 'German', 'EN');
    expect(await screen.findByRole('checkbox', { name: 'Legal terms' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Glossaries are not available/)).toBeNull());
  });
});

describe('Documents: style rule list before a target is chosen', () => {
  it('asks for a target language instead of naming an empty one, then names the target', async () => {
    const user = userEvent.setup();
    renderApp(
      hostedDocumentsHandlers({
        'customisation.capabilities': () =>
          capabilities({ connectionId: HOSTED_CONNECTION.id, styleRules: true }),
        'customisation.styleRules': () => [],
      }) as never,
    );
    await user.upload(await screen.findByTestId('documents-file-input'), [
      new File(['hello world!'], 'notes.txt'),
    ]);
    await screen.findByRole('table');
    const list = await screen.findByRole('combobox', { name: /Style rule list/ });
    expect(list.getAttribute('aria-describedby')).toBeTruthy();
    const note = () => document.getElementById(list.getAttribute('aria-describedby')!)!.textContent;
    await waitFor(() => expect(note()).toBe('Choose a target language to use a style rule list.'));
    expect((list as HTMLSelectElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'German' }));
    await waitFor(() =>
      expect(note()).toBe('No style rule list for German yet (create one on the Glossaries screen).'),
    );
  });
});

describe('Documents: targets the connection does not reach from the chosen source', () => {
  it('are marked and cannot be ticked; one ticked before the source was chosen holds the batch back and says why', async () => {
    // Seen on a tour: an English batch ticked for Danish on the local engine sent rows that all failed.
    const user = userEvent.setup();
    renderApp(
      hostedDocumentsHandlers({
        // The connection reaches German and French from English, nothing from German.
        'languages.pairs': () => ({ pairs: [{ source: 'EN', target: 'DE' }, { source: 'EN', target: 'FR' }] }),
      }) as never,
    );
    await addNotesFor(user, 'Polish');
    const send = () => screen.getByRole('button', { name: /^Translate \d+ document/ }) as HTMLButtonElement;
    expect(send().disabled).toBe(false);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Source language' }), 'EN');
    expect(
      await screen.findByText('Polish is not available from English on this connection: untick it, or choose another source language.'),
    ).toBeTruthy();
    expect(send().disabled).toBe(true);
    const bulgarian = screen.getByRole('checkbox', { name: 'Bulgarian — not from English' }) as HTMLInputElement;
    expect(bulgarian.disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'French' }) as HTMLInputElement).disabled).toBe(false);
    // Polish, ticked, can still be unticked: then the batch goes.
    await user.click(screen.getByRole('checkbox', { name: 'Polish — not from English' }));
    await user.click(screen.getByRole('checkbox', { name: 'French' }));
    await waitFor(() => expect(send().disabled).toBe(false));
    expect(screen.queryByText(/is not available from English/)).toBeNull();
  });
});
