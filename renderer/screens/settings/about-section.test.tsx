// @vitest-environment happy-dom
/**
 * Component test (Settings → About): the operating system is named as its maker writes it (a Spanish tour read
 * "entorno de pruebas web en linux").
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp, resetRenderer } from '../../test-utils/scenario.js';
import { useUiStore } from '../../state/ui-store.js';
import { platformName } from './about-section.js';

beforeEach(() => {
  resetRenderer();
  useUiStore.setState({ screen: 'settings' });
});
afterEach(cleanup);

describe('About', () => {
  it('names the operating system as its maker writes it', async () => {
    renderApp({
      'app.info': () => ({ name: 'Verso', version: '1.2.3', platform: 'linux', shell: 'web', runtimeVersion: '20.20.2', pseudoLocales: false }),
    });
    expect(await screen.findByText('Verso 1.2.3 · web harness on Linux · runtime 20.20.2')).toBeTruthy();
    expect(platformName('darwin')).toBe('macOS');
    expect(platformName('win32')).toBe('Windows');
    expect(platformName('aix')).toBe('aix');
  });
});
