// @vitest-environment happy-dom
/**
 * Component test of Settings' whole-number fields (NumberSetting, here in Settings → Documents): digits an Arabic or
 * Persian keyboard types are read as numbers (a number field emptied itself on ٨٠٠, seen on an Arabic tour), group
 * separators of the UI language too; a fraction is refused in words and not saved; the arrow keys step by one within
 * range, as in a number field.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentPrefs } from '../../../shared/ipc/contract-documents.js';
import { useUiStore } from '../../state/ui-store.js';
import { renderApp, resetRenderer } from '../../test-utils/scenario.js';

beforeEach(() => {
  resetRenderer();
  useUiStore.setState({ screen: 'settings' });
});
afterEach(() => cleanup());

function renderSettings() {
  let current: DocumentPrefs = { defaultOutputDir: '/home/u/Verso translations', concurrency: 2, maxFileMb: 100, keysPersist: true };
  return renderApp({
    'app.info': () => ({ name: 'Verso', version: '1.0.0', platform: 'linux', shell: 'electron', runtimeVersion: '1' }),
    'documents.prefs': () => current,
    'documents.setPrefs': (patch) => (current = { ...current, ...patch }),
  });
}

async function field(label: string): Promise<HTMLInputElement> {
  const s = within((await screen.findByRole('heading', { name: 'Documents' })).closest('section')!);
  return (await s.findByLabelText(label)) as HTMLInputElement;
}

describe('Settings: whole-number fields', () => {
  it('saves a number typed in Eastern Arabic or Persian digits, or with group separators', async () => {
    const user = userEvent.setup();
    const app = renderSettings();
    const max = await field('Largest file accepted (MB)');
    await user.clear(max);
    await user.type(max, '٥٠٠');
    expect(max.value).toBe('٥٠٠');
    await user.tab();
    await waitFor(() => expect(app.callsOf('documents.setPrefs')).toEqual([{ maxFileMb: 500 }]));
    await user.clear(max);
    await user.type(max, '۱۲۰{Enter}');
    await user.clear(max);
    await user.type(max, '2,048{Enter}');
    await waitFor(() =>
      expect(app.callsOf('documents.setPrefs')).toEqual([{ maxFileMb: 500 }, { maxFileMb: 120 }, { maxFileMb: 2048 }]),
    );
  });

  it('refuses a fraction in words and saves nothing', async () => {
    const user = userEvent.setup();
    const app = renderSettings();
    const max = await field('Largest file accepted (MB)');
    await user.clear(max);
    await user.type(max, '1.5{Enter}');
    expect(screen.getByText('Use a whole number from 1 to 2,048.')).toBeTruthy();
    expect(max.getAttribute('aria-invalid')).toBe('true');
    expect(app.callsOf('documents.setPrefs')).toEqual([]);
  });

  it('steps by one with the arrow keys, within range', async () => {
    const user = userEvent.setup();
    const app = renderSettings();
    const conc = await field('Documents uploaded at once');
    await user.click(conc);
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowDown}');
    expect(conc.value).toBe('3');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(app.callsOf('documents.setPrefs')).toEqual([{ concurrency: 3 }]));
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(conc.value).toBe('1');
  });

  it('reads full-width digits, and does not save on the Enter that confirms an input method', async () => {
    // Seen on a Japanese tour: "８００" was refused, and an IME's Enter saved the field mid-composition.
    const user = userEvent.setup();
    const app = renderSettings();
    const max = await field('Largest file accepted (MB)');
    await user.clear(max);
    await user.type(max, '３００');
    fireEvent.keyDown(max, { key: 'Enter', keyCode: 229, isComposing: true });
    expect(app.callsOf('documents.setPrefs')).toEqual([]);
    fireEvent.keyDown(max, { key: 'Enter' });
    await waitFor(() => expect(app.callsOf('documents.setPrefs')).toEqual([{ maxFileMb: 300 }]));
  });
});
