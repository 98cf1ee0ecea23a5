// @vitest-environment happy-dom
/**
 * Language pickers list languages in the UI language's alphabetical order, not the service's code order (seen on a
 * tour in Ukrainian: "Арабська, Болгарська, Чеська, Данська, Німецька…").
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp, resetRenderer, settings } from '../test-utils/scenario.js';

beforeEach(() => resetRenderer());
afterEach(() => cleanup());

const texts = (select: HTMLSelectElement) => [...select.options].filter((o) => o.value !== '').map((o) => o.textContent ?? '');
const sorted = (names: string[]) => [...names].sort(new Intl.Collator('uk').compare);

describe('language pickers', () => {
  it("list languages in the UI language's order", async () => {
    renderApp({ 'settings.get': () => settings({ uiLanguage: 'uk' }) });
    const from = (await screen.findByRole('textbox')) && (document.getElementById('source-lang') as HTMLSelectElement);
    const to = document.getElementById('target-lang') as HTMLSelectElement;
    // Ukrainian names, in Ukrainian order: English (Англійська …) before Bulgarian (Болгарська), though EN > BG by code.
    await waitFor(() => expect(texts(to).some((t) => /англійська/i.test(t))).toBe(true));
    await waitFor(() => expect(texts(to)).toEqual(sorted(texts(to))));
    expect(texts(from)).toEqual(sorted(texts(from)));
    const names = texts(to);
    expect(names.findIndex((t) => /англійська/i.test(t))).toBeLessThan(names.findIndex((t) => /болгарська/i.test(t)));
  });
});
