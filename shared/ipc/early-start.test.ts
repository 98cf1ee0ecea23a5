/**
 * The early `app.start` of the preload and the shim: the entry gets main's answer once without asking again, and no
 * event main sends while the page's code is not yet listening is lost or overtaken by the older answer.
 */
import { describe, expect, it } from 'vitest';
import { EARLY_START_INPUT, earlyStart } from './early-start.js';

function transport() {
  const asked: unknown[] = [];
  const answers: Array<(v: unknown) => void> = [];
  const given: Array<[string, unknown]> = [];
  const tasks: Array<() => void> = [];
  const early = earlyStart(
    (input) => {
      asked.push(input);
      return new Promise((resolve) => answers.push(resolve));
    },
    (name, payload) => given.push([name, payload]),
    (run) => void tasks.push(run),
  );
  /** An event from main: given now unless held. */
  const event = (name: string, payload: unknown) => {
    if (!early.hold(name, payload)) given.push([name, payload]);
  };
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return { early, asked, answers, given, tasks, event, flush };
}

describe('early start', () => {
  it('asks main as soon as it is made; the entry takes that answer once, and asks main after', async () => {
    const t = transport();
    expect(t.asked).toEqual([EARLY_START_INPUT]);
    t.answers[0]!({ ok: true, data: 'early' });
    await t.flush();
    expect(await t.early.start({ translate: false })).toEqual({ ok: true, data: 'early' });
    expect(t.asked).toHaveLength(1);
    const again = t.early.start({ translate: false });
    expect(t.asked).toEqual([EARLY_START_INPUT, { translate: false }]);
    t.answers[1]!({ ok: true, data: 'later' });
    expect(await again).toEqual({ ok: true, data: 'later' });
  });

  it('holds the events that come after the answer until the entry has taken it, then gives them in order', async () => {
    const t = transport();
    t.event('connections.statusChanged', 'starting'); // before the answer: already in it, given (to no one) now
    t.answers[0]!({ ok: true, data: 'answer' });
    await t.flush();
    t.event('connections.statusChanged', 'ready');
    t.event('usage.changed', 1);
    expect(t.given).toEqual([['connections.statusChanged', 'starting']]);
    const taken = t.early.start({ translate: true });
    t.event('usage.changed', 2); // after the entry took it, before the held ones were given: not ahead of them
    expect(t.given).toHaveLength(1);
    expect(await taken).toEqual({ ok: true, data: 'answer' });
    for (const run of t.tasks.splice(0)) run();
    expect(t.given).toEqual([
      ['connections.statusChanged', 'starting'],
      ['connections.statusChanged', 'ready'],
      ['usage.changed', 1],
      ['usage.changed', 2],
    ]);
    t.event('usage.changed', 3);
    expect(t.given.at(-1)).toEqual(['usage.changed', 3]);
  });

  it('holds nothing when the entry takes the answer before it has come', async () => {
    const t = transport();
    const taken = t.early.start({ translate: true });
    t.event('settings.changed', 'a'); // the entry listens already: given at once
    t.answers[0]!({ ok: true, data: 'answer' });
    expect(await taken).toEqual({ ok: true, data: 'answer' });
    t.event('settings.changed', 'b');
    expect(t.given).toEqual([
      ['settings.changed', 'a'],
      ['settings.changed', 'b'],
    ]);
    expect(t.tasks).toHaveLength(0);
  });
});

describe('early start the transport asked for another way (the web harness: over HTTP)', () => {
  it('takes that answer once, holds the events after it until taken, and asks main for any later start', async () => {
    const asked: unknown[] = [];
    const given: Array<[string, unknown]> = [];
    const tasks: Array<() => void> = [];
    let answer!: (v: unknown) => void;
    const early = earlyStart(
      (input) => {
        asked.push(input);
        return Promise.resolve({ ok: true, data: 'asked' });
      },
      (name, payload) => given.push([name, payload]),
      (run) => void tasks.push(run),
      new Promise((resolve) => (answer = resolve)),
    );
    expect(asked).toEqual([]);
    answer({ ok: true, data: 'over http' });
    await new Promise((r) => setTimeout(r, 0));
    expect(early.hold('settings.changed', 'newer')).toBe(true);
    expect(await early.start({ translate: true })).toEqual({ ok: true, data: 'over http' });
    for (const run of tasks.splice(0)) run();
    expect(given).toEqual([['settings.changed', 'newer']]);
    expect(await early.start({ translate: false })).toEqual({ ok: true, data: 'asked' });
    expect(asked).toEqual([{ translate: false }]);
  });
});
