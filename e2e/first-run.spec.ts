/**
 * E2E: a new user opens Verso, picks the local engine on the first-run screen (it shows what it can translate),
 * and translates as they type. The local engine runs the pseudo engine here, so its output is labelled as
 * pseudo-localisation and never called a translation.
 */
import { pseudoText } from '../service/engines/pseudo.js';
import { expect, test } from './fixtures.js';
import { chooseLocalEngine, output, pickLanguages, sourceBox } from './helpers.js';

test('first run → local engine → translate as you type', async ({ verso: { page } }) => {
  await expect(page.getByRole('radio', { name: /Local engine/ })).toBeChecked();
  // The local engine's languages are listed before the user commits to it.
  const offered = page.getByRole('region', { name: 'What the local engine translates' });
  await expect(offered.getByText(/^German/).first()).toBeVisible();
  await expect(page.getByText('Only the pseudo engine is running')).toBeVisible();
  await chooseLocalEngine(page);

  await pickLanguages(page, 'EN', 'DE');
  await sourceBox(page).pressSequentially('Good morning', { delay: 20 });
  // No button pressed: the text is translated after the pause.
  await expect(output(page)).toContainText(pseudoText('Good morning'));
  await expect(
    page.getByRole('region', { name: 'Pseudo-localised preview (not a translation)' }),
  ).toBeVisible();
  await expect(page.getByText('Pseudo-localisation — not a translation')).toBeVisible();
  await expect(page.getByText('12 characters', { exact: true })).toBeVisible();
  // The local engine bills nothing: no "Billed" count that would read like a charge.
  await expect(page.getByText(/^Billed/)).toHaveCount(0);

  // What the user typed survives a reload (the draft is kept).
  await page.reload();
  await expect(sourceBox(page)).toHaveValue('Good morning');
});
