// @vitest-environment happy-dom
/**
 * Import errors of a file Verso reads but cannot make entries of (seen on a Russian tour): a one-column CSV or an
 * unclosed quote said "Verso cannot read this file… fix what the details below describe" with the reason only in
 * English, and the English told to "choose the delimiter" while the Delimiter picker was hidden. Each is said in
 * the UI language with what to do, and the picker stays when the delimiter is the problem.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ImportOptions, ImportResult } from '../../../shared/ipc/contract-glossaries.js';
import { ipcFail } from '../../test-utils/fake-api.js';
import { renderApp, settings } from '../../test-utils/scenario.js';
import { fakeAccount, onGlossariesScreen } from './glossaries-test-kit.js';

onGlossariesScreen();

const RU = { newGlossary: 'Новый глоссарий', import: 'Импорт файла…', file: 'Файл' };

const oneColumn = () =>
  ipcFail('bad_file', 'Every row has one column only (no "," between source and target). Put the source term in the first column and the target in the second, or choose the delimiter.', {
    serviceCode: 'file_one_column',
  });

function app(importFile: (i: { options?: ImportOptions }) => ImportResult) {
  const seen: (ImportOptions | undefined)[] = [];
  renderApp({
    ...fakeAccount([]).handlers,
    'settings.get': () => settings({ uiLanguage: 'ru' }),
    'glossaries.importFile': (i: { options?: ImportOptions }) => {
      seen.push(i.options);
      return importFile(i);
    },
  });
  return seen;
}

async function importInto(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: RU.newGlossary }));
  await screen.findByRole('grid');
  await user.click(screen.getByRole('button', { name: RU.import }));
  await user.upload(screen.getByLabelText(RU.file, { exact: true }), new File(['дом;house\n'], name));
}

describe('import errors in the UI language (Russian tour)', () => {
  it('a one-column file says what to do in Russian and keeps the Delimiter picker, which reads the file again', async () => {
    const user = userEvent.setup();
    const seen = app(({ options }) =>
      options?.delimiter === ';'
        ? { format: 'csv', entries: [['дом', 'house']], delimiter: ';', header: false, headerGuessed: true, encoding: 'UTF-8', skipped: 0 }
        : oneColumn(),
    );
    await importInto(user, 'terms.csv');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^В каждой строке этого файла только один столбец: разделитель между исходным термином и переводом не найден\. Выберите ниже разделитель/);
    expect(alert.textContent).not.toMatch(/^Verso не может прочитать этот файл в текущем виде/);
    const picker = screen.getByRole('combobox', { name: 'Разделитель' }) as HTMLSelectElement;
    await user.selectOptions(picker, ';');
    expect(seen.at(-1)).toMatchObject({ delimiter: ';' });
    expect(await screen.findByText(/^CSV: найдено 1 запись/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an unclosed quote is explained in Russian, with the picker', async () => {
    const user = userEvent.setup();
    app(() => ipcFail('bad_file', 'Row 3: a quoted cell is not closed …', { serviceCode: 'file_unterminated_quote' }));
    await importInto(user, 'terms.csv');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^В этом файле не закрыта ячейка в кавычках/);
    expect(within(alert).getByText('Подробности')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Разделитель' })).toBeTruthy();
  });

  it('a file that is not an .xlsx workbook is explained in Russian', async () => {
    const user = userEvent.setup();
    app(() => ipcFail('bad_file', 'This is not an Excel workbook (.xlsx) …', { serviceCode: 'file_not_xlsx' }));
    await importInto(user, 'terms.xlsx');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Это не книга Excel \(\.xlsx\), которую Verso может прочитать/);
    expect(screen.queryByRole('combobox', { name: 'Разделитель' })).toBeNull();
  });
});
