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
import { renderApp, v3Lang } from '../../test-utils/scenario.js';
import { addNotesFor, onDocumentsScreen, STAGING_BRIDGE, v3DocumentsHandlers } from './documents-test-kit.js';

/** The v2 list (scenario.tsx) says Polish has formality and Bulgarian has not; /v3/languages says the opposite. */
const handlers = v3DocumentsHandlers([
  v3Lang('EN', 'English', []),
  v3Lang('PL', 'Polish', []),
  v3Lang('BG', 'Bulgarian', ['formality']),
]);

onDocumentsScreen(STAGING_BRIDGE);

describe('Documents: formality follows /v3/languages', () => {
  it('is not offered for a target it lists without `formality` (Polish)', async () => {
    const user = userEvent.setup();
    const app = renderApp(handlers(true) as never);
    await addNotesFor(user, 'Polish');
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Polish' })).toHaveProperty('checked', true),
    );
    // The capabilities were asked for; give their answer a moment to be rendered, then check.
    await waitFor(() => expect(app.callsOf('customisation.capabilities').length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByLabelText('Formality')).toBeNull();
  });

  it('is offered for a target it lists with `formality` (Bulgarian), where the v2 list says no', async () => {
    const user = userEvent.setup();
    renderApp(handlers(true) as never);
    await addNotesFor(user, 'Bulgarian');
    expect(await screen.findByLabelText('Formality')).toBeTruthy();
  });

  it('follows the v2 list where /v3/languages does not answer', async () => {
    const user = userEvent.setup();
    renderApp(handlers(false) as never);
    await addNotesFor(user, 'Polish');
    expect(await screen.findByLabelText('Formality')).toBeTruthy();
  });
});
