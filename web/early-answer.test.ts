/**
 * The harness's head start on `app.start` (early-answer.ts): the page's first call takes main's answer begun when the
 * page was served, only when that answer can stand for one asked now.
 */
import { describe, expect, it } from 'vitest';
import { earlyAnswer } from './early-answer.js';

function harness() {
  let clock = 0;
  const asked: unknown[] = [];
  const early = earlyAnswer({
    input: { translate: true },
    ask: (input) => {
      asked.push(input);
      return Promise.resolve({ answer: asked.length });
    },
    maxAgeMs: 1_000,
    now: () => clock,
  });
  return { early, asked, wait: (ms: number) => (clock += ms) };
}

describe('early answer', () => {
  it('gives the page’s first app.start the answer begun when the page was served, once', async () => {
    const t = harness();
    t.early.begin();
    expect(t.asked).toEqual([{ translate: true }]);
    t.wait(120);
    await expect(t.early.take({ translate: true })).resolves.toEqual({ answer: 1 });
    // A second call (another page, a reload without a new page load) goes to main.
    expect(t.early.take({ translate: true })).toBeNull();
  });

  it('does not give it when anything happened since (an event the page could not receive, a call) or when it is old', () => {
    const t = harness();
    t.early.begin();
    t.early.happened();
    expect(t.early.take({ translate: true })).toBeNull();
    t.early.begin();
    t.wait(1_001);
    expect(t.early.take({ translate: true })).toBeNull();
  });

  it('does not give it for another question, nor when no page was served', () => {
    const t = harness();
    expect(t.early.take({ translate: true })).toBeNull();
    t.early.begin();
    expect(t.early.take({ translate: false })).toBeNull();
    // Asked for and not taken: nothing is left to give.
    expect(t.early.take({ translate: true })).toBeNull();
  });

  it('keeps a failed early ask to itself when nobody takes it', async () => {
    const early = earlyAnswer({ input: {}, ask: () => Promise.reject(new Error('main stopped')) });
    early.begin();
    // No unhandled rejection: vitest fails the run on one.
    await new Promise((r) => setTimeout(r, 0));
    expect(early.take({ other: 1 })).toBeNull();
  });
});
