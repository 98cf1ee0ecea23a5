// @vitest-environment happy-dom
/**
 * The entry's first render does without `Intl` (lib/start-idle.ts): the character count, whose plural needs it, shows
 * in the first idle moment after the first commit, when the `Intl` objects are built; elsewhere it shows at once.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App.js';
import { createFakeApi } from '../test-utils/fake-api.js';
import { baseHandlers, resetRenderer } from '../test-utils/scenario.js';
import { setApi } from './api.js';
import { createQueryClient } from './queries.js';
import { afterStartIdle, deferUntilStartIdle, StartIdle } from './start-idle.js';

beforeEach(() => {
  resetRenderer();
  setApi(createFakeApi(baseHandlers()).api);
});
afterEach(() => cleanup());

/** The page's frame and idle callbacks, kept to be run by the test. */
function stubFrames(): { idle: Array<() => void>; frames: Array<() => void> } {
  const idle: Array<() => void> = [];
  const frames: Array<() => void> = [];
  vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
  vi.stubGlobal('requestAnimationFrame', (cb: () => void) => frames.push(cb));
  return { idle, frames };
}

describe('start idle', () => {
  it('shows the character count only once the first idle moment after the first painted commit has built the Intl objects', async () => {
    const { idle, frames } = stubFrames();
    try {
      const built = vi.fn();
      deferUntilStartIdle();
      render(
        <>
          <App client={createQueryClient()} />
          <StartIdle then={built} />
        </>,
      );
      expect(await screen.findByLabelText('Text to translate')).toBeTruthy();
      expect(screen.queryByText('0 characters')).toBeNull();
      expect(built).not.toHaveBeenCalled();
      // Nothing takes an idle moment before the screen's first frame has been made: the count waits for the frame,
      // and the other screens' prefetch waits for the count's idle moment (it took the first one before).
      expect(idle).toHaveLength(0);
      expect(frames.length).toBeGreaterThan(0);
      for (const cb of frames.splice(0)) cb();
      expect(idle).toHaveLength(1);
      idle.shift()!();
      expect(built).toHaveBeenCalledTimes(1);
      expect(await screen.findByText('0 characters')).toBeTruthy();
      // Then the other screens are fetched, in an idle moment of their own.
      expect(idle).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('runs later work once the start idle moment has passed, at once where it has or was not deferred', () => {
    const { idle, frames } = stubFrames();
    try {
      const later = vi.fn();
      const dropped = vi.fn();
      deferUntilStartIdle();
      render(<StartIdle then={() => undefined} />);
      afterStartIdle(later);
      afterStartIdle(dropped)(); // cancelled (the component that asked has gone)
      for (const cb of frames.splice(0)) cb();
      expect(later).not.toHaveBeenCalled();
      for (const cb of idle.splice(0)) cb();
      expect(later).toHaveBeenCalledTimes(1);
      expect(dropped).not.toHaveBeenCalled();
      const now = vi.fn();
      afterStartIdle(now);
      expect(now).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows it at once where the entry did not defer (a screen mounted later, the tests)', async () => {
    render(<App client={createQueryClient()} />);
    expect(await screen.findByText('0 characters')).toBeTruthy();
  });
});
