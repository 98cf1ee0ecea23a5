// @vitest-environment happy-dom
/**
 * The import panel and text encodings (seen on a French tour: a CSV saved by French Excel, in windows-1252, was
 * refused with "the service could not accept this request" and the reason only in English under Details). The
 * preview says which code page a file that is not UTF-8 was read in; a file that is not text gets a message in the
 * UI language that says what to do, not the service's. main's answers are faked as main gives them.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ImportResult } from '../../../shared/ipc/contract-glossaries.js';
import { ipcFail } from '../../test-utils/fake-api.js';
import { renderApp, settings } from '../../test-utils/scenario.js';
import { fakeAccount, onGlossariesScreen } from './glossaries-test-kit.js';

onGlossariesScreen();

/** What main answers for the tour's file: French Excel's CSV, read as Windows-1252. */
const cp1252Csv: ImportResult = {
  format: 'csv',
  entries: [
    ['settlement', 'règlement'],
    ['fee', 'frais de gestion'],
  ],
  delimiter: ';',
  header: true,
  headerGuessed: true,
  firstRow: ['Anglais', 'Français'],
  encoding: 'Windows-1252',
  legacyEncoding: { name: 'Windows-1252', script: 'western' },
  skipped: 0,
};

/** The IPC error main sends for a binary file (toIpcError of glossary-files' refusal). */
const binaryRefusal = () =>
  ipcFail(
    'bad_file',
    'This file is not text Verso can read (it looks like a binary file). Save it from your spreadsheet as "CSV UTF-8" or as Unicode text and import it again.',
    { serviceCode: 'file_not_text', fileProblem: { kind: 'binary' } },
  );

function app(uiLanguage: 'fr' | 'en', importFile: () => ImportResult) {
  return renderApp({
    ...fakeAccount([]).handlers,
    'settings.get': () => settings({ uiLanguage }),
    'glossaries.importFile': importFile,
  });
}

/** A new glossary, its import panel, and a file chosen there. */
async function importInto(
  user: ReturnType<typeof userEvent.setup>,
  words: { newGlossary: string; import: string; file: string },
  name: string,
) {
  await user.click(await screen.findByRole('button', { name: words.newGlossary }));
  await screen.findByRole('grid');
  await user.click(screen.getByRole('button', { name: words.import }));
  await user.upload(
    screen.getByLabelText(words.file, { exact: true }),
    new File([new Uint8Array([0x66, 0x65, 0x65, 0x3b, 0xe9])], name),
  );
}

const FR = { newGlossary: 'Nouveau glossaire', import: 'Importer un fichier…', file: 'Fichier' };
const EN = { newGlossary: 'New glossary', import: 'Import file…', file: 'File' };

describe('importing a file that is not UTF-8', () => {
  it('the preview says, in the UI language, the code page it was read in and what to do if letters look wrong', async () => {
    const user = userEvent.setup();
    app('fr', () => cp1252Csv);
    await importInto(user, FR, 'gloss-cp1252.csv');
    const line = await screen.findByTestId('import-encoding');
    expect(line.textContent).toBe(
      'Lu en Windows-1252 (Europe occidentale) : le fichier n’est pas en UTF-8 et Verso a détecté cet encodage d’après son texte. Si des lettres semblent incorrectes dans les premières lignes, enregistrez le fichier depuis votre tableur au format « CSV UTF-8 » et importez-le de nouveau.',
    );
    // Beside the other facts about the file, and not said twice in the count line.
    expect(screen.getByTestId('import-first-row').textContent).toMatch(
      /^La première ligne \(«\sAnglais\s» → «\sFrançais\s»\)/,
    );
    expect(screen.getByText(/^CSV : 2 entrées trouvées/).textContent).not.toMatch(/Encodage/);
    expect(within(screen.getByRole('table')).getByText('règlement')).toBeTruthy();
  });

  it('a UTF-8 file has no such line; its encoding stays in the count line', async () => {
    const user = userEvent.setup();
    app('en', () => ({ ...cp1252Csv, encoding: 'UTF-8 (BOM)', legacyEncoding: undefined }));
    await importInto(user, EN, 'terms.csv');
    expect(
      await screen.findByText('CSV: 2 entries found, none skipped. Encoding: UTF-8 (BOM).'),
    ).toBeTruthy();
    expect(screen.queryByTestId('import-encoding')).toBeNull();
  });
});

describe('importing a file that is not text', () => {
  it('says so in the UI language, with what to do, instead of "the service could not accept this request"', async () => {
    const user = userEvent.setup();
    app('fr', binaryRefusal);
    await importInto(user, FR, 'terms.csv');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(
      /^Ce fichier n’est pas du texte que Verso peut lire \(il semble s’agir d’un fichier binaire, comme un classeur, une image ou un programme\)\. Enregistrez-le depuis votre tableur au format « CSV UTF-8 » ou en texte Unicode, puis importez-le de nouveau\./,
    );
    expect(alert.textContent).not.toMatch(/Le service/);
    // main's own English sentence stays behind Details, labelled as such.
    expect(within(alert).getByText('Détails')).toBeTruthy();
  });

  it('a damaged UTF-16 file is named as such', async () => {
    const user = userEvent.setup();
    app('en', () =>
      ipcFail('bad_file', 'The file starts as UTF-16 LE text …', {
        serviceCode: 'file_encoding',
        fileProblem: { kind: 'damaged', encoding: 'UTF-16 LE' },
      }),
    );
    await importInto(user, EN, 'unicode.txt');
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^This file is not text Verso can read \(it starts as UTF-16 LE text but is damaged further on\)\. Save it from your spreadsheet as “CSV UTF-8” or as Unicode text and import it again\./,
    );
  });
});
