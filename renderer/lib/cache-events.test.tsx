// @vitest-environment happy-dom
/**
 * The renderer's cache follows what main announces (renderer, vitest + jsdom): an answer that was already on its way
 * when main announced a newer state (the answer and the event travel apart, as in the web harness) does not land
 * over that state. Seen as a UI language chosen at start that did not apply: the first settings answer, older, won.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { setApi } from './api.js';
import { createQueryClient, useCacheEvents, useSettings } from './queries.js';
import { createFakeApi } from '../test-utils/fake-api.js';
import { settings } from '../test-utils/scenario.js';
import type { Settings } from '../../shared/ipc/contract.js';

describe('useCacheEvents', () => {
  it('keeps the announced settings when an older answer arrives after them', async () => {
    let answer!: (s: Settings) => void;
    const fake = createFakeApi({ 'settings.get': () => new Promise<Settings>((r) => (answer = r)) });
    setApi(fake.api);
    const qc = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
    const { result } = renderHook(
      () => {
        useCacheEvents();
        return useSettings();
      },
      { wrapper },
    );
    await waitFor(() => expect(fake.callsOf('settings.get')).toHaveLength(1));
    fake.emit('settings.changed', settings({ uiLanguage: 'de' }));
    await waitFor(() => expect(result.current.data?.uiLanguage).toBe('de'));
    // The answer to the request sent before the change, older than it, arrives now.
    answer(settings({ uiLanguage: 'system' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(result.current.data?.uiLanguage).toBe('de');
  });
});
