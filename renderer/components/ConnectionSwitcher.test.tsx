// @vitest-environment happy-dom
/**
 * Component tests of the sidebar's connection picker by keyboard (seen on a Brazilian admin's tour): while main
 * switched, the picker was disabled, which dropped the focus to the page at every arrow key, and it showed the old
 * connection until main answered, so the next arrow key chose the same one again. It now stays enabled and focused,
 * shows the choice at once, and the switches reach main one after another in the order asked, the last one staying.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionView } from '../../shared/ipc/contract.js';
import { LOCAL_CONNECTION, renderApp, resetRenderer } from '../test-utils/scenario.js';

const A: ConnectionView = { ...LOCAL_CONNECTION, id: 'c-a', name: 'Alpha', kind: 'hosted', tier: 'pro', baseUrl: null };
const B: ConnectionView = { ...A, id: 'c-b', name: 'Bravo' };

beforeEach(() => resetRenderer());
afterEach(cleanup);

describe('the sidebar connection picker', () => {
  it('stays usable and shows the choice at once while main switches; the last switch asked for stays', async () => {
    let activeId = LOCAL_CONNECTION.id;
    const answers: Array<() => void> = [];
    const list = () => ({ connections: [LOCAL_CONNECTION, A, B], activeId });
    const app = renderApp({
      'connections.list': list,
      'connections.status': () => ({ activeId, state: 'ready' }),
      // Main answers only when the test says so.
      'connections.setActive': ({ id }) =>
        new Promise<ReturnType<typeof list>>((resolve) =>
          answers.push(() => {
            activeId = id;
            resolve(list());
          }),
        ),
    });
    const picker = (await screen.findByRole('combobox', { name: 'Connection' })) as HTMLSelectElement;
    picker.focus();
    fireEvent.change(picker, { target: { value: A.id } });
    // Still enabled (a disabled control loses the focus) and showing Alpha before main has answered.
    expect(picker.disabled).toBe(false);
    expect(picker.value).toBe(A.id);
    expect(document.activeElement).toBe(picker);
    // The next arrow key goes on from Alpha: Bravo, asked for while the first switch is still on its way.
    fireEvent.change(picker, { target: { value: B.id } });
    expect(picker.value).toBe(B.id);
    // One after another: the second is not sent before the first is answered.
    await waitFor(() => expect(app.callsOf('connections.setActive')).toEqual([{ id: A.id }]));
    act(() => answers.shift()!());
    await waitFor(() => expect(app.callsOf('connections.setActive')).toEqual([{ id: A.id }, { id: B.id }]));
    expect(picker.value).toBe(B.id);
    act(() => answers.shift()!());
    await waitFor(() => expect(picker.getAttribute('aria-busy')).toBeNull());
    expect(picker.value).toBe(B.id);
  });
});
