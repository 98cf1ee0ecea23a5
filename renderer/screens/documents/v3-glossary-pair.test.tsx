// @vitest-environment happy-dom
/**
 * Component test (issue 24, point 2): the Documents batch offers a multilingual (v3) glossary for its pair through
 * the glossary's dictionaries — one dictionary matching source → target is enough, whatever pair the glossary is
 * listed under — sends it with the batch, and does not offer it when no dictionary matches.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { capabilities, HOSTED_CONNECTION, renderApp } from '../../test-utils/scenario.js';
import { productTerms } from '../glossaries/glossaries-test-kit.js';
import {
  addNotesFor,
  EMPTY_DOCUMENTS,
  hostedDocumentsHandlers,
  onDocumentsScreen,
  STAGING_BRIDGE,
} from './documents-test-kit.js';

const MULTI = productTerms('g-multi');

const handlers = hostedDocumentsHandlers({
  'documents.enqueue': () => EMPTY_DOCUMENTS,
  'glossaries.list': () => [MULTI],
  'customisation.capabilities': () => capabilities({ connectionId: HOSTED_CONNECTION.id, glossaries: true }),
});

onDocumentsScreen(STAGING_BRIDGE);

describe('Documents: a multilingual glossary is offered through its dictionaries', () => {
  it('is offered for English → German (its second dictionary) and sent with the batch', async () => {
    const user = userEvent.setup();
    const app = renderApp(handlers as never);
    await addNotesFor(user, 'German', 'EN');
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
    await addNotesFor(user, 'Polish', 'EN');
    expect(await screen.findByText('No glossary matches these languages.')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Product terms' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Polish' }));
    await user.click(screen.getByRole('checkbox', { name: /British/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Source language' }), 'DE');
    await waitFor(() => expect(screen.getByText('No glossary matches these languages.')).toBeTruthy());
    expect(screen.queryByRole('checkbox', { name: 'Product terms' })).toBeNull();
  });
});
