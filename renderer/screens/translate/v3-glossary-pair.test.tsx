// @vitest-environment happy-dom
/**
 * Component test (issue 24, point 2): Translate's options offer a multilingual (v3) glossary for the current pair
 * through its dictionaries — one dictionary matching source → target is enough, whatever pair the glossary was
 * listed under — with that dictionary's entry count, and do not offer it when none of its dictionaries matches.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { capabilities, renderApp, resetRenderer, settings } from '../../test-utils/scenario.js';
import { productTerms } from '../glossaries/glossaries-test-kit.js';
import { draft, openOptions, translateHandlers } from './translate-test-kit.js';

const MULTI = productTerms('6f1c7a2e-1b0a-4c55-9a43-3d2b7c1e9f00');

function open(sourceLang: string, targetLang: string) {
  return renderApp(
    translateHandlers(
      [
        { source: 'EN', target: 'DE' },
        { source: 'EN', target: 'FR' },
        { source: 'EN', target: 'PL' },
        { source: 'DE', target: 'EN-GB' },
      ],
      {
        'glossaries.list': () => [MULTI],
        'customisation.capabilities': () => capabilities({ glossaries: true }),
        'settings.get': () => settings({ translateDraft: draft({ sourceLang, targetLang }) }),
      },
    ),
  );
}

beforeEach(() => resetRenderer());
afterEach(() => cleanup());

describe('Translate: a multilingual glossary is offered through its dictionaries', () => {
  it('is offered for a pair one of its dictionaries (not its first) serves, with that dictionary’s entries, and sent', async () => {
    const user = userEvent.setup();
    const app = open('EN', 'DE');
    await openOptions();
    const box = await screen.findByRole('checkbox', { name: /Product terms/ });
    expect(box.closest('label')!.textContent).toContain('(3 entries)');
    await user.click(box);
    await user.type(await screen.findByLabelText('Text to translate'), 'Good morning');
    expect(box).toHaveProperty('checked', true);
    await waitFor(() => expect(app.callsOf('translate.run').length).toBeGreaterThan(0));
    await waitFor(() =>
      expect(app.callsOf('translate.run').at(-1)!.options.glossaryId).toBe(MULTI.glossaryId),
    );
  });

  it('is not offered when none of its dictionaries matches source → target (other target, or reversed pair)', async () => {
    const user = userEvent.setup();
    open('EN', 'PL');
    await screen.findByRole('option', { name: 'English' });
    await openOptions();
    expect(await screen.findByText('No glossary for English → Polish on this connection.')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Product terms/ })).toBeNull();

    // DE → EN: a dictionary EN → DE does not serve the reversed direction.
    await user.selectOptions(screen.getByLabelText('From'), 'DE');
    await user.selectOptions(screen.getByLabelText('To'), 'EN-GB');
    expect(await screen.findByText(/^No glossary for German → .*English on this connection\.$/)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Product terms/ })).toBeNull();

    // EN → FR (its first dictionary): offered with 4 entries.
    await user.selectOptions(screen.getByLabelText('From'), 'EN');
    await user.selectOptions(screen.getByLabelText('To'), 'FR');
    const box = await screen.findByRole('checkbox', { name: /Product terms/ });
    expect(box.closest('label')!.textContent).toContain('(4 entries)');
  });
});
