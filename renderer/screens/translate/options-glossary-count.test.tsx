// @vitest-environment happy-dom
/**
 * Component test (a Russian translator's tour): the options summary counted every ticked glossary, also those of
 * another pair — after a swap it said "In effect: 1 glossary" beside "no glossary for Spanish → English", and with
 * glossaries ticked for three pairs "3 glossaries" where one was sent. It counts the glossaries sent: those of the
 * pair chosen.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GlossaryView } from '../../../shared/ipc/contract.js';
import { renderApp, resetRenderer, settings } from '../../test-utils/scenario.js';
import { draft, openOptions, translateHandlers } from './translate-test-kit.js';

const glossary = (id: string, name: string, sourceLang: string, targetLang: string): GlossaryView => ({
  glossaryId: id,
  name,
  ready: true,
  sourceLang,
  targetLang,
  creationTime: '2026-01-01T00:00:00.000Z',
  entryCount: 3,
});
const ANATOMY = glossary('g-anatomy', 'Anatomy', 'EN', 'DE');
const NORDIC = glossary('g-nordic', 'Nordic', 'DE', 'FR');

beforeEach(() => resetRenderer());
afterEach(() => cleanup());

describe('the options summary counts the glossaries sent', () => {
  it('leaves out a glossary ticked for another pair, and the request does too', async () => {
    const user = userEvent.setup();
    const app = renderApp(
      translateHandlers(
        [
          { source: 'EN', target: 'DE' },
          { source: 'EN', target: 'FR' },
          { source: 'DE', target: 'FR' },
        ],
        {
          'glossaries.list': () => [ANATOMY, NORDIC],
          'settings.get': () =>
            settings({ translateDraft: draft({ sourceLang: 'EN', targetLang: 'FR', glossaryIds: [ANATOMY.glossaryId, NORDIC.glossaryId] }) }),
        },
      ),
    );
    await openOptions();
    await screen.findByRole('option', { name: 'English' });
    // English → French: neither ticked glossary is for this pair.
    const summary = () => document.querySelector('.tr-summary')?.textContent ?? '';
    await waitFor(() => expect(summary()).not.toBe(''));
    expect(summary()).not.toMatch(/glossar/i);
    await user.type(await screen.findByLabelText('Text to translate'), 'Good morning');
    await waitFor(() => expect(app.callsOf('translate.run').length).toBeGreaterThan(0));
    expect(app.callsOf('translate.run').at(-1)!.options.glossaryIds ?? []).toEqual([]);
    // English → German: Anatomy is sent and counted, Nordic is not.
    await user.selectOptions(screen.getByLabelText('To'), 'DE');
    await waitFor(() => expect(summary()).toMatch(/1 glossary/));
    expect(summary()).not.toMatch(/2 glossaries/);
  });
});
