// @vitest-environment happy-dom
/**
 * Walking the To list with the arrow keys changes the target at every step; only the language the user stops on is
 * translated (and billed, and kept in History). Seen on a keyboard tour: four presses of ArrowUp sent four
 * translations and added four History entries.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/scenario.js';
import { onEnglishSystem, translateHandlers } from './translate-test-kit.js';

onEnglishSystem();

describe('walking the To list', () => {
  it('translates only the language it stops on', async () => {
    const user = userEvent.setup();
    const app = renderApp(translateHandlers([{ source: 'EN', target: 'DE' }, { source: 'EN', target: 'FR' }, { source: 'EN', target: 'PL' }, { source: 'EN', target: 'BG' }]));
    await screen.findByRole('option', { name: 'English' });
    await user.selectOptions(screen.getByLabelText('From'), 'EN');
    await user.selectOptions(screen.getByLabelText('To'), 'DE');
    await user.type(screen.getByLabelText('Text to translate'), 'Good morning');
    await waitFor(() => expect(app.callsOf('translate.run').some((c) => c.options.targetLang === 'DE')).toBe(true));
    const before = app.callsOf('translate.run').length;
    // Arrow keys in a select: one change event per step, a few milliseconds apart.
    const to = screen.getByLabelText('To') as HTMLSelectElement;
    for (const code of ['FR', 'PL', 'BG']) fireEvent.change(to, { target: { value: code } });
    await waitFor(() => expect(app.callsOf('translate.run').length).toBeGreaterThan(before), { timeout: 3000 });
    await new Promise((r) => setTimeout(r, 600));
    expect(app.callsOf('translate.run').slice(before).map((c) => c.options.targetLang)).toEqual(['BG']);
  });
});
