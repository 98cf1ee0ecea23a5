// @vitest-environment happy-dom
/**
 * The interface-language picker keeps one order whatever the UI language, so the arrow keys walk through it: the
 * choice applies at once, and a list sorted in the UI language re-sorted itself under the keyboard (Chinese →
 * 日本語, and ArrowDown flipped between the two for ever; seen on a keyboard tour).
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUiStore } from '../../state/ui-store.js';
import { renderApp, resetRenderer, settings } from '../../test-utils/scenario.js';

beforeEach(() => {
  resetRenderer();
  useUiStore.setState({ screen: 'settings' });
});
afterEach(() => cleanup());

const codes = (select: HTMLSelectElement) => [...select.options].map((o) => o.value);

describe('the interface-language picker', () => {
  it('lists the languages in the same order after a switch to another one', async () => {
    const user = userEvent.setup();
    let saved = settings({ uiLanguage: 'zh-Hans' });
    renderApp({
      'settings.get': () => saved,
      'settings.update': (patch: object) => (saved = { ...saved, ...patch }),
    } as never);
    const picker = () => document.querySelector<HTMLSelectElement>('select.ui-language')!;
    await waitFor(() => expect(picker()).toBeTruthy(), { timeout: 10_000 });
    const before = codes(picker());
    expect(before[0]).toBe('system');
    await user.selectOptions(picker(), 'ja');
    // The screen is in Japanese now…
    await screen.findByText('表示言語', {}, { timeout: 10_000 });
    // …and the list has not moved under the keyboard.
    expect(codes(picker())).toEqual(before);
  });
});
