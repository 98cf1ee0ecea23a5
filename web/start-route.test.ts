/**
 * What the harness keeps for a page whose first `app.start` came over HTTP (web/start-route.ts): main's events
 * after that answer, in order, given once to the page's socket; never without bound for a page that does not come.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSessions } from './start-route.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('start sessions', () => {
  it('keeps the events sent after a start was answered, for that start only, and gives them once', () => {
    const s = startSessions();
    s.event('before');
    s.open('a');
    s.event('one');
    s.open('b');
    s.event('two');
    expect(s.take('a')).toEqual(['one', 'two']);
    expect(s.take('b')).toEqual(['two']);
    expect(s.take('a')).toBeUndefined();
    expect(s.take('never')).toBeUndefined();
  });

  it('drops a start whose socket does not come: the oldest when too many, one with too many events, one too old', () => {
    vi.useFakeTimers();
    const s = startSessions({ sessions: 2, events: 2, ms: 1000 });
    s.open('first');
    s.open('second');
    s.open('third');
    expect(s.take('first')).toBeUndefined();
    s.event('1');
    s.event('2');
    s.open('fourth');
    s.event('3');
    expect(s.take('third')).toBeUndefined(); // a third event would have been kept past its bound
    expect(s.take('fourth')).toEqual(['3']);
    s.open('late');
    vi.advanceTimersByTime(1001);
    expect(s.take('late')).toBeUndefined();
  });
});
