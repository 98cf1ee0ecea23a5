// @vitest-environment happy-dom
/**
 * Component tests (Spanish and Russian tours): a language name inside a sentence is written as the UI language
 * writes it there, lower case in Spanish and Russian ("El texto ya está en inglés británico", «Определён язык:
 * английский»); the pickers, where the name starts the line, keep the capital ("Inglés británico").
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from '../../../shared/i18n/en/index.js';
import es from '../../../shared/i18n/es/index.js';
import ru from '../../../shared/i18n/ru/index.js';
import { compileCatalog } from '../../../shared/i18n/compile.js';
import { DEFAULT_TRANSLATE_PREFS } from '../../../shared/ipc/contract.js';
import { installTestI18n } from '../../i18n/index.js';
import { renderApp, resetRenderer, settings } from '../../test-utils/scenario.js';

function open(uiLanguage: string) {
  return renderApp({
    'settings.get': () => settings({ uiLanguage }),
    'translatePrefs.get': () => DEFAULT_TRANSLATE_PREFS,
    'translatePrefs.update': () => DEFAULT_TRANSLATE_PREFS,
    'languages.pairs': () => ({ pairs: null }),
  });
}

beforeEach(() => resetRenderer());
afterEach(() => {
  cleanup();
  installTestI18n('en', compileCatalog(en));
});

describe('language names in running text', () => {
  it('Spanish: "El texto ya está en inglés británico", while the picker says "Inglés británico"', async () => {
    installTestI18n('es', compileCatalog(en), compileCatalog(es));
    const user = userEvent.setup();
    open('es');
    const to = (await screen.findByLabelText('A')) as HTMLSelectElement;
    await screen.findByRole('option', { name: 'Inglés británico' });
    await user.selectOptions(to, 'EN-GB');
    await user.type(await screen.findByLabelText(es['translate.source.label']), 'Colour');
    const note = await screen.findByText(/El texto ya está en/);
    expect(note.textContent).toContain('El texto ya está en inglés británico,');
    expect(note.textContent).toContain('Idioma detectado: inglés');
  });

  it('Russian: «Определён язык: английский» after a colon, the picker still «Английский»', async () => {
    installTestI18n('ru', compileCatalog(en), compileCatalog(ru));
    const user = userEvent.setup();
    open('ru');
    await screen.findByRole('option', { name: 'Английский' });
    await user.type(await screen.findByLabelText(ru['translate.source.label']), 'Hello');
    // No target chosen yet: Verso also takes the first language offered, named in the same sentence.
    await waitFor(() => expect(document.getElementById('detected-lang')?.textContent).toMatch(/^Определён язык: английский( · |$)/));
    expect(document.getElementById('detected-lang')?.textContent).toContain('Текст уже на языке «английский», поэтому Verso перевёл его на «болгарский»');
  });
});
