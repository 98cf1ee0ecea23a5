// @vitest-environment happy-dom
/**
 * Component tests (renderer, happy-dom): the typed confirmation of a deactivation says why it does not confirm (the
 * Deactivate button stayed greyed out with no word: "ci" for "CI", a wrong name, a wrong count), and a new key's
 * label that repeats an existing one is pointed out before the key is made (it was accepted silently, and two keys
 * of one name cannot be told apart in Usage and the change log).
 */
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetRenderer } from '../../test-utils/scenario.js';
import { useUiStore } from '../../state/ui-store.js';
import { key, keysApp, LOCAL, plain } from './keys-test-kit.js';
import { confirmMismatch, sameLabel } from './panels.js';

beforeEach(() => {
  resetRenderer();
  useUiStore.setState({ screen: 'keys' });
});
afterEach(cleanup);

describe('the typed confirmation of a deactivation', () => {
  it('says nothing while the label is being typed, and why once what is typed cannot become it', () => {
    expect(confirmMismatch('', 'Mobile app')).toBeNull();
    expect(confirmMismatch('Mob', 'Mobile app')).toBeNull();
    expect(confirmMismatch('Mobile app ', 'Mobile app')).toBeNull();
    expect(confirmMismatch('mob', 'Mobile app')).toBe('case');
    expect(confirmMismatch('mobile app', 'Mobile app')).toBe('case');
    expect(confirmMismatch('Mobile apps', 'Mobile app')).toBe('other');
    expect(confirmMismatch('Web', 'Mobile app')).toBe('other');
    expect(confirmMismatch('4', '3')).toBe('other');
    expect(confirmMismatch('１', '12')).toBeNull(); // a full-width digit is the beginning of 12
  });

  it('shows the reason under the field, tied to it, and drops it once the label is right', async () => {
    const app = keysApp(() => [key(1, { label: 'CI' }), key(2, { label: 'Web' })], {
      'adminKeys.deactivate': ({ keyId }) => key(1, { keyId, label: 'CI', isDeactivated: true }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate CI' }));
    const dialog = screen.getByRole('dialog');
    const field = within(dialog).getByLabelText(/Type the key's label/) as HTMLInputElement;
    const submit = within(dialog).getByRole('button', { name: 'Deactivate' }) as HTMLButtonElement;
    await userEvent.type(field, 'ci');
    expect(submit.disabled).toBe(true);
    const reason = () => document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(plain(reason()?.textContent)).toBe('Capital and small letters must match: type CI exactly as shown.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(field);
    await userEvent.type(field, 'Web');
    expect(plain(reason()?.textContent)).toBe("This is not the key's label: type CI exactly as shown.");
    await userEvent.clear(field);
    await userEvent.type(field, 'C');
    expect(field.getAttribute('aria-describedby')).toBeNull();
    expect(within(dialog).queryByText(/exactly as shown/)).toBeNull();
    await userEvent.type(field, 'I');
    expect(submit.disabled).toBe(false);
    await userEvent.click(submit);
    expect(app.callsOf('adminKeys.deactivate')).toEqual([{ connectionId: LOCAL.id, keyId: 'k1' }]);
  });

  it('says when only the accents differ ("App movel" for "App móvel", as a Brazilian admin typed it)', async () => {
    expect(confirmMismatch('App movel', 'App móvel')).toBe('accents');
    expect(confirmMismatch('app m', 'App móvel')).toBe('case');
    expect(confirmMismatch('App mov', 'App móvel')).toBe('accents');
    expect(confirmMismatch('App mobile', 'App móvel')).toBe('other');
    keysApp(() => [key(1, { label: 'App móvel' }), key(2, { label: 'Web' })]);
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate App móvel' }));
    const dialog = screen.getByRole('dialog');
    const field = within(dialog).getByLabelText(/Type the key's label/) as HTMLInputElement;
    await userEvent.type(field, 'App movel');
    expect(plain(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent)).toBe(
      'Accents must match too: type App móvel exactly as shown.',
    );
    expect((within(dialog).getByRole('button', { name: 'Deactivate' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('names the count to type when several keys are deactivated at once', async () => {
    keysApp(() => [key(1, { label: 'CI' }), key(2, { label: 'Web' })]);
    await screen.findByRole('button', { name: 'CI' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every active key shown' }));
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate…' }));
    const field = within(screen.getByRole('dialog')).getByLabelText(/Type the number of keys/);
    await userEvent.type(field, '3');
    expect(plain(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent)).toBe(
      'This is not the number of keys: type 2.',
    );
  });
});

describe('a new key with a label the account already has', () => {
  it('finds the label regardless of case, width and spaces, and only a whole label', () => {
    const labels = ['CI', 'Mobile app', 'Old'];
    expect(sameLabel('ci', labels)).toBe('CI');
    expect(sameLabel(' Ｍｏｂｉｌｅ  app ', labels)).toBe('Mobile app');
    expect(sameLabel('Mobile', labels)).toBeNull();
    expect(sameLabel('', labels)).toBeNull();
  });

  it('is pointed out under the field before the key is made, and can still be made', async () => {
    const app = keysApp(() => [key(1, { label: 'CI' }), key(2, { label: 'Old', isDeactivated: true })], {
      'adminKeys.create': ({ label }) => ({ ...key(5, { label: label ?? 'DeepL API Key' }), secretHeld: true }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = screen.getByRole('dialog');
    const field = within(dialog).getByLabelText(/^Label/) as HTMLInputElement;
    await userEvent.type(field, 'Build');
    expect(within(dialog).queryByText(/already exists/)).toBeNull();
    await userEvent.clear(field);
    // A deactivated key's label counts too: it is still in Usage and the change log.
    await userEvent.type(field, 'old');
    const said = [...(field.getAttribute('aria-describedby') ?? '').split(' ')].map((id) => plain(document.getElementById(id)?.textContent));
    expect(said).toContain(
      'A key labelled Old already exists. Two keys with one label are hard to tell apart in Usage and in the change log; you can still create it.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(app.callsOf('adminKeys.create')).toEqual([{ connectionId: LOCAL.id, label: 'old' }]);
  });
});
