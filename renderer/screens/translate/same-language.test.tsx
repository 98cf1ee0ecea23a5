// @vitest-environment happy-dom
/**
 * Component test: a target chosen in the language chosen as source (English → American English) is said to give the
 * text back unchanged. Seen on a tour (Italian UI): English → British English came back as typed with no word why.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/scenario.js';
import { onEnglishSystem, translateHandlers } from './translate-test-kit.js';

onEnglishSystem();

describe('a target in the language chosen as source', () => {
  it('says the text comes back unchanged, and says nothing once another target is chosen', async () => {
    const user = userEvent.setup();
    renderApp(translateHandlers([{ source: 'EN', target: 'FR' }]));
    await screen.findByRole('option', { name: 'English' });
    await user.selectOptions(screen.getByLabelText('From'), 'EN');
    await user.selectOptions(screen.getByLabelText('To'), 'EN-US');
    expect(
      await screen.findByText('English → American English is one language: the text comes back unchanged. Choose another target language to translate it.'),
    ).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('To'), 'FR');
    await waitFor(() => expect(screen.queryByText(/is one language/)).toBeNull());
  });
});
