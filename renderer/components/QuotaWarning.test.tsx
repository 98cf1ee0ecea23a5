// @vitest-environment happy-dom
/**
 * Component tests (renderer, happy-dom) of issue 21, point 6: the 456 a translator sees says whose limit it is,
 * how much is left and how long the text is, that a shorter text may still go, and that the account's admin can
 * raise it — with the admin's button only where this connection has the admin key; the service's own words behind
 * "Details" are labelled as the service's. Translate and Documents warn at 80 % of the key's (or account's) limit
 * with the service's latest figures (a new read from main replaces them).
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UsageReport } from '../../shared/ipc/contract-usage.js';
import { useUiStore } from '../state/ui-store.js';
import { App } from '../App.js';
import { setApi } from '../lib/api.js';
import { createQueryClient } from '../lib/queries.js';
import { deferUntilStartIdle, StartIdle } from '../lib/start-idle.js';
import { createFakeApi, ipcFail } from '../test-utils/fake-api.js';
import { baseHandlers, LOCAL_CONNECTION, renderApp, resetRenderer } from '../test-utils/scenario.js';

beforeEach(() => resetRenderer());
afterEach(() => cleanup());

const period = { start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z', assumed: false };
const keyUsage = (used: number, limit = 5000): UsageReport => ({
  connectionId: LOCAL_CONNECTION.id,
  usage: { characterCount: used, characterLimit: 1e12, unlimited: true, apiKeyCharacterCount: used, apiKeyCharacterLimit: limit, apiKeyUnlimited: false },
  period,
  fetchedAt: '2026-11-28T09:30:00.000Z',
});
const WITH_ADMIN = { ...LOCAL_CONNECTION, adminKey: { configured: true, persisted: true } };
const refusedText = () =>
  ipcFail('quota_exceeded', 'The character quota for this billing period is used up (456): 4,329 of 5,000 characters used. The service said: "Quota exceeded: this key\'s character limit is 5,000 per month".', {
    status: 456,
    usage: { characterCount: 4329, characterLimit: 5000, scope: 'key', requestCharacters: 1049 },
    serviceMessage: "Quota exceeded: this key's character limit is 5,000 per month",
  });

describe('the 456 on Translate', () => {
  it("says it is this key's limit, what is left, how long the text is, that a shorter one may go, and who can raise it", async () => {
    const user = userEvent.setup();
    renderApp({ 'translate.run': refusedText });
    await user.type(await screen.findByLabelText('Text to translate', {}, { timeout: 20_000 }), 'Hi');
    const alert = await screen.findByRole('alert', {}, { timeout: 20_000 });
    expect(alert.textContent).toContain(
      "This key's character limit stops this text: 4,329 of 5,000 characters are used this period and 671 are left, but the text has 1,049. A shorter text may still go through. Only the account's admin can raise this key's limit.",
    );
    expect(alert.textContent).not.toMatch(/raise the limit in your account/);
    // A translator without the admin key gets no button that would fail.
    expect(within(alert).queryByRole('button', { name: "Raise this key's limit on Keys" })).toBeNull();
    // Behind Details: the service's own words, labelled as such, apart from Verso's note.
    expect(within(alert).getByText("The service's own words:", { exact: false }).textContent).toContain("Quota exceeded: this key's character limit is 5,000 per month");
    expect(within(alert).getByText("Verso's technical note (English):", { exact: false }).textContent).not.toContain('The service said');
  });

  it("offers the admin's button where this connection has the admin key, and it opens Keys", async () => {
    const user = userEvent.setup();
    renderApp({
      'connections.list': () => ({ connections: [WITH_ADMIN], activeId: WITH_ADMIN.id }),
      'translate.run': refusedText,
    });
    await user.type(await screen.findByLabelText('Text to translate', {}, { timeout: 20_000 }), 'Hi');
    const alert = await screen.findByRole('alert', {}, { timeout: 20_000 });
    await user.click(await within(alert).findByRole('button', { name: "Raise this key's limit on Keys" }));
    expect(useUiStore.getState().screen).toBe('keys');
  });

  it("says it is the account's limit when the account's cap refused the text", async () => {
    const user = userEvent.setup();
    renderApp({
      'translate.run': () =>
        ipcFail('quota_exceeded', 'used up (456)', { status: 456, usage: { characterCount: 5000, characterLimit: 5000, scope: 'account', requestCharacters: 10 } }),
    });
    await user.type(await screen.findByLabelText('Text to translate', {}, { timeout: 20_000 }), 'Hi');
    expect((await screen.findByRole('alert', {}, { timeout: 20_000 })).textContent).toContain(
      "The account's character limit is reached: 5,000 of 5,000 characters are used this period. Wait for the next period, or ask the account's admin to raise the account's limit.",
    );
  });
});

describe('the 80 % warning on Translate and Documents', () => {
  it("warns on Translate at 80 % of the key's limit and follows the service's latest read", async () => {
    const app = renderApp({ 'usage.get': () => keyUsage(4100) });
    const warning = await screen.findByText(/^This key has used 82% of its character limit this period: 4,100 of 5,000 characters, 900 left/);
    expect(warning.closest('[role="status"]')).toBeTruthy();
    act(() => app.emit('usage.changed', { ...keyUsage(4600), fetchedAt: '2026-11-28T09:35:00.000Z' }));
    expect(await screen.findByText(/4,600 of 5,000 characters, 400 left/)).toBeTruthy();
    expect(screen.queryByText(/4,100 of 5,000/)).toBeNull();
  });

  it('is read at start only in the first idle moment after the first screen is up, and then warns', async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
    try {
      const fake = createFakeApi({ ...baseHandlers(), 'usage.get': () => keyUsage(4100) });
      setApi(fake.api);
      deferUntilStartIdle();
      render(
        <>
          <App client={createQueryClient()} />
          <StartIdle then={() => undefined} />
        </>,
      );
      await screen.findByLabelText('Text to translate', {}, { timeout: 20_000 });
      await new Promise((r) => setTimeout(r, 20));
      // The screen is up and usable; the read (a request to the service and a snapshot written to disk) waits.
      expect(fake.callsOf('usage.get')).toHaveLength(0);
      expect(idle.length).toBeGreaterThan(0);
      act(() => {
        for (const cb of idle.splice(0)) cb();
      });
      expect(await screen.findByText(/^This key has used 82% of its character limit this period/)).toBeTruthy();
      expect(fake.callsOf('usage.get')).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('stays silent below 80 %', async () => {
    const app = renderApp({ 'usage.get': () => keyUsage(3900) });
    await screen.findByLabelText('Text to translate', {}, { timeout: 20_000 });
    await waitFor(() => expect(app.callsOf('usage.get').length).toBeGreaterThan(0));
    expect(screen.queryByText(/of its character limit/)).toBeNull();
  });

  it("warns on Documents too, with the admin's button where this connection has the admin key", async () => {
    useUiStore.setState({ screen: 'documents' });
    renderApp({
      'connections.list': () => ({ connections: [WITH_ADMIN], activeId: WITH_ADMIN.id }),
      'usage.get': () => keyUsage(5000),
      'documents.list': () => ({ jobs: [], summary: { active: 0, done: 0, failed: 0, total: 0 } }),
    } as never);
    expect(await screen.findByText(/^This key's character limit is reached for this period: 5,000 of 5,000 characters/)).toBeTruthy();
    expect(screen.getByRole('button', { name: "Raise this key's limit on Keys" })).toBeTruthy();
  });
});
