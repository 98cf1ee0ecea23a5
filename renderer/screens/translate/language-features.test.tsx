// @vitest-environment happy-dom
/**
 * Component tests (issue 24, point 5): where `/v3/languages` answers, Translate's glossary and tag handling options
 * follow its per-language features: a pair listed without `glossary` / `tag_handling` gets the option disabled with
 * the reason, and the request leaves it out. Where it does not answer, both options stay as they were.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GlossaryView } from '../../../shared/ipc/contract.js';
import type { Handlers } from '../../test-utils/fake-api.js';
import { capabilities, renderApp, resetRenderer, settings, v3Lang } from '../../test-utils/scenario.js';
import { draft, openOptions, translateHandlers } from './translate-test-kit.js';

const GLOSSARY: GlossaryView = {
  glossaryId: 'def3a26b-3e84-45b3-84ae-0c0aaf3525f7',
  name: 'Menu terms',
  ready: true,
  sourceLang: 'EN',
  targetLang: 'BG',
  creationTime: '2026-01-01T00:00:00.000Z',
  entryCount: 3,
};

/** A service whose /v3/languages lists Bulgarian without glossaries or tag handling. */
const V3 = capabilities({
  languages: true,
  text: [
    v3Lang('EN', 'English', ['glossary', 'tag_handling']),
    v3Lang('DE', 'German', ['formality', 'glossary', 'tag_handling']),
    v3Lang('BG', 'Bulgarian', []),
  ],
});

/** Opens Translate with these answers, and its options panel (built when first opened). */
async function open(overrides: Handlers = {}) {
  const app = renderApp(
    translateHandlers(
      [
        { source: 'EN', target: 'BG' },
        { source: 'EN', target: 'DE' },
      ],
      {
        'glossaries.list': () => [GLOSSARY],
        'settings.get': () =>
          settings({
            translateDraft: draft({
              sourceLang: 'EN',
              targetLang: 'BG',
              tagHandling: 'xml',
              glossaryIds: [GLOSSARY.glossaryId],
            }),
          }),
        ...overrides,
      },
    ),
  );
  await openOptions();
  return app;
}

beforeEach(() => resetRenderer());
afterEach(() => cleanup());

describe('glossary and tag handling follow /v3/languages', () => {
  it('glossary: disabled with the reason for a pair it lists without it, and left out of the request', async () => {
    const user = userEvent.setup();
    const app = await open({ 'customisation.capabilities': () => V3 });
    await screen.findByRole('option', { name: 'English' });

    expect(
      await screen.findByText('Glossaries are not available for English → Bulgarian on this service.'),
    ).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Menu terms/ })).toBeNull();

    await user.type(await screen.findByLabelText('Text to translate'), 'Good morning');
    await waitFor(() => expect(app.callsOf('translate.run').length).toBeGreaterThan(0));
    const sent = app.callsOf('translate.run').at(-1)!.options;
    expect(sent.glossaryId).toBeUndefined();
    expect(sent.glossaryIds).toBeUndefined();

    // A pair it lists with the feature: the glossary is offered again.
    await user.selectOptions(screen.getByLabelText('To'), 'DE');
    await waitFor(() => expect(screen.queryByText(/Glossaries are not available/)).toBeNull());
  });

  it('tag handling: disabled with the reason for a pair it lists without it, and left out of the request', async () => {
    const user = userEvent.setup();
    const app = await open({ 'customisation.capabilities': () => V3 });
    await screen.findByRole('option', { name: 'English' });

    const tags = screen.getByLabelText('Tag handling') as HTMLSelectElement;
    await waitFor(() => expect(tags.disabled).toBe(true));
    expect(tags.value).toBe('');
    const reason = screen.getByText(
      'Tag handling (XML/HTML) is not available for Bulgarian on this service.',
    );
    expect(tags.getAttribute('aria-describedby')).toBe(reason.id);

    await user.type(await screen.findByLabelText('Text to translate'), 'Good morning');
    await waitFor(() => expect(app.callsOf('translate.run').length).toBeGreaterThan(0));
    expect(app.callsOf('translate.run').at(-1)!.options.tagHandling).toBeUndefined();

    // A pair it lists with the feature: the user's choice is back in effect.
    await user.selectOptions(screen.getByLabelText('To'), 'DE');
    await waitFor(() =>
      expect((screen.getByLabelText('Tag handling') as HTMLSelectElement).value).toBe('xml'),
    );
    expect((screen.getByLabelText('Tag handling') as HTMLSelectElement).disabled).toBe(false);
  });

  it('stay as they were where /v3/languages does not answer', async () => {
    await open();
    await screen.findByRole('option', { name: 'English' });
    expect(await screen.findByRole('checkbox', { name: /Menu terms/ })).toBeTruthy();
    const tags = screen.getByLabelText('Tag handling') as HTMLSelectElement;
    expect(tags.disabled).toBe(false);
    expect(tags.value).toBe('xml');
    expect(screen.queryByText(/not available for/)).toBeNull();
  });
});
