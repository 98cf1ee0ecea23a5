// @vitest-environment happy-dom
/**
 * Component test (issue 24, point 5): the Documents batch's glossary choice follows `/v3/languages` (resource
 * `translate_document`): for a pair it lists without `glossary` the choice is replaced by the reason; where it does
 * not answer, the glossaries of the pair are offered as before.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, v3Lang } from '../../test-utils/scenario.js';
import { glossary } from '../glossaries/glossaries-test-kit.js';
import { addNotesFor, onDocumentsScreen, STAGING_BRIDGE, v3DocumentsHandlers } from './documents-test-kit.js';

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
